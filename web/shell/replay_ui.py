"""The replay viewer, the Replays list, share links and drag-and-drop import (browser only).

A part of the page (:class:`web.shell.page.Page`); the logic without the browser is
:mod:`web.shell.replay`, and what a game gives is its replay book
(:class:`web.shell.replaybook.ReplayBook`) and its table's ``draw_replay_board``.

* **Viewer** (``section#replay``, screen ``replay``): a hand selector (``#replay-hand``), a
  seat selector (``#replay-seat``: one seat's view, or ``all`` for every hand face up),
  stepping by ``#replay-first``/``#replay-prev``/``#replay-next``/``#replay-last``, the
  ←/→ keys (Home/End) and the slider ``#replay-slider`` (``input type=range``); the log in
  sentences beside the table (``#replay-log``), the current step's line in ``#replay-move``.
  ``#replay`` carries ``data-hand``, ``data-step``, ``data-steps`` and ``data-view``;
  ``#replay-board`` carries ``data-position``, the engine's position of the step shown
  (JSON, sorted keys). Every position of the hand is kept once the hand is chosen (the
  game's replay book's ``frames``), so a step only draws; the game's table draws the board
  (``draw_replay_board``). ``#replay-back`` goes back to
  where the viewer was opened from (the end-of-hand summary, or the start screen).
* Opened from the end-of-hand summary and the match result (``#replay-open``), from the
  Replays list, from an imported file and from a share link (``#replay=…`` in the URL).
* **Share** (``#replay-share``): the link with the whole record in its fragment
  (``#replay-link``, copied to the clipboard when the browser allows).
* **Replays list** (``#replays`` on the start screen): the last 20 matches kept in this
  browser (``li[data-replay-id]`` with ``[data-open]`` and ``[data-delete]`` buttons).
* **Drag and drop**: a match file dropped on the start screen or the viewer opens like one
  chosen with the file picker (``#import-match``), with the same checks.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from pyscript import document, window

from web.shell.dom import by_id, clear, js_object, make
from web.shell.i18n import about, t
from web.shell.params import game_query
from web.shell.part import PagePart
from web.shell.replay import (
    MAX_RECORD_BYTES,
    HandFrames,
    ReplayError,
    ReplayShelf,
    decode_link,
    encode_link,
    ending_text,
    is_link,
    unpack,
)
from web.shell.replaybook import ReplayBook, entry_result

#: hidden hands are drawn as this many backs at most (then "+n")
MAX_BACKS = 12


class ReplayViewer(PagePart):
    """Mixin of :class:`web.ui.Page`."""

    rp_match: Any = None  # what the game's replay book loaded (web.shell.replaybook)
    rp_frames: HandFrames | None = None
    rp_step = 0
    rp_seat: int | None = None  # None: every hand face up
    rp_from = "setup"  # where #replay-back goes: "setup" or "table"
    copy_task: Any = None

    # -- wiring -----------------------------------------------------------------------------

    def wire_replay(self) -> None:
        self.page.on(by_id("replay-back"), "click", lambda e: self.close_replay())
        self.page.on(by_id("replay-first"), "click", lambda e: self.replay_go(0))
        self.page.on(by_id("replay-prev"), "click", lambda e: self.replay_go(self.rp_step - 1))
        self.page.on(by_id("replay-next"), "click", lambda e: self.replay_go(self.rp_step + 1))
        self.page.on(by_id("replay-last"), "click", lambda e: self.replay_go(10**9))
        self.page.on(by_id("replay-slider"), "input", lambda e: self.replay_go(int(e.target.value)))
        self.page.on(by_id("replay-hand"), "change", lambda e: self.replay_hand(int(e.target.value)))
        self.page.on(by_id("replay-seat"), "change", self.on_replay_seat)
        self.page.on(by_id("replay-share"), "click", lambda e: self.on_replay_share())
        self.page.on(by_id("replay-copy"), "click", lambda e: self.copy_replay_link())
        self.page.on(by_id("replay-export"), "click", lambda e: self.on_replay_export())
        self.page.on(by_id("replay-review"), "click", lambda e: self.on_replay_review())
        self.page.on(by_id("replay-open"), "click", lambda e: self.open_replay_from_summary())
        self.page.on(by_id("replays"), "click", self.on_replays_click)
        self.page.on(document, "keydown", self.on_replay_key)
        self.page.on(document, "dragover", self.on_drag_over)
        self.page.on(document, "dragleave", self.on_drag_leave)
        self.page.on(document, "drop", self.on_drop)
        self.page.on(window, "hashchange", lambda e: self.open_link_in_url())

    # -- opening ------------------------------------------------------------------------------

    def replay_book(self) -> ReplayBook:
        """The game's replays (:attr:`web.shell.games.GameSpec.replays`)."""
        book: ReplayBook = self.page.game.replay_book()
        return book

    def open_replay(self, match: Any, hand: int | None = None, came_from: str = "setup") -> None:
        """Show the viewer on ``match`` (checked already), at ``hand`` (default the last)."""
        book = self.replay_book()
        self.page.driver.stop()
        self.page.close_dialogs()
        self.rp_match = match
        self.rp_from = came_from
        self.rp_seat = None
        lang = self.page.lang
        pick = by_id("replay-hand")
        clear(pick)
        for n in range(1, book.hands(match) + 1):
            pick.appendChild(make("option", "", t(lang, "replay_hand_n", n=n), value=str(n)))
        seats = by_id("replay-seat")
        clear(seats)
        seats.appendChild(make("option", "", t(lang, "replay_all_face_up"), value="all"))
        for s, name in enumerate(book.names(match)):
            seats.appendChild(make("option", "", name, value=str(s)))
        seats.value = "all"
        by_id("replay-share-box").hidden = True
        for name in ("first", "prev", "next", "last"):
            by_id("replay-" + name).setAttribute("aria-label", t(lang, "replay_" + name))
        by_id("replay-slider").setAttribute("aria-label", t(lang, "replay_slider"))
        result = by_id("replay-result")
        result.textContent = book.result_text(match, lang)
        by_id("replay-review").hidden = self.page.game.reviewer() is None
        by_id("replay-board").dataset.game = self.page.game.name
        self.page.screen("replay")
        by_id("hand-info").textContent = t(lang, "replay_heading")
        self.replay_hand(hand or book.hands(match))
        by_id("replay-next").focus()

    def came_from(self) -> str:
        """Where the viewer's Back goes: the table (the match goes on), or the start screen;
        a viewer opened from the viewer goes back where the first one would have."""
        if str(document.body.dataset.screen) == "replay":
            return self.rp_from
        return "table" if self.page.session is not None and not by_id("table").hidden else "setup"

    def summary_replay_allowed(self) -> bool:
        """The end-of-hand summary may open the match in the viewer: never a hand still in
        play."""
        s = self.page.session
        return s is not None and (s.hand_over or s.match.over)

    def open_replay_from_summary(self) -> None:
        s = self.page.session
        if s is None or not self.summary_replay_allowed():
            return
        self.open_replay(self.replay_book().of_match(s.match), s.match.hand_no, came_from="table")

    def close_replay(self) -> None:
        self.rp_frames = None
        self.rp_match = None
        for el in document.querySelectorAll("#replay-board .replay-own"):  # a game's drawing goes
            el.remove()
        if is_link(str(window.location.hash or "")):  # a reload must not reopen the link
            window.history.replaceState(None, "", str(window.location.pathname) + str(window.location.search))
        if self.rp_from == "table" and self.page.session is not None:
            self.page.screen("table")
            self.page.table.forget_summary()
            self.page.render()
            self.page.driver.kick()
            return
        self.page.show_setup()
        self.page.offer_resume()

    def open_link_in_url(self) -> bool:
        """A ``#replay=`` fragment: its match in the viewer (the save is left alone); a bad
        one gets a notice and nothing else changes. True when a viewer was opened."""
        frag = str(window.location.hash or "")
        if not is_link(frag):
            return False
        try:
            match = decode_link(frag, self.replay_book().load)
        except ValueError as e:  # a ReplayError, or a game's own refusal
            self.page.notice(t(self.page.lang, "link_bad") + ": " + str(e), "error", None)
            return False
        self.keep_replay(match, "shared")
        self.open_replay(match, 1, came_from=self.came_from())
        return True

    # -- stepping ----------------------------------------------------------------------------

    def replay_hand(self, hand: int) -> None:
        match = self.rp_match
        if match is None:
            return
        started = time.perf_counter()
        self.rp_frames = self.replay_book().frames(match, hand)
        by_id("replay").dataset.buildMs = str(round((time.perf_counter() - started) * 1000, 1))
        by_id("replay-hand").value = str(hand)
        slider = by_id("replay-slider")
        slider.max = str(self.rp_frames.steps)
        by_id("replay").dataset.hand = str(hand)
        by_id("replay").dataset.steps = str(self.rp_frames.steps)
        self.rp_step = -1
        self.replay_go(0)

    def on_replay_seat(self, evt: Any) -> None:
        value = str(evt.target.value)
        self.rp_seat = None if value == "all" else int(value)
        self.draw_replay()

    def replay_go(self, step: int) -> None:
        fr = self.rp_frames
        if fr is None:
            return
        step = max(0, min(fr.steps, step))
        self.rp_step = step
        self.draw_replay()

    def on_replay_key(self, evt: Any) -> None:
        if document.body.dataset.screen != "replay" or self.rp_frames is None:
            return
        if evt.ctrlKey or evt.metaKey or evt.altKey or self.page.dialog_open():
            return
        tag = str(getattr(evt.target, "tagName", "") or "").lower()
        key = str(evt.key)
        if tag in ("select", "textarea") or (tag == "input" and evt.target.type != "range"):
            return
        moves = {"ArrowRight": self.rp_step + 1, "ArrowLeft": self.rp_step - 1, "Home": 0, "End": 10**9}
        if key in moves:
            evt.preventDefault()
            self.replay_go(moves[key])
        elif key == "Escape":
            evt.preventDefault()
            self.close_replay()

    # -- drawing -----------------------------------------------------------------------------

    def draw_replay(self) -> None:
        fr = self.rp_frames
        match = self.rp_match
        if fr is None or match is None:
            return
        lang = self.page.lang
        started = time.perf_counter()
        step = self.rp_step
        book = self.replay_book()
        names = book.names(match)
        b = book.board(fr.frames[step], names, self.rp_seat, lang)
        root = by_id("replay")
        root.dataset.step = str(step)
        root.dataset.view = "all" if self.rp_seat is None else str(self.rp_seat)
        slider = by_id("replay-slider")
        slider.value = str(step)
        slider.setAttribute("aria-valuetext", t(lang, "replay_step", n=step, total=fr.steps))
        by_id("replay-step").textContent = t(lang, "replay_step", n=step, total=fr.steps)
        by_id("replay-first").disabled = step == 0
        by_id("replay-prev").disabled = step == 0
        by_id("replay-next").disabled = step == fr.steps
        by_id("replay-last").disabled = step == fr.steps
        pane = by_id("replay-board")
        pane.dataset.position = json.dumps(b["position"], separators=(",", ":"), sort_keys=True)
        self.page.table.draw_replay_board(b)
        log = by_id("replay-log")
        clear(log)
        lines = b["log"]
        for i, line in enumerate(lines):
            li = make("li", "", line)
            if i == len(lines) - 1:
                li.setAttribute("aria-current", "step")
            log.appendChild(li)
        log.scrollTop = log.scrollHeight  # the step's line in view
        move = by_id("replay-move")
        if step == fr.steps and fr.result is not None:
            move.textContent = ending_text(lang, fr.result, names)
        elif step == 0:
            move.textContent = book.dealt_text(match, fr, lang)
        else:
            move.textContent = lines[-1] if lines else ""
        root.dataset.drawMs = str(round((time.perf_counter() - started) * 1000, 1))

    def replay_seat_row(self, b: dict[str, Any], s: int, facts: list[str]) -> tuple[Any, Any]:
        """Seat ``s``'s row of a replayed position in ``#replay-seats``: its name, ``facts``
        (chips), the dealer, who is to play and who won; returns (the row, its empty
        ``.replay-cards``), which the game's drawing fills (see :meth:`replay_hidden`)."""
        lang = self.page.lang
        row = make("li", "replay-seat")
        row.dataset.seat = str(s)
        won = b["over"] and (s in b["winners"] if "winners" in b else b["winner"] == s)  # a team: several
        turn = b["turn"] == s
        row.classList.toggle("to-act", turn)
        row.classList.toggle("winner", won)
        head = make("div", "replay-seat-head")
        head.appendChild(make("span", "replay-name", b["names"][s]))
        for fact in facts:
            head.appendChild(make("span", "chip", fact))
        if b.get("dealer") == s:
            head.appendChild(make("span", "chip", t(lang, "dealer")))
        if turn:
            head.appendChild(make("span", "chip turn-chip", t(lang, "replay_to_act")))
        if won:
            head.appendChild(make("span", "chip turn-chip", t(lang, "replay_hand_winner")))
        row.appendChild(head)
        cards = make("div", "replay-cards")
        cards.setAttribute("role", "img")
        row.appendChild(cards)
        by_id("replay-seats").appendChild(row)
        return row, cards

    def replay_hidden(self, cards: Any, n: int) -> None:
        """A hand not seen from the viewed seat: ``n`` card backs (at most :data:`MAX_BACKS`)."""
        cards.dataset.hidden = "true"
        cards.setAttribute("aria-label", t(self.page.lang, "replay_hidden", n=n))
        back = self.replay_book().back_svg()
        for _ in range(min(n, MAX_BACKS)):
            c = make("span", "mini-face back")
            c.innerHTML = back
            cards.appendChild(c)
        if n > MAX_BACKS:
            cards.appendChild(make("span", "replay-more", f"+{n - MAX_BACKS}"))

    # -- share, export, review ----------------------------------------------------------------

    def on_replay_share(self) -> None:
        match = self.rp_match
        if match is None:
            return
        base = str(window.location.href).split("#", 1)[0].split("?", 1)[0] + game_query(self.page.game.name)
        url = base + "#" + encode_link(self.replay_book().data(match))
        box = by_id("replay-share-box")
        field = by_id("replay-link")
        field.value = url
        by_id("replay-share").dataset.link = url
        box.hidden = False
        by_id("replay-share-status").textContent = t(self.page.lang, "replay_link_ready", n=len(url))
        field.focus()
        field.select()
        self.copy_replay_link()

    def copy_replay_link(self) -> None:
        url = str(by_id("replay-link").value or "")
        if not url:
            return
        status = by_id("replay-share-status")
        lang = self.page.lang

        async def copy() -> None:
            try:
                await window.navigator.clipboard.writeText(url)
                status.textContent = t(lang, "replay_link_copied")
            except Exception:
                status.textContent = t(lang, "replay_link_select")

        self.copy_task = asyncio.ensure_future(copy())

    def on_replay_export(self) -> None:
        if self.rp_match is not None:
            book = self.replay_book()
            self.page.download_record(book.file_data(self.rp_match), book.file_name(self.rp_match))

    def on_replay_review(self) -> None:
        match = self.rp_match
        fr = self.rp_frames
        if match is None or fr is None:
            return
        seat = 0 if self.rp_seat is None else self.rp_seat
        if self.page.game.reviewer() is not None:
            self.page.start_review(match, seat=seat, hands=[fr.hand_no])

    # -- the Replays list ---------------------------------------------------------------------

    def shelf(self) -> ReplayShelf:
        return self.page.store.shelf()

    def keep_replay(self, match: Any, kind: str, at: int | None = None) -> None:
        """Keep ``match`` (opened from a file or a link) in the Replays list, dated ``at``
        (ms; now by default); a full storage is told, nothing else lost."""
        when = at if at else int(time.time() * 1000)
        kept = self.shelf().add(self.replay_book().kept_entry(match, kind, when))
        self.tell_kept(kept.failed, kept.dropped)

    def tell_kept(self, failed: bool, dropped: int) -> None:
        if failed:
            self.page.notice(t(self.page.lang, "replays_full"), "error", None)
        elif dropped:
            self.page.notice(t(self.page.lang, "replays_dropped", n=dropped))

    def render_replays(self) -> None:
        lang = self.page.lang
        entries = self.shelf().load()
        ul = by_id("replays")
        clear(ul)
        by_id("replays-empty").hidden = bool(entries)
        by_id("replays-count").textContent = str(len(entries))
        for e in entries:
            li = make("li", "replay-entry")
            li.dataset.replayId = e["id"]
            li.dataset.kind = e["kind"]
            when = str(window.Date.new(e["at"]).toLocaleString("it-IT" if lang == "it" else "en-GB"))
            names = e["names"]
            text = make("div", "replay-entry-text")
            text.appendChild(make("span", "replay-entry-when", when))
            text.appendChild(make("span", "replay-entry-who", ", ".join(names)))
            winner = e.get("winner")
            if isinstance(winner, int) and 0 <= winner < len(names):
                res = about(lang, "replay_winner", str(names[winner]))
            else:
                res = t(lang, "replay_unfinished")
            result = e.get("result")
            loser = result.get("seat") if isinstance(result, dict) else None
            if isinstance(result, dict) and isinstance(loser, int) and 0 <= loser < len(names):
                res = ending_text(lang, result, names)
            elif e.get("over"):
                res = entry_result(e, lang) or res  # a team won (DOG)
            hands = e.get("hands")
            rules = f"rules_{e.get('rules')}"
            extra = [t(lang, rules) if isinstance(e.get("rules"), str) and t(lang, rules) != rules else ""]
            limit, target = e.get("limit"), e.get("target")
            if isinstance(hands, int) and hands > 0 and not e.get("over") and isinstance(limit, int):
                extra.append(t(lang, "hand_of", n=hands, total=limit))  # unfinished: where it stopped
            elif isinstance(hands, int) and hands > 0 and not e.get("over") and isinstance(target, int):
                extra.append(t(lang, "hand_target", n=hands, target=target))
            elif isinstance(hands, int) and hands > 0:
                # how many hands (a game words it its own way: DOG's games)
                extra.append(t(lang, "replays_hands_1") if hands == 1 else t(lang, "replays_hands", n=hands))
            extra.append(t(lang, "replays_kind_" + e["kind"]))
            if e.get("hinted"):
                extra.append(t(lang, "replays_hinted"))
            text.appendChild(make("span", "replay-entry-result", " · ".join([res, *(x for x in extra if x)])))
            li.appendChild(text)
            btns = make("div", "replay-entry-actions")
            open_btn = make("button", "primary small", t(lang, "replays_open"), type="button")
            open_btn.dataset.open = e["id"]
            del_btn = make("button", "ghost small", t(lang, "replays_delete"), type="button")
            del_btn.dataset.delete = e["id"]
            del_btn.setAttribute("aria-label", t(lang, "replays_delete_of", when=when))
            btns.appendChild(open_btn)
            btns.appendChild(del_btn)
            li.appendChild(btns)
            ul.appendChild(li)

    def on_replays_click(self, evt: Any) -> None:
        btn = evt.target.closest("button")
        if not btn:
            return
        open_id = btn.getAttribute("data-open")
        delete_id = btn.getAttribute("data-delete")
        if open_id:
            entry = self.shelf().get(str(open_id))
            if entry is None:
                self.render_replays()
                return
            try:
                match = self.replay_book().load(unpack(str(entry.get("data", ""))))
            except ValueError as e:  # a ReplayError, or a game's own refusal
                self.page.notice(t(self.page.lang, "replays_bad") + ": " + str(e), "error", None)
                return
            self.open_replay(match, 1, came_from="setup")
        elif delete_id:
            self.shelf().remove(str(delete_id))
            self.render_replays()
            by_id("replays-heading").focus()

    # -- files: the picker and drag and drop ----------------------------------------------------

    def open_record_file(self, f: Any, picked: bool = False) -> None:
        """Check, keep and open a match file; ``picked``: from "Open a match file", whose
        refusal shows under that button (where the player is looking), not at the top."""
        self.page.import_task = asyncio.ensure_future(self.import_file(f, picked))

    async def import_file(self, f: Any, picked: bool = False) -> None:
        lang = self.page.lang
        status = by_id("import-status")
        status.hidden = True
        try:
            if int(f.size) > MAX_RECORD_BYTES:
                raise ReplayError(t(lang, "import_too_large", mb=round(int(f.size) / 1e6, 1)))
            text = str(await f.text())
            match = self.replay_book().load(text)
        except ValueError as e:  # a ReplayError, or a game's own refusal
            text = t(lang, "import_bad") + ": " + str(e)
            if picked and document.body.dataset.screen == "setup":
                status.textContent = text
                status.hidden = False
                status.scrollIntoView(js_object({"block": "nearest"}))
            else:
                self.page.notice(text, "error", None)
            return
        # dated when the file was written (the match's own time), not when it is opened
        modified = getattr(f, "lastModified", None)
        self.keep_replay(match, "imported", at=int(modified) if modified else None)
        self.open_replay(match, 1, came_from=self.came_from())

    def drop_allowed(self) -> bool:
        return str(document.body.dataset.screen) in ("setup", "replay") and not self.page.dialog_open()

    def on_drag_over(self, evt: Any) -> None:
        evt.preventDefault()  # a file dropped anywhere must not replace the page
        if self.drop_allowed():
            document.body.dataset.drop = "true"
            evt.dataTransfer.dropEffect = "copy"
        else:
            evt.dataTransfer.dropEffect = "none"

    def on_drag_leave(self, evt: Any) -> None:
        if not evt.relatedTarget:
            document.body.removeAttribute("data-drop")

    def on_drop(self, evt: Any) -> None:
        evt.preventDefault()
        document.body.removeAttribute("data-drop")
        if not self.drop_allowed():
            return
        files = evt.dataTransfer.files if evt.dataTransfer else None
        if not files or not files.length:
            return
        self.open_record_file(files.item(0))
