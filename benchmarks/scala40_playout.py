#!/usr/bin/env python3
"""Play-outs per CPU second: the engine driven by MediumBot against the fast play-out.

    python benchmarks/scala40_playout.py [--positions 600] [--seed 7] [--repeat 5]

The positions are those of tests/scala40/test_scala40_fastplay.py (medium-against-medium hands
of 2–4 players under six rule sets, stopped after 0–40 moves; in one of four the stock nearly
empty). Each position is played to the end both ways (``rollout.playout``: every move a string,
judged by the engine, the legal moves listed; ``FastHand.play``), and the two ends compared
(closer, penalties, close in hand, number of moves). Each repeat times the engine over all the
positions, then the fast play-out; the rates are play-outs per second of process time (best and
median of the repeats: under load the best is the least disturbed). Not a test.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "scala40"))

from test_scala40_fastplay import engine_playout, fast_playout, positions  # noqa: E402

from scala40.bots import fastplay  # noqa: E402
from scala40.bots.rollout import RolloutBot, playout  # noqa: E402
from scala40.bots.simple import MediumBot  # noqa: E402
from scala40.game import Game  # noqa: E402
from scala40.state import State  # noqa: E402


class Timed(RolloutBot):
    """The rollout bot, timing its play-outs (CPU time) and counting them."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.spent = 0.0
        self.count = 0

    def play_out(self, world: State, seat: int, move: str, rng: random.Random) -> float:
        t = time.process_time()
        r = super().play_out(world, seat, move, rng)
        self.spent += time.process_time() - t
        self.count += 1
        return r


def decisions(hands: int) -> dict[str, Any]:
    """The rollout bot (90 play-outs) at seat 0 of ``hands`` seeded two- and three-player hands
    against medium, each decision made twice: with the engine's play-outs and with the fast
    ones (the same moves); CPU time per play-out and per decision with a choice."""
    old, new = Timed(fast=0, seconds=1e9), Timed(seconds=1e9)
    medium = MediumBot()
    same = searched = made = 0
    spent = [0.0, 0.0]
    for i in range(hands):
        g = Game.new(players=2 + i % 2, seed=500 + i)
        rng = random.Random(i)
        while not g.over:
            s = g.turn
            assert s is not None
            view = g.view(s)
            if s:
                g.play(medium.choose(view, rng), s)
                continue
            moves = []
            for j, bot in enumerate((old, new)):
                t = time.process_time()
                moves.append(bot.choose(view, random.Random(len(g.moves))))
                spent[j] += time.process_time() - t
            made += 1
            same += moves[0] == moves[1]
            searched += new.choices > 1
            g.play(moves[0], s)
    return {
        "decisions": made,
        "searched": searched,
        "playouts": new.count,
        "same_moves": same,
        "engine_ms_per_playout": round(1000 * old.spent / old.count, 3),
        "fast_ms_per_playout": round(1000 * new.spent / new.count, 3),
        "playout_speedup": round(old.spent / new.spent, 2),
        "engine_ms_per_search": round(1000 * spent[0] / searched, 1),
        "fast_ms_per_search": round(1000 * spent[1] / searched, 1),
    }


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--positions", type=int, default=600)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument(
        "--hands", type=int, default=0, help="also time the rollout bot's play-outs in this many hands"
    )
    args = p.parse_args()
    if args.hands:
        print(json.dumps(decisions(args.hands)))
    pos = positions(args.positions, args.seed)
    seen: Counter[str] = Counter()
    agree = sum(fast_playout(st) == engine_playout(st.copy(), seen) for st in pos)
    medium = MediumBot()
    engine: list[float] = []
    fast: list[float] = []
    for _ in range(args.repeat):
        worlds = [st.copy() for st in pos]
        t = time.process_time()
        for st in worlds:
            playout(st, medium, random.Random(0))
        engine.append(time.process_time() - t)
        fastplay.clear_caches()  # what one repeat learnt would serve the next
        t = time.process_time()
        for st in pos:
            fast_playout(st)
        fast.append(time.process_time() - t)
    n = len(pos)

    def rates(times: list[float]) -> dict[str, int]:
        return {"best": round(n / min(times)), "median": round(n / statistics.median(times))}

    print(
        json.dumps(
            {
                "positions": n,
                "agree": agree,
                "moves": sum(seen.values()),
                "engine_per_s": rates(engine),
                "fast_per_s": rates(fast),
                "speedup": {
                    "best": round(min(engine) / min(fast), 2),
                    "median": round(statistics.median(engine) / statistics.median(fast), 2),
                },
            }
        )
    )


if __name__ == "__main__":
    main()
