"""The post-hand review (scala40/review.py): each choice judged with the true hands, in penalty
points (RULES §11), and ``python -m scala40 review`` (CONTRACT "Command line")."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

import scala40
from scala40.bots import make_bot
from scala40.cards import CODE_OF, FULL_DECK
from scala40.cli import main
from scala40.errors import SaveError
from scala40.review import TOLERANCE, _seat_row, candidates, review, review_steps

#: seat 0 can open with 60 (three Kings, three Queens, §7) and holds seven low cards; seat 1
#: holds the thirteen spades from Ace to King: whatever it draws, it opens with them all and
#: closes in hand at its first turn (§9), so seat 0 pays double: 200 unopened, its cards opened
SEAT0 = ["KH", "KD", "KC", "QH", "QD", "QC", "2C", "3D", "4S", "5C", "6D", "7S", "8C"]
SEAT1 = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS"]
OPENING = "open KC-KD-KH QC-QD-QH"


def _deck() -> list[str]:
    dealt = [""] * 26
    dealt[0::2] = SEAT0
    dealt[1::2] = SEAT1
    rest = [CODE_OF[k] for k in FULL_DECK]
    for c in [*dealt, "9H", "2H"]:
        rest.remove(c)
    random.Random(5).shuffle(rest)
    return [*dealt, "9H", "2H", *rest]  # the pile starts with 9H, seat 0 draws 2H


def _scenario(opens: bool) -> scala40.Match:
    """Seat 0 draws 2H, then opens and discards 8C, or only discards 8C; seat 1 closes in hand."""
    m = scala40.Match.new(players=2, seed=1, dealer=1, deck=_deck())
    m.play("draw", 0)
    if opens:
        m.play(OPENING, 0)
    m.play("discard 8C", 0)
    m.play("draw", 1)
    m.play(max(m.game.openings(1), key=lambda mv: mv.count("-") + mv.count(" ")), 1)
    m.play(m.game.legal_moves(1)[0], 1)
    assert m.game.over and m.game.hand_winner == 1 and m.game.state.in_hand
    return m


def _played(players: int, seed: int, level: str = "medium") -> scala40.Match:
    m = scala40.Match.new(players=players, seed=seed)
    rng = random.Random(1)
    bot = make_bot(level)
    while not m.game.over:
        seat = m.game.turn
        assert seat is not None
        m.play(bot.choose(m.view(seat), rng), seat)
    return m


def _decision(result: dict[str, Any], seat: int, move_no: int) -> dict[str, Any]:
    row = next(r for r in result["hands"][0]["seats"] if r["seat"] == seat)
    found: dict[str, Any] = next(d for d in row["decisions"] if d["move_no"] == move_no)
    return found


def test_not_opening_before_a_close_in_hand_is_flagged_costly_section_9_11() -> None:
    """§7, §9, §11: holding back an opening while the next seat closes in hand costs the 200 an
    unopened seat pays against the doubled cards left: the review names it, with the opening."""
    m = _scenario(opens=False)
    assert m.game.hand_scores == [200, 0]
    result = review(m.record(), seats=[0])
    row = result["hands"][0]["seats"][0]
    bad = _decision(result, 0, 2)
    assert bad["played"] == "discard 8C" and bad["best"].startswith("open ")
    assert bad["values"]["discard 8C"] == 200.0
    assert bad["cost"] > 100  # 200 against its cards left, doubled
    assert row["worst"][0] == row["decisions"].index(bad)
    assert row["lost"] >= bad["cost"] and row["accuracy"] < 1


def test_the_best_choice_costs_nothing_section_7() -> None:
    """§7: opening at once is the best choice here: it costs 0, and so does the discard after."""
    m = _scenario(opens=True)
    result = review(m.record(), seats=[0])
    good = _decision(result, 0, 2)
    assert good["played"] == OPENING and good["best"] == OPENING and good["cost"] == 0
    assert good["values"][OPENING] < 100 < good["values"]["discard 8C"]
    assert all(d["cost"] < TOLERANCE for d in result["hands"][0]["seats"][0]["decisions"])


def test_candidates_weigh_the_played_move_medium_and_the_cheapest_discards_section_6() -> None:
    m = scala40.Match.new(players=2, seed=1, dealer=1, deck=_deck())
    st = m.game.state
    assert candidates(st, 0, "draw") == ["draw"]  # 9H has no use for seat 0 (§6): no choice
    m.play("draw", 0)
    cands = candidates(st, 0, "discard 8C")
    assert cands[0] == "discard 8C" and sum(c.startswith("open ") for c in cands) == 1
    assert len(cands) == len(set(cands)) and all(m.game.is_legal(c, 0) for c in cands)


def test_a_seat_judged_alone_or_with_the_others_and_in_slices_gets_the_same_figures() -> None:
    rec = _played(3, 7, "easy").record()
    alone = review(rec, worlds=8, seats=[2])
    together = review(rec, worlds=8)
    assert [r["seat"] for r in together["hands"][0]["seats"]] == [0, 1, 2]
    assert together["hands"][0]["seats"][2] == alone["hands"][0]["seats"][0]
    steps = review_steps(rec, worlds=8, seats=[2], slice_ms=0.0)
    seen = []
    while True:
        try:
            seen.append(next(steps))
        except StopIteration as stop:
            sliced = stop.value
            break
    assert sliced == alone
    total = seen[0][1]
    assert seen[-1] == (total, total) and len(seen) > total  # paused inside choices too
    assert all(
        d["cost"] >= 0 and d["played"] in d["values"] for d in alone["hands"][0]["seats"][0]["decisions"]
    )


def test_a_bad_record_is_refused_with_the_reason() -> None:
    rec = _scenario(opens=True).record()
    rec["history"][0]["moves"][1] = [0, "open KC-KD-KH QC-QD-QS"]
    with pytest.raises(SaveError, match="hand 1"):
        review(rec)
    with pytest.raises(ValueError, match="worlds"):
        review(_scenario(opens=True).record(), worlds=0)


def _cli(argv: list[str]) -> tuple[str, dict[str, Any]]:
    out = io.StringIO()
    assert main(argv, out, io.StringIO()) == 0
    text = out.getvalue()
    data = json.loads(text.strip().splitlines()[-1]) if "--json" in argv else {}
    return text, data


def test_cli_review_json_keeps_the_summary_and_adds_the_judgement(tmp_path: Path) -> None:
    m = _scenario(opens=False)
    path = tmp_path / "match.json"
    path.write_text(m.to_json())
    _, data = _cli(["review", str(path), "--json"])
    hand = data["hands"][0]
    # the summary as before
    assert {k: hand[k] for k in ("hand", "dealer", "moves", "closer", "in_hand", "scores", "totals")} == {
        "hand": 1,
        "dealer": 1,
        "moves": 5,
        "closer": 1,
        "in_hand": True,
        "scores": [200, 0],
        "totals": [200, 0],
    }
    assert (
        data["players"] == 2 and data["scores"] == [200, 0] and data["over"] is True and data["winner"] == 1
    )
    # the judgement: the same as scala40.review's
    assert data["review"]["format"] == "scala40-review" and data["review"]["worlds"] == 64
    assert hand["review"] == review(m.record())["hands"][0]["seats"]
    text, _ = _cli(["review", str(path), "--seat", "0"])
    assert "move 2: discard 8C cost" in text and "than open KH-KD-KC QH-QD-QC" in text
    _, bare = _cli(["review", str(path), "--worlds", "0", "--json"])
    assert "review" not in bare and "review" not in bare["hands"][0]


RULE_SETS: list[Any] = [
    "classic",
    "strict",
    {"free_take": True},
    {"long_runs": True, "many_jokers": True},
    {"simple_scoring": True, "close_bonus": 10},
    {"no_discard_taken": True, "take_needs_open": True},
]


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: r if isinstance(r, str) else "+".join(r))
def test_every_choice_of_a_hand_weighs_legal_moves_under_each_rule_set_section_13(rules: Any) -> None:
    """§13: under every rule set, each candidate of each choice of a hand of easy bots (who
    take, lay and throw away freely) is legal in its position, and the figures hold together:
    costs from 0, the played and the best move among the values, the worst the costliest."""
    m = scala40.Match.new(players=3, rules=rules, seed=4)
    rng, bot = random.Random(4), make_bot("easy")
    while not m.game.over:
        seat = m.game.turn
        assert seat is not None
        for move in candidates(m.game.state, seat, (played := bot.choose(m.view(seat), rng))):
            assert m.game.is_legal(move, seat), (move, m.game.phase)
        m.play(played, seat)
    result = review(m.record(), worlds=4)
    for row in result["hands"][0]["seats"]:
        ds = row["decisions"]
        assert row["choices"] == len(ds) > 0
        for d in ds:
            assert d["played"] in d["values"] and d["best"] in d["values"]
            assert d["cost"] == round(d["values"][d["played"]] - d["values"][d["best"]], 2) >= 0
            assert d["values"][d["best"]] == min(d["values"].values())
        costs = sorted((d["cost"] for d in ds if d["cost"] >= TOLERANCE), reverse=True)
        assert [ds[j]["cost"] for j in row["worst"]] == costs[:3]
        assert row["best"] == sum(d["cost"] < TOLERANCE for d in ds)


def test_a_whole_match_with_reentries_is_reviewed_hand_by_hand_section_12() -> None:
    """§12: the re-entry decisions between hands are no choices of a hand; every hand of a
    whole match is reviewed, each for the seats that played it."""
    m = scala40.Match.new(players=3, rules={"out_at": 60, "reentries": 1}, seed=2)
    rng, bot = random.Random(2), make_bot("medium")
    while not m.over:
        if m.game.over:
            for s in m.decide:
                m.play(bot.choose(m.view(s), rng), s)
            if not m.over:
                m.next_hand()
            continue
        seat = m.game.turn
        assert seat is not None
        m.play(bot.choose(m.view(seat), rng), seat)
    rec = m.record()
    assert any(mv in ("reenter", "retire") for h in rec["history"] for _s, mv in h["moves"])
    result = review(rec, worlds=2)
    assert [h["hand"] for h in result["hands"]] == list(range(1, len(rec["history"]) + 1))
    for h, played in zip(result["hands"], rec["history"], strict=True):
        seats_in = {s for s, mv in played["moves"] if mv not in ("reenter", "retire")}
        assert {row["seat"] for row in h["seats"]} >= seats_in
        for row in h["seats"]:
            assert all(d["played"] not in ("reenter", "retire") for d in row["decisions"])


def test_the_points_lost_are_those_of_the_choices_not_the_best() -> None:
    """Issue 38: a choice that counts as the best (under TOLERANCE: the play-outs' noise) loses
    nothing, so "best n of m" and the points lost add up: the lost points are the costly
    choices' costs, the ones listed as the costliest when there are WORST or fewer."""
    costs = [0.0, 0.11, 0.58, 2.14, 3.39, 3.74, 5.02, 0.0]
    row = _seat_row(0, [{"cost": c} for c in costs])
    assert row["best"] == 5 and row["choices"] == 8
    assert row["lost"] == round(3.39 + 3.74 + 5.02, 1)
    assert sorted(costs[j] for j in row["worst"]) == [3.39, 3.74, 5.02]
    assert _seat_row(1, [{"cost": 1.0}, {"cost": 2.9}])["lost"] == 0  # all the best: nothing lost
