"""DOG's bots for the page: :func:`dog.bots.make_bot` (each sees only its ``view(seat)``)."""

from __future__ import annotations

from typing import Any

from dog.bots import make_bot as _make_bot


def make_bot(level: str) -> Any:
    return _make_bot(level)
