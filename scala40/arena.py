"""Bot tournaments: ``python -m scala40 arena --bots hard,medium --hands N --seed S --json``.

Single hands (default): hand ``i`` is dealt from the seed; the levels take the seats in turn
(seat ``s`` plays level ``(s + i) mod k``), so each level sits everywhere equally often.
Per level: ``win_rate`` = share of the hands it closed (95% Wilson interval), ``fair_share``
= its share of the seats, ``avg_penalty`` = mean penalty it paid per seat and hand, and its
median decision time. ``--match``: whole matches to ``out_at`` instead; ``win_rate`` is then
the share of matches won.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Sequence
from typing import Any, TextIO

from tabletop.arena import bot_plays, median_ms, p90_ms, rate, rng_of, seed_of
from tabletop.arena import wilson as wilson  # the arena's API
from tabletop.cli import rules_arg

from .bots import LEVELS, UNTIMED, Bot, make_bot
from .game import Game
from .match import Match
from .rules import ruleset

MAX_MOVES = 3000


def _seed(seed: int, i: int) -> int:
    return seed_of("scala40-arena", seed, i)


def _seating(
    levels: Sequence[str], players: int, i: int, seed: int
) -> tuple[list[str], random.Random, dict[str, list[float]]]:
    """Game ``i``'s level at each seat (in turn), the bots' rng and their move times."""
    at = [levels[(s + i) % len(levels)] for s in range(players)]
    return at, rng_of("scala40-arena", seed, i, "bots"), {lv: [] for lv in levels}


def play_hand(
    levels: Sequence[str], players: int, i: int, seed: int, rules: Any, bots: dict[str, Bot]
) -> dict[str, Any]:
    """Hand ``i``: returns the level at each seat, the closer's seat, the penalties, the times."""
    at, rng, times = _seating(levels, players, i, seed)
    g = Game.new(players=players, rules=rules, seed=_seed(seed, i))
    moves = 0
    while not g.over and moves < MAX_MOVES:
        s = g.turn
        assert s is not None
        bot_plays(g, bots[at[s]], s, rng, times[at[s]], f"{at[s]} bot at seat {s} in hand {i}")
        moves += 1
    return {"at": at, "closer": g.hand_winner, "scores": g.hand_scores, "times": times, "moves": moves}


def play_match(
    levels: Sequence[str], players: int, i: int, seed: int, rules: Any, bots: dict[str, Bot]
) -> dict[str, Any]:
    """Match ``i`` to ``out_at``: the level at each seat, the winner's seat, the totals, the times."""
    at, rng, times = _seating(levels, players, i, seed)
    m = Match.new(players=players, rules=rules, seed=_seed(seed, i))
    moves = 0
    while not m.over and m.hand_no < 200:
        if m.game.over:
            for d in m.decide:
                m.play(bots[at[d]].choose(m.view(d), rng), d)
            if not m.over:
                m.next_hand()
            continue
        if moves > MAX_MOVES * m.hand_no:  # a hand that cycles for ever: a fresh deal
            return {"at": at, "winner": None, "scores": m.scores, "times": times, "hands": m.hand_no}
        s = m.game.turn
        assert s is not None
        bot_plays(m, bots[at[s]], s, rng, times[at[s]], f"{at[s]} bot at seat {s} in match {i}")
        moves += 1
    return {"at": at, "winner": m.winner, "scores": m.scores, "times": times, "hands": m.hand_no}


def run_arena(
    levels: Sequence[str],
    hands: int,
    seed: int,
    players: int,
    rules: Any = "classic",
    match: bool = False,
    clock: bool = False,
) -> dict[str, Any]:
    """``clock``: the bots keep the page's wall-clock guards (results then depend on the load);
    by default they think by counts only (:data:`scala40.bots.UNTIMED`), so a run repeats."""
    bots = {lv: make_bot(lv, **({} if clock else UNTIMED.get(lv, {}))) for lv in levels}
    seats = dict.fromkeys(levels, 0)
    won = dict.fromkeys(levels, 0)
    paid = dict.fromkeys(levels, 0)
    times: dict[str, list[float]] = {lv: [] for lv in levels}
    unfinished = 0
    t0 = time.perf_counter()
    for i in range(hands):
        r = (play_match if match else play_hand)(levels, players, i, seed, rules, bots)
        for s, lv in enumerate(r["at"]):
            seats[lv] += 1
            if not match and r["scores"] is not None:
                paid[lv] += max(0, r["scores"][s])
        for lv in levels:
            times[lv].extend(r["times"][lv])
        w = r["closer"] if not match else r["winner"]
        if w is None:
            unfinished += 1
        else:
            won[r["at"][w]] += 1
    result: dict[str, Any] = {
        "mode": "matches" if match else "hands",
        "hands" if not match else "matches": hands,
        "players": players,
        "rules": ruleset(rules).spec(),
        "seed": seed,
        "unfinished": unfinished,
        "seconds": round(time.perf_counter() - t0, 1),
        "levels": {},
    }
    for lv in levels:
        entry = {
            "seats": seats[lv],
            "won": won[lv],
            **rate(won[lv], hands),
            "fair_share": round(seats[lv] / (hands * players), 4) if hands else 0.0,
            "decision_ms_median": median_ms(times[lv], 2),
            "decision_ms_p90": p90_ms(times[lv], 2),
            "decision_ms_max": round(1000 * max(times[lv]), 1) if times[lv] else None,
        }
        if not match:
            entry["avg_penalty"] = round(paid[lv] / seats[lv], 2) if seats[lv] else 0.0
        result["levels"][lv] = entry
    return result


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m scala40 arena", description="Scala 40 bot tournaments")
    p.add_argument(
        "--bots", default="hard,medium", help="levels, comma separated (" + ", ".join(LEVELS) + ")"
    )
    p.add_argument("--hands", type=int, default=100, help="hands (or matches with --match)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--players", type=int, default=None, help="seats (default: one per level, at least 2)")
    p.add_argument("--rules", default="classic", help="classic, strict or a JSON object")
    p.add_argument("--match", action="store_true", help="whole matches to out_at instead of single hands")
    p.add_argument(
        "--clock", action="store_true", help="keep the bots' wall-clock guards (the page's; load-dependent)"
    )
    p.add_argument("--json", action="store_true", help="print one JSON object last")
    return p


def main(argv: Sequence[str], out: TextIO) -> int:
    args = build_parser().parse_args(list(argv))
    levels = [lv.strip() for lv in args.bots.split(",") if lv.strip()]
    for lv in levels:
        if lv not in LEVELS:
            print(f"error: unknown bot level {lv!r} ({', '.join(LEVELS)})", file=out)
            return 2
    if len(set(levels)) != len(levels):
        print("error: each level once", file=out)
        return 2
    players = args.players or max(2, len(levels))
    rules = rules_arg(args.rules)
    try:
        result = run_arena(levels, args.hands, args.seed, players, rules, args.match, args.clock)
    except ValueError as e:
        print(f"error: {e}", file=out)
        return 2
    if not args.json:
        unit = "matches" if args.match else "hands"
        print(f"{args.hands} {unit}, {players} players, rules {result['rules']}, seed {args.seed}", file=out)
        for lv, row in result["levels"].items():
            print(
                f"{lv:>8}: won {row['won']:>5} ({100 * row['win_rate']:.1f}%, 95% {row['ci95']}), "
                f"fair share {100 * row['fair_share']:.1f}%"
                + (f", avg penalty {row['avg_penalty']}" if "avg_penalty" in row else "")
                + f", decision {row['decision_ms_median']} ms median",
                file=out,
            )
    if args.json:
        print(json.dumps(result), file=out)
    return 0
