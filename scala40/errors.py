"""Errors of the public API: every one is a ``ValueError`` carrying a readable reason, and
each derives from the same error of :mod:`tabletop.errors` (shared by the three games)."""

from __future__ import annotations

from tabletop import errors


class Scala40Error(errors.GameError):
    """Base class of every error this package raises on bad input."""


class NotationError(Scala40Error, errors.NotationError):
    """A string that is not a card code, a meld or a move."""


class IllegalMove(Scala40Error, errors.IllegalMove):
    """A move the rules do not allow now; the game is left untouched. The message names the rule."""


class PositionError(Scala40Error, errors.PositionError):
    """A position that is not a valid Scala 40 position; the message names the problem."""


class SaveError(Scala40Error, errors.SaveError):
    """A match save or record that cannot be loaded."""
