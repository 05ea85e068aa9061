#!/usr/bin/env python3
"""The hard bots' decision time, Scala 40 and DOG (issues 23 and 24: ≤ 500 ms median in the page).

    python3 benchmarks/bot_time.py [--decisions 40] [--seed 1] [--json]    # CPython
    node benchmarks/bot_time_pyodide.mjs [--decisions 40] [--seed 1]       # the page's Pyodide

Seeded games in which every seat is the hard bot; each decision with a choice (more than one
legal move, or Scala 40's play phase where ``open`` is not listed) is timed, from the
seat's own ``view(seat)`` as the page's driver gives it, until ``--decisions`` per game.
Figures, not a timed test: nothing here passes or fails; the machine may be shared (the
1-minute load average is printed with them). Standard library only, so that Pyodide runs
it as it is.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # the rules packages


def scala40_decisions(seed: int) -> Iterator[tuple[Any, int, dict[str, Any]]]:
    """(match, seat, view) of every decision of seeded two- to four-player hands."""
    import scala40

    for k in range(1000):
        m = scala40.Match.new(players=2 + (seed + k) % 3, rules="classic", seed=seed + k)
        while not m.game.over:
            seat = m.game.turn
            assert seat is not None
            yield m, seat, m.view(seat)


def dog_decisions(seed: int) -> Iterator[tuple[Any, int, dict[str, Any]]]:
    import dog

    for k in range(1000):
        m = dog.Match.new(rules="standard", games=1, seed=seed + k)
        while not m.over:
            g = m.game
            if g.state.phase == "exchange":
                seat = next(s for s in range(4) if any(x.startswith("give ") for x in g.legal_moves(s)))
            else:
                seat = g.state.turn
            yield m, seat, m.view(seat)


def has_choice(game: str, view: dict[str, Any]) -> bool:
    legal = [m for m in view.get("legal") or () if m not in ("abandon", "timeout")]
    if game == "scala40":
        return len(legal) > 1 or view.get("phase") != "draw"
    return len(legal) > 1


def legal_of(game: str, m: Any, seat: int, view: dict[str, Any]) -> dict[str, Any]:
    if game == "dog":  # DOG's view has no legal moves; the page's table state has them
        return {**view, "legal": m.legal_moves(seat)}
    return view


def kind(game: str, move: str) -> str:
    """What a decision chose: Scala 40's verb; DOG's give, its 7, another card, or fold."""
    head = move.split()[0]
    if game == "scala40" or head in ("give", "fold"):
        return head
    return "seven" if head.startswith("7") or head == "JK=7" else "card"


def measure(game: str, decisions: int, seed: int) -> dict[str, Any]:
    if game == "scala40":
        from scala40.bots import make_bot

        source: Callable[[int], Iterator[tuple[Any, int, dict[str, Any]]]] = scala40_decisions
    else:
        from dog.bots import make_bot

        source = dog_decisions
    bot = make_bot("hard")
    times: list[float] = []
    kinds: dict[str, list[float]] = {}
    rng = random.Random(seed)
    for m, seat, view in source(seed):
        started = time.perf_counter()
        move = bot.choose(view, rng)
        took = (time.perf_counter() - started) * 1000
        if has_choice(game, legal_of(game, m, seat, view)):
            times.append(took)
            kinds.setdefault(kind(game, move), []).append(took)
            if len(times) >= decisions:
                break
        m.play(move, seat)
    times.sort()
    return {
        "decisions": len(times),
        "median_ms": round(statistics.median(times), 1),
        "p90_ms": round(times[int(0.9 * (len(times) - 1))], 1),
        "p99_ms": round(times[int(0.99 * (len(times) - 1))], 1),
        "max_ms": round(times[-1], 1),
        "mean_ms": round(statistics.fmean(times), 1),
        "median_ms_by_move": {k: [len(v), round(statistics.median(v), 1)] for k, v in sorted(kinds.items())},
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--decisions", type=int, default=40, help="decisions timed per game")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--games", default="scala40,dog")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    args = p.parse_args(argv)
    out: dict[str, Any] = {
        "runtime": f"{sys.implementation.name} {sys.version.split()[0]} ({sys.platform})",
        "seed": args.seed,
    }
    if hasattr(os, "getloadavg") and sys.platform != "emscripten":  # Pyodide's is made up
        out["load_1min"] = round(os.getloadavg()[0], 2)
    for game in args.games.split(","):
        out[game] = measure(game, args.decisions, args.seed)
    if args.json:
        print(json.dumps(out))
    else:
        for key, value in out.items():
            print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
