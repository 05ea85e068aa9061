"""RULES §12 house variants (anticipo, chi sbaglia paga), §11 timeout = "penalty", and the
traditional rule-set fields around them (hand_size, two decks, 3–8 players, the §8
reshuffle as it is recorded and replayed). ENGINE.md "§11 timeout as a penalty" and
"§12 house variants" give the engine's reading where RULES leave room."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from typing import Any

import pytest
from helpers import ONE_DECK, all_cards, deal_order, deck, game, hand_sizes, random_policy, refuse

import dernier
from dernier import Game, Match

T = "traditional"
ANT: dict[str, Any] = {"preset": T, "anticipo": True}
CSP: dict[str, Any] = {"preset": T, "chi_sbaglia_paga": True}


def four(hands2: list[str], top: str = "9H", rules: Any = ANT, **kw: Any) -> Game:
    """4 players, seat 0 to act, seat 2 holds ``hands2``; ``top`` on the discard pile."""
    kw.setdefault("draw", ["KC", "QC", "10C", "8C"])
    return game(
        [["2S", "3S", "4S"], ["8D", "9D", "10D"], hands2, ["2C", "3C", "4C"]], [top], rules=rules, **kw
    )


# --- §12 anticipo ---------------------------------------------------------------------------


@pytest.mark.parametrize(("direction", "after"), [(1, 3), (-1, 1)])
def test_s12_anticipo_jump_in_and_play_continues_after_the_jumper(direction: int, after: int) -> None:
    """RULES §12 anticipo: a seat not to act holding the card identical to the top one (same
    rank and suit) may play it out of turn: legal_moves(seat) lists it, play(move, seat)
    accepts it, and play continues after the jumper in the current direction."""
    g = four(["9H", "5C", "6C"], direction=direction)
    assert g.legal_moves(2) == ["9H"]
    assert g.state.jump_seats() == [2]
    assert g.view(2)["legal"] == ["9H"]
    assert g.legal_moves(1) == [] and g.legal_moves(3) == []
    g.play("9H", seat=2)
    pos = g.position()
    assert pos["discard"] == ["9H", "9H"]
    assert pos["hands"][2] == ["5C", "6C"]
    assert pos["hands"][0] == ["2S", "3S", "4S"], "the interrupted seat keeps its cards"
    assert pos["turn"] == after and pos["direction"] == direction
    assert pos["move_no"] == 1
    assert g.moves == [(2, "9H")]


def test_s12_anticipo_by_the_dealer_on_the_turned_up_card() -> None:
    """RULES §12 / §3: the turned-up first card (a normal card) can be jumped on at once;
    play continues after the jumper, here seat 3 instead of dealer+1 = seat 1."""
    order = deal_order(4, 0, {2: ["9H", "5C"]}, "9H", rules=T)
    g = Game.new(players=4, rules=ANT, dealer=0, deck=order, seed=1)
    assert g.turn == 1
    assert g.legal_moves(2) == ["9H"]
    g.play("9H", seat=2)
    assert g.turn == 3
    assert hand_sizes(g) == [9, 9, 8, 9]


@pytest.mark.parametrize(
    ("top", "held", "move", "fields"),
    [
        ("JH", "JH", "JH:H", {"suit": "H"}),
        ("QH", "QH", "QH", {}),
        ("KH", "KH", "KH", {}),
        ("7H", "7H", "7H", {}),
        ("AH", "AH", "AH", {}),
        ("AH", "AH", "AH", {"pending": 2}),
        ("JK", "JK", "JK=9H", {"wild": "9H"}),
        ("JK", "9H", "9H", {"wild": "9H"}),
    ],
)
def test_s12_anticipo_not_on_j_q_k_7_a_or_a_jolly(top: str, held: str, move: str, fields: Any) -> None:
    """RULES §12: no jump-in on J Q K 7 A, nor on a Jolly on top (ENGINE: not even a wild
    Jolly standing for a normal card, by either the Jolly or the named card): refused with
    IllegalMove naming the rule, position unchanged, not listed."""
    g = four([held, "5C", "6C"], top=top, **fields)
    assert g.legal_moves(2) == []
    refuse(g, move, "jump-in", "§12", seat=2)


def test_s12_anticipo_not_by_a_player_under_dernier() -> None:
    """RULES §12: not by a player under Dernier: a seat holding only the identical card may
    not jump in (so a jump-in can never be a last card, ENGINE: more than one card)."""
    g = four(["9H"])
    assert g.legal_moves(2) == []
    refuse(g, "9H", "jump-in", "more than one card", seat=2)
    refuse(g, "9H!", "jump-in", seat=2)


@pytest.mark.parametrize("held", ["9D", "5H", "9S"])
def test_s12_anticipo_needs_the_identical_card(held: str) -> None:
    """RULES §12: same rank and suit: a card that would be playable in turn (same suit or
    same rank) is not a jump-in."""
    g = four([held, "5C", "6C"])
    assert g.legal_moves(2) == []
    refuse(g, held, "jump-in", "identical", seat=2)


@pytest.mark.parametrize("rules", [T, {"preset": T, "anticipo": False}])
def test_s12_anticipo_off_refuses_out_of_turn_plays(rules: Any) -> None:
    """RULES §12: house variants are off unless named: with anticipo off, the identical card
    out of turn is refused as not that seat's turn."""
    g = four(["9H", "5C", "6C"], rules=rules)
    assert g.legal_moves(2) == []
    refuse(g, "9H", "not seat 2's turn", seat=2)


def test_s12_anticipo_needs_two_decks() -> None:
    """RULES §12: anticipo is for two decks only: a one-deck rule set with it is refused."""
    with pytest.raises(dernier.PositionError, match="two decks"):
        dernier.ruleset({"preset": "official", "anticipo": True})
    with pytest.raises(dernier.PositionError, match="two decks"):
        dernier.ruleset({"preset": T, "anticipo": True, "decks": 1})
    assert dernier.ruleset({"preset": "official", "decks": 2, "anticipo": True}).anticipo


@pytest.mark.parametrize("seat", [4, 99, -1])
def test_s12_anticipo_legal_moves_of_a_seat_that_does_not_exist(seat: int) -> None:
    """CONTRACT legal_moves(seat): [] for a seat that may not act (or a ValueError for a
    seat that is not there): never an IndexError, and never moves that play() would refuse
    for that seat (-1 must not read the last seat's hand)."""
    g = game(
        [["2S", "3S", "4S"], ["8D", "9D", "10D"], ["5C", "6C", "7C"], ["9H", "3C", "4C"]],
        ["9H"],
        rules=ANT,
    )
    assert g.legal_moves(3) == ["9H"]
    try:
        moves = g.legal_moves(seat)
    except dernier.DernierError:
        return
    assert moves == []


def test_s12_anticipo_leaving_one_card_needs_the_call() -> None:
    """RULES §7/§12: a jump-in that leaves the jumper one card lists the '!' variant; without
    the call, the jumper draws 2 when the next seat moves."""
    g = four(["9H", "5C"])
    assert g.legal_moves(2) == ["9H", "9H!"]
    g.play("9H", seat=2)
    pos = g.position()
    assert pos["dernier_due"] == [2] and pos["turn"] == 3
    assert "dernier" in g.legal_moves(2)
    g.play("draw")  # seat 3 begins: the window closes
    assert g.position()["hands"][2] == ["5C", "KC", "QC"]
    assert g.position()["hands"][3] == ["2C", "3C", "4C", "10C"]


def test_s12_anticipo_leaving_one_card_with_the_call() -> None:
    """RULES §7/§12: '9H!' calls Dernier with the jump-in: no penalty later; a separate
    'dernier' before the next seat moves does too."""
    g = four(["9H", "5C"])
    g.play("9H!", seat=2)
    assert g.position()["dernier_due"] == []
    g.play("draw")
    assert g.position()["hands"][2] == ["5C"]
    g2 = four(["9H", "5C"])
    g2.play("9H", seat=2)
    g2.play("dernier", seat=2)
    g2.play("draw")
    assert g2.position()["hands"][2] == ["5C"]


def test_s12_anticipo_jumper_left_with_one_card_wins_on_its_turn() -> None:
    """RULES §8/§12: after a jump-in to one card, the jumper's last card is played in turn
    (it may not jump in with it) and wins the hand; scores per §9."""
    g = four(["9H", "5H"], draw=["KS", "QS", "10S"])
    g.play("9H!", seat=2)
    assert g.turn == 3
    assert g.legal_moves(2) == []
    for seat in (3, 0, 1):
        assert g.turn == seat
        g.play("draw")
    assert g.turn == 2 and g.legal_moves() == ["5H", "draw"]
    g.play("5H")
    assert g.over and g.hand_winner == 2 and g.went_out
    assert g.hand_scores is not None and g.hand_scores[2] >= 50


def test_s12_anticipo_closes_open_dernier_windows() -> None:
    """RULES §7/§12, ENGINE: a jump-in closes open Dernier windows like any play: the seat
    that did not call draws 2 before the jump-in is applied."""
    g = game(
        [["5H", "2S"], ["8D", "9D", "10D"], ["5H", "6C", "7C"], ["2C", "3C", "4C"]],
        ["9H"],
        rules=ANT,
        draw=["KC", "QC", "10C"],
    )
    g.play("5H")  # seat 0 is left with one card and does not call
    assert g.position()["dernier_due"] == [0] and g.turn == 1
    assert g.legal_moves(2) == ["5H"]
    g.play("5H", seat=2)
    pos = g.position()
    assert pos["hands"][0] == ["2S", "KC", "QC"]
    assert pos["dernier_due"] == []
    assert pos["turn"] == 3 and pos["discard"][-2:] == ["5H", "5H"]


def test_s12_anticipo_cancels_the_drawn_card_decision() -> None:
    """ENGINE §12: with play_after_draw, a jump-in while the seat to act decides on its drawn
    card cancels that option: the card stays in its hand and play goes on after the jumper."""
    rules = {"preset": T, "anticipo": True, "play_after_draw": True}
    g = four(["9H", "5C", "6C"], rules=rules, draw=["9S", "QC"])
    g.play("draw")
    assert g.position()["drawn"] == "9S" and g.turn == 0
    assert g.legal_moves(2) == ["9H"]
    g.play("9H", seat=2)
    pos = g.position()
    assert pos["drawn"] is None and pos["turn"] == 3
    assert pos["hands"][0] == ["2S", "3S", "4S", "9S"]
    assert "pass" not in g.legal_moves()
    refuse(g, "9S", "not seat 0's turn", seat=0)


def test_s12_anticipo_jump_in_is_recorded_and_replayed() -> None:
    """RULES §12 / Match API: a jump-in (seat, move) is in Match.record() and replays to the
    identical position."""
    order = deal_order(4, 0, {2: ["9H", "5C"]}, "9H", rules=T)
    m = Match.new(players=4, rules=ANT, hands=1, dealer=0, deck=order, seed=3)
    m.play("9H", seat=2)
    m.play(m.legal_moves()[0])
    rec = m.record()
    assert rec["history"][0]["moves"][0] == [2, "9H"]
    assert dernier.replay(json.loads(json.dumps(rec))).position() == m.position()
    # the public log marks the play out of turn, also after a save is loaded
    jump = {"type": "move", "seat": 2, "move": "9H", "jump": True}
    for m2 in (m, Match.load(m.save())):
        log = m2.view(0)["log"]
        assert jump in log
        assert [e for e in log if e.get("jump")] == [jump], "only the jump-in is marked"


# --- §12 chi sbaglia paga -------------------------------------------------------------------


def csp_game(hand0: list[str], top: str = "9H", rules: Any = CSP, **kw: Any) -> Game:
    kw.setdefault("draw", ["KC", "QC", "10C", "8C"])
    return game([hand0, ["8D", "9D", "10D"], ["5D", "6D", "2D"]], [top], rules=rules, **kw)


@pytest.mark.parametrize(
    ("hand0", "move", "fields", "why"),
    [
        (["5C", "6C", "2S"], "5C", {}, "does not match"),
        (["5C", "AS", "2S"], "5C", {"top": "AH", "pending": 2}, "Ace chain"),
        (["JK", "AS", "2S"], "JK=AH", {"top": "AH", "pending": 2}, "Ace"),
        (["JK"], "JK=9H", {}, "last card"),
        (["5H", "6C", "2S"], "5H!", {}, "'!'"),
        (["JK", "6C", "2S"], "JK:H", {}, "names the card"),
    ],
)
def test_s12_chi_sbaglia_paga_illegal_play_costs_two_cards(
    hand0: list[str], move: str, fields: dict[str, Any], why: str
) -> None:
    """RULES §12 chi sbaglia paga: an attempted illegal play of a held card by the seat to act
    costs chi_sbaglia_penalty (2) cards instead of raising; game.last_penalty gives the
    reason; the same seat is still to act and the pile is untouched."""
    g = csp_game(hand0, **fields)
    before = g.position()
    g.play(move)
    pos = g.position()
    assert pos["hands"][0] == [*hand0, "KC", "QC"]
    assert pos["turn"] == 0
    assert pos["discard"] == before["discard"] and pos["pending"] == before["pending"]
    assert pos["move_no"] == before["move_no"] + 1
    assert pos["last_draw"][0] == pos["move_no"]
    assert g.last_penalty is not None and why.lower() in g.last_penalty.lower()
    assert "§12" in g.last_penalty
    assert g.moves == [(0, move)]
    assert [e for e in g.public_log() if e["type"] == "draw"][-1]["reason"] == "wrong"
    # the next accepted move clears last_penalty
    g.play("draw")
    assert g.last_penalty is None


def test_s12_chi_sbaglia_penalty_is_configurable() -> None:
    """RULES §12: the cost is the rule-set field chi_sbaglia_penalty (here 3)."""
    g = csp_game(["5C", "6C", "2S"], rules={**CSP, "chi_sbaglia_penalty": 3})
    g.play("5C")
    assert g.position()["hands"][0] == ["5C", "6C", "2S", "KC", "QC", "10C"]
    assert g.turn == 0


def test_s12_chi_sbaglia_paga_during_the_dealers_suit_choice() -> None:
    """RULES §12 / §3: while the dealer must choose the first suit, a play of a held card is
    an illegal play: it costs 2 and the dealer still chooses."""
    order = deal_order(3, 0, {0: ["5C"]}, "JC", rules=T)
    g = Game.new(players=3, rules=CSP, dealer=0, deck=order, seed=1)
    assert g.legal_moves() == [":C", ":D", ":H", ":S"]
    g.play("5C")
    assert hand_sizes(g) == [11, 9, 9]
    assert g.turn == 0 and g.legal_moves() == [":C", ":D", ":H", ":S"]


@pytest.mark.parametrize(
    ("move", "seat", "fragment"),
    [
        ("7S", None, "do not hold"),  # a card not held
        ("pass", None, "pass"),  # not a play
        (":H", None, "first card"),  # not a play
        ("dernier", None, "Dernier"),  # not a play
        ("5C", 1, "not seat 1's turn"),  # another seat's play of a card it does not hold
        ("draw", 2, "not seat 2's turn"),  # another seat's move that is not a play
    ],
)
def test_s12_chi_sbaglia_paga_still_refuses_other_moves(move: str, seat: int | None, fragment: str) -> None:
    """RULES §12 [decided], ENGINE: only a play of a held card costs cards (by the seat to act
    or out of turn); a card not held, or a move that is not a play, is still refused with
    IllegalMove and leaves the position unchanged."""
    g = csp_game(["5C", "6C", "2S"])
    refuse(g, move, fragment, seat=seat)
    assert g.last_penalty is None


def test_s12_chi_sbaglia_paga_malformed_move_is_still_a_notation_error() -> None:
    """CONTRACT / RULES §12: a string that is not a move is refused, never charged."""
    g = csp_game(["5C", "6C", "2S"])
    before = g.position()
    for bad in ("5X", "", "JK", "5C!!"):
        with pytest.raises(dernier.MoveNotationError):
            g.play(bad)
    assert g.position() == before


def test_s12_chi_sbaglia_paga_not_after_the_hand_is_over() -> None:
    """RULES §12 / CONTRACT: once the hand is over no move is accepted: play(card) with the
    default seat must raise IllegalMove ('the hand is over') and leave the final position
    and the scores alone, even if some seat holds that card."""
    g = csp_game(["5H"])
    g.play("5H")
    assert g.over
    scores = g.hand_scores
    refuse(g, "6D", "hand is over")  # seat 2 (the last seat) holds 6D
    assert g.hand_scores == scores
    refuse(g, "6D", "hand is over", seat=2)


def test_s12_chi_sbaglia_paga_by_a_seat_owing_dernier_keeps_a_valid_position() -> None:
    """RULES §6/§7/§12, CONTRACT Position: two players, a Q leaving one card without the
    call: the same seat owes Dernier and is to act. If it now tries an illegal play, the
    charge must not leave it in dernier_due with 3 cards: seats in dernier_due hold one card,
    and the position must round-trip through Game.from_position."""
    rules = {"preset": "official", "chi_sbaglia_paga": True}
    g = game([["QH", "5C"], ["8D", "9D", "10D"]], ["9H"], rules=rules, draw=["KC", "QC", "10C"])
    g.play("QH")
    assert g.turn == 0 and g.position()["dernier_due"] == [0]
    g.play("5C")  # illegal on QH: charged
    pos = g.position()
    assert g.last_penalty is not None and g.turn == 0
    for seat in pos["dernier_due"]:
        assert len(pos["hands"][seat]) == 1, f"seat {seat} owes Dernier with {pos['hands'][seat]}"
    assert Game.from_position(pos).position() == pos


@pytest.mark.parametrize("rules", [T, "official"])
def test_s12_chi_sbaglia_paga_is_off_by_default(rules: str) -> None:
    """RULES §12: off unless named: an illegal play is refused in both presets."""
    g = csp_game(["5C", "6C", "2S"], rules=rules)
    refuse(g, "5C", "does not match")
    assert g.last_penalty is None


def test_s12_chi_sbaglia_paga_replays_from_the_record() -> None:
    """RULES §12 / Match API: a record holding a charged illegal play replays to the same
    position (the penalty is charged again), via dernier.replay and Match.load."""
    order = deal_order(3, 0, {1: ["5C", "6C", "2S"]}, "9H", rules=T)
    m = Match.new(players=3, rules=CSP, hands=1, dealer=0, deck=order, seed=11)
    assert m.game.turn == 1
    m.play("5C")
    assert m.game.last_penalty and hand_sizes(m.game) == [9, 11, 9]
    rng = random.Random(4)
    for _ in range(6):
        m.play(random_policy(rng, m.legal_moves()))
    rec = m.record()
    assert rec["history"][0]["moves"][0] == [1, "5C"]
    for m2 in (dernier.replay(json.dumps(rec)), Match.load(m.save())):
        assert m2.position() == m.position()
        assert m2.game.moves == m.game.moves


def test_s12_chi_sbaglia_paga_with_an_empty_official_pile_ends_the_hand() -> None:
    """RULES §8/§12: the penalty is drawn like any other: if it empties an official draw
    pile, the hand ends (no winner bonus)."""
    rules = {"preset": "official", "chi_sbaglia_paga": True}
    g = game([["5C", "6C"], ["8D", "9D"]], ["9H"], rules=rules, draw=["KC"], rest="discard")
    g.play("5C")
    assert g.over and not g.went_out
    assert g.position()["hands"][0] == ["5C", "6C", "KC"]


# --- §11 timeout = "penalty" ---------------------------------------------------------------


def tmatch(turned: str, players: int = 3, rules: Any = T, hands: Any = None, **kw: Any) -> Match:
    order = deal_order(players, 0, hands or {}, turned, rules=T)
    return Match.new(players=players, rules=rules, hands=1, dealer=0, deck=order, seed=2, **kw)


def test_s11_timeout_penalty_costs_the_turn_and_one_card() -> None:
    """RULES §11 traditional: Match.timeout() costs the seat to act its turn and one card
    (the next card of the draw pile); it is recorded as the move 'timeout'."""
    m = tmatch("9H")
    nxt = m.game.position()["draw"][0]
    assert m.game.turn == 1
    m.timeout()
    pos = m.game.position()
    assert pos["hands"][1][-1] == nxt and hand_sizes(m.game) == [9, 10, 9]
    assert pos["turn"] == 2 and pos["discard"] == ["9H"]
    assert m.game.moves == [(1, "timeout")]
    assert not m.over


def test_s11_timeout_penalty_with_a_pending_chain_draws_the_chain() -> None:
    """ENGINE §11: with an Ace chain pending, a timed-out seat draws the chain instead of one
    card, and the turn passes."""
    m = tmatch("AH")
    assert m.game.turn == 1 and m.game.position()["pending"] == 2
    m.timeout()
    pos = m.game.position()
    assert hand_sizes(m.game) == [9, 11, 9]
    assert pos["pending"] == 0 and pos["turn"] == 2


@pytest.mark.parametrize(("turned", "suit"), [("JC", "C"), ("JS", "S"), ("JK", "H")])
def test_s11_timeout_penalty_while_choosing_the_first_suit(turned: str, suit: str) -> None:
    """ENGINE §11: a dealer who times out while choosing the suit of a turned-up J or Jolly
    keeps the turned card's own suit (hearts for a Jolly), draws one card and loses the turn."""
    m = tmatch(turned)
    assert m.game.turn == 0 and m.legal_moves() == [":C", ":D", ":H", ":S"]
    m.timeout()
    pos = m.game.position()
    assert pos["suit"] == suit and pos["pending"] == 0 and pos["wild"] is None
    assert hand_sizes(m.game) == [10, 9, 9]
    assert pos["turn"] == 1
    assert Game.from_position(pos).position() == pos


def test_s11_timeout_penalty_on_a_turned_up_official_jolly_keeps_its_plus_4() -> None:
    """RULES §3 / ENGINE §11: a suit Jolly turned up counts as played by the dealer and makes
    dealer+1 draw 4 unless it answers; a dealer who times out while choosing only loses the
    choice (hearts) and draws a card: the Jolly's +4 for dealer+1 must still stand, as it
    does after ':H'."""
    order = deal_order(3, 0, {}, "JK")
    rules = {"preset": "official", "timeout": "penalty"}
    chose = Match.new(players=3, rules=rules, hands=1, dealer=0, deck=order, seed=2)
    chose.play(":H")
    assert chose.game.position()["pending"] == 4
    m = Match.new(players=3, rules=rules, hands=1, dealer=0, deck=order, seed=2)
    m.timeout()
    pos = m.game.position()
    assert pos["suit"] == "H" and pos["turn"] == 1
    assert hand_sizes(m.game) == [6, 5, 5]
    assert pos["pending"] == 4, "the turned-up Jolly's +4 was dropped by the dealer's timeout"


def test_s11_timeout_penalty_closes_the_dernier_window() -> None:
    """RULES §7/§11: a timeout is the next seat's turn beginning: an uncalled Dernier costs
    2 first, then the timed-out seat draws its card."""
    g = game(
        [["5H", "2S"], ["8D", "9D"], ["6C", "7C"]],
        ["9H"],
        rules=T,
        draw=["KC", "QC", "10C"],
    )
    g.play("5H")
    g.timeout()
    pos = g.position()
    assert pos["hands"][0] == ["2S", "KC", "QC"]
    assert pos["hands"][1] == ["8D", "9D", "10C"]
    assert pos["turn"] == 2


def test_s11_timeout_only_by_the_seat_to_act() -> None:
    """RULES §11 / Match API: only the seat to act can run out of time."""
    m = tmatch("9H")
    before = m.position()
    with pytest.raises(dernier.IllegalMove):
        m.timeout(0)
    assert m.position() == before


@pytest.mark.parametrize("rules", ["official", {"preset": T, "timeout": "lose"}])
def test_s11_timeout_lose_loses_the_match(rules: Any) -> None:
    """RULES §11: timeout = "lose" (official, or traditional overridden): running out of time
    loses the match at once: −1 to that seat, +1 to each other; Game.timeout refuses."""
    if rules == "official":
        order = deal_order(3, 0, {}, "9H")
        m = Match.new(players=3, rules=rules, hands=3, dealer=0, deck=order, seed=2)
    else:
        m = tmatch("9H", rules=rules)
    before = m.game.position()
    with pytest.raises(dernier.IllegalMove, match="loses the match"):
        m.game.timeout()
    assert m.game.position() == before
    m.timeout()
    assert m.over and m.tiebreak == "timeout"
    assert m.match_points == [1, -1, 1]
    assert m.ranking[-1] == 1 and m.winner != 1
    assert m.game.position() == before
    assert m.record()["result"] == {"kind": "timeout", "seat": 1}
    m2 = dernier.replay(m.record())
    assert m2.over and m2.match_points == [1, -1, 1]


def test_s11_timeout_penalty_chain_and_choice_replay() -> None:
    """RULES §11 / Match API: timeouts on a turned-up J (suit kept) replay identically."""
    m = tmatch("JC")
    m.timeout()
    rng = random.Random(1)
    for _ in range(5):
        if m.game.over:
            break
        m.play(random_policy(rng, m.legal_moves()))
    if not m.game.over:
        m.timeout()
    assert dernier.replay(m.record()).position() == m.position()


# --- §1/§2 hand_size, two decks, player counts ----------------------------------------------


@pytest.mark.parametrize("size", [5, 7])
def test_s2_traditional_hand_size_is_configurable(size: int) -> None:
    """RULES §2 [decided, configurable]: traditional deals 9 by default; hand_size overrides
    it (here 5 or 7): each seat gets that many, dealt one at a time from dealer+1."""
    rules = {"preset": T, "hand_size": size}
    hands = {1: ["2H", "3H", "4H", "5H", "6H", "8H", "9H"][:size]}
    order = deal_order(4, 0, hands, "10S", rules=T, hand_size=size)
    g = Game.new(players=4, rules=rules, dealer=0, deck=order, seed=1)
    pos = g.position()
    assert hand_sizes(g) == [size] * 4
    assert pos["hands"][1] == hands[1]
    assert len(pos["draw"]) == 108 - 4 * size - 1
    assert pos["rules"] == {"preset": T, "hand_size": size}
    assert Game.from_position(pos).position() == pos
    assert hand_sizes(Game.new(players=8, rules=rules, seed=5))[0] == size


def test_s2_default_traditional_hand_size_is_9() -> None:
    """RULES §2: traditional deals 9 cards each."""
    g = Game.new(players=5, rules=T, seed=3)
    sizes = hand_sizes(g)
    assert sorted(sizes)[:4] == [9, 9, 9, 9] and max(sizes) <= 10


@pytest.mark.parametrize("rules", [T, {"preset": "official", "decks": 2}])
def test_s1_two_decks_hold_108_cards_with_four_jollies(rules: Any) -> None:
    """RULES §1: two decks = 108 cards: every suited card twice and 4 Jolly."""
    g = Game.new(players=4, rules=rules, seed=9)
    cards = all_cards(g.position())
    assert sum(cards.values()) == 108
    assert cards["JK"] == 4
    assert all(cards[c] == 2 for c in set(ONE_DECK) - {"JK"})
    assert dernier.ruleset(rules).deck_size == 108


def test_s1_two_decks_position_must_hold_each_card_twice() -> None:
    """RULES §1 / CONTRACT: a traditional position holding a card three times, or only three
    Jollies, is refused with PositionError naming the card."""
    pos = game([["2S", "3S"], ["8D", "9D"], ["2C", "3C"]], ["9H"], rules=T).position()
    bad = copy.deepcopy(pos)
    bad["draw"].remove("5H")
    bad["draw"].append("5C")
    with pytest.raises(dernier.PositionError, match=r"missing 5H.*too many 5C"):
        Game.from_position(bad)
    bad = copy.deepcopy(pos)
    bad["draw"].remove("JK")
    with pytest.raises(dernier.PositionError, match="missing JK"):
        Game.from_position(bad)


def test_s1_identical_cards_are_interchangeable() -> None:
    """RULES §1: identical cards are interchangeable: which copy is played makes no
    difference to the position (both copies compare equal)."""
    a = game([["5H", "5H", "6C"], ["7D", "8D"], ["2S", "3S"]], ["9H"], rules=T)
    b = game([["5H", "6C", "5H"], ["7D", "8D"], ["2S", "3S"]], ["9H"], rules=T)
    a.play("5H")
    b.play("5H")
    assert sorted(a.position()["hands"][0]) == sorted(b.position()["hands"][0]) == ["5H", "6C"]
    assert dernier.Card("5H") == dernier.Card("5H")
    # both copies of a J and both of two Jollies: each play listed once
    g = game([["JK", "JK", "JH", "JH", "9S"], ["7D", "8D"], ["2S", "3S"]], ["9H"], rules=T)
    legal = g.legal_moves()
    assert legal == sorted(set(legal))
    assert legal.count("JH:S") == 1 and legal.count("JK=9H") == 1 and legal.count("JK=JS:C") == 1


@pytest.mark.parametrize("players", [2, 9])
def test_s2_traditional_player_count_out_of_range(players: int) -> None:
    """RULES §2 [decided]: traditional plays with 3–8 players: 2 or 9 are refused with a
    PositionError naming the range, by Game.new, Match.new and positions."""
    for make in (Game.new, Match.new):
        with pytest.raises(dernier.PositionError, match="3 to 8"):
            make(players=players, rules=T, seed=1)
    hands = [["2S"], ["3S"]] if players == 2 else [[c] for c in ONE_DECK[:9]]
    pos = game([["2S", "3S"], ["8D", "9D"], ["2C", "3C"]], ["9H"], rules=T).position()
    pos["hands"] = hands
    with pytest.raises(dernier.PositionError, match="3 to 8"):
        Game.from_position(pos)


@pytest.mark.parametrize("players", [3, 8])
def test_s2_traditional_player_count_limits_accepted(players: int) -> None:
    """RULES §2: 3 and 8 players are fine in the traditional preset."""
    g = Game.new(players=players, rules=T, seed=players)
    assert g.players == players
    assert sum(all_cards(g.position()).values()) == 108
    assert Game.from_position(g.position()).players == players
    assert Match.new(players=players, rules=T, seed=1).players == players


# --- §8 traditional reshuffle, recorded ---------------------------------------------------


def test_s8_traditional_reshuffle_is_the_discard_pile_but_its_top() -> None:
    """RULES §8 [decided]: the new draw pile is exactly the old discard pile but its top card
    (as a multiset), and nothing else moves."""
    g = game([["2S", "3S"], ["8D", "9D"], ["2C", "3C"]], ["2D", "3D", "9H"], rules=T, draw=[], rest="discard")
    before = g.position()
    old = Counter(before["discard"][:-1])
    g.play("draw")
    pos = g.position()
    drawn = pos["hands"][0][-1]
    assert Counter([drawn, *pos["draw"]]) == old
    assert pos["discard"] == ["9H"]
    assert pos["hands"][1:] == before["hands"][1:]
    assert all_cards(pos) == Counter(deck(T))
    assert g.public_log()[-2:][0]["type"] == "reshuffle"
    assert len(g.reshuffle_orders()) == 1 and Counter(g.reshuffle_orders()[0]) == old


def _match_with_reshuffle() -> Match:
    """A traditional 8-player match (9 cards each, 35 in the draw pile) played until the
    discard pile has been reshuffled at least once and a few moves after."""
    for seed in range(50):
        m = Match.new(players=8, rules=T, hands=1, seed=seed)
        rng = random.Random(seed)
        after = 0
        while not m.game.over and after < 10:
            legal = m.legal_moves()
            m.play("draw" if "draw" in legal and rng.random() < 0.5 else random_policy(rng, legal))
            if m.game.reshuffle_orders():
                after += 1
        if m.game.reshuffle_orders():
            return m
    raise AssertionError("no seed reshuffled")  # pragma: no cover


def test_s8_traditional_reshuffle_is_recorded_and_replayed() -> None:
    """RULES §8 / Match API: a reshuffle's order is in Match.record(); replay (and load of a
    save) reproduce the identical position, and every card is accounted for."""
    m = _match_with_reshuffle()
    rec = m.record()
    orders = rec["history"][0]["reshuffles"]
    assert orders and orders == m.game.reshuffle_orders()
    assert all_cards(m.game.position()) == Counter(deck(T))
    for m2 in (dernier.replay(json.dumps(rec)), Match.load(m.to_json())):
        assert m2.position() == m.position()
        assert m2.game.reshuffle_orders() == orders


def test_s8_traditional_replay_uses_the_recorded_order() -> None:
    """RULES §8 / Match API: replay takes the reshuffle order from the record: a record whose
    order is not the discard pile is refused with SaveError; one with the recorded order
    rotated replays differently or is refused."""
    m = _match_with_reshuffle()
    rec = m.record()
    bad = copy.deepcopy(rec)
    order = bad["history"][0]["reshuffles"][0]
    order[0] = "JK" if order[0] != "JK" else "2H"
    with pytest.raises(dernier.SaveError, match="reshuffle"):
        dernier.replay(bad)
    rot = copy.deepcopy(rec)
    order = rot["history"][0]["reshuffles"][0]
    order.append(order.pop(0))
    assert order != rec["history"][0]["reshuffles"][0]
    try:
        m3 = dernier.replay(rot)
    except dernier.SaveError:
        return
    assert m3.position() != m.position()
