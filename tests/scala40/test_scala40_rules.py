"""Scenario tests, one or more per clause of RULES.md §1–§13 (cited in each test's name)."""

from __future__ import annotations

import pytest
from scala40_helpers import accept, game, in_play, position, refuse, snapshot

import scala40
from scala40.cards import FULL_DECK
from scala40.melds import check_meld, meld_value, parse_meld
from scala40.rules import CLASSIC, ruleset


def _value(text: str, rules: scala40.Ruleset = CLASSIC) -> int:
    m = check_meld(parse_meld(text), rules)
    assert not isinstance(m, str), m
    return meld_value(m, rules)


# -- §1 cards and values -------------------------------------------------------------


def test_s1_deck_is_108_cards_two_decks_four_jokers() -> None:
    assert len(FULL_DECK) == 108
    assert FULL_DECK.count(52) == 4
    assert all(FULL_DECK.count(k) == 2 for k in range(52))


def test_s1_opening_value_ace_low_1_high_11_joker_its_card() -> None:
    assert _value("AH-2H-3H") == 6
    assert _value("QH-KH-AH") == 31
    assert _value("AH-AD-AC") == 33
    assert _value("JK=AH-2H-3H") == 6
    assert _value("10S-JK=JS-QS") == 30
    assert _value("5H-5D-JK=5S") == 15


def test_s1_penalty_ace_alone_is_1_joker_25() -> None:
    g = game(
        [["AH"], ["AD", "JK", "KC"]],
        melds=[(0, ["5H", "6H", "7H"]), (1, ["9S", "10S", "JS"])],
        turn=0,
        phase="play",
        opened=[True, True],
    )
    g.play("discard AH")
    assert g.over and g.hand_scores == [0, 11 + 25 + 10]
    g = game(
        [["8H", "3C"], ["AD"]],
        melds=[(0, ["5H", "6H", "7H"]), (1, ["9S", "10S", "JS"])],
        turn=0,
        phase="play",
        opened=[True, True],
    )
    g.play("attach 0 8H")
    g.play("discard 3C")
    assert g.hand_scores == [0, 1]


def test_s1_joker_in_meld_names_its_card_else_notation_error() -> None:
    g = game([["5H", "6H", "JK", "2C"], ["AD", "4C", "KC"]], turn=0, phase="play", opened=[True, False])
    for bad in ("meld 5H-6H-JK", "meld 5H-6H-JK=JK", "meld 5H-6H-1H", "attach 0 JK", "meld 5h-6H-7H"):
        before = snapshot(g)
        with pytest.raises(scala40.NotationError):
            g.play(bad)
        assert snapshot(g) == before
        assert not g.is_legal(bad)
    accept(g, "meld 5H-6H-JK=7H")
    assert g.position()["melds"][0]["cards"] == ["5H", "6H", "JK=7H"]


# -- §2 seats, dealer, direction ------------------------------------------------------


@pytest.mark.parametrize("players", [0, 1, 7, "4", True])
def test_s2_two_to_six_players(players: object) -> None:
    with pytest.raises(ValueError):
        scala40.Game.new(players=players, seed=1)  # type: ignore[arg-type]


def test_s2_play_starts_left_of_dealer_and_goes_clockwise() -> None:
    for n in range(2, 7):
        g = scala40.Game.new(players=n, seed=n)
        assert g.turn == (g.dealer + 1) % n
        seat = g.turn
        g.play("draw")
        g.play("discard " + g.hand(seat)[0])
        assert g.turn == (seat + 1) % n


def test_s2_first_dealer_random_but_seeded() -> None:
    dealers = {scala40.Game.new(players=4, seed=s).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert scala40.Game.new(players=4, seed=9).position() == scala40.Game.new(players=4, seed=9).position()


def test_s2_out_seats_get_no_cards_and_are_skipped() -> None:
    g = scala40.Game.new(players=4, seed=3, dealer=0, out=[1])
    pos = g.position()
    assert pos["hands"][1] == [] and pos["out"] == [1]
    assert g.turn == 2
    g = scala40.Game.new(players=4, seed=3, dealer=3, out=[0])
    assert g.turn == 1
    g.play("draw")
    g.play("discard " + g.hand(1)[0])
    g.play("draw")
    g.play("discard " + g.hand(2)[0])
    g.play("draw")
    g.play("discard " + g.hand(3)[0])
    assert g.turn == 1
    with pytest.raises(ValueError):
        scala40.Game.new(players=4, seed=3, dealer=1, out=[1])
    with pytest.raises(ValueError):
        scala40.Game.new(players=3, seed=3, out=[0, 1])


# -- §3 the deal ----------------------------------------------------------------------


def _deck() -> list[str]:
    return [c for c in sorted(scala40.cards.CODE_OF[k] for k in FULL_DECK)]


def test_s3_deal_one_at_a_time_from_dealers_left_then_pile_then_stock() -> None:
    deck = [scala40.cards.CODE_OF[k] for k in FULL_DECK]  # AH 2H … KS AH … JK JK JK JK
    g = scala40.Game.new(players=3, dealer=1, deck=deck)
    pos = g.position()
    assert pos["hands"][2][:3] == [deck[0], deck[3], deck[6]]
    assert pos["hands"][0][:2] == [deck[1], deck[4]]
    assert pos["hands"][1][:2] == [deck[2], deck[5]]
    assert all(len(h) == 13 for h in pos["hands"])
    assert pos["discard"] == [deck[39]]
    assert pos["stock"] == deck[40:]
    assert pos["turn"] == 2 and pos["phase"] == "draw"


def test_s3_joker_never_starts_the_pile_it_goes_to_the_stock_bottom() -> None:
    deck = [scala40.cards.CODE_OF[k] for k in FULL_DECK]
    jokers = [c for c in deck if c == "JK"]
    rest = [c for c in deck if c != "JK"]
    deck = rest[:26] + jokers[:2] + rest[26:] + jokers[2:]
    g = scala40.Game.new(players=2, dealer=0, deck=deck)
    pos = g.position()
    assert pos["discard"] == [rest[26]]
    assert pos["stock"][-4:] == ["JK"] * 4
    assert pos["stock"][0] == rest[27]


def test_s3_bad_deck_refused() -> None:
    deck = [scala40.cards.CODE_OF[k] for k in FULL_DECK]
    with pytest.raises(scala40.PositionError):
        scala40.Game.new(players=2, dealer=0, deck=deck[:-1] + ["AH"])
    with pytest.raises(scala40.PositionError):
        scala40.Game.new(players=2, dealer=0, deck=deck[:-1])


# -- §4 melds -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "meld,ok",
    [
        ("5H-5D-5C", True),
        ("5H-5D-5C-5S", True),
        ("5H-5H-5C", False),
        ("5H-5D", False),
        ("AH-2H-3H", True),
        ("QH-KH-AH", True),
        ("KH-AH-2H", False),
        ("3H-4H-5H-6H-7H", True),
        ("3H-4H-5H-6H-7H-8H", False),
        ("3H-4H-6H", False),
        ("3H-4D-5H", False),
        ("5D-3D-4D", True),
    ],
)
def test_s4_sets_and_runs(meld: str, ok: bool) -> None:
    m = check_meld(parse_meld(meld), CLASSIC)
    assert isinstance(m, tuple) is ok


def test_s4_long_runs_up_to_14_no_split() -> None:
    rules = ruleset({"long_runs": True})
    run = "AH-2H-3H-4H-5H-6H-7H-8H-9H-10H-JH-QH-KH-JK=AH"
    assert isinstance(check_meld(parse_meld(run), rules), tuple)
    assert isinstance(check_meld(parse_meld(run), CLASSIC), str)
    g = in_play(
        ["8H", "2C", "3C"], [(1, ["3H", "4H", "5H", "6H", "7H"])], [True, True], rules={"long_runs": True}
    )
    accept(g, "attach 0 8H")
    assert g.position()["melds"] == [{"owner": 1, "cards": ["3H", "4H", "5H", "6H", "7H", "8H"]}]


def test_s8_joker_for_the_ace_at_either_end_of_a_long_run_is_one_legal_move() -> None:
    """§4, §8 (long_runs): a joker attaches to a 2–K run as the Ace at either end; the legal
    moves (CONTRACT: sorted, each once) list that one move once, and it lays the Ace low."""
    run = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC"]
    g = in_play(["JK", "2H", "9S"], [(1, run)], [True, True], rules={"long_runs": True})
    legal = g.legal_moves()
    assert legal.count("attach 0 JK=AC") == 1
    assert len(legal) == len(set(legal)) and legal == sorted(legal)
    accept(g, "attach 0 JK=AC")
    assert g.position()["melds"][0]["cards"] == ["JK=AC", *run]


def test_s4_run_of_six_by_attachment_splits_lower_keeps_number() -> None:
    g = in_play(
        ["8H", "2C", "3C"], [(1, ["3H", "4H", "5H", "6H", "7H"]), (0, ["9S", "10S", "JS"])], [True, True]
    )
    accept(g, "attach 0 8H")
    assert g.position()["melds"] == [
        {"owner": 1, "cards": ["3H", "4H", "5H"]},
        {"owner": 0, "cards": ["9S", "10S", "JS"]},
        {"owner": 1, "cards": ["6H", "7H", "8H"]},
    ]


def test_s4_split_leaving_an_invalid_half_is_illegal() -> None:
    # the joker at 4H and an attached joker at 2H would put two jokers in the lower half
    g = in_play(["JK", "2C", "3C"], [(1, ["3H", "JK=4H", "5H", "6H", "7H"])], [True, True])
    refuse(g, "attach 0 JK=2H", "invalid half")
    accept(g, "attach 0 JK=8H")
    assert [m["cards"] for m in g.position()["melds"]] == [["3H", "JK=4H", "5H"], ["6H", "7H", "JK=8H"]]


def test_s4_several_melds_of_one_rank_or_suit() -> None:
    g = in_play(
        ["5H", "5D", "5C", "6H", "7H", "8H", "2C"],
        [(1, ["5H", "5D", "5C"]), (1, ["2H", "3H", "4H"])],
        [True, True],
    )
    accept(g, "meld 5H-5D-5C")
    accept(g, "meld 6H-7H-8H")


def test_s4_owner_only_shown_anyone_attaches_to_any_meld() -> None:
    g = in_play(["8H", "2C", "3C"], [(1, ["5H", "6H", "7H"])], [True, True])
    accept(g, "attach 0 8H")
    assert g.position()["melds"][0]["owner"] == 1


# -- §5 jokers ------------------------------------------------------------------------


def test_s5_one_joker_per_meld_many_jokers_keeps_two_naturals() -> None:
    cards = parse_meld("5H-JK=6H-JK=7H")
    assert isinstance(check_meld(cards, CLASSIC), str)
    many = ruleset({"many_jokers": True})
    assert isinstance(check_meld(cards, many), str)
    cards = parse_meld("5H-JK=6H-JK=7H-8H")
    assert isinstance(check_meld(cards, many), tuple)


def test_s5_set_joker_declares_a_missing_suit() -> None:
    assert isinstance(check_meld(parse_meld("5H-5D-JK=5D"), CLASSIC), str)
    m = check_meld(parse_meld("JK=5S-5H-5D"), CLASSIC)
    assert isinstance(m, tuple)


def test_s5_swap_takes_joker_to_hand_for_exactly_its_card() -> None:
    g = in_play(["5C", "9D", "2C"], [(1, ["5H", "5D", "JK=5C"])], [True, True])
    refuse(g, "swap 0 9D", "no joker")
    accept(g, "swap 0 5C")
    pos = g.position()
    assert pos["melds"][0]["cards"] == ["5H", "5D", "5C"]
    assert sorted(pos["hands"][0]) == ["2C", "9D", "JK"]
    accept(g, "discard 9D")  # the joker need not be played at once


def test_s5_swap_needs_an_opening_in_an_earlier_turn() -> None:
    g = in_play(["5C", "9D", "2C"], [(1, ["5H", "5D", "JK=5C"])], [False, True])
    refuse(g, "swap 0 5C", "open first")
    g = game(
        [["5C", "9D", "2C"], ["AD", "4C", "KC"]],
        melds=[(1, ["5H", "5D", "JK=5C"])],
        turn=0,
        phase="discard",
        opened=[True, True],
    )
    refuse(g, "swap 0 5C", "only the discard")


# -- §6 a turn ------------------------------------------------------------------------


def test_s6_draw_then_play_then_discard() -> None:
    g = game([["2C", "9D"], ["AD", "4C", "KC"]], stock=["7S"], discard=["3D"], turn=0)
    refuse(g, "discard 2C", "draw or take first")
    accept(g, "draw")
    assert g.hand(0)[-1] == "7S" and g.phase == "play"
    refuse(g, "draw", "wrong phase")
    accept(g, "discard 7S")  # the card just drawn may be discarded
    assert g.turn == 1 and g.phase == "draw"


def opened_at_draw(top: str, **kw: object) -> scala40.Game:
    """Seat 0 (opened, 2C 9D in hand, meld 0 = 5H 6H 7H) to draw with ``top`` on the pile."""
    return game(
        [["2C", "9D"], ["AD", "4C", "KC"]],
        melds=[(0, ["5H", "6H", "7H"])],
        discard=[top],
        turn=0,
        opened=[True, False],
        **kw,
    )


def test_s6_opened_take_must_go_on_table_next_move() -> None:
    g = opened_at_draw("8H")
    accept(g, "take")
    assert g.phase == "use" and g.position()["taken"] == "8H"
    refuse(g, "discard 9D", "taken card unused")
    assert g.legal_moves() == ["attach 0 8H"]
    accept(g, "attach 0 8H")
    accept(g, "discard 9D")


def test_s6_take_without_a_use_is_illegal() -> None:
    g = opened_at_draw("KS")
    assert g.legal_moves() == ["draw"]
    refuse(g, "take", "no use")


def test_s6_not_opened_take_only_to_open_at_once_with_it() -> None:
    # the seed's example: J Q K of hearts, 10 of hearts on the pile
    hand = ["JH", "QH", "KH", "2C", "5D", "8S", "9C", "3S", "4D", "6C", "7D", "AS", "2D"]
    g = game([hand, ["AD", "4C", "KC"]], discard=["10H"], turn=0)
    accept(g, "take")
    assert g.phase == "use" and g.legal_moves() == []
    refuse(g, "discard 2C", "taken card unused")
    assert g.openings() == ["open 10H-JH-QH-KH"]
    refuse(g, "open JH-QH-KH", "under 40")
    accept(g, "open 10H-JH-QH-KH")
    assert g.phase == "discard"
    g = game([hand, ["AD", "4C", "KC"]], discard=["10S"], turn=0)
    refuse(g, "take", "does not open")


def test_s6_take_needs_open_variant() -> None:
    hand = ["JH", "QH", "KH", "2C", "5D", "8S", "9C", "3S", "4D", "6C", "7D", "AS", "2D"]
    g = game([hand, ["AD", "4C", "KC"]], discard=["10H"], turn=0, rules={"take_needs_open": True})
    refuse(g, "take", "take_needs_open")
    g = opened_at_draw("8H", rules="strict")
    accept(g, "take")


def test_s6_free_take_keeps_the_card_in_hand() -> None:
    g = opened_at_draw("KS", rules={"free_take": True})
    accept(g, "take")
    assert g.phase == "play" and "KS" in g.hand(0)
    accept(g, "discard 2C")


def test_s6_not_opened_may_only_open_then_discard() -> None:
    g = in_play(["5H", "6H", "7H", "9D"], [(1, ["2S", "3S", "4S"])], [False, True])
    refuse(g, "meld 5H-6H-7H", "open first")
    refuse(g, "attach 0 9D", "open first")
    assert g.legal_moves() == ["discard 5H", "discard 6H", "discard 7H", "discard 9D"]


def test_s6_opened_lays_attaches_swaps_in_any_order() -> None:
    g = in_play(
        ["5C", "8H", "9S", "10S", "JS", "2D"],
        [(1, ["5H", "5D", "JK=5C"]), (0, ["5S", "6S", "7S"])],
        [True, True],
    )
    accept(g, "meld 9S-10S-JS")
    accept(g, "swap 0 5C")
    accept(g, "attach 1 JK=8S")
    accept(g, "discard 8H")


def test_s6_no_move_may_leave_the_hand_empty() -> None:
    g = in_play(["9S", "10S", "JS"], [(0, ["5H", "6H", "7H"])], [True, False])
    refuse(g, "meld 9S-10S-JS", "leave the hand empty")
    g = in_play(["8H"], [(0, ["5H", "6H", "7H"])], [True, False])
    refuse(g, "attach 0 8H", "leave the hand empty")
    accept(g, "discard 8H")
    assert g.over


# -- §7 the opening -------------------------------------------------------------------


def test_s7_opening_needs_40_in_one_move() -> None:
    hand = ["10H", "JH", "QH", "5S", "5D", "5C", "2C", "9D"]
    g = game([hand, ["AD", "4C", "KC"]], turn=0, phase="play")
    refuse(g, "open 10H-JH-QH", "under 40: the opening is worth 30")
    accept(g, "open 10H-JH-QH 5S-5D-5C")
    assert g.position()["opened"] == [True, False]
    assert [m["cards"] for m in g.position()["melds"]] == [["10H", "JH", "QH"], ["5D", "5C", "5S"]]


def test_s7_open_without_jokers_counts_jokers_as_zero() -> None:
    hand = ["10H", "JH", "JK", "KH", "5S", "5D", "2C", "9D"]
    g = game([hand, ["AD", "4C", "KC"]], turn=0, phase="play")
    accept(g, "open 10H-JH-JK=QH-KH")
    g = game([hand, ["AD", "4C", "KC"]], turn=0, phase="play", rules={"open_without_jokers": True})
    refuse(g, "open 10H-JH-JK=QH-KH", "under 40: the opening is worth 30")


def test_s7_after_opening_only_the_discard() -> None:
    hand = ["10H", "JH", "QH", "KH", "5S", "5D", "5C", "9D"]
    g = game(
        [hand, ["AD", "4C", "KC"]],
        melds=[(1, ["6S", "7S", "8S"])],
        turn=0,
        phase="play",
        opened=[False, True],
    )
    accept(g, "open 10H-JH-QH-KH")
    assert g.phase == "discard"
    refuse(g, "meld 5S-5D-5C", "only the discard")
    refuse(g, "attach 0 9D", "only the discard")
    assert g.legal_moves() == ["discard 5C", "discard 5D", "discard 5S", "discard 9D"]


def test_s7_opening_leaving_one_card_is_a_close_in_hand_under_40() -> None:
    g = game([["2H", "3H", "4H", "5S", "5D", "5C", "9D"], ["AD", "4C", "KC"]], turn=0, phase="play")
    accept(g, "open 2H-3H-4H 5S-5D-5C")
    accept(g, "discard 9D")
    assert g.over and g.position()["in_hand"] is True and g.hand_winner == 0


def test_s7_quick_opening_check_agrees_with_the_openings_when_every_card_melds() -> None:
    """§7: 40 or more with a card kept, or one card left. Hands whose cards all lie in melds are
    where the quick check's shortcuts (a card must stay in hand) matter: it must agree with the
    full enumeration of openings, and a game must offer exactly those openings."""
    from scala40.cards import parse_card
    from scala40.finder import counts_of, iter_openings, opening_exists

    cases = {
        # laying all three melds empties the hand; two of them make 42 and keep three cards
        ("10C", "JC", "QC", "3D", "4D", "5D", "AH", "2H", "3H"): True,
        # the joker may stay in hand as the card kept
        ("10C", "JC", "QC", "3D", "4D", "5D", "JH", "QH", "KH", "JK"): True,
        # 30 in all: under 40, and three 3-card melds cannot keep exactly one card
        ("2H", "3H", "4H", "5S", "5D", "5C", "AC", "2C", "3C"): False,
        # 2H-3H-4H 5S-5D-5C leaves exactly 9D: a close in hand under 40
        ("2H", "3H", "4H", "5S", "5D", "5C", "9D"): True,
    }
    for hand, expected in cases.items():
        counts = counts_of([parse_card(c) for c in hand])
        assert opening_exists(counts, CLASSIC) is expected, hand
        assert (next(iter_openings(counts, CLASSIC), None) is not None) is expected, hand
        g = game([list(hand), ["AD", "4C", "KC"]], turn=0, phase="play")
        assert bool(g.openings(limit=1)) is expected, hand


def test_s7_opening_takes_melds_in_any_order_numbers_follow_written_order() -> None:
    hand = ["10H", "JH", "QH", "5S", "5D", "5C", "2C", "9D"]
    g = game([hand, ["AD", "4C", "KC"]], turn=0, phase="play")
    assert g.openings() == ["open 10H-JH-QH 5D-5C-5S"]
    accept(g, "open 5C-5S-5D QH-JH-10H")
    assert [m["cards"] for m in g.position()["melds"]] == [["5D", "5C", "5S"], ["10H", "JH", "QH"]]


# -- §8 attaching ---------------------------------------------------------------------


def test_s8_attach_either_end_of_run_or_missing_suit_of_set() -> None:
    g = in_play(
        ["4H", "8H", "5S", "5D", "9C"], [(1, ["5H", "6H", "7H"]), (1, ["5H", "5D", "5C"])], [True, True]
    )
    assert "attach 0 4H" in g.legal_moves() and "attach 0 8H" in g.legal_moves()
    refuse(g, "attach 1 5D", "already holds")
    accept(g, "attach 0 4H")
    accept(g, "attach 0 8H")
    accept(g, "attach 1 5S")
    refuse(g, "attach 1 5D", "at most 4")


def test_s8_joker_attach_declares_its_card_unless_no_joker_attach() -> None:
    g = in_play(["JK", "2C", "9D"], [(1, ["5H", "6H", "7H"])], [True, True])
    assert {m for m in g.legal_moves() if m.startswith("attach")} == {"attach 0 JK=4H", "attach 0 JK=8H"}
    refuse(g, "attach 0 JK=9H", "neither end")
    g = in_play(["JK", "2C", "9D"], [(1, ["5H", "6H", "7H"])], [True, True], rules={"no_joker_attach": True})
    refuse(g, "attach 0 JK=4H", "no_joker_attach")


def test_s8_card_a_joker_stands_for_is_swapped_not_attached() -> None:
    g = in_play(["5C", "2C", "9D"], [(1, ["5H", "5D", "JK=5C"])], [True, True])
    refuse(g, "attach 0 5C", "swapped, not attached")
    assert "swap 0 5C" in g.legal_moves()


# -- §9 discarding and closing ----------------------------------------------------------


def test_s9_no_discard_taken() -> None:
    rules = {"free_take": True, "no_discard_taken": True}
    g = game(
        [["KS", "2C"], ["AD", "4C", "KC"]],
        melds=[(0, ["5H", "6H", "7H"])],
        discard=["KS"],
        turn=0,
        opened=[True, False],
        rules=rules,
    )
    accept(g, "take")
    refuse(g, "discard KS", "no_discard_taken")
    assert g.legal_moves() == ["discard 2C"]


def test_s9_no_discard_attachable_includes_swaps_and_split_fits() -> None:
    rules = {"no_discard_attachable": True}
    g = in_play(
        ["8H", "5C", "2D", "3D"],
        [(1, ["3H", "4H", "5H", "6H", "7H"]), (1, ["5S", "5D", "JK=5C"])],
        [False, True],
        rules=rules,
    )
    refuse(g, "discard 8H", "could be attached")
    refuse(g, "discard 5C", "could be attached")
    assert g.legal_moves() == ["discard 2D", "discard 3D"]


def test_s9_barred_discards_allowed_when_closing_or_all_barred() -> None:
    rules = {"no_discard_attachable": True}
    g = in_play(["8H"], [(1, ["5H", "6H", "7H"])], [True, True], rules=rules)
    accept(g, "discard 8H")
    g = in_play(["8H", "4H"], [(1, ["5H", "6H", "7H"])], [False, True], rules=rules)
    assert g.legal_moves() == ["discard 4H", "discard 8H"]


def test_s9_closing_ends_the_hand_at_once() -> None:
    g = game(
        [["9D"], ["AD", "4C", "KC"], ["2S"]],
        melds=[(0, ["5H", "6H", "7H"])],
        turn=0,
        phase="play",
        opened=[True, False, False],
    )
    accept(g, "discard 9D")
    assert g.over and g.turn is None and g.hand_winner == 0 and g.legal_moves() == []
    assert g.position()["closer"] == 0 and g.position()["in_hand"] is False
    refuse(g, "draw", "over", seat=1)


def test_s9_only_an_opened_seat_closes_unopened_last_discard_refused() -> None:
    """§9: a discard that would empty the hand of a seat that has not opened is refused (a
    hand-built position reaches it), and is not listed; an opened seat's close loads back."""
    g = in_play(["8H"], [(1, ["5H", "6H", "7H"])], [False, True])
    refuse(g, "discard 8H", "only a seat that has opened may close")
    assert "discard 8H" not in g.legal_moves()
    g = in_play(["8H", "4C"], [(1, ["5H", "6H", "7H"])], [False, True])
    assert g.legal_moves() == ["discard 4C", "discard 8H"]
    g = in_play(["9D"], [(0, ["5H", "6H", "7H"])], [True, False])
    accept(g, "discard 9D")
    assert g.over and scala40.Game.from_position(g.position()).position() == g.position()


def test_s9_close_in_hand_doubles_every_penalty() -> None:
    g = game(
        [["2H", "3H", "4H", "5S", "5D", "5C", "9D"], ["AD", "4C", "KC"], ["2S", "3S"]],
        melds=[(2, ["9S", "10S", "JS"])],
        turn=0,
        phase="play",
    )
    accept(g, "open 2H-3H-4H 5S-5D-5C")
    accept(g, "discard 9D")
    assert g.hand_scores == [0, 200, 2 * 5]


# -- §10 the stock runs out -----------------------------------------------------------


def test_s10_pile_but_top_becomes_stock_in_order_bottom_first() -> None:
    g = game([["2C", "9D"], ["AD", "4C", "KC"]], stock=["7S"], discard=["3D", "4D"], turn=0)
    pile = g.position()["discard"]
    accept(g, "draw")
    accept(g, "discard 9D")
    pos = g.position()
    assert pos["discard"] == ["9D"]
    assert pos["stock"] == pile
    accept(g, "draw")
    assert g.hand(1)[-1] == pile[0]


def test_s10_position_with_empty_stock_in_draw_refused() -> None:
    pos = position([["2C", "9D"], ["AD", "4C", "KC"]], stock=[], discard=["3D"], turn=0)
    with pytest.raises(scala40.PositionError, match="stock is empty"):
        scala40.Game.from_position(pos)


# -- §11 penalties --------------------------------------------------------------------


def _closing(rules: object, hand1: list[str], opened1: bool) -> scala40.Game:
    g = game(
        [["9D"], hand1, ["2S", "3S"]],
        melds=[(0, ["5H", "6H", "7H"])],
        turn=0,
        phase="play",
        opened=[True, opened1, True],
        rules=rules,
    )
    g.play("discard 9D")
    return g


def test_s11_unopened_pays_100_opened_pays_cards() -> None:
    g = _closing("classic", ["AD", "4C", "KC", "JK"], False)
    assert g.hand_scores == [0, 100, 5]
    g = _closing("classic", ["AD", "4C", "KC", "JK"], True)
    assert g.hand_scores == [0, 11 + 4 + 10 + 25, 5]


def test_s11_close_bonus_below_zero_and_bad_values_refused() -> None:
    g = _closing({"close_bonus": 20}, ["AD"], True)
    assert g.hand_scores == [-20, 1, 5]
    for bad in (5, -10, 30, True, "10"):
        with pytest.raises(ValueError):
            scala40.Game.new(players=2, rules={"close_bonus": bad}, seed=1)


def test_s11_simple_scoring_scale_then_doubling() -> None:
    from scala40.scoring import simple_points

    assert [simple_points(p) for p in (1, 15, 16, 25, 26, 35, 36, 95, 96, 500)] == [
        1,
        1,
        2,
        2,
        3,
        3,
        4,
        9,
        10,
        10,
    ]
    g = _closing({"simple_scoring": True}, ["KD", "QC", "2D"], False)
    assert g.hand_scores == [0, 10, 1]
    g = _closing({"simple_scoring": True}, ["KD", "QC", "2D"], True)
    assert g.hand_scores == [0, 2, 1]
    g = _closing({"simple_scoring": True}, ["KD", "QC", "7D"], True)
    assert g.hand_scores == [0, 3, 1]
    g = game(
        [["2H", "3H", "4H", "5S", "5D", "5C", "9D"], ["AD", "4C", "KC"], ["2S", "3S"]],
        melds=[(2, ["9S", "10S", "JS"])],
        turn=0,
        phase="play",
        rules={"simple_scoring": True},
    )
    g.play("open 2H-3H-4H 5S-5D-5C")
    g.play("discard 9D")
    assert g.hand_scores == [0, 20, 2]


# -- §12 the match --------------------------------------------------------------------


def _match_after(before: list[int], reentries: int, out_at: int = 101) -> scala40.Match:
    """A 3-player match in hand 2 where seat 0 closes: seat 1 (not opened) pays 100, seat 2
    (opened, 2S 3S) pays 5; ``before``: the totals before the hand."""
    pos = position(
        [["9D"], ["AD", "4C", "KC"], ["2S", "3S"]],
        melds=[(0, ["5H", "6H", "7H"])],
        turn=0,
        phase="play",
        opened=[True, False, True],
        rules={"preset": "classic", "reentries": reentries, "out_at": out_at},
    )
    pos.update(scores=before, reentered=[0, 0, 0], decide=[], out_hand=[None, None, None], hand_no=2)
    m = scala40.Match.from_position(pos)
    m.play("discard 9D")
    assert m.game.over
    return m


def test_s12_total_reaching_out_at_puts_a_player_out() -> None:
    m = _match_after([10, 30, 5], reentries=0)
    assert m.out_hand == [None, 2, None] and not m.over
    m.next_hand()
    assert m.game.position()["out"] == [1] and m.game.position()["hands"][1] == []


def test_s12_reentry_takes_worst_total_still_in_any_order() -> None:
    m = _match_after([10, 30, 135], reentries=1)
    assert m.decide == [1, 2]
    with pytest.raises(scala40.IllegalMove, match="reenter or retire"):
        m.next_hand()
    assert m.legal_moves(2) == ["reenter", "retire"]
    m.play("retire", 2)
    m.play("reenter", 1)
    assert m.scores == [10, 10, 140] and m.reentered == [0, 1, 0]  # seat 0's 10: the worst still in
    assert m.out_hand == [None, None, 2] and not m.over
    with pytest.raises(scala40.IllegalMove):
        m.play("reenter", 1)


def test_s12_the_seats_to_decide_are_who_may_act_after_the_hand() -> None:
    """RULES §12 / tabletop.engine.WhoActs: after the hand it is nobody's turn; the seats over
    ``out_at`` with a re-entry left are who may act (reenter or retire, in any order)."""
    m = _match_after([10, 30, 135], reentries=1)
    assert m.turn is None
    assert m.actors() == {1: ["reenter", "retire"], 2: ["reenter", "retire"]}
    m.play("retire", 2)
    assert m.actors() == {1: ["reenter", "retire"]} and not m.may_act(2) and m.may_act(1)


def test_s12_match_ends_with_one_left_ranking_by_hand_out_then_total() -> None:
    m = _match_after([10, 30, 135], reentries=1)
    m.play("retire", 1)
    assert not m.over
    m.play("retire", 2)
    assert m.over and m.winner == 0 and m.ranking == [0, 1, 2]
    with pytest.raises(scala40.IllegalMove, match="over"):
        m.next_hand()


def test_s12_two_left_payment_putting_the_other_out_ends_the_match() -> None:
    pos = position(
        [["9D"], ["AD", "4C", "KC"], []],
        melds=[(0, ["5H", "6H", "7H"])],
        turn=0,
        phase="play",
        opened=[True, False, False],
        out=[2],
    )
    pos.update(scores=[90, 60, 150], reentered=[0, 0, 0], decide=[], out_hand=[None, None, 1], hand_no=2)
    m = scala40.Match.from_position(pos)
    assert not m.over
    m.play("discard 9D")
    assert m.over and m.winner == 0 and m.ranking == [0, 1, 2] and m.scores == [90, 160, 150]
    assert m.legal_moves(1) == []


def test_s12_deal_passes_to_next_seat_still_in() -> None:
    m = _match_after([10, 30, 5], reentries=0)
    assert m.game.dealer == 2
    m.next_hand()
    assert m.game.dealer == 0 and m.game.turn == 2


# -- §13 rule-set fields and presets ---------------------------------------------------


def test_s13_presets_and_fields() -> None:
    assert ruleset("classic") == CLASSIC
    strict = ruleset("strict")
    assert strict.take_needs_open and strict.open_without_jokers and strict.no_discard_taken
    assert strict.no_discard_attachable and strict.no_joker_attach
    assert not (strict.free_take or strict.long_runs or strict.many_jokers or strict.simple_scoring)
    assert (CLASSIC.close_bonus, CLASSIC.out_at, CLASSIC.reentries) == (0, 101, 0)
    r = ruleset({"preset": "strict", "reentries": 2})
    assert r.spec() == {"preset": "strict", "reentries": 2}
    assert scala40.Game.new(players=2, rules=r, seed=1).position()["rules"] == r.spec()


@pytest.mark.parametrize(
    "spec",
    ["house", {"preset": "x"}, {"bogus": True}, {"long_runs": 1}, {"out_at": 0}, {"reentries": -1}, 3],
)
def test_s13_bad_fields_or_values_refused(spec: object) -> None:
    with pytest.raises(ValueError):
        scala40.Game.new(players=2, rules=spec, seed=1)  # type: ignore[arg-type]
