"""RULES §12 [decided]: chi sbaglia paga out of turn: a seat that plays a card it holds
while it may not (not its turn, no allowed jump-in) draws 2 cards; the turn does not change.
Built from hand-written positions and an exact deal."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import deal_order, game, hand_sizes, refuse

from dernier import Game, Match

T = "traditional"
CSP: dict[str, Any] = {"preset": T, "chi_sbaglia_paga": True}


# --- RULES §12 [decided]: chi sbaglia paga, out of turn --------------------------------------


def csp_game(hand1: tuple[str, ...] = ("8D", "9D", "10D"), **kw: Any) -> Game:
    kw.setdefault("draw", ["KC", "QC", "10C", "8C"])
    return game([["5C", "6C", "2S"], list(hand1), ["5D", "6D", "2D"]], ["9H"], rules=CSP, **kw)


@pytest.mark.parametrize(
    ("seat", "move"),
    [(2, "5D"), (1, "9D"), (1, "JD:H"), (2, "5D!")],
    ids=["unplayable", "playable-looking", "jack", "with-call"],
)
def test_s12_chi_sbaglia_paga_a_play_out_of_turn_costs_two_cards(seat: int, move: str) -> None:
    """RULES §12 [decided] "chi sbaglia (qualsiasi cosa) prende due carte": a seat that plays a
    card it holds while it is not its turn (and it is no jump-in) draws 2 cards; the turn does
    not change, the pile is untouched; game.last_penalty says why; the public log shows the
    wrong play, out of turn, and the 2 cards drawn for it."""
    g = csp_game(("8D", "JD", "10D") if move.startswith("JD") else ("8D", "9D", "10D"))
    before = g.position()
    legal = g.legal_moves()
    g.play(move, seat=seat)
    pos = g.position()
    assert pos["hands"][seat] == [*before["hands"][seat], "KC", "QC"]
    assert pos["turn"] == 0 and pos["discard"] == before["discard"]
    assert pos["hands"][0] == before["hands"][0]
    assert pos["move_no"] == before["move_no"] + 1 and pos["last_draw"][seat] == pos["move_no"]
    assert g.last_penalty is not None
    assert f"not seat {seat}'s turn" in g.last_penalty and "§12" in g.last_penalty
    assert g.moves == [(seat, move)]
    log = g.public_log()
    assert log[-2] == {"type": "wrong", "seat": seat, "move": move, "out_of_turn": True}
    assert {k: log[-1][k] for k in ("type", "seat", "count", "reason")} == {
        "type": "draw",
        "seat": seat,
        "count": 2,
        "reason": "wrong",
    }
    assert g.legal_moves() == legal
    g.play("draw")  # the seat to act plays on as if nothing happened
    assert g.last_penalty is None


def test_s12_chi_sbaglia_paga_by_the_seat_to_act_is_not_marked_out_of_turn() -> None:
    """RULES §12: the log tells an out-of-turn wrong play from one by the seat to act."""
    g = csp_game()
    g.play("5C")
    assert [e for e in g.public_log() if e["type"] == "wrong"] == [{"type": "wrong", "seat": 0, "move": "5C"}]


def test_s12_chi_sbaglia_paga_out_of_turn_is_still_refused_without_the_card_or_a_play() -> None:
    """RULES §12 [decided]: a card the seat does not hold, or a move that is not a play, is
    still refused out of turn (IllegalMove, nothing changes)."""
    g = csp_game()
    refuse(g, "5C", "not seat 1's turn", seat=1)
    refuse(g, "draw", "not seat 1's turn", seat=1)
    refuse(g, "dernier", "no Dernier call", seat=2)
    assert g.last_penalty is None


def test_s12_chi_sbaglia_paga_out_of_turn_keeps_the_open_windows() -> None:
    """RULES §7/§12 [decided]: a wrong play out of turn is not the seat to act beginning its
    turn: a Dernier window stays open, and the seat owing the call may still call."""
    g = game(
        [["5C", "6C", "2S"], ["8D"], ["5D", "6D", "2D"]],
        ["9H"],
        rules=CSP,
        dernier_due=[1],
        draw=["KC", "QC"],
    )
    g.play("6D", seat=2)  # out of turn: costs seat 2 two cards
    pos = g.position()
    assert pos["dernier_due"] == [1] and pos["turn"] == 0
    assert pos["hands"][1] == ["8D"] and pos["hands"][2] == ["5D", "6D", "2D", "KC", "QC"]
    g.play("dernier", seat=1)  # the window was still open: no penalty for seat 1
    g.play("draw")
    assert hand_sizes(g) == [4, 1, 5] and g.last_penalty is None


def test_s12_chi_sbaglia_paga_out_of_turn_keeps_a_drawn_card_playable() -> None:
    """RULES §5/§12 [decided], official: the seat to act has drawn a playable card; a wrong
    play out of turn meanwhile leaves that turn as it was: the drawn card may still be played."""
    rules = {"preset": "official", "chi_sbaglia_paga": True}
    g = game(
        [["5C", "6C", "2S"], ["8D", "9D"], ["5D", "6D", "2D"]], ["9H"], rules=rules, draw=["4H", "KC", "QC"]
    )
    g.play("draw")
    assert g.position()["drawn"] == "4H"
    legal = g.legal_moves()
    g.play("6D", seat=2)
    pos = g.position()
    assert pos["drawn"] == "4H" and pos["turn"] == 0 and g.legal_moves() == legal
    assert pos["hands"][2] == ["5D", "6D", "2D", "KC", "QC"]
    g.play("4H")
    assert g.position()["discard"][-1] == "4H" and g.turn == 1


def test_s12_chi_sbaglia_paga_out_of_turn_by_a_seat_owing_dernier() -> None:
    """RULES §7/§12 [decided], CONTRACT Position: a seat that owes Dernier and plays its one
    card out of turn draws 2; holding 3 cards it no longer owes the call (seats in
    dernier_due hold one card), and the position stays valid."""
    g = game(
        [["5C", "6C", "2S"], ["8D"], ["5D", "6D", "2D"]],
        ["9H"],
        rules=CSP,
        dernier_due=[1],
        draw=["KC", "QC"],
    )
    g.play("8D", seat=1)
    pos = g.position()
    assert pos["hands"][1] == ["8D", "KC", "QC"] and pos["dernier_due"] == [] and pos["turn"] == 0
    assert Game.from_position(pos).position() == pos


def test_s12_chi_sbaglia_paga_out_of_turn_next_to_anticipo() -> None:
    """RULES §12: with anticipo, an allowed jump-in is played; any other play out of turn
    of a held card costs 2 cards."""
    rules = {**CSP, "anticipo": True}
    g = game(
        [["5C", "6C", "2S"], ["9H", "9D", "10D"], ["5D", "6D", "2D"]], ["9H"], rules=rules, draw=["KC", "QC"]
    )
    g.play("5D", seat=2)  # not a jump-in: charged
    assert hand_sizes(g) == [3, 3, 5] and g.turn == 0 and g.last_penalty
    g.play("9H", seat=1)  # the identical card: a jump-in
    assert g.position()["discard"][-1] == "9H" and g.turn == 2 and g.last_penalty is None


def test_s12_chi_sbaglia_paga_out_of_turn_replays_from_the_record() -> None:
    """RULES §12 / Match API: a record holding an out-of-turn wrong play replays exactly."""
    order = deal_order(3, 0, {2: ["5C", "6C", "2S"]}, "9H", rules=T)
    m = Match.new(players=3, rules=CSP, hands=1, dealer=0, deck=order, seed=11)
    assert m.game.turn == 1
    m.play("5C", seat=2)
    assert hand_sizes(m.game) == [9, 9, 11] and m.game.turn == 1
    m.play("draw")
    assert m.record()["history"][0]["moves"][0] == [2, "5C"]
    again = Match.load(m.to_json())
    assert again.position() == m.position()
