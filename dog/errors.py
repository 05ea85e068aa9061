"""Errors of the public API: every one is a ``ValueError`` carrying a readable reason."""

from __future__ import annotations


class DogError(ValueError):
    """Base class of every error this package raises on bad input."""


class NotationError(DogError):
    """A string that is not a card code, a field or a move."""


class IllegalMove(DogError):
    """A move the rules do not allow now; the game is left untouched."""


class MoveNotationError(IllegalMove, NotationError):
    """A move string that is not a move at all (both an IllegalMove and a NotationError)."""


class PositionError(DogError):
    """A position (or a deck order) that is not a valid DOG position."""


class SaveError(DogError):
    """A match save or record that cannot be loaded."""
