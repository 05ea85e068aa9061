"""Input at the card table (browser only): clicks, long presses and keys become moves of
the shown seat (:meth:`web.shell.ui.PageCore.act`), the suit chooser, the end-of-hand buttons,
Abandon, and the pass-and-play curtain's buttons. A base of Dernier's table class."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, cast

from pyscript import document, window

from web.dernier import faces
from web.dernier.describe import (
    name_of,
    sort_hand,
    why_not,
)
from web.dernier.replay_board import ReplayBoard
from web.dernier.seatview import SeatView
from web.shell.dom import SUITS, by_id, clear, dialog_open, make, typing
from web.shell.i18n import t

if TYPE_CHECKING:
    from web.dernier.session import DernierSession
    from web.shell.page import Page
    from web.shell.session import Session

HOLD_SECONDS = 0.45  # a press this long explains the card instead of playing it
HOLD_SLOP_PX = 12  # a finger that moves more is scrolling the hand
HOLD_CLICK_MS = 800  # the click a release makes comes within this


class TableInput(ReplayBoard):
    """Dernier's table, its input (a base of :class:`web.dernier.table.DernierTable`): the
    table's state (calls armed, the log and hand as drawn, presses held) is its own, drawn
    afresh at a new match (:meth:`begin`); the page's is ``self.host``'s."""

    #: the shown seat's view as the table last drew it (the page's ``sv``, as Dernier's view)
    sv: SeatView | None = None
    #: the moves the suit chooser offers (set when it opens)
    chooser_moves: tuple[str, ...] | list[str] = ()

    def __init__(self, page: Page) -> None:
        super().__init__(page)
        self.armed = False  # the shown seat armed Dernier for its next play
        self.log_seen = 0  # lines of the log already announced
        self.log_hand = 0
        self.log_shown: list[str] = []
        self.log_events_seen = 0  # events of the hand's log already looked at (forgotten calls)
        self.last_discard = 0  # length of the discard pile at the last render
        self.last_hand: list[str] = []
        self.card_marks: list[Any] = []  # what each hand button shows (render_me writes changes)
        self.fly_from: Any = None  # rect the shown seat's card left from
        self.summary_for: int | None = None  # the hand whose summary is shown
        self.choice_code: str | None = None  # card waiting for a suit in the chooser
        self.was_my_turn = False
        self.hand_to_view = False  # the shown seat's turn began: bring its hand into view
        self.hold_timer: Any = None  # a finger held on a card: explain it
        self.hold_from: tuple[float, float] | None = None
        self.hold_done = False  # the press became a press-and-hold: its click plays nothing
        self.hold_until = 0.0  # performance.now() until which a click ends that press

    def begin(self, session: Session) -> None:
        """A new match: nothing armed, no summary shown, the log and the hand drawn afresh."""
        self.armed = False
        self.summary_for = None
        self.log_seen = 0
        self.log_hand = 0
        self.last_discard = 0
        self.last_hand = []
        self.log_shown = []
        self.log_events_seen = 0
        self.was_my_turn = False

    def forget_summary(self) -> None:
        self.summary_for = None

    def forget_drawn(self) -> None:
        """The seats' boxes (their badges and chips) built again, in the new language."""
        clear(by_id("opponents"))

    def human_move(self, move: str, source: Any = None) -> None:
        self.fly_from = source.getBoundingClientRect() if source else None
        refused = self.host.act(move)
        if refused:
            self.host.say.hint(refused)
            return
        self.host.say.hint("")

    def simple_move(self, move: str) -> None:
        sv = self.sv
        if sv is None or not sv.my_turn or self.curtain_up():
            return
        if move not in sv.legal:
            self.host.say.hint(t(self.host.lang, "no_draw_now" if move == "draw" else "no_pass_now"))
            return
        self.human_move(move, by_id("drawpile") if move == "draw" else None)

    def on_dernier(self) -> None:
        sv = self.sv
        if sv is None or self.curtain_up():
            return
        if sv.due():
            self.host.say.announce(t(self.host.lang, "log_call_you"))
            self.host.act("dernier")
            return
        if sv.can_arm():
            self.armed = not self.armed
            self.host.render()
            return
        self.host.say.hint(t(self.host.lang, "no_dernier_now"))

    def on_hand_click(self, evt: Any) -> None:
        btn = evt.target.closest("button[data-card]")
        if not btn:
            return
        if self.hold_done or float(window.performance.now()) < self.hold_until:
            # the end of a press-and-hold: it explained the card, it never plays it
            self.hold_done = False
            self.hold_until = 0.0
            evt.preventDefault()
            return
        self.play_card(str(btn.dataset.card), btn)

    # -- press and hold (touch, pen): the card's explanation while the finger is down ------

    def on_hand_pointer_down(self, evt: Any) -> None:
        self.cancel_hold()
        self.hold_done = False
        self.hold_until = 0.0
        btn = evt.target.closest("button[data-card]")
        if not btn or str(evt.pointerType) == "mouse":
            return
        code = str(btn.dataset.card)
        self.hold_from = (float(evt.clientX), float(evt.clientY))
        self.hold_timer = asyncio.get_event_loop().call_later(HOLD_SECONDS, lambda: self.on_hold(code))

    def on_hand_pointer_move(self, evt: Any) -> None:
        if self.hold_timer is None or self.hold_from is None:
            return
        x, y = self.hold_from
        if abs(float(evt.clientX) - x) > HOLD_SLOP_PX or abs(float(evt.clientY) - y) > HOLD_SLOP_PX:
            self.cancel_hold()  # the finger slides (the hand scrolls): not a press-and-hold

    def on_hand_pointer_end(self, evt: Any) -> None:
        self.cancel_hold()
        if self.hold_done:  # the click that this release makes must not play the card
            self.hold_done = False
            self.hold_until = float(window.performance.now()) + HOLD_CLICK_MS

    def cancel_hold(self) -> None:
        if self.hold_timer is not None:
            self.hold_timer.cancel()
            self.hold_timer = None

    def on_hold(self, code: str) -> None:
        self.hold_timer = None
        self.hold_done = True
        self.explain_card(code)

    def on_hand_long_press(self, evt: Any) -> None:
        """A right click (or the browser's own long press) on a card says whether and why it
        plays; it never plays it."""
        btn = evt.target.closest("button[data-card]")
        if not btn:
            return
        evt.preventDefault()
        self.explain_card(str(btn.dataset.card))

    def explain_card(self, code: str) -> None:
        """Whether and why the card ``code`` of the shown hand plays, in the hint."""
        sv = self.sv
        if sv is None or self.curtain_up():
            return
        reason = why_not(sv.state, code, sv.names, self.host.lang)
        name = faces.card_name(code, self.host.lang)
        self.host.say.hint(
            f"{name}: {reason}" if reason else f"{name}: {t(self.host.lang, 'playable')}",
            refused=bool(reason),
        )

    def play_card(self, code: str, btn: Any) -> None:
        sv = self.sv
        if sv is None or self.curtain_up():
            return
        jumps = sv.jumps_for(code, self.armed) if not sv.my_turn else []
        if jumps:  # anticipo (RULES §12): the identical card, out of turn
            self.human_move(jumps[0], btn)
            return
        reason = why_not(sv.state, code, sv.names, self.host.lang)
        if reason and sv.get("chi_sbaglia_paga") and not sv.hand_over and self.may_try_wrong(sv):
            self.fly_from = btn.getBoundingClientRect() if btn else None
            if self.host.act(code, wrong=True) is None:
                why = reason[:1].lower() + reason[1:]
                cost = t(self.host.lang, "penalty_two")
                self.show_penalty(
                    t(self.host.lang, "penalty_card", card=faces.card_short(code), why=why, cost=cost)
                )
                return
        if reason:
            self.host.say.hint(reason, refused=True)
            btn.classList.remove("shake")
            _ = btn.offsetWidth
            btn.classList.add("shake")
            return
        moves = sv.moves_for(code, self.armed)
        if not moves:
            self.host.say.hint(t(self.host.lang, "why_generic"), refused=True)
            return
        last = len(sv["hand"]) == 1 and not any("=" in m for m in moves)
        if last:  # the last card ends the hand: its suit changes nothing (no question)
            self.human_move(moves[0], btn)
            return
        if any("=" in m for m in moves) or any(":" in m for m in moves):
            self.open_chooser(code, moves)
            return
        self.human_move(moves[0], btn)

    def may_try_wrong(self, sv: SeatView) -> bool:
        """Chi sbaglia paga (RULES §12): a card of your hand that may not be played costs 2
        cards, on your turn and out of turn alike (the engine charges it)."""
        return bool(sv.get("chi_sbaglia_paga")) and not sv.hand_over and not sv.match_over

    def show_penalty(self, text: str) -> None:
        """Chi sbaglia paga (and a forgotten Dernier): the reason in the hint and the
        notices, with a flash."""
        self.host.say.hint(text, refused=True)
        self.host.say.notice(text, "penalty")
        self.host.say.cue("penalty")
        for el in (by_id("hint"), by_id("hand")):
            el.classList.remove("penalty")
            _ = el.offsetWidth
            el.classList.add("penalty")
        self.host.say.announce(text)

    # -- the suit chooser ------------------------------------------------------------------

    def open_chooser(self, code: str | None, moves: list[str], suits_only: bool = False) -> None:
        """Suits (a J, an official Jolly, the dealer's choice) or, for a traditional wild
        Jolly, the cards it may stand for."""
        self.choice_code = code
        box = by_id("chooser-options")
        clear(box)
        lang = self.host.lang
        wild = [] if suits_only else [m for m in moves if "=" in m]
        if wild:
            by_id("chooser-title").textContent = t(lang, "choose_card_for")
            keys = sort_hand({m.rstrip("!").split("=", 1)[1].split(":")[0] for m in wild})
            last_suit = None
            for key in keys:  # by suit, then rank: one compact row of names per suit
                suit = faces.split(key)[1] or "X"
                b = make("button", f"choice card-choice suit-{suit}", faces.card_short(key), type="button")
                if suit != last_suit:
                    b.classList.add("suit-start")
                    last_suit = suit
                b.dataset.named = key
                b.setAttribute("aria-label", faces.card_label(key, lang))
                box.appendChild(b)
        else:
            if suits_only:
                by_id("chooser-title").textContent = t(lang, "choose_suit")
            elif code is None:
                top = self.sv["top"] if self.sv is not None else ""
                by_id("chooser-title").textContent = t(lang, "turn_you_choose", card=faces.card_short(top))
            else:
                by_id("chooser-title").textContent = t(lang, "choose_suit_for", card=faces.card_short(code))
            suits = [m.rstrip("!").rsplit(":", 1)[1] for m in moves if ":" in m]
            held = self.suits_held(code)
            for suit in SUITS:
                if suit not in suits:
                    continue
                b = make("button", f"choice suit-choice suit-{suit}", None, type="button")
                b.dataset.suit = suit
                b.innerHTML = faces.suit_svg(suit)
                b.appendChild(make("span", "suit-name", t(lang, f"suit_{suit}")))
                count = t(lang, "suit_held", n=held[suit])
                b.appendChild(make("span", "suit-held", count))
                b.setAttribute("aria-label", f"{t(lang, f'suit_{suit}')} {faces.suit_symbol(suit)}, {count}")
                box.appendChild(b)
        by_id("chooser-cancel").hidden = code is None
        # the dealer's forced choice cannot be cancelled: the way out of the match is here
        by_id("chooser-abandon").hidden = code is not None
        self.chooser_moves = moves
        dlg = by_id("chooser")
        if not dlg.open:
            dlg.showModal()
        first = box.querySelector("button")
        if first:
            first.focus()

    def suits_held(self, code: str | None) -> dict[str, int]:
        """Cards of each suit in the shown hand, J and Jolly aside, without the card
        ``code`` being played (the chooser shows them: the modal dialog covers the hand)."""
        hand = list(self.sv["hand"]) if self.sv is not None else []
        if code in hand:
            hand.remove(code)
        held = dict.fromkeys(SUITS, 0)
        for c in hand:
            rank, suit = faces.split(c)
            if suit is not None and rank != "J":
                held[suit] += 1
        return held

    def on_chooser_key(self, evt: Any) -> None:
        """Arrow keys move around the chooser's grid (Home End: its first and last)."""
        key = str(evt.key)
        if key not in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"):
            return
        nodes = by_id("chooser-options").querySelectorAll("button")
        buttons = [nodes.item(i) for i in range(nodes.length)]
        if not buttons:
            return
        idx = next((i for i, b in enumerate(buttons) if b == document.activeElement), 0)
        tops = [float(b.getBoundingClientRect().top) for b in buttons]
        if key in ("ArrowLeft", "ArrowRight"):
            idx = max(0, min(len(buttons) - 1, idx + (1 if key == "ArrowRight" else -1)))
        elif key == "Home":
            idx = 0
        elif key == "End":
            idx = len(buttons) - 1
        else:  # the nearest button straight above or below
            x = self.centre_x(buttons[idx])
            sign = 1 if key == "ArrowDown" else -1
            others = [i for i, top in enumerate(tops) if (top - tops[idx]) * sign > 2]
            if others:
                near = min(others, key=lambda i: abs(tops[i] - tops[idx]))
                line = [i for i in others if abs(tops[i] - tops[near]) < 2]
                idx = min(line, key=lambda i: abs(self.centre_x(buttons[i]) - x))
        evt.preventDefault()
        buttons[idx].focus()

    @staticmethod
    def centre_x(el: Any) -> float:
        r = el.getBoundingClientRect()
        return float(r.left) + float(r.width) / 2

    def on_choose(self, evt: Any) -> None:
        btn = evt.target.closest("button")
        if not btn:
            return
        moves = self.chooser_moves
        code = self.choice_code
        named = btn.getAttribute("data-named")
        if named:
            options = [m for m in moves if m.rstrip("!").split("=", 1)[1].split(":")[0] == named]
            if any(":" in m.split("=", 1)[1] for m in options):
                self.open_chooser(code, options, suits_only=True)  # the named J's suit
                return
            self.close_chooser()
            self.human_move(options[0], self.card_button(code))
            return
        suit = btn.getAttribute("data-suit")
        if not suit:
            return
        match = [m for m in moves if m.rstrip("!").endswith(":" + suit)]
        self.close_chooser()
        if match:
            self.human_move(match[0], self.card_button(code) if code else None)
            if code is None:  # the dealer's suit (§2) chosen: to the hand, as after any deal
                self.host.flows.focus_hand()

    def on_chooser_cancel(self, evt: Any) -> None:
        evt.preventDefault()
        if self.choice_code is not None:  # Escape = Cancel; the dealer must choose: it stays
            self.close_chooser()

    def close_chooser(self) -> None:
        dlg = by_id("chooser")
        if dlg.open:
            dlg.close()
        code = self.choice_code
        self.choice_code = None
        if code:
            btn = self.card_button(code)
            if btn:
                btn.focus()

    def card_button(self, code: str | None) -> Any:
        if not code:
            return None
        return by_id("hand").querySelector(f'button[data-card="{code}"]')

    # -- end of hand, match ------------------------------------------------------------------

    def peek_table(self) -> None:
        dlg = by_id("summary")
        if dlg.open:
            dlg.close()

    def on_show_summary(self, evt: Any) -> None:
        if self.sv is not None and self.sv.hand_over:
            self.open_summary()

    def abandon_from_chooser(self) -> None:
        """Abandon from the dealer's forced suit choice (the modal chooser hides the header)."""
        dlg = by_id("chooser")
        if dlg.open:
            dlg.close()
        self.host.flows.ask_abandon()

    def resume_choice(self, v: SeatView | None = None) -> None:
        """A suit the shown seat still owes (the dealer's, RULES §3) opens the chooser:
        after each render (``v``: its view) and after "Keep playing" or Escape on Abandon."""
        sv = v or self.sv
        if sv is None or sv.match_over or by_id("chooser").open or self.curtain_up():
            return
        if sv.get("choosing") and sv.turn == self.host.seat:
            self.open_chooser(None, sv.legal)

    # -- keyboard --------------------------------------------------------------------------

    def hand_buttons(self) -> list[Any]:
        nodes = by_id("hand").querySelectorAll("button[data-card]")
        return [nodes.item(i) for i in range(nodes.length)]

    def after_local_move(self, move: str) -> None:
        """A move of the shown seat sent: a Dernier call stays armed only for the call itself."""
        if move != "dernier":
            self.armed = False

    def focus_card(self, index: int) -> None:
        cards = self.hand_buttons()
        if not cards:
            return
        index = max(0, min(index, len(cards) - 1))
        for i, b in enumerate(cards):
            b.tabIndex = 0 if i == index else -1
        cards[index].focus()

    def on_hand_key(self, evt: Any) -> None:
        key = str(evt.key)
        if key not in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"):
            return
        cards = self.hand_buttons()
        if not cards:
            return
        active = document.activeElement
        idx = next((i for i, b in enumerate(cards) if b == active), 0)
        # ← → Home End: every card in order (a dimmed one says why); ↑ ↓: the playable ones
        playable = [i for i, b in enumerate(cards) if b.classList.contains("playable")]
        if key in ("ArrowUp", "ArrowDown") and playable:
            step = -1 if key == "ArrowUp" else 1
            later = [i for i in playable if (i - idx) * step > 0]
            if later:
                idx = later[0] if step > 0 else later[-1]
            else:  # wrap round to the playable card at the other end
                idx = playable[0] if step > 0 else playable[-1]
            evt.preventDefault()
            evt.stopPropagation()
            self.focus_card(idx)
            return
        if key in ("ArrowLeft", "ArrowUp"):
            idx -= 1
        elif key in ("ArrowRight", "ArrowDown"):
            idx += 1
        elif key == "Home":
            idx = 0
        else:
            idx = len(cards) - 1
        evt.preventDefault()
        evt.stopPropagation()
        self.focus_card(idx % len(cards))

    def on_key(self, evt: Any) -> None:
        if self.sv is None or typing(evt) or dialog_open():
            return
        if document.body.dataset.screen != "table" or evt.ctrlKey or evt.metaKey or evt.altKey:
            return
        if self.curtain_up():
            return
        key = str(evt.key)
        if key == " ":
            if self.native_space(evt):
                return  # Space presses the focused control (not a card)
            evt.preventDefault()
            self.on_dernier()
        elif key in ("d", "D"):
            evt.preventDefault()
            self.simple_move("draw")
        elif key in ("p", "P"):
            evt.preventDefault()
            self.simple_move("pass")
        elif key in ("ArrowLeft", "ArrowRight") and not evt.target.closest("#hand"):
            evt.preventDefault()
            cards = self.hand_buttons()
            playable = [i for i, b in enumerate(cards) if b.getAttribute("aria-disabled") != "true"]
            self.focus_card(playable[0] if playable else 0)

    def native_space(self, evt: Any) -> bool:
        target = evt.target
        tag = str(getattr(target, "tagName", "") or "").lower()
        return tag in ("button", "a", "summary") and not target.closest("#hand")

    def on_key_up(self, evt: Any) -> None:
        # Space calls Dernier: it must not also "click" the focused card.
        if (
            str(evt.key) == " "
            and self.sv is not None
            and not typing(evt)
            and not dialog_open()
            and not self.native_space(evt)
        ):
            evt.preventDefault()

    # -- rules page ------------------------------------------------------------------------

    def on_curtain_dernier(self) -> None:
        s = cast("DernierSession | None", self.host.session)  # Dernier's table: its session
        btn = by_id("curtain-dernier")
        if s is None or not btn.dataset.seat:
            return
        seat = int(btn.dataset.seat)
        if s.human_due(seat):
            s.play("dernier", seat)
            self.host.say.announce(t(self.host.lang, "log_call", who=name_of(s.names, seat)))
            self.host.flows.changed()
