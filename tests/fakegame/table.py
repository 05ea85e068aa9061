"""Ten's table in the page (browser only): the mixin the shell asks of a game's table, as
small as a table can be. Each legal step is a button ``#hand [data-move]``; the total and the
engine's refusals show in ``#hint``; the shell's curtain passes the device between people."""

from __future__ import annotations

from typing import Any

from web.shell.dom import by_id, clear, make
from web.shell.i18n import t


class TenTable:
    def wire_table(self: Any) -> None:
        self.on(by_id("hand"), "click", self.on_ten_click)

    def on_ten_click(self: Any, evt: Any) -> None:
        button = evt.target.closest("[data-move]")
        if button is None:
            return
        refused = self.act(str(button.dataset.move))
        if refused:
            self.hint(refused, refused=True)

    def render(self: Any) -> None:
        state = self.seat_state()
        if state is None:
            return
        table = self.mark_table(state["turn"], state["hand_over"], state["match"]["over"])
        table.dataset.total = str(state["total"])
        if self.hub is not None:
            self.hub.render_seats()
        hand = by_id("hand")
        clear(hand)
        if self.show_curtain(state["names"], state["hand_over"]):
            return
        if state["turn"] == self.seat:
            for move in state["legal"]:
                if move != "wave":
                    hand.appendChild(make("button", "card", move, type="button", data_move=move))
        self.hint(t(self.lang, "ten_total", n=state["total"]))

    def render_timer(self: Any) -> None:
        pass

    def hand_buttons(self: Any) -> list[Any]:
        return []

    def focus_card(self: Any, *args: Any) -> None:
        pass

    def after_local_move(self: Any, move: str) -> None:
        pass

    def open_summary(self: Any, *args: Any) -> None:
        pass

    def draw_replay_board(self: Any, b: dict[str, Any]) -> None:
        """A replayed position (:meth:`fakegame.replays.TenBook.board`): each seat's row and
        the total."""
        facts = by_id("replay-facts")
        clear(facts)
        facts.appendChild(make("li", "", t(self.lang, "ten_total", n=b["total"])))
        clear(by_id("replay-seats"))
        for s in range(b["players"]):
            self.replay_seat_row(b, s, [])


MIXINS = (TenTable,)
