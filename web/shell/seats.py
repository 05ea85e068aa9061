"""Which seat the table shows, one for every game (a mixin of the page): the turn timer and
the pass-and-play curtain.

When two or more people share the device, the page shows the local person who is to act; when
that changes the curtain (``#curtain``, ``#curtain-title``, ``#curtain-go``) covers the table
until the next person taps "Show my cards". A game's table (:class:`web.shell.table.GameTable`)
tells the curtain only what differs:

- ``curtain_turn``: which seat is to act now (default: the session's turn while the hand
  is on);
- ``seat_passed``: forget what the previous person had chosen on this device;
- :meth:`show_curtain`'s ``keep``: the curtain stays over an ended hand (someone must still
  decide under it).

A table's ``render`` starts with :meth:`seat_state`; it draws the curtain with
:meth:`show_curtain` and the turn timer with :meth:`draw_timer` (saying what a turn is);
its ``thinking_seats`` names its seat boxes for its ``render_thinking``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pyscript import document, window

from web.shell.dom import by_id, clear, make
from web.shell.i18n import t
from web.shell.part import PagePart

CLOCK_SVG = (
    '<svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" '
    'stroke-width="2.2" stroke-linecap="round"><circle cx="12" cy="13" r="8"/>'
    '<path d="M12 9v4l2.5 2.5M9.5 2.5h5"/></svg>'
)


class Seats(PagePart):
    """The seats' marks, the turn timer and the curtain between local people (a mixin of the page)."""

    def draw_timer(self, limit: int, turn: tuple[int, ...] | None, shown: bool) -> None:
        """The turn timer ``#timer`` (RULES: ``limit`` seconds a turn, 0 for none): the clock
        starts again whenever ``turn`` (what identifies a turn, None when nobody's runs)
        changes; it shows on the page when ``shown`` (the shown seat's turn), a drawn clock
        and the seconds left, ``.low`` in the last ten."""
        el = by_id("timer")
        if not limit or turn is None:
            self.page.turn_started = None
            self.page.turn_key = None
            el.hidden = True
            return
        if self.page.turn_key != turn:
            self.page.turn_key = turn
            self.page.turn_started = float(window.performance.now())
        if not shown or self.page.turn_started is None:
            el.hidden = True
            return
        left = limit - (float(window.performance.now()) - self.page.turn_started) / 1000
        el.hidden = False
        if not el.querySelector(".timer-text"):  # a drawn clock: no emoji font needed
            clear(el)
            icon = make("span", "timer-icon")
            icon.setAttribute("aria-hidden", "true")
            icon.innerHTML = CLOCK_SVG
            el.appendChild(icon)
            el.appendChild(make("span", "timer-text"))
        el.querySelector(".timer-text").textContent = t(
            self.page.lang, "timer_left", n=max(0, int(left + 0.999))
        )
        el.classList.toggle("low", left < 10)

    def pick_seat(self) -> None:
        """Pass-and-play: the page shows the local person who is to act (else the one shown
        last); when that changes between two people, the curtain comes up."""
        s = self.page.session
        if s is None or not s.multi_local:
            return
        seat = self.page.table.curtain_turn(s)
        if seat is None or not s.is_local(seat) or seat == self.page.seat:
            return
        self.page.seat = seat
        self.page.curtain_seat = seat
        self.page.table.seat_passed()
        self.page.close_dialogs()

    def seat_state(self) -> dict[str, Any] | None:
        """The table state to draw: that of the seat :meth:`pick_seat` shows (None before a
        match). A table's ``render`` starts here."""
        self.pick_seat()
        return self.page.state_now()

    def hide_curtain_actions(self) -> None:
        """The curtain's own buttons of a game (``#curtain [data-curtain-action]``) hidden: the
        game shows one when it applies."""
        found = document.querySelectorAll("#curtain [data-curtain-action]")
        for i in range(found.length):
            found.item(i).hidden = True

    def show_curtain(self, names: Sequence[str], hand_over: bool, keep: bool = False) -> bool:
        """Covers the table while the device passes to ``curtain_seat`` (the hand's end takes
        the curtain down unless ``keep``). Returns whether the table is covered."""
        cur = by_id("curtain")
        if not self.page.table.curtain_up() or (hand_over and not keep):
            if self.page.curtain_seat is not None and hand_over:
                self.page.curtain_seat = None
            cur.hidden = True
            document.body.removeAttribute("data-curtain")
            self.hide_curtain_actions()
            return False
        seat = self.page.seat
        who = names[seat] if 0 <= seat < len(names) else str(seat)
        title = t(self.page.lang, "curtain_pass", who=who)
        # the person changed under the curtain (a turn lost to the timer): say the new name
        renamed = str(by_id("curtain-title").textContent or "") != title
        by_id("curtain-title").textContent = title
        by_id("curtain-go").textContent = t(self.page.lang, "curtain_go", who=who)
        self.hide_curtain_actions()  # a game may offer a call from under the curtain
        was_hidden = bool(cur.hidden)
        cur.hidden = False
        document.body.dataset.curtain = "true"
        if was_hidden:
            by_id("curtain-go").focus()
        if was_hidden or renamed:
            self.page.announce(title)
        return True

    def on_curtain_go(self) -> None:
        self.page.curtain_seat = None
        by_id("curtain").hidden = True
        self.page.render()
        self.page.focus_hand()
