"""Seeded property run (CONTRACT "Moves", "Position"): whole random games checked move by move.

2,000 whole games (DOG_PROP_GAMES overrides), in PARTS tests of their own (run in parallel by
the suite's workers), each game from its own random source. After every move: the 110 cards are all
there exactly once, the 16 pawns stand on distinct fields, the seat to act has moves. At
every position a sample of the listed moves is played on copies and accepted, and strings
outside the list (mutations of listed ones) are refused with IllegalMove leaving the
position as it was; positions round-trip through from_position on a sample. Random play
prefers, 70% of the time, moves that bring a pawn home, so that games end in a few
hundred moves, as real ones do.
"""

from __future__ import annotations

import os
import random

import pytest

from dog import Game, IllegalMove
from dog.board import HOME, PAWNS
from dog.cards import full_deck
from dog.state import META_MOVES

DECK = sorted(full_deck())
GAMES = int(os.environ.get("DOG_PROP_GAMES", "2000"))
PARTS = 4


def _legal_checked(g: Game) -> list[str]:
    """The legal moves of the seat to act (none once the game is over), after checking the
    position's invariants: the 110 cards are all there once, no two pawns share a field,
    the seat to act has a move."""
    _check_invariants(g)
    legal = g.legal_moves() if not g.over else []
    if not g.over:
        assert legal, "the seat to act has no move"
    return legal


def _check_invariants(g: Game) -> None:
    st = g.state
    cards = [c for h in st.hands for c in h]
    cards += [c for c in st.given if c is not None]
    cards += st.deck
    cards += ["JK" if c[1] == "K" and c[0] == "J" else c for c in st.discard]
    cards += st.laid
    cards.sort()
    assert cards == DECK, "cards are not all there exactly once"
    seen = set()
    for p, at in enumerate(st.loc):
        if at >= 0:
            key = (p >> 2, at) if at >= HOME else (None, at)
            assert key not in seen, "two pawns on one field"
            seen.add(key)
            if at < HOME:
                assert st.board[at] == p
            else:
                assert st.homes[p >> 2][at - HOME] == p
        assert not st.fresh[p] or at == 16 * (p // PAWNS)


def _mutations(move: str, rng: random.Random) -> list[str]:
    """Strings near a legal move, most of them not legal."""
    out = []
    toks = move.split(" ")
    if len(toks) >= 2 and "-" in toks[-1]:
        a, _, b = toks[-1].partition("-")
        if b.isdigit():
            out.append(" ".join([*toks[:-1], f"{a}-{(int(b) + rng.choice((1, 2, 63))) % 64}"]))
        out.append(" ".join([*toks[:-1], f"{b}-{a}"]))
    if len(toks) > 2:
        out.append(" ".join(toks[:-1]))
    out.append(move.replace(toks[0], rng.choice(["5H", "7C", "JK=4", "AS", "KD", "JD"]), 1))
    out.append("fold")
    return out


def _policy(moves: list[str], rng: random.Random) -> str:
    plays = [m for m in moves if m not in META_MOVES]
    if rng.random() < 0.7:
        homeward = [m for m in plays if "-h" in m or m.endswith(" out")]
        if homeward:
            return rng.choice(homeward)
    return rng.choice(plays)


@pytest.mark.parametrize("part", range(PARTS))
def test_dog_property_run_whole_games(part: int) -> None:
    """≥ 2,000 seeded whole games (this part: every PARTS-th): invariants after every move,
    listed moves accepted, others refused with the state unchanged (RULES §4–§12, CONTRACT
    "Moves")."""
    games = range(part, GAMES, PARTS)
    moves_total = checked = refused = 0
    for n in games:
        rng = random.Random(2024 * 100_000 + n)
        g = Game.new(seed=rng.randrange(2**31))
        steps = 0
        while not g.over:
            legal = _legal_checked(g)
            if rng.random() < 0.05:
                before = g.position()
                assert Game.from_position(before).position() == before
                assert legal == sorted(set(legal)), "legal_moves() is sorted, without duplicates"
                for m in rng.sample(legal, min(3, len(legal))):
                    c = g.copy()
                    c.play(m)
                    checked += 1
                for bad in _mutations(rng.choice(legal), rng):
                    if bad in legal:
                        continue
                    try:
                        g.play(bad)
                    except IllegalMove:
                        refused += 1
                    else:  # pragma: no cover - reported
                        raise AssertionError(f"{bad!r} was accepted but is not listed")
                    assert g.position() == before
            g.play(_policy(legal, rng))
            steps += 1
            assert steps < 20000, f"game {n} does not end"
        moves_total += steps
        assert g.winner in (0, 1)
        assert g.state.team_home(g.winner)
        _legal_checked(g)
    assert refused > len(games) and checked > len(games)
    assert moves_total > len(games) * 100
