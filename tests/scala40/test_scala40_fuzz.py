"""Fuzzed move strings and positions (hypothesis): clear errors (NotationError, IllegalMove,
PositionError), never a crash, never a change on a refused move."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scala40
from scala40.bots import make_bot

CODES = [r + s for s in "HDCS" for r in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]]
TOKENS = [
    "draw",
    "take",
    "open",
    "meld",
    "attach",
    "swap",
    "discard",
    "reenter",
    "retire",
    "0",
    "1",
    "12",
    "JK",
    "JK=5H",
    "JK=JK",
    "5H-6H-7H",
    "QS-QD-JK=QC",
    "x",
    "",
    "-",
    "=",
    *CODES,
]


def _games() -> list[scala40.Game]:
    out = []
    for seed in range(12):
        g = scala40.Game.new(players=2 + seed % 4, rules=["classic", "strict"][seed % 2], seed=seed)
        rng = random.Random(seed)
        bot = make_bot("medium")
        for _ in range(seed * 7):
            if g.over:
                break
            g.play(bot.choose(g.view(g.turn), rng))  # type: ignore[arg-type]
        out.append(g)
    return out


GAMES = _games()
moves = st.one_of(
    st.text(max_size=30),
    st.lists(st.sampled_from(TOKENS), min_size=1, max_size=5).map(" ".join),
    st.lists(st.sampled_from(CODES + ["JK=2S", "JK=KH"]), min_size=1, max_size=6).map(
        lambda cs: "meld " + "-".join(cs)
    ),
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(GAMES) - 1), moves, st.one_of(st.none(), st.integers(-1, 6)))
def test_fuzz_move_strings_clear_errors(i: int, move: str, seat: int | None) -> None:
    g = GAMES[i].copy()
    before = json.dumps(g.position())
    legal = g.is_legal(move, seat)
    try:
        g.play(move, seat)
    except (scala40.NotationError, scala40.IllegalMove) as e:
        assert not legal and str(e)
        assert json.dumps(g.position()) == before
    else:
        assert legal


def _mutate(pos: dict[str, Any], path: list[Any], value: Any) -> None:
    node: Any = pos
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value


values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 200),
    st.sampled_from(CODES + ["JK", "JK=5H", "draw", "play", "use", "over", "discard", "strict"]),
    st.lists(st.sampled_from(CODES + ["JK"]), max_size=4),
    st.dictionaries(
        st.sampled_from(["owner", "cards", "preset", "long_runs"]), st.integers(0, 3), max_size=2
    ),
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(GAMES) - 1), st.data(), values)
def test_fuzz_positions_clear_errors(i: int, data: st.DataObject, value: Any) -> None:
    pos = GAMES[i].position()
    keys = sorted(pos)
    key = data.draw(st.sampled_from(keys))
    path: list[Any] = [key]
    node = pos[key]
    while isinstance(node, list | dict) and node and data.draw(st.booleans()):
        sub = data.draw(st.sampled_from(sorted(node) if isinstance(node, dict) else list(range(len(node)))))
        path.append(sub)
        node = node[sub]
    _mutate(pos, path, value)
    try:
        g = scala40.Game.from_position(pos)
    except scala40.PositionError as e:
        assert str(e)
        return
    assert scala40.Game.from_position(g.position()).position() == g.position()
    for mv in g.legal_moves():
        assert g.is_legal(mv)
