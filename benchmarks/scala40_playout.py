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

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "scala40"))

from test_scala40_fastplay import engine_playout, fast_playout, positions  # noqa: E402

from scala40.bots.rollout import playout  # noqa: E402
from scala40.bots.simple import MediumBot  # noqa: E402


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--positions", type=int, default=600)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--repeat", type=int, default=5)
    args = p.parse_args()
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
                "engine_per_s": {
                    "best": round(n / min(engine)),
                    "median": round(n / statistics.median(engine)),
                },
                "fast_per_s": {"best": round(n / min(fast)), "median": round(n / statistics.median(fast))},
                "speedup": {
                    "best": round(min(engine) / min(fast), 2),
                    "median": round(statistics.median(engine) / statistics.median(fast), 2),
                },
            }
        )
    )


if __name__ == "__main__":
    main()
