"""Errors of the public API: every one is a ``ValueError`` carrying a readable reason, and
each derives from the same error of :mod:`tabletop.errors` (shared by the three games)."""

from __future__ import annotations

from tabletop import errors


class DernierError(errors.GameError):
    """Base class of every error this package raises on bad input."""


class NotationError(DernierError, errors.NotationError):
    """A string that is not a card code (or not a move)."""


class IllegalMove(DernierError, errors.IllegalMove):
    """A move the rules do not allow now; the game is left untouched."""


class MoveNotationError(IllegalMove, NotationError, errors.MoveNotationError):
    """A move string that is not a move at all (both an IllegalMove and a NotationError)."""


class PositionError(DernierError, errors.PositionError):
    """A position (or a deck order) that is not a valid Dernier position."""


class SaveError(DernierError, errors.SaveError):
    """A match save or replay record that cannot be loaded."""
