"""Scala 40's table in the page (browser only): the table (a
:class:`web.shell.table.GameTable`) that builds the table's own elements (CONTRACT "In the
page": ``#stock``, ``#discard``, ``#melds``, ``#opening``, ``#meld``, ``#open``,
``#cancel-open``, ``#reenter``, ``#retire``), draw one seat's table state and turn clicks
and keys into move strings. What it works out (order, selection, drafts) is in
:mod:`web.scala40.hand`; its words in :mod:`web.scala40.words`.

The opening is drafted on this device (``#meld`` moves the selection to ``#opening``, with
its value) and sent as one ``open`` move: a friend's or a pass-and-play draft never leaves
its page."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from pyscript import document, window

from scala40 import ruleset
from scala40.cards import parse_card
from scala40.scoring import hand_penalty
from web.scala40 import hand as H
from web.scala40.words import cards_word, log_words, move_words, why
from web.shell.dom import by_id, clear, dialog_open, local_storage, make, typing
from web.shell.i18n import rule_refs, t
from web.shell.table import GameTable, check_table, fill, part

PILE_HISTORY = 8  # the discard pile's cards shown on request


if TYPE_CHECKING:
    from web.scala40.session import Scala40Session
    from web.shell.session import Session


def deciding(s: Session) -> list[int]:
    """The seats that went out and decide on a re-entry now (§12)."""
    return cast("Scala40Session", s).match.m.decide


def joker_word(lang: str) -> str:
    """The joker's word on its face: JOLLY in Italian, JOKER in English."""
    return "JOLLY" if lang == "it" else "JOKER"


def face(code: str, lang: str) -> str:
    """A card's face as HTML from its code only (for ``innerHTML``): its rank and suit, big
    and plain, readable at a phone's card size; the joker a star and its word."""
    if code == "JK":
        return f'<span class="s40-r">★</span> <span class="s40-s s40-jolly">{joker_word(lang)}</span>'
    return f'<span class="s40-r">{code[:-1]}</span> <span class="s40-s">{H.card_text(code)[-1]}</span>'


def face_name(code: str, lang: str) -> str:
    """A hand card's accessible name: the text its face shows, then the card in words
    (WCAG 2.5.3, "label in name")."""
    shown = f"★ {joker_word(lang)}" if code == "JK" else f"{code[:-1]} {H.card_text(code)[-1]}"
    return f"{shown}, {H.card_name(code, lang)}"


def card_chip(code: str, tag: str = "span") -> Any:
    """A small card of a meld, a pile or a replayed hand (``data-card``; a joker laid in a meld,
    ``JK=5C``, has ``data-card="JK"`` and ``data-represents``)."""
    chip = make(tag, "s40-c suit-" + code[-1], H.card_text(code))
    if code.startswith("JK="):
        chip.dataset.card = "JK"
        chip.dataset.represents = code[3:]
        chip.classList.add("s40-jk")
    else:
        chip.dataset.card = code
    return chip


def draw_melds(
    box: Any,
    melds: list[dict[str, Any]],
    names: list[str],
    me: int,
    lit: set[int],
    lang: str,
    tap: bool = True,
) -> None:
    """The melds on the table in ``box``, grouped by owner (``me``'s first), ``lit`` the ones
    a selected card could go to, ``tap``: each meld a button (``#melds`` on the table; the
    replay viewer's melds are not)."""
    clear(box)
    if not melds:
        box.appendChild(make("p", "s40-empty", t(lang, "s40_no_melds")))
        return
    owners: dict[int, list[int]] = {}
    for i, m in enumerate(melds):
        owners.setdefault(int(m["owner"]), []).append(i)
    for owner in sorted(owners, key=lambda s: (s != me, s)):
        group = make("div", "s40-owner")
        group.dataset.owner = str(owner)
        heading = t(lang, "s40_my_melds") if owner == me else t(lang, "s40_melds_of", who=names[owner])
        group.appendChild(make("h3", "s40-owner-name", heading))
        row = make("div", "s40-row")
        for i in owners[owner]:
            cards = melds[i]["cards"]
            # the name holds the text shown (WCAG 2.5.3), then the cards in words
            text = ", ".join(H.card_name(c, lang) for c in cards)
            shown = " ".join(H.card_text(c) for c in cards)
            el = make("div", "s40-meld", None, aria_label=f"{shown}: {text}")
            if tap:
                el.setAttribute("role", "button")
                el.setAttribute("tabindex", "0")
            else:
                el.setAttribute("role", "img")
            el.dataset.meld = str(i)
            el.dataset.owner = str(owner)
            if i in lit:
                el.classList.add("lit")
            for k, c in enumerate(cards):
                if k:
                    el.appendChild(document.createTextNode(" "))  # not drawn in the flex row
                el.appendChild(card_chip(c))
            row.appendChild(el)
        group.appendChild(row)
        box.appendChild(group)


def _button(bid: str, cls: str = "action") -> Any:
    return make("button", cls, "", type="button", id=bid)


#: Scala 40's table (CONTRACT "In the page"): its elements around the shell's parts (the stock,
#: the melds, the opening and its buttons are added by :meth:`Scala40Table.wire_table`)
TABLE_HTML = f"""\
{part("heading")}
<div id="opponents" class="opponents"></div>
<div id="center" class="center">
  <div id="discard" class="pile discard" role="img" aria-label="Discard pile"></div>
</div>
<div class="turn-row">
  <p id="turn-line" class="turn-line"></p>
  <button type="button" id="show-summary" class="primary"
    data-i18n="show_result" hidden>Show the result</button>
</div>
<div id="me" class="me">
  <div class="me-info">
    <span id="me-name" class="me-name"></span>
    <span id="me-dealer" class="chip" hidden>dealer</span>
    <span id="me-score" class="chip" hidden></span>
    {part("timer")}
  </div>
  <div id="hand" class="hand" role="group" aria-label="Your hand"></div>
  {part("hint")}
  <div id="actions" class="actions">
    {part("coach")}
  </div>
  {part("coach-text")}
</div>
{part("curtain")}
{part("talk-box")}
{part("log-box")}
"""

#: this device's order of the hand and its drafted opening (kept across a reload)
HAND_KEY = "scala40.hand.v1"


class Scala40Table(GameTable):
    """Builds and wires Scala 40's elements, and keeps this device's choices: the hand's
    order, the selection, the drafted opening (the page's table)."""

    s40_order: list[str]
    s40_sel: list[int]
    s40_draft: list[str]
    s40_sort: str = "suit"
    s40_key: tuple[int, int] | None = None
    s40_seen: int = 0
    s40_summary: tuple[int, int] | None = None  # the (hand, choices made) summed up
    s40_pending: str = ""
    s40_last: dict[str, Any] | None = None  # what the last render showed (to see what moved)
    s40_drawn: str = ""  # the card this seat drew this turn (marked in the hand)
    s40_fresh: frozenset[int] = frozenset()  # melds laid or changed by the newest moves
    s40_arrived: tuple[str, ...] = ()  # cards new in the hand since the last render
    s40_from: str = ""  # where they came from: "stock" or "discard"
    s40_anim_until: float = 0.0  # the newest moves' animations play until then (ms)
    s40_drag: tuple[int, float, float] | None = None  # the card pressed: place, x, y
    s40_dragged: bool = False  # a drag moved a card: its click selects nothing

    # -- building --------------------------------------------------------------------

    def build(self, parts: Mapping[str, Any]) -> None:
        fill(by_id("table"), TABLE_HTML, parts)

    def wire_table(self) -> None:
        self.s40_order, self.s40_sel, self.s40_draft = [], [], []
        center = by_id("center")
        stock = _button("stock", "pile s40-stock")
        center.insertBefore(stock, by_id("discard"))
        pile = by_id("discard")
        pile.setAttribute("role", "button")
        pile.setAttribute("tabindex", "0")
        history = _button("pile-history", "ghost small s40-history-btn")
        history.setAttribute("aria-expanded", "false")
        history.setAttribute("aria-controls", "pile-list")
        center.appendChild(history)
        center.appendChild(make("ol", "s40-pile-list", None, id="pile-list", hidden=""))
        melds = make("section", "s40-melds", None, id="melds")
        melds.setAttribute("aria-live", "off")
        by_id("table").insertBefore(melds, by_id("me"))
        opening = make("div", "s40-opening", None, id="opening", hidden="")
        by_id("me").insertBefore(opening, by_id("hand"))
        actions = by_id("actions")
        for bid in ("sort", "meld", "open", "cancel-open", "move-left", "move-right"):
            actions.insertBefore(_button(bid), by_id("coach"))
        box = document.querySelector("#summary .dialog-actions")
        for bid in ("reenter", "retire"):
            box.insertBefore(_button(bid, "primary"), by_id("next"))
        self.host.on(stock, "click", lambda e: self.s40_move("draw"))
        self.host.on(pile, "click", lambda e: self.on_pile())
        self.host.on(pile, "keydown", self.on_pile_key)
        self.host.on(history, "click", lambda e: self.toggle_history())
        self.host.on(by_id("hand"), "click", self.on_hand_click)
        self.host.on(by_id("hand"), "keydown", self.on_hand_key)
        self.host.on(by_id("hand"), "pointerdown", self.on_drag_start)
        self.host.on(by_id("hand"), "pointermove", self.on_drag_move)
        self.host.on(by_id("hand"), "pointerup", self.on_drag_end)
        self.host.on(by_id("hand"), "pointercancel", lambda e: self.drag_stop())
        self.host.on(melds, "click", self.on_meld_click)
        self.host.on(melds, "keydown", self.on_meld_key)
        self.host.on(opening, "click", self.on_opening_click)
        self.host.on(by_id("sort"), "click", lambda e: self.toggle_sort())
        self.host.on(by_id("move-left"), "click", lambda e: self.shift_selected(-1))
        self.host.on(by_id("move-right"), "click", lambda e: self.shift_selected(1))
        self.host.on(by_id("meld"), "click", lambda e: self.on_meld_button())
        self.host.on(by_id("open"), "click", lambda e: self.on_open())
        self.host.on(by_id("cancel-open"), "click", lambda e: self.take_back())
        self.host.on(by_id("reenter"), "click", lambda e: self.s40_move("reenter"))
        self.host.on(by_id("retire"), "click", lambda e: self.s40_move("retire"))
        self.host.on(by_id("chooser-options"), "click", self.on_choose)
        self.host.on(by_id("chooser-cancel"), "click", lambda e: by_id("chooser").close())
        self.host.on(by_id("summary-peek"), "click", lambda e: by_id("summary").close())
        self.host.on(by_id("show-summary"), "click", lambda e: self.open_summary(force=True))
        self.host.on(document, "keydown", self.on_key)

    # -- the replay viewer (web/shell/replay_ui.py) ---------------------------------------

    def draw_replay_board(self, b: dict[str, Any]) -> None:
        """A replayed position (:meth:`web.scala40.replays.Scala40Book.board`): the melds on the
        table by owner, the discard pile's top, the stock, and each seat's hand (a hidden one as
        card backs)."""
        lang = self.host.lang
        pane = by_id("replay-board")
        melds = pane.querySelector(".replay-melds")
        if not melds:
            melds = make("section", "replay-own replay-melds")
            pane.insertBefore(melds, by_id("replay-seats"))
        draw_melds(melds, b["melds"], b["names"], -1, set(), lang, False)  # each by its owner's name
        pile = by_id("replay-discard")
        clear(pile)
        discard = b["discard"]
        pile.removeAttribute("data-card")
        pile.setAttribute("aria-label", t(lang, "s40_pile_empty"))
        if discard:
            pile.dataset.card = discard[-1]
            pile.appendChild(card_chip(discard[-1]))
            pile.setAttribute("aria-label", t(lang, "s40_pile_label", card=H.card_name(discard[-1], lang)))
        facts = by_id("replay-facts")
        clear(facts)
        for fact in (
            t(lang, "s40_stock") + f": {b['stock']}",
            t(lang, "s40_pile_history") + f" ({len(discard)})",
        ):
            facts.appendChild(make("li", "", fact))
        clear(by_id("replay-seats"))
        for s in range(b["players"]):
            n = b["counts"][s]
            out = s in b["out"]
            opened = "s40_opened" if b["opened"][s] else "s40_not_opened"
            row, cards = self.host.replay.replay_seat_row(
                b, s, [cards_word(int(n), lang), t(lang, "s40_out" if out else opened)]
            )
            row.dataset.opened = "true" if b["opened"][s] else "false"
            hand = b["hands"][s]
            if hand is None:
                self.host.replay.replay_hidden(cards, n)
                continue
            shown = H.sort_cards(hand, self.s40_sort)
            cards.setAttribute(
                "aria-label", ", ".join(H.card_name(c, lang) for c in shown) or t(lang, "none_left")
            )
            for code in shown:
                cards.appendChild(card_chip(code))

    # -- what the page shows -------------------------------------------------------------

    def curtain_turn(self, s: Session) -> int | None:
        """The seat to act: the turn, or a local player who must decide on a re-entry."""
        seat = s.turn
        if seat is None:
            seat = next((p for p in deciding(s) if s.is_local(p)), None)
        return seat

    def seat_passed(self) -> None:
        self.s40_order, self.s40_sel, self.s40_draft = [], [], []  # the draft stays with its player

    def hand_buttons(self) -> list[Any]:
        nodes = by_id("hand").querySelectorAll("button.card")
        return [nodes.item(i) for i in range(nodes.length)]

    def after_local_move(self, move: str) -> None:
        """A move of the shown seat sent: nothing is kept for the next one."""

    def focus_card(self, i: int = 0, *args: Any) -> None:
        cards = self.hand_buttons()
        if cards:
            cards[max(0, min(i, len(cards) - 1))].focus()

    def held(self, st: dict[str, Any]) -> list[str]:
        """The hand as this device shows it: the player's order, without drafted cards."""
        drafted = [c for m in self.s40_draft for c in H.meld_cards(m)]
        self.s40_order = H.reconcile(self.s40_order, list(st.get("hand") or []), self.s40_sort)
        return H.minus(self.s40_order, drafted)

    def selected(self, st: dict[str, Any]) -> list[str]:
        held = self.held(st)
        return [held[i] for i in self.s40_sel if 0 <= i < len(held)]

    def render(self, st: dict[str, Any]) -> None:
        lang = self.host.lang
        seat = self.host.seat
        key = (int(st["hand_no"]), seat)
        if key != self.s40_key:  # a new hand (or another seat): a fresh hand, no draft
            self.s40_key = key
            self.s40_order, self.s40_sel, self.s40_draft = [], [], []
            self.s40_seen = 0
            self.restore_hand(st)
        self.what_moved(st, key)
        if (st.get("opened") and st["opened"][seat]) or st.get("hand_over"):
            self.s40_draft = [] if st.get("opened", [False])[seat] or st.get("hand_over") else self.s40_draft
        turn = st.get("turn")
        table = self.host.mark_table(turn, bool(st.get("hand_over")), bool(st["match"]["over"]))
        table.dataset.phase = str(st.get("phase") or "")
        table.dataset.players = str(st["players"])
        table.dataset.moves = str(len(st.get("history") or []))  # moves of the hand so far
        by_id("hand-info").textContent = t(lang, "s40_hand_no", n=st["hand_no"], out=st.get("out_at", 101))
        covered = self.render_curtain(st)
        self.render_seats(st)
        self.render_piles(st)
        self.render_melds(st)
        if covered:
            clear(by_id("hand"))
            clear(by_id("opening"))
            by_id("opening").hidden = True
        else:
            self.render_hand(st)
        self.render_buttons(st, covered)
        self.render_log(st)
        self.render_turn(st)
        self.render_timer()
        by_id("show-summary").hidden = not st.get("hand_over")
        if st.get("hand_over"):
            self.open_summary()

    def what_moved(self, st: dict[str, Any], key: tuple[int, int]) -> None:
        """What the newest moves changed since the last render: the melds laid or changed, the
        cards new in this hand and where from, the card this seat just drew (issue 31.3)."""
        history = list(st.get("history") or [])
        melds = ["-".join(m["cards"]) for m in st.get("melds") or []]
        hand = list(st.get("hand") or [])
        last = self.s40_last
        self.s40_last = {"key": key, "moves": len(history), "melds": melds, "hand": hand}
        moved = last is not None and last["key"] == key and len(history) > int(last["moves"])
        mine = st.get("turn") == self.host.seat and st.get("phase") not in ("draw", None)
        if not mine or st.get("hand_over"):
            self.s40_drawn = ""
        elif (
            not self.s40_drawn
            and history
            and int(history[-1][0]) == self.host.seat
            and history[-1][1] == "draw"
        ):
            self.s40_drawn = hand[-1] if hand else ""  # the engine's hand ends with the card drawn
        if last is None or last["key"] != key:
            self.s40_fresh, self.s40_arrived, self.s40_from = frozenset(), (), ""
        if not moved or last is None:
            return  # what the newest moves changed stays marked until the next move
        self.s40_fresh, self.s40_arrived, self.s40_from = frozenset(), (), ""
        self.s40_anim_until = float(window.performance.now()) + 600  # later renders: no replay
        before = list(last["melds"])
        self.s40_fresh = frozenset(i for i, m in enumerate(melds) if i >= len(before) or before[i] != m)
        self.s40_arrived = tuple((Counter(hand) - Counter(last["hand"])).elements())
        new = history[int(last["moves"]) :]
        verbs = [str(e[1]) for e in new if int(e[0]) == self.host.seat]
        if "draw" in verbs:
            self.s40_from = "stock"
            if mine and len(self.s40_arrived) == 1:
                self.s40_drawn = self.s40_arrived[0]
        elif "take" in verbs:
            self.s40_from = "discard"

    def render_curtain(self, st: dict[str, Any]) -> bool:
        deciding = self.host.seat in st.get("decide", [])  # the curtain stays for a re-entry's choice
        return self.host.curtain.show_curtain(st["names"], bool(st.get("hand_over")), keep=deciding)

    def render_seats(self, st: dict[str, Any]) -> None:
        box = by_id("opponents")
        clear(box)
        lang = self.host.lang
        out = set(st.get("out") or []) | {s for s, h in enumerate(st.get("out_hand") or []) if h is not None}
        for s in range(int(st["players"])):
            el = make("div", "seat s40-seat")
            el.dataset.seat = str(s)
            if s in out:
                el.dataset.out = "true"
            if s == st.get("turn"):
                el.classList.add("active")
            el.appendChild(make("div", "seat-name", st["names"][s]))
            facts = make("div", "s40-facts")
            if s in out:
                facts.appendChild(make("span", "chip", t(lang, "s40_out")))
            else:
                facts.appendChild(make("span", "chip", cards_word(int(st["hand_sizes"][s]), lang)))
                opened = bool(st["opened"][s])
                chip = make("span", "chip" + (" s40-opened" if opened else ""))
                chip.textContent = t(lang, "s40_opened" if opened else "s40_not_opened")
                chip.dataset.opened = "true" if opened else "false"
                facts.appendChild(chip)
            score = make("span", "chip s40-total", t(lang, "s40_total", n=st["scores"][s]))
            score.dataset.scoreSeat = str(s)
            facts.appendChild(score)
            if st.get("reentered") and st["reentered"][s]:
                facts.appendChild(make("span", "chip", t(lang, "s40_reentries", n=st["reentered"][s])))
            el.appendChild(facts)
            box.appendChild(el)

    def render_piles(self, st: dict[str, Any]) -> None:
        lang = self.host.lang
        n = int(st.get("stock_size") or 0)
        stock = by_id("stock")
        clear(stock)
        stock.appendChild(make("span", "s40-stock-word", t(lang, "s40_stock")))
        stock.appendChild(document.createTextNode(" "))  # read "Stock 49" (not drawn in the column)
        stock.appendChild(make("span", "s40-stock-n", str(n)))
        stock.dataset.count = str(n)
        stock.setAttribute("aria-label", t(lang, "s40_stock_label_one" if n == 1 else "s40_stock_label", n=n))
        pile = by_id("discard")
        clear(pile)
        discard = list(st.get("discard") or [])
        if discard:
            top = discard[-1]
            pile.dataset.card = top
            top_face = make("div", "pile-card s40-face suit-" + top[-1])
            shown = top + str(len(discard))
            if pile.getAttribute("data-shown") not in (None, "", shown):
                top_face.classList.add("s40-arrive")
            pile.setAttribute("data-shown", shown)
            top_face.innerHTML = face(top, lang)
            pile.appendChild(top_face)
            # the name holds the face's text (WCAG 2.5.3): "J ♣" is no word of "Jack of Clubs"
            pile.setAttribute("aria-label", t(lang, "s40_pile_label", card=face_name(top, lang)))
        else:
            pile.removeAttribute("data-card")
            pile.setAttribute("aria-label", t(lang, "s40_pile_empty"))
        btn = by_id("pile-history")
        btn.textContent = t(lang, "s40_pile_history") + f" ({len(discard)})"
        btn.setAttribute("aria-label", f"{btn.textContent}: {t(lang, 's40_pile_history_label')}")
        lst = by_id("pile-list")
        clear(lst)
        for code in reversed(discard[-PILE_HISTORY:]):
            lst.appendChild(card_chip(code, "li"))

    def toggle_history(self) -> None:
        lst = by_id("pile-list")
        lst.hidden = not lst.hidden
        by_id("pile-history").setAttribute("aria-expanded", "false" if lst.hidden else "true")

    def render_melds(self, st: dict[str, Any]) -> None:
        sel = self.selected(st) if not self.curtain_up() else []
        lit = H.attachable(st.get("legal") or [], sel[0]) if len(sel) == 1 else set()
        box = by_id("melds")
        draw_melds(box, list(st.get("melds") or []), st["names"], self.host.seat, lit, self.host.lang)
        fresh = self.s40_fresh if float(window.performance.now()) < self.s40_anim_until else ()
        for i in fresh:  # laid, attached to or swapped by the newest moves
            el = box.querySelector(f'[data-meld="{i}"]')
            if el is not None:
                el.classList.add("s40-fresh")
        shown = (st.get("hands_shown") or []) if st.get("hand_over") else []
        for s, cards in enumerate(shown):  # "See the table": everyone's last cards
            if s == self.host.seat or not cards:
                continue
            group = make("div", "s40-owner s40-last")
            group.dataset.lastOf = str(s)
            group.appendChild(
                make("h3", "s40-owner-name", t(self.host.lang, "s40_last_cards", who=st["names"][s]))
            )
            row = make("div", "s40-row")
            for c in cards:
                row.appendChild(card_chip(c))
            group.appendChild(row)
            box.appendChild(group)

    def render_hand(self, st: dict[str, Any]) -> None:
        lang = self.host.lang
        box = by_id("hand")
        held = self.held(st)
        self.s40_sel = [i for i in self.s40_sel if i < len(held)]
        sel = [held[i] for i in self.s40_sel]
        could = H.could_form(sel, st.get("can_meld") or [], held)
        lit = Counter(c for m in could for c in H.meld_cards(m))
        focused = document.activeElement
        had_focus = focused is not None and focused.closest is not None and bool(focused.closest("#hand"))
        focus_at = focused.getAttribute("data-i") if had_focus else None
        focus_i = int(focus_at) if focus_at else None
        clear(box)
        taken = st.get("taken")
        taken_marked = drawn_marked = False
        arrived = Counter(self.s40_arrived)
        animate = float(window.performance.now()) < self.s40_anim_until
        for i, code in enumerate(held):
            b = make("button", "card s40-card s40-face suit-" + code[-1], None, type="button")
            b.dataset.card = code
            b.dataset.i = str(i)
            b.setAttribute("aria-pressed", "true" if i in self.s40_sel else "false")
            b.setAttribute("aria-label", face_name(code, lang))
            if taken and code == taken and not taken_marked:
                b.dataset.taken = "true"
                taken_marked = True
            if i not in self.s40_sel and lit[code] > 0:
                b.classList.add("lit")
            if code == self.s40_drawn and not drawn_marked:
                b.dataset.drawn = "true"
                b.setAttribute("aria-label", face_name(code, lang) + ", " + t(lang, "s40_just_drawn"))
                drawn_marked = True
            b.innerHTML = face(code, lang)
            box.appendChild(b)
            if arrived[code] > 0:
                arrived[code] -= 1
                b.setAttribute("data-from", self.s40_from or "table")
                if animate:
                    self.fly_in(b)
        if focus_i is not None:
            self.focus_card(focus_i)
        # the drafted opening
        op = by_id("opening")
        clear(op)
        op.hidden = not self.s40_draft
        if self.s40_draft:
            pts = H.draft_points(self.s40_draft, st.get("rules") or "classic")
            op.dataset.points = str(pts)
            left = len(held)
            label = t(lang, "s40_opening_close" if left == 1 else "s40_opening", points=pts)
            op.appendChild(make("p", "s40-count" + (" ok" if pts >= 40 or left == 1 else ""), label))
            row = make("div", "s40-row")
            for k, m in enumerate(self.s40_draft):
                el = make("button", "s40-meld s40-draft", H.meld_text(m), type="button")
                el.dataset.draft = str(k)
                names = ", ".join(H.card_name(c, lang) for c in m.split("-"))
                el.setAttribute("aria-label", f"{H.meld_text(m)}: {names}")
                row.appendChild(el)
            op.appendChild(row)
        else:
            op.removeAttribute("data-points")
        self.keep_hand(st)

    def fly_in(self, b: Any) -> None:
        """A card new in the hand comes from the pile it was drawn or taken from."""
        src = by_id(self.s40_from) if self.s40_from else None
        if src is None:
            b.classList.add("s40-arrive")
            return
        a, z = src.getBoundingClientRect(), b.getBoundingClientRect()
        b.style.setProperty("--fly-x", f"{float(a.left) - float(z.left):.0f}px")
        b.style.setProperty("--fly-y", f"{float(a.top) - float(z.top):.0f}px")
        b.classList.add("s40-fly")

    def keep_hand(self, st: dict[str, Any]) -> None:
        """This device's order of the hand and its draft, kept so that a reload finds them."""
        store = local_storage()
        if store is None or self.s40_key is None:
            return
        if self.host.session is not None and not self.host.session.store.ok:
            return  # a match saved nowhere (a lesson) leaves the saved match's order alone
        kept = {
            "key": list(self.s40_key),
            "hand": sorted(st.get("hand") or []),
            "order": self.s40_order,
            "draft": self.s40_draft,
            "sort": self.s40_sort,
        }
        try:
            store.setItem(HAND_KEY, json.dumps(kept))
        except Exception:  # storage full or refused: the order is only a convenience
            return

    def restore_hand(self, st: dict[str, Any]) -> None:
        """The order and the draft kept for this hand and seat, if they still fit the hand
        exactly (another match, hand or seat keeps nothing)."""
        store = local_storage()
        try:
            kept = json.loads(store.getItem(HAND_KEY) or "null") if store is not None else None
        except Exception:
            return
        if not isinstance(kept, dict) or kept.get("key") != list(self.s40_key or ()):
            return
        hand = sorted(st.get("hand") or [])
        order, draft = kept.get("order"), kept.get("draft")
        if kept.get("hand") != hand or not isinstance(order, list) or sorted(map(str, order)) != hand:
            return
        self.s40_order = [str(c) for c in order]
        if kept.get("sort") in ("suit", "rank"):
            self.s40_sort = str(kept["sort"])
        opened = bool(st.get("opened") and st["opened"][self.host.seat])
        if isinstance(draft, list) and all(isinstance(m, str) for m in draft) and not opened:
            cards = [c for m in draft for c in H.meld_cards(m)]
            if H.fits(cards, hand) and len(cards) < len(hand):
                self.s40_draft = list(draft)

    def render_buttons(self, st: dict[str, Any], covered: bool) -> None:
        lang = self.host.lang
        seat = self.host.seat
        mine = st.get("turn") == seat and not covered and not st.get("hand_over")
        opened = bool(st["opened"][seat]) if st.get("opened") else False
        phase = st.get("phase")
        sort = by_id("sort")
        sort.textContent = t(lang, "s40_sort_rank" if self.s40_sort == "suit" else "s40_sort_suit")
        sort.hidden = covered or not st.get("hand")
        meld = by_id("meld")
        meld.textContent = t(lang, "s40_meld" if opened else "s40_to_opening")
        meld.hidden = not mine or phase in ("draw", "discard")
        by_id("open").textContent = t(lang, "s40_open")
        by_id("open").hidden = not mine or opened or not self.s40_draft
        op = by_id("opening")
        ready = bool(self.s40_draft) and (int(op.dataset.points or 0) >= 40 or len(self.held(st)) == 1)
        by_id("open").disabled = not ready  # §7: greyed until the draft reaches 40 (or closes in hand)
        by_id("cancel-open").textContent = t(lang, "s40_cancel_open")
        by_id("cancel-open").hidden = covered or not self.s40_draft
        deciding = seat in (st.get("decide") or []) and not covered
        for bid, key in (("reenter", "s40_reenter"), ("retire", "s40_retire")):
            by_id(bid).textContent = t(lang, key)
            by_id(bid).hidden = not deciding
        by_id("stock").disabled = not (mine and phase == "draw")
        self.render_move_buttons(covered)
        by_id("me").classList.toggle("active", mine)

    def render_move_buttons(self, covered: bool = False) -> None:
        """◀ ▶ move the one selected card in the hand (reordering by touch or click)."""
        one = len(self.s40_sel) == 1 and not covered
        for bid, key in (("move-left", "s40_move_left"), ("move-right", "s40_move_right")):
            b = by_id(bid)
            b.textContent = "◀" if bid == "move-left" else "▶"
            b.setAttribute("aria-label", t(self.host.lang, key))
            b.hidden = not one

    def shift_selected(self, step: int) -> None:
        if len(self.s40_sel) == 1:
            i = self.s40_sel[0]
            self.move_card(i, i + step)
            self.render_move_buttons()

    def render_turn(self, st: dict[str, Any]) -> None:
        lang = self.host.lang
        line = by_id("turn-line")
        turn = st.get("turn")
        if st.get("hand_over"):
            line.textContent = self.decide_words(st) if self.host.seat in (st.get("decide") or []) else ""
            return
        if self.host.seat in (st.get("out") or []):
            line.textContent = t(lang, "s40_you_out")
            return
        if turn != self.host.seat:
            line.textContent = t(lang, "s40_turn_other", who=st["names"][turn]) if turn is not None else ""
            return
        phase = st.get("phase")
        opened = bool(st["opened"][self.host.seat])
        if phase == "draw":
            key = "s40_turn_draw"
        elif phase == "discard":
            key = "s40_turn_discard"
        elif st.get("taken") and not opened:
            key = "s40_turn_open"
        elif phase == "use":
            key = "s40_turn_use"
        else:
            key = "s40_turn_play" if opened else "s40_turn_unopened"
        line.textContent = t(lang, key)

    def decide_words(self, st: dict[str, Any]) -> str:
        """The re-entry question with the total one comes back with (RULES §12: the highest
        total of those still in after this hand)."""
        scores, out_at = st.get("scores") or [], int(st.get("out_at") or 101)
        outs, decide = st.get("out_hand") or [], st.get("decide") or []
        still = [
            int(scores[s])
            for s in range(len(scores))
            if s not in decide and not (outs and outs[s] is not None) and int(scores[s]) < out_at
        ]
        if not still:
            return t(self.host.lang, "s40_decide")
        return t(self.host.lang, "s40_decide_total", n=max(still))

    def describe(self, move: str, lang: str) -> str:
        return move_words(move, lang)

    def render_log(self, st: dict[str, Any]) -> None:
        lang = self.host.lang
        log = by_id("log")
        history = list(st.get("history") or [])
        clear(log)
        first = max(0, len(history) - 40)
        for n, entry in enumerate(history[first:], start=first + 1):
            li = make("li", "", log_words(entry, st["names"], lang))
            li.setAttribute("value", str(n))  # move n, as the replay counts them
            log.appendChild(li)
        log.scrollTop = log.scrollHeight  # the newest moves in view
        new = history[self.s40_seen :]
        self.s40_seen = len(history)
        said = [e for e in new if int(e[0]) != self.host.seat]
        if said and not self.curtain_up():
            e = said[-1]
            text = self.describe(str(e[1]), lang)
            if str(e[1]) == "take" and e[2]:
                text = t(lang, "s40_takes", card=H.card_name(str(e[2]), lang))
            self.host.say.announce(t(lang, "s40_moved", who=st["names"][int(e[0])], move=text))
        by_id("log-last").textContent = log.lastChild.textContent if log.lastChild else ""

    def render_timer(self) -> None:
        """The turn timer (``timer`` seconds a turn): it starts when a person's turn begins
        (a turn is draw … discard) and the shell plays a move for them when it runs out."""
        s = self.host.session
        st = self.host.sv.state if self.host.sv is not None else None
        seat = self.host.clock.timer_seat()
        if s is None or st is None or seat is None or st.get("hand_over"):
            self.host.clock.draw_timer(0, None, False)
            return
        discards = sum(1 for e in st.get("history") or [] if str(e[1]).startswith("discard"))
        self.host.clock.draw_timer(s.settings.timer, (int(st["hand_no"]), seat, discards), True)

    # -- the summary after a hand (RULES §11, §12) ---------------------------------------

    def begin(self, session: Session) -> None:
        """A new match: no summary shown of it yet."""
        self.s40_summary = None

    def forget_summary(self) -> None:
        """The shell closed the summary: the next one is drawn afresh."""
        self.s40_summary = None

    def open_summary(self, force: bool = False) -> None:
        st = self.host.sv.state if self.host.sv is not None else None
        if st is None or not st.get("hand_over"):
            return
        key = (int(st["hand_no"]), len(st.get("decide") or []))
        if key == self.s40_summary and not force:
            return
        self.s40_summary = key
        lang = self.host.lang
        names = st["names"]
        closer = st.get("closer")
        result = st["match"].get("result")
        by_id("summary-title").textContent = t(lang, "s40_summary", n=st["hand_no"])
        if result:
            left = int(result["seat"])
            text = (
                t(lang, "s40_abandoned_you")
                if left == self.host.seat
                else t(lang, "s40_abandoned", who=names[left])
            )
        elif closer is None:
            text = t(lang, "s40_stock_out")
        else:
            mine = "_you" if closer == self.host.seat else ""
            said = ("s40_closed_in_hand" if st.get("in_hand") else "s40_closed") + mine
            text = t(lang, said, who=names[closer])
        by_id("summary-winner").textContent = text
        table = by_id("summary-table")
        clear(table)
        thead = make("thead")
        head = make("tr")
        for k, cls in (
            ("s40_col_player", ""),
            ("s40_col_left", "s40-left"),
            ("s40_col_paid", "num"),
            ("s40_col_total", "num"),
            ("s40_col_state", ""),
        ):
            th = make("th", cls, t(lang, k))
            th.setAttribute("scope", "col")
            head.appendChild(th)
        thead.appendChild(head)
        table.appendChild(thead)
        body = make("tbody")
        table.appendChild(body)
        paid = st.get("hand_scores") or [0] * len(names)
        decide = st.get("decide") or []
        outs = st.get("out_hand") or []
        for s, name in enumerate(names):
            if s in (st.get("out") or []):
                continue
            row = make("tr", "me-row" if s == self.host.seat else "")
            row.dataset.seat = str(s)
            who = make("th", "", name)
            who.setAttribute("scope", "row")
            row.appendChild(who)
            row.appendChild(self.left_cell(st, s))
            row.appendChild(make("td", "num", str(paid[s])))
            total = make("td", "num", str(st["scores"][s]))
            total.dataset.scoreSeat = str(s)
            row.appendChild(total)
            state = (
                t(lang, "s40_deciding_you" if s == self.host.seat else "s40_deciding")
                if s in decide
                else (t(lang, "s40_out") if outs and outs[s] else "")
            )
            row.appendChild(make("td", "", state))
            body.appendChild(row)
        over = bool(st["match"]["over"])
        res = by_id("result")
        res.hidden = not over
        if over:
            winner = st["match"].get("winner")
            who = names[winner] if winner is not None else ""
            key_w = "s40_one_hand" if st.get("one_hand") and not st.get("match_over") else "s40_winner"
            if winner is not None and winner == self.host.seat:
                key_w += "_you"  # "You win", never "You wins"
            by_id("result-winner").textContent = t(lang, key_w, who=who)
            ranking = st["match"].get("ranking") or []
            by_id("result-tiebreak").textContent = " · ".join(
                f"{i + 1}. {names[s]} ({st['scores'][s]})" for i, s in enumerate(ranking)
            )
            by_id("result-stats").textContent = ""
        by_id("summary-legend").textContent = (
            self.decide_words(st) if self.host.seat in decide and not self.curtain_up() else ""
        )
        by_id("next-dealer").textContent = ""
        deciding = self.host.seat in decide and not self.curtain_up()
        by_id("reenter").hidden = not deciding
        by_id("retire").hidden = not deciding
        # the shell's dialog (next hand, new match, review, replay); the next hand waits for
        # the re-entry choices (RULES §11)
        self.host.flows.show_summary(over, held=bool(decide))
        if deciding:
            by_id("reenter").focus()

    def left_cell(self, st: dict[str, Any], s: int) -> Any:
        """A seat's cards left with their points, and why it paid what it paid (RULES §11):
        the closer's ``closed``, ``not opened: 100``, ``× 2`` after a close in hand."""
        lang = self.host.lang
        cell = make("td", "s40-left")
        shown = st.get("hands_shown") or []
        cards = list(shown[s]) if s < len(shown) and shown[s] else []
        if s == st.get("closer"):
            cell.appendChild(make("span", "s40-why", t(lang, "s40_why_closed")))
            return cell
        if not cards:
            return cell
        chips = make("span", "s40-row s40-left-cards")
        for c in cards:
            chips.appendChild(card_chip(c))
        cell.appendChild(chips)
        opened = bool(st.get("opened") and st["opened"][s])
        simple = isinstance(st.get("rules"), dict) and bool(st["rules"].get("simple_scoring"))
        if not opened:
            why_text = t(lang, "s40_why_unopened", n=10 if simple else 100)
        else:
            why_text = t(lang, "s40_why_cards", n=hand_penalty([parse_card(c) for c in cards]))
        if st.get("in_hand"):
            why_text += " " + t(lang, "s40_why_doubled")
        cell.appendChild(make("span", "s40-why", why_text))
        return cell

    # -- input -------------------------------------------------------------------------

    def refusal_words(self, reason: str) -> str:
        """The engine's refusal in the player's words: this page's own moves, and on a friend's
        page the host's reason, worded in the friend's language (the shell's hook)."""
        return why(reason, self.host.lang)

    def s40_move(self, move: str) -> bool:
        """Send ``move`` for the shown seat; a refusal is said in the player's words."""
        if self.curtain_up():
            return False
        refused = self.host.act(move)
        if refused:
            self.host.say.refusal(refused)
            return False
        self.host.say.hint("")
        self.s40_sel = []
        if move in ("reenter", "retire") and by_id("summary").open:
            self.s40_summary = None
            self.open_summary()
        return True

    def on_drag_start(self, evt: Any) -> None:
        b = evt.target.closest("button.card")
        self.s40_dragged = False
        if b is None or self.curtain_up() or (evt.pointerType == "mouse" and evt.button != 0):
            self.s40_drag = None
            return
        self.s40_drag = (int(b.dataset.i), float(evt.clientX), float(evt.clientY))

    def on_drag_move(self, evt: Any) -> None:
        if self.s40_drag is None:
            return
        i, x, y = self.s40_drag
        if abs(float(evt.clientX) - x) + abs(float(evt.clientY) - y) > 12:
            cards = self.hand_buttons()
            if 0 <= i < len(cards):
                cards[i].classList.add("dragging")

    def on_drag_end(self, evt: Any) -> None:
        """A card dragged onto another takes its place (as ◀ ▶ and Shift+←/→ do)."""
        drag = self.s40_drag
        self.drag_stop()
        if drag is None:
            return
        i, x, y = drag
        if abs(float(evt.clientX) - x) + abs(float(evt.clientY) - y) <= 12:
            return  # a tap: the click selects
        under = document.elementFromPoint(evt.clientX, evt.clientY)
        b = under.closest("#hand button.card") if under is not None else None
        self.s40_dragged = True
        if b is not None and int(b.dataset.i) != i:
            self.s40_sel = []
            self.move_card(i, int(b.dataset.i))
            self.render_move_buttons()

    def drag_stop(self) -> None:
        self.s40_drag = None
        for b in self.hand_buttons():
            b.classList.remove("dragging")

    def on_hand_click(self, evt: Any) -> None:
        b = evt.target.closest("button.card")
        if self.s40_dragged:  # the click that ends a drag
            self.s40_dragged = False
            return
        if b is None or self.curtain_up():
            return
        i = int(b.dataset.i)
        if i in self.s40_sel:
            self.s40_sel.remove(i)
        else:
            self.s40_sel.append(i)
        self.after_select()

    def after_select(self) -> None:
        st = self.host.sv.state if self.host.sv is not None else None
        if st is None:
            return
        self.render_hand(st)
        self.render_melds(st)
        self.render_move_buttons()
        sel = self.selected(st)
        lang = self.host.lang
        if not sel:
            self.host.say.hint("")
            return
        held = self.held(st)
        could = H.could_form(sel, st.get("can_meld") or [], held)
        parts = []
        if could:
            kinds = sorted({"s40_run" if H.is_run(m) else "s40_set" for m in could})
            parts.append(t(lang, "s40_could", what=", ".join(t(lang, k) for k in kinds)))
        if len(sel) == 1:
            parts.extend(self.attach_words(st, sel[0], held))
        self.host.say.hint(" ".join(parts) if parts else (t(lang, "s40_nothing") if len(sel) > 1 else ""))

    def attach_words(self, st: dict[str, Any], card: str, held: list[str]) -> list[str]:
        """What one selected card could do on the table (RULES §4, §5, §8): tap a lit meld
        (a run of 5 splitting at 6, said), or why a meld it fits is not lit now (not your
        turn, draw first, not opened, the opening's turn, the taken card first, the last card)."""
        lang = self.host.lang
        melds = [list(m["cards"]) for m in st.get("melds") or []]
        rules = st.get("rules") or "classic"
        lit = H.attachable(st.get("legal") or [], card)
        if lit:
            words = [t(lang, "s40_could_attach")]
            if any(H.splits(melds[i], rules) for i in lit if i < len(melds)):
                words.append(rule_refs(t(lang, "s40_attach_splits"), lang))
            return words
        if st.get("hand_over"):
            return []
        if card == "JK" and ruleset(rules).no_joker_attach:
            return [rule_refs(t(lang, "s40_fits_no_joker_attach"), lang)] if melds else []
        fits = H.fits_melds(card, melds, rules)
        if not fits:
            return []
        seat = self.host.seat
        phase = st.get("phase")
        if st.get("turn") != seat:
            key = "s40_fits_not_turn"
        elif phase == "draw":
            key = "s40_fits_draw_first"
        elif not (st.get("opened") and st["opened"][seat]):
            key = "s40_fits_not_opened"
        elif phase == "discard":
            key = "s40_fits_after_opening"
        elif phase == "use" and st.get("taken") != card:
            key = "s40_fits_taken_first"
        elif len(held) <= 1:
            key = "s40_fits_last_card"
        else:
            return []
        meld = " ".join(H.card_text(c) for c in melds[fits[0]])
        return [rule_refs(t(lang, key, card=H.card_text(card), meld=meld), lang)]

    def on_hand_key(self, evt: Any) -> None:
        key = str(evt.key)
        if key not in ("ArrowLeft", "ArrowRight"):
            return
        b = evt.target.closest("button.card")
        if b is None:
            return
        i = int(b.dataset.i)
        step = -1 if key == "ArrowLeft" else 1
        evt.preventDefault()
        if evt.shiftKey:
            self.move_card(i, i + step)
        else:
            self.focus_card(i + step)

    def move_card(self, i: int, j: int) -> None:
        """Reorder the hand: the card at ``i`` goes to place ``j`` (drafted cards stay out)."""
        st = self.host.sv.state if self.host.sv is not None else None
        if st is None:
            return
        held = self.held(st)
        if not (0 <= i < len(held) and 0 <= j < len(held)):
            return
        places = list(range(len(held)))
        places.insert(j, places.pop(i))  # places[new] = old place
        self.s40_order = [held[k] for k in places] + H.minus(self.s40_order, held)
        self.s40_sel = [places.index(k) for k in self.s40_sel]
        self.render_hand(st)
        self.focus_card(j)

    def toggle_sort(self) -> None:
        self.s40_sort = "rank" if self.s40_sort == "suit" else "suit"
        self.s40_order = H.sort_cards(self.s40_order, self.s40_sort)
        self.s40_sel = []
        self.host.render()

    def on_pile(self) -> None:
        st = self.host.sv.state if self.host.sv is not None else None
        if st is None or self.curtain_up():
            return
        sel = self.selected(st)
        lang = self.host.lang
        if st.get("phase") == "draw":
            mine = st.get("turn") == self.host.seat
            if sel and mine:  # §6: a tap with cards selected never takes (nothing to undo)
                opened = bool(st.get("opened") and st["opened"][self.host.seat])
                rs = ruleset(st.get("rules") or "classic")
                if opened:
                    key = "s40_draw_first_free" if rs.free_take else "s40_draw_first"
                else:
                    key = "s40_draw_first_no_take" if rs.take_needs_open else "s40_draw_first_unopened"
                self.host.say.hint(rule_refs(t(lang, key), lang), refused=True)
                return
            self.s40_move("take")
            return
        if len(sel) != 1:
            self.host.say.hint(self.select_one_words(len(sel), "discard"), refused=True)
            return
        self.s40_move(f"discard {sel[0]}")

    def select_one_words(self, n: int, what: str) -> str:
        """What to select when a tap needs exactly one card and ``n`` are selected: "one card
        first", or "just one" (to discard it, or to attach it)."""
        lang = self.host.lang
        if n == 0:
            return t(lang, "s40_select_one")
        return t(lang, "s40_select_just_one_" + what, n=n)

    def on_pile_key(self, evt: Any) -> None:
        if str(evt.key) in ("Enter", " "):
            evt.preventDefault()
            self.on_pile()

    def on_meld_click(self, evt: Any) -> None:
        el = evt.target.closest("[data-meld]")
        if el is None:
            return
        self.tap_meld(int(el.dataset.meld))

    def on_meld_key(self, evt: Any) -> None:
        if str(evt.key) in ("Enter", " "):
            el = evt.target.closest("[data-meld]")
            if el is not None:
                evt.preventDefault()
                self.tap_meld(int(el.dataset.meld))

    def tap_meld(self, n: int) -> None:
        """With one card selected: attach it to meld ``n``, or swap it for the joker there."""
        st = self.host.sv.state if self.host.sv is not None else None
        if st is None or self.curtain_up():
            return
        sel = self.selected(st)
        if len(sel) != 1:
            self.host.say.hint(self.select_one_words(len(sel), "attach"), refused=True)
            return
        moves = H.meld_moves(st.get("legal") or [], n, sel[0])
        if not moves:
            card = sel[0] if sel[0] != "JK" else "JK=" + (st["melds"][n]["cards"][0].split("=")[-1])
            self.s40_move(f"attach {n} {card}")  # the engine says why not
        elif len(moves) == 1:
            self.s40_move(moves[0])
        else:
            self.choose_joker([(m, m.split()[-1][3:]) for m in moves], "move")

    def choose_joker(self, options: list[tuple[str, str]], kind: str) -> None:
        """Ask which card the joker stands for: buttons ``[data-represents]``."""
        self.s40_pending = kind
        box = by_id("chooser-options")
        clear(box)
        by_id("chooser-title").textContent = t(self.host.lang, "s40_choose_joker")
        by_id("chooser-abandon").hidden = True
        for value, card in options:
            b = make("button", "card-choice suit-" + card[-1:], H.card_text(card), type="button")
            b.dataset.represents = card
            b.dataset.value = value
            b.setAttribute("aria-label", H.card_name(card, self.host.lang))
            box.appendChild(b)
        by_id("chooser").showModal()
        first = box.querySelector("button")
        if first:
            first.focus()

    def on_choose(self, evt: Any) -> None:
        b = evt.target.closest("[data-represents]")
        if b is None:
            return
        by_id("chooser").close()
        value = str(b.dataset.value)
        if self.s40_pending == "draft":
            self.add_draft(value)
        elif self.s40_pending == "meld":
            self.s40_move("meld " + value)
        else:
            self.s40_move(value)

    def on_meld_button(self) -> None:
        st = self.host.sv.state if self.host.sv is not None else None
        if st is None or self.curtain_up():
            return
        sel = self.selected(st)
        lang = self.host.lang
        if len(sel) < 3:
            self.host.say.hint(t(lang, "s40_select_meld"), refused=True)
            return
        exact = H.exact_melds(sel, st.get("can_meld") or [])
        if not exact:
            self.host.say.hint(t(lang, "s40_nothing"), refused=True)
            return
        if len(sel) >= len(self.held(st)):  # §6: said before the joker's card is asked
            self.host.say.hint(why("no move may leave the hand empty", lang), refused=True)
            return
        opened = bool(st["opened"][self.host.seat])
        kind = "meld" if opened else "draft"
        if len(exact) > 1:
            options = [(m, (H.joker_stands(m) or [""])[0]) for m in exact]
            self.choose_joker(options, kind)
        elif opened:
            self.s40_move("meld " + exact[0])
        else:
            self.add_draft(exact[0])

    def add_draft(self, meld: str) -> None:
        self.s40_draft.append(meld)
        self.s40_sel = []
        self.host.say.hint("")
        self.host.render()

    def on_opening_click(self, evt: Any) -> None:
        el = evt.target.closest("[data-draft]")
        if el is None:
            return
        k = int(el.dataset.draft)
        if 0 <= k < len(self.s40_draft):
            self.s40_draft.pop(k)  # one meld back to the hand
            self.host.render()

    def take_back(self) -> None:
        self.s40_draft = []
        self.s40_sel = []
        self.host.render()

    def on_open(self) -> None:
        if not self.s40_draft:
            return
        draft = list(self.s40_draft)
        refused = self.host.act("open " + " ".join(draft))
        if refused:
            self.host.say.refusal(refused)
            return
        self.host.say.hint("")
        if self.host.session is None:  # a friend's page: the draft stays until the host's view opens
            return
        self.s40_draft = []
        self.s40_sel = []
        self.host.render()

    def on_key(self, evt: Any) -> None:
        if typing(evt) or dialog_open() or document.body.dataset.screen != "table":
            return
        if evt.ctrlKey or evt.metaKey or evt.altKey:
            return
        key = str(evt.key).lower()
        actions = {
            "d": lambda: self.s40_move("draw"),
            "t": lambda: self.s40_move("take"),
            "s": self.toggle_sort,
            "m": self.on_meld_button,
            "o": self.on_open,
        }
        fn = actions.get(key)
        if fn is not None and not self.curtain_up():
            evt.preventDefault()
            fn()


check_table(Scala40Table)
