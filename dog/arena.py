"""Bot tournaments: ``python -m dog arena --bots hard,medium --games N --seed S --json``.

Two levels play as teams: in even games the first level sits at seats 0 and 2, in odd
games at 1 and 3, on the same deal (the game seed is shared by each pair of games), so
neither seats nor cards favour a level. ``--max-rounds`` ends a game that runs too long;
it then counts for nobody. Win rates come with 95% Wilson intervals.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from tabletop.arena import bot_plays, median_ms, p90_ms, rate, rng_of, seed_of
from tabletop.arena import wilson as wilson  # the arena's API
from tabletop.cli import rules_arg

from .bots import LEVELS, Bot, make_bot
from .game import Game
from .state import EXCHANGE


def game_seed(seed: int, game_no: int) -> int:
    """The deal of game ``game_no`` of a run: shared by each pair of games (seats swapped)."""
    return seed_of("dog-arena", seed, game_no // 2)


def play_game(
    bots: Sequence[Bot],
    seed: int,
    rules: Any = "standard",
    max_rounds: int | None = None,
    rngs: Sequence[random.Random] | None = None,
    times: list[list[float]] | None = None,
) -> dict[str, Any]:
    """One game, ``bots[seat]`` at each seat. Returns the winning team (None when cut off at
    ``max_rounds``), the rounds dealt and the moves made; each decision's time goes to ``times[seat]``."""
    g = Game.new(4, rules, seed=seed)
    rngs = rngs or [rng_of("dog-arena", seed, "seat", s) for s in range(4)]
    moves = 0
    while not g.over:
        if max_rounds is not None and g.state.round > max_rounds:
            return {"winner": None, "rounds": g.state.round - 1, "moves": moves}
        seats = [s for s in range(4) if any(m.startswith("give ") for m in g.legal_moves(s))]
        if g.phase != EXCHANGE:
            assert g.turn is not None
            seats = [g.turn]
        for s in seats:
            seat_times = times[s] if times is not None else None
            bot_plays(g, bots[s], s, rngs[s], seat_times, f"{bots[s].level} bot at seat {s} (seed {seed})")
            moves += 1
    return {"winner": g.winner, "rounds": g.state.round, "moves": moves}


def run_arena(
    levels: Sequence[str],
    games: int,
    seed: int = 1,
    rules: Any = "standard",
    max_rounds: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """``games`` games between two levels as teams; per-level wins with 95% intervals."""
    if len(levels) != 2 or any(lv not in LEVELS for lv in levels):
        raise ValueError(f"--bots takes two levels out of {', '.join(LEVELS)}, e.g. hard,medium")
    if games < 1:
        raise ValueError("--games must be at least 1")
    a, b = levels
    bots = {lv: make_bot(lv) for lv in set(levels)}
    wins = [0, 0]
    unfinished = 0
    rounds: list[int] = []
    moves = 0
    times: dict[str, list[float]] = {a: [], b: []}
    start = time.perf_counter()
    for i in range(games):
        first_team = i % 2  # the team (seats 0 & 2, or 1 & 3) the first level plays
        seat_level = [a if s % 2 == first_team else b for s in range(4)]
        seat_times: list[list[float]] = [[] for _ in range(4)]
        res = play_game(
            [bots[lv] for lv in seat_level], game_seed(seed, i), rules, max_rounds, times=seat_times
        )
        for s in range(4):
            times[seat_level[s]].extend(seat_times[s])
        moves += res["moves"]
        rounds.append(res["rounds"])
        if res["winner"] is None:
            unfinished += 1
        else:
            wins[0 if res["winner"] == first_team else 1] += 1
        if progress:
            progress(i + 1, games)
    finished = games - unfinished
    per_level = []
    for idx, lv in enumerate((a, b)):
        ts = times[lv]
        per_level.append(
            {
                "level": lv,
                "wins": wins[idx],
                **rate(wins[idx], finished, digits=None),
                "decision_ms_median": median_ms(ts, 3) or 0.0,
                "decision_ms_p90": p90_ms(ts, 3) or 0.0,
            }
        )
    return {
        "bots": [a, b],
        "games": games,
        "finished": finished,
        "unfinished": unfinished,
        "seed": seed,
        "max_rounds": max_rounds,
        "rounds_median": statistics.median(rounds),
        "moves": moves,
        "seconds": round(time.perf_counter() - start, 2),
        "levels": per_level,
    }


def format_table(summary: dict[str, Any]) -> str:
    lines = [
        f"{summary['games']} games ({summary['unfinished']} cut off), seed {summary['seed']}, "
        f"median {summary['rounds_median']} rounds, {summary['seconds']} s"
    ]
    for row in summary["levels"]:
        lo, hi = row["ci95"]
        lines.append(
            f"{row['level']:>8}: {row['wins']:>4} wins  {100 * row['win_rate']:5.1f}%  "
            f"[95% {100 * lo:.1f}–{100 * hi:.1f}]  decision median {row['decision_ms_median']} ms"
        )
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m dog arena", description="bot team tournaments")
    p.add_argument(
        "--bots",
        default="medium,easy",
        help="two levels, e.g. hard,medium (the first at seats 0 & 2 in even games)",
    )
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rules", default="standard", help="a preset name or a JSON object of rule fields")
    p.add_argument("--max-rounds", type=int, default=None, help="cut off games longer than this many rounds")
    p.add_argument("--json", action="store_true", help="one JSON object as the last line")
    return p


def main(argv: Sequence[str], out: TextIO) -> int:
    args = build_parser().parse_args(list(argv))
    rules = rules_arg(args.rules)
    progress = None
    if not args.json and sys.stderr.isatty():

        def progress(done: int, total: int) -> None:
            sys.stderr.write(f"\r{done}/{total} games")
            sys.stderr.flush()

    summary = run_arena(args.bots.split(","), args.games, args.seed, rules, args.max_rounds, progress)
    if args.json:
        print(json.dumps(summary), file=out)
    else:
        print(format_table(summary), file=out)
    return 0
