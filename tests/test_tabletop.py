"""tabletop/: what the three rules packages share. Its saves are checked through each game's
public ``Match.load`` (each CONTRACT's "Saves": a refused save raises that game's SaveError,
worded for that game); the command line's and the bots' pieces directly."""

from __future__ import annotations

import ast
import asyncio
import importlib
import io
import json
import random
import sys
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

import dernier
import dog
import scala40
from tabletop.arena import rate, rng_of, seed_of
from tabletop.bots import Levels, SlicedBot, think_through
from tabletop.cli import human_move
from tabletop.saves import MAX_RECORD_BYTES

ROOT = Path(__file__).resolve().parent.parent
GAMES: list[tuple[Any, str, str, str]] = [
    # package, how a refusal names it, the reader's words, what its history lists
    (dernier, "not a Dernier match save", "this Dernier reads 1", "hands"),
    (scala40, "not a Scala 40 match save", "this reads 1", "hands"),
    (dog, "not a DOG match save", "this DOG reads 1", "games"),
]


def a_save(game: Any) -> dict[str, Any]:
    """A match of ``game`` a few moves in, saved (record + position)."""
    m = game.Match.new(seed=3)
    for _ in range(6):
        seat = next(s for s in range(getattr(m, "players", 4)) if m.legal_moves(s))
        m.play(sorted(x for x in m.legal_moves(seat) if x not in ("abandon", "timeout"))[0], seat)
    data: dict[str, Any] = json.loads(m.to_json())
    assert game.Match.load(data).position() == m.position()
    return data


@pytest.mark.parametrize(("game", "named", "reader", "unit"), GAMES, ids=["dernier", "scala40", "dog"])
def test_each_game_refuses_a_broken_save_in_its_own_words(
    game: Any, named: str, reader: str, unit: str
) -> None:
    data = a_save(game)
    moved = json.loads(json.dumps(data))
    moved["history"][0]["moves"][0] = "nope"
    other = json.loads(json.dumps(data))
    other["history"][0]["moves"].append([0, "zz"])
    cases = {
        "[": "the save is not valid JSON",
        "3": "a save is a JSON object, not int",
        json.dumps({**data, "format": "x"}): f"{named} (format 'x')",
        json.dumps({**data, "version": 9}): f"save version 9 is not supported ({reader})",
        json.dumps({**data, "extra": 1}): "unknown save field(s): extra",
        json.dumps({**data, "history": []}): f"history must be a non-empty list of {unit}",
        json.dumps(moved): "history[0].moves[0] must be [seat, move]",
        json.dumps(other): f"{unit[:-1]} 1, move {len(other['history'][0]['moves'])} ('zz' by seat 0): ",
        json.dumps({**data, "position": {**data["position"], "dealer": 1 - data["position"]["dealer"]}}): (
            "the save is inconsistent: its position differs from the replayed moves"
        ),
    }
    for text, words in cases.items():
        with pytest.raises(game.SaveError) as e:
            game.Match.load(text)
        assert words in str(e.value), text[:80]


@pytest.mark.parametrize(("game", "named", "reader", "unit"), GAMES, ids=["dernier", "scala40", "dog"])
def test_each_game_replays_a_save_position_by_position_through_one_loop(
    game: Any, named: str, reader: str, unit: str
) -> None:
    data = a_save(game)
    positions = list(game.Match.replay(data))
    moves = sum(len(h["moves"]) for h in data["history"])
    assert len(positions) == len(data["history"]) + moves  # each deal, then each move
    last = dict(positions[-1])
    saved = dict(data["position"])
    last.pop("draw_order", None)  # Dernier: a save before draw_order compares without it
    saved.pop("draw_order", None)
    assert last == saved
    with pytest.raises(game.SaveError, match=r"move 1 \('zz' by seat 0\)"):
        list(game.Match.replay({**data, "history": [{**data["history"][0], "moves": [[0, "zz"]]}]}))


@pytest.mark.parametrize("game", [dernier, scala40, dog], ids=["dernier", "scala40", "dog"])
def test_each_game_reads_a_record_file_or_says_why_not(game: Any, tmp_path: Path) -> None:
    review = importlib.import_module(f"{game.__name__}.review")
    path = tmp_path / "match.json"
    path.write_text(json.dumps(a_save(game)))
    assert review.read_record(str(path)) is not None
    bodies = ((b"", "empty"), (b"\xff\xfe", "not text"), (b" " * (MAX_RECORD_BYTES + 1), "too large"))
    for body, words in bodies:
        path.write_bytes(body)
        with pytest.raises(game.SaveError, match=words):
            review.read_record(str(path))
    with pytest.raises(game.SaveError, match="cannot read"):
        review.read_record(str(tmp_path / "missing.json"))


def test_an_arena_draws_its_seeds_and_rates_one_way() -> None:
    assert seed_of("arena", 5, "deal", 3) == random.Random("arena/5/deal/3").randrange(2**31)
    assert seed_of("arena", 5, "deal", 3) != seed_of("arena", 5, "deal", 4)
    assert rng_of("dog-arena", 1, "seat", 2).random() == random.Random("dog-arena/1/seat/2").random()
    assert rate(0, 0) == {"win_rate": 0.0, "ci95": [0.0, 1.0]}
    assert rate(1, 3) == {"win_rate": 0.3333, "ci95": [0.0615, 0.7923]}
    assert rate(1, 3, digits=None)["win_rate"] == 1 / 3


def test_the_terminal_player_moves_quits_or_leaves() -> None:
    played: list[str] = []

    def play(move: str) -> None:
        if move == "bad":
            raise ValueError("no such move")
        played.append(move)

    def turn(line: str, can_abandon: bool = True, bye: str = "\nbye") -> tuple[str, str]:
        out = io.StringIO()
        abandon = (lambda: played.append("<abandon>")) if can_abandon else None
        done = human_move(out, io.StringIO(line), play, ValueError, abandon, bye)
        return done, out.getvalue()

    assert turn("draw\n") == ("played", "> ")
    assert turn("bad\n") == ("refused", "> Not allowed: no such move\n")
    assert turn("quit\n") == ("abandoned", "> ") and played[-1] == "<abandon>"
    assert turn("") == ("bye", "> \nbye\n")  # the end of the input
    assert turn("quit\n", can_abandon=False, bye="bye") == ("bye", "> bye\n")
    assert turn("abandon\n", can_abandon=False) == ("played", "> ") and played[-1] == "abandon"


class Fixed(SlicedBot):
    def __init__(self, move: str = "m") -> None:
        self.move = move

    def choose(self, view: dict[str, Any], rng: random.Random) -> str:
        return self.move


def test_levels_make_bots_and_refuse_an_unknown_level() -> None:
    levels: Levels[Fixed] = Levels({"easy": Fixed, "hard": Fixed})
    assert levels.make("hard", move="x").move == "x"
    assert levels.choose("easy", {}, random.Random(1)) == "m"
    with pytest.raises(ValueError, match=r"unknown bot level 'medium' \(easy, hard\)"):
        levels.make("medium")


def test_thinking_pauses_between_slices_and_ends_with_the_move() -> None:
    pauses: list[int] = []

    async def pause() -> None:
        pauses.append(1)

    assert run(think_through(iter([None, None, "go", None]), pause)) == "go"
    assert pauses == [1, 1]
    assert run(Fixed("q").think({}, random.Random(1))) == "q"


def run(coro: Coroutine[Any, Any, str]) -> str:
    """asyncio.run in a thread of its own (a browser test before this one in the same worker
    leaves Playwright's event loop running in this thread)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def test_tabletop_imports_the_standard_library_only() -> None:
    """Like the rules packages that import it: no browser module, no game, no web."""
    for path in sorted((ROOT / "tabletop").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [str(node.module)]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                assert top in sys.stdlib_module_names or top == "tabletop", f"{path.name} imports {name}"
