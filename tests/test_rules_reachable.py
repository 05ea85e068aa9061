"""CONTRACT "Position": values no game can reach are refused with PositionError naming the
field (pending against the chain cards, move_no, last_draw, drawn, draw_order, hand_no,
hands_won, scores)."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import game, position

import dernier
from dernier import Game

T = "traditional"


# --- CONTRACT "Position": values no game can reach ------------------------------------------


@pytest.mark.parametrize(
    ("discard", "fields", "named"),
    [
        (["9C", "AD", "AS", "AC", "AH"], {"pending": 10}, "Aces can build"),  # 4 Aces: at most 8
        (["9C", "JK", "JK"], {"pending": 12, "suit": "H"}, "Jollies can build"),  # 2 Jollies: 8
        (["9C", "AH"], {"pending": 4}, "2 chain cards"),  # one Ace explains 2, not 4
        (["9C", "AS", "9S", "AH"], {"pending": 4}, "2 chain cards"),  # the Aces are not on top together
        (["9C", "JK"], {"pending": 8, "suit": "S"}, "2 chain cards"),
        (["JK", "AS"], {"pending": 4}, "2 chain cards"),  # a Jolly never answers an Ace
    ],
)
def test_contract_position_refuses_a_pending_total_no_game_can_reach(
    discard: list[str], fields: dict[str, Any], named: str
) -> None:
    """CONTRACT Position: a pending total larger than the rule set's Aces (2 each) or Jollies
    (4 each) can build, or one the cards on top of the discard pile do not explain, is refused
    with PositionError naming pending."""
    pos = _pos(discard, fields)
    with pytest.raises(dernier.PositionError) as info:
        Game.from_position(pos)
    assert "pending" in str(info.value) and named in str(info.value)


@pytest.mark.parametrize(
    ("rules", "discard", "fields"),
    [
        ("official", ["9C", "AD", "AS", "AC", "AH"], {"pending": 8}),
        ("official", ["9C", "AS", "AH"], {"pending": 2}),  # an Ace on an Ace after a draw
        ("official", ["9C", "JK", "JK"], {"pending": 8, "suit": "H"}),
        (T, ["9C", "JK", "AH"], {"pending": 4}),  # a wild Jolly (as an Ace) started the chain
        (T, ["AH"], {"pending": 6}),  # the rest of the chain went into a reshuffled draw pile
        (T, ["9C", "JK"], {"pending": 2, "wild": "AS"}),
    ],
)
def test_contract_position_accepts_pending_totals_a_game_reaches(
    rules: str, discard: list[str], fields: dict[str, Any]
) -> None:
    """CONTRACT Position: the chains that can happen are accepted."""
    g = Game.from_position(_pos(discard, fields, rules))
    assert g.position()["pending"] == fields["pending"]


def test_contract_position_refuses_chains_beyond_traditional_aces() -> None:
    """CONTRACT Position, traditional: 8 Aces and one wild Jolly starting the chain: at most 18."""
    with pytest.raises(dernier.PositionError, match="pending 20"):
        Game.from_position(_pos(["AH"], {"pending": 20}, T))
    with pytest.raises(dernier.PositionError, match="pending"):
        Game.from_position(_pos(["9C", "JK"], {"pending": 4, "wild": "AS"}, T))


def _pos(discard: list[str], fields: dict[str, Any], rules: str = "official") -> dict[str, Any]:
    hands = [["2S", "3S", "4S"], ["5D", "6D"], ["8D", "9D"]]
    if rules == T:
        hands = [h + [c] for h, c in zip(hands, ("2C", "3C", "4C"), strict=True)]
    return position(hands, discard, rules=rules, **fields)


@pytest.mark.parametrize(
    ("fields", "named"),
    [
        ({"move_no": 10**6}, "move_no"),
        ({"move_no": 5, "last_draw": [0, -1, -1]}, "last_draw"),  # only seat 2 (dealer-1) draws at move 0
        ({"drawn": "2S"}, "drawn"),  # a card drawn this turn, but no draw this hand
        ({"draw_order": [0, 0, -1]}, "draw_order"),
        ({"draw_order": [1, -1, -1], "last_draw": [3, -1, -1], "move_no": 3}, "draw_order"),
        ({"draw_order": [1, 0, -1], "last_draw": [2, 4, -1], "move_no": 4}, "draw_order"),
        ({"draw_order": [-1, 0, 1], "last_draw": [2, -1, -1], "move_no": 4}, "draw_order"),
        ({"hands_won": [1, 0, -1]}, "hands_won"),
        ({"scores": [0, -5, 0]}, "scores"),
        ({"hand_no": 1, "scores": [10, 0, 0]}, "scores"),  # no hand scored yet
        ({"hand_no": 3, "hands_won": [1, 0, 0]}, "hands_won"),  # two hands scored: two winners
        ({"hand_no": 2, "scores": [500, 0, 0]}, "scores"),  # more than one hand can give
    ],
)
def test_contract_position_refuses_other_values_no_game_can_reach(fields: dict[str, Any], named: str) -> None:
    """CONTRACT Position: move_no beyond what an official hand can last, a draw at move 0 by a
    seat no turned-up 7 hits, a drawn card without a draw, a draw_order that is no order of the
    draws, hands_won and scores that the hands scored by hand_no cannot give: PositionError
    naming the field."""
    pos = game([["2S", "3S", "4S"], ["5D", "6D"], ["8D", "9D"]], ["9C"]).position()
    pos.update(fields)
    with pytest.raises(dernier.PositionError) as info:
        Game.from_position(pos)
    assert named in str(info.value)


def test_contract_position_accepts_match_fields_a_match_reaches() -> None:
    """CONTRACT Position: the match fields a real match writes are accepted, over and not."""
    pos = game([["2S", "3S", "4S"], ["5D", "6D"], ["8D", "9D"]], ["9C"]).position()
    pos.update(hand_no=3, hands_won=[1, 1, 0], scores=[80, 75, 20], move_no=9, last_draw=[0, -1, -1])
    with pytest.raises(dernier.PositionError):
        Game.from_position(pos)  # seat 0 did not draw at the deal (dealer 0: seat 2 would)
    pos.update(last_draw=[-1, -1, 0], draw_order=[0, -1, 1])
    assert Game.from_position(pos).position()["draw_order"] == [0, -1, 1]
    ended = dict(pos, hand_no=2, turn=None, hands=[[], *pos["hands"][1:]])
    ended["draw"] = ended["draw"] + pos["hands"][0]
    Game.from_position(ended)
