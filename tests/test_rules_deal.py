"""RULES §2 (seats, dealer, direction, the deal) and §3 (the first card)."""

from __future__ import annotations

import pytest
from helpers import deal_order, hand_sizes, new_game, refuse

import dernier

# --- §2 ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_s2_official_plays_with_2_to_6(players: int) -> None:
    """RULES §2: official player counts are 2–6."""
    g = dernier.Game.new(players=players, rules="official", seed=3)
    assert g.players == players
    assert len(g.position()["hands"]) == players


@pytest.mark.parametrize("players", [0, 1, 7, 8])
def test_s2_official_refuses_other_player_counts(players: int) -> None:
    """RULES §2: official refuses fewer than 2 or more than 6 players (PositionError)."""
    with pytest.raises(dernier.PositionError, match="2 to 6"):
        dernier.Game.new(players=players, rules="official", seed=3)


@pytest.mark.parametrize("players", [3, 8])
def test_s2_traditional_plays_with_3_to_8(players: int) -> None:
    """RULES §2: traditional player counts are 3–8."""
    g = dernier.Game.new(players=players, rules="traditional", seed=3)
    assert g.players == players


@pytest.mark.parametrize("players", [2, 9])
def test_s2_traditional_refuses_other_player_counts(players: int) -> None:
    """RULES §2: traditional refuses 2 or 9 players."""
    with pytest.raises(dernier.PositionError, match="3 to 8"):
        dernier.Game.new(players=players, rules="traditional", seed=3)


def test_s2_first_dealer_is_random_but_seeded() -> None:
    """RULES §2: the first dealer is drawn at random (seeded): same seed, same dealer;
    over many seeds every seat deals sometimes."""
    dealers = set()
    for seed in range(60):
        a = dernier.Game.new(players=4, seed=seed)
        b = dernier.Game.new(players=4, seed=seed)
        assert a.position() == b.position()
        dealers.add(a.position()["dealer"])
    assert dealers == {0, 1, 2, 3}


@pytest.mark.parametrize(("players", "dealer"), [(3, 0), (4, 2), (6, 5), (2, 1)])
def test_s2_official_deal_five_each_one_at_a_time_from_dealer_plus_1(players: int, dealer: int) -> None:
    """RULES §2 / CONTRACT: official deals 5 cards each, one at a time starting from
    dealer+1; the next card is turned up; the rest is the draw pile, in order."""
    order = deal_order(players, dealer, {}, "9C")
    g = dernier.Game.new(players=players, dealer=dealer, deck=order, seed=1)
    pos = g.position()
    for k in range(players):
        seat = (dealer + 1 + k) % players
        assert pos["hands"][seat] == [order[k + r * players] for r in range(5)]
    assert pos["discard"] == [order[5 * players]] == ["9C"]
    assert pos["draw"] == order[5 * players + 1 :]
    assert pos["dealer"] == dealer
    assert pos["direction"] == 1
    assert pos["turn"] == (dealer + 1) % players
    assert pos["pending"] == 0 and pos["suit"] is None and pos["dernier_due"] == []


def test_s2_traditional_deal_is_nine_each() -> None:
    """RULES §2: traditional deals 9 cards each."""
    order = deal_order(4, 1, {}, "9C", rules="traditional")
    g = dernier.Game.new(players=4, rules="traditional", dealer=1, deck=order, seed=1)
    pos = g.position()
    assert hand_sizes(g) == [9, 9, 9, 9]
    assert pos["hands"][2] == [order[4 * r] for r in range(9)]
    assert pos["discard"] == ["9C"]
    assert len(pos["draw"]) == 108 - 36 - 1


def test_s2_seats_go_counter_clockwise_next_is_seat_plus_1() -> None:
    """RULES §2: direction starts +1, so the next player is seat+1 (wrapping round)."""
    g = new_game(4, 2, {3: ["4C", "8H"], 0: ["5C"], 1: ["6C"]}, "9C")
    assert g.turn == 3
    g.play("4C")
    assert g.turn == 0  # 3 + 1 wraps to 0
    g.play("5C")
    assert g.turn == 1


def test_s2_deck_must_be_complete() -> None:
    """RULES §1–§2 / CONTRACT: an exact deck must hold every card once (PositionError)."""
    order = deal_order(3, 0, {}, "9C")
    with pytest.raises(dernier.PositionError, match="missing"):
        dernier.Game.new(players=3, dealer=0, deck=order[:-1])
    with pytest.raises(dernier.PositionError, match="too many"):
        dernier.Game.new(players=3, dealer=0, deck=[*order, "AH"])
    with pytest.raises(dernier.PositionError, match="not a card code"):
        dernier.Game.new(players=3, dealer=0, deck=[*order[:-1], "XX"])


@pytest.mark.parametrize("dealer", [-1, 3, "0", 1.0, True])
def test_s2_bad_dealer_is_refused(dealer: object) -> None:
    """RULES §2: the dealer is a seat 0..n-1."""
    with pytest.raises(dernier.PositionError, match="dealer"):
        dernier.Game.new(players=3, dealer=dealer, seed=1)  # type: ignore[arg-type]


# --- §3 ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "dealer"), [(3, 0), (4, 2)])
def test_s3_turned_normal_card_dealer_plus_1_starts(players: int, dealer: int) -> None:
    """RULES §3: a normal first card has no effect; play starts with dealer+1."""
    g = new_game(players, dealer, {}, "8D")
    pos = g.position()
    assert pos["turn"] == (dealer + 1) % players
    assert pos["direction"] == 1 and pos["pending"] == 0 and pos["suit"] is None
    assert hand_sizes(g) == [5] * players


@pytest.mark.parametrize("turned", ["JC", "JK"])
def test_s3_turned_j_or_jolly_dealer_chooses_suit(turned: str) -> None:
    """RULES §3: a J or Jolly turned up counts as played by the dealer, who chooses the
    suit: the dealer acts first and may only move ':C' ':D' ':H' ':S'."""
    g = new_game(4, 2, {2: ["5H", "6D", "7S", "8C", "9S"]}, turned)
    assert g.turn == 2
    assert g.legal_moves() == [":C", ":D", ":H", ":S"]
    refuse(g, "5H", "choose")
    refuse(g, "draw", "choose")
    g.play(":H")
    pos = g.position()
    assert pos["suit"] == "H"
    assert pos["turn"] == 3
    assert hand_sizes(g) == [5, 5, 5, 5]


def test_s3_turned_j_chosen_suit_is_active() -> None:
    """RULES §3/§4: after the dealer's ':D' on a turned JC, dealer+1 must follow D."""
    g = new_game(3, 0, {1: ["4D", "4C", "5S", "6S", "8S"]}, "JC")
    g.play(":D")
    assert g.turn == 1
    assert g.position()["pending"] == 0
    assert g.legal_moves() == ["4D", "draw"]


def test_s3_turned_jolly_dealer_plus_1_draws_4() -> None:
    """RULES §3: a Jolly turned up also makes dealer+1 draw 4 unless it answers with a
    Jolly; not answering draws the 4 and ends the turn."""
    g = new_game(3, 1, {2: ["4D", "4C", "5S", "6S", "8S"]}, "JK")
    g.play(":S")
    pos = g.position()
    assert pos["turn"] == 2 and pos["pending"] == 4 and pos["suit"] == "S"
    assert g.legal_moves() == ["draw"]  # 5S, 6S, 8S match the suit but may not answer
    g.play("draw")
    assert hand_sizes(g) == [5, 5, 9]
    assert g.turn == 0
    assert g.position()["pending"] == 0
    assert g.position()["suit"] == "S"  # the Jolly's suit stands


def test_s3_turned_jolly_answered_with_jolly() -> None:
    """RULES §3/§6: dealer+1 answers the turned Jolly with a Jolly: 8 for dealer+2."""
    g = new_game(3, 1, {2: ["JK", "4C", "5S", "6S", "8S"]}, "JK")
    g.play(":S")
    assert "JK:H" in g.legal_moves()
    g.play("JK:H")
    pos = g.position()
    assert pos["turn"] == 0 and pos["pending"] == 8 and pos["suit"] == "H"


@pytest.mark.parametrize(("players", "dealer"), [(3, 2), (2, 0), (5, 4)])
def test_s3_turned_ace_dealer_plus_1_draws_2(players: int, dealer: int) -> None:
    """RULES §3: an A turned up: dealer+1 draws 2 unless it answers with an Ace."""
    nxt = (dealer + 1) % players
    g = new_game(players, dealer, {nxt: ["2C", "3C", "4D", "5D", "6S"]}, "AC")
    pos = g.position()
    assert pos["turn"] == nxt and pos["pending"] == 2
    assert g.legal_moves() == ["draw"]  # 2C/3C follow clubs but do not answer an Ace
    g.play("draw")
    assert hand_sizes(g)[nxt] == 7
    assert g.turn == (nxt + 1) % players
    assert g.position()["pending"] == 0


def test_s3_turned_ace_answered_with_ace() -> None:
    """RULES §3/§6: dealer+1 answers a turned A with any Ace: dealer+2 faces 4."""
    g = new_game(3, 0, {1: ["AD", "3C", "4D", "5D", "6S"]}, "AC")
    assert g.legal_moves() == ["AD", "draw"]
    g.play("AD")
    assert g.turn == 2 and g.position()["pending"] == 4


@pytest.mark.parametrize(("players", "dealer"), [(3, 0), (4, 2), (2, 1)])
def test_s3_turned_seven_dealer_minus_1_draws_2(players: int, dealer: int) -> None:
    """RULES §3: a 7 turned up: the dealer's previous player (dealer-1) draws 2 at once;
    play starts with dealer+1 (ENGINE: recorded as move 0)."""
    g = new_game(players, dealer, {}, "7H")
    prev = (dealer - 1) % players
    sizes = hand_sizes(g)
    assert sizes[prev] == 7
    assert sum(sizes) == 5 * players + 2
    pos = g.position()
    assert pos["turn"] == (dealer + 1) % players
    assert pos["pending"] == 0
    assert pos["last_draw"][prev] == 0
    order = deal_order(players, dealer, {}, "7H")
    # the 2 came off the top of the draw pile
    assert pos["hands"][prev][-2:] == order[5 * players + 1 : 5 * players + 3]


@pytest.mark.parametrize(("players", "dealer", "first"), [(3, 0, 2), (4, 3, 1), (2, 0, 0)])
def test_s3_turned_queen_skips_dealer_plus_1(players: int, dealer: int, first: int) -> None:
    """RULES §3: a Q turned up skips dealer+1 (two players: the dealer plays first)."""
    g = new_game(players, dealer, {}, "QS")
    assert g.turn == first
    assert g.position()["direction"] == 1
    assert hand_sizes(g) == [5] * players


@pytest.mark.parametrize(("players", "dealer", "first"), [(3, 0, 2), (4, 2, 1), (2, 1, 0)])
def test_s3_turned_king_reverses_dealer_minus_1_first(players: int, dealer: int, first: int) -> None:
    """RULES §3: a K turned up reverses the direction, so dealer-1 plays first."""
    g = new_game(players, dealer, {first: ["3S", "8H", "9H", "10H", "2H"]}, "KS")
    pos = g.position()
    assert pos["turn"] == first == (dealer - 1) % players
    assert pos["direction"] == -1
    g.play("3S")
    assert g.turn == (first - 1) % players


def test_s3_turned_king_two_players_other_player_starts() -> None:
    """RULES §3/§6: with two players a turned K makes the other player start."""
    g = new_game(2, 0, {}, "KH")
    assert g.turn == 1


def test_s3_first_card_j_by_dealer_even_if_dealer_holds_nothing_matching() -> None:
    """RULES §3: the dealer's suit choice is a free choice of any of the four suits."""
    for suit in "HDCS":
        g = new_game(2, 1, {}, "JD")
        g.play(":" + suit)
        assert g.position()["suit"] == suit
        assert g.turn == 0
