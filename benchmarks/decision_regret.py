#!/usr/bin/env python3
"""Decision quality of the bots against the true hands: a low-noise companion to the arena.

    python benchmarks/decision_regret.py [--rules official] [--players 4] [--positions 300]
        [--seed 11] [--truth 500] [--bots medium,hard,hard:iterations=6000] [--json]

Collects positions where seat 0 must choose among at least two moves that differ (the
hard bot's candidates), from hands played by ``--players`` medium bots (about three in ten
of seat 0's decisions are kept). Each candidate is then scored *with the true hands*:
``--truth`` playouts of the hard bot's kind (the draw pile shuffled each time, as nobody
knows its order; the same look-ahead and win estimate), giving its true chance to win the
hand (``dernier.review.Truth``, the same scoring as the post-hand review). Every bot in
``--bots`` (arena specs: ``hard:iterations=6000``) chooses from the
seat's view, and its **regret** is the best candidate's true value minus the value of the
move it chose. All bots meet the same positions, so the paired difference against the
first bot has a much smaller error than separate arena runs: 300 positions tell apart
changes that would need thousands of arena hands.

What regret cannot show: the true values come from the playout policy's own play after
the move, and a bot that chooses well but unlike the playouts is judged by them.
Figures, not a timed test: nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dernier import Game
from dernier.arena import parse_bot, parse_rules
from dernier.bots import make_bot
from dernier.bots.knowledge import legal_ints
from dernier.bots.search import candidates
from dernier.moves import TEXT_MOVE
from dernier.review import Truth  # the scoring with the true hands, shared with the review
from dernier.state import State

Position = tuple[dict[str, Any], State]


def collect(rules: str | dict[str, Any], players: int, count: int, seed: int) -> list[Position]:
    """``count`` positions of seat 0 with two or more candidate moves, among medium bots."""
    bot = make_bot("medium")
    rng = random.Random(seed)
    out: list[Position] = []
    deal = 0
    while len(out) < count:
        g = Game.new(players=players, rules=rules, seed=seed * 100_000 + deal)
        deal += 1
        while not g.over:
            for s in g.view(g.turn)["dernier_due"]:
                if s != g.turn:
                    g.play("dernier", s)
            view = g.view(g.turn)
            if g.turn == 0 and len(candidates(legal_ints(view))) >= 2 and rng.random() < 0.3:
                out.append((view, g.state.copy()))
                if len(out) == count:
                    break
            g.play(bot.choose(view, rng))
    return out


def mean_se(xs: list[float]) -> tuple[float, float]:
    """The mean of ``xs`` and its standard error."""
    n = len(xs)
    return sum(xs) / n, statistics.stdev(xs) / n**0.5 if n > 1 else 0.0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rules", default="official")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--truth", type=int, default=500, help="playouts per candidate with the true hands")
    ap.add_argument("--bots", default="medium,hard", help="arena bot specs, comma-separated")
    ap.add_argument("--json", action="store_true", help="print one JSON object as the last line")
    args = ap.parse_args(argv)
    rules = parse_rules(args.rules)
    specs = [parse_bot(b) for b in args.bots.split(",")]

    t0 = time.perf_counter()
    positions = collect(rules, args.players, args.positions, args.seed)
    truths = [Truth(st, args.truth, args.seed + i) for i, (_, st) in enumerate(positions)]
    best: list[float] = []
    arms = 0
    for (view, _), tr in zip(positions, truths, strict=True):
        cands = candidates(legal_ints(view))
        arms += len(cands)
        best.append(max(tr.value(m) for m in cands))
    print(
        f"{len(positions)} positions ({args.rules}, {args.players} players, seed {args.seed}), "
        f"{arms / len(positions):.1f} candidates each, {args.truth} true playouts per candidate "
        f"({time.perf_counter() - t0:.0f} s)"
    )

    results: list[dict[str, Any]] = []
    first: list[float] = []
    print(
        f"{'bot':34s} {'regret':>8s} {'±se':>7s} {'vs first':>9s} {'±se':>7s} {'best':>6s} {'median ms':>10s}"
    )
    for text, spec in zip(args.bots.split(","), specs, strict=True):
        bot = make_bot(spec[0], **spec[1])
        regrets: list[float] = []
        times: list[float] = []
        for i, ((view, _), tr) in enumerate(zip(positions, truths, strict=True)):
            start = time.perf_counter()
            move = bot.choose(view, random.Random(args.seed * 7 + i))
            times.append((time.perf_counter() - start) * 1000.0)
            regrets.append(best[i] - tr.value(TEXT_MOVE[move]))
        mean, se = mean_se(regrets)
        if not first:
            first = regrets
        dmean, dse = mean_se([a - b for a, b in zip(regrets, first, strict=True)])
        share = sum(r <= 1e-12 for r in regrets) / len(regrets)
        med = statistics.median(times)
        results.append(
            {
                "bot": text,
                "regret": mean,
                "se": se,
                "vs_first": dmean,
                "vs_first_se": dse,
                "best": share,
                "median_ms": med,
            }
        )
        print(f"{text:34s} {mean:8.4f} {se:7.4f} {dmean:+9.4f} {dse:7.4f} {share:6.1%} {med:10.1f}")
    if args.json:
        print(
            json.dumps(
                {"positions": len(positions), "rules": rules, "players": args.players, "bots": results}
            )
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
