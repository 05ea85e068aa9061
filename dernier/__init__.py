"""Dernier: the Italian shedding card game — rules engine, bots and match play.

Standard library only; runs the same in CPython and in Pyodide.
"""

from __future__ import annotations

from .cards import Card
from .errors import (
    DernierError,
    IllegalMove,
    MoveNotationError,
    NotationError,
    PositionError,
    SaveError,
)
from .game import Game
from .match import Match, replay
from .rules import OFFICIAL, PRESETS, TRADITIONAL, Ruleset, ruleset

__version__ = "0.1.0"

__all__ = [
    "OFFICIAL",
    "PRESETS",
    "TRADITIONAL",
    "Card",
    "DernierError",
    "Game",
    "IllegalMove",
    "Match",
    "MoveNotationError",
    "NotationError",
    "PositionError",
    "Ruleset",
    "SaveError",
    "__version__",
    "replay",
    "ruleset",
]
