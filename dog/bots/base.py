"""The bot interface shared by the page, the CLI and the arena (see :mod:`dog.bots`)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable, Generator
from typing import Any

from ..state import META_MOVES
from .knowledge import legal_from_view


class Bot:
    """A player that chooses its move from ``view(seat)`` only.

    Subclasses implement :meth:`decide` (given the legal moves, ``abandon`` and
    ``timeout`` left out) or override :meth:`steps` (a choice in slices)."""

    level = "base"

    def decide(self, view: dict[str, Any], moves: list[str], rng: random.Random) -> str:  # pragma: no cover
        raise NotImplementedError

    def options(self, view: dict[str, Any]) -> list[str]:
        """The moves the seat may choose from now: its legal moves but abandon and timeout."""
        return [m for m in legal_from_view(view) if m not in META_MOVES]

    def steps(self, view: dict[str, Any], rng: random.Random) -> Generator[str | None, None, str]:
        """The choice in slices: yields ``None`` while thinking, then the move as its last item."""
        move = self.choose(view, rng)
        yield move
        return move

    def choose(self, view: dict[str, Any], rng: random.Random) -> str:
        """The move of ``view["seat"]``: a give in the exchange, a card play in its turn;
        ``""`` when the seat has nothing to do now."""
        moves = self.options(view)
        if not moves:
            return ""
        if len(moves) == 1:
            return moves[0]
        return self.decide(view, moves, rng)

    async def think(
        self,
        view: dict[str, Any],
        rng: random.Random,
        pause: Callable[[], Awaitable[Any]] | None = None,
    ) -> str:
        """:meth:`choose` as a coroutine that awaits ``pause()`` between slices."""
        move: str | None = None
        for step in self.steps(view, rng):
            if step is not None:
                move = step
                break
            await (pause() if pause is not None else asyncio.sleep(0))
        assert move is not None
        return move
