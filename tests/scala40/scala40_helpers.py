"""Helpers for the Scala 40 tests: positions built from a few cards, the rest filled in."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

import scala40
import scala40.cards

FULL = Counter({scala40.cards.CODE_OF[k]: 2 for k in range(52)})
FULL["JK"] = 4


def position(
    hands: list[list[str]],
    melds: list[tuple[int, list[str]]] | None = None,
    discard: list[str] | None = None,
    stock: list[str] | None = None,
    turn: int | None = 0,
    phase: str = "draw",
    opened: list[bool] | None = None,
    taken: str | None = None,
    rules: Any = "classic",
    dealer: int | None = None,
    out: list[int] | None = None,
    closer: int | None = None,
    in_hand: bool = False,
) -> dict[str, Any]:
    """A legal position: the cards not named go to the stock (or, if ``stock`` is given, under
    the discard pile), so that the 108 cards are there exactly once."""
    melds = melds or []
    discard = ["9C"] if discard is None else discard
    n = len(hands)
    used: Counter[str] = Counter()
    for group in (*hands, discard, stock or []):
        used.update(group)
    for _, cards in melds:
        used.update("JK" if c.startswith("JK=") else c for c in cards)
    rest = FULL - used
    assert not (used - FULL), f"too many cards: {used - FULL}"
    leftover = sorted(rest.elements())
    if stock is None:
        stock = leftover
    else:
        discard = leftover + discard
    if opened is None:
        opened = [any(o == s for o, _ in melds) for s in range(n)]
    if dealer is None:
        dealer = ((turn if turn is not None else 0) - 1) % n
        while out and dealer in out:
            dealer = (dealer - 1) % n
    return {
        "rules": rules,
        "dealer": dealer,
        "turn": turn,
        "phase": phase,
        "hands": hands,
        "stock": stock,
        "discard": discard,
        "melds": [{"owner": o, "cards": c} for o, c in melds],
        "opened": opened,
        "taken": taken,
        "out": out or [],
        "closer": closer,
        "in_hand": in_hand,
    }


def game(*args: Any, **kwargs: Any) -> scala40.Game:
    return scala40.Game.from_position(position(*args, **kwargs))


def in_play(
    hand: list[str], melds: list[tuple[int, list[str]]], opened: list[bool], **kw: Any
) -> scala40.Game:
    """Seat 0 to play (after its draw) with ``hand`` against seat 1's three cards."""
    return game([hand, ["AD", "4C", "KC"]], melds=melds, turn=0, phase="play", opened=opened, **kw)


def snapshot(g: scala40.Game) -> str:
    return json.dumps(g.position(), sort_keys=True)


def refuse(g: scala40.Game, move: str, reason: str, seat: int | None = None) -> None:
    """``move`` is refused with an IllegalMove naming ``reason``, and nothing changes."""
    before = snapshot(g)
    assert not g.is_legal(move, seat)
    with pytest.raises(scala40.IllegalMove, match=reason):
        g.play(move, seat)
    assert snapshot(g) == before


def accept(g: scala40.Game, move: str, seat: int | None = None) -> None:
    assert g.is_legal(move, seat), f"{move!r} should be legal; legal: {g.legal_moves(seat)}"
    g.play(move, seat)
