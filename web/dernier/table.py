"""Dernier's table in the page: :class:`DernierTable`, a :class:`web.shell.table.GameTable`
(the hooks the shell calls) over its parts, each the base of the next: the replayed position
(:mod:`web.dernier.replay_board`), clicks and keys turned into move strings
(:mod:`web.dernier.table_input`) and one seat's view drawn (:mod:`web.dernier.drawing`); it
wires the table's elements. Named by :data:`web.dernier.game.DERNIER`'s ``table``."""

from __future__ import annotations

from pyscript import document

from web.dernier.drawing import TableDrawing
from web.shell.dom import by_id
from web.shell.table import check_table


class DernierTable(TableDrawing):
    """Wires Dernier's table: the hand, the buttons, the suit chooser, the summary, Abandon,
    the pass-and-play curtain and the keys (the page's table)."""

    def wire_table(self) -> None:
        self.page.on(by_id("hand"), "click", self.on_hand_click)
        self.page.on(by_id("hand"), "keydown", self.on_hand_key)
        self.page.on(by_id("hand"), "contextmenu", self.on_hand_long_press)
        self.page.on(by_id("hand"), "pointerdown", self.on_hand_pointer_down)
        self.page.on(by_id("hand"), "pointermove", self.on_hand_pointer_move)
        for end in ("pointerup", "pointercancel", "pointerleave"):
            self.page.on(by_id("hand"), end, self.on_hand_pointer_end)
        self.page.on(by_id("draw"), "click", lambda e: self.simple_move("draw"))
        self.page.on(by_id("pass"), "click", lambda e: self.simple_move("pass"))
        self.page.on(by_id("dernier"), "click", lambda e: self.on_dernier())
        self.page.on(by_id("chooser-options"), "click", self.on_choose)
        self.page.on(by_id("chooser-options"), "keydown", self.on_chooser_key)
        self.page.on(by_id("chooser-cancel"), "click", lambda e: self.close_chooser())
        self.page.on(by_id("chooser"), "cancel", self.on_chooser_cancel)
        self.page.on(by_id("next"), "click", lambda e: self.on_next())
        self.page.on(by_id("new-match"), "click", lambda e: self.on_new_match())
        self.page.on(by_id("change-settings"), "click", lambda e: self.on_change_settings())
        self.page.on(by_id("summary-peek"), "click", lambda e: self.peek_table())
        self.page.on(by_id("summary"), "cancel", lambda e: self.peek_table())
        self.page.on(by_id("abandon"), "click", lambda e: self.ask_abandon())
        self.page.on(by_id("abandon-yes"), "click", lambda e: self.do_abandon())
        self.page.on(by_id("abandon-no"), "click", lambda e: by_id("confirm-abandon").close())
        self.page.on(by_id("confirm-abandon"), "close", lambda e: self.resume_choice())
        self.page.on(by_id("chooser-abandon"), "click", lambda e: self.abandon_from_chooser())
        self.page.on(by_id("show-summary"), "click", self.on_show_summary)
        self.page.on(by_id("curtain-dernier"), "click", lambda e: self.on_curtain_dernier())
        self.page.on(document, "keydown", self.on_key)
        self.page.on(document, "keyup", self.on_key_up)


check_table(DernierTable)
