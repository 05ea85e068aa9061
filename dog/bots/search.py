"""The hard bot: a plan over its own hand, checked against sampled hidden hands.

For its best few moves by the medium judgement it looks one card further with its own
hand (what its next card can make of the board the move leaves: a 4 kept for the way back
into the home, an A kept for a pawn in the nest, the rest of a 7), and it deals the unseen
cards at random a few times to see how the next seat, an opponent, can answer each move
(its captures) and, when the partner is next, how the partner can go on. It plays for
the team: the board's worth counts both partners' pawns, and a finished player's cards
move the partner's. Exchanges as the medium bot.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from typing import Any

from ..board import partner, team_of
from ..moves import parse_move
from ..state import EXCHANGE, PLAY, State
from .base import Bot
from .knowledge import determinize
from .simple import exchange_card, score_moves
from .value import MEDIUM, Weights, evaluate

DEFAULT_CANDIDATES = 8
DEFAULT_SAMPLES = 3
#: weight of the best follow-up with the bot's own next card
FOLLOW = 1.0
#: weight of the sampled answers of the next seat
REPLY = 0.5
#: most moves weighed for a follow-up or an answer (a 7 can have hundreds)
WIDTH = 48
HARD = MEDIUM


class HardBot(Bot):
    """``candidates`` moves, each judged by the board it leaves, the best follow-up with the
    bot's own remaining cards (weight ``follow``) and the next seat's best answer on
    ``samples`` random deals of the unseen cards (weight ``reply``)."""

    level = "hard"

    def __init__(
        self,
        candidates: int = DEFAULT_CANDIDATES,
        samples: int = DEFAULT_SAMPLES,
        follow: float = FOLLOW,
        reply: float = REPLY,
        weights: Weights = HARD,
    ) -> None:
        self.candidates = candidates
        self.samples = samples
        self.follow = follow
        self.reply = reply
        self.weights = weights

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
        st = determinize(view, rng)
        if view["phase"] == EXCHANGE:
            yield self._exchange(view, st, seat, moves, rng)
            return
        scored = sorted(score_moves(st, seat, moves, self.weights), reverse=True)[: self.candidates]
        if len(scored) == 1:
            yield scored[0][1]
            return
        team = team_of(seat)
        values: dict[str, float] = {}
        for s, m in scored:
            mv = parse_move(m)
            after = st.board_copy()
            after.effect(seat, mv)
            values[m] = s + self.follow * self._follow_up(st, after, seat, mv.card, rng)
        yield None
        if self.reply and self.samples:
            for _ in range(self.samples):
                deal = determinize(view, rng)
                for _, m in scored:
                    values[m] += self.reply * self._answer(deal, seat, m, team, rng) / self.samples
                yield None
        best = max(values.values())
        yield rng.choice(sorted(m for m, v in values.items() if v >= best - 1e-9))

    def _exchange(
        self, view: dict[str, Any], st: State, seat: int, moves: list[str], rng: random.Random
    ) -> str:
        """The card to give: the best sum of what this seat can make of its hand without it and
        what the partner can make of a sampled hand with it (greedy plans, opponents still)."""
        if not self.samples:
            return exchange_card(st, seat, moves)
        mate = partner(seat)
        team = team_of(seat)
        cards = sorted({m.split(" ")[1] for m in moves})
        worth = {c: 0.0 for c in cards}
        for c in cards:
            hand = list(st.hands[seat])
            hand.remove(c)
            worth[c] += self._plan(st, seat, hand, team, rng)
        for _ in range(self.samples):
            deal = determinize(view, rng)
            theirs = deal.hands[mate][:-1] if deal.given[mate] is None else deal.hands[mate]
            for c in cards:
                worth[c] += self._plan(deal, mate, [*theirs, c], team, rng) / self.samples
        best = max(worth.values())
        pick = min(c for c, v in worth.items() if v >= best - 1e-9)
        return f"give {pick}"

    def _plan(self, st: State, seat: int, hand: list[str], team: int, rng: random.Random) -> float:
        """The board's worth after ``seat`` plays ``hand`` greedily, the others standing still."""
        cur = st.board_copy()
        cur.hands = [h[:] for h in st.hands]
        cur.hands[seat] = list(hand)
        cur.phase, cur.turn = PLAY, seat
        penalty = 0.0
        while cur.hands[seat]:
            cur._legal = {}
            nxt = cur.card_moves(seat)
            if not nxt:
                penalty = 5.0 * len(cur.hands[seat])
                break
            if len(nxt) > WIDTH:
                nxt = rng.sample(nxt, WIDTH)
            _, pick = max(score_moves(cur, seat, nxt, self.weights))
            mv = parse_move(pick)
            cur.effect(seat, mv)
            cur.hands[seat].remove(mv.card)
            if cur.team_home(team):
                break
        return evaluate(cur, team, None, self.weights) - penalty

    def _follow_up(self, st: State, after: State, seat: int, card: str, rng: random.Random) -> float:
        """The best the bot's own next card can make of ``after`` (opponents not moving)."""
        hand = list(st.hands[seat])
        hand.remove(card)
        if not hand or after.team_home(team_of(seat)):
            return evaluate(after, team_of(seat), None, self.weights)
        probe = after.board_copy()
        probe.hands = [h[:] for h in st.hands]
        probe.hands[seat] = hand
        probe.phase, probe.turn, probe._legal = PLAY, seat, {}
        nxt = probe.card_moves(seat)
        if not nxt:
            return evaluate(probe, team_of(seat), None, self.weights) - 20.0
        if len(nxt) > WIDTH:
            nxt = rng.sample(nxt, WIDTH)
        return max(v for v, _ in score_moves(probe, seat, nxt, self.weights))

    def _answer(self, deal: State, seat: int, move: str, team: int, rng: random.Random) -> float:
        """How the next seat's best answer, with a sampled hand, changes the board's worth."""
        s = deal.copy()
        s.apply(seat, parse_move(move))
        base = evaluate(s, team, None, self.weights)
        if s.phase != PLAY or s.turn == seat:
            return 0.0
        t = s.turn
        nxt = s.card_moves(t)
        if not nxt:
            return 0.0
        if len(nxt) > WIDTH:
            nxt = rng.sample(nxt, WIDTH)
        _, pick = max(score_moves(s, t, nxt, self.weights))
        s.effect(t, parse_move(pick))
        return evaluate(s, team, None, self.weights) - base


__all__ = ["DEFAULT_CANDIDATES", "DEFAULT_SAMPLES", "HardBot"]
