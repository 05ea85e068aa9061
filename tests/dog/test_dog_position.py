"""CONTRACT "Position" and "Python API": round trips, every check of from_position, view(seat)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from dog_support import position

from dog import Game, PositionError

N0, N1, N2, N3 = ["n0"] * 4, ["n1"] * 4, ["n2"] * 4, ["n3"] * 4


def test_new_game_position_shape() -> None:
    """CONTRACT: a new game is dealt, in the exchange, with every documented key."""
    g = Game.new(players=4, rules="standard", seed=7)
    pos = g.position()
    for key in ("rules", "dealer", "round", "cards", "phase", "turn", "winner", "hands", "given", "pawns"):
        assert key in pos
    assert pos["rules"] == "standard" and pos["round"] == 1 and pos["cards"] == 6
    assert pos["phase"] == "exchange" and pos["turn"] == (pos["dealer"] + 1) % 4
    assert pos["pawns"] == [N0, N1, N2, N3]
    assert pos["seed"] == 7 and pos["shuffles"] == 1
    json.dumps(pos)


def test_round_trip_through_a_game() -> None:
    """CONTRACT: Game.from_position(g.position()).position() == g.position(), all along a game."""
    g = Game.new(seed=12)
    for _ in range(300):
        if g.over:
            break
        pos = g.position()
        assert Game.from_position(pos).position() == pos
        assert Game.from_position(json.loads(json.dumps(pos))).position() == pos
        g.play([m for m in g.legal_moves() if m not in ("abandon", "timeout")][-1])


def test_optional_keys_may_be_left_out() -> None:
    """CONTRACT: ended, exchanged, received, seed may be left out (null/false/null)."""
    pos = position([["10", "n0", "n0", "n0"], N1, N2, N3], ["5H"])
    for key in ("exchanged", "seed"):
        pos.pop(key)
    g = Game.from_position(pos)
    assert g.position()["exchanged"] == [False, False] and g.position()["ended"] is None
    assert g.legal_moves()[0] == "5H 10-15"


def _bad(mutate: Any, match: str) -> None:
    pos = position([["10", "0*", "h0.1", "n0"], ["20", "n1", "n1", "n1"], N2, N3], ["5H", "AH"])
    Game.from_position(copy.deepcopy(pos))
    mutate(pos)
    with pytest.raises(PositionError, match=match):
        Game.from_position(pos)


@pytest.mark.parametrize(
    ("mutate", "match"),
    [
        (lambda p: p.pop("hands"), "lacks hands"),
        (lambda p: p.update(extra=1), "unknown position fields"),
        (lambda p: p.update(rules="classic"), "rules"),
        (lambda p: p.update(rules={"deal": [50]}), "rules"),
        (lambda p: p.update(dealer=4), "dealer"),
        (lambda p: p.update(round=0), "round"),
        (lambda p: p.update(cards=5), "cards"),
        (lambda p: p.update(phase="bidding"), "phase"),
        (lambda p: p["hands"][0].append("XX"), "not a card code"),
        (lambda p: p["hands"][0].append("5H"), "exactly once"),
        (lambda p: p["deck"].pop(), "exactly once"),
        (lambda p: p["discard"].append("JK=1"), "Jolly names"),
        (lambda p: p.update(laid=["5H", "2H"]), "sorted"),
        (lambda p: p["pawns"][0].pop(), "4 pawns"),
        (lambda p: p["pawns"][1].__setitem__(0, "10"), "two pawns"),
        (lambda p: p["pawns"][1].__setitem__(0, "h0.2"), "field of seat 0"),
        (lambda p: p["pawns"][1].__setitem__(0, "n0"), "field of seat 0"),
        (lambda p: p["pawns"][1].__setitem__(0, "20*"), "own start"),
        (lambda p: p["pawns"][1].__setitem__(0, "64"), "not a field"),
        (lambda p: p.update(turn=2), "holds no cards"),
        (lambda p: p.update(turn=None), "turn"),
        (lambda p: p.update(winner=1), "winner"),
        (lambda p: p.update(ended="home"), "ended"),
        (lambda p: p.update(out=[1, 1]), "out"),
        (lambda p: p.update(out=[0]), "gave up"),
        (lambda p: p.update(given=["5H", None, None, None]), "exactly once|given"),
        (lambda p: p.update(seed="x"), "seed"),
        (lambda p: p["hands"].__setitem__(1, ["2C"] * 7), "exactly once|more than"),
    ],
)
def test_from_position_names_the_problem(mutate: Any, match: str) -> None:
    """CONTRACT: anything else is PositionError naming the problem."""
    _bad(mutate, match)


def test_exchange_hand_sizes_checked() -> None:
    """CONTRACT: in the exchange, hands hold cards, or cards − 1 once given."""
    g = Game.new(seed=3)
    pos = g.position()
    seat = pos["turn"]
    card = pos["hands"][seat].pop()
    pos["deck"].append(card)
    with pytest.raises(PositionError, match="must hold 6"):
        Game.from_position(pos)
    g.play(f"give {g.state.hands[seat][0]}")
    Game.from_position(g.position())


def test_winner_exactly_with_eight_home() -> None:
    """CONTRACT: winner set exactly when a team has 8 pawns home or ended says why."""
    home0, home2 = ["h0.1", "h0.2", "h0.3", "h0.4"], ["h2.1", "h2.2", "h2.3", "h2.4"]
    pos = position([home0, N1, home2, N3], ["5H"])
    with pytest.raises(PositionError, match="eight pawns home"):
        Game.from_position(pos)
    pos.update(winner=0, ended="home", phase="over", turn=None)
    g = Game.from_position(pos)
    assert g.over and g.winner == 0


def test_view_hides_what_the_seat_may_not_see() -> None:
    """CONTRACT: view(seat): other hands as counts, other given true/null, deck, laid as counts, no seed."""
    g = Game.new(seed=21, dealer=3)
    g.play(f"give {g.state.hands[0][0]}", 0)
    v = g.view(2)
    assert v["seat"] == 2
    assert isinstance(v["hands"][2], list) and v["hands"][0] == 5 and v["hands"][1] == 6
    assert v["given"] == [True, None, None, None]
    assert v["deck"] == 110 - 24 and v["laid"] == 0
    assert "seed" not in v
    assert v["gave"] is None and v["got"] is None
    assert v["pawns"] == g.position()["pawns"]
    mine = g.view(0)
    assert mine["given"][0] == g.state.given[0] and mine["gave"] == g.state.given[0]
    assert json.dumps(v)


def test_new_with_deck_and_dealer() -> None:
    """CONTRACT: Game.new(dealer=, deck=, seed=): bad decks are refused."""
    from dog.cards import full_deck

    deck = full_deck()
    g = Game.new(players=4, rules="standard", dealer=0, deck=deck, seed=7)
    assert g.state.dealer == 0 and g.turn == 1
    with pytest.raises(ValueError):
        Game.new(dealer=0, deck=deck[:-1], seed=7)
    with pytest.raises(ValueError):
        Game.new(dealer=0, deck=[*deck[:-1], "XX"], seed=7)
    with pytest.raises(ValueError):
        Game.new(dealer=5, seed=7)


def test_reshuffles_replay_from_seed_and_shuffles() -> None:
    """CONTRACT: each reshuffle derives from seed and shuffles, so a saved position replays identically."""
    g = Game.new(seed=31)
    saved = None
    while not g.over and g.state.round < 7:
        if g.state.round == 5 and saved is None:
            saved = g.position()
        g.play(next(m for m in g.legal_moves() if m not in ("abandon", "timeout")))
    assert saved is not None
    h = Game.from_position(saved)
    while not h.over and h.state.round < 7:
        h.play(next(m for m in h.legal_moves() if m not in ("abandon", "timeout")))
    assert h.position() == g.position()
