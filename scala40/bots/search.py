"""The hard bot (placeholder: the medium bot until the search lands)."""

from __future__ import annotations

from .simple import MediumBot


class HardBot(MediumBot):
    level = "hard"
