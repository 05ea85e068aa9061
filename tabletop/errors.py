"""The errors every rules package raises, as one family: each game's own classes
(``dernier.IllegalMove``, ``scala40.PositionError``, …) derive from these, so code that
serves every game (the saves, :mod:`tabletop.engine`, the page) catches one class, and
``from <game> import IllegalMove`` keeps working. Every one is a ``ValueError`` carrying a
readable reason."""

from __future__ import annotations


class GameError(ValueError):
    """Base class of every error a rules package raises on bad input."""


class NotationError(GameError):
    """A string that is not a card code, a field or a move."""


class IllegalMove(GameError):
    """A move the rules do not allow now; the game is left untouched. The message says why."""


class MoveNotationError(IllegalMove, NotationError):
    """A move string that is not a move at all (both an IllegalMove and a NotationError)."""


class PositionError(GameError):
    """A position (or a deck order) that is not a valid position of the game."""


class SaveError(GameError):
    """A match save or replay record that cannot be loaded."""


__all__ = ["GameError", "IllegalMove", "MoveNotationError", "NotationError", "PositionError", "SaveError"]
