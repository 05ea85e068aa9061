"""Scala 40's hint (:class:`web.shell.coach.BotCoach`): what the hard bot would do now from
the player's own view — what to draw, what to meld or attach, what to discard — in the
player's words."""

from __future__ import annotations

from typing import Any

from scala40.bots import make_bot
from web.scala40.words import move_words
from web.shell.coach import BotCoach


class Scala40Coach(BotCoach):
    def offer(self, state: dict[str, Any]) -> bool:
        """Also in the play phase with one legal move (the discard): opening is not listed."""
        mine = state.get("turn") == state.get("seat") and not state.get("hand_over")
        choices = self.choices(state)
        return mine and bool(choices) and (len(choices) > 1 or state.get("phase") != "draw")

    def move_words(self, move: str, state: dict[str, Any], lang: str) -> str:
        discard = state.get("discard") or []
        melds = ["-".join(m["cards"]) for m in state.get("melds") or []]
        return move_words(move, lang, taken=discard[-1] if discard else None, hint=True, melds=melds)


COACH = Scala40Coach(make_bot)
