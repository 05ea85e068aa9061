"""RULES §7: calling "Dernier" (and CONTRACT's listing of '!' plays)."""

from __future__ import annotations

from helpers import game, hand_sizes, refuse


def _three(**kw: object) -> object:
    """Seat 0 holds 5H 6H (its play of 5H leaves one card); seats 1, 2 can follow hearts."""
    return game(
        [["5H", "6H"], ["7D", "8H", "9H"], ["2H", "3H", "4C"]],
        ["9S", "10H"],
        draw=["2C", "3C", "4D", "5D"],
        **kw,  # type: ignore[arg-type]
    )


def test_s7_plays_listed_with_and_without_call_exactly_when_one_card_is_left() -> None:
    """RULES §7 / CONTRACT: legal_moves lists a play with and without '!' exactly when the
    play leaves its player one card."""
    g = _three()
    assert g.legal_moves() == ["5H", "5H!", "6H", "6H!", "draw"]
    g3 = game([["5H", "6H", "JS"], ["7D", "8D"]], ["9H"])
    legal = g3.legal_moves()
    assert not any(m.endswith("!") for m in legal)
    g2 = game([["JS", "2C"], ["7D", "8D"]], ["9H"])
    assert g2.legal_moves() == sorted([f"JS:{s}" for s in "HDCS"] + [f"JS:{s}!" for s in "HDCS"] + ["draw"])


def test_s7_call_with_the_play_no_penalty() -> None:
    """RULES §7: a play may carry the call ('5H!'): nobody owes it, no penalty later."""
    g = _three()
    g.play("5H!")
    assert g.position()["dernier_due"] == []
    assert g.legal_moves(0) == []
    g.play("8H")
    assert hand_sizes(g) == [1, 2, 3]


def test_s7_separate_call_before_the_next_player_moves() -> None:
    """RULES §7: a separate 'dernier' by that seat before the next player moves: no
    penalty; the call counts as a move (ENGINE) but does not close the window."""
    g = _three()
    g.play("5H")
    pos = g.position()
    assert pos["dernier_due"] == [0]
    assert g.legal_moves(0) == ["dernier"]
    assert "dernier" not in g.legal_moves()  # seat 1, to act, owes nothing
    g.play("dernier", seat=0)
    pos2 = g.position()
    assert pos2["dernier_due"] == []
    assert pos2["move_no"] == pos["move_no"] + 1
    assert pos2["turn"] == 1
    g.play("8H")
    assert hand_sizes(g) == [1, 2, 3]


def test_s7_forgetting_draws_2_when_the_next_player_moves() -> None:
    """RULES §7: who forgets draws 2 penalty cards at the moment the window closes: when
    the next seat moves."""
    g = _three()
    g.play("5H")
    assert hand_sizes(g) == [1, 3, 3]  # nothing drawn yet: the window is still open
    g.play("8H")
    pos = g.position()
    assert pos["hands"][0] == ["6H", "2C", "3C"]
    assert pos["dernier_due"] == []
    assert pos["last_draw"][0] == pos["move_no"]
    assert pos["turn"] == 2


def test_s7_forgetting_next_player_drawing_also_closes_the_window() -> None:
    """RULES §7: the window closes when the next player begins, whatever the move; the
    penalty is drawn before that player's own card."""
    g = _three()
    g.play("5H")
    g.play("draw")
    pos = g.position()
    assert pos["hands"][0] == ["6H", "2C", "3C"]
    assert pos["hands"][1] == ["7D", "8H", "9H", "4D"]
    assert pos["drawn"] == "4D"


def test_s7_calling_too_late_is_refused() -> None:
    """RULES §7: once the next player has moved, calling is refused (unchanged game)."""
    g = _three()
    g.play("5H")
    g.play("8H")
    refuse(g, "dernier", "Dernier", seat=0)


def test_s7_calling_when_not_due_is_refused() -> None:
    """RULES §7: 'dernier' by a seat that does not owe it is refused: the seat to act,
    another seat, a seat that already called."""
    g = _three()
    refuse(g, "dernier", "Dernier")  # seat 0 to act, 2 cards
    refuse(g, "dernier", "§7", seat=1)
    g.play("5H!")
    refuse(g, "dernier", "no Dernier call", seat=0)  # already called with the play
    g2 = _three()
    g2.play("5H")
    g2.play("dernier", seat=0)
    refuse(g2, "dernier", seat=0)  # a second call


def test_s7_call_suffix_refused_when_the_play_leaves_more_than_one_card() -> None:
    """RULES §7: '!' only goes with a play that leaves one card."""
    g = game([["5H", "6H", "7C"], ["7D", "8H"]], ["9H"])
    refuse(g, "5H!", "one card")


def test_s7_call_on_the_last_card_is_not_a_move() -> None:
    """RULES §7: a play that leaves no card is not listed (nor accepted) with '!'."""
    g = game([["5H"], ["7D", "8H"]], ["9H"])
    assert g.legal_moves() == ["5H", "draw"]
    refuse(g, "5H!")


def test_s7_drawn_card_play_leaving_one_card_carries_the_call() -> None:
    """RULES §5/§7: a one-card player draws, then plays the drawn card leaving one card:
    both '2H' and '2H!' are listed; without the call the penalty follows."""
    g = game([["5C"], ["7D", "8H"], ["3D", "4D"]], ["9H"], draw=["2H", "3C", "4C"])
    g.play("draw")
    assert g.legal_moves() == ["2H", "2H!", "pass"]
    g.play("2H")
    assert g.position()["dernier_due"] == [0]
    g.play("8H")
    assert g.position()["hands"][0] == ["5C", "3C", "4C"]


def test_s7_queen_skipped_player_with_one_card_must_call() -> None:
    """RULES §7: a one-card player skipped by a Q must call before the player after
    them begins; calling avoids the penalty."""
    g = game([["QS", "3S", "4S"], ["5D"], ["8S", "9D"]], ["9S"], draw=["2C", "3C"])
    g.play("QS")
    pos = g.position()
    assert pos["turn"] == 2 and pos["dernier_due"] == [1]
    assert g.legal_moves(1) == ["dernier"]
    g.play("dernier", seat=1)
    g.play("8S")
    assert hand_sizes(g) == [2, 1, 1]


def test_s7_queen_skipped_player_who_does_not_call_draws_2() -> None:
    """RULES §7: the Q-skipped one-card player who does not call draws 2 when the player
    after them moves."""
    g = game([["QS", "3S", "4S"], ["5D"], ["8S", "9D"]], ["9S"], draw=["2C", "3C"])
    g.play("QS")
    g.play("8S")
    assert g.position()["hands"][1] == ["5D", "2C", "3C"]


def test_s7_queen_skipped_player_must_call_again_even_if_it_called_before() -> None:
    """RULES §7 / ENGINE: a one-card seat skipped by a Q owes the call again even if it
    called when it got down to one card."""
    g = game(
        [["3S", "QS", "4S", "5C"], ["5S", "5D"], ["8S", "10S", "10D"]],
        ["9S"],
        draw=["2C", "3C"],
    )
    g.play("3S")
    g.play("5S!")  # seat 1 calls with its play
    g.play("8S")
    g.play("QS")  # seat 0 skips seat 1 (one card)
    assert g.position()["dernier_due"] == [1]
    g.play("10S")
    assert g.position()["hands"][1] == ["5D", "2C", "3C"]


def test_s7_two_player_queen_skipped_player_calls_before_the_same_player_moves_again() -> None:
    """RULES §6/§7: two players, A plays Q and plays again; B (one card) is skipped and must
    call before A's next move."""
    g = game([["QS", "3S", "4S"], ["5D"]], ["9S"], draw=["2C", "3C"])
    g.play("QS")
    assert g.turn == 0 and g.position()["dernier_due"] == [1]
    g.play("dernier", seat=1)
    g.play("3S")
    assert hand_sizes(g) == [1, 1]
    g2 = game([["QS", "3S", "4S"], ["5D"]], ["9S"], draw=["2C", "3C"])
    g2.play("QS")
    g2.play("3S")  # B forgot: it draws 2 as A moves again
    assert g2.position()["hands"][1] == ["5D", "2C", "3C"]


def test_s7_two_player_queen_player_left_with_one_card_owes_its_own_call() -> None:
    """RULES §7 / ENGINE: two players, A plays Q leaving one card without '!': A is the
    next player to begin, so A may call ('dernier' is among its moves) and otherwise
    draws 2 as its next move begins."""
    g = game([["QS", "3S"], ["5D", "6D"]], ["9S"], draw=["2C", "3C", "4C"])
    g.play("QS")
    assert g.turn == 0 and g.position()["dernier_due"] == [0]
    assert g.legal_moves() == ["3S", "dernier", "draw"]
    g.play("dernier")
    assert g.position()["dernier_due"] == [] and g.turn == 0
    g.play("3S")
    assert g.over and g.hand_winner == 0

    g2 = game([["QS", "3S"], ["5D", "6D"]], ["9S"], draw=["2C", "3C", "4C"])
    g2.play("QS")
    g2.play("3S")  # window closes first: A draws 2, then plays 3S
    assert not g2.over
    assert g2.position()["hands"][0] == ["2C", "3C"]


def test_s7_two_seats_owe_the_call_both_may_call() -> None:
    """RULES §7: two players; A plays Q leaving one card (no call) and skips B holding one
    card: both owe the call and both may make it, in any order."""
    g = game([["QS", "3S"], ["5D"]], ["9S"], draw=["2C", "3C", "4C", "5C"])
    g.play("QS")
    assert sorted(g.position()["dernier_due"]) == [0, 1]
    g.play("dernier", seat=1)
    g.play("dernier", seat=0)
    assert g.position()["dernier_due"] == []
    g.play("3S")
    assert g.over and g.hand_winner == 0


def test_s7_two_seats_forget_both_draw_in_order() -> None:
    """RULES §7: when the window closes every seat still owing the call draws its 2."""
    g = game([["QS", "3S"], ["5D"]], ["9S"], draw=["2C", "3C", "4C", "5C", "6C"])
    g.play("QS")
    g.play("draw")
    pos = g.position()
    assert pos["hands"][0] == ["3S", "2C", "3C", "6C"]
    assert pos["hands"][1] == ["5D", "4C", "5C"]
    assert pos["drawn"] == "6C"


def test_s7_missed_call_that_empties_the_official_pile_ends_the_hand() -> None:
    """RULES §7/§8 (ENGINE): the missed-call penalty takes what remains; the official hand
    ends as the pile empties, and the next player's move has no further effect."""
    g = game(
        [["5H", "6H"], ["7D", "8H", "9H"], ["2H", "3H", "4C"]],
        ["10H"],
        draw=["2C"],
        rest="discard",
    )
    g.play("5H")
    g.play("8H")
    assert g.over
    pos = g.position()
    assert pos["hands"][0] == ["6H", "2C"]
    assert pos["hands"][1] == ["7D", "8H", "9H"]  # 8H was not played
    assert pos["draw"] == []
    assert not g.went_out


def test_s7_window_after_a_queen_stays_open_until_the_player_after_the_skip() -> None:
    """RULES §7: a Q leaving its player one card: the 'next player' is the one after the
    skipped seat, so the late call is still in time while the skipped seat waits."""
    g = game([["QS", "3S"], ["5D", "6D"], ["8S", "9D"]], ["9S"], draw=["2C", "3C"])
    g.play("QS")
    assert g.turn == 2 and g.position()["dernier_due"] == [0]
    g.play("dernier", seat=0)
    g.play("8S")
    assert hand_sizes(g) == [1, 2, 1]


def test_s7_window_after_a_king_closes_when_the_previous_seat_moves() -> None:
    """RULES §6/§7: a K leaving its player one card: the next player is the previous seat
    (reversed); its move closes the window."""
    g = game([["3S", "4S"], ["KS", "5S"], ["8D", "9D"]], ["9S"], turn=1, draw=["2C", "3C"])
    g.play("KS")
    assert g.turn == 0 and g.position()["dernier_due"] == [1]
    g.play("3S")
    assert g.position()["hands"][1] == ["5S", "2C", "3C"]
