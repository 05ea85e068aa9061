"""RULES §1, §10 and CONTRACT "Moves": cards, their values, the J and the Jolly."""

from __future__ import annotations

from collections import Counter

import pytest
from dog_support import after, game, moves_with, pawns_of

from dog import Game, IllegalMove, NotationError
from dog.cards import full_deck, parse_card

N0, N1, N2, N3 = ["n0"] * 4, ["n1"] * 4, ["n2"] * 4, ["n3"] * 4


def test_deck_is_110_cards_section1() -> None:
    """§1 [decided: two sets of 55]: each code twice, JK six times, 110 in all."""
    deck = full_deck()
    assert len(deck) == 110
    counts = Counter(deck)
    assert counts["JK"] == 6 and counts["AH"] == 2 and counts["10S"] == 2 and len(counts) == 53
    g = Game.new(seed=3)
    pos = g.position()
    assert sum(len(h) for h in pos["hands"]) + len(pos["deck"]) == 110


@pytest.mark.parametrize("code", ["1H", "AX", "jk", "11S", "", "JK=7", "10"])
def test_bad_card_codes_section1(code: str) -> None:
    """§1: anything but a card code is a NotationError."""
    with pytest.raises(NotationError):
        parse_card(code)


def test_identical_codes_give_one_move_each_section1() -> None:
    """§1: identical codes are interchangeable: two 5H give each move once."""
    g = game([["10", "n0", "n0", "n0"], N1, N2, N3], ["5H", "5H", "5D"])
    assert moves_with(g, "5") == ["5D 10-15", "5H 10-15"]


def test_ace_out_one_or_eleven_section10() -> None:
    """§10: A brings a pawn out, or moves 1 or 11 forward."""
    g = game([["10", "n0", "n0", "n0"], N1, N2, N3], ["AH"])
    assert moves_with(g, "AH") == ["AH 10-11", "AH 10-21", "AH out"]


def test_king_out_or_thirteen_queen_twelve_section10() -> None:
    """§10: K out or 13 forward; Q 12 forward; 10 9 8 6 5 3 2 their value."""
    g = game([["10", "n0", "n0", "n0"], N1, N2, N3], ["KH", "QH", "9H", "2H"])
    assert moves_with(g, "KH") == ["KH 10-23", "KH out"]
    assert moves_with(g, "QH") == ["QH 10-22"]
    assert moves_with(g, "9H") == ["9H 10-19"]
    assert moves_with(g, "2H") == ["2H 10-12"]


def test_out_takes_the_lowest_index_nest_pawn_section10() -> None:
    """§10: the nest's lowest-index pawn comes out, fresh."""
    g = game([["5", "n0", "n0", "n0"], N1, N2, N3], ["KH"])
    assert pawns_of(after(g, "KH out"))[0] == ["5", "0*", "n0", "n0"]


def test_out_not_with_empty_nest_section10() -> None:
    """§10: no out with an empty nest."""
    g = game([["5", "6", "7", "8"], N1, N2, N3], ["KH"])
    assert "KH out" not in g.legal_moves()
    with pytest.raises(IllegalMove, match="nest"):
        g.play("KH out")


def test_out_onto_own_ordinary_pawn_section10() -> None:
    """§10 [decided]: an own pawn on the start goes home first, then the lowest nest pawn comes out."""
    g = game([["n0", "0", "n0", "n0"], N1, N2, N3], ["AH"])
    assert pawns_of(after(g, "AH out"))[0] == ["0*", "n0", "n0", "n0"]


def test_jack_swaps_own_with_another_seats_pawn_section10() -> None:
    """§10: J swaps one own pawn with a pawn of another seat (partner or opponent); nobody goes home."""
    g = game([["5", "n0", "n0", "n0"], ["20", "n1", "n1", "n1"], ["40", "n2", "n2", "n2"], N3], ["JH"])
    assert moves_with(g, "JH") == ["JH 5x20", "JH 5x40"]
    g2 = after(g, "JH 5x20")
    assert pawns_of(g2)[0][0] == "20" and pawns_of(g2)[1][0] == "5"


def test_jack_not_with_nest_or_home_pawns_section10() -> None:
    """§10: pawns in a nest or a home cannot be swapped; a J with no swap is not usable."""
    g = game([["h0.1", "n0", "n0", "n0"], ["20", "n1", "n1", "n1"], N2, N3], ["JH"])
    assert g.legal_moves() == ["fold"]
    with pytest.raises(IllegalMove, match="home"):
        g.play("JH h0.1x20")


def test_jack_never_swaps_two_own_pawns_section10() -> None:
    """§10: the other pawn belongs to another seat."""
    g = game([["5", "9", "n0", "n0"], N1, N2, N3], ["JH"])
    assert moves_with(g, "JH") == []
    with pytest.raises(IllegalMove, match="another seat"):
        g.play("JH 5x9")


def test_jack_swap_onto_own_start_gives_no_freshness_section10() -> None:
    """§10: both swapped pawns stay not fresh, even on their own start field."""
    g = game([["16", "n0", "n0", "n0"], ["0", "n1", "n1", "n1"], N2, N3], ["JH"])
    assert pawns_of(after(g, "JH 16x0"))[0][0] == "0"


def test_jack_must_swap_even_to_its_players_harm_section10() -> None:
    """§10: a J played must swap: with only a J usable there is no fold."""
    g = game([["h0.1", "50", "n0", "n0"], ["10", "n1", "n1", "n1"], N2, N3], ["JH"])
    assert g.legal_moves() == ["JH 50x10"]


def test_jolly_acts_as_any_rank_and_names_it_section10() -> None:
    """§10: the Jolly names a rank and acts exactly as it: out, a split 7, a swap, a 4 backward."""
    g = game([["10", "20", "n0", "n0"], ["30", "n1", "n1", "n1"], N2, N3], ["JK"])
    legal = g.legal_moves()
    for m in (
        "JK=A out",
        "JK=K out",
        "JK=7 10-17",
        "JK=7 10-13 20-24",
        "JK=J 10x30",
        "JK=4 20-16",
        "JK=Q 20-32",
    ):
        assert m in legal
    assert not any(m.startswith("JK ") for m in legal)
    with pytest.raises(NotationError):
        g.play("JK 10-15")


def test_four_backward_or_forward_section10() -> None:
    """§10: the 4 goes 4 forward or 4 backward."""
    g = game([["10", "n0", "n0", "n0"], N1, N2, N3], ["4H"])
    assert moves_with(g, "4H") == ["4H 10-14", "4H 10-6"]


def test_card_not_held_is_refused() -> None:
    """CONTRACT: playing a card not in hand is IllegalMove, state unchanged."""
    g = game([["10", "n0", "n0", "n0"], N1, N2, N3], ["4H"])
    before = g.position()
    with pytest.raises(IllegalMove, match="does not hold"):
        g.play("5H 10-15")
    assert g.position() == before
