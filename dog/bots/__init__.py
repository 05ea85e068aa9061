"""Bots for DOG: they choose a move from ``view(seat)`` only, never from the full state.

Levels: ``"random"``, ``"easy"``, ``"medium"`` and ``"hard"`` (a search over sampled hidden
hands, :mod:`dog.bots.search`)::

    from dog.bots import make_bot, choose_move
    bot = make_bot("hard")
    move = bot.choose(view, rng)        # "give 7H" in the exchange, "7H 5-8 40-44" in its turn
    move = choose_move("medium", view, rng)

``view`` is ``Game.view(seat)`` or ``Match.view(seat)``; ``rng`` a ``random.Random``; the
same view and rng state give the same move. ``choose`` returns ``""`` when the seat has
nothing to do now. ``bot.steps(view, rng)`` yields ``None`` while thinking, then the move.
"""

from __future__ import annotations

from typing import Any

from tabletop.bots import LEVELS, Levels

from .base import Bot
from .search import HardBot
from .simple import EasyBot, MediumBot, RandomBot

_BOTS: Levels[Bot] = Levels({"random": RandomBot, "easy": EasyBot, "medium": MediumBot, "hard": HardBot})


def make_bot(level: str, **options: Any) -> Bot:
    """A bot of ``level``. Options: easy ``preference``; medium ``weights``; hard
    ``candidates``, ``samples``, ``follow``, ``reply``, ``weights`` (see the classes)."""
    return _BOTS.make(level, **options)


#: ``choose_move(level, view, rng)``: the move a default bot of ``level`` makes for
#: ``view["seat"]`` (see ``Bot.choose``)
choose_move = _BOTS.choose


__all__ = ["LEVELS", "Bot", "EasyBot", "HardBot", "MediumBot", "RandomBot", "choose_move", "make_bot"]
