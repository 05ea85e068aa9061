"""Errors of the public API: every one is a ``ValueError`` carrying a readable reason."""

from __future__ import annotations


class Scala40Error(ValueError):
    """Base class of every error this package raises on bad input."""


class NotationError(Scala40Error):
    """A string that is not a card code, a meld or a move."""


class IllegalMove(Scala40Error):
    """A move the rules do not allow now; the game is left untouched. The message names the rule."""


class PositionError(Scala40Error):
    """A position that is not a valid Scala 40 position; the message names the problem."""


class SaveError(Scala40Error):
    """A match save or record that cannot be loaded."""
