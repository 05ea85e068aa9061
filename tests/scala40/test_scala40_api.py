"""CONTRACT.md's surface: legal moves, openings, melds, is_legal, errors, positions, views,
matches, records and saves."""

from __future__ import annotations

import json
import random

import pytest
from scala40_helpers import game, position, snapshot

import scala40
from scala40.bots import make_bot


def _games() -> list[scala40.Game]:
    out = []
    for seed in range(40):
        g = scala40.Game.new(players=2 + seed % 5, rules=["classic", "strict"][seed % 2], seed=seed)
        rng = random.Random(seed)
        bots = [make_bot("medium"), make_bot("easy")]
        for _ in range(rng.randrange(80)):
            if g.over:
                break
            s = g.turn
            assert s is not None
            g.play(bots[s % 2].choose(g.view(s), rng))
        out.append(g)
    return out


GAMES = _games()


def test_contract_legal_moves_sorted_unique_without_open() -> None:
    for g in GAMES:
        for seat in range(g.players):
            legal = g.legal_moves(seat)
            assert legal == sorted(set(legal))
            assert not any(m.startswith("open") for m in legal)
            assert all(g.is_legal(m, seat) for m in legal)
            if seat != g.turn:
                assert legal == []


def test_contract_openings_sorted_canonical_and_limited_prefix() -> None:
    hand = ["10H", "JH", "QH", "KH", "5S", "5D", "5C", "JK", "2C", "9D", "9S", "9H", "3C", "4C"]
    g = game([hand, ["AD", "4C", "KC"]], turn=0, phase="play")
    everything = g.openings()
    assert everything == sorted(set(everything)) and len(everything) > 50
    for mv in everything:
        assert g.is_legal(mv)
        melds = mv.split(" ")[1:]
        assert melds == sorted(melds)
    first = g.openings(limit=7)
    assert len(first) == 7 and set(first) <= set(everything)
    assert first == g.openings(limit=7)
    assert g.openings(limit=0) == []
    assert all(m in g.legal_moves() for m in ["discard 2C"])


def test_contract_melds_every_single_meld_any_phase() -> None:
    g = game([["5H", "6H", "7H", "JK", "5D"], ["AD", "4C", "KC"]], turn=0)
    melds = g.melds()
    assert melds == sorted(set(melds))
    assert "5H-6H-7H" in melds and "5H-6H-JK=7H" in melds and "JK=4H-5H-6H-7H" in melds
    assert "5H-5D-JK=5C" in melds and "5H-5D-JK=5S" in melds
    assert "5H-6H-7H-JK=8H" in melds
    assert all(g.is_legal("open " + m) is False for m in melds)  # phase draw


def test_contract_is_legal_judges_any_string() -> None:
    g = GAMES[0]
    for junk in (
        "",
        " draw",
        "draw ",
        "DRAW",
        "open",
        "attach x 5H",
        "attach 01 5H",
        "discard JK=5H",
        "swap 0 JK=5H",
    ):
        assert g.is_legal(junk) is False
        with pytest.raises(scala40.NotationError):
            g.play(junk)
    assert issubclass(scala40.NotationError, ValueError) and issubclass(scala40.IllegalMove, ValueError)
    assert issubclass(scala40.PositionError, ValueError)


def test_contract_only_the_seat_to_act_moves() -> None:
    g = scala40.Game.new(players=3, seed=5)
    other = (g.turn + 1) % 3  # type: ignore[operator]
    before = snapshot(g)
    with pytest.raises(scala40.IllegalMove, match="not your turn"):
        g.play("draw", other)
    assert snapshot(g) == before


def test_contract_position_round_trips() -> None:
    for g in GAMES:
        pos = g.position()
        assert scala40.Game.from_position(json.loads(json.dumps(pos))).position() == pos
        assert (
            sum(len(h) for h in pos["hands"])
            + len(pos["stock"])
            + len(pos["discard"])
            + sum(len(m["cards"]) for m in pos["melds"])
            == 108
        )


@pytest.mark.parametrize(
    "change,problem",
    [
        (lambda p: p["hands"][0].append("AH"), "appears 3 times"),
        (lambda p: p["stock"].remove("KS"), "appears 1 times"),
        (lambda p: p.update(phase="nap"), "phase"),
        (lambda p: p.update(turn=None), "seat number"),
        (lambda p: p.update(dealer=7), "dealer"),
        (lambda p: p.update(bogus=1), "unknown field"),
        (lambda p: p.pop("taken"), "missing field"),
        (lambda p: p.update(rules="house"), "rules"),
        (lambda p: p.update(out=[1]), "at least two seats"),
        (
            lambda p: (
                p["melds"].append({"owner": 1, "cards": ["KS", "KD", "KC"]})
                or p["stock"].remove("KS")
                or p["stock"].remove("KD")
                or p["stock"].remove("KC")
            ),
            "has not opened",
        ),
        (
            lambda p: (
                p["melds"].append({"owner": 0, "cards": ["KS", "QD", "KC"]})
                or p["stock"].remove("KS")
                or p["stock"].remove("QD")
                or p["stock"].remove("KC")
            ),
            "invalid meld",
        ),
        (lambda p: p.update(phase="use"), "taken card"),
        (lambda p: p.update(closer=0), "closer must be null"),
        (lambda p: p.update(opened=[True]), "opened"),
        (lambda p: p.update(hands=[p["hands"][0]]), "2 to 6"),
    ],
)
def test_contract_bad_positions_name_the_problem(change: object, problem: str) -> None:
    pos = position([["2C", "9D"], ["AD", "4C", "KC"]], turn=0, opened=[True, False])
    change(pos)  # type: ignore[operator]
    with pytest.raises(scala40.PositionError, match=problem):
        scala40.Game.from_position(pos)


def test_contract_view_hides_other_hands_stock_order_and_seed() -> None:
    g = scala40.Game.new(players=3, seed=11)
    pos = g.position()
    v = g.view(1)
    text = json.dumps(v)
    assert v["hand"] == pos["hands"][1]
    assert v["hand_sizes"] == [13, 13, 13] and v["stock_size"] == len(pos["stock"])
    assert v["discard"] == pos["discard"] and v["melds"] == []
    assert "seed" not in v and "stock" not in v and "hands" not in v
    # another deal with the same hand 1 and pile but other hidden cards gives the same view
    pos2 = json.loads(json.dumps(pos))
    pos2["hands"][0], pos2["stock"][:13] = pos2["stock"][:13], pos2["hands"][0]
    pos2["stock"].reverse()
    assert json.dumps(scala40.Game.from_position(pos2).view(1)) == text


def _bot_match(seed: int, players: int = 3, reentries: int = 1) -> scala40.Match:
    m = scala40.Match.new(players=players, rules={"preset": "classic", "reentries": reentries}, seed=seed)
    rng = random.Random(seed)
    bots = [make_bot("medium") for _ in range(players)]
    while not m.over:
        if m.game.over:
            for s in m.decide:
                m.play(bots[s].choose(m.view(s), rng), s)
            if not m.over:
                m.next_hand()
            continue
        s = m.game.turn
        assert s is not None
        m.play(bots[s].choose(m.view(s), rng))
    return m


def test_contract_match_record_replays_and_save_loads() -> None:
    m = _bot_match(4)
    assert m.over and m.winner is not None and m.ranking[0] == m.winner
    assert m.hand_no >= 2
    again = scala40.replay(m.record())
    assert again.position() == m.position()
    loaded = scala40.Match.load(m.to_json())
    assert loaded.position() == m.position() and loaded.ranking == m.ranking
    pos = m.position()
    assert {"scores", "reentered", "decide", "out_hand", "hand_no", "seed"} <= set(pos)
    assert scala40.Match.from_position(pos).position() == pos


def test_contract_broken_saves_refused() -> None:
    m = _bot_match(5, players=2, reentries=0)
    data = m.save()
    for broken in (
        "{",
        {"format": "other"},
        {**data, "version": 99},
        {**data, "extra": 1},
        {**data, "history": []},
        {**data, "position": {**data["position"], "scores": [0, 0]}},
    ):
        with pytest.raises(scala40.SaveError):
            scala40.Match.load(broken)  # type: ignore[arg-type]
    bad = json.loads(json.dumps(data))
    bad["history"][0]["moves"][3][1] = "discard ZZ"
    with pytest.raises(scala40.SaveError, match="move 4"):
        scala40.Match.load(bad)


def test_contract_game_new_errors() -> None:
    with pytest.raises(ValueError):
        scala40.Game.new(players=4, rules={"nope": 1}, seed=1)
    with pytest.raises(ValueError):
        scala40.Game.new(players=4, seed=1, dealer=4)
    with pytest.raises(ValueError):
        scala40.Game.new(players=4, seed=1, dealer=2, out=[2])
