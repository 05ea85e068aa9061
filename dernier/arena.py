"""Bot tournaments: ``python -m dernier arena --bots hard,medium --hands 200 --seed 1 --json``.

Each bot of ``--bots`` takes one seat (2–6 bots for the official rules). Hands are dealt
in groups of one deal per seat rotation: the same deal is played once with every bot in
every seat, so nobody keeps the dealer's advantage (or a lucky deal). Every hand is an
independent one-hand game with its own seeds, so a run is repeatable and ``--jobs``
only changes how fast it goes.

Printed per bot: hands won, win rate with a 95% (Wilson) confidence interval, mean points
per hand (RULES §9) and mean / median move time. ``--json`` prints one JSON object as the
last line. A progress bar goes to stderr when it is a terminal.

Bot specs: a level (``random easy medium hard``), optionally with options:
``hard:iterations=400``, ``hard:seconds=0.2``, ``easy:forget=0.5``, ``hard:infer=false``.
``--budget`` sets the hard bots' budget: ``1500`` playouts, ``200ms`` / ``0.2s`` a time
limit, or both (``1500,200ms``).

``--rules``: a preset (``official``, ``traditional``), optionally followed by rule-set
fields, ``traditional,anticipo,chi_sbaglia_paga,jolly=suit`` (a bare field name means
true), or the position form as JSON, ``{"preset": "traditional", "anticipo": true}``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from tabletop.arena import bot_plays, median_ms, rate, rng_of, seed_of
from tabletop.arena import wilson as wilson  # the arena's API

from .bots import LEVELS, Bot, make_bot
from .errors import DernierError
from .game import Game
from .rules import ruleset

Spec = tuple[str, dict[str, Any]]


def parse_bot(text: str) -> Spec:
    """``"hard:iterations=400:infer=false"`` → ``("hard", {"iterations": 400, "infer": False})``."""
    level, *opts = text.strip().split(":")
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r} ({', '.join(LEVELS)})")
    options: dict[str, Any] = {}
    for opt in opts:
        key, sep, value = opt.partition("=")
        if not sep or not key:
            raise ValueError(f"bot option {opt!r} is not key=value")
        options[key] = _value(value)
    return level, options


def _value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    if low in ("none", "null"):
        return None
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return text


def parse_rules(text: str) -> str | dict[str, Any]:
    """``"traditional,anticipo,hand_size=7"`` → ``{"preset": "traditional", "anticipo": True,
    "hand_size": 7}``; a preset name alone stays a string; JSON objects are read as they are.
    Raises ``ValueError`` (a :class:`~dernier.errors.PositionError` for bad fields)."""
    text = text.strip()
    spec: str | dict[str, Any]
    if text.startswith("{"):
        try:
            spec = json.loads(text)
        except ValueError as e:
            raise ValueError(f"--rules is not valid JSON: {e}") from None
    else:
        preset, *fields = [p.strip() for p in text.split(",")]
        if not fields:
            spec = preset
        else:
            spec = {"preset": preset}
            for f in fields:
                key, sep, value = f.partition("=")
                spec[key.strip()] = _value(value.strip()) if sep else True
    ruleset(spec)  # raises with the reason
    return spec


def parse_budget(text: str) -> dict[str, Any]:
    """``"1500"`` → iterations; ``"200ms"`` / ``"0.2s"`` → seconds; ``"1500,200ms"`` → both."""
    out: dict[str, Any] = {}
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        try:
            if part.endswith("ms"):
                out["seconds"] = float(part[:-2]) / 1000.0
            elif part.endswith("s"):
                out["seconds"] = float(part[:-1])
            else:
                out["iterations"] = int(part)
        except ValueError:
            raise ValueError(f"bad budget {part!r}: use 1500 (playouts), 200ms, 0.2s or both") from None
    if "seconds" in out and "iterations" not in out:
        out["iterations"] = None
    return out


def _make(spec: Spec, budget: dict[str, Any]) -> Bot:
    level, options = spec
    opts = dict(options)
    if level == "hard":
        for key, value in budget.items():
            opts.setdefault(key, value)
    return make_bot(level, **opts)


def _deal_seed(seed: int, deal: int) -> int:
    return seed_of("arena", seed, "deal", deal)


def play_hand(
    specs: Sequence[Spec],
    hand_no: int,
    seed: int,
    rules: str | dict[str, Any] = "official",
    budget: dict[str, Any] | None = None,
    bots: Sequence[Bot] | None = None,
) -> dict[str, Any]:
    """Play hand ``hand_no`` of a run: returns, per bot index, win, points and move times."""
    n = len(specs)
    budget = budget or {}
    if bots is None:
        bots = [_make(s, budget) for s in specs]
    deal, rot = divmod(hand_no, n)
    seat_of = [(i + rot) % n for i in range(n)]
    bot_at = {seat: i for i, seat in enumerate(seat_of)}
    rngs = [rng_of("arena", seed, "hand", hand_no, "bot", i) for i in range(n)]
    g = Game.new(players=n, rules=rules, seed=_deal_seed(seed, deal))
    times: list[list[float]] = [[] for _ in range(n)]
    asked: set[int] = set()
    anticipo = g.state.rules.anticipo
    asked_top = (-1, -1)
    jumps = [0] * n
    moves = 0
    while not g.over:
        turn = g.turn
        assert turn is not None
        due = g.state.due
        if not due:
            asked.clear()
        for seat in list(due):
            if seat != turn and seat not in asked:
                asked.add(seat)
                i = bot_at[seat]
                if bots[i].choose(g.view(seat), rngs[i]) == "dernier":
                    g.play("dernier", seat)
        top = (len(g.state.discard), g.state.discard[-1])
        if anticipo and top != asked_top:  # once per top card
            asked_top = top
            jumper = _jump_in(g, bots, bot_at, rngs)
            if jumper >= 0:
                jumps[jumper] += 1
                continue  # play goes on after the jumper
        i = bot_at[turn]
        bot_plays(
            g, bots[i], turn, rngs[i], times[i], f"bot {i} ({specs[i][0]}) at seat {turn} in hand {hand_no}"
        )
        moves += 1
    scores = g.hand_scores
    winner = g.hand_winner
    assert scores is not None and winner is not None
    return {
        "hand": hand_no,
        "winner": bot_at[winner],
        "points": [scores[seat_of[i]] for i in range(n)],
        "times": times,
        "moves": moves,
        "went_out": g.went_out,
        "jumps": jumps,
    }


def _jump_in(g: Game, bots: Sequence[Bot], bot_at: dict[int, int], rngs: list[random.Random]) -> int:
    """Anticipo (RULES §12): ask the seats that may jump in, in turn order after the one to
    act, whether they do; the first that does plays. Its bot index, or -1."""
    for seat in g.state.jump_seats():
        i = bot_at[seat]
        move = bots[i].choose(g.view(seat), rngs[i])
        if move:
            g.play(move, seat)
            return i
    return -1


def _run_chunk(
    args: tuple[list[Spec], list[int], int, str | dict[str, Any], dict[str, Any]],
) -> list[dict[str, Any]]:
    specs, hands, seed, rules, budget = args
    bots = [_make(s, budget) for s in specs]
    return [play_hand(specs, h, seed, rules, budget, bots) for h in hands]


def run_arena(
    bots: Sequence[str],
    hands: int,
    seed: int = 1,
    rules: str | dict[str, Any] = "official",
    budget: dict[str, Any] | None = None,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play ``hands`` hands between ``bots`` (specs) and summarise them per bot."""
    specs = [parse_bot(b) for b in bots]
    rs = ruleset(rules)
    n = len(specs)
    if not rs.min_players <= n <= rs.max_players:
        raise ValueError(f"{rs.preset} rules play with {rs.min_players} to {rs.max_players} bots, not {n}")
    if hands < 1:
        raise ValueError("--hands must be at least 1")
    budget = dict(budget or {})
    results: list[dict[str, Any]] = []
    start = time.perf_counter()
    if jobs <= 1:
        bot_objs = [_make(s, budget) for s in specs]
        for h in range(hands):
            results.append(play_hand(specs, h, seed, rules, budget, bot_objs))
            if progress:
                progress(h + 1, hands)
    else:
        from concurrent.futures import ProcessPoolExecutor, as_completed

        size = max(1, min(n * 4, hands // (jobs * 4) or 1))
        chunks = [list(range(a, min(hands, a + size))) for a in range(0, hands, size)]
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(_run_chunk, (specs, c, seed, rules, budget)) for c in chunks]
            for fut in as_completed(futures):
                results.extend(fut.result())
                if progress:
                    progress(len(results), hands)
        results.sort(key=lambda r: r["hand"])
    elapsed = time.perf_counter() - start
    return summarise(bots, specs, results, seed, rules, budget, elapsed)


def summarise(
    names: Sequence[str],
    specs: Sequence[Spec],
    results: list[dict[str, Any]],
    seed: int,
    rules: str | dict[str, Any],
    budget: dict[str, Any],
    elapsed: float,
) -> dict[str, Any]:
    n = len(specs)
    total = len(results)
    out_bots = []
    for i in range(n):
        wins = sum(1 for r in results if r["winner"] == i)
        pts = [r["points"][i] for r in results]
        times = [t for r in results for t in r["times"][i]]
        out_bots.append(
            {
                "bot": names[i],
                "level": specs[i][0],
                "hands_won": wins,
                **rate(wins, total),
                "mean_points": round(sum(pts) / total, 2),
                "moves": len(times),
                "mean_move_ms": round(1000 * sum(times) / len(times), 3) if times else 0.0,
                "median_move_ms": median_ms(times, 3) or 0.0,
                "max_move_ms": round(1000 * max(times), 3) if times else 0.0,
                "jump_ins": sum(r.get("jumps", [0] * n)[i] for r in results),
            }
        )
    return {
        "players": n,
        "rules": rules,
        "hands": total,
        "seed": seed,
        "budget": budget,
        "went_out": sum(1 for r in results if r["went_out"]),
        "mean_moves_per_hand": round(sum(r["moves"] for r in results) / total, 2),
        "elapsed_s": round(elapsed, 2),
        "bots": out_bots,
    }


def _progress_bar(stream: TextIO) -> Callable[[int, int], None]:
    start = time.perf_counter()

    def show(done: int, total: int) -> None:
        width = 30
        filled = width * done // total
        rate = done / max(1e-9, time.perf_counter() - start)
        eta = (total - done) / rate if rate else 0.0
        stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} hands  eta {eta:5.0f}s")
        if done == total:
            stream.write("\n")
        stream.flush()

    return show


def _rules_text(spec: str | dict[str, Any]) -> str:
    if isinstance(spec, str):
        return spec
    rest = [k if v is True else f"{k}={v}" for k, v in spec.items() if k != "preset"]
    return ",".join([str(spec.get("preset", "official")), *rest])


def format_table(summary: dict[str, Any]) -> str:
    lines = [
        f"{summary['hands']} hands, {summary['players']} players, {_rules_text(summary['rules'])} rules, "
        f"seed {summary['seed']}, {summary['elapsed_s']} s"
        + (f", budget {summary['budget']}" if summary["budget"] else ""),
        f"{'bot':<24} {'won':>6} {'win rate':>9} {'95% CI':>17} {'pts/hand':>9} {'ms/move':>9} {'median':>8}",
    ]
    for b in summary["bots"]:
        lo, hi = b["ci95"]
        lines.append(
            f"{b['bot']:<24} {b['hands_won']:>6} {100 * b['win_rate']:>8.1f}% "
            f"{f'[{100 * lo:.1f}, {100 * hi:.1f}]%':>17} {b['mean_points']:>9.1f} "
            f"{b['mean_move_ms']:>9.2f} {b['median_move_ms']:>8.2f}"
        )
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m dernier arena", description="bot tournaments")
    p.add_argument("--bots", required=True, help="comma-separated bot specs, one per seat: hard,medium")
    p.add_argument("--hands", type=int, default=100, help="hands to play (default 100)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--rules",
        default="official",
        help="official | traditional, optionally with fields: traditional,anticipo,jolly=suit (or JSON)",
    )
    p.add_argument("--budget", default=None, help="hard bots' budget: 1500 | 200ms | 1500,200ms")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--json", action="store_true", help="print one JSON object as the last line")
    return p


def main(argv: list[str], out: TextIO) -> int:
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as e:
        return int(e.code or 0)
    try:
        budget = parse_budget(args.budget) if args.budget else {}
        rules = parse_rules(args.rules)
        bots = [b for b in args.bots.split(",") if b.strip()]
        progress = _progress_bar(sys.stderr) if sys.stderr.isatty() else None
        summary = run_arena(bots, args.hands, args.seed, rules, budget, args.jobs, progress)
    except (ValueError, DernierError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(format_table(summary), file=out)
    if args.json:
        print(json.dumps(summary), file=out)
    return 0
