"""The traditional preset's clauses of RULES §1–§8: two decks, 7 → 1 card, draw and pass,
the wild Jolly (JK=7H, JK=JS:H) that never answers an Ace and may not close, and the
reshuffle of the discard pile."""

from __future__ import annotations

from collections import Counter

from helpers import all_cards, deck, game, hand_sizes, new_game, refuse

import dernier

T = "traditional"


def tgame(*args: object, **kw: object) -> dernier.Game:
    return game(*args, rules=T, **kw)  # type: ignore[arg-type]


def test_s1_traditional_identical_cards_are_listed_once() -> None:
    """RULES §1 / CONTRACT: identical cards of two decks are interchangeable: a play is
    listed once, even with both copies held."""
    g = tgame([["5H", "5H", "6C"], ["7D", "8D", "9D"], ["2S", "3S"]], ["9H"])
    legal = g.legal_moves()
    assert legal == sorted(set(legal))
    assert legal.count("5H") == 1
    g.play("5H")
    assert g.position()["hands"][0] == ["5H", "6C"]


def test_s6_traditional_seven_previous_player_draws_1() -> None:
    """RULES §6 traditional: a 7 makes the previous player draw 1."""
    g = tgame([["2S", "3S"], ["7H", "8D", "9D"], ["2C", "3C"]], ["9H"], turn=1, draw=["KC", "QC"])
    g.play("7H")
    assert g.position()["hands"][0] == ["2S", "3S", "KC"]
    assert g.turn == 2


def test_s6_traditional_last_card_seven_previous_draws_1() -> None:
    """RULES §8 traditional: a 7 as last card: the previous player draws 1."""
    g = tgame([["2S", "3S"], ["7H"], ["2C", "3C"]], ["9H"], turn=1, draw=["KC", "QC"])
    g.play("7H")
    assert g.over and g.hand_winner == 1
    assert hand_sizes(g) == [3, 0, 2]


def test_s3_traditional_turned_seven_dealer_minus_1_draws_1() -> None:
    """RULES §3/§6 traditional: a 7 turned up makes dealer-1 draw 1."""
    g = new_game(4, 2, {}, "7C", rules=T)
    assert hand_sizes(g) == [9, 10, 9, 9]
    assert g.turn == 3


def test_s5_traditional_draw_and_pass() -> None:
    """RULES §5.2 traditional: draw and pass: even a playable drawn card may not be played;
    the turn passes at once and 'pass' is never a move."""
    g = tgame([["2S", "3S"], ["8D", "9D"], ["2C", "3C"]], ["9H"], draw=["10H", "JC"])
    assert "pass" not in g.legal_moves()
    g.play("draw")
    pos = g.position()
    assert pos["hands"][0] == ["2S", "3S", "10H"]
    assert pos["turn"] == 1 and pos["drawn"] is None
    refuse(g, "pass")


def test_s6_traditional_wild_jolly_as_seven() -> None:
    """RULES §6 traditional: the Jolly becomes the card its player names and acts as it:
    JK=7H makes the previous player draw 1, hearts and sevens follow."""
    g = tgame(
        [["2S", "3S"], ["JK", "8D", "9D"], ["7C", "3C", "4H"]],
        ["9S"],
        turn=1,
        draw=["KC", "QC"],
    )
    assert "JK=7H" in g.legal_moves()
    g.play("JK=7H")
    pos = g.position()
    assert pos["discard"][-1] == "JK" and pos["wild"] == "7H" and pos["suit"] is None
    assert pos["hands"][0] == ["2S", "3S", "KC"]
    assert pos["turn"] == 2
    assert g.legal_moves() == ["4H", "7C", "draw"]


def test_s6_traditional_wild_jolly_as_j_names_the_suit() -> None:
    """RULES §6 traditional: JK=JS:H stands for a J and chooses hearts."""
    g = tgame([["JK", "3S", "4S"], ["2H", "8D", "9S"], ["2C", "3C"]], ["9S"])
    g.play("JK=JS:H")
    pos = g.position()
    assert pos["wild"] == "JS" and pos["suit"] == "H"
    assert g.legal_moves() == ["2H", "draw"]


def test_s6_traditional_wild_jolly_as_ace_starts_an_ace_chain() -> None:
    """RULES §6 traditional: JK=AH acts as an Ace: the next player draws 2 unless it
    answers with an Ace."""
    g = tgame(
        [["JK", "3S", "4S"], ["AD", "8D", "9D"], ["2C", "3C"]],
        ["9S"],
        draw=["KC", "QC", "JC", "10C"],
    )
    g.play("JK=AH")
    assert g.position()["pending"] == 2
    assert g.legal_moves() == ["AD", "draw"]
    g.play("AD")
    assert g.position()["pending"] == 4 and g.turn == 2


def test_s6_traditional_wild_jolly_as_queen_and_king() -> None:
    """RULES §6 traditional: JK=QH skips like a Q; JK=KH reverses like a K."""
    g = tgame([["JK", "3S", "4S"], ["2H", "8D"], ["2C", "3H"]], ["9S"])
    g.play("JK=QH")
    assert g.turn == 2
    g2 = tgame([["2H", "8D"], ["JK", "3S", "4S"], ["2C", "3H"]], ["9S"], turn=1)
    g2.play("JK=KH")
    assert g2.turn == 0 and g2.position()["direction"] == -1


def test_s6_traditional_jolly_never_answers_an_ace() -> None:
    """RULES §6 traditional: a Jolly may not answer an Ace, not even named as an Ace."""
    g = tgame([["JK", "3S", "4S"], ["2H", "8D"], ["2C", "3H"]], ["9S", "AS"], pending=2)
    assert g.legal_moves() == ["draw"]
    refuse(g, "JK=AH", "Ace")
    refuse(g, "JK=7S", "Ace")


def test_s6_traditional_ace_chain_on_a_jolly_standing_for_an_ace() -> None:
    """RULES §6 traditional: a Jolly standing for an Ace (wild AH) with pending 2 is an Ace
    chain: any Ace answers it."""
    g = tgame([["AC", "3S", "4S"], ["2H", "8D"], ["2C", "3H"]], ["9S", "JK"], pending=2, wild="AH")
    assert g.legal_moves() == ["AC", "draw"]


def test_s8_traditional_jolly_may_not_be_the_last_card() -> None:
    """RULES §8 traditional: a Jolly may not be the last card played."""
    g = tgame([["JK"], ["2H", "8D"], ["2C", "3H"]], ["9S"])
    assert g.legal_moves() == ["draw"]
    refuse(g, "JK=9S", "last card")


def test_s8_traditional_jolly_may_be_played_leaving_one_card() -> None:
    """RULES §7/§8 traditional: a Jolly may be the second-to-last card (with a call)."""
    g = tgame([["JK", "2C"], ["2H", "8D"], ["2C", "3H"]], ["9S"])
    assert "JK=9S!" in g.legal_moves() and "JK=9S" in g.legal_moves()


def test_s6_traditional_rejects_the_official_jolly_form_and_vice_versa() -> None:
    """RULES §6: traditional Jollies name a card (JK=7H); official Jollies a suit (JK:H)."""
    g = tgame([["JK", "3S", "4S"], ["2H", "8D"], ["2C", "3H"]], ["9S"])
    refuse(g, "JK:H", "names the card")
    o = game([["JK", "3S", "4S"], ["2H", "8D"], ["2C", "3H"]], ["9S"])
    refuse(o, "JK=7H", "chooses a suit")


def test_s3_traditional_turned_jolly_dealer_only_chooses_a_suit() -> None:
    """RULES §3 / ENGINE: a wild Jolly turned up: the dealer chooses a suit, no penalty."""
    g = new_game(3, 0, {}, "JK", rules=T)
    assert g.turn == 0 and g.legal_moves() == [":C", ":D", ":H", ":S"]
    g.play(":C")
    pos = g.position()
    assert pos["suit"] == "C" and pos["pending"] == 0 and pos["turn"] == 1


def test_s8_traditional_reshuffle_of_the_discard_pile() -> None:
    """RULES §8 traditional [decided]: an empty draw pile is refilled from the discard pile
    except its top card; the hand goes on and every card is still there once."""
    discard = ["2D", "3D", "4D", "5D", "9H"]
    used = [["2S", "3S"], ["8D", "9D"], ["2C", "3C"]]
    pos_hands = [*used]
    g = tgame(pos_hands, discard, draw=[], rest="discard")
    # every other card is in the discard pile, under `discard`; the draw pile is empty
    assert g.position()["draw"] == []
    below = len(g.position()["discard"]) - 1
    g.play("draw")
    pos = g.position()
    assert not g.over
    assert pos["discard"] == ["9H"]
    assert len(pos["hands"][0]) == 3
    assert len(pos["draw"]) == below - 1
    assert all_cards(pos) == Counter(deck(T))
    assert pos["turn"] == 1


def test_s8_traditional_reshuffle_in_the_middle_of_a_penalty() -> None:
    """RULES §8 traditional: a penalty larger than the draw pile takes what there is, the
    pile is refilled from the discard pile, and the rest is drawn."""
    g = tgame(
        [["2S", "3S"], ["8D", "9D"], ["2C", "3C"]],
        ["4D", "5D", "AS", "AH"],
        pending=4,
        draw=["KC"],
        rest="discard",
    )
    g.play("draw")
    pos = g.position()
    assert not g.over
    assert pos["hands"][0][:3] == ["2S", "3S", "KC"]
    assert len(pos["hands"][0]) == 6
    assert pos["discard"] == ["AH"]
    assert all_cards(pos) == Counter(deck(T))


def test_s8_traditional_nothing_to_reshuffle_draws_nothing() -> None:
    """ENGINE §8: traditional, empty draw pile and a one-card discard pile: a draw takes
    nothing and the turn passes; the hand is not over."""
    hands = [["2S", "3S"], ["8D", "9D"], [], []]
    from helpers import leftovers

    rest = leftovers([c for h in hands for c in h] + ["9H"], T)
    hands[2] = rest[: len(rest) // 2]
    hands[3] = rest[len(rest) // 2 :]
    g = tgame(hands, ["9H"], draw=[], rest="discard")
    g.play("draw")
    assert not g.over
    assert g.position()["hands"][0] == ["2S", "3S"]
    assert g.turn == 1


def test_s7_traditional_missed_dernier_costs_2() -> None:
    """RULES §7: the missed-call penalty is 2 in the traditional preset too."""
    g = tgame([["2S", "3S"], ["2H", "8D", "9D"], ["2C", "3C"]], ["9S"], draw=["KC", "QC"])
    g.play("2S")
    g.play("2H")
    assert g.position()["hands"][0] == ["3S", "KC", "QC"]
