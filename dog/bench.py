"""Engine speed: ``python -m dog bench --json``. Figures for the docs, never timed tests.

* ``legal_moves()`` per position, over positions from seeded play (the 7's included):
  median, p99 and max in ms, and p99 over positions where the hand holds a 7 or a Jolly;
* a whole game of uniformly random legal moves through the public API: median ms;
* moves per second over those games; the hard bot's decision time (median, p90).

Times are wall-clock (``perf_counter``) and CPU (``process_time``); on a loaded machine
the CPU figures are the steadier ones.
"""

from __future__ import annotations

import platform
import random
import statistics
import sys
import time
from typing import Any

from .game import Game
from .state import META_MOVES


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def _ms(x: float) -> float:
    return round(1000 * x, 3)


def positions_from_play(games: int, seed: int) -> list[dict[str, Any]]:
    """Play-phase positions from seeded games (random moves, leaning homeward like players)."""
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    for _ in range(games):
        g = Game.new(seed=rng.randrange(2**31))
        while not g.over:
            moves = [m for m in g.legal_moves() if m not in META_MOVES]
            if g.phase == "play":
                out.append(g.position())
            liked = [m for m in moves if "-h" in m or m.endswith(" out")]
            g.play(rng.choice(liked if liked and rng.random() < 0.7 else moves))
    return out


def time_legal(positions: list[dict[str, Any]], repeat: int = 3) -> dict[str, float]:
    """Time ``legal_moves()`` on each position (fresh, nothing cached): the least of
    ``repeat`` runs, in CPU time, so that other processes' load counts as little as it can."""
    cpu: list[float] = []
    wall: list[float] = []
    sevens: list[float] = []
    sizes: list[int] = []
    for pos in positions:
        best_cpu = best_wall = float("inf")
        for _ in range(repeat):
            g = Game.from_position(pos)
            w0, c0 = time.perf_counter(), time.process_time()
            moves = g.legal_moves()
            best_cpu = min(best_cpu, time.process_time() - c0)
            best_wall = min(best_wall, time.perf_counter() - w0)
        cpu.append(best_cpu)
        wall.append(best_wall)
        sizes.append(len(moves))
        if any(c.startswith("7") or c == "JK" for c in pos["hands"][pos["turn"]]):
            sevens.append(best_cpu)
    return {
        "positions": len(cpu),
        "legal_cpu_ms_median": _ms(statistics.median(cpu)),
        "legal_cpu_ms_p99": _ms(_pct(cpu, 0.99)),
        "legal_cpu_ms_max": _ms(max(cpu)),
        "legal_cpu_ms_p99_with_7": _ms(_pct(sevens, 0.99)),
        "legal_wall_ms_p99": _ms(_pct(wall, 0.99)),
        "positions_with_7": len(sevens),
        "moves_per_position_max": max(sizes),
    }


def random_game(seed: int) -> int:
    """One whole game of uniformly random legal moves (public API); moves made."""
    rng = random.Random(seed)
    g = Game.new(seed=seed)
    n = 0
    while not g.over:
        g.play(rng.choice([m for m in g.legal_moves() if m not in META_MOVES]))
        n += 1
    return n


def time_games(games: int, seed: int) -> dict[str, float]:
    wall: list[float] = []
    cpu: list[float] = []
    counts: list[int] = []
    rng = random.Random(seed)
    for _ in range(games):
        s = rng.randrange(2**31)
        w0, c0 = time.perf_counter(), time.process_time()
        counts.append(random_game(s))
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
    return {
        "games": games,
        "game_ms_median": _ms(statistics.median(wall)),
        "game_cpu_ms_median": _ms(statistics.median(cpu)),
        "moves_per_game_median": statistics.median(counts),
        "moves_per_s": round(sum(counts) / sum(wall), 1),
        "moves_per_cpu_s": round(sum(counts) / sum(cpu), 1),
    }


def time_bot(level: str, positions: list[dict[str, Any]], limit: int, seed: int) -> dict[str, float]:
    """Decision times of a bot on play positions with a choice to make."""
    from .bots import make_bot

    bot = make_bot(level)
    rng = random.Random(seed)
    times: list[float] = []
    cpu: list[float] = []
    for pos in positions:
        if len(times) >= limit:
            break
        g = Game.from_position(pos)
        if len([m for m in g.legal_moves() if m not in META_MOVES]) < 2:
            continue
        assert g.turn is not None
        view = g.view(g.turn)
        w0, c0 = time.perf_counter(), time.process_time()
        bot.choose(view, rng)
        cpu.append(time.process_time() - c0)
        times.append(time.perf_counter() - w0)
    return {
        f"{level}_decisions": len(times),
        f"{level}_cpu_ms_median": _ms(statistics.median(cpu)) if cpu else 0.0,
        f"{level}_cpu_ms_p90": _ms(_pct(cpu, 0.9)),
        f"{level}_wall_ms_median": _ms(statistics.median(times)) if times else 0.0,
    }


def run_bench(
    games: int = 30, seed: int = 1, positions: int = 3000, bot_decisions: int = 150
) -> dict[str, Any]:
    pos = positions_from_play(max(1, positions // 250), seed)[:positions]
    result: dict[str, Any] = {
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
    }
    result.update(time_legal(pos))
    result.update(time_games(games, seed))
    rng = random.Random(seed)
    sample = rng.sample(pos, min(len(pos), bot_decisions * 3))
    result.update(time_bot("hard", sample, bot_decisions, seed))
    return result
