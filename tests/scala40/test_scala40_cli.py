"""``python -m scala40 play | arena | bench | review``: each with ``--json`` ends on one JSON object."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import scala40
from scala40.cli import main


def _run(argv: list[str]) -> dict[str, object]:
    out = io.StringIO()
    assert main(argv, out, io.StringIO()) == 0
    last = out.getvalue().strip().splitlines()[-1]
    data = json.loads(last)
    assert isinstance(data, dict)
    return data


def test_cli_play_auto_json() -> None:
    data = _run(["play", "--auto", "--players", "3", "--seed", "5", "--level", "easy", "--json"])
    assert data["winner"] in (0, 1, 2) and len(data["scores"]) == 3  # type: ignore[arg-type]


def test_cli_play_human_reads_moves() -> None:
    out = io.StringIO()
    assert (
        main(
            ["play", "--players", "2", "--seed", "2", "--hands", "1"], out, io.StringIO("draw\nbogus\nquit\n")
        )
        == 0
    )
    text = out.getvalue()
    assert "Your hand" in text and "Not allowed" in text


def test_cli_arena_json() -> None:
    data = _run(["arena", "--bots", "medium,easy", "--hands", "6", "--seed", "2", "--json"])
    levels = data["levels"]
    assert isinstance(levels, dict) and set(levels) == {"medium", "easy"}
    assert sum(v["won"] for v in levels.values()) + data["unfinished"] == 6  # type: ignore[operator]
    data = _run(["arena", "--bots", "medium,easy", "--players", "4", "--hands", "2", "--seed", "2", "--json"])
    assert data["players"] == 4
    data = _run(["arena", "--bots", "medium,easy", "--match", "--hands", "1", "--seed", "2", "--json"])
    assert data["mode"] == "matches"


def test_cli_bench_json() -> None:
    data = _run(["bench", "--seconds", "0.3", "--no-rlcard", "--finder-hands", "20", "--json"])
    assert data["public_api_steps_per_s"] > 0  # type: ignore[operator]
    assert data["meld_finder"]["hands"] == 20  # type: ignore[index]
    assert data["meld_finder"]["points"]["cpu_p99_ms"] > 0  # type: ignore[index]


def test_cli_review_json(tmp_path: Path) -> None:
    m = scala40.Match.new(players=2, seed=9)
    import random

    from scala40.bots import make_bot

    rng = random.Random(1)
    bot = make_bot("medium")
    while not m.game.over:
        m.play(bot.choose(m.view(m.game.turn), rng))  # type: ignore[arg-type]
    path = tmp_path / "match.json"
    path.write_text(m.to_json())
    data = _run(["review", str(path), "--json"])
    assert data["hands"][0]["closer"] == m.game.hand_winner  # type: ignore[index]


def test_cli_module_entry_point() -> None:
    res = subprocess.run(
        [sys.executable, "-m", "scala40", "arena", "--bots", "easy,random", "--hands", "2", "--json"],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    assert json.loads(res.stdout.strip().splitlines()[-1])["hands"] == 2
