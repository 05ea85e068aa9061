"""Command line: ``python -m dog play | arena | bench | review`` (CONTRACT "Command line").

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
from .cards import SUIT_SYMBOLS
from .errors import DogError
from .match import Match
from .state import META_MOVES

SEAT_NAMES = ("You", "Right", "Partner", "Left")


def _card_text(code: str) -> str:
    return "Jolly" if code == "JK" else code[:-1] + SUIT_SYMBOLS[code[-1]]


def describe(view: dict[str, Any]) -> str:
    """A short text picture of a view for the terminal."""
    lines = [
        f"Game {view.get('game_no', 1)}, round {view['round']} ({view['cards']} cards), "
        f"score {view.get('score', [0, 0])}; phase {view['phase']}",
    ]
    for s in range(4):
        pawns = " ".join(view["pawns"][s])
        count = view["hands"][s] if isinstance(view["hands"][s], int) else len(view["hands"][s])
        lines.append(f"  seat {s} {SEAT_NAMES[s]:>7} (team {s % 2}): {count} cards  pawns {pawns}")
    hand = view["hands"][view["seat"]]
    lines.append("Your hand: " + " ".join(_card_text(c) for c in hand))
    if view["discard"]:
        lines.append(f"Last card: {view['discard'][-1]}")
    return "\n".join(lines)


def cmd_play(args: argparse.Namespace, out: TextIO, inp: TextIO) -> int:
    """Seat 0 is the human (or a bot with --auto); the others are bots of --level."""
    m = Match.new(rules=rules_arg(args.rules), games=args.games, seed=args.seed)
    rng = random.Random(args.seed)
    bots = [make_bot(args.level) for _ in range(4)]
    human = not args.auto
    moves = 0
    while not m.over:
        g = m.game
        if g.over:
            if not args.json:
                print(f"Game over: team {g.winner} wins; score {m.score}", file=out)
            m.next_game()
            continue
        if args.max_rounds is not None and g.state.round > args.max_rounds:
            break
        if g.phase == "exchange":
            seats = [s for s in range(4) if any(x.startswith("give ") for x in g.legal_moves(s))]
        else:
            assert g.turn is not None
            seats = [g.turn]
        for seat in seats:
            if seat == 0 and human:
                view = m.view(0)
                print(describe(view), file=out)
                legal = [x for x in g.legal_moves(0) if x not in META_MOVES]
                print("Moves: " + ", ".join(legal), file=out)
                done = human_move(out, inp, lambda mv: m.play(mv, 0), DogError, lambda: m.abandon(0))
                if done == "bye":
                    return 0
                if done == "abandoned":
                    break
                if done == "played":
                    moves += 1
                continue
            move = bots[seat].choose(m.view(seat), rng)
            m.play(move, seat)
            moves += 1
            if not args.json and human:
                print(f"{SEAT_NAMES[seat]}: {move}", file=out)
    summary = {"score": m.score, "winner": m.winner, "games": m.game_no, "moves": moves, "over": m.over}
    print_result(summary, args.json, out, f"Match over: {summary}")
    return 0


def cmd_bench(args: argparse.Namespace, out: TextIO, inp: TextIO | None = None) -> int:
    from .bench import run_bench

    result = run_bench(
        games=args.games, seed=args.seed, positions=args.positions, bot_decisions=args.decisions
    )
    print_figures(result, args.json, out, 28)
    return 0


def cmd_review(args: argparse.Namespace, out: TextIO, inp: TextIO | None = None) -> int:
    from .review import read_record, review

    result = review(read_record(args.record), level=args.level, seed=args.seed)
    if args.json:
        print(json.dumps(result), file=out)
        return 0
    print(f"Review of {args.record} by the {result['level']} bot, {result['games']} game(s)", file=out)
    for row in result["seats"]:
        if not row["decisions"]:
            continue
        print(
            f"  seat {row['seat']}: {row['decisions']} decisions, agreement {row['agreement']:.0%}, "
            f"{row['lost_per_decision']} lost per decision",
            file=out,
        )
        if row["worst"]:
            w = row["worst"]
            print(
                f"    worst: game {w['game']} move {w['move_no']}: {w['played']} "
                f"(bot: {w['bot']}, -{w['lost']})",
                file=out,
            )
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m dog", description="DOG, the team race game")
    sub = p.add_subparsers(dest="verb", required=True)
    play = sub.add_parser("play", help="play a match in the terminal against bots")
    play.add_argument("--rules", default="standard")
    play.add_argument("--games", type=int, default=1, help="first team to this many games")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--level", default="medium", choices=LEVELS)
    play.add_argument("--auto", action="store_true", help="a bot plays seat 0 too")
    play.add_argument("--max-rounds", type=int, default=None, help="stop a game after this many rounds")
    play.add_argument("--json", action="store_true", help="print one JSON object last")
    bench = sub.add_parser("bench", help="measure the engine's speed")
    bench.add_argument("--games", type=int, default=30, help="whole random games to time")
    bench.add_argument("--positions", type=int, default=3000, help="positions for legal_moves()")
    bench.add_argument("--decisions", type=int, default=150, help="hard-bot decisions to time")
    bench.add_argument("--seed", type=int, default=1)
    bench.add_argument("--json", action="store_true", help="print one JSON object last")
    rev = sub.add_parser("review", help="compare every decision of a saved match with a bot's")
    rev.add_argument("record", help="a match save or record (JSON, Match.save())")
    rev.add_argument("--level", default="medium", choices=LEVELS)
    rev.add_argument("--seed", type=int, default=0)
    rev.add_argument("--json", action="store_true", help="print one JSON object last")
    sub.add_parser("arena", help="bot team tournaments (see: python -m dog arena --help)", add_help=False)
    return p


def main(argv: Sequence[str] | None = None, out: TextIO | None = None, inp: TextIO | None = None) -> int:
    verbs = {"play": cmd_play, "review": cmd_review, "bench": cmd_bench}
    return run(
        argv,
        out,
        inp,
        parser=build_parser,
        verbs=verbs,
        arena="dog.arena",
        errors=(DogError, ValueError),
    )
