"""RULES §10 [decided]: "last draw" is the real order in which cards left the pile: two
draws of one move are ordered, and for §10 (2) the most recent draw counts over the whole
match. Built from a hand-written position and exact deals."""

from __future__ import annotations

import copy
import json

import pytest
from helpers import deal_order, game, hand_sizes

import dernier
from dernier import Game, Match

T = "traditional"


# --- RULES §10 [decided]: two draws of one move are ordered -------------------------------


def _forgot_then_last_card() -> Game:
    """Two players: seat 0 plays 5H leaving one card and forgets the call; seat 1 draws the
    pile's last card. The move closes the window: seat 0 draws its 2 first, then seat 1."""
    g = game([["5H", "2C"], ["3D", "4D"]], ["9H"], dealer=0, draw=["6S", "8S", "9S"], rest="discard")
    g.play("5H")
    assert g.position()["dernier_due"] == [0]
    g.play("draw")
    return g


def test_s10_1_penalty_drawn_before_the_move_that_closed_the_window_counts_earlier() -> None:
    """RULES §7/§8/§10 (1) [decided]: the forgetful seat drew before the move that closed its
    window, even though both draws belong to one move; equal points and cards, so the earliest
    last draw (seat 0's penalty) wins the hand ended by the empty pile, not seat order."""
    g = _forgot_then_last_card()
    assert g.over and not g.went_out
    pos = g.position()
    assert pos["hands"] == [["2C", "6S", "8S"], ["3D", "4D", "9S"]]
    assert g.hand_scores == [16, 16]
    assert pos["last_draw"] == [2, 2]  # the same move …
    draws = [(e["seat"], e["reason"]) for e in g.public_log() if e["type"] == "draw"]
    assert draws == [(0, "dernier"), (1, "draw")]  # … but seat 0's cards left the pile first
    assert pos["draw_order"] == [0, 1]
    assert g.hand_winner == 0  # seat order after the dealer (0) would give seat 1


def test_s10_1_draw_order_survives_the_position_round_trip() -> None:
    """RULES §10 (1) / CONTRACT Position: the order inside the move is part of the position,
    so a game rebuilt from it names the same winner."""
    g = _forgot_then_last_card()
    again = Game.from_position(json.dumps(g.position()))
    assert again.position() == g.position()
    assert again.hand_winner == 0


def test_s10_1_position_without_draw_order_still_loads() -> None:
    """CONTRACT Position (positions written before draw_order): draw_order is optional; without
    it, seats are ordered by last_draw, and seats that drew in the same move by seat order
    after the dealer (all an old position can tell)."""
    g = _forgot_then_last_card()
    pos = g.position()
    del pos["draw_order"]
    old = Game.from_position(pos)
    assert old.position()["draw_order"] == [1, 0]
    assert old.hand_winner == 1


# --- RULES §10 (2): the most recent draw over the whole match ------------------------------

# Three hands, dealers 1, 2, 0. Seat 0 wins hand 1, seat 1 hand 2, seat 2 hand 3. Seats 0 and
# 1 end level on points (L1C + L2C + 57 each), hands won (1) and cards (1); neither draws in
# hand 3; in hand 2 seat 0 drew at its first turn and seat 1 later, at its second.
HAND1 = (
    {0: ["2H", "3S", "4D", "5C", "6D"], 1: ["2S", "3D", "4C", "5D", "3H"]},
    "9H",
    ["KC", "KD", "KS", "QC", "QD"],
    # seat 2 (first to act) draws every turn; seat 0 goes out; seat 1 keeps 3H
    ["draw", "pass", "2H", "2S", "draw", "pass", "3S", "3D", "draw", "pass", "4D", "4C"]
    + ["draw", "pass", "5C!", "5D!", "draw", "pass", "6D"],
)
HAND2 = (
    {0: ["3C", "4S", "6S", "8D", "10H"], 1: ["2C", "5S", "6D", "8H", "10D"]},
    "9C",
    ["3H", "KH", "4C", "KD", "KS", "QH", "QD"],
    # seat 0 draws 3H (and keeps it); seat 1 draws 4C a turn later and plays it; seat 1 goes out
    ["draw", "pass", "2C", "draw", "pass", "3C", "draw", "4C", "draw", "pass", "4S", "5S"]
    + ["draw", "pass", "6S", "6D", "draw", "pass", "8D", "8H!", "draw", "pass", "10H!", "10D"],
)
HAND3 = (
    {
        0: ["3S", "6C", "8S", "10C", "4S"],
        1: ["5S", "6D", "9S", "10D", "4C"],
        2: ["3H", "5C", "8D", "9C", "2D"],
    },
    "QH",
    [],
    # the turned Q skips seat 1; nobody draws; seat 2 goes out, seats 0 and 1 keep a 4 each
    ["3H", "3S", "5S", "5C", "6C", "6D", "8D", "8S", "9S", "9C!", "10C!", "10D!", "2D"],
)


def _three_hand_match() -> Match:
    m: Match | None = None
    for dealer, (hands, turned, draw, moves) in zip((1, 2, 0), (HAND1, HAND2, HAND3), strict=True):
        order = deal_order(3, dealer, hands, turned, draw)
        if m is None:
            m = Match.new(players=3, hands=3, dealer=dealer, deck=order, seed=5)
        else:
            m.next_hand(deck=order)
        assert m.dealer == dealer
        for mv in moves:
            m.play(mv)
        assert m.game.over and m.game.went_out
    assert m is not None
    return m


def test_s10_2_tie_decided_by_a_draw_in_an_earlier_hand() -> None:
    """RULES §10 (2) [decided]: seats 0 and 1 tie on points, hands won and cards, and neither
    drew in the last hand; seat 1 drew later (in hand 2), so seat 1 loses. (The final hand
    alone would leave them level and fall through to seat order, which favours seat 1.)"""
    m = _three_hand_match()
    assert m.over
    assert m.hands_won == [1, 1, 1]
    assert m.scores[0] == m.scores[1] > m.scores[2]
    assert hand_sizes(m.game) == [1, 1, 0]
    pos = m.position()
    assert pos["last_draw"] == [-1, -1, -1]  # nobody drew in hand 3
    assert pos["draw_order"][0] < pos["draw_order"][1]
    assert m.winner == 0 and m.tiebreak == "last_draw"
    assert m.ranking == [0, 1, 2]


def test_s10_2_the_match_wide_draw_order_survives_saves_and_replays() -> None:
    """RULES §10 (2) / Match API: saves and replays carry the match-wide draw order; a save
    written before draw_order existed (its position without the field) still loads."""
    m = _three_hand_match()
    for again in (Match.load(m.to_json()), dernier.replay(m.record())):
        assert again.position() == m.position()
        assert again.winner == 0 and again.tiebreak == "last_draw"
    old = copy.deepcopy(m.save())
    del old["position"]["draw_order"]
    again = Match.load(old)
    assert again.winner == 0 and again.position() == m.position()
    broken = copy.deepcopy(m.save())
    broken["position"]["draw_order"] = [1, 0, 2]
    with pytest.raises(dernier.SaveError):
        Match.load(broken)


def test_s10_2_draws_of_the_new_hand_come_after_the_earlier_hands() -> None:
    """RULES §10 (2) [decided]: a draw at the deal of the next hand (a 7 turned up) is later
    than every draw of the earlier hands; a seat that never drew counts as earliest (-1)."""
    hands, turned, draw, moves = HAND1
    m = Match.new(players=3, hands=3, dealer=1, deck=deal_order(3, 1, hands, turned, draw), seed=5)
    for mv in moves:
        m.play(mv)
    assert m.position()["draw_order"] == [-1, -1, 0]  # only seat 2 drew in hand 1
    # hand 2: dealer 2 turns up a 7, so seat 1 (the dealer's previous seat) draws at the deal
    m.next_hand(deck=deal_order(3, 2, {}, "7H"))
    pos = m.position()
    assert pos["last_draw"] == [-1, 0, -1]
    assert pos["draw_order"] == [-1, 1, 0]
