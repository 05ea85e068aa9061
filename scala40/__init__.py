"""Scala 40, the Italian rummy: rules engine, meld finder, bots and match play.

Standard library only; runs the same in CPython and in Pyodide. The public surface is
``/work/shared/scala40/CONTRACT.md``'s: :class:`Game`, :class:`Match`, :func:`replay`, the errors.
"""

from __future__ import annotations

from .errors import IllegalMove, NotationError, PositionError, SaveError, Scala40Error
from .game import Game
from .match import Match, replay
from .rules import CLASSIC, PRESETS, STRICT, Ruleset, ruleset

__version__ = "0.1.0"

__all__ = [
    "CLASSIC",
    "PRESETS",
    "STRICT",
    "Game",
    "IllegalMove",
    "Match",
    "NotationError",
    "PositionError",
    "Ruleset",
    "SaveError",
    "Scala40Error",
    "__version__",
    "replay",
    "ruleset",
]
