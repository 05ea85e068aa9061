"""Command line: ``python -m scala40 play | arena | bench | review`` (CONTRACT "Command line").

Each verb takes ``--json`` and then prints one JSON object as its last line.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Sequence
from typing import Any, TextIO

from tabletop.cli import human_move, print_figures, print_result, rules_arg, run

from .bots import LEVELS, make_bot
from .cards import card_text
from .errors import Scala40Error
from .match import Match
from .review import DEFAULT_WORLDS, WORST, review


def _describe(view: dict[str, Any]) -> str:
    lines = [
        f"Hand {view['hand_no']}, totals {view['scores']}, phase {view['phase']}, "
        f"stock {view['stock_size']}, hand sizes {view['hand_sizes']}",
        "Pile top: " + (card_text(view["discard"][-1]) if view["discard"] else "-"),
    ]
    for i, m in enumerate(view["melds"]):
        lines.append(f"  meld {i} (seat {m['owner']}): " + " ".join(card_text(c) for c in m["cards"]))
    lines.append("Your hand: " + " ".join(view["hand"]))
    return "\n".join(lines)


def cmd_play(args: argparse.Namespace, out: TextIO, inp: TextIO) -> int:
    m = Match.new(players=args.players, rules=rules_arg(args.rules), seed=args.seed)
    rng = random.Random(args.seed)
    bot = make_bot(args.level)
    human = not args.auto
    while not m.over:
        if m.game.over:
            if not args.json:
                print(f"Hand over: seat {m.game.hand_winner} closed; scores {m.game.hand_scores}", file=out)
            for s in m.decide:
                if s == 0 and human:
                    out.write("Re-enter? [y/n] ")
                    out.flush()
                    m.play("reenter" if inp.readline().strip().lower().startswith("y") else "retire", 0)
                else:
                    m.play(bot.choose(m.view(s), rng), s)
            if args.hands and m.hand_no >= args.hands:
                break
            if not m.over:
                m.next_hand()
            continue
        seat = m.game.turn
        assert seat is not None
        view = m.view(seat)
        if seat == 0 and human:
            print(_describe(view), file=out)
            opens = m.game.openings(0, limit=5)
            print("Moves: " + " | ".join(view["legal"] + opens), file=out)
            if human_move(out, inp, lambda mv: m.play(mv, 0), Scala40Error, bye="bye") == "bye":
                return 0
            continue
        move = bot.choose(view, rng)
        m.play(move, seat)
        if not args.json:
            print(f"seat {seat}: {move}", file=out)
    summary = {
        "scores": m.scores,
        "winner": m.winner,
        "ranking": m.ranking if m.over else None,
        "hands": m.hand_no,
        "reentered": m.reentered,
    }
    print_result(summary, args.json, out, f"Match over: {summary}")
    return 0


def cmd_bench(args: argparse.Namespace, out: TextIO, inp: TextIO | None = None) -> int:
    from .bench import run_bench

    result = run_bench(
        seconds=args.seconds, players=args.players, rlcard=not args.no_rlcard, finder_hands=args.finder_hands
    )
    print_figures(result, args.json, out, 30)
    return 0


def cmd_review(args: argparse.Namespace, out: TextIO, inp: TextIO | None = None) -> int:
    """Replay a record or save and summarise each hand (who closed, penalties, moves), then
    each seat's choices judged with the true hands (:mod:`scala40.review`; ``--worlds 0``:
    the summary alone)."""
    with open(args.record, encoding="utf-8") as f:
        data = json.load(f)
    m = Match.load(data)
    judged: dict[int, list[dict[str, Any]]] = {}
    head: dict[str, Any] | None = None
    if args.worlds:
        found = review(data, worlds=args.worlds, seed=args.seed, hands=args.hand, seats=args.seat)
        judged = {h["hand"]: h["seats"] for h in found["hands"]}
        head = {k: found[k] for k in ("format", "version", "worlds", "seed", "tolerance")}
    hands = []
    replay = Match.new(
        players=m.players,
        rules=m.rules,
        seed=m.seed,
        dealer=data["history"][0]["dealer"],
        deck=data["history"][0]["deck"],
    )
    for i, h in enumerate(data["history"]):
        if i:
            replay.next_hand(deck=h["deck"])
        for seat, move in h["moves"]:
            replay.play(move, seat)
        g = replay.game
        hand: dict[str, Any] = {
            "hand": replay.hand_no,
            "dealer": g.dealer,
            "moves": len(h["moves"]),
            "closer": g.hand_winner,
            "in_hand": g.state.in_hand if g.over else False,
            "scores": g.hand_scores,
            "totals": replay.scores,
        }
        if replay.hand_no in judged:
            hand["review"] = judged[replay.hand_no]
        hands.append(hand)
        if not args.json:
            print(
                f"Hand {replay.hand_no}: {len(h['moves'])} moves, closer {g.hand_winner}, "
                f"penalties {g.hand_scores}, totals {replay.scores}",
                file=out,
            )
            for row in judged.get(replay.hand_no, []):
                print("  " + _review_line(row, WORST), file=out)
    result: dict[str, Any] = {
        "players": m.players,
        "hands": hands,
        "over": m.over,
        "winner": m.winner,
        "scores": m.scores,
    }
    if head is not None:
        result["review"] = head
    if args.json:
        print(json.dumps(result), file=out)
    return 0


def _review_line(row: dict[str, Any], worst: int) -> str:
    """A seat's review of a hand in a line or a few: its figures, then its costliest choices."""
    n = row["choices"]
    if not n:
        return f"seat {row['seat']}: no choices to review"
    lines = [
        f"seat {row['seat']}: {row['best']} of {n} choices the best found "
        f"({round(100 * row['accuracy'])}%), {row['lost']} penalty points lost in all"
    ]
    for j in row["worst"][:worst]:
        d = row["decisions"][j]
        lines.append(
            f"    move {d['move_no']}: {d['played']} cost {d['cost']} points more than {d['best']} "
            f"({d['values'][d['played']]} against {d['values'][d['best']]} on average)"
        )
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m scala40", description="Scala 40, the Italian rummy")
    sub = p.add_subparsers(dest="verb", required=True)
    play = sub.add_parser("play", help="play a match in the terminal against bots")
    play.add_argument("--players", type=int, default=2)
    play.add_argument("--rules", default="classic", help="classic, strict or a JSON object")
    play.add_argument("--hands", type=int, default=0, help="stop after this many hands (0: the whole match)")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--level", default="medium", choices=LEVELS, help="the bots' level")
    play.add_argument("--auto", action="store_true", help="a bot plays seat 0 too")
    play.add_argument("--json", action="store_true", help="print a JSON summary last")
    bench = sub.add_parser("bench", help="measure the engine's speed and the meld finder's latency")
    bench.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    bench.add_argument("--players", type=int, default=2)
    bench.add_argument("--no-rlcard", action="store_true", help="skip the RLCard Gin Rummy anchor")
    bench.add_argument("--finder-hands", type=int, default=400, help="14-card hands for the meld finder")
    bench.add_argument("--json", action="store_true", help="print one JSON object last")
    rev = sub.add_parser("review", help="replay a match record or save and summarise its hands")
    rev.add_argument("record", help="a JSON file: Match.record() or Match.to_json()")
    rev.add_argument(
        "--worlds",
        type=int,
        default=DEFAULT_WORLDS,
        help="stock orders each choice is played out in (0: summarise the hands only)",
    )
    rev.add_argument("--seed", type=int, default=0, help="the seed of the review's stock orders")
    rev.add_argument("--seat", type=int, action="append", help="review this seat only (repeatable)")
    rev.add_argument("--hand", type=int, action="append", help="review this hand only, from 1 (repeatable)")
    rev.add_argument("--json", action="store_true", help="print one JSON object last")
    sub.add_parser("arena", help="bot tournaments (python -m scala40 arena --help)", add_help=False)
    return p


def main(argv: Sequence[str] | None = None, out: TextIO | None = None, inp: TextIO | None = None) -> int:
    verbs = {"play": cmd_play, "review": cmd_review, "bench": cmd_bench}
    errors = (Scala40Error, ValueError, OSError)
    return run(argv, out, inp, parser=build_parser, verbs=verbs, arena="scala40.arena", errors=errors)
