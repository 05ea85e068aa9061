"""RULES §8 (end of a hand), §9 (scores) and §10 (1) (the winner of a hand that ran out
of cards), official preset."""

from __future__ import annotations

import pytest
from helpers import RANKS, game, hand_sizes, points, position, refuse, value

import dernier

# --- §8 going out ------------------------------------------------------------------------


def test_s8_player_with_no_cards_wins_the_hand() -> None:
    """RULES §8: a player with no cards wins the hand; the hand is over, nobody may move."""
    g = game([["5H"], ["7D", "8H"], ["2S", "3S"]], ["9H"])
    g.play("5H")
    assert g.over and g.turn is None
    assert g.hand_winner == 0 and g.went_out
    pos = g.position()
    assert pos["turn"] is None and pos["hands"][0] == []
    for seat in range(3):
        assert g.legal_moves(seat) == []
    refuse(g, "8H", "over", seat=1)
    refuse(g, "draw", "over")
    refuse(g, "dernier", "over", seat=1)


def test_s8_scores_not_ready_before_the_end() -> None:
    """RULES §8/§9: hand_scores and hand_winner are None while the hand runs."""
    g = game([["5H", "6H"], ["7D", "8H"]], ["9H"])
    assert not g.over and g.hand_scores is None and g.hand_winner is None


def test_s8_last_card_seven_previous_player_draws_before_scoring() -> None:
    """RULES §8: the last card is a 7: the previous player draws 2, then the hand is scored."""
    g = game(
        [["7H"], ["8D", "9D"], ["2S", "3S"]],
        ["9H"],
        draw=["KC", "QC"],
    )
    g.play("7H")
    assert g.over and g.hand_winner == 0
    pos = g.position()
    assert pos["hands"][2] == ["2S", "3S", "KC", "QC"]
    assert hand_sizes(g) == [0, 2, 4]
    h1, h2 = points(["8D", "9D"]), points(["2S", "3S", "KC", "QC"])
    assert g.hand_scores == [h1 + h2 + 50, h2, h1]


def test_s8_last_card_ace_next_player_draws_2() -> None:
    """RULES §8: the last card is an A: the next player draws 2 with no answer, even
    holding an Ace."""
    g = game([["AH"], ["AD", "9D"], ["2S", "3S"]], ["9H"], draw=["KC", "QC"])
    g.play("AH")
    assert g.over and g.hand_winner == 0
    pos = g.position()
    assert pos["hands"][1] == ["AD", "9D", "KC", "QC"]
    assert pos["pending"] == 0
    h1, h2 = points(pos["hands"][1]), points(pos["hands"][2])
    assert g.hand_scores == [h1 + h2 + 50, h2, h1]


def test_s8_last_card_ace_ending_a_chain_next_draws_the_whole_total() -> None:
    """RULES §8: an A that ends a chain as the last card: the next player draws the whole
    pending total (4 + 2 = 6)."""
    g = game(
        [["AH"], ["8D", "9D"], ["2S", "3S"]],
        ["9C", "AC", "AS"],
        pending=4,
        draw=["2C", "3C", "4C", "5C", "6C", "8C", "10C"],
    )
    g.play("AH")
    assert g.over and g.hand_winner == 0
    pos = g.position()
    assert pos["hands"][1] == ["8D", "9D", "2C", "3C", "4C", "5C", "6C", "8C"]
    h1, h2 = points(pos["hands"][1]), points(pos["hands"][2])
    assert g.hand_scores == [h1 + h2 + 50, h2, h1]


def test_s8_last_card_jolly_next_player_draws_4() -> None:
    """RULES §8: the last card is a Jolly: the next player draws 4 with no answer."""
    g = game([["JK"], ["JK", "9D"], ["2S", "3S"]], ["9H"], draw=["2C", "3C", "4C", "5C"])
    g.play("JK:H")
    assert g.over and g.hand_winner == 0
    pos = g.position()
    assert pos["hands"][1] == ["JK", "9D", "2C", "3C", "4C", "5C"]
    assert g.hand_scores == [15 + 9 + 14 + 5 + 50, 5, 15 + 9 + 14]


def test_s8_last_card_jolly_ending_a_jolly_chain_next_draws_8() -> None:
    """RULES §8: a Jolly answering a Jolly chain as the last card: the next player draws 8."""
    g = game(
        [["JK"], ["8D", "9D"], ["2S", "3S"]],
        ["9C", "JK"],
        suit="C",
        pending=4,
        draw=["2C", "3C", "4C", "5C", "6C", "8C", "10C", "2D", "3D"],
    )
    g.play("JK:S")
    assert g.over
    assert hand_sizes(g) == [0, 10, 2]


def test_s8_last_card_jolly_in_reverse_direction_hits_the_next_in_that_direction() -> None:
    """RULES §8/§2: with direction -1 the 'next' player of a last Jolly is seat-1."""
    g = game(
        [["2S", "3S"], ["JK"], ["8D", "9D"]],
        ["9H"],
        turn=1,
        direction=-1,
        draw=["2C", "3C", "4C", "5C"],
    )
    g.play("JK:H")
    assert hand_sizes(g) == [6, 0, 2]


@pytest.mark.parametrize("last", ["QH", "KH", "JH:D", "5H"])
def test_s8_last_card_q_k_j_or_normal_has_no_draw_effect(last: str) -> None:
    """RULES §8: only a 7, an A or a Jolly as last card makes someone draw."""
    card = last.split(":")[0]
    g = game([[card], ["8D", "9D"], ["2S", "3S"]], ["9H"])
    g.play(last)
    assert g.over and g.hand_winner == 0
    assert hand_sizes(g) == [0, 2, 2]
    assert g.hand_scores == [17 + 5 + 50, 5, 17]


def test_s8_last_card_effect_applies_even_if_it_empties_the_pile() -> None:
    """RULES §8 (ENGINE): the last-card effect takes what remains; the player who went out
    still wins the hand with the bonus."""
    g = game([["AH"], ["8D", "9D"], ["2S", "3S"]], ["9H"], draw=["KC"], rest="discard")
    g.play("AH")
    assert g.over and g.hand_winner == 0 and g.went_out
    assert g.position()["hands"][1] == ["8D", "9D", "KC"]
    assert g.hand_scores == [27 + 5 + 50, 5, 27]


# --- §8 the official draw pile running out ---------------------------------------------


def test_s8_official_empty_pile_ends_the_hand_at_once() -> None:
    """RULES §8 official [decided]: the hand ends as soon as the draw pile's last card is
    taken (here by a voluntary draw); no winner bonus; winner by §10 (1)."""
    g = game([["2H", "3H"], ["KS"]], ["9C"], draw=["4C"], rest="discard")
    g.play("draw")
    assert g.over and not g.went_out
    pos = g.position()
    assert pos["hands"][0] == ["2H", "3H", "4C"] and pos["draw"] == []
    assert pos["drawn"] is None and pos["turn"] is None
    assert g.hand_scores == [10, 9]  # no 50 for anyone
    assert g.hand_winner == 0  # more points (fewer left in hand)


def test_s8_official_empty_pile_in_the_middle_of_a_chain_penalty() -> None:
    """RULES §8: a player who must draw more than remain takes them all; the official hand
    then ends at once."""
    g = game(
        [["2S", "3S"], ["8D", "9D"], ["2C", "3C"]],
        ["9H", "AD", "AH"],
        pending=4,
        draw=["KC", "QC"],
        rest="discard",
    )
    g.play("draw")
    assert g.over and not g.went_out
    assert g.position()["hands"][0] == ["2S", "3S", "KC", "QC"]
    assert g.hand_scores == [22, 5 + 25, 17 + 25]
    assert g.hand_winner == 2


def test_s8_official_empty_pile_during_a_seven_penalty() -> None:
    """RULES §8: the 7's penalty takes the last card: the hand ends at once."""
    g = game(
        [["2S", "3S"], ["7H", "9D", "10D"], ["2C", "3C"]],
        ["9H"],
        turn=1,
        draw=["KC"],
        rest="discard",
    )
    g.play("7H")
    assert g.over and not g.went_out
    pos = g.position()
    assert pos["hands"][0] == ["2S", "3S", "KC"]
    assert pos["discard"][-1] == "7H"


def test_s8_official_pile_with_cards_left_goes_on() -> None:
    """RULES §8: taking a card that is not the last does not end the hand."""
    g = game([["2H", "3H"], ["KS", "QS"]], ["9C"], draw=["4C", "5C"], rest="discard")
    g.play("draw")
    assert not g.over
    assert g.position()["draw"] == ["5C"]


# --- §9 scores ---------------------------------------------------------------------------


def test_s9_every_player_scores_the_opponents_cards_winner_plus_50() -> None:
    """RULES §9: every player scores the sum of the cards left in all opponents' hands; the
    player who went out also scores 50."""
    hands = [["5H"], ["JK", "AD", "KS", "QD", "JC"], ["2C", "3C", "10C"], ["4S", "9S"]]
    g = game(hands, ["9H"])
    g.play("5H")
    p1, p2, p3 = 56, 15, 13
    assert g.hand_scores == [p1 + p2 + p3 + 50, p2 + p3, p1 + p3, p1 + p2]


@pytest.mark.parametrize("card", [r + "C" for r in RANKS] + ["JK"])
def test_s9_card_values(card: str) -> None:
    """RULES §9: Jolly 15, A 11, K Q J 10, 2–10 face value (two players: the winner scores
    50 + the loser's cards, the loser 0)."""
    expected = {"JK": 15, "A": 11, "K": 10, "Q": 10, "J": 10}.get(card if card == "JK" else card[:-1]) or int(
        card[:-1]
    )
    assert value(card) == expected
    assert dernier.Card(card).value == expected
    g = game([["5H"], [card]], ["9H"])
    g.play("5H")
    assert g.hand_scores == [50 + expected, 0]


def test_s9_two_players_winner_50_plus_loser_cards_loser_0() -> None:
    """RULES §9: two players: the winner scores 50 + the loser's cards, the loser 0."""
    g = game([["JH"], ["AS", "7C", "2D"]], ["9H"])
    g.play("JH:C")
    assert g.hand_scores == [50 + 20, 0]


def test_s9_empty_pile_no_bonus_everyone_scores_opponents() -> None:
    """RULES §9: a hand ended by an empty draw pile has no 50 bonus; everyone still scores
    the opponents' cards."""
    g = game(
        [["2S", "3S"], ["8D", "9D"], ["KC", "AC"]],
        ["9H"],
        draw=["4S"],
        rest="discard",
    )
    g.play("draw")
    assert g.over and not g.went_out
    a, b, c = 9, 17, 21
    assert g.hand_scores == [b + c, a + c, a + b]
    assert g.hand_winner == 0


# --- §10 (1) the winner of a hand that ran out -------------------------------------------


def _ended(hands: list[list[str]], **kw: object) -> dernier.Game:
    """An official hand over by an empty pile (every other card in the discard pile)."""
    pos = position(hands, ["9H"], turn=None, rest="discard", **kw)  # type: ignore[arg-type]
    return dernier.Game.from_position(pos)


def test_s10_1_empty_pile_winner_most_points() -> None:
    """RULES §10 (1): most points (the fewest left in one's own hand) wins the hand."""
    g = _ended([["KS", "QS"], ["2D", "3D", "4D"], ["10C", "JC"]], dealer=0)
    assert g.over and not g.went_out
    assert g.hand_scores == [9 + 20, 20 + 20, 20 + 9]
    assert g.hand_winner == 1


def test_s10_1_empty_pile_winner_then_fewest_cards() -> None:
    """RULES §10 (1): equal points: fewest cards in hand wins."""
    g = _ended([["4D", "6D"], ["10H"], ["2C", "3C", "5C"]], dealer=1)
    assert g.hand_scores == [20, 20, 20]
    assert g.hand_winner == 1


def test_s10_1_empty_pile_winner_then_earliest_last_draw() -> None:
    """RULES §10 (1): equal points and cards: the player whose last draw came earliest."""
    g = _ended(
        [["4D", "6D"], ["3H", "7H"], ["2C", "8C"]],
        dealer=0,
        last_draw=[7, 3, 9],
        move_no=9,
    )
    assert len(set(g.hand_scores or [])) == 1
    assert g.hand_winner == 1


def test_s10_1_empty_pile_never_drawn_counts_as_earliest() -> None:
    """RULES §10 (1) / ENGINE (last_draw = -1 when a seat never drew): a seat that never
    drew this hand has the earliest last draw."""
    g = _ended(
        [["4D", "6D"], ["3H", "7H"], ["2C", "8C"]],
        dealer=0,
        last_draw=[7, 3, -1],
        move_no=9,
    )
    assert g.hand_winner == 2


def test_s10_1_points_beat_cards_and_last_draw() -> None:
    """RULES §10 (1): the steps are in order: more points wins even with more cards and a
    later last draw."""
    g = _ended(
        [["2D", "3D", "4D"], ["10H"], ["JC"]],
        dealer=0,
        last_draw=[9, 1, 2],
        move_no=9,
    )
    assert g.hand_winner == 0


def test_s10_1_cards_beat_last_draw() -> None:
    """RULES §10 (1): with equal points, fewer cards wins even with a later last draw."""
    g = _ended(
        [["4D", "6D"], ["10H"], ["3C", "7C"]],
        dealer=0,
        last_draw=[1, 9, 2],
        move_no=9,
    )
    assert g.hand_winner == 1


@pytest.mark.parametrize(("dealer", "winner"), [(0, 1), (1, 2), (2, 0)])
def test_s10_1_full_tie_goes_to_the_first_seat_after_the_dealer(dealer: int, winner: int) -> None:
    """ENGINE §10 ties [decided]: a tie surviving every step goes to the seat that comes
    first counter-clockwise after the dealer."""
    g = _ended(
        [["4D", "6D"], ["3H", "7H"], ["2C", "8C"]],
        dealer=dealer,
        last_draw=[5, 5, 5],
        move_no=9,
    )
    assert g.hand_winner == winner


def test_s10_1_a_hand_won_by_going_out_is_won_by_that_player() -> None:
    """RULES §8/§10: when someone went out they win the hand, whatever the others hold."""
    g = game([["5H"], ["2D"], ["3C"]], ["9H"], last_draw=[4, -1, -1], move_no=4)
    g.play("5H")
    assert g.hand_winner == 0
