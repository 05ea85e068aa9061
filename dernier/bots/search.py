"""Campione: determinized Monte Carlo search over the information set of one seat.

Each *iteration* samples the hidden cards consistently with the view
(:class:`~dernier.bots.knowledge.Knowledge`: own hand, discard pile, counts and what
opponents showed they lacked), then plays every candidate move still in the race on a
copy of that same deal and plays on with the playout policy (:mod:`dernier.bots.policy`)
for :data:`DEPTH` moves, where a fitted estimate of each seat's chance to win the hand
(:mod:`dernier.bots.value`) judges it, unless the hand ended first. Candidates race by
*sequential halving*: the budget is split into rounds and after each round the worse
half drops out, so the best moves get most playouts; the same sampled deals are shared by
all candidates of a round (common random numbers), which makes the comparison sharper
than the raw playout count suggests.

The reward of a finished playout is 1 when the seat wins the hand (goes out, or is ranked
first when the draw pile runs out) plus a small share for the points it scores; of a
truncated one, the estimated chance to win. The medium
bot's choice starts with a bonus of ``prior / sqrt(playouts)``, so that a noisy search
(many candidates, many opponents) leaves the sound heuristic move only on real evidence.

The budget is a number of playouts (deterministic: tests and the arena use it) and
optionally a time limit (the page uses it); the search stops at whichever comes first.
"""

from __future__ import annotations

import random
import time
from collections.abc import Generator, Iterator
from typing import Any

from ..cards import JACK, JOKER, RANK_OF
from ..moves import CALL, CALL_FLAG, CARD_MASK, MOVE_TEXT, NAMED_SHIFT, SUIT_MASK, is_play
from ..state import State
from .base import Bot
from .knowledge import Knowledge, legal_ints
from .policy import hand_winner, playout
from .simple import MediumBot
from .value import Weights, weights_for, win_chance

#: playouts per move at the default budget (kept under ~250 ms median on CPython)
DEFAULT_ITERATIONS = 3000
#: playouts stop after this many moves and the hand is judged by the fitted estimate of
#: :mod:`dernier.bots.value` (as strong as whole playouts in the arena, three times faster)
DEPTH = 8
#: the same for two-deck games (9 cards each: longer hands need a longer look ahead)
DEPTH_TWO_DECKS = 16
#: the points term of the reward, per point of score margin
POINTS_WEIGHT = 0.0005
#: the medium bot's choice starts ahead by ``PRIOR / sqrt(playouts)``: the search has to
#: beat the heuristic move by more than its noise
PRIOR = 0.5
#: ranks a traditional wild Jolly is tried as: A, 7, Q, K and a plain 5
_WILD_RANKS = (0, 6, 11, 12, 4)


def candidates(legal: list[int]) -> list[int]:
    """The moves worth searching: the ``!`` form of every play that has one, one J per
    chosen suit (J of different suits differ only in the suit they show), and for a
    traditional wild Jolly only a few named cards per suit."""
    legal_set = set(legal)
    out: list[int] = []
    seen_jack_suits: set[int] = set()
    for m in sorted(legal):
        if m == CALL:
            continue
        if is_play(m):
            if m & CALL_FLAG:
                continue
            if (m | CALL_FLAG) in legal_set:
                m |= CALL_FLAG
            kind = m & CARD_MASK
            if kind != JOKER and RANK_OF[kind] == JACK:
                suit = m & SUIT_MASK
                if suit in seen_jack_suits:
                    continue
                seen_jack_suits.add(suit)
            elif kind == JOKER and (m >> NAMED_SHIFT) & 0x3F:
                named = ((m >> NAMED_SHIFT) & 0x3F) - 1
                if RANK_OF[named] not in _WILD_RANKS:
                    continue
        out.append(m)
    return out


class HardBot(Bot):
    """Campione: determinized Monte Carlo search (see the module docstring).

    ``iterations``: playouts per move; ``seconds``: a time limit per move. With neither
    the budget is :data:`DEFAULT_ITERATIONS` playouts (truncated playouts keep two-deck
    hands as quick as one-deck ones); with ``seconds`` alone the search runs until the time is up.
    ``slice_ms``: how long :meth:`steps` thinks between two yields; ``infer``: use what
    opponents showed they lacked; ``points_weight``: the points term of the reward;
    ``prior``: the head start of the medium bot's move; ``crn``: give every candidate the
    same playout random numbers within an iteration (off: it did not help in the arena);
    ``depth``: moves per playout before the estimate judges it (0: to the end of the hand;
    default :data:`DEPTH`, :data:`DEPTH_TWO_DECKS` with two decks);
    ``tries``: deals per opponent's hand to find one that explains all its plays from the
    hand as the medium bot's (1: it did not help in the arena, and costs time).
    """

    level = "hard"

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        slice_ms: float = 8.0,
        infer: bool = True,
        points_weight: float = POINTS_WEIGHT,
        crn: bool = False,
        prior: float = PRIOR,
        depth: int | None = None,
        tries: int = 1,
    ) -> None:
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be more than 0, not {seconds}")
        self.iterations = iterations
        self.seconds = seconds
        self.slice_ms = slice_ms
        self.infer = infer
        self.points_weight = points_weight
        self.crn = crn
        self.prior = prior
        #: playouts stop after this many moves and the hand is judged by
        #: :func:`~dernier.bots.value.win_chance` (0: play every hand to its end; None:
        #: :data:`DEPTH`, or :data:`DEPTH_TWO_DECKS` with two decks)
        self.depth = depth
        #: deals per opponent's hand and determinization, to find one where its plays are
        #: what the medium bot would have played (1: the first deal)
        self.tries = tries
        #: statistics of the last search: {move: (playouts, mean reward)}
        self.last_stats: dict[str, tuple[int, float]] = {}
        self.last_playouts = 0

    def budget(self, decks: int = 1) -> int:
        """Playouts per move (a huge number when only a time limit is set)."""
        if self.iterations is not None:
            return self.iterations
        if self.seconds is not None:
            return 1 << 40
        return DEFAULT_ITERATIONS

    def look_ahead(self, decks: int = 1) -> int:
        """Moves per playout before the estimate judges it (0: whole hands)."""
        if self.depth is not None:
            return self.depth
        return DEPTH if decks == 1 else DEPTH_TWO_DECKS

    def decide(self, view: dict[str, Any], rng: random.Random) -> str:  # pragma: no cover
        move = ""
        for step in self.steps(view, rng):
            if step is not None:
                move = step
        return move

    def steps(self, view: dict[str, Any], rng: random.Random) -> Generator[str | None, None, str]:
        legal = legal_ints(view)
        self.last_stats = {}
        self.last_playouts = 0
        if CALL in legal:
            yield "dernier"
            return "dernier"
        arms = candidates(legal)
        if len(arms) == 1:
            move = MOVE_TEXT[arms[0]]
            yield move
            return move
        know = Knowledge(view, infer=self.infer)
        favourite = _heuristic_arm(view, arms) if self.prior else -1
        search = self._search(know, arms, rng, favourite)
        best = -1
        for best in search:
            if best < 0:
                yield None
        move = MOVE_TEXT[arms[best]]
        yield move
        return move

    def _search(
        self, know: Knowledge, arms: list[int], rng: random.Random, favourite: int = -1
    ) -> Iterator[int]:
        """Sequential halving; yields -1 between slices, finally the index of the best arm."""
        me = know.seat
        k = len(arms)
        total = self.budget(know.rules.decks)
        rounds = max(1, (k - 1).bit_length())
        now = time.perf_counter
        start = last = now()
        deadline = start + self.seconds if self.seconds is not None else float("inf")
        slice_s = self.slice_ms / 1000.0
        sums = [0.0] * k
        visits = [0] * k
        prior = self.prior

        def value(i: int) -> float:
            if not visits[i]:
                return -1.0
            v = sums[i] / visits[i]
            return v + prior / visits[i] ** 0.5 if i == favourite else v

        alive = list(range(k))
        done = 0
        weight = self.points_weight
        crn = self.crn
        stop = False
        by_time = self.iterations is None and self.seconds is not None
        depth = self.look_ahead(know.rules.decks) or (1 << 30)
        tries = self.tries
        vw = weights_for(know.rules.decks, know.n)
        for r in range(rounds):
            left_rounds = rounds - r
            per_arm = max(1, (total - done) // (left_rounds * len(alive)))
            # with a time limit only, each round gets its share of the time
            round_end = start + (deadline - start) * (r + 1) / rounds if by_time else deadline
            for _ in range(per_arm):
                det = know.determinize(rng, tries)
                seed = rng.getrandbits(32) if crn else 0
                for i in alive:
                    # common random numbers: every candidate meets the same luck
                    sums[i] += judge(det, arms[i], me, random.Random(seed) if crn else rng, depth, vw, weight)
                    visits[i] += 1
                done += len(alive)
                t = now()
                if t >= deadline or done >= total:
                    stop = True
                    break
                if t - last >= slice_s:
                    last = t
                    yield -1
                if t >= round_end:
                    break
            if stop or len(alive) == 1:
                break
            alive.sort(key=lambda i: (-value(i), i))
            alive = alive[: max(1, (len(alive) + 1) // 2)]
        top = max(visits)
        best = max((i for i in range(k) if visits[i] == top or i in alive), key=lambda i: (value(i), -i))
        self.last_playouts = done
        self.last_stats = {MOVE_TEXT[arms[i]]: (visits[i], sums[i] / max(1, visits[i])) for i in range(k)}
        yield best


def _heuristic_arm(view: dict[str, Any], arms: list[int]) -> int:
    """The index in ``arms`` of the medium bot's move, or -1."""
    m = MediumBot().pick(view, legal_ints(view), random.Random(0))
    if m in arms:
        return arms.index(m)
    kind = m & CARD_MASK
    if is_play(m) and kind != JOKER and RANK_OF[kind] == JACK:  # another J, same suit
        for i, a in enumerate(arms):
            if is_play(a) and a & SUIT_MASK == m & SUIT_MASK and RANK_OF[a & CARD_MASK] == JACK:
                return i
    return -1


def judge(
    det: State, m: int, me: int, rng: random.Random, depth: int, weights: Weights, weight: float
) -> float:
    """One playout's reward for ``me``: play ``m`` on a copy of the sampled deal ``det``,
    go on for ``depth`` moves, then the hand's result or, if it goes on, the win estimate."""
    st = det.copy()
    st.apply(m)
    if st.turn >= 0:
        playout(st, rng, depth)
    return _reward(st, me, weight) if st.turn < 0 else win_chance(st, me, weights)


def _reward(st: State, me: int, weight: float) -> float:
    win = 1.0 if hand_winner(st) == me else 0.0
    if not weight:
        return win
    pts = st.points()
    # the mean opponent's cards left minus mine: my hand score minus the mean opponent's
    margin = (sum(pts) - pts[me]) / (st.n - 1) - pts[me]
    return win + weight * margin


def search_playouts_per_s(seconds: float = 1.0, players: int = 2, depth: int = DEPTH) -> float:
    """Playouts per second of the hard bot's search (determinize + copy + policy playout,
    truncated after ``depth`` moves and judged by the win estimate; 0: whole hands)."""
    from ..game import Game

    rng = random.Random(2024)
    g = Game.new(players=players, seed=11)
    while g.turn != 0 or len(candidates(legal_ints(g.view(0)))) < 2:
        if g.over:
            g = Game.new(players=players, seed=rng.randrange(2**31))
            continue
        g.play(rng.choice(g.legal_moves()))
    know = Knowledge(g.view(0))
    arms = candidates(legal_ints(g.view(0)))
    weights = weights_for(know.rules.decks, know.n)
    limit = depth or (1 << 30)
    done = 0
    start = time.perf_counter()
    while True:
        det = know.determinize(rng)
        for m in arms:
            judge(det, m, 0, rng, limit, weights, POINTS_WEIGHT)
            done += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed
