"""Engine speed and the meld finder's latency, against RLCard's Gin Rummy engine when installed.

``python -m scala40 bench --json``. Figures, not timed tests: the machine's load shows in them.
"""

from __future__ import annotations

import platform
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from .cards import FULL_DECK, JOKER
from .finder import best_opening, counts_of
from .game import Game
from .rules import CLASSIC


def _rate(step: Callable[[], int], seconds: float) -> float:
    """Units per CPU second of ``step`` (process time: steadier than the wall clock on a shared
    machine), over ``seconds`` of it."""
    done = 0
    start = time.process_time()
    while True:
        done += step()
        now = time.process_time()
        if now - start >= seconds:
            return done / (now - start)


def random_policy_move(g: Game, rng: random.Random) -> str:
    """A random legal move through the public API; an opening (the first found) when there is one."""
    opens = g.openings(limit=1)
    if opens:
        return opens[0]
    return rng.choice(g.legal_moves())


def public_api_hand(rng: random.Random, players: int, cap: int = 2000) -> int:
    """One hand of random play through the public, validated API; the moves made."""
    g = Game.new(players=players, seed=rng.randrange(2**31))
    moves = 0
    while not g.over and moves < cap:
        g.play(random_policy_move(g, rng))
        moves += 1
    return moves


#: the rule sets of the seeded property run (tests/scala40/test_scala40_properties.py), by seed
PROPERTY_RULES: list[str | dict[str, Any]] = [
    "classic",
    "strict",
    {"free_take": True, "long_runs": True, "many_jokers": True},
]


def property_legal(g: Game) -> list[str]:
    """The property run's moves to choose from: the legal moves, and for a seat that may open,
    its first three openings."""
    legal = g.legal_moves()
    if g.phase in ("play", "use") and not g.state.opened[g.state.turn]:
        legal = legal + g.openings(limit=3)
    return legal


def property_move(legal: list[str], rng: random.Random) -> str:
    """The property run's choice among ``legal``: an opening when there is one, mostly a meld,
    attachment or swap, else often a take, else any."""
    opens = [m for m in legal if m.startswith("open")]
    layers = [m for m in legal if m.startswith(("meld", "attach", "swap"))]
    if opens:
        return opens[0]
    if layers and rng.random() < 0.9:
        return rng.choice(layers)
    if "take" in legal and rng.random() < 0.5:
        return "take"
    return rng.choice(legal)


def moves_digest(hands: int = 1500) -> dict[str, Any]:
    """What a speed-up must leave as it was: over the first ``hands`` hands of the seeded property
    run (2 to 5 players, :data:`PROPERTY_RULES`, at most 1500 moves a hand), every legal list, the
    first three openings and the move chosen, hashed; the moves made; the CPU seconds taken."""
    import hashlib

    digest = hashlib.sha256()
    moves = 0
    start = time.process_time()
    for seed in range(hands):
        rng = random.Random(seed)
        g = Game.new(players=2 + seed % 4, rules=PROPERTY_RULES[seed % len(PROPERTY_RULES)], seed=seed)
        made = 0
        while not g.over and made < 1500:
            legal = property_legal(g)
            digest.update("|".join(legal).encode())
            mv = property_move(legal, rng)
            digest.update(mv.encode())
            g.play(mv)
            made += 1
        moves += made
    return {
        "hands": hands,
        "moves": moves,
        "sha256": digest.hexdigest()[:16],
        "cpu_s": round(time.process_time() - start, 2),
    }


def opening_hands(count: int, seed: int = 40) -> list[list[int]]:
    """``count`` 14-card hands with two jokers (twelve random suited cards)."""
    rng = random.Random(seed)
    suited = [k for k in FULL_DECK if k != JOKER]
    hands = []
    for _ in range(count):
        rng.shuffle(suited)
        hands.append(suited[:12] + [JOKER, JOKER])
    return hands


def _pct(times: list[float], q: float) -> float:
    times = sorted(times)
    return round(times[min(len(times) - 1, int(q * len(times)))], 3)


def meld_finder_ms(count: int = 400) -> dict[str, Any]:
    """The best opening of 14-card two-joker hands (uncached; once by most points, once by
    fewest cards left): per hand and objective, the best of three runs, in ms of CPU time and of
    wall-clock time; medians and p99 over the hands."""
    result: dict[str, Any] = {"hands": count}
    for objective in ("points", "cards"):
        cpu: list[float] = []
        wall: list[float] = []
        for hand in opening_hands(count):
            counts = counts_of(hand)
            best_cpu = best_wall = float("inf")
            for _ in range(3):
                w0, c0 = time.perf_counter(), time.process_time()
                best_opening(counts, CLASSIC, objective=objective)
                best_cpu = min(best_cpu, time.process_time() - c0)
                best_wall = min(best_wall, time.perf_counter() - w0)
            cpu.append(best_cpu * 1000)
            wall.append(best_wall * 1000)
        result[objective] = {
            "cpu_median_ms": _pct(cpu, 0.5),
            "cpu_p99_ms": _pct(cpu, 0.99),
            "wall_median_ms": _pct(wall, 0.5),
            "wall_p99_ms": _pct(wall, 0.99),
        }
    return result


def _rlcard(seconds: float) -> float | None:
    """RLCard Gin Rummy random self-play, steps per second (None without rlcard)."""
    try:
        import numpy as np
        from rlcard.games.gin_rummy.game import GinRummyGame
    except Exception:  # not installed (the `bench` extra)
        return None
    rng = random.Random(1)
    game = GinRummyGame()
    game.np_random = np.random.RandomState(1)

    def hand() -> int:
        game.init_game()
        steps = 0
        while not game.is_over() and steps < 5000:
            game.step(rng.choice(game.judge.get_legal_actions()))
            steps += 1
        return steps

    return _rate(hand, seconds)


def run_bench(
    seconds: float = 3.0, players: int = 2, rlcard: bool = True, finder_hands: int = 400
) -> dict[str, Any]:
    """Everything in one run; RLCard first and last to even out drift."""
    rng = random.Random(12345)
    result: dict[str, Any] = {
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "players": players,
        "note": "rates per CPU second (process time); latencies in CPU and wall-clock ms (noisy under load)",
    }
    rl1 = _rlcard(seconds / 2) if rlcard else None
    public = _rate(lambda: public_api_hand(rng, players), seconds)
    rl2 = _rlcard(seconds / 2) if rlcard else None
    result["public_api_steps_per_s"] = round(public)
    if rl1 is not None and rl2 is not None:
        rl = (rl1 + rl2) / 2
        result["rlcard_gin_rummy_steps_per_s"] = round(rl)
        result["public_vs_rlcard"] = round(public / rl, 2)
    else:
        result["rlcard_gin_rummy_steps_per_s"] = None
        result["rlcard_note"] = "RLCard not installed: pip install -e '.[bench]' for the anchor"
    result["meld_finder"] = meld_finder_ms(finder_hands)
    return result
