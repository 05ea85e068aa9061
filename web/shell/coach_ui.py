"""The "Hint" button: the game's coach (:attr:`web.shell.games.GameSpec.coach`, a
:class:`web.shell.coach.Coach`) for the shown seat.

The coach reads the shown seat's table state only (``self.sv``: its own hand, the counts,
the piles and the public log), the same dict a friend's page receives: on a friend's page
that view is all there is, so the hint runs there on that view and never asks the host.
It thinks in slices of a few milliseconds between which the event loop runs (Dernier's for
at most :data:`COACH_SECONDS`). A hint belongs to one position: once the table moves on it
is cleared. The shell calls :meth:`CoachButton.render_coach` after each table's render.
"""

from __future__ import annotations

import asyncio
from typing import Any

from web.shell.dom import by_id
from web.shell.i18n import t
from web.shell.part import PagePart

#: the coach's time limit in the page (the hard bot's budget is the other limit)
COACH_SECONDS = 0.8


def state_of(v: Any) -> dict[str, Any]:
    """The table state a table's ``self.sv`` wraps (a SeatView) or is (a dict)."""
    state: dict[str, Any] = getattr(v, "state", v)
    return state


class CoachButton(PagePart):
    """Mixin of :class:`web.ui.Page`."""

    coach_for: tuple[Any, ...] | None = None  # the position the shown hint belongs to
    coach_task: Any = None

    def render_coach(self, v: Any) -> None:
        btn = by_id("coach")
        text = by_id("coach-text")
        coach = self.page.game.hint_coach()
        state = state_of(v)
        offer = coach is not None and coach.offer(state) and not self.page.table.curtain_up()
        btn.hidden = not offer
        btn.textContent = t(self.page.lang, "coach_button")
        if not offer or (self.coach_for is not None and self.coach_for != coach.key(state)):
            # not this seat's choice (or the curtain is up), or the table moved on: no hint lingers
            self.coach_for = None
            text.textContent = ""
            text.hidden = True

    def on_coach(self) -> None:
        v = self.page.sv
        coach = self.page.game.hint_coach()
        if v is None or coach is None or not coach.offer(state_of(v)) or self.page.table.curtain_up():
            return
        if self.coach_task is not None and not self.coach_task.done():
            return
        s = self.page.session
        if s is not None and not s.hinted:  # the statistics mark a match played with hints
            s.hinted = True
            s.save()
        self.coach_task = asyncio.ensure_future(self.run_coach(dict(state_of(v))))

    async def run_coach(self, state: dict[str, Any]) -> None:
        lang = self.page.lang
        coach = self.page.game.hint_coach()
        key = coach.key(state)
        btn = by_id("coach")
        text = by_id("coach-text")
        btn.disabled = True
        text.hidden = False
        text.textContent = t(lang, "coach_thinking")
        self.coach_for = key
        try:
            gen = coach.steps(state, COACH_SECONDS, len(state.get("log") or ()))
            while True:
                try:
                    next(gen)
                except StopIteration as stop:
                    hint: dict[str, Any] = stop.value
                    break
                await asyncio.sleep(0)
                if self.page.sv is None or coach.key(state_of(self.page.sv)) != key:
                    return  # the table moved on: this hint is stale
            text.textContent = coach.words(hint, state, lang)
            text.dataset.move = str(hint.get("move") or "")
        except Exception:  # a view the coach cannot read: no hint, the game goes on
            text.textContent = t(lang, "coach_none")
            text.dataset.move = ""
        finally:
            btn.disabled = False
