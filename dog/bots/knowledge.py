"""What a bot knows: a game state rebuilt from ``view(seat)`` alone, hidden cards sampled.

Only the seat's own hand (and given card) is known; the other hands, the other given
cards, the stock and the laid-down cards are drawn at random from the unseen cards, so
a bot never reads what its seat may not see.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ..board import SEATS
from ..cards import CODES, COPIES, base_code
from ..position import parse_position
from ..state import State


def unseen_cards(view: dict[str, Any]) -> list[str]:
    """The cards ``view["seat"]`` cannot see: all 110 but its hand, its given card and the discard."""
    seat = view["seat"]
    seen = Counter(view["hands"][seat])
    own_given = view["given"][seat]
    if isinstance(own_given, str):
        seen[own_given] += 1
    seen.update(base_code(c) for c in view["discard"])
    left = Counter(COPIES)
    left.subtract(seen)
    return [c for c in CODES for _ in range(max(0, left[c]))]


def determinize(view: dict[str, Any], rng: random.Random | None = None) -> State:
    """A full state consistent with the view; hidden cards dealt at random (``rng``), or in a
    fixed order without one (enough for the seat's own legal moves)."""
    seat = view["seat"]
    pool = unseen_cards(view)
    if rng is not None:
        rng.shuffle(pool)
    hands: list[list[str]] = []
    given: list[str | None] = []
    for s in range(SEATS):
        h = view["hands"][s]
        if s == seat:
            hands.append(list(h))
        else:
            hands.append([pool.pop() for _ in range(h)])
    for s in range(SEATS):
        g = view["given"][s]
        given.append(g if s == seat or g is None else pool.pop())
    laid = sorted(pool.pop() for _ in range(view["laid"]))
    pos = {k: v for k, v in view.items() if k not in ("seat", "gave", "got", "score", "game_no", "games")}
    pos.update(hands=hands, given=given, laid=laid, deck=pool)
    pos["received"] = [None] * SEATS
    if pos["phase"] == "exchange":
        pos["received"] = [
            (view["received"][s] if s == seat else hands[s][0] if view["exchanged"][s % 2] else None)
            for s in range(SEATS)
        ]
    st = parse_position(pos)
    if rng is not None:
        st.seed = rng.randrange(2**31)
    return st


def legal_from_view(view: dict[str, Any]) -> list[str]:
    """The seat's legal moves, from its view alone (they never depend on hidden cards)."""
    if view["phase"] == "over":
        return []
    return determinize(view).legal(view["seat"])
