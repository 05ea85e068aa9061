"""Scala 40's bots as the page seats them (``make_bot(level)``): :mod:`scala40.bots`."""

from __future__ import annotations

from typing import Any

from scala40.bots import make_bot as _make_bot


def make_bot(level: str) -> Any:
    return _make_bot(level)


def have_real_bots() -> bool:
    return True
