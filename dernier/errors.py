"""Errors of the public API: every one is a ``ValueError`` carrying a readable reason."""

from __future__ import annotations


class DernierError(ValueError):
    """Base class of every error this package raises on bad input."""


class NotationError(DernierError):
    """A string that is not a card code (or not a move)."""


class IllegalMove(DernierError):
    """A move the rules do not allow now; the game is left untouched."""


class MoveNotationError(IllegalMove, NotationError):
    """A move string that is not a move at all (both an IllegalMove and a NotationError)."""


class PositionError(DernierError):
    """A position (or a deck order) that is not a valid Dernier position."""


class SaveError(DernierError):
    """A match save or replay record that cannot be loaded."""
