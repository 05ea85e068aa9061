"""The DOM layer of the card table (runs only in the browser, under PyScript).

The page plays one registered game per visit (``?game=``, :mod:`web.shell.games`): its
class, :class:`web.shell.page.Page`, is the shell's parts; the game's table is an object it
holds (``page.table``, :class:`web.shell.table.GameTable`, built from ``GameSpec.table``);
its store reads and writes that game's keys.

All game logic lives in :mod:`web.shell.session`, :mod:`web.shell.driver`,
:mod:`web.shell.params` and the games' packages. The page is put together from parts, one
per concern: :mod:`web.shell.setup_screen` (the start screen), :mod:`web.shell.seats` (the
curtain, the timer), :mod:`web.net.lobby` (playing with friends; the network is
:mod:`web.net`), …; the game's table draws one seat's view and turns clicks and keys into
moves (:mod:`web.shell.table`). This module's part, :class:`PageCore`, holds the page's
state, start-up, screens, and :meth:`PageCore.act`, through which every move of the shown
seat goes (to the session here, or to the host from a friend's page).
Text from players (names, saves, the network) only ever goes into ``textContent``;
``innerHTML`` receives card SVG from :mod:`web.faces` (built from card codes), QR codes
(:mod:`web.qr`), the tables' static markup (:func:`web.shell.table.fill`) and the static
rules page only. Event listeners are attached with
``addEventListener`` (no inline handlers: the page runs under a strict CSP).
"""

from __future__ import annotations

import asyncio
import traceback
from dataclasses import replace
from typing import Any, cast

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from web.cards.seatview import SeatView
from web.shell import games
from web.shell.dom import by_id, clear, dialog_open, js_object, local_storage, make
from web.shell.driver import Driver
from web.shell.games import GameSpec
from web.shell.i18n import t
from web.shell.params import (
    Notice,
    game_defaults,
    language_of,
    parse_query,
)
from web.shell.part import PagePart
from web.shell.replay import is_link
from web.shell.session import HUMAN, Session, Store, link_over_save, resume_or_new
from web.shell.table import build_table

NOTICE_SECONDS = 8.0  # how long a notice stays (it can be dismissed sooner)
URL_NOTICE_SECONDS = 12.0
MAX_NOTICES = 3
#: a request for storage the player made (kept referenced until it is answered)
STORAGE_ASKS: list[asyncio.Future[None]] = []


class PageCore(PagePart):
    """What the page does whatever the game: start-up, screens, notices, :meth:`act`. A part
    of the page's class (:class:`web.shell.page.Page`), with the shell's other parts."""

    #: the table last drawn marked its match as over (``mark_table``): Abandon goes
    match_over_marked = False

    def __init__(self, game: GameSpec | None = None) -> None:
        self.game = game or games.get()
        self.store = Store(local_storage(), self.game.name)
        self.session: Session | None = None
        self.guest: Any = None  # a friend's page: web.net.GuestLink (no engine here)
        self.hub: Any = None  # the host's page with friend seats: web.net.HostNet
        self.guest_fragment = ""  # the invitation a friend's page is on
        self.settings = game_defaults(self.game.name)
        self.proxies: list[Any] = []
        # the bots wait while a dialog the person must read is open (the first-time help…)
        self.driver = Driver(lambda: self.session, self.on_driver, held=lambda: self.dialog_open())
        self.seat = HUMAN  # the seat whose hand this page shows
        self.sv: SeatView | None = None  # that seat's table state, as last drawn
        self.curtain_seat: int | None = None  # pass-and-play: the seat the curtain waits for
        self.turn_started: float | None = None
        self.turn_key: tuple[int, ...] | None = None  # the turn the timer runs for (web.shell.seats)
        self.timer_task: Any = None
        self.match_id = 0
        self.resumable: Session | None = None  # the saved match that #resume-match brings back
        self.queued_deal = False  # Deal was pressed before Python was up (web/boot.js)
        self.pending_new: Any = None  # what "Start a new match" does once confirmed (web.shell.menu)
        # a game's table keeps its own state (web.shell.table.GameTable, told of a new match by
        # its begin hook): none of it here (tests/test_table_seam.py)

    # -- the seat this page shows --------------------------------------------------------

    # -- wiring -------------------------------------------------------------------------

    def on(self, el: Any, event: str, fn: Any) -> None:
        def safe(evt: Any) -> None:
            try:
                fn(evt)
            except Exception:
                self.fail(traceback.format_exc())

        proxy = create_proxy(safe)
        self.proxies.append(proxy)
        el.addEventListener(event, proxy)

    def fail(self, text: str) -> None:
        """An unexpected error: say so on the page (never a blank page), keep going."""
        window.console.error(text)
        self.notice(t(self.lang, "error_heading") + ": " + text.strip().splitlines()[-1], "error", None)

    @property
    def lang(self) -> str:
        return self.session.lang if self.session else self.settings.lang

    def start(self) -> None:
        early = self.page.early_choices()  # before anything fills the form
        nav_lang = language_of(str(getattr(window.navigator, "language", "") or ""))
        prefs = self.store.prefs(nav_lang)
        base = prefs or replace(game_defaults(self.game.name), lang=nav_lang)
        parsed = parse_query(str(window.location.search or ""), base)
        self.settings = parsed.settings
        origin = parsed.given if parsed.start else None
        # a link over an unfinished saved match: that match, and the question (web.shell.keeper)
        asked = link_over_save(self.store, parsed.start, origin)
        session: Session | None
        problem: str | None
        if asked is not None:
            session, problem = asked, None
        else:
            session, problem = resume_or_new(self.store, parsed.settings, parsed.start, origin)
        if session is not None and session.match.over and not parsed.start and self.page.result_seen(session):
            session = None  # reopening after a finished match: the start screen, not the old result
        if session is not None and parsed.prefs_given:
            changes = {k: getattr(parsed.settings, k) for k in parsed.prefs_given if k != "name"}
            if changes:
                session.settings = replace(session.settings, **changes)
        self.wire()
        self.page.offer_games()
        self.page.translate()
        fragment = str(window.location.hash or "")
        if ("join=" in fragment or "room=" in fragment) and self.page.start_guest(fragment):
            self.ready()
            return
        if is_link(fragment):  # a shared replay: the viewer, the save left as it is
            self.page.show_setup()
            self.page.offer_resume()
            if self.page.open_link_in_url():
                self.ready()
                return
        # the notices speak the language of what opens: a resumed table keeps its own
        lang = session.lang if session is not None else self.lang
        if parsed.notices:  # one notice for all the URL's problems
            text = "\n".join(self.notice_text(n, lang) for n in parsed.notices)
            self.notice(text, seconds=URL_NOTICE_SECONDS, lang=lang)
        if not self.store.ok:
            self.show_storage_note()
        self.store.on_off = self.show_storage_note  # a write refused later (a full storage)
        if self.store.prefs_problem:  # remembered choices set aside: the game's defaults
            text = t(lang, "prefs_set_aside", game=self.game.title(lang)) + f" ({self.store.prefs_problem})"
            self.notice(text, seconds=URL_NOTICE_SECONDS, lang=lang)
        if session is not None:
            if problem:
                text = t(lang, "save_problem_heading") + " (" + problem + ")"
                self.notice(text, seconds=URL_NOTICE_SECONDS, lang=lang)
            self.open_match(session)
            if asked is not None:  # the bots wait for the answer
                self.page.ask_link(parsed.settings, origin)
            elif parsed.start:  # a link's match: the first-time help, as a deal from the form
                self.page.after_link_deal()
        elif problem:
            self.page.show_save_problem(problem)
        else:
            self.page.show_setup()
            self.page.keep_early_choices(early)
        self.ready()
        if self.queued_deal and document.body.dataset.screen == "setup":
            try:  # a Deal pressed while Python started: deal now, with what the form shows
                self.page.deal_from_form()
                self.page.after_deal()  # the first-time help, as for a Deal pressed later
            except Exception:
                self.fail(traceback.format_exc())

    def ready(self) -> None:
        self.queued_deal = self.page.deal_queued()
        by_id("status").hidden = True
        document.documentElement.removeAttribute("data-boot")  # web/boot.js's loading state
        by_id("setup-fields").disabled = False
        by_id("show-rules").disabled = False
        self.timer_task = asyncio.ensure_future(self.timer_loop())
        # which bots play: the real ones, or the stand-in when the game's bots failed to load
        real = getattr(self.game.load(self.game.bots), "have_real_bots", lambda: True)()
        document.body.dataset.bots = self.game.name if real else "stand-in"
        document.body.dataset.game = self.game.name
        document.body.dataset.ready = "true"

    def wire(self) -> None:
        self.on(by_id("setup-form"), "submit", self.page.on_setup_submit)
        self.on(by_id("opt-players"), "change", lambda e: self.page.sync_levels())
        self.on(by_id("opt-rules"), "change", lambda e: self.page.on_rules_change())
        self.on(by_id("opt-lang"), "change", self.page.on_lang_change)
        self.on(by_id("opt-name"), "input", lambda e: self.page.sync_seat_names())
        document.body.dataset.game = self.game.name  # the game's style, from its table's first paint
        build_table(self.page.table, by_id("table"), self.game.name)  # the game's table builds its elements
        self.page.table.wire_table()  # and wires them
        self.on(by_id("curtain-go"), "click", lambda e: self.page.on_curtain_go())
        self.on(by_id("abandon"), "click", lambda e: self.ask_abandon())
        self.on(by_id("abandon-yes"), "click", lambda e: self.do_abandon())
        self.on(by_id("abandon-no"), "click", lambda e: by_id("confirm-abandon").close())
        self.on(by_id("next"), "click", lambda e: self.next_hand())
        self.on(by_id("new-match"), "click", lambda e: self.new_match())
        self.on(by_id("change-settings"), "click", lambda e: self.page.show_setup())
        self.on(by_id("coach"), "click", lambda e: self.page.on_coach())
        self.on(by_id("export-match"), "click", lambda e: self.page.on_export())
        self.on(by_id("review-hand"), "click", lambda e: self.page.on_review_hand())
        self.on(by_id("import-match"), "change", self.page.on_import_change)
        self.on(by_id("review-cancel"), "click", lambda e: self.page.on_review_cancel())
        self.on(by_id("review-close"), "click", lambda e: self.page.close_review())
        self.on(by_id("show-rules"), "click", lambda e: self.show_rules())
        self.on(by_id("rules-close"), "click", lambda e: by_id("rules-dialog").close())
        self.on(by_id("save-problem-new"), "click", lambda e: self.page.on_save_problem_new())
        self.on(by_id("start-online"), "click", lambda e: self.page.on_start_online())
        self.on(by_id("lobby-back"), "click", lambda e: self.page.on_lobby_back())
        self.on(by_id("friends-button"), "click", lambda e: self.page.on_friends_button())
        self.on(by_id("leave-table"), "click", lambda e: self.page.on_leave_table())
        self.on(by_id("reply-fresh"), "click", lambda e: self.page.on_reply_fresh())
        self.on(by_id("reply-copy"), "click", lambda e: self.page.on_reply_copy())
        self.on(by_id("talk"), "click", self.page.on_talk)
        self.on(by_id("room-open"), "click", lambda e: self.page.on_room_open())
        self.on(by_id("storage-ask"), "click", lambda e: self.on_storage_ask())
        self.on(by_id("room-cloud"), "click", lambda e: self.page.on_room_cloud())
        self.on(window, "pagehide", lambda e: self.on_page_hide())
        self.on(window, "hashchange", lambda e: self.page.on_join_hash())  # an invitation, no reload
        self.on(
            by_id("ice-servers"), "change", lambda e: self.page.on_ice_change("ice-servers", "ice-status")
        )
        self.on(by_id("join-ice"), "change", lambda e: self.page.on_ice_change("join-ice", "join-ice-status"))
        self.page.wire_menu()
        self.page.wire_replay()
        self.page.wire_keeper()

    # -- static text ---------------------------------------------------------------------

    def notice_text(self, n: Notice, lang: str | None = None) -> str:
        lang = lang or self.lang
        if n.code == "bad_param" and n.detail:
            return t(lang, "bad_param_detail", param=n.param, value=n.value, detail=n.detail)
        return t(lang, n.code, param=n.param, value=n.value, detail=n.detail)

    def notice(
        self, text: str, kind: str = "info", seconds: float | None = NOTICE_SECONDS, lang: str | None = None
    ) -> None:
        """A dismissible notice above the table: it goes by itself after ``seconds``
        (None: it stays until dismissed), and at most MAX_NOTICES are shown (the oldest
        goes first). ``kind`` "penalty" notices go when the next hand is dealt."""
        holder = by_id("notices")
        box = make("div", "notice")
        box.dataset.kind = kind
        box.appendChild(make("span", "notice-text", text))
        btn = make("button", "ghost small", "×", type="button", aria_label=t(lang or self.lang, "dismiss"))
        box.appendChild(btn)
        self.on(btn, "click", lambda e: box.remove())
        holder.appendChild(box)
        while holder.childElementCount > MAX_NOTICES:
            holder.firstElementChild.remove()
        if seconds:
            asyncio.get_event_loop().call_later(seconds, box.remove)

    # -- storage refused ------------------------------------------------------------------

    def show_storage_note(self) -> None:
        """Say once, in a line above the table, that this table cannot keep the match here
        (the browser refuses the page its storage: a frame on another site, a private
        window, a full or disabled storage). The match plays on, kept in memory
        (:class:`web.shell.session.Store`). The line's link opens the same page in its own
        tab, shown in a frame only, and its button asks the browser for storage (the
        Storage Access API, shown where the browser has it): web/boot.js sets both."""
        by_id("storage-note").hidden = False

    def on_storage_ask(self) -> None:
        """The player's tap on the line's button: the Storage Access API's request, made
        during the tap as the browser requires (``localStorage`` asked for where the browser
        hands it out, as Chromium does; cookies only elsewhere, after which the page's own
        storage may be allowed)."""
        ask = getattr(document, "requestStorageAccess", None)
        if ask is None:
            return
        try:
            types = to_js({"localStorage": True}, dict_converter=window.Object.fromEntries)
            STORAGE_ASKS.append(asyncio.ensure_future(self.after_storage_ask(ask(types))))
        except Exception:
            self.notice(t(self.lang, "storage_refused"), "error", None)

    async def after_storage_ask(self, asked: Any) -> None:
        try:
            handle = await asked
        except Exception:  # the browser said no (or asked the player, who said no)
            self.notice(t(self.lang, "storage_refused"), "error", None)
            return
        storage = getattr(handle, "localStorage", None) if handle is not None else None
        if storage is None:
            storage = local_storage()
        if storage is None or not self.store.use(storage):
            self.notice(t(self.lang, "storage_refused"), "error", None)
            return
        if self.session is not None:
            self.session.save()
        by_id("storage-note").hidden = True
        self.notice(t(self.lang, "storage_granted"))

    def drop_notices(self, kind: str) -> None:
        nodes = by_id("notices").querySelectorAll(f'.notice[data-kind="{kind}"]')
        for i in range(nodes.length):
            nodes.item(i).remove()

    # -- screens -------------------------------------------------------------------------

    def screen(self, name: str) -> None:
        document.body.dataset.screen = name
        self.page.show_title()  # every screen names the game it plays
        by_id("setup").hidden = name != "setup"
        by_id("table").hidden = name != "table"
        by_id("save-problem").hidden = name != "problem"
        by_id("lobby").hidden = name != "lobby"
        by_id("join").hidden = name != "join"
        by_id("replay").hidden = name != "replay"
        by_id("abandon").hidden = name != "table" or self.session is None
        by_id("menu-button").hidden = name not in ("table", "setup")
        if name == "setup":
            self.page.draw_fan()
        else:
            by_id("resume-match").hidden = True
        by_id("leave-table").hidden = self.guest is None
        by_id("talk-box").hidden = not self.online() or name != "table"
        if self.hub is not None:
            by_id("friends-button").hidden = not self.hub.started

    def close_dialogs(self) -> None:
        for name in ("chooser", "summary", "confirm-abandon"):
            dlg = by_id(name)
            if dlg.open:
                dlg.close()

    # -- setup form ----------------------------------------------------------------------

    def begin(self, session: Session) -> None:
        by_id("status").hidden = True
        self.driver.stop()
        self.session = session
        self.settings = session.settings
        self.match_id += 1
        self.seat = session.local_seats()[0] if session.local_seats() else HUMAN
        self.curtain_seat = self.seat if session.multi_local else None
        self.turn_started = None
        self.page.table.begin(session)
        self.drop_notices("penalty")
        by_id("log-details").open = bool(window.matchMedia("(min-width: 720px)").matches)
        self.close_dialogs()
        self.page.translate()
        self.screen("table")
        if self.hub is not None:
            self.hub.attach(session)
        self.render()
        self.driver.kick()

    # -- abandon: the same flow for every game, in its words --------------------------------

    def may_abandon(self) -> bool:
        """The shown seat may leave the match now: this page holds it (solo or host) and the
        table last drawn did not mark it over."""
        s = self.session
        return s is not None and not s.match.over and not self.match_over_marked

    def ask_abandon(self) -> None:
        """Abandon asks first, saying what it costs in the game's own rules (its required
        ``abandon_text``: no shell default)."""
        if not self.may_abandon():
            return
        by_id("abandon-text").textContent = t(self.lang, "abandon_text")
        by_id("confirm-abandon").showModal()
        by_id("abandon-no").focus()

    def do_abandon(self) -> None:
        by_id("confirm-abandon").close()
        s = self.session
        if s is None or not self.may_abandon():
            return
        self.driver.stop()
        s.abandon(self.seat)
        self.page.table.after_local_move("abandon")
        self.changed()

    # -- the next hand, a new match: the same flow for every game (its words: next_hand,
    # play_again) ----------------------------------------------------------------------------

    def next_hand(self) -> None:
        """The next hand of the match on this page (solo or host), once the hand is over:
        the summary closed and forgotten, the last hand's penalties' notices gone, the bots
        run, the keyboard on the new hand."""
        s = self.session
        if s is None or not s.hand_over or s.match.over:
            return
        s.next_hand()
        self.drop_notices("penalty")
        self.close_summary()
        self.changed()
        self.page.focus_hand()

    def new_match(self) -> None:
        """A new match like the one on the table (its settings, its seats)."""
        s = self.session
        if s is None:
            return
        self.close_summary()
        self.begin(s.again())
        self.page.focus_hand()

    def go_on(self) -> None:
        """After a finished hand: the next hand, or a new match once the match is over (a
        table's own button for the summary's ``#next`` / ``#new-match``)."""
        s = self.session
        if s is None or not (s.hand_over or s.match.over):
            return
        if s.match.over:
            self.new_match()
        else:
            self.next_hand()

    def show_summary(self, match_over: bool, held: bool = False, waiting: str | None = None) -> None:
        """The end of the hand (its body filled by the table): the summary dialog opened at
        its top, with the next hand (or, once the match is over, a new match and other
        settings) for the page that holds the match; the keyboard on its first button. A
        ``held`` next hand waits for choices the table offers in the summary (Scala 40's
        re-entries: the table puts the keyboard on them). A friend's page says that the
        host goes on (``#wait-host``): ``waiting``, else the game's ``wait_host_hand`` /
        ``wait_host_match`` words."""
        host = self.session is not None
        by_id("next").hidden = match_over or not host or held
        by_id("new-match").hidden = not match_over or not host
        by_id("change-settings").hidden = not match_over or not host
        wait = by_id("wait-host")
        wait.hidden = host
        wait.textContent = (
            "" if host else waiting or t(self.lang, "wait_host_match" if match_over else "wait_host_hand")
        )
        self.page.render_review_buttons()
        dlg = by_id("summary")
        if not dlg.open:
            dlg.showModal()
        if not host:
            focus = by_id("summary-peek")
        elif match_over or not held:
            focus = by_id("new-match" if match_over else "next")
        else:
            focus = None
        if focus is not None:
            focus.focus(js_object({"preventScroll": True}))
        dlg.scrollTop = 0

    def end_buttons(self, over: bool, go_on: Any, replay: Any, review: Any) -> None:
        """A table that shows a hand's end on itself (DOG): its buttons shown and worded as
        the summary's (:meth:`show_summary`), each starting the shell's flow. ``go_on``: the
        next hand, or a new match once the match is over (the game's ``next_hand`` /
        ``play_again`` words), only on the page that holds the match; ``replay`` and
        ``review``: the replay viewer and the review of the hand, when they apply. The shell
        wires them once (they carry ``data-flow``)."""
        s = self.session
        for el, flow in (
            (go_on, self.go_on),
            (replay, self.page.open_replay_from_summary),
            (review, self.page.on_review_hand),
        ):
            if el.getAttribute("data-flow") != "wired":
                el.setAttribute("data-flow", "wired")
                self.on(el, "click", lambda e, flow=flow: flow())
        go_on.hidden = not over or s is None
        key = "play_again" if s is not None and s.match.over else "next_hand"
        go_on.dataset.i18n = key
        go_on.textContent = t(self.lang, key)
        replay.hidden = not over or not self.page.summary_replay_allowed()
        review.hidden = replay.hidden

    def close_summary(self) -> None:
        """The end of the hand closed and its cards out of the document; the table draws it
        afresh next time (:meth:`~web.shell.table.GameTable.forget_summary`)."""
        dlg = by_id("summary")
        if dlg.open:
            dlg.close()
        clear(by_id("summary-table"))
        self.page.table.forget_summary()

    def relanguage(self) -> None:
        """The language changed from the menu: everything shown is drawn again in it, the
        same for every game. The shell's own lines (the statistics, the talk's phrases), and
        the table from its state, after it forgot what it drew in the old words
        (:meth:`~web.shell.table.GameTable.forget_drawn`) and its end of the hand."""
        self.page.render_stats()
        clear(by_id("talk"))  # its phrases are drawn again in the new words
        if self.sv is None or (self.session is None and self.guest is None):
            return
        self.page.table.forget_drawn()
        if by_id("summary").open:
            self.page.table.forget_summary()
        self.render()

    def on_driver(self, kind: str, seat: int | None) -> None:
        try:
            if kind == "thinking":
                self.page.table.render_thinking(self.driver.thinking)
            else:
                if self.hub is not None and kind != "idle":
                    self.hub.broadcast()
                self.render()
        except Exception:
            self.fail(traceback.format_exc())

    def after_human(self) -> None:
        self.changed()

    @property
    def thinking(self) -> int | None:
        """The bot seat thinking now (a table marks it)."""
        return self.driver.thinking

    def dialog_open(self) -> bool:
        return dialog_open()

    def show_rules(self) -> None:
        body = by_id("rules-body")
        try:
            html = self.game.rules_html(self.lang)
        except (ImportError, AttributeError):
            html = None
        if html:
            body.innerHTML = html
        else:
            clear(body)
            body.appendChild(make("p", "", t(self.lang, "rules_missing")))
        by_id("rules-dialog").showModal()
        by_id("rules-close").focus()

    # -- drawing ---------------------------------------------------------------------------

    def hint(self, text: str, refused: bool = False) -> None:
        el = by_id("hint")
        el.textContent = text
        el.classList.toggle("refused", bool(refused and text))
        el.classList.remove("penalty")  # show_penalty() sets it again for its own text

    def refusal(self, reason: str) -> None:
        self.hint(self.refusal_words(reason), refused=True)

    def mark_table(self, turn: int | None, hand_over: bool, match_over: bool) -> Any:
        """The table's hooks every game's page carries (CONTRACT "In the page"):
        ``#table[data-turn][data-seat][data-over][data-match-over]``, and on a friend's page
        ``data-connected``. Returns ``#table``."""
        table = by_id("table")
        if turn is None:
            table.removeAttribute("data-turn")
        else:
            table.dataset.turn = str(turn)
        table.dataset.seat = str(self.seat)
        table.dataset.over = "true" if hand_over else "false"
        table.dataset.matchOver = "true" if match_over else "false"
        self.match_over_marked = match_over  # the shell's Abandon goes with the match
        if self.guest is not None:
            table.dataset.connected = "true" if self.guest.connected else "false"
        else:
            table.removeAttribute("data-connected")
        return table

    def announce(self, text: str) -> None:
        by_id("announce").textContent = text

    async def timer_loop(self) -> None:
        last = float(window.performance.now())
        while True:
            await asyncio.sleep(0.25)
            try:
                if self.store.stale:  # a save refused: the match moved on in another tab
                    self.page.follow_save("tab_followed")
                now = float(window.performance.now())
                waited, last = now - last, now
                if self.dialog_open() and self.turn_started is not None:
                    self.turn_started += waited  # the turn clock waits while a dialog is read
                if self.sv is None or self.dialog_open():
                    continue
                self.page.table.render_timer()
                seat = self.timer_seat()
                if seat is None or self.turn_started is None or self.session is None:
                    continue
                spent = (float(window.performance.now()) - self.turn_started) / 1000
                left = self.session.settings.timer - spent
                if left <= 0:
                    self.turn_started = None
                    self.turn_key = None
                    self.close_dialogs()
                    self.session.timeout(seat)
                    self.changed()
            except Exception:
                self.fail(traceback.format_exc())

    def state_now(self) -> dict[str, Any] | None:
        """The table state of the shown seat: from the session (solo, host) or the last
        one the host sent (a friend's page)."""
        if self.session is not None:
            return self.session.table_state(self.seat)
        if self.guest is not None:
            return cast("dict[str, Any]", self.guest.state)
        return None

    def act(self, move: str, wrong: bool = False) -> str | None:
        """The shown seat makes ``move``. Returns the engine's refusal (or None). On a
        friend's page the move goes to the host, whose engine decides."""
        if self.session is not None:
            if self.page.stale_here():  # another tab played on: this page follows it
                return None
            s = self.session
            if wrong:
                penalty = s.try_wrong(move, self.seat)
                if penalty is None:
                    return t(self.lang, "why_generic")
            else:
                try:
                    s.play(move, self.seat)
                except ValueError as e:
                    return str(e)
            self.page.table.after_local_move(move)
            self.changed()
            return None
        if self.guest is not None:
            self.page.table.after_local_move(move)
            self.guest.send_move(move, wrong)
            return None
        return None

    def render(self) -> None:
        """Draw the table: the flows every game shares around the game's
        :meth:`~web.shell.table.GameTable.render`, which gets the shown seat's table state.
        Before it, the shell's view ``sv`` of that state and a finished match's chores (the
        table's result reads the statistics); after it, the tab's title, Abandon, the table
        talk and the friends' seats, so that no game's table can forget one."""
        st = self.page.seat_state()
        if st is None:
            return
        self.sv = SeatView(st)
        self.match_over_marked = False
        if self.session is not None and self.session.match.over:
            self.end_of_match()
        self.page.table.render(st)
        self.page.table.render_thinking(self.driver.thinking)  # the bot thinking, on the seats drawn
        self.page.render_coach(self.sv)  # the hint, offered on the shown seat's choice
        turn = self.sv.turn
        document.title = ("▶ " if turn == self.seat else "") + self.game.title(self.lang)
        by_id("abandon").hidden = self.match_over_marked or self.session is None
        if self.online():
            self.page.render_talk()
        if self.hub is not None:
            self.hub.render_seats()

    def end_of_match(self) -> None:
        """A match is over on this page (solo or host): the statistics line drawn again, its
        result marked as seen (reopening the page then shows the start screen) and the player
        told when its replay could not be kept, the same for every game."""
        assert self.session is not None
        self.page.render_stats()
        self.page.mark_result_seen()
        s = self.session
        if s.kept is not None:  # the match went into the Replays list
            self.page.tell_kept(s.kept.failed, s.kept.dropped)
            s.kept = None

    def refusal_words(self, reason: str) -> str:
        """An engine's refusal of the shown seat's move, in the player's words (the game's
        :meth:`~web.shell.table.GameTable.refusal_words`)."""
        return self.page.table.refusal_words(reason)

    def changed(self) -> None:
        """The match changed on this (host's) page: tell the friends, draw, run the bots."""
        if self.hub is not None:
            self.hub.broadcast()
        self.render()
        self.driver.kick()

    def timer_seat(self) -> int | None:
        """The person whose turn timer runs now (RULES §11), else None."""
        s = self.session
        if s is None or not s.settings.timer or s.turn is None or s.is_bot(s.turn):
            return None
        if s.kinds[s.turn] == "friend" and s.presence.get(s.turn) != "connected":
            return None
        return s.turn

    def on_page_hide(self) -> None:
        """The page goes away: a host says goodbye to its friends (they see the table
        closed at once, not after a silence), a friend tells the host it left."""
        if self.hub is not None:
            self.hub.close("host_left")
        if self.guest is not None:
            self.guest.leave()

    def online(self) -> bool:
        return self.guest is not None or self.hub is not None

    def open_match(self, session: Session) -> None:
        """Begin ``session``; with friend seats, first the lobby where they are invited."""
        if session.friend_seats() and not session.match.over:
            self.page.open_lobby(session)
        else:
            self.begin(session)

    # -- playing with friends: the host ---------------------------------------------------
