"""RULES §1 (cards and notation) and the move notation of CONTRACT.md."""

from __future__ import annotations

from collections import Counter

import pytest
from helpers import ONE_DECK, RANKS, SUITS, all_cards, deck, game, refuse

import dernier
from dernier import Card

ALL_CODES = sorted(set(ONE_DECK))


def test_s1_every_card_code_parses_and_round_trips() -> None:
    """RULES §1: a card code is rank + suit (AH, 10S, QC) or JK; there are 53 of them."""
    assert len(ALL_CODES) == 53
    for code in ALL_CODES:
        card = Card(code)
        assert card.code == code
        assert str(card) == code
        if code == "JK":
            assert card.rank is None and card.suit is None and card.is_jolly
        else:
            assert card.rank == code[:-1] and card.suit == code[-1] and not card.is_jolly


@pytest.mark.parametrize(
    "text",
    [
        "",
        "H",
        "A",
        "1H",
        "11H",
        "0S",
        "TS",
        "ah",
        "Ah",
        "AX",
        " AH",
        "AH ",
        "10",
        "JK1",
        "JKH",
        "J",
        "QQ",
        "1OH",
        "JOKER",
        "jk",
        "A♥",
        "AH!",
        "draw",
    ],
)
def test_s1_non_codes_raise_notation_error(text: str) -> None:
    """RULES §1 / CONTRACT: anything but a card code is a NotationError (a ValueError)."""
    with pytest.raises(dernier.NotationError) as info:
        Card(text)
    assert isinstance(info.value, ValueError)
    assert str(info.value)


@pytest.mark.parametrize("thing", [None, 5, 1.5, ("A", "H"), b"AH"])
def test_s1_non_strings_raise_notation_error(thing: object) -> None:
    """RULES §1: a non-string is not a card code either (NotationError, not TypeError)."""
    with pytest.raises(dernier.NotationError):
        Card(thing)  # type: ignore[arg-type]


def test_s1_notation_error_is_a_value_error() -> None:
    """RULES §1 / CONTRACT: NotationError is a ValueError."""
    assert issubclass(dernier.NotationError, ValueError)
    assert issubclass(dernier.IllegalMove, ValueError)
    assert issubclass(dernier.PositionError, ValueError)
    assert issubclass(dernier.SaveError, ValueError)


def test_s1_identical_cards_are_interchangeable() -> None:
    """RULES §1: identical cards compare equal (and hash alike)."""
    assert Card("AH") == Card("AH")
    assert hash(Card("10S")) == hash(Card("10S"))
    assert Card("AH") != Card("AD")
    assert len({Card("JK"), Card("JK"), Card("7C")}) == 2


def test_s1_suit_colours_and_symbols() -> None:
    """RULES §1: H red, D yellow, C green, S blue; each suit also has its symbol."""
    from dernier.cards import SUIT_COLOURS, SUIT_SYMBOLS

    assert SUIT_COLOURS == {"H": "red", "D": "yellow", "C": "green", "S": "blue"}
    assert SUIT_SYMBOLS == {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}


def test_s1_action_and_normal_cards() -> None:
    """RULES §1: normal cards 2 3 4 5 6 8 9 10; action cards A 7 J Q K JK."""
    for code in ALL_CODES:
        rank = "JK" if code == "JK" else code[:-1]
        assert Card(code).is_action == (rank in ("A", "7", "J", "Q", "K", "JK")), code


@pytest.mark.parametrize("players", [2, 3, 6])
def test_s1_official_deck_is_54_cards(players: int) -> None:
    """RULES §1: official = one deck of 52 + 2 Jolly = 54 cards, each card once."""
    g = dernier.Game.new(players=players, rules="official", seed=11)
    have = all_cards(g.position())
    assert sum(have.values()) == 54
    assert have == Counter(deck("official"))
    assert have["JK"] == 2


def test_s1_traditional_deck_is_two_decks_108_cards() -> None:
    """RULES §1: traditional = two decks, 108 cards, 4 Jolly; each card twice."""
    g = dernier.Game.new(players=4, rules="traditional", seed=11)
    have = all_cards(g.position())
    assert sum(have.values()) == 108
    assert have["JK"] == 4
    assert all(have[r + s] == 2 for r in RANKS for s in SUITS)


@pytest.mark.parametrize(
    ("move", "why"),
    [
        ("9H:H", "suit"),  # only a J or a Jolly chooses a suit
        ("JS", "suit"),  # a J needs its suit
        ("JK", "suit"),  # an official Jolly needs its suit
        ("JS:X", "suit"),
        ("ZZ", "card"),
        ("draw!", ""),
        ("9H!!", ""),
        ("9H=7H", "Jolly"),
        ("JK=JK", ""),
        ("JK=JS", ""),
        (":X", ""),
        ("", ""),
        ("DRAW", ""),
        ("dernier!", ""),
    ],
)
def test_s1_move_strings_that_are_not_moves(move: str, why: str) -> None:
    """RULES §1 / CONTRACT "Moves": a string that is not a move is refused with
    MoveNotationError (both an IllegalMove and a NotationError), game unchanged."""
    g = game([["9H", "JS", "JK", "3C"], ["4C", "5C"]], ["9C"], turn=0)
    err = refuse(g, move, why)
    assert isinstance(err, dernier.NotationError)
    assert isinstance(err, dernier.MoveNotationError)


@pytest.mark.parametrize("move", [None, 9, ["9H"], 9.0])
def test_s1_non_string_moves_are_refused(move: object) -> None:
    """CONTRACT "Moves": moves are strings; anything else is a MoveNotationError."""
    g = game([["9H", "3C"], ["4C", "5C"]], ["9C"], turn=0)
    err = refuse(g, move)
    assert isinstance(err, dernier.NotationError)


def test_s1_codes_are_the_form_used_in_positions() -> None:
    """RULES §1: codes are the one textual form in positions (hands, piles)."""
    g = dernier.Game.new(players=3, seed=5)
    pos = g.position()
    for code in [c for h in pos["hands"] for c in h] + pos["draw"] + pos["discard"]:
        assert Card(code).code == code


@pytest.mark.parametrize(
    ("move", "why", "false_claim"),
    [
        ("JK=JS", "suit", "only a Jolly can stand"),  # the named J needs its suit: JK=JS:H
        ("JK=XX", "XX", "only a Jolly can stand"),  # the named card is not a card code
        ("JK=JK", "Jolly", "only a Jolly can stand"),  # a Jolly cannot stand for a Jolly
        ("JK=7H:H", "7H", "only a J or a Jolly chooses"),  # only a named J takes a suit
    ],
)
def test_s1_wild_jolly_notation_errors_name_the_real_problem(move: str, why: str, false_claim: str) -> None:
    """RULES §1/§6 / CONTRACT "Moves" (JK=7H, JK=JS:H): a malformed wild-Jolly move is a
    MoveNotationError whose reason names the actual problem, not a claim that is false for
    a move starting with JK ("only a Jolly can stand for another card")."""
    g = game([["JK", "3C"], ["4C", "5C"], ["6C", "7C"]], ["9C"], rules="traditional")
    err = refuse(g, move, why)
    assert isinstance(err, dernier.MoveNotationError)
    assert false_claim not in str(err)
