"""Fuzzing (hypothesis): move strings and positions give clear errors, never a crash."""

from __future__ import annotations

import copy
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dog import Game, IllegalMove, NotationError, PositionError

_BASE = Game.new(seed=17)
for _ in range(4):
    _BASE.play(f"give {_BASE.state.hands[_BASE.turn or 0][0]}")
for _ in range(9):
    _BASE.play(next(m for m in _BASE.legal_moves() if m not in ("abandon", "timeout")))
BASE_POS = _BASE.position()

TOKENS = st.sampled_from(
    ["AH", "7C", "JK=7", "JK", "JK=J", "4S", "10D", "give", "out", "idle", "fold", "12-17", "62-h0.3",
     "h0.1-h0.4", "12x40", "0-7", "n0", "16*", "x", "-", "=", "h9.9", "64", "-1", "JH", "KS", " "]
)  # fmt: skip


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(TOKENS, min_size=0, max_size=5), st.one_of(st.none(), st.integers(-2, 5)))
def test_fuzzed_move_strings(tokens: list[str], seat: int | None) -> None:
    """CONTRACT: any string is either played, or refused with IllegalMove/NotationError, state unchanged."""
    g = Game.from_position(BASE_POS)
    move = " ".join(tokens)
    legal = g.legal_moves(seat)
    try:
        g.play(move, seat)
    except (IllegalMove, NotationError) as e:
        assert str(e)
        assert move not in legal or (seat is not None and not 0 <= seat < 4)
        assert g.position() == BASE_POS
    else:
        assert move in legal


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=20))
def test_fuzzed_text_moves(text: str) -> None:
    g = Game.from_position(BASE_POS)
    try:
        g.play(text)
    except (IllegalMove, NotationError):
        assert g.position() == BASE_POS


JSONISH = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 70)
    | st.sampled_from(["5H", "n0", "16*", "h0.1", "JK=7", "x", "play"]),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.sampled_from(["preset", "deal"]), inner, max_size=2)
    ),
    max_leaves=10,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(BASE_POS)), JSONISH, st.randoms(use_true_random=False))
def test_fuzzed_positions(key: str, value: Any, rnd: random.Random) -> None:
    """CONTRACT: a damaged position is PositionError naming the problem, or a valid game."""
    pos = copy.deepcopy(BASE_POS)
    target: Any = pos
    path = [key]
    while isinstance(target[path[-1]], list) and target[path[-1]] and rnd.random() < 0.6:
        target = target[path[-1]]
        path.append(rnd.randrange(len(target)))  # type: ignore[arg-type]
    target[path[-1]] = value
    try:
        g = Game.from_position(pos)
    except PositionError as e:
        assert str(e)
    else:
        assert Game.from_position(g.position()).position() == g.position()
        g.legal_moves()
