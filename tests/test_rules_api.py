"""CONTRACT.md's rules-facing API: legal_moves listing, IllegalMove (refused, unchanged,
with a reason), the position format and its validation (RULES §1–§8 in positions)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from helpers import ALL_MOVES, game, position, refuse, snapshot

import dernier


def _sample_games() -> list[dernier.Game]:
    """A spread of positions: start of hands, chains, drawn cards, due calls, choices."""
    out = [
        game([["5H", "6H"], ["7D", "8H", "9H"], ["2H", "3H", "4C"]], ["9S", "10H"]),
        game([["JK", "JS", "AD", "2H"], ["5D", "6D"]], ["9C", "AH"], pending=2),
        game([["JK", "JS", "AD", "2H"], ["5D", "6D"]], ["9C", "JK"], pending=4, suit="S"),
        game([["JS", "2C"], ["7D", "8D"]], ["9H"]),
        game([["3C", "4C", "2C"], ["5D", "6D"]], ["9C"], drawn="2C", last_draw=[1, -1], move_no=1),
        game([["3C", "4C"], ["5D"], ["6D", "7D"]], ["9C"], dernier_due=[1]),
        game([["3C", "4C"], ["5D", "6D"]], ["JD"], turn=0, dealer=0),
        game([["JK", "5C"], ["5D", "6D"], ["7S", "8S"]], ["9C"], rules="traditional"),
    ]
    for seed in range(30):
        g = dernier.Game.new(players=2 + seed % 5, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(12)):
            if g.over:
                break
            g.play(rng.choice(g.legal_moves()))
        if not g.over:
            out.append(g)
    return out


def test_contract_legal_moves_sorted_and_duplicate_free() -> None:
    """CONTRACT: legal_moves() lists are sorted and free of duplicates."""
    for g in _sample_games():
        legal = g.legal_moves()
        assert legal, g.position()
        assert legal == sorted(legal)
        assert len(legal) == len(set(legal))


def test_contract_every_listed_move_is_accepted() -> None:
    """CONTRACT: every move that legal_moves() lists is accepted by play()."""
    for g in _sample_games():
        for mv in g.legal_moves():
            c = dernier.Game.from_position(g.position())
            c.play(mv)


def test_contract_every_unlisted_move_is_refused_and_changes_nothing() -> None:
    """CONTRACT: play() raises IllegalMove, with a reason, for every well-formed move the
    list leaves out, and the position is unchanged."""
    for g in _sample_games():
        legal = set(g.legal_moves())
        before = snapshot(g)
        for mv in ALL_MOVES:
            if mv in legal:
                continue
            with pytest.raises(dernier.IllegalMove) as info:
                g.play(mv)
            assert str(info.value).strip()
            assert g.position() == before, mv


def test_contract_call_suffix_listed_iff_the_play_leaves_one_card() -> None:
    """CONTRACT / RULES §7: a play is listed with '!' exactly when it leaves one card, and
    then also without it."""
    for g in _sample_games():
        hand = g.position()["hands"][g.turn]
        legal = g.legal_moves()
        for mv in legal:
            if mv in ("draw", "pass", "dernier") or mv.startswith(":"):
                continue
            if mv.endswith("!"):
                assert mv[:-1] in legal
                assert len(hand) == 2
            else:
                assert (mv + "!" in legal) == (len(hand) == 2), (mv, hand)


def test_contract_move_by_a_seat_not_to_act_is_refused() -> None:
    """CONTRACT: a move by a seat other than the seat to act is refused (only 'dernier' by a
    seat that owes it is allowed); legal_moves for that seat is []."""
    g = game([["5H", "6H"], ["7D", "8H", "9H"], ["2H", "3H", "4C"]], ["9S", "10H"])
    assert g.legal_moves(1) == [] and g.legal_moves(2) == []
    refuse(g, "8H", "not seat 1", seat=1)
    refuse(g, "draw", "turn", seat=2)


@pytest.mark.parametrize("seat", [-1, 3, 99, "0", 0.0, True])
def test_contract_bad_seat_is_refused(seat: Any) -> None:
    """CONTRACT: a seat that does not exist is refused with IllegalMove, game unchanged."""
    g = game([["5H", "6H"], ["7D", "8H", "9H"], ["2H", "3H", "4C"]], ["9S", "10H"])
    refuse(g, "5H", "seat", seat=seat)


def test_contract_not_holding_the_card() -> None:
    """CONTRACT: a play of a card not held is refused, saying so."""
    g = game([["5H", "6H"], ["7D", "8H"]], ["9S", "10H"])
    refuse(g, "7H", "do not hold", "7H")


def test_contract_position_round_trip() -> None:
    """CONTRACT: Game.from_position(g.position()).position() == g.position(), also as JSON."""
    for g in _sample_games():
        pos = g.position()
        assert dernier.Game.from_position(pos).position() == pos
        assert dernier.Game.from_position(json.dumps(pos)).position() == pos
        assert json.loads(json.dumps(pos)) == pos


def test_contract_position_from_a_game_plays_on_identically() -> None:
    """CONTRACT: a game rebuilt from its position continues exactly like the original."""
    for seed in range(20):
        a = dernier.Game.new(players=3, seed=seed)
        rng = random.Random(seed)
        while not a.over:
            b = dernier.Game.from_position(a.position())
            assert b.legal_moves() == a.legal_moves()
            mv = rng.choice(a.legal_moves())
            a.play(mv)
            b.play(mv)
            assert a.position() == b.position()


def test_contract_position_fields_are_written() -> None:
    """CONTRACT "Position": every core field is present with its JSON type."""
    g = dernier.Game.new(players=3, seed=4)
    pos = g.position()
    for key in (
        "rules",
        "dealer",
        "turn",
        "direction",
        "hands",
        "draw",
        "discard",
        "suit",
        "wild",
        "pending",
        "drawn",
        "dernier_due",
    ):
        assert key in pos
    assert pos["rules"] == "official"
    assert isinstance(pos["hands"], list) and len(pos["hands"]) == 3


@pytest.mark.parametrize(
    ("change", "words"),
    [
        pytest.param(lambda p: p["hands"][0].append("AH"), "too many AH", id="extra-card"),
        pytest.param(lambda p: p["draw"].remove("AH"), "missing AH", id="missing-card"),
        pytest.param(lambda p: p["hands"][1].append("ZZ"), "not a card code", id="unknown-card"),
        pytest.param(lambda p: p.update(turn=5), "turn", id="bad-turn"),
        pytest.param(lambda p: p.update(dealer=-1), "dealer", id="bad-dealer"),
        pytest.param(lambda p: p.update(direction=0), "direction", id="direction-0"),
        pytest.param(lambda p: p.update(direction=1.0), "direction", id="direction-float-1.0"),
        pytest.param(lambda p: p.update(direction=-1.0), "direction", id="direction-float--1.0"),
        pytest.param(lambda p: p.update(pending=2), "pending", id="pending-without-chain"),
        pytest.param(lambda p: p.update(suit="H"), "suit", id="suit-without-j"),
        pytest.param(lambda p: p.update(wild="7H"), "wild", id="wild-in-official"),
        pytest.param(lambda p: p.update(drawn="KS"), "drawn", id="drawn-not-held"),
        pytest.param(lambda p: p.update(dernier_due=[0]), "dernier_due", id="due-with-2-cards"),
        pytest.param(lambda p: p.update(rules="classic"), "rules", id="unknown-preset"),
        pytest.param(lambda p: p.update(colour="red"), "colour", id="unknown-field"),
        pytest.param(lambda p: p.pop("hands"), "hands", id="no-hands"),
        pytest.param(lambda p: p.update(hands=[["5H", "6H"]]), "hands", id="too-few-seats"),
        pytest.param(lambda p: p.update(discard=[]), "discard", id="empty-discard"),
        pytest.param(lambda p: p.update(move_no=-1), "move_no", id="negative-move_no"),
        pytest.param(lambda p: p.update(last_draw=[0, 0]), "last_draw", id="short-last_draw"),
    ],
)
def test_contract_bad_positions_are_refused_naming_the_problem(change: Any, words: str) -> None:
    """CONTRACT "Position": a position with a missing/extra/unknown card, a bad seat or a
    bad field is refused with PositionError naming the problem."""
    pos = position([["5H", "6H"], ["7D", "8H", "9H"], ["2H", "3H", "4C"]], ["9S", "10H"])
    dernier.Game.from_position(pos)  # the unchanged one is fine
    change(pos)
    with pytest.raises(dernier.PositionError) as info:
        dernier.Game.from_position(pos)
    assert words.lower() in str(info.value).lower()


def test_contract_position_over_and_empty_pile_rules() -> None:
    """RULES §8 in positions: an official hand with an empty draw pile is over (turn null);
    a seat with no cards means the hand is over."""
    live_empty = position([["5H", "6H"], ["7D", "8H"]], ["9S"], rest="discard")
    with pytest.raises(dernier.PositionError, match="draw pile is empty"):
        dernier.Game.from_position(live_empty)
    out = position([[], ["7D", "8H"]], ["9S"])
    with pytest.raises(dernier.PositionError, match="no cards"):
        dernier.Game.from_position(out)
    out["turn"] = None
    g = dernier.Game.from_position(out)
    assert g.over and g.hand_winner == 0 and g.went_out
