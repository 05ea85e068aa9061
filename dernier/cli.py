"""Command line: ``python -m dernier play | arena | bench | review`` (CONTRACT "Command line")."""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from tabletop.cli import human_move, print_figures, print_result, run

from .bench import _optional
from .cards import SUIT_SYMBOLS
from .errors import DernierError
from .match import Match


def _card_text(code: str) -> str:
    if code == "JK":
        return "Jolly"
    return code[:-1] + SUIT_SYMBOLS[code[-1]]


def _describe(view: dict[str, Any]) -> str:
    names = view["names"]
    lines = [
        f"Hand {view['hand_no']} — scores "
        + ", ".join(f"{names[i]} {s}" for i, s in enumerate(view["scores"])),
        "Cards: " + ", ".join(f"{names[i]} {c}" for i, c in enumerate(view["counts"])),
        f"Top: {_card_text(view['top'])}  active suit: {view['suit'] or '-'}"
        + (f"  pending +{view['pending']}" if view["pending"] else "")
        + f"  draw pile: {view['draw_count']}",
        "Your hand: " + " ".join(view["hand"]),
    ]
    return "\n".join(lines)


def _bot_move(match: Match, seat: int, rng: random.Random, level: str) -> str:
    choose = _optional("dernier.bots", "choose_move")
    if choose is None:  # pragma: no cover - bots not there
        return rng.choice(match.legal_moves(seat))
    return str(choose(level, match.view(seat), rng))


def cmd_play(args: argparse.Namespace, out: TextIO, inp: TextIO) -> int:
    match = Match.new(
        players=args.players,
        rules=args.rules,
        hands=args.hands if args.target is None else None,
        target=args.target,
        seed=args.seed,
        names=["You"] + [f"Bot {i}" for i in range(1, args.players)],
    )
    rng = random.Random(args.seed)
    human = not args.auto
    while not match.over:
        g = match.game
        if g.over:
            print(f"Hand over: scores {g.hand_scores}, totals {match.scores}", file=out)
            match.next_hand()
            continue
        for seat in list(g.state.due):
            if seat != 0 or not human:
                match.play("dernier", seat)
        turn = g.turn
        assert turn is not None
        seat = turn
        if seat == 0 and human:
            view = match.view(0)
            print(_describe(view), file=out)
            print("Moves: " + " ".join(view["legal"]), file=out)
            done = human_move(out, inp, lambda mv: match.play(mv, 0), DernierError, lambda: match.abandon(0))
            if done == "bye":
                return 0
            if done == "abandoned":
                break
            continue
        move = _bot_move(match, seat, rng, args.level)
        match.play(move, seat)
        if not args.json:
            print(f"{match.names[seat]}: {move}", file=out)
    summary = {
        "scores": match.scores,
        "hands_won": match.hands_won,
        "winner": match.winner,
        "ranking": match.ranking,
        "tiebreak": match.tiebreak,
        "match_points": match.match_points,
        "hands": match.hand_no,
    }
    w = match.winner
    print_result(
        summary, args.json, out, f"Match over: {match.names[w] if w is not None else '-'} wins; {summary}"
    )
    return 0


def cmd_bench(args: argparse.Namespace, out: TextIO, inp: TextIO | None = None) -> int:
    from .bench import run_bench

    result = run_bench(seconds=args.seconds, players=args.players, rlcard=not args.no_rlcard)
    print_figures(result, args.json, out, 32)
    return 0


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def cmd_review(args: argparse.Namespace, out: TextIO, inp: TextIO | None = None) -> int:
    from .review import DEFAULT_PLAYOUTS, read_record, reason_text, review

    if args.playouts is None:
        args.playouts = DEFAULT_PLAYOUTS
    if args.playouts < 1:
        print("error: --playouts must be at least 1", file=sys.stderr)
        return 2

    match = read_record(args.record)
    result = review(match, playouts=args.playouts, seed=args.seed, per_choice=args.per_choice or None)
    if not args.json:
        names = result["names"]
        print(
            f"Review of {args.record}: {result['players']} players, {len(result['hands'])} hand(s), "
            f"{result['playouts']} playouts per candidate move (at most {result['per_choice']} per choice) "
            "with the true hands",
            file=out,
        )
        for hand in result["hands"]:
            print(f"Hand {hand['hand']}", file=out)
            for s in hand["seats"]:
                n = len(s["decisions"])
                figures = f"accuracy {_pct(s['accuracy'])}, {_pct(s['lost'])} lost per decision" if n else ""
                print(
                    f"  {names[s['seat']]} (seat {s['seat']}): {n} decisions with a choice"
                    + (f", {figures}" if figures else ""),
                    file=out,
                )
                for i in s["worst"]:
                    d = s["decisions"][i]
                    print(
                        f"    move {d['move_no']}: played {d['played']} ({_pct(d['win_played'])}), "
                        f"better {d['best']} ({_pct(d['win_best'])}), cost {_pct(d['cost'])}: "
                        f"{reason_text(d['reason'])}",
                        file=out,
                    )
    if args.json:
        print(json.dumps(result, separators=(",", ":")), file=out)
    return 0


def cmd_arena(argv: Sequence[str], out: TextIO) -> int:
    arena_main = _optional("dernier.arena", "main")
    if arena_main is None:  # pragma: no cover
        print("the arena needs dernier.bots", file=sys.stderr)
        return 2
    return int(arena_main(list(argv), out))


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m dernier", description="Dernier, the card game")
    sub = p.add_subparsers(dest="verb", required=True)
    play = sub.add_parser("play", help="play a match in the terminal against bots")
    play.add_argument("--players", type=int, default=3)
    play.add_argument("--rules", default="official", choices=["official", "traditional"])
    play.add_argument("--hands", type=int, default=1)
    play.add_argument("--target", type=int, default=None)
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--level", default="medium", help="the bots' level")
    play.add_argument("--auto", action="store_true", help="a bot plays seat 0 too")
    play.add_argument("--json", action="store_true", help="print a JSON summary last")
    bench = sub.add_parser("bench", help="measure the engine's speed")
    bench.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    bench.add_argument("--players", type=int, default=4)
    bench.add_argument("--no-rlcard", action="store_true", help="skip the RLCard UNO anchor")
    bench.add_argument("--json", action="store_true", help="print one JSON object last")
    rev = sub.add_parser("review", help="score every decision of a recorded match with the true hands")
    rev.add_argument("record", help="a match record or save (JSON, Match.record())")
    rev.add_argument("--playouts", type=int, default=None, help="playouts per choice (the budget)")
    rev.add_argument("--per-choice", type=int, default=2400, help="most playouts per decision (0: no cap)")
    rev.add_argument("--seed", type=int, default=0)
    rev.add_argument("--json", action="store_true", help="print one JSON object last")
    sub.add_parser("arena", help="bot tournaments (see: python -m dernier arena --help)", add_help=False)
    return p


def main(argv: Sequence[str] | None = None, out: TextIO | None = None, inp: TextIO | None = None) -> int:
    verbs = {"play": cmd_play, "review": cmd_review, "bench": cmd_bench}
    return run(argv, out, inp, parser=build_parser, verbs=verbs, arena=cmd_arena, errors=(DernierError,))
