"""Bots for Scala 40: they choose a move from ``view(seat)`` only, never from the full state.

Levels ``random``, ``easy``, ``medium`` and ``hard`` (:mod:`scala40.bots.tuned`: discards
weighed on sampled hidden hands, :mod:`scala40.bots.search`, and a tuned choice of the
opening). :class:`RolloutBot` (:mod:`scala40.bots.rollout`, hands played out on sampled
worlds) is not clearly better than medium in hands or matches, so it is not a level
(docs/SCALA40.md, "Arena figures")::

    from scala40.bots import make_bot, choose_move
    bot = make_bot("medium")
    move = bot.choose(view, rng)      # a string from view["legal"], or an "open …" move
    move = choose_move("hard", view, rng)

``view`` is ``Game.view(seat)`` or ``Match.view(seat)``. A seat in ``view["decide"]`` gets
``reenter`` or ``retire``. The same view and rng state give the same move.
"""

from __future__ import annotations

from typing import Any

from tabletop.bots import LEVEL_NAMES, LEVELS, Levels

from .base import Bot
from .rollout import RolloutBot
from .search import HardBot
from .simple import EasyBot, MediumBot, RandomBot
from .tuned import TunedBot

_BOTS: Levels[Bot] = Levels({"random": RandomBot, "easy": EasyBot, "medium": MediumBot, "hard": TunedBot})


#: per level, the options that make a bot's play independent of the machine's load: the hard
#: level's sampling stops at its sample count, never at its wall-clock guard (the page keeps the
#: guard; the arena and the benchmarks use these, so their figures repeat)
UNTIMED: dict[str, dict[str, Any]] = {"hard": {"seconds": float("inf")}}


def make_bot(level: str, **options: Any) -> Bot:
    """A bot of ``level`` (``random``, ``easy``, ``medium``, ``hard``)."""
    return _BOTS.make(level, **options)


#: ``choose_move(level, view, rng)``: the move a default bot of ``level`` makes for
#: ``view["seat"]`` (see ``Bot.choose``)
choose_move = _BOTS.choose


__all__ = [
    "LEVELS",
    "LEVEL_NAMES",
    "UNTIMED",
    "Bot",
    "EasyBot",
    "HardBot",
    "MediumBot",
    "RandomBot",
    "RolloutBot",
    "TunedBot",
    "choose_move",
    "make_bot",
]
