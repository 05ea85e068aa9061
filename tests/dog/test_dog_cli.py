"""CONTRACT "Command line": python -m dog play | arena | bench | review, each with --json."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

from dog import Match
from dog.arena import wilson
from dog.bots import make_bot
from dog.cli import main


def _run(*argv: str, stdin: str = "") -> dict[str, object]:
    out = io.StringIO()
    assert main(list(argv), out, io.StringIO(stdin)) == 0
    last = out.getvalue().strip().splitlines()[-1]
    result = json.loads(last)
    assert isinstance(result, dict)
    return result


def test_arena_json_reports_levels_with_intervals() -> None:
    r = _run("arena", "--bots", "medium,easy", "--games", "2", "--seed", "3", "--json")
    assert r["games"] == 2 and r["bots"] == ["medium", "easy"]
    levels = r["levels"]
    assert isinstance(levels, list) and {x["level"] for x in levels} == {"medium", "easy"}
    for row in levels:
        lo, hi = row["ci95"]
        assert 0 <= lo <= row["win_rate"] <= hi <= 1


def test_arena_max_rounds_cuts_games() -> None:
    r = _run("arena", "--bots", "random,random", "--games", "2", "--seed", "1", "--max-rounds", "1", "--json")
    assert r["unfinished"] == 2 and r["finished"] == 0


def test_play_auto_json() -> None:
    r = _run("play", "--auto", "--seed", "2", "--level", "easy", "--max-rounds", "3", "--json")
    assert "score" in r and "moves" in r


def test_play_human_reads_moves() -> None:
    out = io.StringIO()
    assert main(["play", "--seed", "2", "--max-rounds", "1"], out, io.StringIO("give XX\nquit\n")) == 0
    text = out.getvalue()
    assert "Moves: give" in text and "Not allowed" in text


def test_bench_json() -> None:
    r = _run("bench", "--games", "1", "--positions", "50", "--decisions", "2", "--json")
    for key in ("legal_cpu_ms_p99", "game_cpu_ms_median", "moves_per_s", "hard_cpu_ms_median"):
        assert key in r


def test_review_json(tmp_path: Path) -> None:
    m = Match.new(games=1, seed=4)
    bot, rng = make_bot("easy"), random.Random(1)
    while not m.over and m.game.state.round <= 2:
        g = m.game
        seats = [s for s in range(4) if any(x.startswith("give ") for x in g.legal_moves(s))]
        for s in seats if g.phase == "exchange" else [g.turn]:
            m.play(bot.choose(m.view(s), rng), s)
    path = tmp_path / "save.json"
    path.write_text(m.to_json())
    r = _run("review", str(path), "--json")
    seats = r["seats"]
    assert isinstance(seats, list) and sum(s["decisions"] for s in seats) > 0


def test_wilson_interval() -> None:
    lo, hi = wilson(60, 100)
    assert 0.50 < lo < 0.51 and 0.69 < hi < 0.70
    assert wilson(0, 0) == (0.0, 1.0)
