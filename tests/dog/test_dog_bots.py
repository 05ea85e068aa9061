"""Bots: legal moves always (the exchange included), decisions from view(seat) alone."""

from __future__ import annotations

import copy
import json
import random

import pytest

from dog import Game
from dog.arena import play_game
from dog.bots import LEVELS, choose_move, make_bot
from dog.state import EXCHANGE


def _seats_to_ask(g: Game) -> list[int]:
    if g.phase == EXCHANGE:
        return [s for s in range(4) if any(m.startswith("give ") for m in g.legal_moves(s))]
    assert g.turn is not None
    return [g.turn]


@pytest.mark.parametrize("level", ["random", "easy", "medium"])
def test_bots_play_legal_moves_through_whole_games(level: str) -> None:
    """Every move a bot picks is in legal_moves(seat), gives included, for whole games."""
    bot = make_bot(level)
    for seed in range(3):
        g = Game.new(seed=100 + seed)
        rng = random.Random(seed)
        gives = 0
        while not g.over and g.state.round <= 60:
            for s in _seats_to_ask(g):
                move = bot.choose(g.view(s), rng)
                assert move in g.legal_moves(s)
                assert move not in ("abandon", "timeout")
                gives += move.startswith("give ")
                g.play(move, s)
        assert gives >= 4


def test_hard_bot_plays_legal_moves() -> None:
    """The hard bot too, over the first rounds of a game (its decisions are slower)."""
    bot = make_bot("hard", samples=3)
    g = Game.new(seed=7)
    rng = random.Random(7)
    while not g.over and g.state.round <= 3:
        for s in _seats_to_ask(g):
            move = bot.choose(g.view(s), rng)
            assert move in g.legal_moves(s)
            g.play(move, s)


def _hidden_shuffled(g: Game, rng: random.Random) -> Game:
    """The same game with every card seat 0 cannot see dealt differently."""
    pos = copy.deepcopy(g.position())
    pool = [c for s in (1, 2, 3) for c in pos["hands"][s]] + pos["deck"] + pos["laid"]
    rng.shuffle(pool)
    for s in (1, 2, 3):
        n = len(pos["hands"][s])
        pos["hands"][s], pool = pool[:n], pool[n:]
    pos["laid"], pool = sorted(pool[: len(pos["laid"])]), pool[len(pos["laid"]) :]
    pos["deck"] = pool
    pos["seed"] = pos["seed"] + 1
    return Game.from_position(pos)


@pytest.mark.parametrize("level", LEVELS)
def test_bots_decide_from_the_view_alone(level: str) -> None:
    """Hidden cards dealt otherwise leave the view, and so the bot's choice, unchanged; a JSON
    copy of the view is enough."""
    rng = random.Random(5)
    g = Game.new(seed=41, dealer=3)
    for s in range(4):
        g.play(f"give {g.state.hands[s][0]}", s)
    bot = make_bot(level)
    checked = 0
    while not g.over and checked < 6:
        seat = g.turn
        assert seat is not None
        if seat == 0:
            view = g.view(0)
            other = _hidden_shuffled(g, rng)
            assert other.view(0) == view
            a = bot.choose(view, random.Random(checked))
            b = bot.choose(json.loads(json.dumps(other.view(0))), random.Random(checked))
            assert a == b
            checked += 1
        g.play(choose_move("easy", g.view(seat), rng), seat)


def test_medium_team_beats_easy_team_seeded_arena() -> None:
    """Medium beats easy in ≥ 16 of 20 seeded games, seats alternating (at 50% that happens
    with chance 0.6%)."""
    bots = {lv: make_bot(lv) for lv in ("medium", "easy")}
    wins = 0
    for i in range(20):
        first = i % 2
        seat_level = ["medium" if s % 2 == first else "easy" for s in range(4)]
        res = play_game([bots[lv] for lv in seat_level], seed=1000 + i // 2, max_rounds=200)
        wins += res["winner"] == first
    assert wins >= 16


def test_unknown_level() -> None:
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("genius")
