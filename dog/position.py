"""Positions as JSON-ready dicts (CONTRACT "Position"): writing, and reading with every check."""

from __future__ import annotations

from collections import Counter
from typing import Any

from tabletop import engine

from .board import HOME, NEST, PAWNS, SEATS, field_name, parse_field, start_of, team_of
from .cards import COPIES, DECK_SIZE, base_code, parse_card, parse_played
from .errors import NotationError, PositionError
from .rules import ruleset
from .state import EXCHANGE, OVER, PLAY, State

REQUIRED = (
    "rules",
    "dealer",
    "round",
    "cards",
    "phase",
    "turn",
    "winner",
    "hands",
    "given",
    "pawns",
    "deck",
    "discard",
    "laid",
    "out",
)
OPTIONAL = ("ended", "exchanged", "received", "seed", "shuffles", "move_no", "score", "game_no", "games")
ENDINGS = ("home", "abandon", "timeout")


def write_position(st: State) -> dict[str, Any]:
    """The position of a state (the seed and counters included)."""
    pawns = []
    for s in range(SEATS):
        row = []
        for p in range(s * PAWNS, s * PAWNS + PAWNS):
            name = field_name(s, st.loc[p])
            row.append(name + "*" if st.fresh[p] else name)
        pawns.append(row)
    pos: dict[str, Any] = {
        "rules": st.rules.spec(),
        "dealer": st.dealer,
        "round": st.round,
        "cards": st.cards,
        "phase": st.phase,
        "turn": st.turn if st.turn >= 0 else None,
        "winner": st.winner,
        "ended": st.ended,
        "hands": [h[:] for h in st.hands],
        "given": st.given[:],
        "exchanged": st.exchanged[:],
        "received": st.received[:],
        "pawns": pawns,
        "deck": st.deck[:],
        "discard": st.discard[:],
        "laid": st.laid[:],
        "out": st.out[:],
    }
    if st.seed is not None:
        pos["seed"] = st.seed
    pos["shuffles"] = st.shuffles
    pos["move_no"] = st.move_no
    return pos


FIELDS = engine.Fields(PositionError)


def _int(pos: dict[str, Any], key: str, lo: int, hi: int | None = None) -> int:
    return FIELDS.whole(pos[key], key, lo, hi)


def _cards(value: object, what: str, played: bool = False) -> list[str]:
    if not isinstance(value, list):
        raise PositionError(f"{what} must be a list of card codes, not {value!r}")
    try:
        return [parse_played(c) if played else parse_card(c) for c in value]
    except NotationError as e:
        raise PositionError(f"{what}: {e}") from None


def _seat_list(value: object, what: str, kind: type | tuple[type, ...]) -> list[Any]:
    if not isinstance(value, list) or len(value) != SEATS:
        raise PositionError(f"{what} must be a list of {SEATS} entries, one per seat, not {value!r}")
    return value


def parse_position(pos: object) -> State:
    """The state of a position; :class:`PositionError` naming the first problem found."""
    if not isinstance(pos, dict):
        raise PositionError(f"a position is a JSON object (dict), not {type(pos).__name__}")
    missing = [k for k in REQUIRED if k not in pos]
    if missing:
        raise PositionError(f"position lacks {', '.join(missing)}")
    unknown = [k for k in pos if k not in REQUIRED and k not in OPTIONAL]
    if unknown:
        raise PositionError(f"unknown position fields {unknown}")
    try:
        rules = ruleset(pos["rules"])
    except (ValueError, TypeError) as e:
        raise PositionError(f"rules: {e}") from None
    seed = pos.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise PositionError(f"seed must be an integer or null, not {seed!r}")
    st = State(rules, _int(pos, "dealer", 0, SEATS - 1), seed)
    if "shuffles" in pos:
        st.shuffles = _int(pos, "shuffles", 0)
    if "move_no" in pos:
        st.move_no = _int(pos, "move_no", 0)
    st.round = _int(pos, "round", 1)
    st.cards = _int(pos, "cards", 1)
    if st.cards != rules.cards_in_round(st.round):
        raise PositionError(
            f"cards is {st.cards}, but round {st.round} deals {rules.cards_in_round(st.round)}"
        )
    phase = pos["phase"]
    if phase not in (EXCHANGE, PLAY, OVER):
        raise PositionError(f"phase must be 'exchange', 'play' or 'over', not {phase!r}")
    st.phase = phase

    hands = _seat_list(pos["hands"], "hands", list)
    st.hands = [_cards(h, f"hands[{s}]") for s, h in enumerate(hands)]
    given = _seat_list(pos["given"], "given", (str, type(None)))
    st.given = [None if g is None else _cards([g], f"given[{s}]")[0] for s, g in enumerate(given)]
    exchanged = pos.get("exchanged", [False, False])
    if (
        not isinstance(exchanged, list)
        or len(exchanged) != 2
        or not all(isinstance(x, bool) for x in exchanged)
    ):
        raise PositionError(f"exchanged must be two booleans, one per team, not {exchanged!r}")
    st.exchanged = exchanged[:]
    received = pos.get("received", [None] * SEATS)
    received = _seat_list(received, "received", (str, type(None)))
    st.received = [None if r is None else _cards([r], f"received[{s}]")[0] for s, r in enumerate(received)]
    st.deck = _cards(pos["deck"], "deck")
    st.discard = _cards(pos["discard"], "discard", played=True)
    st.laid = _cards(pos["laid"], "laid")
    if st.laid != sorted(st.laid):
        raise PositionError("laid must be sorted as strings")
    counts = Counter(c for h in st.hands for c in h)
    counts.update(g for g in st.given if g is not None)
    counts.update(st.deck)
    counts.update(base_code(c) for c in st.discard)
    counts.update(st.laid)
    if sum(counts.values()) != DECK_SIZE or any(counts[c] != n for c, n in COPIES.items()):
        wrong = sorted(f"{c}×{counts[c]}" for c, n in COPIES.items() if counts[c] != n)
        raise PositionError(
            f"every one of the {DECK_SIZE} cards must be there exactly once (each code twice, JK six times); "
            f"found {sum(counts.values())}, wrong: {' '.join(wrong[:8])}"
        )
    out = pos["out"]
    if (
        not isinstance(out, list)
        or any(isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < SEATS for s in out)
        or out != sorted(set(out))
    ):
        raise PositionError(f"out must list seats 0–3 ascending, without repeats, not {out!r}")
    st.out = out[:]

    _read_pawns(st, pos["pawns"])
    _check_flow(st, pos)
    return st


def _read_pawns(st: State, pawns: object) -> None:
    rows = _seat_list(pawns, "pawns", list)
    seen: dict[tuple[int | None, int], str] = {}
    for s, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != PAWNS:
            raise PositionError(f"pawns[{s}] must list the seat's {PAWNS} pawns, not {row!r}")
        for i, text in enumerate(row):
            if not isinstance(text, str):
                raise PositionError(f"pawns[{s}][{i}] must be a field name, not {text!r}")
            fresh = text.endswith("*")
            name = text[:-1] if fresh else text
            try:
                owner, at = parse_field(name)
            except NotationError as e:
                raise PositionError(f"pawns[{s}][{i}]: {e}") from None
            if owner is not None and owner != s:
                raise PositionError(f"pawns[{s}][{i}] is on {name}, a field of seat {owner}, not of seat {s}")
            if fresh and at != start_of(s):
                raise PositionError(
                    f"pawns[{s}][{i}] {text!r}: only a pawn on its own start field {start_of(s)} is fresh"
                )
            if at != NEST:
                key = (owner, at)
                if key in seen:
                    raise PositionError(f"two pawns on field {name} ({seen[key]} and pawns[{s}][{i}])")
                seen[key] = f"pawns[{s}][{i}]"
            p = s * PAWNS + i
            st.loc[p] = at
            st.fresh[p] = fresh
    st.place_all()
    for p, at in enumerate(st.loc):
        if at >= HOME and st.homes[p >> 2][at - HOME] != p:  # pragma: no cover - guarded above
            raise PositionError("two pawns on one home field")


def _check_flow(st: State, pos: dict[str, Any]) -> None:
    """Phase, turn, exchange and ending agree with the hands and pawns."""
    winner, ended, turn = pos["winner"], pos.get("ended"), pos["turn"]
    if winner is not None and (isinstance(winner, bool) or winner not in (0, 1)):
        raise PositionError(f"winner must be team 0, 1 or null, not {winner!r}")
    if ended is not None and ended not in ENDINGS:
        raise PositionError(f"ended must be null, 'home', 'abandon' or 'timeout', not {ended!r}")
    home = [t for t in (0, 1) if st.team_home(t)]
    if len(home) > 1:
        raise PositionError("both teams have all eight pawns home")
    if home:
        if winner != home[0] or ended not in (None, "home"):
            raise PositionError(
                f"team {home[0]} has eight pawns home, so winner must be {home[0]} (ended 'home')"
            )
        ended = "home"
    elif ended == "home":
        raise PositionError("ended is 'home' but no team has eight pawns home")
    if winner is not None and ended is None:
        raise PositionError("winner is set but no team has eight pawns home and ended does not say why")
    if ended is not None and winner is None:
        raise PositionError(f"ended is {ended!r} but winner is null")
    st.winner, st.ended = winner, ended
    if (st.phase == OVER) != (winner is not None):
        raise PositionError("phase is 'over' exactly when there is a winner")
    if st.phase == OVER:
        if turn is not None:
            raise PositionError("turn must be null once the game is over")
        st.turn = -1
    elif isinstance(turn, bool) or not isinstance(turn, int) or not 0 <= turn < SEATS:
        raise PositionError(f"turn must be a seat 0–3 (null only once over), not {turn!r}")
    else:
        st.turn = turn
    for s in range(SEATS):
        n = len(st.hands[s])
        t = team_of(s)
        if st.phase == EXCHANGE and not st.exchanged[t]:
            want = st.cards - 1 if st.given[s] is not None else st.cards
            if n != want:
                raise PositionError(f"seat {s} holds {n} cards in the exchange; it must hold {want}")
        elif n > st.cards:
            raise PositionError(f"seat {s} holds {n} cards, more than the {st.cards} dealt this round")
        if st.given[s] is not None and (st.phase != EXCHANGE or st.exchanged[t]):
            raise PositionError(f"given[{s}] is set outside a pending exchange")
        if st.received[s] is not None and not st.exchanged[t]:
            raise PositionError(f"received[{s}] is set but team {t} has not exchanged")
        if st.exchanged[t] and st.phase == EXCHANGE and st.received[s] is None:
            raise PositionError(f"team {t} has exchanged, so received[{s}] must be its card")
    for t in (0, 1):
        if st.given[t] is not None and st.given[t + 2] is not None:
            raise PositionError(f"both partners of team {t} have given: their cards must have changed hands")
    for s in st.out:
        if st.hands[s]:
            raise PositionError(f"seat {s} gave up the round (out) but holds cards")
    if st.phase == EXCHANGE:
        if st.out:
            raise PositionError("nobody has given up the round during the exchange")
        if all(st.exchanged):
            raise PositionError("both teams have exchanged, so the phase must be 'play'")
        if st.turn != st.exchange_turn():
            raise PositionError(
                f"in the exchange, turn is the first seat from the opener yet to give ({st.exchange_turn()})"
            )
    elif st.phase == PLAY:
        if not st.hands[st.turn]:
            raise PositionError(f"turn is seat {st.turn}, which holds no cards")
        if st.turn in st.out:
            raise PositionError(f"turn is seat {st.turn}, which gave up the round")
