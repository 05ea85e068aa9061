"""Positions (CONTRACT "Position"): the JSON form of a hand, read strictly and written exactly."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from tabletop import engine
from tabletop.saves import json_object

from .cards import ACE, CODE_OF, JACK, JOKER, KIND_OF, RANK_OF, SUIT_INDEX, SUITS, VALUE_OF, deck_kinds
from .errors import PositionError
from .rules import Ruleset, ruleset
from .state import State

CORE_FIELDS = (
    "rules",
    "dealer",
    "turn",
    "direction",
    "hands",
    "draw",
    "discard",
    "suit",
    "wild",
    "pending",
    "drawn",
    "dernier_due",
)
MATCH_FIELDS = ("scores", "hands_won", "hand_no", "last_draw", "draw_order", "move_no", "seed")
REQUIRED = ("rules", "dealer", "turn", "hands", "draw", "discard")
KNOWN = frozenset(CORE_FIELDS + MATCH_FIELDS)


FIELDS = engine.Fields(PositionError)
_is_int = engine.is_whole


def _cards(value: object, where: str) -> list[int]:
    if not isinstance(value, list):
        raise PositionError(f"{where} must be a list of card codes, not {type(value).__name__}")
    out = []
    for i, code in enumerate(value):
        kind = KIND_OF.get(code) if isinstance(code, str) else None
        if kind is None:
            raise PositionError(f"{where}[{i}]: {code!r} is not a card code")
        out.append(kind)
    return out


def check_deck(rules: Ruleset, cards: list[int], where: str) -> None:
    """Every card of the rule set's deck(s) exactly once (two decks: each twice)."""
    have = Counter(cards)
    want = Counter(deck_kinds(rules.decks, rules.jollies_per_deck))
    if have == want:
        return
    missing = sorted((want - have).elements())
    extra = sorted((have - want).elements())
    parts = []
    if missing:
        parts.append("missing " + " ".join(CODE_OF[k] for k in missing))
    if extra:
        parts.append("too many " + " ".join(CODE_OF[k] for k in extra))
    raise PositionError(
        f"{where} must hold every card of the {rules.deck_size}-card deck exactly once: " + "; ".join(parts)
    )


_seat = FIELDS.seat
_int_list = FIELDS.whole_list


def _check_chain(rules: Ruleset, discard: list[int], wild: int, pending: int, unit: int) -> None:
    """A pending total must be one the rule set's Aces or Jollies can build, and one the top of
    the discard pile explains: each card of the chain lies there (CONTRACT "Position")."""
    top = discard[-1]
    if top == JOKER and wild < 0:  # an official Jolly chain: only Jollies answer it
        kind, most = "Jollies", rules.decks * rules.jollies_per_deck
        run = _run(discard, lambda k: k == JOKER)
    elif top == JOKER:  # a wild Jolly standing for an Ace starts a chain; it never answers one
        kind, most, run = "Aces", 1, 1
    else:
        wilds = rules.jolly == "wild" and rules.jollies_per_deck > 0
        kind, most = "Aces", 4 * rules.decks + (1 if wilds else 0)
        run = _run(discard, lambda k: k != JOKER and RANK_OF[k] == ACE)
        if wilds and run < len(discard) and discard[-1 - run] == JOKER:
            run += 1  # a wild Jolly below the Aces may have started the chain as an Ace
    if pending > most * unit:
        raise PositionError(
            f"pending {pending} is more than the rule set's {kind} can build "
            f"({most} × {unit} = {most * unit})"
        )
    cards = pending // unit
    reshuffled = rules.empty_draw == "reshuffle" and run >= len(discard)  # the rest may be in the draw pile
    if cards > run and not reshuffled:
        raise PositionError(
            f"pending {pending} needs {cards} chain cards ({kind}) on top of the discard pile, "
            f"but its top shows {run}"
        )


def _run(discard: list[int], chain: Callable[[int], bool]) -> int:
    """How many cards on top of the discard pile are chain cards."""
    run = 0
    while run < len(discard) and chain(discard[-1 - run]):
        run += 1
    return run


def _most_moves(rules: Ruleset, n: int) -> int:
    """The most moves a hand can last when the draw pile is never refilled (RULES §8
    official): each play lays a card (at most deck - 1), each draw, wrong play or timeout takes
    at least one card off the pile (at most what the deal left there) and may be followed by a
    pass; a play owes at most two Dernier calls; plus the first suit choice and a call owed at
    the deal."""
    plays = rules.deck_size - 1
    draws = max(0, rules.deck_size - n * rules.hand_size - 1)
    return 3 * plays + 2 * draws + 2


def _check_draw_order(order: list[int], last_draw: list[int]) -> None:
    """``draw_order`` ranks the seats' latest draws 0, 1, … (-1: never drew); the seats that drew
    this hand (``last_draw`` >= 0) are the latest, in the order of their move numbers."""
    ranks = sorted(v for v in order if v >= 0)
    if any(v < -1 for v in order) or ranks != list(range(len(ranks))):
        raise PositionError(
            "draw_order must rank the seats that drew as 0, 1, 2 … and hold -1 for the others"
        )
    now = [s for s, d in enumerate(last_draw) if d >= 0]
    if any(order[s] < len(ranks) - len(now) for s in now):
        raise PositionError("draw_order: the seats that drew this hand (last_draw) must be the latest")
    for a in now:
        for b in now:
            if last_draw[a] < last_draw[b] and order[a] > order[b]:
                raise PositionError(
                    f"draw_order: seat {a} drew at move {last_draw[a]}, before seat {b} "
                    f"(move {last_draw[b]}), so it must come first"
                )


def _check_match_fields(rules: Ruleset, extra: dict[str, Any], scored: int) -> None:
    """``hands_won`` and ``scores`` against the hands a match has scored by ``hand_no`` (the
    current hand counts once it is over): one winner per scored hand, and no more points per
    hand than every card of the deck plus the bonus for going out (RULES §9, §10)."""
    won = extra.get("hands_won")
    if won is not None and sum(won) != scored:
        raise PositionError(
            f"hands_won must add up to the {scored} hand(s) scored by hand_no, not {sum(won)}"
        )
    scores = extra.get("scores")
    if scores is not None:
        most = scored * (
            sum(VALUE_OF[k] for k in deck_kinds(rules.decks, rules.jollies_per_deck)) + rules.out_bonus
        )
        if any(v > most for v in scores):
            raise PositionError(f"scores: at most {most} points after {scored} scored hand(s) by hand_no")


def parse_position(pos: object) -> tuple[State, dict[str, Any]]:
    """A State and the extra match fields from a position; PositionError naming any problem."""
    pos = json_object(pos, PositionError, "position", the="")
    unknown = sorted(str(k) for k in pos if k not in KNOWN)
    if unknown:
        raise PositionError(f"unknown position field(s): {', '.join(unknown)}")
    for key in REQUIRED:
        if key not in pos:
            raise PositionError(f"position is missing the field {key!r}")
    try:
        rules = ruleset(pos["rules"])
    except PositionError as e:
        raise PositionError(f"rules: {e}") from None
    except (TypeError, ValueError) as e:
        raise PositionError(f"rules: {e}") from None

    hands_v = pos["hands"]
    if not isinstance(hands_v, list):
        raise PositionError("hands must be a list with one list of cards per seat")
    n = len(hands_v)
    if not rules.min_players <= n <= rules.max_players:
        raise PositionError(
            f"hands: {n} seats, but {rules.preset} rules play with "
            f"{rules.min_players} to {rules.max_players} players"
        )
    hands = [_cards(h, f"hands[{i}]") for i, h in enumerate(hands_v)]
    draw = _cards(pos["draw"], "draw")
    discard = _cards(pos["discard"], "discard")
    if not discard:
        raise PositionError("discard must hold at least the top card")
    check_deck(rules, [k for h in hands for k in h] + draw + discard, "hands + draw + discard")

    dealer = _seat(pos["dealer"], n, "dealer")
    direction = pos.get("direction", 1)
    if not _is_int(direction) or direction not in (1, -1):
        raise PositionError(f"direction must be 1 or -1, not {direction!r}")
    turn_v = pos["turn"]
    turn = -1 if turn_v is None else _seat(turn_v, n, "turn")
    over = turn < 0

    top = discard[-1]
    wild_v = pos.get("wild")
    wild = -1
    if wild_v is not None:
        if rules.jolly != "wild":
            raise PositionError("wild is only for the traditional wild Jolly (jolly = 'wild')")
        if top != JOKER:
            raise PositionError("wild names the card a Jolly on top stands for, but JK is not on top")
        wild = KIND_OF.get(wild_v, -1) if isinstance(wild_v, str) else -1
        if wild < 0 or wild == JOKER:
            raise PositionError(f"wild must be a card code other than JK, not {wild_v!r}")
    eff = wild if wild >= 0 else top
    suit_v = pos.get("suit")
    suit = -1
    chooses = RANK_OF[eff] == JACK or eff == JOKER
    if suit_v is not None:
        if not isinstance(suit_v, str) or suit_v not in SUIT_INDEX:
            raise PositionError(f"suit must be one of H, D, C, S or null, not {suit_v!r}")
        if not chooses:
            raise PositionError(f"suit is only set when a J or Jolly is on top, not {CODE_OF[eff]}")
        suit = SUIT_INDEX[suit_v]
    choosing = False
    if chooses and suit < 0 and not over:
        if len(discard) != 1 or turn != dealer:
            raise PositionError(
                f"{CODE_OF[eff]} on top needs its chosen suit (only a first card turned up "
                "waits for the dealer's choice)"
            )
        choosing = True

    pending = pos.get("pending", 0)
    if not _is_int(pending) or pending < 0:
        raise PositionError(f"pending must be a whole number >= 0, not {pending!r}")
    if pending:
        if over or choosing:
            raise PositionError("pending must be 0 when the hand is over or a suit is being chosen")
        if top == JOKER and wild < 0 and rules.jolly == "suit":
            unit = rules.jolly_penalty
        elif RANK_OF[eff] == ACE:
            unit = rules.ace_penalty
        else:
            raise PositionError(f"pending needs an Ace or a Jolly on top, not {CODE_OF[top]}")
        if pending % unit:
            raise PositionError(f"pending must be a multiple of {unit} for this chain")
        _check_chain(rules, discard, wild, pending, unit)

    drawn_v = pos.get("drawn")
    drawn = -1
    if drawn_v is not None:
        drawn = KIND_OF.get(drawn_v, -1) if isinstance(drawn_v, str) else -1
        if drawn < 0:
            raise PositionError(f"drawn must be a card code or null, not {drawn_v!r}")
        if over or pending or choosing or not rules.play_after_draw:
            raise PositionError("drawn is only set during a turn in which the card may be played")
        if drawn not in hands[turn]:
            raise PositionError(f"drawn card {drawn_v} is not in the hand of seat {turn}")

    due_v = pos.get("dernier_due", [])
    if not isinstance(due_v, list):
        raise PositionError("dernier_due must be a list of seats")
    due = [_seat(s, n, "dernier_due[]") for s in due_v]
    if len(set(due)) != len(due):
        raise PositionError("dernier_due lists a seat twice")
    for s in due:
        if len(hands[s]) != 1:
            raise PositionError(f"dernier_due: seat {s} holds {len(hands[s])} cards, not one")
    if over and due:
        raise PositionError("dernier_due must be empty once the hand is over")

    empty = [i for i, h in enumerate(hands) if not h]
    if len(empty) > 1:
        raise PositionError(f"seats {empty} all have no cards: only one player can go out")
    if over:
        if not empty and (rules.empty_draw != "end" or draw):
            raise PositionError("turn is null (hand over) but nobody went out and the pile is not empty")
    else:
        if empty:
            raise PositionError(f"seat {empty[0]} has no cards, so the hand is over: turn must be null")
        if not draw and rules.empty_draw == "end":
            raise PositionError("the draw pile is empty, so the official hand is over: turn must be null")

    move_no = pos.get("move_no", 0)
    if not _is_int(move_no) or move_no < 0:
        raise PositionError(f"move_no must be a whole number >= 0, not {move_no!r}")
    if rules.empty_draw == "end" and move_no > _most_moves(rules, n):
        raise PositionError(
            f"move_no {move_no} is more moves than a hand of {n} players can last under these "
            f"rules (at most {_most_moves(rules, n)})"
        )
    last_draw = _int_list(pos.get("last_draw", [-1] * n), n, "last_draw")
    if any(not -1 <= v <= move_no for v in last_draw):
        raise PositionError("last_draw values must be -1 or a move number up to move_no")
    for s, v in enumerate(last_draw):
        if v == 0 and s != (dealer - 1) % n:
            raise PositionError(
                f"last_draw: seat {s} drew at move 0 (the deal), but only a 7 turned up makes "
                f"a seat draw then, the dealer's previous seat {(dealer - 1) % n} (RULES §3)"
            )
    if drawn >= 0 and last_draw[turn] < 1:
        raise PositionError(
            f"drawn: seat {turn} holds a card drawn this turn, so last_draw[{turn}] must be "
            "the move number of that draw (1 or more)"
        )
    if "draw_order" in pos:
        draw_order = _int_list(pos["draw_order"], n, "draw_order")
        _check_draw_order(draw_order, last_draw)
    else:  # a position written before draw_order: ties of last_draw go by seat order
        drew = [s for s in range(n) if last_draw[s] >= 0]
        drew.sort(key=lambda s: (last_draw[s], (s - dealer - 1) % n))
        draw_order = [-1] * n
        for i, s in enumerate(drew):
            draw_order[s] = i
    seed = pos.get("seed", 0)
    if seed is None:
        seed = 0
    if not _is_int(seed):
        raise PositionError(f"seed must be a whole number, not {seed!r}")

    extra: dict[str, Any] = {}
    for key in ("scores", "hands_won"):
        if key in pos:
            extra[key] = _int_list(pos[key], n, key)
            if any(v < 0 for v in extra[key]):
                raise PositionError(f"{key} must not be negative (RULES §9, §10)")
    if "hand_no" in pos:
        hn = pos["hand_no"]
        if not _is_int(hn) or hn < 1:
            raise PositionError(f"hand_no must be a whole number >= 1, not {hn!r}")
        extra["hand_no"] = hn
        _check_match_fields(rules, extra, hn - (0 if over else 1))

    st = State.__new__(State)
    st.rules = rules
    st.n = n
    st.dealer = dealer
    st.turn = turn
    st.direction = direction
    st.hands = hands
    st.draw = draw[::-1]
    st.discard = discard
    st.suit = suit
    st.wild = wild
    st.pending = pending
    st.drawn = drawn
    st.due = due
    st.choosing = choosing
    st.move_no = move_no
    st.last_draw = last_draw
    st.draw_order = draw_order
    st.seed = seed
    st.winner = empty[0] if over and empty else -1
    st.log = []
    st.reshuffles = None
    return st, extra


def write_position(s: State, extra: dict[str, Any] | None = None) -> dict[str, Any]:
    pos: dict[str, Any] = {
        "rules": s.rules.spec(),
        "dealer": s.dealer,
        "turn": None if s.turn < 0 else s.turn,
        "direction": s.direction,
        "hands": [[CODE_OF[k] for k in h] for h in s.hands],
        "draw": [CODE_OF[k] for k in reversed(s.draw)],
        "discard": [CODE_OF[k] for k in s.discard],
        "suit": SUITS[s.suit] if s.suit >= 0 else None,
        "wild": CODE_OF[s.wild] if s.wild >= 0 else None,
        "pending": s.pending,
        "drawn": CODE_OF[s.drawn] if s.drawn >= 0 else None,
        "dernier_due": list(s.due),
        "last_draw": list(s.last_draw),
        "draw_order": list(s.draw_order),
        "move_no": s.move_no,
        "seed": s.seed,
    }
    if extra:
        for key in ("scores", "hands_won", "hand_no"):
            if key in extra:
                pos[key] = extra[key]
    return pos
