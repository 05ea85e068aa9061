"""Helpers for the rules tests: full decks, hand-written positions, exact deals, checks.

The helpers build everything from RULES.md / CONTRACT.md themselves (their own deck
lists, their own dealing order) so that the tests do not lean on engine internals.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pytest

import dernier
from dernier.bots import make_bot

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("H", "D", "C", "S")
ONE_DECK: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS) + ("JK", "JK")
VALUES = {"JK": 15, "A": 11, "K": 10, "Q": 10, "J": 10}

_UNSET = object()


def deck(rules: str = "official") -> list[str]:
    """Every card of the preset's deck(s): 54 (official) or 108 (traditional), RULES §1."""
    return list(ONE_DECK) * (2 if rules == "traditional" else 1)


def value(code: str) -> int:
    """The points of a card left in hand (RULES §9), computed here independently."""
    if code == "JK":
        return 15
    rank = code[:-1]
    return VALUES.get(rank, 0) or int(rank)


def points(cards: Iterable[str]) -> int:
    return sum(value(c) for c in cards)


def leftovers(used: Iterable[str], rules: str = "official") -> list[str]:
    """The cards of the deck not in ``used``, in deck order; fails if ``used`` is not a
    sub-multiset of the deck (so a typo in a test shows at once)."""
    have = Counter(used)
    want = Counter(deck(rules))
    extra = have - want
    assert not extra, f"test bug: more cards than the deck holds: {sorted(extra.elements())}"
    left = want - have
    out = []
    for code in dict.fromkeys(deck(rules)):
        out += [code] * left[code]
    return out


def position(
    hands: Sequence[Sequence[str]],
    discard: Sequence[str],
    *,
    turn: Any = _UNSET,
    dealer: int = 0,
    draw: Sequence[str] = (),
    rest: str = "draw",
    rules: Any = "official",
    **fields: Any,
) -> dict[str, Any]:
    """A valid position holding the whole deck.

    ``draw`` lists the next cards to be drawn (first first); every card not named anywhere
    goes after them in the draw pile (``rest="draw"``) or under the discard pile
    (``rest="discard"``, so that the draw pile is exactly ``draw``). ``turn`` defaults to
    seat 0; pass ``turn=None`` for a finished hand. Other ``fields`` (suit, pending,
    drawn, dernier_due, direction, last_draw, move_no, wild …) are copied as given.
    """
    preset = rules if isinstance(rules, str) else rules.get("preset", "official")
    used = [c for h in hands for c in h] + list(discard) + list(draw)
    left = leftovers(used, preset)
    if rest == "draw":
        draw_pile, discard_pile = [*draw, *left], list(discard)
    elif rest == "discard":
        draw_pile, discard_pile = list(draw), [*left, *discard]
    else:  # pragma: no cover - test bug
        raise AssertionError(rest)
    pos: dict[str, Any] = {
        "rules": rules,
        "dealer": dealer,
        "turn": 0 if turn is _UNSET else turn,
        "direction": 1,
        "hands": [list(h) for h in hands],
        "draw": draw_pile,
        "discard": discard_pile,
        "suit": None,
        "wild": None,
        "pending": 0,
        "drawn": None,
        "dernier_due": [],
    }
    pos.update(fields)
    return pos


def game(*args: Any, **kwargs: Any) -> dernier.Game:
    """``Game.from_position(position(...))``."""
    return dernier.Game.from_position(position(*args, **kwargs))


def deal_order(
    players: int,
    dealer: int,
    hands: dict[int, Sequence[str]] | Sequence[Sequence[str]],
    turned: str,
    draw: Sequence[str] = (),
    rules: str = "official",
    hand_size: int | None = None,
) -> list[str]:
    """A ``deck`` for ``Game.new(deck=…)`` that deals ``hands`` (seat → cards; missing seats
    and short hands are filled with spare normal cards), turns up ``turned`` and leaves
    ``draw`` on top of the draw pile. Dealing as in RULES §2 / CONTRACT: one card at a time,
    starting from ``dealer+1``."""
    size = hand_size or (9 if rules == "traditional" else 5)
    given = dict(enumerate(hands)) if not isinstance(hands, dict) else dict(hands)
    used = [c for h in given.values() for c in h] + [turned, *draw]
    spare = leftovers(used, rules)
    # fill short hands with normal cards first (no accidental action cards)
    normal = [c for c in spare if c[:-1] in ("2", "3", "4", "5", "6", "8", "9", "10")]
    full: dict[int, list[str]] = {}
    for seat in range(players):
        h = list(given.get(seat, ()))
        while len(h) < size:
            card = normal.pop(0)
            spare.remove(card)
            h.append(card)
        assert len(h) == size, f"test bug: seat {seat} gets {len(h)} cards, not {size}"
        full[seat] = h
    order = []
    for r in range(size):
        for k in range(1, players + 1):
            order.append(full[(dealer + k) % players][r])
    return [*order, turned, *draw, *spare]


def new_game(
    players: int,
    dealer: int,
    hands: dict[int, Sequence[str]] | Sequence[Sequence[str]],
    turned: str,
    draw: Sequence[str] = (),
    rules: str = "official",
) -> dernier.Game:
    order = deal_order(players, dealer, hands, turned, draw, rules)
    return dernier.Game.new(players=players, rules=rules, dealer=dealer, deck=order, seed=1)


def snapshot(g: dernier.Game) -> dict[str, Any]:
    return copy.deepcopy(g.position())


def refuse(g: dernier.Game, move: Any, *fragments: str, seat: int | None = None) -> dernier.IllegalMove:
    """``move`` must raise IllegalMove, leave the position unchanged and give a reason that
    contains every one of ``fragments`` (case-insensitive)."""
    before = snapshot(g)
    legal_before = g.legal_moves()
    with pytest.raises(dernier.IllegalMove) as info:
        g.play(move, seat=seat)
    assert g.position() == before, f"refused move {move!r} changed the position"
    assert g.legal_moves() == legal_before
    reason = str(info.value)
    assert reason.strip(), "an IllegalMove must say why"
    for frag in fragments:
        assert frag.lower() in reason.lower(), f"reason {reason!r} does not mention {frag!r}"
    return info.value


def all_cards(pos: dict[str, Any]) -> Counter[str]:
    return Counter([c for h in pos["hands"] for c in h] + pos["draw"] + pos["discard"])


def hand_sizes(g: dernier.Game) -> list[int]:
    return [len(h) for h in g.position()["hands"]]


def play_all(g: dernier.Game, *moves: str | tuple[int, str]) -> None:
    """Play a sequence of moves; ``(seat, move)`` for a move by a given seat."""
    for mv in moves:
        if isinstance(mv, tuple):
            g.play(mv[1], seat=mv[0])
        else:
            g.play(mv)


def bots_play(m: dernier.Match, rng: random.Random, *, whole_match: bool = True) -> None:
    """One medium bot plays every seat of ``m`` to the end of its hand (or of the
    match: ``whole_match``, dealing the next hands); before each move every other seat that
    is due to call Dernier calls it."""
    bot = make_bot("medium")
    while not (m.over if whole_match else m.game.over):
        if m.game.over:
            m.next_hand()
            continue
        for s in list(m.game.state.due):
            if s != m.game.turn:
                m.play("dernier", s)
        turn = m.game.turn
        assert turn is not None
        m.play(bot.choose(m.view(turn), rng), turn)


def random_policy(rng: random.Random, legal: list[str], call_rate: float = 0.7) -> str:
    """A random move that mostly plays cards (so hands end) and sometimes forgets '!'."""
    plays = [m for m in legal if m not in ("draw", "pass", "dernier")]
    if plays and rng.random() < 0.85:
        with_call = [m for m in plays if m.endswith("!")]
        if with_call and rng.random() < call_rate:
            return rng.choice(with_call)
        without = [m for m in plays if not m.endswith("!")]
        return rng.choice(without or plays)
    return rng.choice(legal)


def all_move_strings() -> list[str]:
    """Every well-formed move string of CONTRACT "Moves" (plays with and without '!',
    J/Jolly suit choices, wild Jolly names, ':H', draw, pass, dernier)."""
    bases: list[str] = []
    for code in sorted(set(ONE_DECK)):
        if code == "JK":
            bases += [f"JK:{s}" for s in SUITS]
            for named in sorted(set(ONE_DECK) - {"JK"}):
                if named.startswith("J"):
                    bases += [f"JK={named}:{s}" for s in SUITS]
                else:
                    bases.append(f"JK={named}")
        elif code.startswith("J"):
            bases += [f"{code}:{s}" for s in SUITS]
        else:
            bases.append(code)
    out = [m for b in bases for m in (b, b + "!")]
    return [*out, *(f":{s}" for s in SUITS), "draw", "pass", "dernier"]


ALL_MOVES: tuple[str, ...] = tuple(all_move_strings())


# --- an independent reference model of RULES §3–§8 (+ ENGINE where RULES leave room) -----


class NeedsReshuffle(Exception):
    """The reference model does not reproduce the engine's (seeded) reshuffle order."""


_PARAMS = {
    "official": {
        "seven": 2,
        "ace": 2,
        "jolly": 4,
        "after_draw": True,
        "wild": False,
        "end": True,
        "close": True,
    },
    "traditional": {
        "seven": 1,
        "ace": 2,
        "jolly": 4,
        "after_draw": False,
        "wild": True,
        "end": False,
        "close": False,
    },
}
DERNIER_PENALTY = 2


def _rank(c: str) -> str | None:
    return None if c == "JK" else c[:-1]


def _suit(c: str) -> str | None:
    return None if c == "JK" else c[-1]


class Reference:
    """The rules as plain Python over position dicts (card codes, draw pile first-first),
    written from RULES.md / ENGINE.md to cross-check the engine move by move."""

    def __init__(self, pos: dict[str, Any]) -> None:
        self.pos = copy.deepcopy(pos)
        assert isinstance(pos["rules"], str)
        self.p = _PARAMS[pos["rules"]]

    # reading
    def _top(self) -> str:
        top: str = self.pos["discard"][-1]
        if top == "JK" and self.pos["wild"]:
            return str(self.pos["wild"])
        return top

    def _choosing(self) -> bool:
        p = self.pos
        eff = self._top()
        return p["turn"] is not None and p["suit"] is None and (eff == "JK" or _rank(eff) == "J")

    def playable(self, card: str) -> bool:
        p = self.pos
        if p["pending"]:
            jolly_chain = p["discard"][-1] == "JK" and not p["wild"]
            return card == "JK" if jolly_chain else (card != "JK" and _rank(card) == "A")
        if card == "JK" or _rank(card) == "J":
            return True
        eff = self._top()
        active = p["suit"] or _suit(eff)
        return _suit(card) == active or (_rank(eff) is not None and _rank(card) == _rank(eff))

    def plays_of(self, card: str, hand_len: int) -> list[str]:
        if card == "JK":
            if hand_len == 1 and not self.p["close"]:
                return []
            if self.p["wild"]:
                base = []
                for named in dict.fromkeys(ONE_DECK):
                    if named == "JK":
                        continue
                    if _rank(named) == "J":
                        base += [f"JK={named}:{s}" for s in SUITS]
                    else:
                        base.append(f"JK={named}")
            else:
                base = [f"JK:{s}" for s in SUITS]
        elif _rank(card) == "J":
            base = [f"{card}:{s}" for s in SUITS]
        else:
            base = [card]
        if hand_len == 2:
            base += [m + "!" for m in base]
        return base

    def legal(self, seat: int | None = None) -> list[str]:
        p = self.pos
        turn = p["turn"]
        if turn is None:
            return []
        if seat is not None and seat != turn:
            return ["dernier"] if seat in p["dernier_due"] else []
        out: list[str] = []
        hand = p["hands"][turn]
        if self._choosing():
            out = [f":{s}" for s in SUITS]
        elif p["drawn"]:
            if self.playable(p["drawn"]):
                out += self.plays_of(p["drawn"], len(hand))
            out.append("pass")
        else:
            for card in dict.fromkeys(hand):
                if self.playable(card):
                    out += self.plays_of(card, len(hand))
            out.append("draw")
        if turn in p["dernier_due"]:
            out.append("dernier")
        return sorted(set(out))

    # acting
    def _next(self, seat: int, steps: int = 1) -> int:
        return (seat + steps * self.pos["direction"]) % len(self.pos["hands"])

    def _end(self, winner: int | None) -> None:
        p = self.pos
        p.update(turn=None, pending=0, drawn=None, dernier_due=[])
        self.winner = winner

    def _drew(self, seat: int) -> None:
        """RULES §10 [decided]: draw_order ranks the seats' latest draws in the real order
        cards left the pile (0 = earliest, -1 = never): ``seat`` is now the latest."""
        order = self.pos["draw_order"]
        # moment of each seat's latest draw: its old rank; the new draw comes after all of them
        moment = {s: r for s, r in enumerate(order) if r >= 0}
        moment[seat] = len(order)
        for i, s in enumerate(sorted(moment, key=moment.__getitem__)):
            order[s] = i

    def _give(self, seat: int, k: int, last: bool = False) -> int:
        p = self.pos
        if k > len(p["draw"]) and not self.p["end"] and len(p["discard"]) > 1:
            raise NeedsReshuffle
        got = p["draw"][:k]
        del p["draw"][:k]
        p["hands"][seat] += got
        if got:
            p["last_draw"][seat] = p["move_no"]
            self._drew(seat)
        if self.p["end"] and not p["draw"] and not last and p["turn"] is not None:
            self._end(None)  # RULES §8 official: the hand ends as the pile empties
        return len(got)

    def apply(self, move: str, seat: int | None = None) -> None:
        p = self.pos
        turn = p["turn"]
        if seat is None:
            seat = turn
        assert move in self.legal(seat), (move, seat)
        p["move_no"] += 1
        if move == "dernier":
            p["dernier_due"].remove(seat)
            return
        due, p["dernier_due"] = p["dernier_due"], []
        for s in due:  # RULES §7: the window closes as the next player begins
            self._give(s, DERNIER_PENALTY)
            if p["turn"] is None:
                return
        if move == "draw":
            if p["pending"]:
                k, p["pending"] = p["pending"], 0
                self._give(seat, k)
                if p["turn"] is not None:
                    p["turn"] = self._next(seat)
                return
            got = self._give(seat, 1)
            if p["turn"] is None:
                return
            if got and self.p["after_draw"]:
                p["drawn"] = p["hands"][seat][-1]
            else:
                p["turn"] = self._next(seat)
        elif move == "pass":
            p["drawn"] = None
            p["turn"] = self._next(seat)
        elif move.startswith(":"):
            p["suit"] = move[1]
            if p["discard"][-1] == "JK" and not self.p["wild"]:
                p["pending"] = self.p["jolly"]
            p["turn"] = self._next(seat)
        else:
            self._play(seat, move)

    def _play(self, seat: int, move: str) -> None:
        p = self.pos
        call = move.endswith("!")
        body = move.rstrip("!")
        chosen = body.split(":")[1] if ":" in body else None
        head = body.split(":")[0]
        card, named = (head.split("=") + [None])[:2] if "=" in head else (head, None)
        hand = p["hands"][seat]
        hand.remove(card)
        p["discard"].append(card)
        p.update(drawn=None, suit=chosen, wild=named)
        eff = named or card
        left = len(hand)
        nxt = self._next(seat)
        if card == "JK" and not named:
            p["pending"] += self.p["jolly"]
        elif _rank(eff) == "A":
            p["pending"] += self.p["ace"]
        elif _rank(eff) == "7":
            prev = self._next(seat, -1)
            self._give(prev, self.p["seven"], last=left == 0)
            if left == 0:
                self._end(seat)
                return
            if p["turn"] is None:
                return
        elif _rank(eff) == "Q":
            if left and len(p["hands"][nxt]) == 1:
                p["dernier_due"].append(nxt)  # RULES §7: skipped with one card
            nxt = self._next(nxt)
        elif _rank(eff) == "K":
            p["direction"] = -p["direction"]
            nxt = self._next(seat)
        if left == 0:
            if p["pending"]:
                k, p["pending"] = p["pending"], 0
                self._give(nxt, k, last=True)  # RULES §8: last-card effect, no answer
            self._end(seat)
            return
        if left == 1 and not call:
            p["dernier_due"].insert(0, seat)
        p["turn"] = nxt


def seek_match(
    rules: Any, ok: Callable[[dernier.Match], bool], players: int = 3, seeds: Iterable[int] = range(1, 500)
) -> tuple[dernier.Match, int]:
    """A one-hand match reached by random legal moves (no calls) from a fixed seed, stopped
    at the first position where ``ok(match)``; with the seed. AssertionError if none."""
    for seed in seeds:
        m = dernier.Match.new(players=players, rules=rules, hands=1, seed=seed)
        rng = random.Random(seed)
        for _ in range(200):
            if m.game.over:
                break
            if ok(m):
                return m, seed
            m.play(rng.choice([x for x in m.legal_moves() if x != "dernier"]))
    raise AssertionError("no such position")


def play_with_bots(s: Any, run_bots: Callable[[Any], object], choose: Callable[[list[str]], str]) -> None:
    """A page's session (``web.shell.session.Session``, any game) played to the end of its
    match: the bots through the driver (``run_bots``), seat 0 as ``choose`` picks from its
    legal moves, the next hand dealt when one is over."""
    while not s.match.over:
        run_bots(s)
        if s.match.over:
            break
        if s.match.game.over:
            s.next_hand()
            continue
        assert s.turn == 0
        s.play(choose(s.match.legal_moves(0)))
