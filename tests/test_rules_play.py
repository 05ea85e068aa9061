"""RULES §4 (what may be played), §5 (a turn) and §6 (action cards), official preset."""

from __future__ import annotations

import pytest
from helpers import game, hand_sizes, play_all, refuse

# --- §4 matching -------------------------------------------------------------------------


def test_s4_same_suit_is_playable() -> None:
    """RULES §4: a card of the active suit (the top card's suit) may be played."""
    g = game([["3C", "4H"], ["5D", "6D"]], ["9C"])
    assert g.legal_moves() == ["3C", "3C!", "draw"]
    g.play("3C")
    assert g.position()["discard"][-1] == "3C"
    assert g.turn == 1


def test_s4_same_rank_is_playable() -> None:
    """RULES §4: a card of the same rank as the top card may be played (any suit)."""
    g = game([["9H", "4H", "5S"], ["5D", "6D"]], ["9C"])
    assert g.legal_moves() == ["9H", "draw"]
    g.play("9H")
    # now hearts are active: the next top is 9H
    assert g.position()["discard"][-2:] == ["9C", "9H"]


def test_s4_other_cards_are_refused_with_the_needed_suit() -> None:
    """RULES §4: a card with neither the active suit nor the rank is refused; the reason
    names the needed suit and rank; the position is unchanged."""
    g = game([["3H", "4D", "5C"], ["5D", "6D"]], ["9S"])
    refuse(g, "3H", "♠", "S", "9")
    refuse(g, "4D", "does not match")


@pytest.mark.parametrize("top", ["9S", "AH", "7D", "QC", "KS", "2H"])
def test_s4_j_may_be_played_on_anything_with_any_suit(top: str) -> None:
    """RULES §4/§5: a J may be played on any card (no penalty pending), naming any suit."""
    g = game([["JD", "3C", "4C"], ["5D", "6D"]], [top])
    legal = g.legal_moves()
    for s in "HDCS":
        assert f"JD:{s}" in legal
    g.play("JD:C")
    pos = g.position()
    assert pos["suit"] == "C" and pos["discard"][-1] == "JD"


@pytest.mark.parametrize("top", ["9S", "JH", "7D", "QC", "KS"])
def test_s4_jolly_may_be_played_on_anything(top: str) -> None:
    """RULES §4: a Jolly may be played on anything (no penalty pending)."""
    suit = "D" if top[0] == "J" else None
    g = game([["JK", "3C", "4C"], ["5D", "6D"]], [top], suit=suit)
    assert {f"JK:{s}" for s in "HDCS"} <= set(g.legal_moves())


def test_s4_j_and_jolly_even_when_other_cards_are_playable() -> None:
    """RULES §4: J and Jolly may be played even when the player holds other playable cards."""
    g = game([["JK", "JS", "3C", "9D"], ["5D", "6D"]], ["9C"])
    legal = g.legal_moves()
    assert "3C" in legal and "9D" in legal
    assert "JS:H" in legal and "JK:H" in legal
    g.play("JS:H")
    assert g.position()["suit"] == "H"


def test_s4_chosen_suit_of_a_j_is_active_not_its_own_suit() -> None:
    """RULES §4: with a J on top the active suit is the chosen one, not the J's own."""
    g = game([["3H", "3S", "4D", "JC"], ["5D", "6D"]], ["9C", "JS"], suit="H")
    legal = g.legal_moves()
    assert "3H" in legal
    assert "3S" not in legal  # the J's own suit does not count
    refuse(g, "3S", "♥", "H")
    assert "JC:D" in legal  # J on J always


def test_s4_chosen_suit_of_a_jolly_is_active() -> None:
    """RULES §4: with a Jolly on top (no chain) the chosen suit is active."""
    g = game([["3D", "3S"], ["5D", "6D"]], ["9C", "JK"], suit="D")
    assert g.legal_moves() == ["3D", "3D!", "draw"]
    refuse(g, "3S", "♦", "D")


def test_s4_no_j_or_jolly_while_a_penalty_is_pending() -> None:
    """RULES §4/§6: J and Jolly may not be played while a draw penalty is pending, nor
    cards matching the Ace's suit or rank other than an Ace."""
    g = game([["JS", "JK", "3H", "AD", "7H"], ["5D", "6D"]], ["9C", "AH"], pending=2)
    assert g.legal_moves() == ["AD", "draw"]
    refuse(g, "JS:H", "Ace")
    refuse(g, "JK:H", "Ace", "Jolly never answers")
    refuse(g, "3H", "Ace")


# --- §5 a turn ---------------------------------------------------------------------------


def test_s5_drawing_is_allowed_with_a_playable_card() -> None:
    """RULES §5.1: drawing is allowed even when a playable card is held."""
    g = game([["3C", "4C"], ["5D", "6D"]], ["9C"], draw=["2H"])
    assert "draw" in g.legal_moves()
    g.play("draw")
    pos = g.position()
    assert pos["hands"][0] == ["3C", "4C", "2H"]
    assert pos["drawn"] == "2H"
    assert pos["turn"] == 0


def test_s5_official_playable_drawn_card_may_be_played_at_once() -> None:
    """RULES §5.2 official: a playable drawn card may be played at once; no other card."""
    g = game([["3C", "4C"], ["5D", "6D"]], ["9C"], draw=["2C"])
    g.play("draw")
    assert g.legal_moves() == ["2C", "pass"]
    refuse(g, "3C", "2C", "drew")
    g.play("2C")
    pos = g.position()
    assert pos["discard"][-1] == "2C"
    assert pos["drawn"] is None and pos["turn"] == 1
    assert pos["hands"][0] == ["3C", "4C"]


def test_s5_official_unplayable_drawn_card_only_pass() -> None:
    """RULES §5.2 official: an unplayable drawn card: the player passes, nothing else."""
    g = game([["3C", "4C"], ["5D", "6D"]], ["9C"], draw=["2H"])
    g.play("draw")
    assert g.legal_moves() == ["pass"]
    refuse(g, "2H", "does not match")
    refuse(g, "3C", "2H")
    refuse(g, "draw", "already drawn")
    g.play("pass")
    pos = g.position()
    assert pos["turn"] == 1 and pos["drawn"] is None
    assert hand_sizes(g) == [3, 2]


def test_s5_official_pass_by_choice_after_a_playable_draw() -> None:
    """RULES §5.2: after drawing a playable card the player may still pass."""
    g = game([["3C", "4C"], ["5D", "6D"]], ["9C"], draw=["9H"])
    g.play("draw")
    assert g.legal_moves() == ["9H", "pass"]
    g.play("pass")
    assert g.turn == 1
    assert g.position()["hands"][0] == ["3C", "4C", "9H"]


def test_s5_drawn_j_or_jolly_is_played_with_its_suit() -> None:
    """RULES §5.2/§5.3: a drawn J may be played at once, naming a suit."""
    g = game([["3C", "4H"], ["5D", "6D"]], ["9S"], draw=["JH"])
    g.play("draw")
    assert g.legal_moves() == ["JH:C", "JH:D", "JH:H", "JH:S", "pass"]
    g.play("JH:D")
    assert g.position()["suit"] == "D"


def test_s5_pass_without_drawing_is_refused() -> None:
    """RULES §5: pass is only allowed after drawing."""
    g = game([["3C", "4C"], ["5D", "6D"]], ["9C"])
    refuse(g, "pass", "draw")


def test_s5_playing_a_j_includes_choosing_the_suit() -> None:
    """RULES §5.3: a J is played with its suit; 'JS' alone is not a move."""
    g = game([["JS", "4C"], ["5D", "6D"]], ["9C"])
    refuse(g, "JS", "suit")
    refuse(g, "JK:H", "do not hold")


# --- §6 Ace -----------------------------------------------------------------------------


def test_s6_ace_makes_next_player_draw_2() -> None:
    """RULES §6: an A makes the next player draw 2 (or answer with an Ace)."""
    g = game([["AC", "4C", "5C"], ["5D", "6D"], ["8D", "9D"]], ["9C"], draw=["2H", "3H"])
    g.play("AC")
    pos = g.position()
    assert pos["pending"] == 2 and pos["turn"] == 1
    assert g.legal_moves() == ["draw"]
    g.play("draw")
    pos = g.position()
    assert pos["hands"][1] == ["5D", "6D", "2H", "3H"]
    assert pos["pending"] == 0 and pos["turn"] == 2 and pos["drawn"] is None


def test_s6_ace_chain_grows_by_two() -> None:
    """RULES §6: any Ace answers an Ace; the penalty grows 2, 4, 6 and passes on."""
    g = game(
        [["AC", "4C"], ["AD", "5D", "6D"], ["AS", "8D", "9D"], ["2S", "3S"]],
        ["9C"],
        draw=["2H", "3H", "4H", "5H", "6H", "8H"],
    )
    g.play("AC!")
    assert (g.turn, g.position()["pending"]) == (1, 2)
    g.play("AD")
    assert (g.turn, g.position()["pending"]) == (2, 4)
    g.play("AS")
    assert (g.turn, g.position()["pending"]) == (3, 6)
    g.play("draw")
    pos = g.position()
    assert pos["hands"][3] == ["2S", "3S", "2H", "3H", "4H", "5H", "6H", "8H"]
    assert pos["pending"] == 0 and pos["turn"] == 0


def test_s6_not_answering_draws_the_whole_total_and_ends_the_turn() -> None:
    """RULES §6 [decided]: who does not answer draws the whole pending total and that
    ends their turn, even if one of the drawn cards would be playable."""
    g = game(
        [["2S", "3S"], ["5D", "6D"], ["8D", "9D"]],
        ["9C", "AD", "AH"],
        turn=0,
        pending=4,
        draw=["4H", "5H", "AS", "JK"],
    )
    g.play("draw")
    pos = g.position()
    assert pos["hands"][0] == ["2S", "3S", "4H", "5H", "AS", "JK"]
    assert pos["turn"] == 1 and pos["pending"] == 0 and pos["drawn"] is None
    assert pos["last_draw"][0] == pos["move_no"]


def test_s6_after_the_chain_the_next_player_plays_on_the_ace() -> None:
    """RULES §6: after the penalty is drawn the next player plays on the Ace as usual
    (its suit or an A; no further penalty)."""
    g = game(
        [["2S", "3S"], ["4H", "AD", "5C"], ["8D", "9D"]],
        ["9C", "AH"],
        turn=0,
        pending=2,
    )
    g.play("draw")
    assert g.turn == 1
    assert g.legal_moves() == ["4H", "AD", "draw"]
    g.play("4H")
    assert g.turn == 2 and g.position()["pending"] == 0


def test_s6_after_the_chain_an_ace_starts_a_new_chain() -> None:
    """RULES §6: an Ace played on the Ace after the chain was drawn starts a new chain of 2."""
    g = game([["2S", "3S"], ["AD", "5C"], ["8D", "9D"]], ["9C", "AH"], turn=0, pending=2)
    g.play("draw")
    g.play("AD")
    assert g.position()["pending"] == 2 and g.turn == 2


# --- §6 Jolly ---------------------------------------------------------------------------


def test_s6_jolly_chooses_suit_and_next_draws_4() -> None:
    """RULES §6 official: a Jolly chooses the suit and the next player must draw 4."""
    g = game(
        [["JK", "4C", "5C"], ["5D", "6D"], ["8D", "9D"]],
        ["9C"],
        draw=["2H", "3H", "4H", "6H"],
    )
    g.play("JK:D")
    pos = g.position()
    assert pos["pending"] == 4 and pos["suit"] == "D" and pos["turn"] == 1
    assert g.legal_moves() == ["draw"]  # 5D/6D match D but do not answer a Jolly
    g.play("draw")
    pos = g.position()
    assert pos["hands"][1] == ["5D", "6D", "2H", "3H", "4H", "6H"]
    assert pos["turn"] == 2 and pos["pending"] == 0


def test_s6_jolly_chain_grows_by_four() -> None:
    """RULES §6 official: a Jolly answers a Jolly: 4, 8 … passes on."""
    g = game(
        [["JK", "4C"], ["JK", "5D", "6D"], ["8D", "9D"]],
        ["9C"],
        draw=["2H", "3H", "4H", "6H", "8H", "9H", "10H", "2C"],
    )
    g.play("JK:D!")
    assert g.legal_moves() == ["JK:C", "JK:D", "JK:H", "JK:S", "draw"]
    g.play("JK:S")
    pos = g.position()
    assert pos["pending"] == 8 and pos["suit"] == "S" and pos["turn"] == 2
    g.play("draw")
    assert hand_sizes(g) == [1, 2, 10]
    assert g.position()["pending"] == 0


def test_s6_after_the_jolly_chain_its_suit_stands() -> None:
    """RULES §6: after the Jolly penalty is drawn, the next player plays on the Jolly's
    chosen suit."""
    g = game([["2S", "3S"], ["4H", "5D", "6C"], ["8D", "9D"]], ["9C", "JK"], pending=4, suit="D")
    g.play("draw")
    pos = g.position()
    assert pos["suit"] == "D" and pos["turn"] == 1
    assert g.legal_moves() == ["5D", "draw"]
    refuse(g, "4H", "♦")


@pytest.mark.parametrize(
    ("top", "pending", "suit", "hand", "legal"),
    [
        # an Ace chain: neither a Jolly nor a J answers it
        ("AH", 2, None, ["JK", "JH", "2H"], ["draw"]),
        # a Jolly chain: neither an Ace nor a J answers it
        ("JK", 4, "H", ["AH", "AS", "JH", "2H"], ["draw"]),
    ],
)
def test_s6_chains_answered_only_by_the_same_kind(
    top: str, pending: int, suit: str | None, hand: list[str], legal: list[str]
) -> None:
    """RULES §6 [decided]: a Jolly never answers an Ace, an Ace never answers a Jolly, and
    J answers neither."""
    g = game([hand, ["5D", "6D"]], ["9C", top], pending=pending, suit=suit)
    assert g.legal_moves() == legal
    for card in hand:
        if card == "JK":
            refuse(g, "JK:H", "Ace chain", "Jolly never answers")
        elif card.startswith("J"):
            refuse(g, card + ":H", "chain")
        else:
            refuse(g, card, "chain")


# --- §6 7, J, Q, K --------------------------------------------------------------------


def test_s6_seven_previous_player_draws_2_and_turn_passes_on() -> None:
    """RULES §6: a 7 makes the previous player draw 2; no answer; the turn passes on."""
    g = game(
        [["2S", "3S"], ["7S", "5D", "6D"], ["8D", "9D"]],
        ["9S"],
        turn=1,
        draw=["2H", "3H"],
    )
    g.play("7S")
    pos = g.position()
    assert pos["hands"][0] == ["2S", "3S", "2H", "3H"]
    assert pos["turn"] == 2 and pos["pending"] == 0
    assert pos["last_draw"] == [pos["move_no"], -1, -1]


def test_s6_seven_follows_the_direction() -> None:
    """RULES §6: with the direction reversed (-1) the 'previous' player is seat+1."""
    g = game(
        [["2S", "3S"], ["7S", "5D", "6D"], ["8D", "9D"]],
        ["9S"],
        turn=1,
        direction=-1,
        draw=["2H", "3H"],
    )
    g.play("7S")
    assert hand_sizes(g) == [2, 2, 4]
    assert g.turn == 0


def test_s6_seven_is_not_stackable() -> None:
    """RULES §6: a 7 has no answer and does not stack: a 7 on a 7 is an ordinary same-rank
    play whose own previous player draws 2; nobody draws 4."""
    g = game(
        [["7S", "3S", "4S"], ["7C", "5D", "6D"], ["8D", "9D", "10D"]],
        ["9S"],
        turn=0,
        draw=["2H", "3H", "4H", "5H"],
    )
    g.play("7S")
    assert hand_sizes(g) == [2, 3, 5]  # seat 2 (previous of 0) drew 2
    assert g.position()["pending"] == 0
    assert "7C" in g.legal_moves()
    g.play("7C")
    assert hand_sizes(g) == [4, 2, 5]  # seat 0 (previous of 1) drew 2
    assert g.turn == 2


def test_s6_seven_with_two_players_the_other_draws() -> None:
    """RULES §6: with two players the previous player is the other one."""
    g = game([["7S", "3S", "4S"], ["5D", "6D"]], ["9S"], draw=["2H", "3H"])
    g.play("7S")
    assert hand_sizes(g) == [2, 4]
    assert g.turn == 1


def test_s6_j_chooses_the_active_suit() -> None:
    """RULES §6: a J lets its player choose the active suit."""
    g = game([["JS", "3S", "4S"], ["5D", "6D", "5S"]], ["9S"])
    g.play("JS:D")
    pos = g.position()
    assert pos["suit"] == "D" and pos["turn"] == 1
    assert g.legal_moves() == ["5D", "6D", "draw"]


def test_s6_queen_skips_the_next_player() -> None:
    """RULES §6: a Q skips the next player."""
    g = game([["QS", "3S", "4S"], ["5S", "6D"], ["8S", "9D"]], ["9S"])
    g.play("QS")
    assert g.turn == 2
    assert hand_sizes(g) == [2, 2, 2]


def test_s6_queen_skips_in_the_current_direction() -> None:
    """RULES §6: with direction -1 a Q by seat 2 skips seat 1, seat 0 plays."""
    g = game([["8S", "3S"], ["5S", "6D"], ["QS", "9D", "10D"]], ["9S"], turn=2, direction=-1)
    g.play("QS")
    assert g.turn == 0


def test_s6_two_player_queen_same_player_again() -> None:
    """RULES §6 [decided]: with two players a Q lets the same player play again."""
    g = game([["QS", "3S", "4S"], ["5S", "6D"]], ["9S"])
    g.play("QS")
    assert g.turn == 0
    g.play("3S")
    assert g.turn == 1


def test_s6_king_reverses_the_direction() -> None:
    """RULES §6: a K reverses the direction: with 3+ players the previous player is next."""
    g = game([["8S", "3S"], ["KS", "6D", "7D"], ["5S", "9D"]], ["9S"], turn=1)
    g.play("KS")
    pos = g.position()
    assert pos["direction"] == -1 and pos["turn"] == 0
    g.play("8S")
    assert g.turn == 2  # 0 - 1 wraps round to 2
    g.play("5S")
    assert g.turn == 1


def test_s6_two_player_king_turn_passes_to_the_other() -> None:
    """RULES §6 [decided]: with two players a K reverses and the turn passes to the other
    player (no extra turn)."""
    g = game([["KS", "3S", "4S"], ["5S", "6D"]], ["9S"])
    g.play("KS")
    pos = g.position()
    assert pos["turn"] == 1 and pos["direction"] == -1
    g.play("5S")
    assert g.turn == 0


def test_s6_king_then_queen_then_seven_sequence() -> None:
    """RULES §6: K, Q and 7 combine through the direction: K by 0 (direction -1), Q by 3
    skips 2, 7 by 1 makes its previous player (seat 2) draw."""
    g = game(
        [["KS", "2S", "3S"], ["7S", "4D", "5D"], ["6S", "6D"], ["QS", "8D", "9D"]],
        ["9S"],
        draw=["2H", "3H"],
    )
    play_all(g, "KS", "QS")
    assert g.turn == 1
    g.play("7S")
    assert hand_sizes(g) == [2, 2, 4, 2]
    assert g.turn == 0


def test_s6_a_jolly_on_the_jolly_after_the_chain_starts_a_new_chain() -> None:
    """RULES §4/§6: once the Jolly chain is drawn, a Jolly played on the Jolly starts a new
    chain of 4 (a Jolly may be played on anything when no penalty is pending)."""
    g = game([["2S", "3S"], ["JK", "5D", "6C"], ["8D", "9D"]], ["9C", "JK"], pending=4, suit="D")
    g.play("draw")
    assert "JK:S" in g.legal_moves()
    g.play("JK:S")
    pos = g.position()
    assert pos["pending"] == 4 and pos["suit"] == "S" and pos["turn"] == 2


def test_s5_s6_a_drawn_ace_played_at_once_starts_a_chain() -> None:
    """RULES §5/§6 official: a drawn playable Ace may be played at once: next draws 2."""
    g = game([["2S", "3S"], ["5D", "6C"], ["8D", "9D"]], ["9C"], draw=["AC", "4H", "5H"])
    g.play("draw")
    assert g.legal_moves() == ["AC", "pass"]
    g.play("AC")
    assert g.position()["pending"] == 2 and g.turn == 1
