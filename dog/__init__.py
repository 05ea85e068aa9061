"""DOG: the Swiss team race game (Brändi Dog) — rules engine, bots and match play.

Standard library only; runs the same in CPython and in Pyodide.
"""

from __future__ import annotations

from .errors import DogError, IllegalMove, MoveNotationError, NotationError, PositionError, SaveError
from .game import Game
from .match import Match, replay_positions
from .rules import PRESETS, STANDARD, Ruleset, ruleset

__version__ = "0.1.0"

__all__ = [
    "PRESETS",
    "STANDARD",
    "DogError",
    "Game",
    "IllegalMove",
    "Match",
    "MoveNotationError",
    "NotationError",
    "PositionError",
    "Ruleset",
    "SaveError",
    "__version__",
    "replay_positions",
    "ruleset",
]
