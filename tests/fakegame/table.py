"""Ten's table in the page (browser only): the table the shell asks of a game, as
small as a table can be. Each legal step is a button ``#hand [data-move]``; the total and the
engine's refusals show in ``#hint``; the shell's curtain passes the device between people."""

from __future__ import annotations

from typing import Any

from web.shell.dom import by_id, clear, make
from web.shell.i18n import t
from web.shell.table import GameTable, check_table, fill, part


class TenTable(GameTable):
    def build(self, parts: Any) -> None:
        shell = part("heading", "hint", "timer", "coach", "coach-text", "curtain", "talk-box", "log-box")
        fill(by_id("table"), '<div id="hand" class="hand"></div>' + shell, parts)

    def wire_table(self) -> None:
        self.host.on(by_id("hand"), "click", self.on_ten_click)

    def on_ten_click(self, evt: Any) -> None:
        button = evt.target.closest("[data-move]")
        if button is None:
            return
        refused = self.host.act(str(button.dataset.move))
        if refused:
            self.host.hint(refused, refused=True)

    def render(self, state: dict[str, Any]) -> None:
        table = self.host.mark_table(state["turn"], state["hand_over"], state["match"]["over"])
        table.dataset.total = str(state["total"])
        hand = by_id("hand")
        clear(hand)
        if self.host.show_curtain(state["names"], state["hand_over"]):
            return
        if state["turn"] == self.host.seat:
            for move in state["legal"]:
                if move != "wave":
                    hand.appendChild(make("button", "card", move, type="button", data_move=move))
        self.host.hint(t(self.host.lang, "ten_total", n=state["total"]))

    def render_timer(self) -> None:
        pass

    def hand_buttons(self) -> list[Any]:
        return []

    def focus_card(self, *args: Any) -> None:
        pass

    def after_local_move(self, move: str) -> None:
        pass

    def open_summary(self, *args: Any) -> None:
        pass

    def draw_replay_board(self, b: dict[str, Any]) -> None:
        """A replayed position (:meth:`fakegame.replays.TenBook.board`): each seat's row and
        the total."""
        facts = by_id("replay-facts")
        clear(facts)
        facts.appendChild(make("li", "", t(self.host.lang, "ten_total", n=b["total"])))
        clear(by_id("replay-seats"))
        for s in range(b["players"]):
            self.host.replay_seat_row(b, s, [])


check_table(TenTable)
