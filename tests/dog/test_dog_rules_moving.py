"""RULES §2, §6, §7, §8, §9: the board, moving, protection, sending home and the home."""

from __future__ import annotations

import pytest
from dog_support import after, game, moves_with, pawns_of

from dog import IllegalMove

N1, N2, N3 = ["n1"] * 4, ["n2"] * 4, ["n3"] * 4


def test_track_wraps_from_63_to_0_section2() -> None:
    """§2 [decided: 4 × 16 fields]: after 63 comes 0; seat 1's pawn goes round past field 0."""
    g = game([["n0"] * 4, ["61", "n1", "n1", "n1"], N2, N3], ["5H"], seat=1)
    assert moves_with(g, "5H") == ["5H 61-2"]


def test_start_fields_are_16_times_seat_section2() -> None:
    """§2: the start field of seat s is 16·s; out puts the pawn there, fresh."""
    for seat in range(4):
        pawns = [[f"n{s}"] * 4 for s in range(4)]
        g = game(pawns, ["KH"], seat=seat)
        assert pawns_of(after(g, "KH out"))[seat][0] == f"{16 * seat}*"


def test_move_uses_exact_value_section6() -> None:
    """§6: a card moves exactly its value; one step more or less is refused."""
    g = game([["10", "n0", "n0", "n0"], N1, N2, N3], ["6H"])
    assert moves_with(g, "6H") == ["6H 10-16"]
    for bad in ("6H 10-15", "6H 10-17"):
        with pytest.raises(IllegalMove, match="moves 6 steps"):
            g.play(bad)


def test_passing_ordinary_pawns_is_allowed_section6() -> None:
    """§6: passing pawns is allowed; with a card other than 7 they stay where they are."""
    g = game([["10", "n0", "n0", "n0"], ["12", "n1", "n1", "n1"], N2, N3], ["5H"])
    assert pawns_of(after(g, "5H 10-15"))[1][0] == "12"


def test_landing_sends_any_pawn_home_own_included_section6_section8() -> None:
    """§6, §8 (1): landing on a pawn sends it to its owner's nest, own and partner's too."""
    g = game(
        [["10", "13", "n0", "n0"], ["20", "n1", "n1", "n1"], ["23", "n2", "n2", "n2"], N3],
        ["3H", "QH", "10D"],
    )
    assert pawns_of(after(g, "3H 10-13"))[0] == ["13", "n0", "n0", "n0"]
    assert pawns_of(after(g, "QH 10-22"))[0][0] == "22"
    assert pawns_of(after(g, "10D 10-20"))[1][0] == "n1"
    assert pawns_of(after(g, "10D 13-23"))[2][0] == "n2"


def test_fresh_pawn_cannot_be_passed_or_landed_on_section7() -> None:
    """§7: a fresh pawn on its start field blocks every pawn, in either direction."""
    g = game([["10", "20", "n0", "n0"], ["16*", "n1", "n1", "n1"], N2, N3], ["6H", "8H", "4H"])
    legal = g.legal_moves()
    assert "6H 10-16" not in legal  # landing on it
    assert "8H 10-18" not in legal  # passing it
    assert "4H 20-16" not in legal  # backward onto it
    with pytest.raises(IllegalMove, match="fresh"):
        g.play("8H 10-18")


def test_fresh_pawn_blocks_its_owner_too_section7() -> None:
    """§7: the owner's own pawns cannot pass their fresh pawn, so they cannot reach home past it."""
    g = game([["0*", "62", "n0", "n0"], N1, N2, N3], ["5H", "AH"])
    assert moves_with(g, "5H") == ["5H 0-5"]
    assert "AH 62-63" in g.legal_moves()


def test_fresh_pawn_cannot_be_swapped_section7() -> None:
    """§7: a fresh pawn cannot be swapped (nor swap, as the own pawn)."""
    g = game([["0*", "5", "n0", "n0"], ["16*", "20", "n1", "n1"], N2, N3], ["JH"])
    assert moves_with(g, "JH") == ["JH 5x20"]


def test_fresh_ends_when_the_pawn_leaves_section7() -> None:
    """§7: a pawn stops being fresh when it leaves the field; back on it later it is ordinary."""
    g = game([["0*", "n0", "n0", "n0"], N1, N2, N3], ["4H"])
    g2 = after(g, "4H 0-60")
    assert pawns_of(g2)[0][0] == "60"
    g3 = game([["60", "n0", "n0", "n0"], ["56", "n1", "n1", "n1"], N2, N3], ["4H"], hands={1: ["8H"]})
    back = after(g3, "4H 60-0")
    assert pawns_of(back)[0][0] == "0"  # no star: not fresh
    assert back.turn == 1
    assert "8H 56-0" in back.legal_moves()  # an ordinary pawn on its start field can be landed on
    assert pawns_of(after(back, "8H 56-0"))[0][0] == "n0"


def test_no_protection_on_another_seats_start_section7() -> None:
    """§7: a pawn on another seat's start field is not protected (it can be landed on)."""
    g = game([["16", "n0", "n0", "n0"], ["12", "n1", "n1", "n1"], N2, N3], ["4H"], seat=1)
    assert pawns_of(after(g, "4H 12-16"))[0][0] == "n0"


def test_coming_out_sends_the_pawn_on_the_start_home_section8() -> None:
    """§8 (3), §10 [decided]: a pawn coming out sends home any pawn on that start field, whoever owns it."""
    g = game([["n0"] * 4, ["n1", "n1", "n1", "n1"], N2, ["0", "n3", "n3", "n3"]], ["AH"])
    g2 = after(g, "AH out")
    assert pawns_of(g2)[3][0] == "n3"
    assert pawns_of(g2)[0][0] == "0*"


def test_fresh_and_home_pawns_are_never_sent_home_section8() -> None:
    """§8: fresh pawns and home pawns are never sent home: out is refused onto a fresh pawn."""
    g = game([["0*", "n0", "n0", "n0"], N1, N2, N3], ["AH", "2H"])
    assert "AH out" not in g.legal_moves()
    with pytest.raises(IllegalMove, match="fresh"):
        g.play("AH out")


def test_home_entry_example_section9() -> None:
    """§9: a 5 takes seat 0's pawn on 62 via 63, 0, h0.1, h0.2 to h0.3."""
    g = game([["62", "n0", "n0", "n0"], N1, N2, N3], ["5H"])
    assert pawns_of(after(g, "5H 62-h0.3"))[0][0] == "h0.3"


def test_fresh_pawn_cannot_enter_home_section9() -> None:
    """§9 [decided: the start field touched twice]: a fresh pawn leaving its start cannot enter."""
    g = game([["0*", "n0", "n0", "n0"], N1, N2, N3], ["3H"])
    assert moves_with(g, "3H") == ["3H 0-3"]
    with pytest.raises(IllegalMove, match="fresh"):
        g.play("3H 0-h0.3")


def test_non_fresh_pawn_on_start_may_enter_section9() -> None:
    """§9: a pawn starting on its own start field, not fresh, may enter with a forward move."""
    g = game([["0", "n0", "n0", "n0"], N1, N2, N3], ["2H"])
    assert moves_with(g, "2H") == ["2H 0-2", "2H 0-h0.2"]


def test_entering_is_optional_section9() -> None:
    """§9 [decided: optional]: the pawn may go on along the track instead of entering."""
    g = game([["60", "n0", "n0", "n0"], N1, N2, N3], ["6H"])
    assert set(moves_with(g, "6H")) == {"6H 60-2", "6H 60-h0.2"}


def test_backward_never_enters_then_forward_does_section9() -> None:
    """§9: a 4 backward from two past the start goes two before it; a later forward card takes it in."""
    g = game([["2", "n0", "n0", "n0"], N1, N2, N3], ["4H", "3H"])
    # seat 0 alone holds cards, so it plays again
    assert "4H 2-62" in g.legal_moves()
    assert not any(m.startswith("4H") and "h0" in m for m in g.legal_moves())
    g2 = after(g, "4H 2-62")
    assert g2.turn == 0
    assert "3H 62-h0.1" in g2.legal_moves()


def test_no_passing_or_landing_in_the_home_section9() -> None:
    """§9: home fields on the way must be empty; in the home no pawn is passed or landed on."""
    g = game([["62", "h0.2", "n0", "n0"], N1, N2, N3], ["5H", "3H", "AH"])
    legal = g.legal_moves()
    assert "5H 62-h0.3" not in legal  # would pass h0.2
    assert "3H 62-h0.1" in legal
    assert "AH h0.2-h0.3" in legal
    assert "4H 62-h0.2" not in legal


def test_home_pawn_moves_further_in_never_back_or_out_section9() -> None:
    """§9 [decided]: a home pawn moves further in with a forward card, never backward or out."""
    g = game([["h0.1", "n0", "n0", "n0"], N1, N2, N3], ["3H", "4H", "5H"])
    assert g.legal_moves() == ["3H h0.1-h0.4"]


def test_only_own_pawns_enter_a_home_section2() -> None:
    """§2: only seat s's pawns stand in h<s>: seat 1's pawn passes seat 0's start without entering."""
    g = game([["n0"] * 4, ["62", "n1", "n1", "n1"], N2, N3], ["4H"], seat=1)
    assert moves_with(g, "4H") == ["4H 62-2", "4H 62-58"]


def test_four_backward_section6() -> None:
    """§6: with the 4 only, a pawn moves backward; passing is allowed backward too."""
    g = game([["10", "n0", "n0", "n0"], ["8", "n1", "n1", "n1"], N2, N3], ["4H", "5H"])
    assert "4H 10-6" in g.legal_moves()
    assert "5H 10-5" not in g.legal_moves()
    assert pawns_of(after(g, "4H 10-6"))[1][0] == "8"
