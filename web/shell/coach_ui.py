"""The "Hint" button: the coach (:func:`dernier.review.coach_steps`) for the shown seat.

The coach reads the shown seat's table state only (``self.sv``: its own hand, the counts,
the piles and the public log), the same dict a friend's page receives: on a friend's page
that view is all there is, so the hint runs there on that view and never asks the host.
It thinks in slices of a few milliseconds between which the event loop runs, and for at
most :data:`COACH_SECONDS`. A hint belongs to one position: once the table moves on it is
cleared.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from dernier.review import coach_steps
from web.dernier.describe import move_text
from web.dernier.seatview import SeatView
from web.shell.dom import by_id
from web.shell.i18n import t

if TYPE_CHECKING:
    from web.shell.page import PageLike as _Page  # the whole page, as this mixin sees it
else:
    _Page = object

#: the coach's time limit in the page (the hard bot's budget is the other limit)
COACH_SECONDS = 0.8


def hint_key(v: SeatView) -> tuple[Any, ...]:
    """The position a hint belongs to: the hand, the move and the seat."""
    return (v.get("hand_no"), v.get("move_no"), v.seat, v.turn)


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


class CoachButton(_Page):
    """Mixin of :class:`web.ui.Page`."""

    sv: SeatView | None
    session: Any
    coach_for: tuple[Any, ...] | None = None  # the position the shown hint belongs to
    coach_task: Any = None

    def render_coach(self, v: SeatView) -> None:
        btn = by_id("coach")
        text = by_id("coach-text")
        offer = v.my_turn and not v.hand_over and len(v.legal) > 1 and not self.curtain_up()
        btn.hidden = not offer
        btn.textContent = t(self.lang, "coach_button")
        if self.coach_for is not None and self.coach_for != hint_key(v):
            self.coach_for = None
            text.textContent = ""
            text.hidden = True
        if not offer:  # not this seat's choice (or the curtain is up): no hint lingers
            self.coach_for = None
            text.textContent = ""
            text.hidden = True

    def on_coach(self) -> None:
        v = self.sv
        if v is None or not v.my_turn or v.hand_over or self.curtain_up():
            return
        if self.coach_task is not None and not self.coach_task.done():
            return
        s = self.session
        if s is not None and not s.hinted:  # the statistics mark a match played with hints
            s.hinted = True
            s.save()
        self.coach_task = asyncio.ensure_future(self.run_coach(v))

    async def run_coach(self, v: SeatView) -> None:
        lang = self.lang
        key = hint_key(v)
        btn = by_id("coach")
        text = by_id("coach-text")
        btn.disabled = True
        text.hidden = False
        text.textContent = t(lang, "coach_thinking")
        self.coach_for = key
        try:
            view = dict(v.state)  # the shown seat's view: nothing else
            gen = coach_steps(view, seconds=COACH_SECONDS, seed=len(view.get("log") or ()))
            while True:
                try:
                    next(gen)
                except StopIteration as stop:
                    hint: dict[str, Any] = stop.value
                    break
                await asyncio.sleep(0)
                if self.sv is None or hint_key(self.sv) != key:
                    return  # the table moved on: this hint is stale
            text.textContent = coach_words(hint, lang)
            text.dataset.move = str(hint.get("move") or "")
        except Exception:  # a view the coach cannot read: no hint, the game goes on
            text.textContent = t(lang, "coach_none")
            text.dataset.move = ""
        finally:
            btn.disabled = False
