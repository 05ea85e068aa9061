"""The command line every game has: ``python -m <game> play | arena | bench | review``, each
verb with ``--json`` (then one JSON object as the last line). Terminal only: the page never
imports this module (the build leaves ``cli.py`` out)."""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal, TextIO

Verb = Callable[[argparse.Namespace, TextIO, TextIO], int]
Outcome = Literal["played", "refused", "abandoned", "bye"]


def run(
    argv: Sequence[str] | None,
    out: TextIO | None,
    inp: TextIO | None,
    *,
    parser: Callable[[], argparse.ArgumentParser],
    verbs: Mapping[str, Verb],
    arena: Callable[[list[str], TextIO], int] | str,
    errors: tuple[type[Exception], ...],
) -> int:
    """A game's ``main``: ``arena`` (a function, or the module whose ``main`` it is) takes its
    own arguments, the other verbs are parsed by ``parser()`` and run by ``verbs[verb](args,
    out, inp)``; ``errors`` are printed to stderr as ``error: …`` with exit status 2."""
    args_in = list(sys.argv[1:] if argv is None else argv)
    out = out or sys.stdout
    inp = inp or sys.stdin
    try:
        if args_in and args_in[0] == "arena":
            tournament = importlib.import_module(arena).main if isinstance(arena, str) else arena
            return int(tournament(args_in[1:], out))
        args = parser().parse_args(args_in)
        return verbs[args.verb](args, out, inp)
    except errors as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


def human_move(
    out: TextIO,
    inp: TextIO,
    play: Callable[[str], object],
    error: type[Exception],
    abandon: Callable[[], object] | None = None,
    bye: str = "\nbye",
) -> Outcome:
    """The terminal player's move: prompts ``> ``, reads a line and plays it (``Not allowed:
    …`` when the engine refuses it). ``quit`` (or ``abandon``) abandons the match when the
    game can (``abandon``), else ends the session like the end of the input (``bye``)."""
    out.write("> ")
    out.flush()
    line = inp.readline()
    move = line.strip()
    if not line or (abandon is None and move == "quit"):
        print(bye, file=out)
        return "bye"
    if abandon is not None and move in ("quit", "abandon"):
        abandon()
        return "abandoned"
    try:
        play(move)
    except error as e:
        print(f"Not allowed: {e}", file=out)
        return "refused"
    return "played"


def rules_arg(text: str) -> Any:
    """``--rules``: a preset's name, or a JSON object of rule fields."""
    return json.loads(text) if text.startswith("{") else text


def print_result(result: Mapping[str, Any], as_json: bool, out: TextIO, text: str) -> None:
    """A verb's outcome: one JSON object, or ``text``."""
    print(json.dumps(result) if as_json else text, file=out)


def print_figures(result: Mapping[str, Any], as_json: bool, out: TextIO, width: int) -> None:
    """A benchmark's figures: one JSON object, or one ``name: value`` line each."""
    if as_json:
        print(json.dumps(result), file=out)
    else:
        for key, value in result.items():
            print(f"{key:>{width}}: {value}", file=out)
