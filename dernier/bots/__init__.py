"""Bots for Dernier: they choose a move from ``view(seat)`` only, never from the full state.

Levels: ``"random"``, ``"easy"`` (Principiante), ``"medium"`` (Esperto) and ``"hard"``
(Campione, a determinized Monte Carlo search: :mod:`dernier.bots.search`).

The API that the page, the CLI and the arena share::

    from dernier.bots import make_bot, choose_move
    bot = make_bot("hard", seconds=0.4)         # options per level
    move = bot.choose(view, rng)        # a string from view["legal"], e.g. "JS:H!" or "draw"
    move = choose_move("medium", view, rng)                 # the same, in one call

* ``view`` is ``Game.view(seat)`` or ``Match.view(seat)``; ``rng`` a ``random.Random``.
  The same view and rng state give the same move (the hard bot with ``seconds`` set is
  the exception when it runs out of time: pass only ``iterations`` for repeatability).
* The suit of a J or Jolly and the Dernier call are part of the move (``JK:C!``). A bot
  whose seat owes a call and is to act returns ``"dernier"`` first.
* A seat that is **not** to act but owes a Dernier call (``seat in view["dernier_due"]``,
  ``view["legal"] == ["dernier"]``): ``bot.choose`` returns ``"dernier"`` if the bot calls
  and ``""`` if it lets the moment pass (the easy bot forgets about a third of the time);
  ``bot.call(view, rng) -> bool`` asks the same. Ask every due bot before the seat to act
  moves.
* Anticipo (RULES §12): for a seat not to act that may jump in (``view["legal"]`` holds
  the identical card), ``bot.choose`` / ``bot.jump(view, rng)`` return the jump-in or
  ``""``. Medium and hard always jump in; easy notices half of the time. Ask the seats
  after the one to act, in turn order, once per top card (as the arena and the page do).
* In slices, for a page that must keep its main thread free::

      gen = bot.steps(view, rng)      # a generator
      for item in gen:                # each step thinks for about bot.slice_ms (hard bot)
          if item is not None:        # None while thinking; the move is the last item
              move = item
              break
          ...                         # give the event loop a turn, then continue

  or ``move = await bot.think(view, rng)``, which awaits ``asyncio.sleep(0)`` between
  slices. ``steps`` is for the seat to act; the quick bots yield their move at once.

``search_playouts_per_s(seconds)`` measures the search speed (``python -m dernier bench``).
"""

from __future__ import annotations

from typing import Any

from tabletop.bots import LEVEL_NAMES, LEVELS, Levels

from .base import Bot
from .search import DEFAULT_ITERATIONS, HardBot, search_playouts_per_s
from .simple import EasyBot, MediumBot, RandomBot

_BOTS: Levels[Bot] = Levels({"random": RandomBot, "easy": EasyBot, "medium": MediumBot, "hard": HardBot})


def make_bot(level: str, **options: Any) -> Bot:
    """A bot of ``level`` (``random``, ``easy``, ``medium``, ``hard``).

    Options: easy ``forget`` (chance of forgetting a Dernier call); hard ``iterations``
    (playouts per move), ``seconds`` (time limit per move), ``slice_ms``, ``depth`` (moves
    per playout before the win estimate judges it), ``tries``, ``infer``, ``prior``,
    ``points_weight``, ``crn`` (see :class:`~dernier.bots.search.HardBot`)."""
    return _BOTS.make(level, **options)


#: ``choose_move(level, view, rng)``: the move a default bot of ``level`` makes for
#: ``view["seat"]`` (see ``Bot.choose``)
choose_move = _BOTS.choose


__all__ = [
    "DEFAULT_ITERATIONS",
    "LEVELS",
    "LEVEL_NAMES",
    "Bot",
    "EasyBot",
    "HardBot",
    "MediumBot",
    "RandomBot",
    "choose_move",
    "make_bot",
    "search_playouts_per_s",
]
