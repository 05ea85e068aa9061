"""The hint without the browser: what the "Hint" button asks of a game (:class:`Coach`).

A game names its coach (:attr:`web.shell.games.GameSpec.coach`). The coach reads one
seat's table state only (``Session.table_state(seat)``: that seat's view, exactly what a
friend's page receives), so a hint never peeks, and runs the same on a friend's page.
:class:`BotCoach` is the hint of a game whose bots choose from that view: the move its
hard bot would play, in the player's words (Scala 40, DOG); Dernier's coach
(:mod:`web.dernier.coach`) adds each candidate's chance to win.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Generator
from typing import Any

from web.shell.i18n import t

#: a hint: ``{"move": …}`` and what the coach adds, returned by a generator's last step
Steps = Generator[None, None, dict[str, Any]]

#: moves a hint never suggests (they end the match, not a choice of play)
NOT_ADVICE = ("abandon", "timeout")


class Coach:
    """The hint of one game (see the module)."""

    def key(self, state: dict[str, Any]) -> tuple[Any, ...]:
        """The position a hint belongs to: once it changes, the hint is stale."""
        moves = state.get("history") if state.get("history") is not None else state.get("log")
        seat, turn = state.get("seat"), state.get("turn")
        return (state.get("hand_no"), state.get("move_no"), len(moves or ()), seat, turn)

    def choices(self, state: dict[str, Any]) -> list[str]:
        return [m for m in state.get("legal") or () if m not in NOT_ADVICE]

    def offer(self, state: dict[str, Any]) -> bool:
        """The seat has a choice to make now (a hint is offered)."""
        mine = state.get("turn") == state.get("seat") and not state.get("hand_over")
        return mine and len(self.choices(state)) > 1

    def steps(self, state: dict[str, Any], seconds: float, seed: int) -> Steps:
        """The hint in slices (``None`` between them), returned as ``{"move": …}`` (``None``:
        no hint)."""
        raise NotImplementedError

    def words(self, hint: dict[str, Any], state: dict[str, Any], lang: str) -> str:
        raise NotImplementedError


class BotCoach(Coach):
    """The move a bot of :attr:`level` would play from the seat's table state."""

    level = "hard"

    def __init__(self, make_bot: Callable[[str], Any]) -> None:
        #: the game's ``make_bot(level)``
        self.make_bot = make_bot

    def move_words(self, move: str, state: dict[str, Any], lang: str) -> str:
        """``move`` as advice in the player's words."""
        raise NotImplementedError

    def bot_view(self, state: dict[str, Any]) -> dict[str, Any]:
        """The bot's view in a table state (the engine's ``view(seat)`` and the shell's keys)."""
        return dict(state)

    def steps(self, state: dict[str, Any], seconds: float, seed: int) -> Steps:
        if not self.offer(state):
            return {"move": None}
        started = time.perf_counter()
        move: str | None = None
        for step in self.make_bot(self.level).steps(self.bot_view(state), random.Random(seed)):
            if step is not None:
                move = str(step)
                break
            yield None
        return {"move": move, "level": self.level, "ms": round((time.perf_counter() - started) * 1000, 1)}

    def words(self, hint: dict[str, Any], state: dict[str, Any], lang: str) -> str:
        move = hint.get("move")
        if not move:
            return t(lang, "coach_none")
        return t(lang, "coach_only", move=self.move_words(str(move), state, lang))
