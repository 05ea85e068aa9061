"""Hands played out: the hard bot's search (RULES §6–§11).

A *world* is a full :class:`~scala40.state.State` (every hand and the stock's order): one
sampled from a seat's view, consistent with everything the view shows (:func:`sample_world`),
or the true one for a test-only oracle (benchmarks/scala40_paired.py). :func:`playout` plays a
world to the end with medium's rule of thumb read straight from the state (:func:`state_seen`:
no view built), about ten times cheaper than building views.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Generator
from typing import Any

from tabletop.bots import result_of

from ..cards import CODE_OF, KIND_OF
from ..finder import counts_of, melds_of, opening_exists
from ..moves import parse_move
from ..scoring import hand_scores
from ..state import State
from .base import Seen
from .fastplay import FastHand, after_move
from .search import HardBot, _known, _passed, _unseen
from .simple import MediumBot, RuleBot, keep_value

#: a played-out hand that has not ended after this many moves counts as nobody's close
PLAYOUT_MOVES = 600


def state_seen(st: State, seat: int) -> Seen:
    """``st`` as ``seat`` sees it, read as a :class:`Seen` (what the rule-of-thumb bots read);
    for played-out worlds only: nothing in it is hidden from the bot that built the world."""
    seen = Seen.__new__(Seen)
    hand = st.hands[seat]
    seen.codes = [CODE_OF[k] for k in hand]
    seen.seat = seat
    seen.n = st.n
    seen.rules = st.rules
    seen.phase = st.phase
    seen.hand = hand
    seen.counts = counts_of(hand)
    seen.discard = st.discard
    seen.melds = st.melds
    seen.owners = st.meld_owner
    seen.opened = st.opened
    seen.taken = st.taken
    seen.out = list(st.out)
    seen.sizes = [len(h) for h in st.hands]
    seen.legal = st.legal(seat)
    return seen


def playout(st: State, policy: RuleBot, rng: random.Random, limit: int = PLAYOUT_MOVES) -> int:
    """Plays ``st`` to the end in place (every seat by ``policy``); returns how many moves."""
    moves = 0
    while st.phase != "over" and moves < limit:
        seat = st.turn
        st.apply(seat, parse_move(policy.move(state_seen(st, seat), rng)))
        moves += 1
    return moves


def worth(
    closer: int, seat: int, pays: list[int] | None, per_point: float, their_point: float = 0.0
) -> float:
    """What a played-out hand is worth to ``seat``: 1 for its close, else 0, less ``per_point``
    per penalty point it pays, plus ``their_point`` per point the other seats pay (on average);
    ``pays``: what each seat pays (``scoring.hand_scores``), None if the hand did not end."""
    if pays is None:
        return 0.0
    value = 1.0 if closer == seat else -pays[seat] * per_point
    if their_point:
        others = [p for s, p in enumerate(pays) if s != seat]
        value += their_point * sum(others) / len(others)
    return value


def outcome(st: State, seat: int, per_point: float = 0.0001, their_point: float = 0.0) -> float:
    """:func:`worth` of a hand played out by the engine."""
    return worth(st.closer, seat, hand_scores(st), per_point, their_point)


def fast_outcome(hand: FastHand, seat: int, per_point: float = 0.0001, their_point: float = 0.0) -> float:
    """:func:`worth` of a hand played out by :class:`FastHand`."""
    pays = [hand.penalty(s) for s in range(hand.n)] if hand.phase == "over" else None
    return worth(hand.closer, seat, pays, per_point, their_point)


def _last_discard(seen: Seen, seat: int) -> int:
    """The card ``seat`` discarded at its last turn, or -1."""
    for entry in reversed(seen.view.get("history", ())):
        if entry[0] == seat and entry[1].startswith("discard "):
            return KIND_OF[entry[1][8:]]
    return -1


def _fits_least(seen: Seen, seat: int, counts: list[int], d: int, rank: int) -> bool:
    """Whether ``d`` is among the ``rank`` cards of ``counts`` that medium's keep value ranks
    lowest, for ``seat`` (the card medium throws is the lowest: a thrown card that fits the hand
    better than others makes the hand unlikely)."""
    other = Seen.__new__(Seen)
    other.counts = counts
    other.seat = seat
    other.n = seen.n
    other.out = seen.out
    other.opened = seen.opened
    other.melds = seen.melds
    other.rules = seen.rules
    mine = (keep_value(other, d), d)
    below = sum(1 for k in range(53) if counts[k] and k != d and (keep_value(other, k), k) < mine)
    return below < rank


def plausible(seen: Seen, seat: int, hand: list[int], passed: int, thrown: int = -1, rank: int = 0) -> bool:
    """Whether ``seat`` could hold ``hand`` given how it played (a seat that could open opens, an
    opened seat lays the melds it holds, a seat that drew could not use the card it passed and,
    with ``rank``, threw ``thrown`` as one of the ``rank`` cards that fit its hand least): what
    medium does, and what the public history shows."""
    counts = counts_of(hand)
    rules = seen.rules
    if not seen.opened[seat]:
        if opening_exists(counts, rules):
            return False
    elif any(len(m) < len(hand) for m in melds_of(counts, rules)):
        return False
    if passed >= 0 and HardBot._could_use(seen, seat, passed, counts, len(hand)):
        return False
    if rank and thrown >= 0:
        counts[thrown] += 1
        return _fits_least(seen, seat, counts, thrown, rank)
    return True


def sample_world(
    seen: Seen,
    known: dict[int, list[int]],
    unseen: Counter[int],
    rng: random.Random,
    tries: int = 1,
    rank: int = 0,
) -> State:
    """A full state that fits ``seen``: each other seat keeps the cards it is known to hold
    (taken from the pile, not laid since) and gets the rest of its hand from the unseen cards,
    as does the stock (in a random order). With ``tries`` > 1, a hidden hand that is not
    :func:`plausible` is drawn again (up to ``tries`` times)."""
    rest = Counter(unseen)
    for cards in known.values():
        rest.subtract(cards)
    pool = list((+rest).elements())
    rng.shuffle(pool)
    hands: list[list[int]] = []
    for s in range(seen.n):
        if s == seen.seat:
            hands.append(list(seen.hand))
            continue
        size = seen.sizes[s]
        hand = list(known.get(s, ()))[:size]
        need = size - len(hand)
        if need > 0:
            passed = _passed(seen, s) if tries > 1 else -1
            barred = seen.rules.no_discard_taken or seen.rules.no_discard_attachable
            thrown = _last_discard(seen, s) if rank and not barred else -1
            draw = pool[-need:]
            for _ in range(tries - 1):
                if plausible(seen, s, hand + draw, passed, thrown, rank):
                    break
                rng.shuffle(pool)
                draw = pool[-need:]
            hand.extend(draw)
            del pool[-need:]
        hands.append(hand)
    stock = pool[: seen.view["stock_size"]]
    return State(
        seen.rules,
        seen.n,
        seen.view["dealer"],
        seen.seat,
        seen.phase,
        hands,
        stock,
        list(seen.discard),
        list(seen.melds),
        list(seen.owners),
        list(seen.opened),
        seen.taken,
        tuple(seen.out),
    )


class RolloutBot(MediumBot):
    """Each decision with a choice (take or draw; open, lay or hold; which discard) is tried on
    hidden hands and stock orders sampled from the view, every world played out by medium's rule
    of thumb for all seats; a move other than medium's is made only when it does clearly better
    on the same worlds (common random numbers)."""

    level = "rollout"

    def __init__(
        self,
        playouts: int = 270,
        seconds: float = 0.45,
        discards: int = 5,
        min_worlds: int = 8,
        tries: int = 20,
        z: float = 0.5,
        every: int = 8,
        cut: float = 2.0,
        rank: int = 0,
        per_point: float = 0.02,
        fast: int = 1,
        their_point: float = 0.02,
        hold: int = 1,
    ) -> None:
        #: at most this many hands played out per decision; past ``seconds`` of wall time (and
        #: ``min_worlds`` worlds) it stops: the same view and rng give the same move unless time
        #: runs out
        self.playouts = playouts
        self.seconds = seconds
        self.min_worlds = min_worlds
        #: every ``every`` worlds, candidates behind the best by ``cut`` standard errors are dropped
        self.every = every
        self.cut = cut
        #: discards tried: the kinds medium values least
        self.discards = discards
        #: draws of a hidden hand until it fits how its seat played (:func:`plausible`)
        self.tries = tries
        #: with ``rank``, a hidden hand fits only if the card its seat last threw is among the
        #: ``rank`` cards medium's keep value ranks lowest in it
        self.rank = rank
        #: what a penalty point costs in a played-out hand, in closes
        self.per_point = per_point
        #: 0: medium's table moves (open, meld, attach, swap) are made at once, only its discards
        #: and draws compared; 1: holding (a discard instead) is compared with them too
        self.hold = hold
        #: what a penalty point the other seats pay is worth to it (on average over them)
        self.their_point = their_point
        #: a move other than medium's wins only by more than ``z`` standard errors
        self.z = z
        self.policy = MediumBot()
        #: 0: the worlds played out through the engine (:func:`playout`), as before the fast
        #: play-out (the same moves, for measuring it)
        self.fast = fast
        #: medium's move at the decision being searched (the fast play-out makes it itself)
        self.first = ""
        #: how many candidates the last decision compared (1: no search)
        self.choices = 0

    def candidates(self, seen: Seen, rng: random.Random) -> list[str]:
        """The moves worth comparing, medium's own first."""
        if seen.phase == "draw":
            first = self.policy.move(seen, rng)
            return [first] + [m for m in seen.legal if m != first]
        first = self.policy.move(seen, rng)
        if seen.phase == "use" or (not self.hold and not first.startswith("discard ")):
            return [first]
        kinds = sorted({KIND_OF[m[8:]] for m in seen.legal if m.startswith("discard ")})
        kinds.sort(key=lambda k: (keep_value(seen, k), k))
        out = [first]
        for k in kinds[: self.discards]:
            mv = "discard " + CODE_OF[k]
            if mv != first:
                out.append(mv)
        return out

    def steps(self, view: dict[str, Any], rng: random.Random) -> Generator[str | None, None, str]:
        if view["seat"] in view.get("decide", ()):
            move = "reenter" if self.reenter(view, rng) else "retire"
        else:
            seen = Seen(view)
            cands = self.candidates(seen, rng)
            self.choices = len(cands)
            move = cands[0]
            if len(cands) > 1:
                move = yield from self.search(seen, cands, rng)
        yield move
        return move

    def choose(self, view: dict[str, Any], rng: random.Random) -> str:
        if view["seat"] not in view.get("decide", ()) and view["turn"] != view["seat"]:
            raise ValueError(f"seat {view['seat']} is not to act")
        return result_of(self.steps(view, rng))

    def search(self, seen: Seen, cands: list[str], rng: random.Random) -> Generator[None, None, str]:
        """Plays the candidates out on the same sampled worlds (yielding after each world), every
        ``every`` worlds dropping those clearly behind the best, until one is left or
        ``playouts`` hands have been played out."""
        self.first = cands[0]
        unseen = _unseen(seen)
        known = _known(seen)
        results: list[list[float]] = [[] for _ in cands]
        alive = list(range(len(cands)))
        deadline = time.perf_counter() + self.seconds
        spent = done = 0
        while len(alive) > 1 and spent < self.playouts:
            if done >= self.min_worlds and time.perf_counter() > deadline:
                break
            world = self.world(seen, known, unseen, rng)
            for i in alive:
                results[i].append(self.play_out(world, seen.seat, cands[i], rng))
            spent += len(alive)
            done += 1
            if done % self.every == 0:
                alive = self.prune(results, alive)
            yield None
        return cands[self.pick(results, alive)]

    def prune(self, results: list[list[float]], alive: list[int]) -> list[int]:
        """The candidates not behind the best by more than ``cut`` standard errors."""
        best = max(alive, key=lambda i: (_mean(results[i]), -i))
        return [i for i in alive if i == best or _edge(results[i], results[best], self.cut) >= 0]

    def pick(self, results: list[list[float]], alive: list[int]) -> int:
        """Medium's move (the first) unless another beats it by more than ``z`` standard errors
        of the paired difference (then the one that does so most); the best left if it is out."""
        if 0 not in alive:
            return max(alive, key=lambda i: (_mean(results[i]), -i))
        best, best_edge = 0, 0.0
        for i in alive[1:]:
            edge = _edge(results[i], results[0], -self.z)
            if edge > best_edge:
                best, best_edge = i, edge
        return best

    def world(
        self, seen: Seen, known: dict[int, list[int]], unseen: Counter[int], rng: random.Random
    ) -> State:
        """One world to play the candidates out in (a test-only oracle overrides it)."""
        return sample_world(seen, known, unseen, rng, self.tries, self.rank)

    def play_out(self, world: State, seat: int, move: str, rng: random.Random) -> float:
        """``move``'s outcome in ``world`` played to the end (by :class:`FastHand`: ``world`` is
        left as it was). ``move`` is medium's own (the first candidate: the fast play-out makes
        it) or a draw, take or discard; any other is made by the engine on a copy."""
        if not self.fast:
            st = world.copy()
            st.apply(seat, parse_move(move))
            playout(st, self.policy, rng)
            return outcome(st, seat, self.per_point, self.their_point)
        if move == self.first:
            hand = FastHand(world)
            hand.step()
        else:
            hand = after_move(world, seat, move)
        hand.play(PLAYOUT_MOVES)
        return fast_outcome(hand, seat, self.per_point, self.their_point)


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def _edge(a: list[float], b: list[float], z: float) -> float:
    """The mean of ``a - b`` over the worlds both were played in, plus ``z`` standard errors."""
    n = min(len(a), len(b))
    if n == 0:
        return 0.0
    diffs = [x - y for x, y in zip(a[:n], b[:n], strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    return mean + z * math.sqrt(var / n)


__all__ = [
    "RolloutBot",
    "fast_outcome",
    "outcome",
    "plausible",
    "playout",
    "sample_world",
    "state_seen",
    "worth",
]
