"""Ten's table in the page (browser only): the table the shell asks of a game, as
small as a table can be. Each legal step is a button ``#hand [data-move]``; the total and the
engine's refusals show in ``#hint``; the shell's curtain passes the device between people."""

from __future__ import annotations

from typing import Any

from fakegame.replays import log_line
from web.shell.dom import by_id, clear, make
from web.shell.i18n import t
from web.shell.table import GameTable, check_table, fill, part


class TenTable(GameTable):
    def build(self, parts: Any) -> None:
        shell = part("heading", "hint", "timer", "coach", "coach-text", "curtain", "talk-box", "log-box")
        result = (
            '<button type="button" id="show-summary" class="primary" data-i18n="show_result" hidden></button>'
        )
        fill(by_id("table"), '<div id="hand" class="hand"></div>' + result + shell, parts)

    def wire_table(self) -> None:
        self.host.on(by_id("hand"), "click", self.on_ten_click)
        self.host.on(by_id("show-summary"), "click", lambda e: self.open_summary())

    def on_ten_click(self, evt: Any) -> None:
        button = evt.target.closest("[data-move]")
        if button is None:
            return
        refused = self.host.act(str(button.dataset.move))
        if refused:
            self.host.say.hint(refused, refused=True)

    def render(self, state: dict[str, Any]) -> None:
        lang = self.host.lang
        over = bool(state["match"]["over"])
        table = self.host.mark_table(state["turn"], state["hand_over"], over)
        table.dataset.total = str(state["total"])
        hand = by_id("hand")
        clear(hand)
        log = by_id("log")
        clear(log)
        by_id("show-summary").hidden = not state["hand_over"]
        if self.host.curtain.show_curtain(state["names"], state["hand_over"]):
            return
        for entry in state["log"]:  # all from the state, in the page's language now
            log.appendChild(make("li", "", log_line(lang, state["names"], entry["seat"], entry["move"])))
        if state["turn"] == self.host.seat and not state["hand_over"]:
            for move in state["legal"]:
                if move != "wave":
                    hand.appendChild(make("button", "card", move, type="button", data_move=move))
        self.host.say.hint(t(lang, "ten_total", n=state["total"]))
        self.render_timer()

    def render_timer(self) -> None:
        """The turn timer of the person to act (a turn: the total and the seat)."""
        sv, s, seat = self.host.sv, self.host.session, self.host.clock.timer_seat()
        if sv is None or s is None or seat is None or sv.hand_over:
            self.host.clock.draw_timer(0, None, False)
            return
        self.host.clock.draw_timer(s.settings.timer, (int(sv["total"]), seat), seat == self.host.seat)

    def hand_buttons(self) -> list[Any]:
        nodes = by_id("hand").querySelectorAll("[data-move]")
        return [nodes.item(i) for i in range(nodes.length)]

    def focus_card(self, index: int) -> None:
        buttons = self.hand_buttons()
        if buttons:
            buttons[max(0, min(index, len(buttons) - 1))].focus()

    def after_local_move(self, move: str) -> None:
        """The shown seat's move, said to screen readers."""
        sv = self.host.sv
        if sv is not None:
            self.host.say.announce(log_line(self.host.lang, sv.names, self.host.seat, move))

    def open_summary(self) -> None:
        """The end of the hand: who reached 10, and who won the match once it is over."""
        sv = self.host.sv
        if sv is None or not sv.hand_over:
            return
        lang, names = self.host.lang, sv.names
        over = sv.match_over
        by_id("summary-title").textContent = t(lang, "ten_summary", n=sv["hand_no"])
        winner = sv["match"].get("winner") if over else None
        if winner is not None:
            text = t(lang, "ten_match_won", who=names[winner])
        else:
            last = sv["log"][-1] if sv["log"] else None
            text = t(lang, "ten_hand_won", who=names[last["seat"]]) if last else ""
        by_id("summary-winner").textContent = text
        clear(by_id("summary-table"))
        self.host.flows.show_summary(over)

    def draw_replay_board(self, b: dict[str, Any]) -> None:
        """A replayed position (:meth:`fakegame.replays.TenBook.board`): each seat's row and
        the total."""
        facts = by_id("replay-facts")
        clear(facts)
        facts.appendChild(make("li", "", t(self.host.lang, "ten_total", n=b["total"])))
        clear(by_id("replay-seats"))
        for s in range(b["players"]):
            self.host.replay.replay_seat_row(b, s, [])


check_table(TenTable)
