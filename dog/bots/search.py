"""The hard bot: a search over sampled hidden hands (determinization) with short rollouts.

For its best few moves by the medium judgement, it deals the unseen cards at random a
few times, plays each move, lets the next seats answer greedily with their sampled hands
(the opponents' captures, the partner's help), and keeps the move whose boards are best
for its team on average. Exchanges as the medium bot.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from typing import Any

from ..board import team_of
from ..moves import FOLD, parse_move
from ..state import EXCHANGE, PLAY, State
from .base import Bot
from .knowledge import determinize
from .simple import exchange_card, pick_best, score_moves
from .value import evaluate

DEFAULT_SAMPLES = 6
DEFAULT_CANDIDATES = 5
DEFAULT_PLIES = 3
#: most moves a rollout seat weighs (a 7 can have hundreds)
ROLLOUT_WIDTH = 40
#: weight of the medium judgement of the move itself next to the rollouts' average
PRIOR = 0.5


class HardBot(Bot):
    """Determinized search: ``samples`` deals of the hidden cards × ``candidates`` moves,
    each followed by ``plies`` greedy answers of the next seats."""

    level = "hard"

    def __init__(
        self,
        samples: int = DEFAULT_SAMPLES,
        candidates: int = DEFAULT_CANDIDATES,
        plies: int = DEFAULT_PLIES,
        prior: float = PRIOR,
    ) -> None:
        self.samples = samples
        self.candidates = candidates
        self.plies = plies
        self.prior = prior

    def decide(self, view: dict[str, Any], moves: list[str], rng: random.Random) -> str:
        move = ""
        for step in self._search(view, moves, rng):
            if step is not None:
                move = step
        return move

    def steps(self, view: dict[str, Any], rng: random.Random) -> Generator[str | None, None, str]:
        moves = self.options(view)
        if len(moves) <= 1:
            move = moves[0] if moves else ""
            yield move
            return move
        move = ""
        for step in self._search(view, moves, rng):
            yield step
            if step is not None:
                move = step
        return move

    def _search(
        self, view: dict[str, Any], moves: list[str], rng: random.Random
    ) -> Generator[str | None, None, None]:
        seat = view["seat"]
        first = determinize(view, rng)
        if view["phase"] == EXCHANGE:
            yield exchange_card(first, seat, moves)
            return
        scored = sorted(score_moves(first, seat, moves), reverse=True)
        cands = scored[: self.candidates]
        if len(cands) == 1:
            yield cands[0][1]
            return
        team = team_of(seat)
        totals = {m: self.prior * s * self.samples for s, m in cands}
        for i in range(self.samples):
            st = first if i == 0 else determinize(view, rng)
            for _, m in cands:
                s = st.copy()
                s.apply(seat, parse_move(m))
                self._rollout(s, seat, rng)
                totals[m] += evaluate(s, team)
            yield None
        best = max(totals.values())
        yield rng.choice(sorted(m for m, v in totals.items() if v >= best - 1e-9))

    def _rollout(self, s: State, seat: int, rng: random.Random) -> None:
        for _ in range(self.plies):
            if s.phase != PLAY or s.turn == seat:
                return
            t = s.turn
            moves = s.play_moves(t)
            if moves == [FOLD] or len(moves) == 1:
                s.apply(t, parse_move(moves[0]))
                continue
            if len(moves) > ROLLOUT_WIDTH:
                moves = rng.sample(moves, ROLLOUT_WIDTH)
            s.apply(t, parse_move(pick_best(score_moves(s, t, moves), rng)))


__all__ = ["DEFAULT_CANDIDATES", "DEFAULT_PLIES", "DEFAULT_SAMPLES", "HardBot"]
