"""The bot interface shared by the page, the CLI and the arena (see :mod:`dog.bots`)."""

from __future__ import annotations

import random
from typing import Any

from tabletop.bots import SlicedBot

from ..state import META_MOVES
from .knowledge import legal_from_view


class Bot(SlicedBot):
    """A player that chooses its move from ``view(seat)`` only.

    Subclasses implement :meth:`decide` (given the legal moves, ``abandon`` and
    ``timeout`` left out) or override :meth:`steps` (a choice in slices)."""

    def decide(self, view: dict[str, Any], moves: list[str], rng: random.Random) -> str:  # pragma: no cover
        raise NotImplementedError

    def options(self, view: dict[str, Any]) -> list[str]:
        """The moves the seat may choose from now: its legal moves but abandon and timeout."""
        return [m for m in legal_from_view(view) if m not in META_MOVES]

    def choose(self, view: dict[str, Any], rng: random.Random) -> str:
        """The move of ``view["seat"]``: a give in the exchange, a card play in its turn;
        ``""`` when the seat has nothing to do now."""
        moves = self.options(view)
        if not moves:
            return ""
        if len(moves) == 1:
            return moves[0]
        return self.decide(view, moves, rng)
