"""Engine speed, measured in one run against RLCard's UNO engine when it is installed.

``python -m dernier bench --json``. Figures, not timed tests.
"""

from __future__ import annotations

import copy
import importlib
import platform
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from .game import Game
from .moves import CALL
from .rules import OFFICIAL
from .state import State


def _rate(step: Callable[[], int], seconds: float) -> float:
    """Units per second of ``step`` (which returns how many units it did), over ``seconds``."""
    done = 0
    start = time.perf_counter()
    end = start + seconds
    while True:
        done += step()
        now = time.perf_counter()
        if now >= end:
            return done / (now - start)


def public_api_hand(rng: random.Random, players: int) -> int:
    """One whole hand of random self-play through the public, validated API; moves made."""
    g = Game.new(players=players, seed=rng.randrange(2**31))
    moves = 0
    while not g.over:
        legal = g.legal_moves()
        g.play(rng.choice(legal))
        moves += 1
    return moves


def playout(st: State, rng: random.Random) -> int:
    """Random playout on a State to the end of the hand (the bots' fast path); moves made."""
    moves = 0
    choice = rng.choice
    while st.turn >= 0:
        legal = st.legal()
        m = choice(legal)
        if m == CALL:
            st.call(st.turn)
        else:
            st.apply(m)
        moves += 1
    return moves


def _deal(rng: random.Random, players: int) -> State:
    order = list(range(52)) + [52, 52]
    rng.shuffle(order)
    return State.deal(OFFICIAL, players, rng.randrange(players), order, log=False)


def _midgame(rng: random.Random, players: int) -> State:
    st = _deal(rng, players)
    for _ in range(12):
        if st.turn < 0:
            return _midgame(rng, players)
        st.apply(rng.choice(st.legal()))
    return st if st.turn >= 0 else _midgame(rng, players)


def _copy_us(st: State, repeat: int = 20000) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        st.copy()
    return (time.perf_counter() - start) / repeat * 1e6


def _rlcard(seconds: float, players: int) -> dict[str, Any] | None:
    try:
        from rlcard.games.uno.game import UnoGame
    except Exception:  # not installed (the `bench` extra)
        return None
    rng = random.Random(1)
    game = UnoGame(num_players=players)
    game.np_random.seed(1)

    def hand() -> int:
        game.init_game()
        steps = 0
        while not game.is_over() and steps < 5000:
            game.step(rng.choice(game.get_legal_actions()))
            steps += 1
        return steps

    rate = _rate(hand, seconds)
    game.init_game()
    for _ in range(10):
        if game.is_over():
            break
        game.step(rng.choice(game.get_legal_actions()))
    repeat = 300
    start = time.perf_counter()
    for _ in range(repeat):
        copy.deepcopy((game.dealer, game.round, game.players))
    copy_us = (time.perf_counter() - start) / repeat * 1e6
    return {"rlcard_uno_steps_per_s": round(rate), "rlcard_uno_deepcopy_us": round(copy_us, 1)}


def _optional(module: str, name: str) -> Any:
    """An attribute of an optional module (the bots), or None."""
    try:
        return getattr(importlib.import_module(module), name, None)
    except ImportError:
        return None


def run_bench(seconds: float = 2.0, players: int = 4, rlcard: bool = True) -> dict[str, Any]:
    """Measure everything in one run, RLCard first and last to even out drift."""
    rng = random.Random(12345)
    result: dict[str, Any] = {
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "players": players,
    }
    rl1 = _rlcard(seconds / 2, players) if rlcard else None
    public = _rate(lambda: public_api_hand(rng, players), seconds)
    internal = _rate(lambda: playout(_deal(rng, players), rng), seconds)
    mid = _midgame(rng, players)
    copy_us = min(_copy_us(mid) for _ in range(3))
    rl2 = _rlcard(seconds / 2, players) if rlcard else None
    result["public_api_moves_per_s"] = round(public)
    result["internal_playout_moves_per_s"] = round(internal)
    result["state_copy_us"] = round(copy_us, 2)
    if rl1 and rl2:
        rl_rate = (rl1["rlcard_uno_steps_per_s"] + rl2["rlcard_uno_steps_per_s"]) / 2
        result["rlcard_uno_steps_per_s"] = round(rl_rate)
        result["rlcard_uno_deepcopy_us"] = min(rl1["rlcard_uno_deepcopy_us"], rl2["rlcard_uno_deepcopy_us"])
        result["public_vs_rlcard"] = round(public / rl_rate, 2)
        result["internal_vs_rlcard"] = round(internal / rl_rate, 2)
    else:
        result["rlcard_uno_steps_per_s"] = None
        result["note"] = "RLCard not installed: pip install -e '.[bench]' for the anchor"
    search = _optional("dernier.bots", "search_playouts_per_s")
    if search is not None:
        result["search_playouts_per_s"] = round(search(seconds))
        result["search_whole_playouts_per_s"] = round(search(seconds, depth=0))
    return result
