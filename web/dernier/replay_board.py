"""Dernier's positions in the replay viewer (browser only): the part of its table that draws
what :func:`web.dernier.replays.board` gives (``draw_replay_board``, the hook the shell's
viewer, :mod:`web.shell.replay_ui`, calls): each seat's row with its hand (a hidden one as
card backs), the discard pile's top with the suit asked, the draw pile, the wild card, the
draws pending and the direction of play. The first base of Dernier's table class
(:class:`web.dernier.table.DernierTable`)."""

from __future__ import annotations

from typing import Any

from web.dernier import faces
from web.dernier.describe import count_text, sort_hand
from web.shell.dom import by_id, clear, make
from web.shell.i18n import t
from web.shell.table import GameTable


class ReplayBoard(GameTable):
    """Dernier's table, its drawing of a replayed position."""

    def draw_replay_board(self, b: dict[str, Any]) -> None:
        """A position of the viewer (``b``: :func:`web.dernier.replays.board`) drawn in
        ``#replay-board``: the seats in ``#replay-seats``, the pile in ``#replay-discard``,
        the facts in ``#replay-facts``."""
        self.draw_replay_seats(b)
        self.draw_replay_center(b)

    def rp_jolly(self) -> str:
        """How the viewed match's Jolly is drawn (``faces.card_svg``'s ``jolly``)."""
        rp_match = self.host.replay.rp_match
        return "wild" if rp_match is not None and rp_match.rules.jolly == "wild" else "suit"

    def draw_replay_seats(self, b: dict[str, Any]) -> None:
        lang = self.host.lang
        clear(by_id("replay-seats"))
        jolly = self.rp_jolly()
        for s in range(b["players"]):
            n = b["counts"][s]
            _row, cards = self.host.replay.replay_seat_row(b, s, [count_text(n, lang)])
            hand = b["hands"][s]
            if hand is None:
                self.host.replay.replay_hidden(cards, n)
            else:
                shown = sort_hand(hand)
                cards.setAttribute(
                    "aria-label", ", ".join(faces.card_name(x, lang) for x in shown) or t(lang, "none_left")
                )
                for code in shown:
                    c = make("span", "mini-face", None, title=faces.card_name(code, lang))
                    c.dataset.card = code
                    c.innerHTML = faces.card_svg(code, jolly)
                    cards.appendChild(c)

    def draw_replay_center(self, b: dict[str, Any]) -> None:
        lang = self.host.lang
        pile = by_id("replay-discard")
        pile.dataset.card = b["top"]
        if b["suit"]:
            pile.dataset.suit = b["suit"]
        else:
            pile.removeAttribute("data-suit")
        jolly = self.rp_jolly()
        pile.innerHTML = faces.card_svg(b["top"], jolly)
        pile.setAttribute("aria-label", t(lang, "replay_top", card=faces.card_name(b["top"], lang)))
        facts = [t(lang, "replay_draw_pile", n=b["draw_count"])]
        if b["suit"]:
            facts.append(t(lang, "replay_suit", suit=faces.suit_symbol(b["suit"])))
        if b["wild"]:
            facts.append(t(lang, "replay_wild", card=faces.card_short(b["wild"])))
        if b["pending"]:
            facts.append(t(lang, "replay_pending", n=b["pending"]))
        way = t(lang, "direction_ccw" if b["direction"] == 1 else "direction_cw")
        facts.append(t(lang, "direction_label", dir=way))
        info = by_id("replay-facts")
        clear(info)
        for f in facts:
            info.appendChild(make("li", "", f))
