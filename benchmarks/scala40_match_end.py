#!/usr/bin/env python3
"""What decides a Scala 40 match against medium: penalties per hand, and the match's end.

    python benchmarks/scala40_match_end.py hands --bot hard --hands 600     # paired single hands
    python benchmarks/scala40_match_end.py end --bot hard --matches 300     # paired match ends

``hands``: hand ``i`` dealt from ``scala40-arena/9/i`` (the arena's seeding, seed 9), the bot
at seat ``i mod 2``, medium at the other: closes, the net balance per hand (what medium paid
less what the bot paid, RULES §11), how often each was caught not opened (100 points) and the
penalty it paid when caught opened. ``end``: match ``i`` (seed ``1000 + i``) starts from totals
near 101, (bot, medium) taken in turn from ``STARTS``, the bot at seat ``i mod 2``; the share
of those matches the bot wins (§12). ``--bot`` as in ``scala40_paired.py`` (``hard:room=0``
…). Every bot meets the same deals and seats. Not a test.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from scala40_paired import make

from scala40.arena import _seed
from scala40.bots import make_bot
from scala40.game import Game
from scala40.match import Match

#: (bot's total, medium's total) at the start of the end-of-match runs
STARTS = [(75, 75), (85, 45), (45, 85), (90, 65), (65, 90), (70, 85), (85, 70), (60, 60), (95, 80), (80, 95)]


def hands(spec: str, n: int, start: int) -> dict[str, object]:
    bot, med = make(spec), make_bot("medium")
    c: Counter[str] = Counter()
    for i in range(start, start + n):
        me = i % 2
        g = Game.new(players=2, seed=_seed(9, i))
        rng = random.Random(i)
        moves = 0
        while not g.over and moves < 3000:
            s = g.turn
            assert s is not None
            g.play((bot if s == me else med).choose(g.view(s), rng), s)
            moves += 1
        if not g.over:
            continue
        sc = g.hand_scores
        c["n"] += 1
        c["won"] += g.hand_winner == me
        c["bot_paid"] += sc[me]
        c["medium_paid"] += sc[1 - me]
        for who, tag in ((me, "bot"), (1 - me, "medium")):
            if g.hand_winner != who:
                if not g.state.opened[who]:
                    c[tag + "_not_opened"] += 1
                else:
                    c[tag + "_caught"] += 1
                    c[tag + "_caught_paid"] += sc[who]
    k = c["n"]
    return {
        "bot": spec,
        "hands": k,
        "won": c["won"],
        "rate": round(c["won"] / k, 4),
        "net": round((c["medium_paid"] - c["bot_paid"]) / k, 2),
        "bot_not_opened": c["bot_not_opened"],
        "medium_not_opened": c["medium_not_opened"],
        "bot_caught_opened_paid": round(c["bot_caught_paid"] / max(1, c["bot_caught"]), 2),
        "medium_caught_opened_paid": round(c["medium_caught_paid"] / max(1, c["medium_caught"]), 2),
    }


def ends(spec: str, n: int, start: int) -> dict[str, object]:
    bot, med = make(spec), make_bot("medium")
    won = played = 0
    for i in range(start, start + n):
        me = i % 2
        mine, theirs = STARTS[(i // 2) % len(STARTS)]
        m = Match.new(players=2, seed=1000 + i)
        m._scores = [mine, theirs] if me == 0 else [theirs, mine]
        rng = random.Random(i)
        while not m.over and m.hand_no < 50:
            if m.game.over:
                m.next_hand()
                continue
            s = m.game.turn
            assert s is not None
            m.play((bot if s == me else med).choose(m.view(s), rng), s)
        won += m.winner == me
        played += m.hand_no
    return {"bot": spec, "matches": n, "won": won, "rate": round(won / n, 4), "hands": played}


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("mode", choices=["hands", "end"])
    p.add_argument("--bot", default="hard")
    p.add_argument("--hands", type=int, default=600)
    p.add_argument("--matches", type=int, default=300)
    p.add_argument("--start", type=int, default=0)
    args = p.parse_args()
    t0 = time.process_time()
    out = (
        hands(args.bot, args.hands, args.start)
        if args.mode == "hands"
        else ends(args.bot, args.matches, args.start)
    )
    out["cpu_seconds"] = round(time.process_time() - t0, 1)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
