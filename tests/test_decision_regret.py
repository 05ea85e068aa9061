"""benchmarks/decision_regret.py: the bots' choices scored against the true hands."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _load() -> ModuleType:
    path = ROOT / "benchmarks" / "decision_regret.py"
    spec = importlib.util.spec_from_file_location("dernier_bench_decision_regret", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_regret_ranks_a_random_bot_below_the_medium_bot(capsys: pytest.CaptureFixture[str]) -> None:
    bench = _load()
    argv = ["--positions", "24", "--truth", "60", "--bots", "medium,random,hard:iterations=100", "--json"]
    assert bench.main(argv) == 0
    out = capsys.readouterr().out
    assert out.startswith("24 positions (official, 4 players, seed 11)")
    summary = json.loads(out.strip().splitlines()[-1])
    medium, rand, hard = summary["bots"]
    assert [b["bot"] for b in summary["bots"]] == ["medium", "random", "hard:iterations=100"]
    assert medium["vs_first"] == 0.0 and medium["vs_first_se"] == 0.0
    # a random move (a draw while holding a card that fits, a forgotten Dernier) costs more
    assert rand["regret"] > medium["regret"] + 0.02, summary
    assert rand["vs_first"] == pytest.approx(rand["regret"] - medium["regret"])
    for b in summary["bots"]:
        assert 0.0 <= b["best"] <= 1.0
        assert b["regret"] >= -0.05  # only a J or Jolly outside the candidates may beat the best
    assert hard["median_ms"] > 0


def test_positions_are_seat_zero_choices_with_several_candidates() -> None:
    bench = _load()
    from dernier.bots.knowledge import legal_ints
    from dernier.bots.search import candidates
    from dernier.cards import CODE_OF

    positions = bench.collect("traditional", 3, 5, 4)
    assert len(positions) == 5
    for view, st in positions:
        assert view["seat"] == 0 and st.turn == 0
        assert len(candidates(legal_ints(view))) >= 2
        assert sorted(view["hand"]) == sorted(CODE_OF[k] for k in st.hands[0])
