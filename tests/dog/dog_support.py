"""Helpers for the DOG tests: building positions by hand, and an independent board walker."""

from __future__ import annotations

from collections import Counter
from typing import Any

from dog import Game
from dog.cards import COPIES, full_deck

NESTS = [["n0"] * 4, ["n1"] * 4, ["n2"] * 4, ["n3"] * 4]


def position(
    pawns: list[list[str]] | None = None,
    hand: list[str] | tuple[str, ...] = ("2H",),
    seat: int = 0,
    hands: dict[int, list[str]] | None = None,
    rules: Any = "standard",
    dealer: int = 3,
    cards: int = 6,
) -> dict[str, Any]:
    """A play-phase position: ``seat`` to act holding ``hand``, the other cards in the stock.

    ``pawns`` per seat (default: all in the nests); ``hands`` gives other seats cards."""
    all_hands: list[list[str]] = [[], [], [], []]
    all_hands[seat] = list(hand)
    for s, h in (hands or {}).items():
        all_hands[s] = list(h)
    used = Counter(c for h in all_hands for c in h)
    deck: list[str] = []
    left = Counter(COPIES) - used
    for c in full_deck():
        if left[c] > 0:
            deck.append(c)
            left[c] -= 1
    round_no = [6, 5, 4, 3, 2].index(cards) + 1 if rules == "standard" else 1
    return {
        "rules": rules,
        "dealer": dealer,
        "round": round_no,
        "cards": cards,
        "phase": "play",
        "turn": seat,
        "winner": None,
        "hands": all_hands,
        "given": [None] * 4,
        "exchanged": [True, True],
        "pawns": [list(p) for p in (pawns or NESTS)],
        "deck": deck,
        "discard": [],
        "laid": [],
        "out": [],
        "seed": 1,
    }


def game(pawns: list[list[str]] | None = None, hand: Any = ("2H",), seat: int = 0, **kw: Any) -> Game:
    return Game.from_position(position(pawns, hand, seat, **kw))


def pawns_of(g: Game) -> list[list[str]]:
    return [list(row) for row in g.position()["pawns"]]


def after(g: Game, move: str) -> Game:
    """A copy of ``g`` with ``move`` played (``g`` untouched)."""
    c = Game.from_position(g.position())
    c.play(move)
    return c


def moves_with(g: Game, prefix: str) -> list[str]:
    return [m for m in g.legal_moves() if m.startswith(prefix)]
