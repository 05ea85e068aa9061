"""The arena: ``python -m dernier arena …`` plays bots against each other and reports."""

from __future__ import annotations

import io
import json

import pytest

from dernier import cli
from dernier.arena import main, parse_bot, parse_budget, parse_rules, play_hand, run_arena, wilson


def run_cli(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    rc = main(list(argv), out)
    return rc, out.getvalue()


def test_medium_beats_easy_over_200_hands() -> None:
    """A broken bot shows here: medium must win more than 55% of 200 two-player hands."""
    rc, text = run_cli("--bots", "medium,easy", "--hands", "200", "--seed", "1", "--json")
    assert rc == 0
    summary = json.loads(text.strip().splitlines()[-1])
    medium, easy = summary["bots"]
    assert summary["hands"] == 200
    assert medium["hands_won"] + easy["hands_won"] == 200
    assert medium["win_rate"] > 0.55, summary
    lo, hi = medium["ci95"]
    assert lo < medium["win_rate"] < hi


def test_hard_beats_random_over_a_few_hands() -> None:
    s = run_arena(["hard:iterations=150", "random"], hands=12, seed=2)
    assert s["bots"][0]["hands_won"] >= 8, s
    assert s["bots"][0]["mean_move_ms"] > 0


def test_cli_dispatches_to_the_arena_and_prints_a_table() -> None:
    out = io.StringIO()
    rc = cli.main(["arena", "--bots", "easy,random,medium", "--hands", "6", "--seed", "4"], out)
    assert rc == 0
    text = out.getvalue()
    for word in ("win rate", "95% CI", "pts/hand", "ms/move", "easy", "random", "medium"):
        assert word in text
    assert not text.strip().splitlines()[-1].startswith("{")


def test_json_is_the_last_line_and_repeatable() -> None:
    args = ("--bots", "hard,medium", "--hands", "4", "--seed", "9", "--budget", "40", "--json")
    rc, a = run_cli(*args)
    assert rc == 0
    rc, b = run_cli(*args)
    sa, sb = json.loads(a.splitlines()[-1]), json.loads(b.splitlines()[-1])
    for s in (sa, sb):
        s.pop("elapsed_s")
        for bot in s["bots"]:
            for key in ("mean_move_ms", "median_move_ms", "max_move_ms"):
                bot.pop(key)
    assert sa == sb
    assert sa["budget"] == {"iterations": 40}


def test_seats_rotate_over_one_deal() -> None:
    """Hands 0..n-1 share one deal, each bot in another seat: the dealer advantage evens out."""
    specs = [parse_bot("medium"), parse_bot("easy"), parse_bot("random")]
    hands = [play_hand(specs, h, seed=5) for h in range(6)]
    assert all(len(h["points"]) == 3 for h in hands)
    # a seat's points are attributed to the bot sitting there: across a rotation every
    # bot gets some points or wins
    assert {h["winner"] for h in hands} <= {0, 1, 2}


def test_bad_arguments() -> None:
    assert run_cli("--bots", "medium,grandmaster")[0] == 2
    assert run_cli("--bots", "medium")[0] == 2  # one bot is not a game
    assert run_cli("--bots", "medium,easy", "--budget", "lots")[0] == 2
    assert run_cli("--bots", "medium,easy", "--hands", "0")[0] == 2
    assert run_cli("--bots", "medium,easy,easy", "--rules", "traditional,flying_aces")[0] == 2
    assert run_cli("--bots", "medium,easy", "--rules", "traditional")[0] == 2  # 3–8 players
    assert run_cli("--help")[0] == 0


def test_rules_with_house_variants() -> None:
    """``--rules`` takes a preset, a preset with rule-set fields, or the position form."""
    assert parse_rules("official") == "official"
    assert parse_rules("traditional, anticipo, jolly=suit, hand_size=7") == {
        "preset": "traditional",
        "anticipo": True,
        "jolly": "suit",
        "hand_size": 7,
    }
    assert parse_rules('{"preset": "traditional", "chi_sbaglia_paga": true}') == {
        "preset": "traditional",
        "chi_sbaglia_paga": True,
    }
    for bad in ("chess", "official,anticipo", "traditional,hand_size=many", "{not json", "traditional,nope"):
        with pytest.raises(ValueError):
            parse_rules(bad)
    rc, out = run_cli(
        "--bots", "medium,easy,medium", "--hands", "6", "--rules", "traditional,anticipo", "--json"
    )
    assert rc == 0
    summary = json.loads(out.strip().splitlines()[-1])
    assert summary["rules"] == {"preset": "traditional", "anticipo": True}
    assert "traditional,anticipo rules" in out


def test_parsers() -> None:
    assert parse_bot("hard:iterations=400:infer=false") == ("hard", {"iterations": 400, "infer": False})
    assert parse_bot("easy:forget=0.5") == ("easy", {"forget": 0.5})
    with pytest.raises(ValueError):
        parse_bot("hard:iterations")
    assert parse_budget("1500") == {"iterations": 1500}
    assert parse_budget("200ms") == {"seconds": 0.2, "iterations": None}
    assert parse_budget("1500,0.5s") == {"iterations": 1500, "seconds": 0.5}
    lo, hi = wilson(70, 100)
    assert 0.60 < lo < 0.70 < hi < 0.79
    assert wilson(0, 0) == (0.0, 1.0)


def test_traditional_rules_and_more_seats() -> None:
    s = run_arena(["medium", "easy", "random"], hands=6, seed=1, rules="traditional")
    assert s["hands"] == 6 and s["rules"] == "traditional"
    s = run_arena(["medium"] * 6, hands=6, seed=1)
    assert sum(b["hands_won"] for b in s["bots"]) == 6


def test_jobs_give_the_same_results() -> None:
    a = run_arena(["medium", "easy"], hands=16, seed=3)
    b = run_arena(["medium", "easy"], hands=16, seed=3, jobs=2)
    assert [x["hands_won"] for x in a["bots"]] == [x["hands_won"] for x in b["bots"]]
    assert [x["mean_points"] for x in a["bots"]] == [x["mean_points"] for x in b["bots"]]


def test_bench_prints_its_figures_as_json() -> None:
    """``python -m dernier bench --json`` (a measurement, not a timed test): every figure is
    there and positive, the search both as the hard bot runs it and with whole playouts."""
    out = io.StringIO()
    rc = cli.main(["bench", "--seconds", "0.05", "--players", "3", "--no-rlcard", "--json"], out)
    assert rc == 0
    result = json.loads(out.getvalue().strip().splitlines()[-1])
    for key in ("search_playouts_per_s", "search_whole_playouts_per_s"):
        assert result[key] > 0
    assert result["rlcard_uno_steps_per_s"] is None
