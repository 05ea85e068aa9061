"""Bots by level, as every game offers them: ``make_bot(level, **options)``,
``choose_move(level, view, rng)``, and the interface the page, the command line and the arena
share: ``bot.choose(view, rng)``, ``bot.steps(view, rng)`` (the choice in slices) and
``await bot.think(view, rng)``. A bot reads ``view(seat)`` only."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable, Generator, Iterable, Mapping
from typing import Any, Generic, Protocol, TypeVar

LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard")
#: the names the page shows
LEVEL_NAMES: dict[str, str] = {
    "random": "Casuale",
    "easy": "Principiante",
    "medium": "Esperto",
    "hard": "Campione",
}

Pause = Callable[[], Awaitable[Any]]


class Chooser(Protocol):
    def choose(self, view: dict[str, Any], rng: random.Random) -> str: ...


B = TypeVar("B", bound=Chooser)
T = TypeVar("T")


class Levels(Generic[B]):
    """A game's bot classes by level, and one default bot of each level for ``choose``."""

    def __init__(self, classes: Mapping[str, Callable[..., B]]) -> None:
        self.classes = dict(classes)
        self._default: dict[str, B] = {}

    def make(self, level: str, **options: Any) -> B:
        cls = self.classes.get(level)
        if cls is None:
            raise ValueError(f"unknown bot level {level!r} ({', '.join(self.classes)})")
        return cls(**options)

    def choose(self, level: str, view: dict[str, Any], rng: random.Random) -> str:
        """The move a default bot of ``level`` makes for ``view["seat"]``."""
        bot = self._default.get(level)
        if bot is None:
            bot = self._default[level] = self.make(level)
        return bot.choose(view, rng)


async def think_through(steps: Iterable[str | None], pause: Pause | None = None) -> str:
    """The move at the end of a bot's ``steps``, awaiting ``pause()`` (default
    ``asyncio.sleep(0)``) after each slice of thinking, so an event loop (the page's) stays free."""
    for step in steps:
        if step is not None:
            return step
        await (pause() if pause is not None else asyncio.sleep(0))
    raise AssertionError("a bot's steps end with its move")


def result_of(steps: Generator[Any, None, T]) -> T:
    """What a sliced computation (a generator that yields while it works, like a bot's
    ``steps`` or a review's) returns, its slices run one after the other at once."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            result: T = stop.value
            return result


class SlicedBot:
    """A player that chooses its move from ``view(seat)`` only. A game's bot implements
    :meth:`choose` (the same view and rng state give the same move); a bot that thinks long
    overrides :meth:`steps`."""

    level = "base"

    def choose(self, view: dict[str, Any], rng: random.Random) -> str:  # pragma: no cover
        raise NotImplementedError

    def steps(self, view: dict[str, Any], rng: random.Random) -> Generator[str | None, None, str]:
        """The choice in slices: yields ``None`` while thinking, then the move as its last item."""
        move = self.choose(view, rng)
        yield move
        return move

    async def think(self, view: dict[str, Any], rng: random.Random, pause: Pause | None = None) -> str:
        """:meth:`choose` as a coroutine that awaits ``pause()`` between slices."""
        return await think_through(self.steps(view, rng), pause)
