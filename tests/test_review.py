"""dernier.review: decisions scored with the true hands, bad records refused, the coach."""

from __future__ import annotations

import io
import json
import random
import time
from pathlib import Path
from typing import Any

import pytest
from helpers import leftovers
from test_bots import _midgame_positions, _shuffle_hidden

import dernier
from dernier.bots import make_bot
from dernier.cli import main as cli_main
from dernier.errors import SaveError
from dernier.review import (
    MAX_RECORD_BYTES,
    coach,
    coach_steps,
    load_record,
    read_record,
    reason_text,
    review,
    review_steps,
)

MINE = ["5H", "8D", "6D", "9D", "10D"]
THEIRS = ["2H", "5D", "3D", "2D", "10C"]
#: the draw pile's first cards: none fits a diamond 9 or 10, none is an action card
PILE = ["2S", "3S", "4S", "5S", "8S", "3C", "4C", "2C"]


def _deal(choice: str) -> dernier.Match:
    """Two players, seat 0 deals (seat 1 gets the first card and acts first); 4H turned up.
    Both play down: seat 1 to its last card, 10C, and seat 0 to 9D and 10D on 2D. Seat 0
    then plays ``choice``: ``9D!`` (seat 1 cannot answer, draws, and seat 0 goes out with
    10D) or ``10D!``, the blunder (seat 1 goes out at once with 10C)."""
    order = [c for k in range(5) for c in (THEIRS[k], MINE[k])] + ["4H"]
    rest = [c for c in leftovers(order) if c not in PILE]
    random.Random(3).shuffle(rest)
    m = dernier.Match.new(players=2, dealer=0, deck=order + PILE + rest, seed=1, names=["Ada", "Bot"])
    for theirs, mine in (("2H", "5H"), ("5D", "8D"), ("3D", "6D")):
        m.play(theirs, 1)
        m.play(mine, 0)
    m.play("2D!", 1)
    m.play(choice, 0)
    if choice == "9D!":
        m.play("draw", 1)
        m.play("pass", 1)
        m.play("10D", 0)
    else:
        m.play("10C", 1)
    assert m.game.over
    return m


def test_the_one_clearly_wrong_choice_is_marked() -> None:
    """Seat 0 played the 10 that let seat 1 go out: the costliest decision, with 9D! instead."""
    m = _deal("10D!")
    r = review(m.record(), seats=[0], playouts=60, seed=1)
    (seat,) = r["hands"][0]["seats"]
    assert seat["seat"] == 0 and seat["name"] == "Ada"
    assert seat["worst"], seat
    worst = seat["decisions"][seat["worst"][0]]
    assert worst["played"] == "10D!" and worst["best"] == "9D!", worst
    assert worst["win_played"] == 0.0 and worst["cost"] > 0.5
    assert worst["choices"][0]["move"] == "9D!"
    assert worst["reason"]["code"] == "other"
    assert "9D!" in reason_text(worst["reason"])
    assert seat["accuracy"] is not None and seat["accuracy"] < 1.0
    assert seat["lost_total"] >= worst["cost"]


def test_the_right_choice_is_not_marked() -> None:
    m = _deal("9D!")
    r = review(m.record(), seats=[0], playouts=60, seed=1)
    (seat,) = r["hands"][0]["seats"]
    choice = next(d for d in seat["decisions"] if d["played"] == "9D!")
    assert choice["cost"] == 0.0 and choice["best"] == "9D!" and choice["reason"] == {"code": "best"}
    assert all(seat["decisions"][i]["played"] != "9D!" for i in seat["worst"])


def test_review_is_deterministic_covers_every_seat_and_runs_in_slices() -> None:
    m = _deal("10D!")
    rec = m.record()
    a = review(rec, playouts=20, seed=4)
    assert a == review(json.dumps(rec), playouts=20, seed=4)
    assert [s["seat"] for s in a["hands"][0]["seats"]] == [0, 1]
    gen = review_steps(dernier.Match.load(rec), playouts=20, seed=4)
    steps = []
    while True:
        try:
            steps.append(next(gen))
        except StopIteration as stop:
            assert stop.value == a
            break
    total = sum(len(s["decisions"]) for s in a["hands"][0]["seats"])
    assert steps[-1] == (total, total) and len(steps) > total
    assert [d for d, _ in steps] == sorted(d for d, _ in steps)
    assert {n for _, n in steps} == {total}
    one = review(rec, playouts=20, seed=4, hands=[1], seats=[1])
    assert one["hands"][0]["seats"] == [a["hands"][0]["seats"][1]]
    for s in a["hands"][0]["seats"]:
        for d in s["decisions"]:
            assert 0.0 <= d["cost"] <= 1.0 and d["win_best"] >= d["win_played"]
            assert len(d["choices"]) >= 2


def test_review_sliced_by_time_gives_the_same_review() -> None:
    """The page slices the review every few milliseconds of playouts (web/shell/review_ui.py):
    the figures do not depend on where it was sliced."""
    rec = _deal("10D!").record()
    whole = review(rec, playouts=200, seed=2)
    gen = review_steps(rec, playouts=200, seed=2, slice_ms=0.5)
    slices = 0
    while True:
        try:
            next(gen)
            slices += 1
        except StopIteration as stop:
            assert stop.value == whole
            break
    unsliced = sum(1 for _ in review_steps(rec, playouts=200, seed=2))
    assert slices > unsliced  # sliced more finely than once per candidate


def test_a_saved_multi_hand_match_is_reviewed_hand_by_hand() -> None:
    m = dernier.Match.new(players=3, hands=2, seed=9, rules="traditional")
    bot, rng = make_bot("medium"), random.Random(2)
    while not m.over:
        if m.game.over:
            m.next_hand()
            continue
        t = m.game.turn
        assert t is not None
        m.play(bot.choose(m.view(t), rng), t)
    r = review(m.save(), seats=[2], playouts=5)
    assert [h["hand"] for h in r["hands"]] == [1, 2]
    assert review(m.save(), seats=[2], playouts=5, hands=[2])["hands"] == r["hands"][1:]
    assert all(d["hand"] == h["hand"] for h in r["hands"] for s in h["seats"] for d in s["decisions"])


# -- bad records ---------------------------------------------------------------------------


def _record_text() -> str:
    return json.dumps(_deal("10D!").record())


def test_bad_records_are_refused_with_clear_messages(tmp_path: Path) -> None:
    good = _record_text()
    with pytest.raises(SaveError, match="not valid JSON"):
        load_record(good[: len(good) // 2])  # truncated
    with pytest.raises(SaveError, match="not a Dernier match"):
        load_record(json.dumps({"name": "my-uno", "moves": ["draw"]}))  # another program's JSON
    with pytest.raises(SaveError, match="JSON object"):
        load_record("[1, 2, 3]")
    with pytest.raises(SaveError, match="empty"):
        load_record("")
    with pytest.raises(SaveError, match="too large"):
        load_record(" " * (10 * 1024 * 1024) + good)  # 10 MB
    data = json.loads(good)
    data["history"][0]["moves"][0] = [1, "QS"]  # edited: seat 1 does not hold QS
    with pytest.raises(SaveError, match=r"hand 1, move 1 \('QS' by seat 1\)"):
        load_record(json.dumps(data))
    data = json.loads(good)
    data["history"][0]["moves"][1] = [1, "5D"]  # edited: not seat 1's turn
    with pytest.raises(SaveError, match="hand 1, move 2"):
        review(data)
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_RECORD_BYTES + 10))
    with pytest.raises(SaveError, match="too large"):
        read_record(str(big))
    with pytest.raises(SaveError, match="cannot read"):
        read_record(str(tmp_path / "missing.json"))


def test_cli_review_prints_every_seat_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "match.json"
    path.write_text(_record_text())
    out = io.StringIO()
    assert cli_main(["review", str(path), "--playouts", "30", "--json"], out=out) == 0
    lines = out.getvalue().strip().splitlines()
    result = json.loads(lines[-1])
    assert result["format"] == "dernier-review" and result["playouts"] == 30
    assert [s["seat"] for s in result["hands"][0]["seats"]] == [0, 1]
    assert result == review(path.read_text(), playouts=30)
    out = io.StringIO()
    assert cli_main(["review", str(path), "--playouts", "30"], out=out) == 0
    text = out.getvalue()
    assert "Ada (seat 0)" in text and "Bot (seat 1)" in text and "better 9D!" in text
    bad = tmp_path / "other.json"
    bad.write_text('{"game": "uno"}')
    assert cli_main(["review", str(bad)], out=io.StringIO()) == 2
    assert "not a Dernier match" in capsys.readouterr().err


# -- the coach ------------------------------------------------------------------------------


def test_coach_names_a_legal_move_and_each_candidates_chance() -> None:
    m = _deal("10D!")
    g = dernier.Game.new(players=2, dealer=1, deck=m.record()["history"][0]["deck"], seed=1)
    view = g.view(0)
    hint = coach(view, iterations=300, seed=2)
    assert hint["move"] in view["legal"]
    assert hint["candidates"][0]["move"] == hint["move"]
    assert len(hint["candidates"]) >= 2 and hint["playouts"] > 0
    for c in hint["candidates"]:
        assert c["move"] in view["legal"] and 0.0 <= c["win"] <= 1.0 and c["playouts"] > 0
    assert coach(view, iterations=300, seed=2) == hint
    assert coach(g.view(1))["move"] is None  # not seat 1's turn: nothing to choose


def test_coach_sees_only_the_view() -> None:
    """The bots' view-only test: hidden cards dealt anew, the same view, the same hint."""
    rng = random.Random(99)
    for pos, seat in _midgame_positions(8, seed=4):
        other = _shuffle_hidden(pos, seat, rng)
        assert other["hands"] != pos["hands"] or other["draw"] != pos["draw"]
        v1 = dernier.Game.from_position(pos).view(seat)
        v2 = dernier.Game.from_position(other).view(seat)
        assert v1 == v2
        assert coach(v1, iterations=80, seed=7) == coach(v2, iterations=80, seed=7)


def test_coach_answers_within_a_second() -> None:
    g = dernier.Game.new(players=4, seed=12)
    worst = 0.0
    views: list[dict[str, Any]] = []
    rng = random.Random(1)
    bot = make_bot("medium")
    while not g.over and len(views) < 4:
        t = g.turn
        assert t is not None
        views.append(g.view(t))
        g.play(bot.choose(g.view(t), rng))
    for v in views:
        start = time.perf_counter()
        hint = coach(v, seconds=0.8)
        worst = max(worst, time.perf_counter() - start)
        assert hint["move"] in v["legal"]
    assert worst < 1.0


def test_coach_in_slices_gives_the_same_hint() -> None:
    g = dernier.Game.new(players=3, seed=21)
    view = g.view(g.turn or 0)
    gen = coach_steps(view, iterations=400, seed=3, slice_ms=0.0)
    slices = 0
    while True:
        try:
            assert next(gen) is None
            slices += 1
        except StopIteration as stop:
            hint = stop.value
            break
    assert hint == coach(view, iterations=400, seed=3)
    if len(hint["candidates"]) > 1:
        assert slices > 1


def test_a_choice_among_many_candidates_shares_its_budget() -> None:
    m = dernier.Match.new(players=3, seed=9, rules="traditional")
    bot, rng = make_bot("medium"), random.Random(2)
    while not m.game.over:
        t = m.game.turn
        assert t is not None
        m.play(bot.choose(m.view(t), rng), t)
    r = review(m.record(), seats=[0], playouts=300, per_choice=900)
    decisions = r["hands"][0]["seats"][0]["decisions"]
    assert r["per_choice"] == 900 and decisions
    for d in decisions:
        n = len(d["choices"])
        assert d["playouts"] == max(100, min(300, 900 // n)), (d["playouts"], n)
    uncapped = review(m.record(), seats=[0], playouts=30, per_choice=None)
    assert all(d["playouts"] == 30 for d in uncapped["hands"][0]["seats"][0]["decisions"])


def test_reasons_name_what_the_better_move_does() -> None:
    from dernier.moves import TEXT_MOVE
    from dernier.review import reason

    g = dernier.Game.from_position(
        {
            "rules": "official",
            "dealer": 1,
            "turn": 0,
            "direction": 1,
            "hands": [["5H", "6H", "QH"], ["2C", "3C"]],
            "draw": [c for c in leftovers(["5H", "6H", "QH", "2C", "3C", "9H"])],
            "discard": ["9H"],
            "suit": None,
            "wild": None,
            "pending": 0,
            "drawn": None,
            "dernier_due": [],
        }
    )
    st = g.state
    assert reason(st, TEXT_MOVE["draw"], TEXT_MOVE["5H"])["code"] == "play_not_draw"
    assert reason(st, TEXT_MOVE["5H"], TEXT_MOVE["draw"])["code"] == "draw_not_play"
    r = reason(st, TEXT_MOVE["5H"], TEXT_MOVE["QH"])
    assert r == {"code": "effect", "move": "QH", "played": "5H", "effect": "queen"}
    assert "skipped" in reason_text(r)
    assert reason(st, TEXT_MOVE["QH"], TEXT_MOVE["5H"])["code"] == "keep_action"
    assert reason(st, TEXT_MOVE[":H"], TEXT_MOVE[":C"]) == {
        "code": "suit",
        "move": ":C",
        "played": ":H",
        "suit": "C",
    }
    assert "clubs" in reason_text({"code": "suit", "move": "JS:C", "suit": "C"})
