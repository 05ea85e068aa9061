"""The quick bots: ``random``, ``easy`` and ``medium``."""

from __future__ import annotations

import random
from typing import Any

from ..board import HOME, PAWNS, partner, team_of
from ..cards import rank_of
from ..moves import GIVE, parse_move
from ..state import EXCHANGE, State
from .base import Bot
from .knowledge import determinize
from .value import MEDIUM, Weights, evaluate, keep_value

#: how often the easy bot follows its preference instead of playing at random
EASY_PREFERENCE = 0.6


class RandomBot(Bot):
    """Any legal move, uniformly."""

    level = "random"

    def decide(self, view: dict[str, Any], moves: list[str], rng: random.Random) -> str:
        return rng.choice(moves)


class EasyBot(Bot):
    """Legal moves with a light preference: into the home, out of the nest, forward."""

    level = "easy"

    def __init__(self, preference: float = EASY_PREFERENCE) -> None:
        self.preference = preference

    def decide(self, view: dict[str, Any], moves: list[str], rng: random.Random) -> str:
        if view["phase"] == EXCHANGE or rng.random() >= self.preference:
            return rng.choice(moves)
        for wanted in (lambda m: "-h" in m, lambda m: m.endswith(" out"), _forward):
            liked = [m for m in moves if wanted(m)]
            if liked:
                return rng.choice(liked)
        return rng.choice(moves)


def _forward(move: str) -> bool:
    parts = move.split(" ")[1:]
    for part in parts:
        a, dash, b = part.partition("-")
        if not dash or not a.isdigit() or not b.isdigit() or (int(b) - int(a)) % 64 > 13:
            return False
    return bool(parts)


def board_key(st: State) -> tuple[int, ...]:
    return (*st.loc, *st.fresh)


def score_moves(st: State, seat: int, moves: list[str], w: Weights = MEDIUM) -> list[tuple[float, str]]:
    """Each card move with the worth of the board it leaves for ``seat``'s team, less the
    worth of the card spent; moves leaving the same board keep only the cheapest card."""
    team = team_of(seat)
    counts = [max(1, len(h)) for h in st.hands]
    best: dict[tuple[int, ...], tuple[float, str, State]] = {}
    for m in moves:
        mv = parse_move(m)
        after = st.board_copy()
        after.effect(seat, mv)
        key = board_key(after)
        cost = w.keep * keep_value(mv.card)
        old = best.get(key)
        if old is None or old[0] > cost:
            best[key] = (cost, m, after)
    return [(evaluate(after, team, counts, w) - cost, m) for cost, m, after in best.values()]


def pick_best(scored: list[tuple[float, str]], rng: random.Random) -> str:
    top = max(s for s, _ in scored)
    return rng.choice(sorted(m for s, m in scored if s >= top - 1e-9))


def exchange_card(st: State, seat: int, moves: list[str]) -> str:
    """The card to give the partner: what helps the partner most and costs this seat least."""
    mate = partner(seat)
    mate_nest = st.loc[mate * PAWNS : mate * PAWNS + PAWNS].count(-1)
    mate_out = sum(1 for p in range(mate * PAWNS, mate * PAWNS + PAWNS) if 0 <= st.loc[p] < HOME)
    hand = st.hands[seat]
    own_out = sum(1 for p in range(seat * PAWNS, seat * PAWNS + PAWNS) if 0 <= st.loc[p] < HOME)
    outs = [c for c in hand if rank_of(c) in ("A", "K")]

    def worth(card: str) -> float:
        rank = rank_of(card)
        value = -keep_value(card)
        if rank in ("A", "K"):
            if mate_out == 0 and mate_nest:
                value += 6.0 if (len(outs) > 1 or own_out) else 3.0
            elif len(outs) == 1 and own_out == 0:
                value -= 4.0
        if rank == "4" and mate_out:
            value += 1.0
        if rank == "7" and mate_out >= 2:
            value += 1.0
        return value

    gives = [m for m in moves if m.startswith(GIVE)]
    return max(gives, key=lambda m: (worth(m.split(" ")[1]), m))


class MediumBot(Bot):
    """Weighs every move by the board it leaves: progress, safety from the opponents'
    cards, sending opponents home, guarding the start field; gives a useful card."""

    level = "medium"

    def __init__(self, weights: Weights = MEDIUM) -> None:
        self.weights = weights

    def decide(self, view: dict[str, Any], moves: list[str], rng: random.Random) -> str:
        st = determinize(view, rng)
        seat = view["seat"]
        if view["phase"] == EXCHANGE:
            return exchange_card(st, seat, moves)
        return pick_best(score_moves(st, seat, moves, self.weights), rng)


__all__ = ["EasyBot", "MediumBot", "RandomBot", "board_key", "exchange_card", "pick_best", "score_moves"]
