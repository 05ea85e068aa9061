"""The bot interface shared by the page, the CLI and the arena (see :mod:`dernier.bots`)."""

from __future__ import annotations

import random
from collections.abc import Generator
from typing import Any

from tabletop.bots import Pause, SlicedBot, think_through


class Bot(SlicedBot):
    """A player that chooses its move from ``view(seat)`` only.

    Subclasses implement :meth:`decide` (a quick choice) or override :meth:`steps`
    (a choice in slices). Every decision draws its randomness from the ``rng`` given,
    so the same view and the same rng state give the same move.
    """

    #: how often the bot jumps in when anticipo lets it (RULES §12)
    jump_chance = 1.0
    #: how often it forgets the Dernier call on a jump-in that leaves it one card
    jump_forget = 0.0

    def decide(self, view: dict[str, Any], rng: random.Random) -> str:  # pragma: no cover
        raise NotImplementedError

    def steps(self, view: dict[str, Any], rng: random.Random) -> Generator[str | None, None, str]:
        """The choice in slices: yields ``None`` while thinking (each slice a few ms),
        then yields the move as its last item (it also returns it)."""
        move = self.decide(view, rng)
        yield move
        return move

    def choose(self, view: dict[str, Any], rng: random.Random) -> str:
        """The move of ``view["seat"]``, a string from ``view["legal"]``.

        For a seat that is not to act: ``"dernier"`` when it owes a call and makes it, a
        jump-in (anticipo, RULES §12) when it may and does (:meth:`jump`), else ``""``."""
        _check(view)
        if view["turn"] != view["seat"]:
            return self._off_turn(view, rng)
        move: str | None = None
        for step in self.steps(view, rng):
            if step is not None:
                move = step
        assert move is not None
        return move

    def call(self, view: dict[str, Any], rng: random.Random) -> bool:
        """Whether a seat in ``view["dernier_due"]`` calls Dernier now (default: always)."""
        return view["seat"] in view.get("dernier_due", ())

    def jump(self, view: dict[str, Any], rng: random.Random) -> str:
        """Anticipo (RULES §12): the jump-in this seat (not to act) plays now, a string
        from ``view["legal"]``, or ``""`` to let the moment pass.

        The identical card only sheds a card and moves the turn past the seats between,
        so every level jumps when it notices: ``jump_chance`` of the time, with the
        Dernier call unless it forgets it (``jump_forget``)."""
        if view["turn"] == view["seat"]:
            return ""
        plays = [m for m in view.get("legal", ()) if m != "dernier"]
        if not plays or rng.random() >= self.jump_chance:
            return ""
        calls = [m for m in plays if m.endswith("!")]
        if calls and rng.random() >= self.jump_forget:
            return str(calls[0])
        bare = [m for m in plays if not m.endswith("!")]
        return str(bare[0] if bare else plays[0])

    def _off_turn(self, view: dict[str, Any], rng: random.Random) -> str:
        if view["seat"] in view.get("dernier_due", ()):
            return "dernier" if self.call(view, rng) else ""
        return self.jump(view, rng)

    async def think(self, view: dict[str, Any], rng: random.Random, pause: Pause | None = None) -> str:
        """:meth:`choose` as a coroutine that awaits ``pause()`` (default
        ``asyncio.sleep(0)``) between slices, so an event loop (the page's) stays free."""
        _check(view)
        if view["turn"] != view["seat"]:
            return self._off_turn(view, rng)
        return await think_through(self.steps(view, rng), pause)


def _check(view: dict[str, Any]) -> None:
    if not view.get("legal"):
        raise ValueError(f"seat {view.get('seat')} has no move to make now")


def forgot_own_call(view: dict[str, Any]) -> bool:
    """The seat owes a call because its own last play left one card without ``!``."""
    seat = view["seat"]
    for ev in reversed(view.get("log") or ()):
        if ev.get("type") == "move" and ev.get("seat") == seat:
            mv = ev["move"]
            return bool(mv not in ("draw", "pass", "dernier") and not mv.startswith(":") and "!" not in mv)
    return False
