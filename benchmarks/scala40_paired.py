#!/usr/bin/env python3
"""Paired comparisons of Scala 40 bots against medium on the same deals (two players).

    python benchmarks/scala40_paired.py --bot rollout:playouts=240 --hands 400 --start 1000 [--jobs 2]
    python benchmarks/scala40_paired.py --bot oracle --hands 200
    python benchmarks/scala40_paired.py --bot rollout --match --hands 40 --start 0 --seed 4 [--jobs 2]

Hand ``i`` (``start <= i < start + hands``) is dealt as the arena deals hand ``i`` of seed 1
(``scala40.arena``), the bot under test at seat ``i mod 2``, medium at the other seat: every
bot meets the same deals and seats, so two bots' rates differ by their play, not the deals.
``--bot``: ``medium``, ``hard`` (the shipped level), ``rollout[:opt=value,…]`` (the rollout
bot with options) or ``oracle[:…]``: the rollout bot playing its candidates out in the **true**
state (every hand and the stock's order; ``oracle:hands_only=1``: the true hands, the stock
shuffled), a ceiling for any search of that kind. ``--match``: whole matches to 101 instead,
match ``i`` as ``python -m scala40 arena --bots BOT,medium --match --seed S`` plays it (the bot
at seat ``i mod 2``). ``medium_avg_penalty``: what medium paid (what a match is decided by is
the difference). ``decision_ms_*``: CPU time of the bot's decisions; ``choice_ms_*`` of those
where the rollout bot had more than one candidate (the others take under a millisecond). Not a
test.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scala40.arena import _seed, play_match, wilson
from scala40.bots import UNTIMED, make_bot
from scala40.bots.base import Bot, Seen
from scala40.bots.rollout import RolloutBot
from scala40.game import Game
from scala40.state import State


class OracleBot(RolloutBot):
    """The rollout bot, its candidates played out in the true state (it cheats): the stock's
    true order too, or (``hands_only``) the true hands and the stock shuffled for each world."""

    truth: State | None = None

    def __init__(self, hands_only: int = 0, **kw: Any) -> None:
        super().__init__(**kw)
        self.hands_only = hands_only

    def world(
        self, seen: Seen, known: dict[int, list[int]], unseen: Counter[int], rng: random.Random
    ) -> State:
        assert self.truth is not None
        st = self.truth.copy()
        if self.hands_only:
            rng.shuffle(st.stock)
        return st


def make(spec: str) -> Bot:
    name, _, opts = spec.partition(":")
    kw: dict[str, Any] = {}
    for part in filter(None, opts.split(",")):
        k, v = part.split("=")
        kw[k] = float(v) if "." in v else int(v)
    if name == "oracle":
        if not kw.get("hands_only"):
            kw.setdefault("playouts", 1)
            kw.setdefault("min_worlds", 1)
        return OracleBot(**kw)
    if name == "rollout":
        return RolloutBot(**kw)
    return make_bot(name, **{**UNTIMED.get(name, {}), **kw})


def match(spec: str, seed: int, i: int) -> tuple[int, int, int, list[float], list[float], int]:
    """Match ``i`` of ``seed`` (the arena's): (1 if the bot won, its total, 1 if unfinished, its
    decision times, those of decisions with a choice)."""
    bot = make(spec)
    r = play_match(["bot", "medium"], 2, i, seed, "classic", {"bot": bot, "medium": make_bot("medium")})
    me = r["at"].index("bot")
    return (
        int(r["winner"] == me),
        r["scores"][me],
        int(r["winner"] is None),
        r["times"]["bot"],
        [],
        r["scores"][1 - me],
    )


def play(spec: str, i: int) -> tuple[int, int, int, list[float], list[float], int]:
    """Hand ``i``: (1 if the bot closed, its penalty, 1 if nobody closed, its decision times,
    those of decisions with a choice, medium's penalty)."""
    bot = make(spec)
    medium = make_bot("medium")
    me = i % 2
    g = Game.new(players=2, seed=_seed(1, i))
    rng = random.Random(f"paired/{i}")
    times = []
    choice = []
    moves = 0
    while not g.over and moves < 3000:
        s = g.turn
        assert s is not None
        if s == me:
            if isinstance(bot, OracleBot):
                bot.truth = g.state
            t = time.process_time()
            mv = bot.choose(g.view(s), rng)
            times.append(time.process_time() - t)
            if getattr(bot, "choices", 0) > 1:
                choice.append(times[-1])
        else:
            mv = medium.choose(g.view(s), rng)
        g.play(mv, s)
        moves += 1
    scores = g.hand_scores
    opp = scores[1 - me] if scores else 0
    return (int(g.hand_winner == me), scores[me] if scores else 0, int(not g.over), times, choice, opp)


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--bot", default="hard")
    p.add_argument("--hands", type=int, default=200)
    p.add_argument("--start", type=int, default=1000)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--match", action="store_true", help="whole matches to 101 (the arena's, of --seed)")
    p.add_argument("--seed", type=int, default=4, help="the arena seed of --match")
    args = p.parse_args()
    idx = list(range(args.start, args.start + args.hands))
    t0 = time.time()
    with ProcessPoolExecutor(args.jobs) as ex:
        if args.match:
            res = list(ex.map(match, [args.bot] * len(idx), [args.seed] * len(idx), idx, chunksize=1))
        else:
            res = list(ex.map(play, [args.bot] * len(idx), idx, chunksize=4))
    won = sum(r[0] for r in res)
    times = sorted(t for r in res for t in r[3])
    choice = sorted(t for r in res for t in r[4])
    lo, hi = wilson(won, len(idx))
    print(
        json.dumps(
            {
                "bot": args.bot,
                "matches" if args.match else "hands": len(idx),
                "start": args.start,
                "won": won,
                "rate": round(won / len(idx), 4),
                "ci95": [round(lo, 4), round(hi, 4)],
                "avg_total" if args.match else "avg_penalty": round(sum(r[1] for r in res) / len(idx), 2),
                "medium_avg_total" if args.match else "medium_avg_penalty": round(
                    sum(r[5] for r in res) / len(idx), 2
                ),
                "unfinished": sum(r[2] for r in res),
                "decision_ms_median": round(1000 * times[len(times) // 2], 2) if times else None,
                "decision_ms_p90": round(1000 * times[int(len(times) * 0.9)], 2) if times else None,
                "choice_ms_median": round(1000 * choice[len(choice) // 2], 2) if choice else None,
                "choice_ms_p90": round(1000 * choice[int(len(choice) * 0.9)], 2) if choice else None,
                "wins": "".join(str(r[0]) for r in res),
                "seconds": round(time.time() - t0, 1),
            }
        )
    )


if __name__ == "__main__":
    main()
