"""RULES §12, §13 and CONTRACT "Python API": matches, dealer rotation, saves and replays."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from dog_support import position

from dog import Match, PositionError, SaveError, replay_positions


def _play_out(m: Match, rng: random.Random) -> list[dict[str, object]]:
    positions = [m.position()]
    while not m.over:
        if m.game.over:
            m.next_game()
            positions.append(m.position())
            continue
        moves = [x for x in m.legal_moves() if x not in ("abandon", "timeout")]
        homeward = [x for x in moves if "-h" in x or x.endswith("out")]
        m.play(rng.choice(homeward if homeward and rng.random() < 0.8 else moves))
        positions.append(m.position())
    return positions


def test_match_first_team_to_n_games_with_dealer_rotation_section12() -> None:
    """§12 [decided: rotation]: first team to N games; each new game's dealer is dealer + 1."""
    m = Match.new(rules="standard", games=2, seed=5)
    dealers = [m.dealer]
    rng = random.Random(1)
    while not m.over:
        if m.game.over:
            m.next_game()
            dealers.append(m.dealer)
            continue
        moves = [x for x in m.legal_moves() if x not in ("abandon", "timeout")]
        homeward = [x for x in moves if "-h" in x or x.endswith("out")]
        m.play(rng.choice(homeward if homeward and rng.random() < 0.8 else moves))
    assert max(m.score) == 2 and m.winner == m.score.index(2)
    assert m.game_no == sum(m.score) == len(dealers)
    assert all((b - a) % 4 == 1 for a, b in itertools.pairwise(dealers))
    with pytest.raises(ValueError, match="over"):
        m.next_game()


def test_next_game_only_after_the_game_ends() -> None:
    m = Match.new(games=3, seed=2)
    with pytest.raises(ValueError, match="not over"):
        m.next_game()


def test_abandon_loses_the_game_for_the_team_section13() -> None:
    """§13: abandon loses the game for the seat's team; the match counts it."""
    m = Match.new(games=1, seed=2)
    m.abandon(2)
    assert m.game.over and m.score == [0, 1] and m.over and m.winner == 1


def test_record_replays_to_the_same_positions() -> None:
    """A match record replays move by move to the very same positions; the save is versioned."""
    m = Match.new(games=2, seed=8)
    positions = _play_out(m, random.Random(3))
    save = m.save()
    assert save["format"] == "dog-match" and save["version"] == 1
    replayed = list(replay_positions(json.loads(json.dumps(save))))
    assert replayed == positions
    loaded = Match.load(m.to_json())
    assert loaded.position() == m.position()


def test_broken_saves_are_refused() -> None:
    m = Match.new(games=1, seed=8)
    m.play(f"give {m.game.state.hands[m.game.turn or 0][0]}")
    save = m.save()
    for broken in (
        {**save, "version": 99},
        {**save, "format": "dernier-match"},
        {**save, "position": {**save["position"], "move_no": 5}},
        {**save, "history": [{"seed": 8, "dealer": 0, "moves": [[0, "fold"]]}]},
        "not json",
        [],
    ):
        with pytest.raises(SaveError):
            Match.load(broken)


def test_match_position_round_trip() -> None:
    m = Match.new(games=3, seed=4)
    pos = m.position()
    assert pos["score"] == [0, 0] and pos["game_no"] == 1 and pos["games"] == 3
    assert Match.from_position(pos).position() == pos
    with pytest.raises(PositionError):
        Match.from_position({**pos, "score": [3, 0]})
    with pytest.raises(PositionError):
        Match.from_position({**pos, "game_no": 4})


def _match_at(pos: dict[str, object]) -> Match:
    return Match.from_position({**pos, "score": [0, 0], "game_no": 1, "games": 1})


def test_a_move_tells_the_pawns_it_sends_home_section8_section11() -> None:
    """§8, §11: the match records, per move, every pawn it sent to its nest (own and
    partner's too) with the field it stood on; a move that sends nobody records None."""
    n3 = ["n3"] * 4
    pawns = [["10", "12", "n0", "n0"], ["14", "n1", "n1", "n1"], ["15", "n2", "n2", "n2"], n3]
    m = _match_at(position(pawns, ["7H", "2C"], hands={1: ["3C"], 2: ["4C"], 3: ["5C"]}))
    m.play("7H 10-17")
    assert m.effects == [{"sent": [[0, 1, "12"], [1, 0, "14"], [2, 0, "15"]]}]


def test_a_finished_player_moves_for_the_partner_section12_section11() -> None:
    """§12: a finished player's move is recorded as made for the partner; §11: so is a 7
    whose later parts move the partner's pawns."""
    n1, n3 = ["n1"] * 4, ["n3"] * 4
    pawns = [["h0.2", "h0.3", "h0.4", "62"], n1, ["40", "n2", "n2", "n2"], n3]
    m = _match_at(position(pawns, ["7H"], hands={1: ["3C"], 2: ["4C"], 3: ["5C"]}))
    m.play("7H 62-h0.1 40-44")
    assert m.effects == [{"for": 2}]
    done = [["h0.1", "h0.2", "h0.3", "h0.4"], n1, ["40", "n2", "n2", "n2"], n3]
    m = _match_at(position(done, ["5H"], hands={1: ["3C"], 2: ["4C"], 3: ["5C"]}))
    m.play("5H 40-45")
    assert m.effects == [{"for": 2}]
    own = [["10", "n0", "n0", "n0"], n1, ["40", "n2", "n2", "n2"], n3]
    m = _match_at(position(own, ["5H"], hands={1: ["3C"], 2: ["4C"], 3: ["5C"]}))
    m.play("5H 10-15")
    assert m.effects == [None]


def test_the_move_ending_a_round_tells_the_next_deal_section4() -> None:
    """§4: the last card of a round deals the next one; the match records it with the move."""
    m = Match.new(seed=3)
    rounds = [1]
    for _ in range(400):
        if m.game.over:
            break
        g = m.game
        if g.state.phase == "exchange":
            seat = next(s for s in range(4) if any(x.startswith("give") for x in g.legal_moves(s)))
        else:
            seat = g.state.turn
        m.play(next(x for x in g.legal_moves(seat) if x not in ("abandon", "timeout")), seat)
        fx = m.effects[-1]
        if fx and "dealt" in fx:
            assert fx["dealt"] == [g.state.round, g.state.cards]
            rounds.append(fx["dealt"][0])
    assert rounds[:3] == [1, 2, 3]
