"""DOG's hint (:class:`web.shell.coach.BotCoach`): which card and which pawn the hard bot
would play now from the player's own view (or which card to give the partner), in the
player's words."""

from __future__ import annotations

from typing import Any

from dog.bots import make_bot
from web.dog.words import log_line
from web.shell.coach import BotCoach

#: the keys of ``dog.Match.view(seat)``: the bots read a view with these only
VIEW_KEYS = frozenset(
    ("cards", "dealer", "deck", "discard", "ended", "exchanged", "game_no", "games", "gave", "given")
    + ("got", "hands", "laid", "move_no", "out", "pawns", "phase", "received", "round", "rules")
    + ("score", "seat", "shuffles", "turn", "winner")
)


class DogCoach(BotCoach):
    def offer(self, state: dict[str, Any]) -> bool:
        """The seat's card to play, or its card to give in the exchange (RULES §4), when
        there is a choice."""
        if state.get("hand_over"):
            return False
        choices = self.choices(state)
        giving = any(m.startswith("give ") for m in choices)
        return (giving or state.get("turn") == state.get("seat")) and len(choices) > 1

    def bot_view(self, state: dict[str, Any]) -> dict[str, Any]:
        """The seat's engine view in its table state (the shell's keys left out)."""
        return {k: v for k, v in state.items() if k in VIEW_KEYS}

    def move_words(self, move: str, state: dict[str, Any], lang: str) -> str:
        seat = int(state.get("seat") or 0)
        return log_line(lang, list(state.get("names") or []), seat, move, prefix="dog_hint", faces=True)


COACH = DogCoach(make_bot)
