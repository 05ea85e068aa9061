"""Dernier's table in the page: :class:`DernierTable`, a :class:`web.shell.table.GameTable`
(the hooks the shell calls) over its parts, each the base of the next: the replayed position
(:mod:`web.dernier.replay_board`), clicks and keys turned into move strings
(:mod:`web.dernier.table_input`) and one seat's view drawn (:mod:`web.dernier.drawing`); it
wires the table's elements. Named by :data:`web.dernier.game.DERNIER`'s ``table``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyscript import document

from web.dernier.drawing import TableDrawing
from web.shell.dom import by_id
from web.shell.table import check_table, fill, part

#: Dernier's table (CONTRACT "In the page"): its elements around the shell's parts
TABLE_HTML = f"""\
{part("heading")}
<div id="opponents" class="opponents"></div>
<div id="center" class="center">
  <div id="drawpile" class="pile drawpile" role="img" aria-label="Draw pile">
    <div class="pile-stack"></div>
    <span id="draw-count" class="pile-count"></span>
  </div>
  <div id="discard" class="pile discard" role="img" aria-label="Discard pile"></div>
  <div id="table-info" class="table-info">
    <div id="suit-indicator" class="suit-indicator"></div>
    <div id="pending" class="pending" hidden></div>
    <div id="direction" class="direction"></div>
  </div>
</div>
<div class="turn-row">
  <p id="turn-line" class="turn-line"></p>
  <button type="button" id="show-summary" class="primary"
    data-i18n="show_result" hidden>Show the result</button>
</div>
<div id="me" class="me">
  <div class="me-info">
    <span id="me-name" class="me-name"></span>
    <span id="me-badge" class="badge" hidden>Dernier!</span>
    <span id="me-dealer" class="chip" hidden>dealer</span>
    <span id="me-score" class="chip" hidden></span>
    {part("timer")}
  </div>
  <div id="hand" class="hand" role="group" aria-label="Your hand"></div>
  {part("hint")}
  <div id="actions" class="actions">
    <button type="button" id="draw" class="action">Draw</button>
    <button type="button" id="pass" class="action">Pass</button>
    <button type="button" id="dernier" class="action dernier-btn" aria-pressed="false">Dernier!</button>
    {part("coach")}
  </div>
  {part("coach-text")}
</div>
{part("curtain")}
{part("talk-box")}
{part("log-box")}
"""

#: Dernier's call from under the pass-and-play curtain (a curtain action: the shell hides it)
CURTAIN_DERNIER = (
    '<button type="button" id="curtain-dernier" class="action dernier-btn urgent" data-curtain-action '
    "hidden>Dernier!</button>"
)


class DernierTable(TableDrawing):
    """Wires Dernier's table: the hand, the buttons, the suit chooser, the summary, Abandon,
    the pass-and-play curtain and the keys (the page's table)."""

    def build(self, parts: Mapping[str, Any]) -> None:
        fill(by_id("table"), TABLE_HTML, parts)
        parts["curtain"].insertAdjacentHTML("beforeend", CURTAIN_DERNIER)

    def wire_table(self) -> None:
        self.host.on(by_id("hand"), "click", self.on_hand_click)
        self.host.on(by_id("hand"), "keydown", self.on_hand_key)
        self.host.on(by_id("hand"), "contextmenu", self.on_hand_long_press)
        self.host.on(by_id("hand"), "pointerdown", self.on_hand_pointer_down)
        self.host.on(by_id("hand"), "pointermove", self.on_hand_pointer_move)
        for end in ("pointerup", "pointercancel", "pointerleave"):
            self.host.on(by_id("hand"), end, self.on_hand_pointer_end)
        self.host.on(by_id("draw"), "click", lambda e: self.simple_move("draw"))
        self.host.on(by_id("pass"), "click", lambda e: self.simple_move("pass"))
        self.host.on(by_id("dernier"), "click", lambda e: self.on_dernier())
        self.host.on(by_id("chooser-options"), "click", self.on_choose)
        self.host.on(by_id("chooser-options"), "keydown", self.on_chooser_key)
        self.host.on(by_id("chooser-cancel"), "click", lambda e: self.close_chooser())
        self.host.on(by_id("chooser"), "cancel", self.on_chooser_cancel)
        self.host.on(by_id("summary-peek"), "click", lambda e: self.peek_table())
        self.host.on(by_id("summary"), "cancel", lambda e: self.peek_table())
        self.host.on(by_id("confirm-abandon"), "close", lambda e: self.resume_choice())
        self.host.on(by_id("chooser-abandon"), "click", lambda e: self.abandon_from_chooser())
        self.host.on(by_id("show-summary"), "click", self.on_show_summary)
        self.host.on(by_id("curtain-dernier"), "click", lambda e: self.on_curtain_dernier())
        self.host.on(document, "keydown", self.on_key)
        self.host.on(document, "keyup", self.on_key_up)


check_table(DernierTable)
