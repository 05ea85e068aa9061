"""RULES §3, §4, §5, §12, §13, §14: seats, rounds, the exchange, turns, finishing, the end, variants."""

from __future__ import annotations

import pytest
from dog_support import after, game, moves_with, pawns_of, position

from dog import Game, IllegalMove, PositionError
from dog.cards import full_deck

N0, N1, N2, N3 = ["n0"] * 4, ["n1"] * 4, ["n2"] * 4, ["n3"] * 4


def _give_all(g: Game) -> None:
    """Every seat gives its first card, in turn order."""
    while g.phase == "exchange":
        seat = g.turn
        assert seat is not None
        g.play(g.state.hands[seat][0].join(["give ", ""]), seat)


def test_four_players_only_section3() -> None:
    """§3 [decided: two against two]: players ≠ 4 is a ValueError."""
    for n in (2, 3, 5, 6):
        with pytest.raises(ValueError):
            Game.new(players=n, seed=1)


def test_first_dealer_is_seeded_and_deals_the_game_section3() -> None:
    """§3: the first dealer is drawn at random (seeded) and deals the whole game."""
    dealers = {Game.new(seed=s).state.dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert Game.new(seed=5).state.dealer == Game.new(seed=5).state.dealer


def test_round_opener_rotates_section3() -> None:
    """§3 [decided: round 1 opened by dealer+1]: round r is opened by (dealer + r) mod 4."""
    g = Game.new(seed=9, dealer=2)
    assert g.turn == 3
    _give_all(g)
    assert g.turn == 3 and g.phase == "play"
    while g.state.round == 1:
        g.play(g.legal_moves()[0] if g.legal_moves()[0] not in ("abandon",) else "fold")
    assert g.state.round == 2 and g.turn == 0


def test_deal_one_card_at_a_time_from_dealer_right_section4() -> None:
    """§4: dealing one card at a time from dealer+1; deck[0] goes to dealer+1 (CONTRACT)."""
    deck = full_deck()
    g = Game.new(seed=1, dealer=1, deck=deck)
    hands = g.state.hands
    assert sorted(hands[2]) == sorted(deck[0:24:4])
    assert sorted(hands[3]) == sorted(deck[1:24:4])
    assert sorted(hands[1]) == sorted(deck[3:24:4])
    assert g.position()["deck"] == deck[24:]


def test_cards_per_round_cycle_and_shuffle_once_per_cycle_section4() -> None:
    """§4 [decided: one shuffle per cycle]: 6, 5, 4, 3, 2, then 6 again after a fresh shuffle."""
    g = Game.new(seed=4)
    seen = []
    shuffles = []
    while g.state.round <= 6 and not g.over:
        if g.state.round > len(seen):
            seen.append(g.state.cards)
            shuffles.append(g.state.shuffles)
        moves = [m for m in g.legal_moves() if m not in ("abandon", "timeout")]
        g.play(moves[0])
    assert seen[:6] == [6, 5, 4, 3, 2, 6]
    assert shuffles[:6] == [1, 1, 1, 1, 1, 2]


def test_exchange_card_seen_only_after_both_gave_section4() -> None:
    """§4: a player sees the card received only after giving; cards change hands once both gave."""
    g = Game.new(seed=2, dealer=3)
    card0 = g.state.hands[0][0]
    g.play(f"give {card0}", 0)
    assert g.view(0)["got"] is None and g.view(0)["gave"] == card0
    assert g.view(2)["given"][0] is True
    assert len(g.state.hands[0]) == 5
    card2 = g.state.hands[2][-1]
    g.play(f"give {card2}", 2)
    assert g.view(0)["got"] == card2 and g.view(2)["got"] == card0
    assert g.position()["exchanged"] == [True, False]
    assert len(g.state.hands[0]) == 6 and card2 in g.state.hands[0]


def test_seats_give_in_any_order_section4() -> None:
    """§4 [decided: simultaneous]: any seat that has not given may give now; play starts after all."""
    g = Game.new(seed=2, dealer=3)
    assert g.turn == 0
    g.play(f"give {g.state.hands[3][0]}", 3)
    g.play(f"give {g.state.hands[1][0]}", 1)
    assert g.position()["exchanged"] == [False, True]
    with pytest.raises(IllegalMove, match="already given"):
        g.play(f"give {g.state.hands[1][0]}", 1)
    assert g.legal_moves(1) == ["abandon", "timeout"]
    with pytest.raises(IllegalMove, match="exchange comes first"):
        g.play("fold", 0)
    g.play(f"give {g.state.hands[2][0]}", 2)
    assert g.phase == "exchange" and g.turn == 0
    g.play(f"give {g.state.hands[0][0]}", 0)
    assert g.phase == "play" and g.turn == 0


def test_must_play_usable_card_fold_only_without_section5() -> None:
    """§5: a player holding a usable card must play one; fold only with none usable."""
    g = game([["10", "n0", "n0", "n0"], N1, N2, N3], ["5H", "JH"])
    assert "fold" not in g.legal_moves()
    with pytest.raises(IllegalMove, match="no card is usable"):
        g.play("fold")
    harm = game([["n0", "n0", "n0", "n0"], N1, N2, N3], ["5H", "2H"], hands={1: ["3H"]})
    assert harm.legal_moves() == ["abandon", "fold", "timeout"]


def test_fold_lays_all_cards_face_down_section5() -> None:
    """§5 [decided: face down]: fold lays the hand down, the seat sits out; others see only a count."""
    g = game([N0, N1, N2, N3], ["5H", "2H"], hands={1: ["AH"], 2: ["3C"]})
    g.play("fold")
    pos = g.position()
    assert pos["laid"] == ["2H", "5H"] and pos["out"] == [0] and pos["hands"][0] == []
    assert g.view(1)["laid"] == 2
    assert g.turn == 1


def test_turn_passes_to_next_seat_holding_cards_section5() -> None:
    """§5: the turn passes to the next seat that still holds cards."""
    g = game([["10", "n0", "n0", "n0"], N1, N2, N3], ["5H"], hands={2: ["3C"]})
    g.play("5H 10-15")
    assert g.turn == 2


def test_round_ends_when_every_hand_is_empty_section5() -> None:
    """§5: once every hand is empty the next round is dealt (and its exchange opens)."""
    g = game([["10", "n0", "n0", "n0"], N1, N2, N3], ["5H"])
    g.play("5H 10-15")
    assert g.state.round == 2 and g.phase == "exchange" and g.state.cards == 5


def test_finished_player_moves_partners_pawns_section12() -> None:
    """§12, §10 [decided]: a finished player's cards move the partner's pawns: out onto the
    partner's start, forward, back, and a J swaps a partner's pawn with an opponent's."""
    home = ["h0.1", "h0.2", "h0.3", "h0.4"]
    g = game([home, ["20", "n1", "n1", "n1"], ["40", "n2", "n2", "n2"], N3], ["AH", "4H", "JH"])
    legal = g.legal_moves()
    assert "AH out" in legal and "AH 40-41" in legal and "4H 40-36" in legal
    assert [m for m in legal if m.startswith("JH")] == ["JH 40x20"]
    assert pawns_of(after(g, "AH out"))[2] == ["40", "32*", "n2", "n2"]


def test_finished_player_seven_moves_partner_section12() -> None:
    """§12 [decided: at once]: a finished player's 7s move the partner's pawns."""
    home = ["h0.1", "h0.2", "h0.3", "h0.4"]
    g = game([home, N1, ["40", "50", "n2", "n2"], N3], ["7H"])
    assert "7H 40-43 50-54" in g.legal_moves()


def test_finished_player_still_exchanges_section12() -> None:
    """§4, §12: a finished player keeps receiving cards and exchanging."""
    home = ["h0.1", "h0.2", "h0.3", "h0.4"]
    pos = position([home, N1, N2, N3], ["5H"])
    g = Game.from_position(pos)
    g.play("fold") if "fold" in g.legal_moves() else g.play(g.legal_moves()[0])
    assert g.phase == "exchange"
    assert any(m.startswith("give ") for m in g.legal_moves(0))


def test_team_with_eight_pawns_home_wins_at_once_section12() -> None:
    """§12: the game ends with the move that brings the team's eighth pawn home."""
    home0 = ["h0.1", "h0.2", "h0.3", "h0.4"]
    g = game([home0, N1, ["h2.2", "h2.3", "h2.4", "30"], N3], ["3H", "5H"], hands={1: ["2C"]})
    assert "3H 30-h2.1" in g.legal_moves()
    g.play("3H 30-h2.1")
    assert g.over and g.winner == 0 and g.turn is None
    assert g.position()["ended"] == "home"
    assert g.legal_moves() == [] and g.legal_moves(1) == []
    with pytest.raises(IllegalMove, match="over"):
        g.play("5H 30-35")


def test_last_card_used_in_full_section12() -> None:
    """§12 [decided: no exception]: a 7 cannot win with steps to spare."""
    home0 = ["h0.1", "h0.2", "h0.3", "h0.4"]
    g = game([home0, N1, ["h2.2", "h2.3", "h2.4", "30"], N3], ["7H"])
    assert not any("h2.1" in m for m in g.legal_moves())


@pytest.mark.parametrize("kind", ["abandon", "timeout"])
def test_abandon_and_timeout_lose_for_the_team_section13(kind: str) -> None:
    """§13: a seat's abandon or timeout loses the game for its team at once, even out of turn."""
    g = Game.new(seed=6)
    assert kind in g.legal_moves(1)
    g.play(kind, 1)
    assert g.over and g.winner == 0 and g.position()["ended"] == kind
    pos = g.position()
    assert Game.from_position(pos).position() == pos


def test_variant_deal_section14() -> None:
    """§14: deal is the cycle; 4 × its sum ≤ 110, else ValueError."""
    g = Game.new(seed=1, rules={"deal": [3, 2]})
    assert g.state.cards == 3
    assert g.position()["rules"] == {"preset": "standard", "deal": [3, 2]}
    for bad in ([28], [], [0], [6, 6, 6, 6, 6], "6"):
        with pytest.raises(ValueError):
            Game.new(seed=1, rules={"deal": bad})


def test_variant_shuffle_short_section14() -> None:
    """§14: shuffle = "short" reshuffles only when the stock cannot complete the next deal."""
    g = Game.new(seed=4, rules={"shuffle": "short"})
    shuffles = {}
    while g.state.round <= 7 and not g.over:
        shuffles.setdefault(g.state.round, g.state.shuffles)
        moves = [m for m in g.legal_moves() if m not in ("abandon", "timeout")]
        g.play(moves[0])
    # round 6 finds 30 cards for its 24; round 7 finds 6 for its 20: only then a shuffle
    assert shuffles[6] == 1 and shuffles[7] == 2
    with pytest.raises(ValueError):
        Game.new(seed=1, rules={"shuffle": "sometimes"})


def test_variant_idle_jack_section14() -> None:
    """§14: idle_jack: a J with no swap and nothing else usable is played without effect; no fold."""
    pawns = [["h0.1", "h0.2", "h0.3", "h0.4"], N1, ["h2.1", "h2.2", "h2.3", "n2"], N3]
    pos = position(pawns, ["JH", "JD", "5H"], rules={"idle_jack": True})
    g = Game.from_position(pos)
    assert g.legal_moves() == ["JD idle", "JH idle", "abandon", "timeout"]
    g.play("JD idle")
    assert g.position()["discard"] == ["JD"] and g.state.loc[11] == -1
    with_jolly = Game.from_position(position(pawns, ["JH", "JK"], rules={"idle_jack": True}))
    assert "JK=J idle" not in with_jolly.legal_moves()  # the Jolly is usable as A or K: out
    assert "JK=A out" in with_jolly.legal_moves()
    plain = Game.from_position(position([["h0.1", "n0", "n0", "n0"], N1, N2, N3], ["JH"]))
    with pytest.raises(IllegalMove, match="idle_jack"):
        plain.play("JH idle")
    busy = Game.from_position(
        position([["10", "n0", "n0", "n0"], N1, N2, N3], ["JH", "2H"], rules={"idle_jack": True})
    )
    assert "JH idle" not in busy.legal_moves()


def test_variant_home_fixed_section14() -> None:
    """§14: home_fixed: a pawn that has entered the home never moves again."""
    pos = position([["h0.1", "n0", "n0", "n0"], N1, N2, N3], ["2H"], rules={"home_fixed": True})
    assert Game.from_position(pos).legal_moves() == ["abandon", "fold", "timeout"]
    with pytest.raises(ValueError):
        Game.new(seed=1, rules={"home_fixed": "yes"})
    with pytest.raises(PositionError):
        Game.new(seed=1, rules={"nonsense": 1})


def test_out_of_turn_only_give_abandon_timeout() -> None:
    """CONTRACT: out of turn only give, abandon and timeout are legal."""
    g = game([["10", "n0", "n0", "n0"], ["20", "n1", "n1", "n1"], N2, N3], ["5H"], hands={1: ["5D"]})
    assert g.legal_moves(1) == ["abandon", "timeout"]
    with pytest.raises(IllegalMove, match="turn"):
        g.play("5D 20-25", 1)
    assert moves_with(g, "5H") == ["5H 10-15"]
