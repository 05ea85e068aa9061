"""The bots seated at the page's table: :func:`dernier.bots.make_bot` when it is there,
else a simple stand-in with the same interface (``steps``, ``choose``)."""

from __future__ import annotations

import random
from collections.abc import Generator
from typing import Any

from web.dernier.describe import move_card

#: how often the stand-in forgets Dernier, by level
_FORGET = {"easy": 0.35, "medium": 0.08, "hard": 0.0}
#: how often the stand-in jumps in when it can (anticipo), by level
_JUMP = {"easy": 0.5, "medium": 1.0, "hard": 1.0}


class StandInBot:
    """A random legal move, preferring plays to drawing; forgets Dernier by level."""

    def __init__(self, level: str) -> None:
        self.level = level

    def steps(self, view: dict[str, Any], rng: random.Random) -> Generator[str | None, None, str]:
        move = self._decide(view, rng)
        yield move
        return move

    def choose(self, view: dict[str, Any], rng: random.Random) -> str:
        if view["turn"] != view["seat"]:
            return "dernier" if self._calls(view, rng) else ""
        return self._decide(view, rng)

    def jump(self, view: dict[str, Any], rng: random.Random) -> str:
        """A jump-in from ``view["legal"]`` (with the call unless it forgets), or ""."""
        plays: list[str] = [m for m in view["legal"] if move_card(m) is not None]
        if view["turn"] == view["seat"] or not plays or rng.random() >= _JUMP.get(self.level, 1.0):
            return ""
        calls = [m for m in plays if m.endswith("!")]
        if calls and rng.random() >= _FORGET.get(self.level, 0):
            return calls[0]
        return next((m for m in plays if not m.endswith("!")), plays[0])

    def _calls(self, view: dict[str, Any], rng: random.Random) -> bool:
        return view["seat"] in view.get("dernier_due", ()) and rng.random() >= _FORGET.get(self.level, 0)

    def _decide(self, view: dict[str, Any], rng: random.Random) -> str:
        legal: list[str] = list(view["legal"])
        if "dernier" in legal:
            if self._calls(view, rng):
                return "dernier"
            legal.remove("dernier")
        plays = [m for m in legal if move_card(m) is not None and not m.endswith("!")]
        if not plays:
            choices = [m for m in legal if m.startswith(":")]
            if choices:
                return rng.choice(choices)
            return "pass" if "pass" in legal else ("draw" if "draw" in legal else legal[0])
        move = rng.choice(plays)
        if move + "!" in legal and rng.random() >= _FORGET.get(self.level, 0):
            move += "!"
        return move


def make_bot(level: str) -> Any:
    try:
        from dernier.bots import make_bot as real
    except ImportError:
        return StandInBot(level)
    try:
        # the hard bot thinks in short slices so that no task of the page's main thread
        # comes near 100 ms, even on a slow phone (the driver pauses between slices)
        return real(level, slice_ms=4.0) if level == "hard" else real(level)
    except Exception:
        return StandInBot(level)


def have_real_bots() -> bool:
    try:
        from dernier.bots import make_bot as _  # noqa: F401
    except ImportError:
        return False
    return True
