"""Drawing the card table (browser only) from one seat's table state
(:class:`web.seatview.SeatView`): the opponents, the piles, the shown hand and its buttons,
the log, the turn line, the end-of-hand summary, the turn timer, and the pass-and-play
curtain. The same code draws a solo page, pass-and-play and a friend's page. A base of
Dernier's table class (:class:`web.dernier.table.DernierTable`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from pyscript import document, window

from web.dernier import faces
from web.dernier.describe import (
    count_text,
    hand_points_given,
    log_lines,
    name_of,
    needs_text,
    playable_cards,
    sort_hand,
    tiebreak_text,
    why_not,
)
from web.dernier.seatview import SeatView
from web.dernier.table_input import TableInput
from web.shell.dom import by_id, clear, make
from web.shell.i18n import t

if TYPE_CHECKING:
    from web.dernier.session import DernierSession


class TableDrawing(TableInput):
    """Dernier's table, its drawing (its state its own, the page's through ``self.host``)."""

    def seat_order(self, n: int) -> list[int]:
        """Opponents left to right: the seat after the shown one sits at its right
        (counter-clockwise)."""
        return [(self.host.seat + k) % n for k in range(n - 1, 0, -1)]

    def render(self, st: dict[str, Any]) -> None:
        sv = self.sv = SeatView(st)
        lang = self.host.lang
        names = sv.names
        turn = sv.turn
        table = self.host.mark_table(turn, sv.hand_over, sv.match_over)
        table.dataset.players = str(sv.players)
        if sv.get("hands_limit"):
            info = t(lang, "hand_of", n=sv["hand_no"], total=sv["hands_limit"])
        else:
            info = t(lang, "hand_target", n=sv["hand_no"], target=sv.get("target"))
        by_id("hand-info").textContent = info
        if not sv.can_arm():
            self.armed = False
        self.render_opponents(sv, names)
        self.render_piles(sv, names)
        covered = self.render_curtain(sv)
        if covered:
            clear(by_id("hand"))
            self.last_hand = []
            clear(by_id("log"))
            self.log_shown = []
        else:
            self.render_me(sv, names)
            self.render_log(sv, names)
        self.render_turn_line(sv, names)
        self.render_timer()
        if self.hand_to_view and not covered:
            self.bring_hand_into_view()
        self.hand_to_view = False
        if sv.hand_over:
            self.open_summary()
        elif not covered:
            self.resume_choice(sv)

    def seat_passed(self) -> None:
        self.armed = False
        self.was_my_turn = False  # the next person hears "Your turn…" once the curtain goes

    def render_curtain(self, sv: SeatView) -> bool:
        """The pass-and-play curtain (:mod:`web.shell.seats`); the seat that just played
        may still call Dernier from under it."""
        if not self.host.curtain.show_curtain(sv.names, sv.hand_over):
            return False
        s = cast("DernierSession | None", self.host.session)  # Dernier's table: its session
        assert s is not None
        caller = next((p for p in s.local_seats() if p != self.host.seat and s.human_due(p)), None)
        call = by_id("curtain-dernier")
        call.hidden = caller is None
        if caller is not None:
            call.dataset.seat = str(caller)
            call.textContent = t(self.host.lang, "curtain_call", who=name_of(sv.names, caller))
        return True

    def render_opponents(self, v: SeatView, names: list[str]) -> None:
        box = by_id("opponents")
        lang = self.host.lang
        n = v.players
        order = self.seat_order(n)
        existing = box.querySelectorAll(".seat")
        have = [str(existing.item(i).dataset.seat) for i in range(existing.length)]
        if have != [str(x) for x in order]:
            clear(box)
            for seat in order:
                el = make("div", "seat")
                el.dataset.seat = str(seat)
                el.appendChild(make("div", "seat-name"))
                el.appendChild(make("div", "seat-level"))
                row = make("div", "seat-row")
                row.appendChild(make("div", "mini-hand"))
                row.appendChild(make("span", "seat-count"))
                el.appendChild(row)
                tags = make("div", "seat-tags")
                tags.appendChild(make("span", "badge", t(lang, "dernier_badge")))
                tags.appendChild(make("span", "chip dealer-chip", t(lang, "dealer")))
                tags.appendChild(make("span", "chip turn-chip", "▶"))
                tags.appendChild(make("span", "chip score-chip"))
                el.appendChild(tags)
                box.appendChild(el)
        box.dataset.count = str(len(order))
        nodes = box.querySelectorAll(".seat")
        due = set(v["dernier_due"])
        scores = v["scores"]
        for i in range(nodes.length):
            el = nodes.item(i)
            seat = int(el.dataset.seat)
            count = v["counts"][seat]
            name = name_of(names, seat)
            level = self.seat_label(v, seat)
            el.querySelector(".seat-name").textContent = name
            el.querySelector(".seat-level").textContent = level
            el.dataset.kind = v.kind(seat)
            presence = v.presence(seat)
            if presence:
                el.dataset.presence = presence
            else:
                el.removeAttribute("data-presence")
            el.querySelector(".seat-count").textContent = str(count)
            mini = el.querySelector(".mini-hand")
            shown = min(count, 8)
            if mini.childElementCount != shown:
                clear(mini)
                for _ in range(shown):
                    mini.appendChild(make("span", "mini-card"))
            called = count == 1 and seat not in due and not v["over"]
            el.querySelector(".badge").hidden = not called
            el.querySelector(".dealer-chip").hidden = v["dealer"] != seat
            score = el.querySelector(".score-chip")
            score.textContent = t(lang, "points_short", n=scores[seat])
            score.hidden = v["hand_no"] == 1 and not scores[seat]
            active = v["turn"] == seat
            el.querySelector(".turn-chip").hidden = not active
            el.classList.toggle("active", active)
            el.classList.toggle("winner", v["over"] and v.get("hand_winner") == seat)
            label_key = "seat_label_turn" if active else "seat_label"
            label = t(lang, label_key, who=name, level=level, cards=count_text(count, lang))
            if not score.hidden:
                label += ", " + t(lang, "points_label", n=scores[seat])
            if called:
                label += ", Dernier!"
            el.setAttribute("aria-label", label)
            el.setAttribute("role", "group")

    def seat_label(self, v: SeatView, seat: int) -> str:
        """Under a seat's name: a bot's level, "on this device", or a friend's state."""
        lang = self.host.lang
        kind = v.kind(seat)
        if kind == "human":
            return t(lang, "kind_human" if self.host.session is not None else "kind_host_device")
        if kind == "friend":
            presence = v.presence(seat) or "connected"
            text = t(lang, f"presence_{presence}")
            if presence == "standin":
                text += " · " + t(lang, f"level_{v.level(seat) or 'medium'}")
            return text
        return t(lang, f"level_{v.level(seat) or 'medium'}")

    def seat_rect(self, seat: int) -> Any:
        if seat == self.host.seat:
            return by_id("hand").getBoundingClientRect()
        el = by_id("opponents").querySelector(f'.seat[data-seat="{seat}"]')
        return el.getBoundingClientRect() if el else None

    def fly(self, el: Any, rect: Any) -> None:
        """Animate ``el`` from ``rect`` (the place its card came from) to where it is."""
        if not rect:
            return
        to = el.getBoundingClientRect()
        dx = (rect.left + rect.width / 2) - (to.left + to.width / 2)
        dy = (rect.top + rect.height / 2) - (to.top + to.height / 2)
        el.style.setProperty("--dx", f"{dx:.0f}px")
        el.style.setProperty("--dy", f"{dy:.0f}px")
        el.classList.remove("fly")
        _ = el.offsetWidth
        el.classList.add("fly")

    def render_piles(self, v: SeatView, names: list[str]) -> None:
        lang = self.host.lang
        discard = by_id("discard")
        top = v["top"]
        jolly_mode = "wild" if self.is_wild() else "suit"
        if discard.getAttribute("data-card") != top or len(v["discard"]) != self.last_discard:
            clear(discard)
            card = make("div", "pile-card")
            card.innerHTML = faces.card_svg(top, jolly_mode)
            discard.appendChild(card)
            if self.last_discard and len(v["discard"]) > self.last_discard:
                mover = self.last_mover(v)
                rect = self.fly_from if mover == self.host.seat and self.fly_from else None
                if not rect and mover is not None:
                    rect = self.seat_rect(mover)
                self.fly(card, rect)
            self.fly_from = None
        self.last_discard = len(v["discard"])
        discard.dataset.card = top
        suit = v.get("suit") or ""
        discard.dataset.suit = suit
        label = t(lang, "discard_pile", card=faces.card_name(top, lang))
        if v.get("wild"):
            label += " = " + faces.card_name(v["wild"], lang)
        if suit:
            label += ". " + t(lang, "active_suit", suit=t(lang, f"suit_{suit}"))
        discard.setAttribute("aria-label", label)

        dp = by_id("drawpile")
        stack = dp.querySelector(".pile-stack")
        want = 0 if v["draw_count"] == 0 else min(3, 1 + v["draw_count"] // 15)
        if stack.childElementCount != want:
            clear(stack)
            for _ in range(want):
                c = make("div", "pile-card back")
                c.innerHTML = faces.back_svg()
                stack.appendChild(c)
        by_id("draw-count").textContent = str(v["draw_count"])
        dp.setAttribute("aria-label", t(lang, "draw_pile", n=v["draw_count"]))
        dp.classList.toggle("empty", v["draw_count"] == 0)

        ind = by_id("suit-indicator")
        clear(ind)
        if suit:
            chosen = bool(v.get("chosen_suit"))
            ind.className = "suit-indicator" + (" chosen" if chosen else "") + f" suit-{suit}"
            sym = make("span", "suit-icon")
            sym.innerHTML = faces.suit_svg(suit)
            ind.appendChild(sym)
            key = "chosen_suit" if chosen else "active_suit"
            ind.appendChild(make("span", "suit-text", t(lang, key, suit=t(lang, f"suit_{suit}"))))
            ind.dataset.suit = suit
        else:
            ind.className = "suit-indicator"
            ind.dataset.suit = ""
        pend = by_id("pending")
        pend.hidden = not v["pending"]
        pend.textContent = t(lang, "pending", n=v["pending"]) if v["pending"] else ""
        pend.dataset.pending = str(v["pending"])
        d = by_id("direction")
        ccw = v["direction"] == 1
        clear(d)
        d.appendChild(make("span", "dir-arrow", "↺" if ccw else "↻"))
        dir_text = t(lang, "direction_label", dir=t(lang, "direction_ccw" if ccw else "direction_cw"))
        d.appendChild(make("span", "dir-text", dir_text))
        d.dataset.direction = str(v["direction"])
        d.setAttribute("aria-label", dir_text)

    def is_wild(self) -> bool:
        return self.sv is not None and self.sv.get("jolly") == "wild"

    def last_mover(self, v: SeatView) -> int | None:
        for ev in reversed(v["log"]):
            if ev["type"] == "move":
                return int(ev["seat"])
            if ev["type"] == "turned":
                return None
        return None

    def render_me(self, v: SeatView, names: list[str]) -> None:
        lang = self.host.lang
        me_seat = self.host.seat
        my_turn = v.my_turn
        me = by_id("me")
        me.classList.toggle("active", my_turn)
        by_id("me-name").textContent = name_of(names, me_seat)
        due = me_seat in v["dernier_due"]
        by_id("me-badge").hidden = not (len(v["hand"]) == 1 and not due and not v["over"])
        by_id("me-dealer").hidden = v["dealer"] != me_seat
        by_id("me-dealer").textContent = t(lang, "dealer")
        me_score = by_id("me-score")
        score = v["scores"][me_seat]
        me_score.textContent = t(lang, "points_short", n=score)
        me_score.setAttribute("aria-label", t(lang, "points_label", n=score))
        me_score.hidden = v["hand_no"] == 1 and not score

        hand = sort_hand(v["hand"])
        playable = playable_cards(v.state) if my_turn else set()
        jump = None if my_turn else v.jump_card()
        box = by_id("hand")
        box.setAttribute("aria-label", t(lang, "your_hand_n", n=len(hand)))
        old = self.hand_buttons()
        focused = document.activeElement
        focus_code = None
        focus_idx = -1
        for i, b in enumerate(old):
            if b == focused:
                focus_code, focus_idx = str(b.dataset.card), i
        old_codes = [str(b.dataset.card) for b in old]
        wild = self.is_wild()
        if old_codes != hand:
            prev = list(old_codes)
            clear(box)
            for code in hand:
                b = make("button", "card", None, type="button")
                b.dataset.card = code
                # a picture, not inline SVG: its corner letters are no text of the button,
                # whose name (faces.card_label) holds all that it shows (WCAG 2.5.3)
                face = make("img", "card-face", None, alt="", draggable="false")
                face.src = faces.card_image_url(code, "wild" if wild else "suit")
                b.appendChild(face)
                if code in prev:
                    prev.remove(code)
                elif old_codes or self.last_hand:
                    b.classList.add("arrive")
                box.appendChild(b)
        self.last_hand = hand
        box.style.setProperty("--n", str(max(1, len(hand))))
        if my_turn and not self.was_my_turn:
            self.hand_to_view = True  # once the whole table is drawn (render)
            self.host.say.cue("turn")
        buttons = self.hand_buttons()
        if len(self.card_marks) != len(buttons) or old_codes != hand:
            self.card_marks = [None] * len(buttons)
        roving = -1
        for i, b in enumerate(buttons):
            code = hand[i] if len(hand) == len(buttons) else str(b.dataset.card)
            ok = code in playable
            can_jump = jump is not None and code == jump
            if ok and not can_jump and roving < 0:
                roving = i
            why = "" if ok or can_jump else why_not(v.state, code, names, lang) or t(lang, "why_generic")
            mark = (code, lang, ok, can_jump, why)
            if self.card_marks[i] == mark:
                continue  # each DOM call costs: only what changed is written
            self.card_marks[i] = mark
            name = faces.card_label(code, lang)
            b.classList.toggle("jump", can_jump)
            if can_jump:
                b.removeAttribute("aria-disabled")
                b.setAttribute("title", t(lang, "jump_in"))
                b.setAttribute("aria-label", name + ", " + t(lang, "jump_in"))
            elif ok:
                b.removeAttribute("aria-disabled")
                b.removeAttribute("title")
                b.setAttribute("aria-label", name + ", " + t(lang, "playable"))
            else:
                b.setAttribute("aria-disabled", "true")
                b.setAttribute("title", why)
                b.setAttribute("aria-label", name + ", " + t(lang, "not_playable", why=why))
            b.classList.toggle("playable", ok)
        first_playable = roving
        if focus_code is not None:
            idx = next((i for i, b in enumerate(buttons) if str(b.dataset.card) == focus_code), -1)
            if idx < 0:
                idx = min(focus_idx, len(buttons) - 1)
            roving = idx
            if my_turn and not self.was_my_turn and first_playable >= 0 and focus_code not in playable:
                roving = first_playable  # the turn comes: focus leaves a card that cannot be played
        if roving < 0:
            roving = 0
        for i, b in enumerate(buttons):
            b.tabIndex = 0 if i == roving else -1
        keep_focus = focus_code is not None and buttons and 0 <= roving < len(buttons)
        if keep_focus and document.activeElement != buttons[roving]:
            buttons[roving].focus()

        legal = v.legal if my_turn else []
        draw = by_id("draw")
        draw.disabled = "draw" not in legal
        draw.textContent = t(lang, "draw_n", n=v["pending"]) if v["pending"] and my_turn else t(lang, "draw")
        draw.setAttribute("aria-keyshortcuts", "D")
        pas = by_id("pass")
        pas.disabled = "pass" not in legal
        pas.textContent = t(lang, "pass")
        pas.setAttribute("aria-keyshortcuts", "P")
        btn = by_id("dernier")
        enabled = v.dernier_enabled()
        btn.disabled = not enabled
        btn.setAttribute("aria-pressed", "true" if self.armed else "false")
        btn.textContent = t(lang, "dernier_armed" if self.armed else "dernier")
        btn.classList.toggle("urgent", v.due())
        btn.classList.toggle("armed", self.armed)
        btn.setAttribute("aria-keyshortcuts", "Space")
        if v.due():
            help_text = t(lang, "dernier_help_call")
        elif enabled:
            help_text = t(lang, "dernier_help_arm")
        else:
            help_text = t(lang, "dernier_help_off")
        btn.setAttribute("title", help_text)
        btn.setAttribute("aria-label", "Dernier! " + help_text)
        if not my_turn and not by_id("hint").classList.contains("refused"):
            self.host.say.hint(t(lang, "turn_you_jump", card=faces.card_short(jump)) if jump else "")

    def bring_hand_into_view(self) -> None:
        """On the shown seat's turn its hand and buttons are on screen (short screens)."""
        me = by_id("me")
        rect = me.getBoundingClientRect()
        if rect.bottom > window.innerHeight or rect.top < 0:
            me.scrollIntoView(False)

    def render_log(self, v: SeatView, names: list[str]) -> None:
        """The whole log of the hand, numbered by move (the list scrolls; on phones it
        is folded, its last line in the heading), and a forgotten Dernier told loudly."""
        lines = log_lines(
            v["log"], names, self.host.lang, me=self.host.seat, standin=v.get("standin_moves") or ()
        )
        if self.log_hand != v["hand_no"]:
            self.log_hand = v["hand_no"]
            self.log_seen = 0
            self.log_events_seen = 0
        new = lines[self.log_seen :]
        self.log_seen = len(lines)
        self.tell_forgotten(v, names)
        if lines != self.log_shown:
            box = by_id("log")
            old = self.log_shown
            same = len(old) <= len(lines) and lines[: max(0, len(old) - 1)] == old[: max(0, len(old) - 1)]
            if not same or not old:
                clear(box)
                old = []
            else:  # the last line may have grown ("Bianca draws a card" → "… — you draw 2")
                while box.childElementCount >= len(old) and box.lastElementChild:
                    box.lastElementChild.remove()
                old = old[:-1]
            for i in range(len(old), len(lines)):
                box.appendChild(make("li", "", lines[i]))
            self.log_shown = list(lines)
            box.scrollTop = box.scrollHeight
            by_id("log-last").textContent = lines[-1] if lines else ""
        my_turn = v.my_turn
        said = list(new[-3:])
        if my_turn and not self.was_my_turn:
            said.append(self.turn_sentence(v))
        self.was_my_turn = my_turn
        if said:
            self.host.say.announce(" · ".join(said))

    def turn_sentence(self, v: SeatView) -> str:
        """For the live region when the shown seat's turn comes: what it may do."""
        lang = self.host.lang
        if v.get("choosing"):
            return t(lang, "turn_you_choose", card=faces.card_short(v["top"]))
        if v["pending"]:
            key = "turn_you_chain_jolly" if v.get("chain") == "jolly" else "turn_you_chain_ace"
            return t(lang, key, n=v["pending"])
        if not playable_cards(v.state):
            return t(lang, "announce_turn_draw", needs=needs_text(v.state, lang))
        return t(lang, "announce_turn_needs", needs=needs_text(v.state, lang))

    def tell_forgotten(self, v: SeatView, names: list[str]) -> None:
        """A forgotten Dernier (RULES §7) shows like a penalty: notice, hint and flash
        for the shown seat, a notice for anyone else."""
        log = v["log"]
        start = self.log_events_seen
        self.log_events_seen = len(log)
        if start <= 0 and len(log) > 1 and self.log_shown == []:
            return  # a match just opened or resumed: old news
        for ev in log[start:]:
            move = str(ev.get("move") or "")
            if ev.get("type") == "move" and (move == "dernier" or move.endswith("!")):
                self.host.say.cue("call")
            if ev.get("type") == "draw" and ev.get("reason") == "dernier":
                seat = int(ev["seat"])
                if seat == self.host.seat:
                    self.show_penalty(t(self.host.lang, "log_forgot_you", n=ev["count"]))
                else:
                    text = t(self.host.lang, "log_forgot", who=name_of(names, seat), n=ev["count"])
                    self.host.say.notice(text, "penalty")

    def render_turn_line(self, v: SeatView, names: list[str]) -> None:
        lang = self.host.lang
        el = by_id("turn-line")
        turn = v.turn
        me = self.host.seat
        el.classList.toggle("mine", turn == me)
        el.classList.toggle("ended", v.hand_over)
        by_id("show-summary").hidden = not v.hand_over
        if v.match_over:
            text = t(lang, "match_over")
        elif v.hand_over:
            text = t(lang, "hand_over")
        elif turn == me and not self.curtain_up():
            if v.get("choosing"):
                text = t(lang, "turn_you_choose", card=faces.card_short(v["top"]))
            elif v["has_drawn"]:
                drawn = v.get("drawn") or ""
                if drawn in playable_cards(v.state):
                    text = t(lang, "turn_you_drawn", card=faces.card_short(drawn))
                else:
                    text = t(lang, "turn_you_drawn_pass", card=faces.card_short(drawn))
            elif v["pending"]:
                key = "turn_you_chain_jolly" if v.get("chain") == "jolly" else "turn_you_chain_ace"
                text = t(lang, key, n=v["pending"])
            else:
                text = t(lang, "turn_you") + " · " + t(lang, "why_needs", needs=needs_text(v.state, lang))
        elif v.kind(turn or 0) == "friend" and v.presence(turn or 0) == "away":
            text = t(lang, "turn_away", who=name_of(names, turn))
        else:
            text = t(lang, "turn_bot", who=name_of(names, turn))
        if v.due() and not self.curtain_up():
            text = t(lang, "turn_call_now") + " " + text
        el.textContent = text

    # -- summary ---------------------------------------------------------------------------

    def open_summary(self) -> None:
        sv = self.sv
        if sv is None:
            return
        key = sv["hand_no"]  # forgotten at a new match (begin) and when the shell closes it
        dlg = by_id("summary")
        if self.summary_for == key and dlg.open:
            return
        if self.summary_for != key:
            self.host.say.cue("hand_end")
        self.summary_for = key
        waiting = self.fill_summary()
        self.host.flows.show_summary(sv.match_over, waiting=waiting)  # the shell's dialog, at its top

    def fill_summary(self) -> str | None:
        """The summary's body filled; returns a friend's page's line while it waits for the
        host (who deals next), or None for the game's own words."""
        v = self.sv
        assert v is not None
        mi = v["match"]
        # "you" on a shared device (pass-and-play) is nobody: every line names the player
        me = -1 if self.host.session is not None and self.host.session.multi_local else self.host.seat
        players = v.players
        over = bool(mi["over"])
        lang = self.host.lang
        names = v.names
        stopped = mi["result"] is not None and not v["over"]  # abandoned or timed out mid-hand
        by_id("summary-title").textContent = (
            t(lang, "match_over") if stopped else t(lang, "summary_heading", n=v["hand_no"])
        )
        winner = v.get("hand_winner")
        if stopped:
            wtext = ""
        elif v.get("went_out"):
            wtext = t(lang, "summary_won_you") if winner == me else t(lang, "summary_won", who=names[winner])
        else:
            wtext = (
                t(lang, "summary_empty_you")
                if winner == me
                else t(lang, "summary_empty", who=name_of(names, winner))
            )
        by_id("summary-winner").textContent = wtext
        table = by_id("summary-table")
        clear(table)
        head = make("tr")
        cols = ["col_player", "col_cards", "col_gave", "col_hand", "col_total", "col_won"]
        if over:
            cols.append("col_match_points")
        for c in cols:
            th = make("th", "col-" + c[4:], t(lang, c), scope="col")
            if c == "col_gave":
                th.setAttribute("title", t(lang, "col_gave_title"))
            elif c == "col_match_points":
                th.setAttribute("title", t(lang, "match_points_legend"))
            head.appendChild(th)
        thead = make("thead")
        thead.appendChild(head)
        table.appendChild(thead)
        tbody = make("tbody")
        hands = v.get("hands") or [[] for _ in range(players)]
        if not v["over"]:
            hands = [v["hand"] if seat == me else [] for seat in range(players)]
        gave = hand_points_given(hands)
        hs = v.get("hand_scores") or [0] * players
        scored = ""  # §9: the winner's hand is the others' cards, and 50 for going out, in words
        if v["over"] and v.get("went_out") and winner is not None and not stopped:
            left = sum(gave[s] for s in range(players) if s != winner)
            bonus = hs[winner] - left
            if bonus > 0:
                key = "summary_scored_you" if winner == me else "summary_scored"
                scored = t(lang, key, who=name_of(names, winner), total=hs[winner], bonus=bonus, cards=left)
        mp = mi["match_points"]
        order = mi["ranking"] if over and mi["ranking"] else list(range(players))
        for seat in order:
            row = make("tr")
            if seat == me:
                row.classList.add("me-row")
            if (over and seat == mi["winner"]) or (not over and seat == winner):
                row.classList.add("win-row")
            row.appendChild(make("th", "", names[seat], scope="row"))
            cards = sort_hand(hands[seat])
            count = len(cards) if v["over"] else v["counts"][seat]
            row.appendChild(make("td", "num col-cards", str(count) if count else t(lang, "none_left")))
            row.appendChild(make("td", "num", str(gave[seat]) if v["over"] else "–"))
            row.appendChild(make("td", "num", str(hs[seat]) if v["over"] else "–"))
            row.appendChild(make("td", "num total", str(v["scores"][seat])))
            row.appendChild(make("td", "num", str(v["hands_won"][seat])))
            if over and mp is not None:
                row.appendChild(make("td", "num", f"{mp[seat]:+d}"))
            tbody.appendChild(row)
            if v["over"] and cards:
                # the cards left, on their own row so the table stays narrow on phones
                crow = make("tr", "cards-row")
                cell = make("td", "", None, colspan=str(len(cols)))
                strip = make("div", "mini-faces")
                strip.setAttribute("role", "img")
                strip.setAttribute("aria-label", ", ".join(faces.card_name(x, lang) for x in cards))
                for code in cards:
                    c = make("span", "mini-face", None, title=faces.card_name(code, lang))
                    c.innerHTML = faces.card_svg(code, "wild" if self.is_wild() else "suit")
                    strip.appendChild(c)
                cell.appendChild(strip)
                crow.appendChild(cell)
                if seat == me:
                    crow.classList.add("me-row")
                tbody.appendChild(crow)
        table.appendChild(tbody)
        legend = by_id("summary-legend")
        legend.textContent = (
            (scored + ". " if scored else "")
            + t(lang, "col_gave_legend")
            + (" " + t(lang, "match_points_legend") if over else "")
        )
        legend.hidden = stopped

        host = self.host.session is not None
        result = by_id("result")
        result.hidden = not over
        waiting = None
        nd = by_id("next-dealer")
        if not over and not host:  # one line on a friend's page: who deals, and that the host starts
            nxt = (v["dealer"] + 1) % players
            nd.textContent = ""
            key = "wait_host_hand_you" if nxt == me else "wait_host_hand_other"
            waiting = t(lang, key, who=names[nxt])
        elif not over:
            nxt = (v["dealer"] + 1) % players
            nd.textContent = (
                t(lang, "next_dealer_you") if nxt == me else t(lang, "next_dealer", who=names[nxt])
            )
        else:
            nd.textContent = ""
            w = mi["winner"]
            res = mi["result"]
            loser = res["seat"] if res else None
            how = tiebreak_text(
                mi["tiebreak"], name_of(names, loser) if loser is not None else None, loser == me, lang
            )
            shared = res is not None and players > 2  # every other player gets +1 (§11)
            if shared:
                key = "result_first_you" if w == me else "result_first"
                won = t(lang, key, who=name_of(names, w))
                how += ". " + self.shared_text(v, [s for s in mi["ranking"] if s != loser])
            else:
                won = t(lang, "result_won_you") if w == me else t(lang, "result_won", who=name_of(names, w))
            by_id("result-winner").textContent = won
            by_id("result-tiebreak").textContent = how
            by_id("result").dataset.tiebreak = str(mi["tiebreak"])
            by_id("result-stats").textContent = by_id("stats").textContent if host else ""
        return waiting

    def shared_text(self, v: SeatView, others: list[int]) -> str:
        """After an abandon or a timeout with 3+ players: who shares the +1, and how the
        first of them was placed first."""
        lang = self.host.lang
        names = [name_of(v.names, s) for s in others]
        joined = (
            ", ".join(names[:-1]) + " " + t(lang, "and") + " " + names[-1] if len(names) > 1 else names[0]
        )
        text = t(lang, "tb_shared", who=joined)
        first, second = others[0], others[1] if len(others) > 1 else None
        if second is None:
            return text
        sc = v["scores"]
        who = name_of(v.names, first)
        if sc[first] != sc[second]:
            return text + "; " + t(lang, "tb_first_points", who=who, a=sc[first], b=sc[second])
        return text + "; " + t(lang, "tb_first_ties", who=who)

    # -- turn timer --------------------------------------------------------------------------

    def render_timer(self) -> None:
        sv = self.sv
        if sv is None or sv.turn is None or sv.hand_over:
            self.host.clock.draw_timer(0, None, False)
            return
        # a turn: the hand and the seat (a move within the same turn keeps the clock)
        self.host.clock.draw_timer(
            int(sv.get("timer") or 0), (int(sv["hand_no"]), sv.turn), sv.turn == self.host.seat
        )

    # -- playing with friends: a friend's page --------------------------------------------
