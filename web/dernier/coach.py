"""Dernier's hint (:class:`web.shell.coach.Coach`): the coach of :mod:`dernier.review`
(the hard bot's search, each candidate's chance to win the hand) on the seat's view."""

from __future__ import annotations

from typing import Any

from dernier.review import coach_steps
from web.dernier.describe import move_text
from web.dernier.seatview import SeatView
from web.shell.coach import Coach, Steps
from web.shell.i18n import t


def coach_words(hint: dict[str, Any], lang: str) -> str:
    """``Hint: 9♥ (54% to win) · draw 40% · 5♥ 33%`` in the page's words."""
    if not hint.get("move"):
        return t(lang, "coach_none")

    def label(move: str) -> str:
        if move == "draw":
            return t(lang, "draw")
        if move == "pass":
            return t(lang, "pass")
        if move == "dernier":
            return "Dernier!"
        return move_text(move) + (" !" if move.endswith("!") else "")

    cands = hint.get("candidates") or []
    best = cands[0] if cands else {"move": hint["move"], "win": None}
    if best.get("win") is None:
        return t(lang, "coach_only", move=label(str(hint["move"])))
    head = t(lang, "coach_line", move=label(str(best["move"])), pct=round(100 * best["win"]))
    others = [
        f"{label(str(c['move']))} {round(100 * c['win'])}%" for c in cands[1:] if c.get("win") is not None
    ]
    return head + (" · " + " · ".join(others) if others else "")


class DernierCoach(Coach):
    def key(self, state: dict[str, Any]) -> tuple[Any, ...]:
        """The hand, the move and the seat."""
        v = SeatView(state)
        return (v.get("hand_no"), v.get("move_no"), v.seat, v.turn)

    def offer(self, state: dict[str, Any]) -> bool:
        v = SeatView(state)
        return v.my_turn and not v.hand_over and len(v.legal) > 1

    def steps(self, state: dict[str, Any], seconds: float, seed: int) -> Steps:
        return coach_steps(state, seconds=seconds, seed=seed)

    def words(self, hint: dict[str, Any], state: dict[str, Any], lang: str) -> str:
        return coach_words(hint, lang)


COACH = DernierCoach()
