"""The DOM layer of the card table (runs only in the browser, under PyScript).

All game logic lives in :mod:`web.session`, :mod:`web.driver`, :mod:`web.describe` and
:mod:`web.params`; this module only reads the session and draws it, and turns clicks and
keys into session calls. Text from players (names, saves) only ever goes into
``textContent``; ``innerHTML`` receives card SVG from :mod:`web.faces` (built from card
codes) and the static rules page only. Event listeners are attached with
``addEventListener`` (no inline handlers, so a strict CSP can come later).
"""

from __future__ import annotations

import asyncio
import contextlib
import traceback
from dataclasses import replace
from typing import Any

from pyodide.ffi import create_proxy  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

from web import faces
from web.describe import (
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
from web.driver import Driver
from web.i18n import STRINGS, bot_names, t
from web.params import (
    HOUSE_FIELDS,
    MAX_HAND_SIZE,
    PLAYER_RANGE,
    SEAT_CHOICES,
    VARIANT_CHOICES,
    Notice,
    Settings,
    clean_name,
    language_of,
    parse_query,
)
from web.players import have_real_bots
from web.seatview import SeatView
from web.session import HUMAN, SaveProblem, Session, Store, resume_or_new

LOG_LINES = 6
SUITS = ("H", "D", "C", "S")


def by_id(name: str) -> Any:
    return document.getElementById(name)


def make(tag: str, cls: str = "", text: str | None = None, **attrs: str) -> Any:
    el = document.createElement(tag)
    if cls:
        el.className = cls
    if text is not None:
        el.textContent = text
    for k, v in attrs.items():
        el.setAttribute(k.replace("_", "-"), v)
    return el


def clear(el: Any) -> None:
    while el.firstChild:
        el.removeChild(el.firstChild)


def variant_text(value: Any) -> str:
    """A rule-set value as an <option> value: ``true``/``false``, numbers and words as text."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def local_storage() -> Any:
    try:
        st = window.localStorage
        st.getItem("dernier.probe")
        return st
    except Exception:
        return None


class Page:
    def __init__(self) -> None:
        self.store = Store(local_storage())
        self.session: Session | None = None
        self.guest: Any = None  # a friend's page: web.net.GuestLink (no engine here)
        self.hub: Any = None  # the host's page with friend seats: web.net.HostNet
        self.settings = Settings()
        self.proxies: list[Any] = []
        self.driver = Driver(lambda: self.session, self.on_driver)
        self.seat = HUMAN  # the seat whose hand this page shows
        self.sv: SeatView | None = None  # that seat's table state, as last drawn
        self.armed = False  # the shown seat armed Dernier for its next play
        self.curtain_seat: int | None = None  # pass-and-play: the seat the curtain waits for
        self.log_seen = 0  # lines of the log already announced
        self.log_hand = 0
        self.last_discard = 0  # length of the discard pile at the last render
        self.last_hand: list[str] = []
        self.fly_from: Any = None  # rect the human's card left from
        self.summary_for: tuple[int, int] | None = None  # (match id, hand) shown
        self.choice_code: str | None = None  # card waiting for a suit in the chooser
        self.turn_started: float | None = None
        self.turn_key: tuple[int, int, int] | None = None  # (hand, move, seat) the timer runs for
        self.timer_task: Any = None
        self.match_id = 0
        self.log_shown: list[str] = []
        self.was_my_turn = False

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
        self.notice(t(self.lang, "error_heading") + ": " + text.strip().splitlines()[-1])

    @property
    def lang(self) -> str:
        return self.session.lang if self.session else self.settings.lang

    def start(self) -> None:
        prefs = self.store.prefs()
        nav_lang = language_of(str(getattr(window.navigator, "language", "") or ""))
        base = prefs or Settings(lang=nav_lang)
        parsed = parse_query(str(window.location.search or ""), base)
        self.settings = parsed.settings
        origin = parsed.given if parsed.start else None
        session, problem = resume_or_new(self.store, parsed.settings, parsed.start, origin)
        if session is not None and parsed.prefs_given:
            changes = {k: getattr(parsed.settings, k) for k in parsed.prefs_given if k != "name"}
            if changes:
                session.settings = replace(session.settings, **changes)
        self.wire()
        self.translate()
        fragment = str(window.location.hash or "")
        if "join=" in fragment and self.start_guest(fragment):
            self.ready()
            return
        for n in parsed.notices:
            self.notice(self.notice_text(n))
        if not self.store.ok:
            self.notice(t(self.lang, "storage_off"))
        if session is not None:
            if problem:
                self.notice(t(self.lang, "save_problem_heading") + " (" + problem + ")")
            self.open_match(session)
        elif problem:
            self.show_save_problem(problem)
        else:
            self.show_setup()
        self.ready()

    def ready(self) -> None:
        by_id("status").hidden = True
        by_id("setup-fields").disabled = False
        by_id("show-rules").disabled = False
        self.timer_task = asyncio.ensure_future(self.timer_loop())
        # which bots play: the real ones, or the stand-in when dernier.bots failed to load
        document.body.dataset.bots = "dernier" if have_real_bots() else "stand-in"
        document.body.dataset.ready = "true"

    def wire(self) -> None:
        self.on(by_id("setup-form"), "submit", self.on_setup_submit)
        self.on(by_id("opt-players"), "change", lambda e: self.sync_levels())
        self.on(by_id("opt-rules"), "change", lambda e: self.on_rules_change())
        self.on(by_id("opt-lang"), "change", self.on_lang_change)
        self.on(by_id("hand"), "click", self.on_hand_click)
        self.on(by_id("hand"), "keydown", self.on_hand_key)
        self.on(by_id("hand"), "contextmenu", self.on_hand_long_press)
        self.on(by_id("draw"), "click", lambda e: self.simple_move("draw"))
        self.on(by_id("pass"), "click", lambda e: self.simple_move("pass"))
        self.on(by_id("dernier"), "click", lambda e: self.on_dernier())
        self.on(by_id("chooser-options"), "click", self.on_choose)
        self.on(by_id("chooser-cancel"), "click", lambda e: self.close_chooser())
        self.on(by_id("chooser"), "cancel", self.on_chooser_cancel)
        self.on(by_id("next"), "click", lambda e: self.on_next())
        self.on(by_id("new-match"), "click", lambda e: self.on_new_match())
        self.on(by_id("change-settings"), "click", lambda e: self.on_change_settings())
        self.on(by_id("summary-peek"), "click", lambda e: self.peek_table())
        self.on(by_id("summary"), "cancel", lambda e: self.peek_table())
        self.on(by_id("abandon"), "click", lambda e: self.ask_abandon())
        self.on(by_id("abandon-yes"), "click", lambda e: self.do_abandon())
        self.on(by_id("abandon-no"), "click", lambda e: by_id("confirm-abandon").close())
        self.on(by_id("confirm-abandon"), "close", lambda e: self.resume_choice())
        self.on(by_id("chooser-abandon"), "click", lambda e: self.abandon_from_chooser())
        self.on(by_id("show-rules"), "click", lambda e: self.show_rules())
        self.on(by_id("rules-close"), "click", lambda e: by_id("rules-dialog").close())
        self.on(by_id("save-problem-new"), "click", lambda e: self.on_save_problem_new())
        self.on(by_id("show-summary"), "click", self.on_show_summary)
        self.on(by_id("start-online"), "click", lambda e: self.on_start_online())
        self.on(by_id("lobby-back"), "click", lambda e: self.on_lobby_back())
        self.on(by_id("friends-button"), "click", lambda e: self.on_friends_button())
        self.on(by_id("leave-table"), "click", lambda e: self.on_leave_table())
        self.on(by_id("reply-fresh"), "click", lambda e: self.on_reply_fresh())
        self.on(by_id("reply-copy"), "click", lambda e: self.on_reply_copy())
        self.on(by_id("talk"), "click", self.on_talk)
        self.on(by_id("curtain-go"), "click", lambda e: self.on_curtain_go())
        self.on(by_id("curtain-dernier"), "click", lambda e: self.on_curtain_dernier())
        self.on(document, "keydown", self.on_key)
        self.on(document, "keyup", self.on_key_up)

    # -- static text ---------------------------------------------------------------------

    def translate(self) -> None:
        lang = self.lang
        document.documentElement.lang = lang
        nodes = document.querySelectorAll("[data-i18n]")
        for i in range(nodes.length):
            el = nodes.item(i)
            el.textContent = t(lang, el.dataset.i18n)
        fmt = by_id("opt-format")
        for i in range(fmt.options.length):
            opt = fmt.options.item(i)
            kind, n = str(opt.value).split(":")
            if kind == "hands":
                opt.textContent = t(lang, "format_hands_1") if n == "1" else t(lang, "format_hands", n=n)
            else:
                opt.textContent = t(lang, "format_target", n=n)
        timer = by_id("opt-timer")
        for i in range(timer.options.length):
            opt = timer.options.item(i)
            if opt.value != "0":
                opt.textContent = t(lang, "timer_s", n=opt.value)
        by_id("hand").setAttribute("aria-label", t(lang, "your_hand"))
        by_id("table").setAttribute("aria-label", t(lang, "table_label"))
        by_id("chooser-title").textContent = t(lang, "choose_suit")
        by_id("opt-name").placeholder = t(lang, "default_name")
        self.translate_house(str(by_id("opt-lang").value or lang))
        self.sync_levels()
        self.render_stats()
        fan = by_id("hero-fan")
        if not fan.childElementCount:
            for code in ("7H", "JK", "AS", "QD", "KC"):
                c = make("div", "fan-card")
                c.innerHTML = faces.card_svg(code)
                fan.appendChild(c)

    def translate_house(self, lang: str) -> None:
        """The house rules panel's labels and one-line explanations (web.rules_text)."""
        try:
            from web.rules_text import CHOICE_LABELS, HOUSE_RULE_LABELS, HOUSE_RULES
        except ImportError:  # pragma: no cover - the HTML keeps its English text
            return
        for field, words in CHOICE_LABELS.items():
            sel = by_id(f"opt-{field}")
            if not sel:
                continue
            for i in range(sel.options.length):
                opt = sel.options.item(i)
                word = words.get(str(opt.value))
                if word:
                    opt.textContent = word.get(lang) or word["en"]
        for field in (*HOUSE_FIELDS, *VARIANT_CHOICES):
            label = document.querySelector(f'[data-house-label="{field}"]')
            helptext = document.querySelector(f'[data-house-help="{field}"]')
            if label and field in HOUSE_RULE_LABELS:
                label.textContent = HOUSE_RULE_LABELS[field].get(lang) or HOUSE_RULE_LABELS[field]["en"]
            if helptext and field in HOUSE_RULES:
                helptext.textContent = HOUSE_RULES[field].get(lang) or HOUSE_RULES[field]["en"]

    def sync_house(self) -> None:
        """Anticipo needs two decks: only with the traditional rules."""
        two_decks = str(by_id("opt-rules").value) == "traditional"
        box = by_id("opt-anticipo")
        box.disabled = not two_decks
        if not two_decks:
            box.checked = False
        by_id("anticipo-needs").hidden = two_decks
        # one deck cannot deal 9 or 10 cards to six players (RULES §1 §2)
        most = MAX_HAND_SIZE["traditional" if two_decks else "official"]
        sel = by_id("opt-hand_size")
        for i in range(sel.options.length):
            opt = sel.options.item(i)
            opt.disabled = int(opt.value) > most

    def on_rules_change(self) -> None:
        self.sync_players()
        self.sync_house()
        self.set_variants(str(by_id("opt-rules").value), {})

    def set_variants(self, preset: str, variants: dict[str, Any]) -> None:
        """The panel's rule-set fields: the preset's values, changed by ``variants``."""
        from dernier.rules import PRESETS

        base = PRESETS.get(preset) or PRESETS["official"]
        for field in VARIANT_CHOICES:
            value = variants.get(field, getattr(base, field))
            by_id(f"opt-{field}").value = variant_text(value)

    def read_variants(self, preset: str) -> dict[str, Any]:
        """The panel's rule-set fields that differ from the preset."""
        from dernier.rules import PRESETS

        base = PRESETS.get(preset) or PRESETS["official"]
        out: dict[str, Any] = {}
        for field, choices in VARIANT_CHOICES.items():
            text = str(by_id(f"opt-{field}").value)
            value = next((c for c in choices if variant_text(c) == text), getattr(base, field))
            if value != getattr(base, field):
                out[field] = value
        return out

    def notice_text(self, n: Notice) -> str:
        if n.code == "bad_param" and n.detail:
            return t(self.lang, "bad_param_detail", param=n.param, value=n.value, detail=n.detail)
        return t(self.lang, n.code, param=n.param, value=n.value, detail=n.detail)

    def notice(self, text: str) -> None:
        box = make("div", "notice")
        box.appendChild(make("span", "", text))
        btn = make("button", "ghost small", "×", type="button", aria_label=t(self.lang, "dismiss"))
        box.appendChild(btn)
        self.on(btn, "click", lambda e: box.remove())
        by_id("notices").appendChild(box)

    # -- screens -------------------------------------------------------------------------

    def screen(self, name: str) -> None:
        document.body.dataset.screen = name
        by_id("setup").hidden = name != "setup"
        by_id("table").hidden = name != "table"
        by_id("save-problem").hidden = name != "problem"
        by_id("lobby").hidden = name != "lobby"
        by_id("join").hidden = name != "join"
        by_id("abandon").hidden = name != "table" or self.session is None
        by_id("leave-table").hidden = self.guest is None
        by_id("talk").hidden = not self.online() or name != "table"
        if self.hub is not None:
            by_id("friends-button").hidden = not self.hub.started

    def show_setup(self) -> None:
        self.driver.stop()
        if self.hub is not None:
            self.hub.close()
            self.hub = None
        self.session = None
        self.close_dialogs()
        self.fill_setup(self.settings)
        self.translate()
        self.screen("setup")
        by_id("hand-info").textContent = ""
        document.title = "Dernier"

    def show_save_problem(self, problem: str) -> None:
        by_id("save-problem-detail").textContent = problem
        self.screen("problem")

    def on_save_problem_new(self) -> None:
        self.store.drop_match()
        self.show_setup()

    def close_dialogs(self) -> None:
        for name in ("chooser", "summary", "confirm-abandon"):
            dlg = by_id(name)
            if dlg.open:
                dlg.close()

    # -- setup form ----------------------------------------------------------------------

    def fill_setup(self, s: Settings) -> None:
        by_id("opt-name").value = s.name
        by_id("opt-rules").value = s.rules
        self.sync_players(s.players)
        by_id("opt-format").value = f"hands:{s.hands}" if s.hands else f"target:{s.target}"
        if not by_id("opt-format").value:
            by_id("opt-format").value = "hands:3"
        by_id("opt-lang").value = s.lang
        by_id("opt-delay").value = str(s.delay)
        if not by_id("opt-delay").value:
            by_id("opt-delay").value = "700"
        by_id("opt-timer").value = str(s.timer)
        if not by_id("opt-timer").value:
            by_id("opt-timer").value = "0"
        self.sync_levels(s.levels)
        for field in HOUSE_FIELDS:
            by_id(f"opt-{field}").checked = bool(getattr(s, field))
        self.sync_house()
        self.set_variants(s.rules, s.variants)

    def sync_players(self, players: int | None = None) -> None:
        sel = by_id("opt-players")
        current = players or int(sel.value or 3)
        lo, hi = PLAYER_RANGE.get(str(by_id("opt-rules").value), (2, 6))
        clear(sel)
        for n in range(lo, hi + 1):
            opt = make("option", "", str(n), value=str(n))
            sel.appendChild(opt)
        sel.value = str(min(max(current, lo), hi))
        self.sync_levels()

    def sync_levels(self, levels: tuple[str, ...] | None = None) -> None:
        box = by_id("opt-levels")
        old = box.querySelectorAll("select")
        current = list(levels) if levels else [str(old.item(i).value) for i in range(old.length)]
        old_names = box.querySelectorAll("input[data-name-for]")
        typed = {}
        for i in range(old_names.length):
            typed[str(old_names.item(i).dataset.nameFor)] = str(old_names.item(i).value)
        if levels:
            typed = {str(i + 1): n for i, n in enumerate(self.settings.names)}
        players = int(by_id("opt-players").value or 3)
        names = bot_names()
        lang = str(by_id("opt-lang").value or self.lang)
        clear(box)
        for seat in range(1, players):
            label = make("label", "level")
            label.appendChild(make("span", "bot-name", names[seat - 1]))
            sel = make("select", "", None, aria_label=t(lang, "opt_level_of", who=names[seat - 1]))
            sel.dataset.bot = str(seat)
            for lv in SEAT_CHOICES:
                sel.appendChild(make("option", "", t(lang, f"level_{lv}"), value=lv))
            pick = current[seat - 1] if seat - 1 < len(current) else (current[-1] if current else "medium")
            sel.value = pick if pick in SEAT_CHOICES else "medium"
            label.appendChild(sel)
            name = make(
                "input",
                "seat-name-input",
                None,
                type="text",
                maxlength="40",
                spellcheck="false",
                aria_label=t(lang, "opt_seat_name", n=seat + 1),
                placeholder=t(lang, "player_name", n=seat + 1),
            )
            name.dataset.nameFor = str(seat)
            name.value = typed.get(str(seat), "")
            name.hidden = sel.value not in ("human", "friend")
            label.appendChild(name)
            self.on(sel, "change", lambda e, n=name: self.on_seat_kind(e, n))
            box.appendChild(label)

    def read_setup(self) -> Settings:
        players = int(by_id("opt-players").value)
        sels = by_id("opt-levels").querySelectorAll("select")
        levels = tuple(str(sels.item(i).value) for i in range(sels.length))
        inputs = by_id("opt-levels").querySelectorAll("input[data-name-for]")
        names = tuple(clean_name(str(inputs.item(i).value)) for i in range(inputs.length))
        kind, n = str(by_id("opt-format").value).split(":")
        s = Settings(
            players=players,
            rules=str(by_id("opt-rules").value),
            levels=levels,
            seed=None,
            hands=int(n) if kind == "hands" else None,
            target=int(n) if kind == "target" else None,
            lang=str(by_id("opt-lang").value),
            delay=int(by_id("opt-delay").value),
            name=clean_name(str(by_id("opt-name").value)),
            timer=int(by_id("opt-timer").value),
            anticipo=bool(by_id("opt-anticipo").checked) and str(by_id("opt-rules").value) == "traditional",
            chi_sbaglia_paga=bool(by_id("opt-chi_sbaglia_paga").checked),
            variants=self.read_variants(str(by_id("opt-rules").value)),
            names=names if any(names) else (),
            standin=self.settings.standin,
            grace=self.settings.grace,
        )
        problems = s.problems()
        if problems:
            raise ValueError("; ".join(problems))
        return s

    def on_lang_change(self, evt: Any) -> None:
        self.settings = replace(self.settings, lang=str(by_id("opt-lang").value))
        self.translate()

    def on_setup_submit(self, evt: Any) -> None:
        evt.preventDefault()
        s = self.read_setup()
        self.settings = s
        self.store.save_prefs(s)
        # The URL's own match parameters no longer describe this match: drop them, so a
        # reload resumes it.
        with contextlib.suppress(Exception):
            window.history.replaceState(None, "", "index.html")
        self.open_match(Session.new(s, self.store, None))

    # -- the match -----------------------------------------------------------------------

    def begin(self, session: Session) -> None:
        self.driver.stop()
        self.session = session
        self.settings = session.settings
        self.match_id += 1
        self.seat = session.local_seats()[0] if session.local_seats() else HUMAN
        self.curtain_seat = self.seat if session.multi_local else None
        self.armed = False
        self.summary_for = None
        self.log_seen = 0
        self.log_hand = 0
        self.last_discard = 0
        self.last_hand = []
        self.log_shown = []
        self.was_my_turn = False
        self.turn_started = None
        self.close_dialogs()
        self.translate()
        self.screen("table")
        if self.hub is not None:
            self.hub.attach(session)
        self.render()
        self.driver.kick()

    def on_driver(self, kind: str, seat: int | None) -> None:
        try:
            if kind == "thinking":
                self.render_thinking()
            else:
                if self.hub is not None and kind != "idle":
                    self.hub.broadcast()
                self.render()
        except Exception:
            self.fail(traceback.format_exc())

    def after_human(self) -> None:
        self.changed()

    def human_move(self, move: str, source: Any = None) -> None:
        self.fly_from = source.getBoundingClientRect() if source else None
        refused = self.act(move)
        if refused:
            self.hint(refused)
            return
        self.hint("")

    def simple_move(self, move: str) -> None:
        sv = self.sv
        if sv is None or not sv.my_turn or self.curtain_up():
            return
        if move not in sv.legal:
            self.hint(t(self.lang, "no_draw_now" if move == "draw" else "no_pass_now"))
            return
        self.human_move(move, by_id("drawpile") if move == "draw" else None)

    def on_dernier(self) -> None:
        sv = self.sv
        if sv is None or self.curtain_up():
            return
        if sv.due():
            self.announce(t(self.lang, "log_call_you"))
            self.act("dernier")
            return
        if sv.can_arm():
            self.armed = not self.armed
            self.render()
            return
        self.hint(t(self.lang, "no_dernier_now"))

    def on_hand_click(self, evt: Any) -> None:
        btn = evt.target.closest("button[data-card]")
        if not btn:
            return
        self.play_card(str(btn.dataset.card), btn)

    def on_hand_long_press(self, evt: Any) -> None:
        """A long press (touch) or right click on a card says whether and why it plays."""
        btn = evt.target.closest("button[data-card]")
        sv = self.sv
        if not btn or sv is None:
            return
        evt.preventDefault()
        code = str(btn.dataset.card)
        reason = why_not(sv.state, code, sv.names, self.lang)
        name = faces.card_name(code, self.lang)
        self.hint(
            f"{name}: {reason}" if reason else f"{name}: {t(self.lang, 'playable')}", refused=bool(reason)
        )

    def play_card(self, code: str, btn: Any) -> None:
        sv = self.sv
        if sv is None or self.curtain_up():
            return
        jumps = sv.jumps_for(code, self.armed) if not sv.my_turn else []
        if jumps:  # anticipo (RULES §12): the identical card, out of turn
            self.human_move(jumps[0], btn)
            return
        reason = why_not(sv.state, code, sv.names, self.lang)
        if reason and sv.get("chi_sbaglia_paga") and not sv.hand_over and self.may_try_wrong(sv):
            self.fly_from = btn.getBoundingClientRect() if btn else None
            if self.act(code, wrong=True) is None:
                self.show_penalty(reason + " — " + t(self.lang, "penalty_two"))
                return
        if reason:
            self.hint(reason, refused=True)
            btn.classList.remove("shake")
            _ = btn.offsetWidth
            btn.classList.add("shake")
            return
        moves = sv.moves_for(code, self.armed)
        if not moves:
            self.hint(t(self.lang, "why_generic"), refused=True)
            return
        if any("=" in m for m in moves) or any(":" in m for m in moves):
            self.open_chooser(code, moves)
            return
        self.human_move(moves[0], btn)

    def show_penalty(self, text: str) -> None:
        """Chi sbaglia paga: the reason in the hint and the notices, with a flash."""
        self.hint(text, refused=True)
        self.notice(text)
        for el in (by_id("hint"), by_id("hand")):
            el.classList.remove("penalty")
            _ = el.offsetWidth
            el.classList.add("penalty")
        self.announce(text)

    # -- the suit chooser ------------------------------------------------------------------

    def open_chooser(self, code: str | None, moves: list[str], suits_only: bool = False) -> None:
        """Suits (a J, an official Jolly, the dealer's choice) or, for a traditional wild
        Jolly, the cards it may stand for."""
        self.choice_code = code
        box = by_id("chooser-options")
        clear(box)
        lang = self.lang
        wild = [] if suits_only else [m for m in moves if "=" in m]
        if wild:
            by_id("chooser-title").textContent = t(lang, "choose_card_for")
            seen: set[str] = set()
            for m in wild:
                named = m.rstrip("!").split("=", 1)[1]
                key = named.split(":")[0]
                if key in seen:
                    continue
                seen.add(key)
                b = make("button", "choice card-choice", None, type="button")
                b.dataset.named = key
                b.setAttribute("aria-label", faces.card_name(key, lang))
                b.innerHTML = faces.card_svg(key)
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

    def on_choose(self, evt: Any) -> None:
        btn = evt.target.closest("button")
        if not btn:
            return
        moves: list[str] = getattr(self, "chooser_moves", [])
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

    def on_next(self) -> None:
        s = self.session
        if s is None or not s.match.game.over or s.match.over:
            return
        s.next_hand()
        by_id("summary").close()
        clear(by_id("summary-table"))  # last hand's cards leave the document
        self.summary_for = None
        self.changed()

    def on_new_match(self) -> None:
        s = self.session
        if s is None:
            return
        self.begin(s.again())

    def on_change_settings(self) -> None:
        self.show_setup()

    def peek_table(self) -> None:
        dlg = by_id("summary")
        if dlg.open:
            dlg.close()

    def on_show_summary(self, evt: Any) -> None:
        if self.sv is not None and self.sv.hand_over:
            self.open_summary()

    def ask_abandon(self) -> None:
        s = self.session
        if s is None or s.match.over:
            return
        by_id("confirm-abandon").showModal()
        by_id("abandon-no").focus()

    def abandon_from_chooser(self) -> None:
        """Abandon from the dealer's forced suit choice (the modal chooser hides the header)."""
        dlg = by_id("chooser")
        if dlg.open:
            dlg.close()
        self.ask_abandon()

    def resume_choice(self, v: SeatView | None = None) -> None:
        """A suit the shown seat still owes (the dealer's, RULES §3) opens the chooser:
        after each render (``v``: its view) and after "Keep playing" or Escape on Abandon."""
        sv = v or self.sv
        if sv is None or sv.match_over or by_id("chooser").open or self.curtain_up():
            return
        if sv.get("choosing") and sv.turn == self.seat:
            self.open_chooser(None, sv.legal)

    def do_abandon(self) -> None:
        by_id("confirm-abandon").close()
        s = self.session
        if s is None or s.match.over:
            return
        self.driver.stop()
        s.abandon(self.seat)
        self.changed()

    # -- keyboard --------------------------------------------------------------------------

    def hand_buttons(self) -> list[Any]:
        nodes = by_id("hand").querySelectorAll("button[data-card]")
        return [nodes.item(i) for i in range(nodes.length)]

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

    def typing(self, evt: Any) -> bool:
        tag = str(getattr(evt.target, "tagName", "") or "").lower()
        return tag in ("input", "select", "textarea")

    def dialog_open(self) -> bool:
        return bool(document.querySelector("dialog[open]"))

    def on_key(self, evt: Any) -> None:
        if self.sv is None or self.typing(evt) or self.dialog_open():
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
            and not self.typing(evt)
            and not self.dialog_open()
            and not self.native_space(evt)
        ):
            evt.preventDefault()

    # -- rules page ------------------------------------------------------------------------

    def show_rules(self) -> None:
        body = by_id("rules-body")
        try:
            from web.rules_text import RULES_HTML  # written by another engineer

            html = RULES_HTML.get(self.lang) or RULES_HTML.get("en")
        except ImportError:
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

    def announce(self, text: str) -> None:
        by_id("announce").textContent = text

    def render_stats(self) -> None:
        st = self.store.stats()
        el = by_id("stats")
        if st["played"]:
            el.textContent = t(self.lang, "stats", played=st["played"], won=st["won"], points=st["points"])
        else:
            el.textContent = t(self.lang, "stats_none")

    def seat_order(self, n: int) -> list[int]:
        """Opponents left to right: the seat after the shown one sits at its right
        (counter-clockwise)."""
        return [(self.seat + k) % n for k in range(n - 1, 0, -1)]

    def render(self) -> None:
        if self.session is not None:
            self.pick_seat()
        st = self.state_now()
        if st is None:
            return
        sv = self.sv = SeatView(st)
        lang = self.lang
        names = sv.names
        table = by_id("table")
        turn = sv.turn
        if turn is None:
            table.removeAttribute("data-turn")
        else:
            table.dataset.turn = str(turn)
        table.dataset.seat = str(self.seat)
        table.dataset.over = "true" if sv.hand_over else "false"
        table.dataset.matchOver = "true" if sv.match_over else "false"
        table.dataset.players = str(sv.players)
        if self.guest is not None:
            table.dataset.connected = "true" if self.guest.connected else "false"
        else:
            table.removeAttribute("data-connected")
        by_id("abandon").hidden = sv.match_over or self.session is None
        if sv.get("hands_limit"):
            info = t(lang, "hand_of", n=sv["hand_no"], total=sv["hands_limit"])
        else:
            info = t(lang, "hand_target", n=sv["hand_no"], target=sv.get("target"))
        by_id("hand-info").textContent = info
        document.title = ("▶ " if turn == self.seat else "") + "Dernier"
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
        if self.online():
            self.render_talk()
        if self.hub is not None:
            self.hub.render_seats()
        if sv.hand_over:
            self.open_summary()
        elif not covered:
            self.resume_choice(sv)

    def render_thinking(self) -> None:
        seat = self.driver.thinking
        nodes = by_id("opponents").querySelectorAll(".seat")
        for i in range(nodes.length):
            el = nodes.item(i)
            el.classList.toggle("thinking", seat is not None and el.dataset.seat == str(seat))

    def render_opponents(self, v: SeatView, names: list[str]) -> None:
        box = by_id("opponents")
        lang = self.lang
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
        self.render_thinking()

    def seat_rect(self, seat: int) -> Any:
        if seat == self.seat:
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

    def render_piles(self, v: dict[str, Any], names: list[str]) -> None:
        lang = self.lang
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
                rect = self.fly_from if mover == self.seat and self.fly_from else None
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

    def last_mover(self, v: dict[str, Any]) -> int | None:
        for ev in reversed(v["log"]):
            if ev["type"] == "move":
                return int(ev["seat"])
            if ev["type"] == "turned":
                return None
        return None

    def render_me(self, v: SeatView, names: list[str]) -> None:
        lang = self.lang
        me_seat = self.seat
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
                b.innerHTML = faces.card_svg(code, "wild" if wild else "suit")
                if code in prev:
                    prev.remove(code)
                elif old_codes or self.last_hand:
                    b.classList.add("arrive")
                box.appendChild(b)
        self.last_hand = hand
        buttons = self.hand_buttons()
        roving = -1
        for i, b in enumerate(buttons):
            code = str(b.dataset.card)
            ok = code in playable
            name = faces.card_name(code, lang)
            can_jump = jump is not None and code == jump
            b.classList.toggle("jump", can_jump)
            if can_jump:
                b.removeAttribute("aria-disabled")
                b.setAttribute("title", t(lang, "jump_in"))
                b.setAttribute("aria-label", name + ", " + t(lang, "jump_in"))
            elif ok:
                b.removeAttribute("aria-disabled")
                b.removeAttribute("title")
                b.setAttribute("aria-label", name + ", " + t(lang, "playable"))
                if roving < 0:
                    roving = i
            else:
                why = why_not(v.state, code, names, lang) or t(lang, "why_generic")
                b.setAttribute("aria-disabled", "true")
                b.setAttribute("title", why)
                b.setAttribute("aria-label", name + ", " + t(lang, "not_playable", why=why))
            b.classList.toggle("playable", ok)
        if focus_code is not None:
            idx = next((i for i, b in enumerate(buttons) if str(b.dataset.card) == focus_code), -1)
            if idx < 0:
                idx = min(focus_idx, len(buttons) - 1)
            roving = idx
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
            self.hint(t(lang, "turn_you_jump", card=faces.card_short(jump)) if jump else "")

    def render_log(self, v: SeatView, names: list[str]) -> None:
        lines = log_lines(v["log"], names, self.lang, me=self.seat)
        if self.log_hand != v["hand_no"]:
            self.log_hand = v["hand_no"]
            self.log_seen = 0
        new = lines[self.log_seen :]
        self.log_seen = len(lines)
        shown = lines[-LOG_LINES:]
        if shown != self.log_shown:
            self.log_shown = shown
            box = by_id("log")
            clear(box)
            for line in shown:
                box.appendChild(make("li", "", line))
        my_turn = v.my_turn
        said = list(new[-3:])
        if my_turn and not self.was_my_turn:
            said.append(t(self.lang, "announce_turn"))
        self.was_my_turn = my_turn
        if said:
            self.announce(" · ".join(said))

    def render_turn_line(self, v: SeatView, names: list[str]) -> None:
        lang = self.lang
        el = by_id("turn-line")
        turn = v.turn
        me = self.seat
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
        key = (self.match_id, sv["hand_no"])
        dlg = by_id("summary")
        if self.summary_for == key and dlg.open:
            return
        self.summary_for = key
        self.fill_summary()
        if not dlg.open:
            dlg.showModal()
        if self.session is None:
            focus = by_id("summary-peek")
        else:
            focus = by_id("next") if not sv.match_over else by_id("new-match")
        focus.focus()

    def fill_summary(self) -> None:
        v = self.sv
        assert v is not None
        mi = v["match"]
        me = self.seat
        players = v.players
        over = bool(mi["over"])
        lang = self.lang
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

        host = self.session is not None
        result = by_id("result")
        result.hidden = not over
        by_id("next").hidden = over or not host
        by_id("new-match").hidden = not over or not host
        by_id("change-settings").hidden = not over or not host
        by_id("wait-host").hidden = host
        if not host:
            by_id("wait-host").textContent = t(lang, "wait_host_match" if over else "wait_host_hand")
        nd = by_id("next-dealer")
        if not over:
            nxt = (v["dealer"] + 1) % players
            nd.textContent = (
                t(lang, "next_dealer_you") if nxt == me else t(lang, "next_dealer", who=names[nxt])
            )
        else:
            nd.textContent = ""
            w = mi["winner"]
            by_id("result-winner").textContent = (
                t(lang, "result_won_you") if w == me else t(lang, "result_won", who=name_of(names, w))
            )
            res = mi["result"]
            loser = res["seat"] if res else None
            by_id("result-tiebreak").textContent = tiebreak_text(
                mi["tiebreak"], name_of(names, loser) if loser is not None else None, loser == me, lang
            )
            by_id("result").dataset.tiebreak = str(mi["tiebreak"])
            self.render_stats()
            by_id("result-stats").textContent = by_id("stats").textContent if host else ""

    # -- turn timer --------------------------------------------------------------------------

    def render_timer(self) -> None:
        el = by_id("timer")
        sv = self.sv
        limit = int(sv.get("timer") or 0) if sv is not None else 0
        if sv is None or not limit or sv.turn is None or sv.hand_over:
            self.turn_started = None
            self.turn_key = None
            el.hidden = True
            return
        key = (int(sv["hand_no"]), int(sv["move_no"]), sv.turn)
        if self.turn_key is None or self.turn_key[0] != key[0] or self.turn_key[2] != key[2]:
            self.turn_key = key
            self.turn_started = float(window.performance.now())
        if sv.turn != self.seat or self.turn_started is None:
            el.hidden = True
            return
        left = limit - (float(window.performance.now()) - self.turn_started) / 1000
        el.hidden = False
        el.textContent = "⏱ " + t(self.lang, "timer_left", n=max(0, int(left + 0.999)))
        el.classList.toggle("low", left < 10)

    async def timer_loop(self) -> None:
        while True:
            await asyncio.sleep(0.25)
            try:
                if self.sv is None or self.dialog_open():
                    continue
                self.render_timer()
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
            return self.guest.state
        return None

    def act(self, move: str, wrong: bool = False) -> str | None:
        """The shown seat makes ``move``. Returns the engine's refusal (or None). On a
        friend's page the move goes to the host, whose engine decides."""
        if self.session is not None:
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
            if move != "dernier":
                self.armed = False
            self.changed()
            return None
        if self.guest is not None:
            if move != "dernier":
                self.armed = False
            self.guest.send_move(move, wrong)
            return None
        return None

    def changed(self) -> None:
        """The match changed on this (host's) page: tell the friends, draw, run the bots."""
        if self.hub is not None:
            self.hub.broadcast()
        self.render()
        self.driver.kick()

    def may_try_wrong(self, sv: SeatView) -> bool:
        """Chi sbaglia paga charges a wrong card on the seat's turn; out of turn only where
        the engine charges it too (RULES §12)."""
        return sv.my_turn or bool(getattr(self, "wrong_out_of_turn", False))

    def pick_seat(self) -> None:
        """Pass-and-play: the page shows the local person whose turn it is (else the one
        shown last); when that changes between two people, the curtain comes up."""
        s = self.session
        if s is None or not s.multi_local:
            return
        turn = s.turn
        if s.hand_over or turn is None or not s.is_local(turn) or turn == self.seat:
            return
        self.seat = turn
        self.armed = False
        self.curtain_seat = turn
        self.close_dialogs()

    def curtain_up(self) -> bool:
        return self.curtain_seat is not None and self.session is not None and self.session.multi_local

    def render_curtain(self, sv: SeatView) -> bool:
        """The pass-and-play curtain: covers the table while the device passes to
        ``curtain_seat``; the seat that just played may still call Dernier from it."""
        cur = by_id("curtain")
        if not self.curtain_up() or sv.hand_over:
            if self.curtain_seat is not None and sv.hand_over:
                self.curtain_seat = None
            cur.hidden = True
            document.body.removeAttribute("data-curtain")
            return False
        lang = self.lang
        s = self.session
        assert s is not None
        who = name_of(sv.names, self.seat)
        by_id("curtain-title").textContent = t(lang, "curtain_pass", who=who)
        by_id("curtain-go").textContent = t(lang, "curtain_go", who=who)
        caller = next((p for p in s.local_seats() if p != self.seat and s.human_due(p)), None)
        call = by_id("curtain-dernier")
        call.hidden = caller is None
        if caller is not None:
            call.dataset.seat = str(caller)
            call.textContent = t(lang, "curtain_call", who=name_of(sv.names, caller))
        was_hidden = bool(cur.hidden)
        cur.hidden = False
        document.body.dataset.curtain = "true"
        if was_hidden:
            by_id("curtain-go").focus()
        return True

    def on_curtain_go(self) -> None:
        self.curtain_seat = None
        by_id("curtain").hidden = True
        self.render()
        cards = self.hand_buttons()
        playable = [i for i, b in enumerate(cards) if b.getAttribute("aria-disabled") != "true"]
        if cards:
            self.focus_card(playable[0] if playable else 0)

    def on_curtain_dernier(self) -> None:
        s = self.session
        btn = by_id("curtain-dernier")
        if s is None or not btn.dataset.seat:
            return
        seat = int(btn.dataset.seat)
        if s.human_due(seat):
            s.play("dernier", seat)
            self.announce(t(self.lang, "log_call", who=name_of(s.names, seat)))
            self.changed()

    def seat_label(self, v: SeatView, seat: int) -> str:
        """Under a seat's name: a bot's level, "on this device", or a friend's state."""
        lang = self.lang
        kind = v.kind(seat)
        if kind == "human":
            return t(lang, "kind_human")
        if kind == "friend":
            presence = v.presence(seat) or "connected"
            text = t(lang, f"presence_{presence}")
            if presence == "standin":
                text += " · " + t(lang, f"level_{v.level(seat) or 'medium'}")
            return text
        return t(lang, f"level_{v.level(seat) or 'medium'}")

    def timer_seat(self) -> int | None:
        """The person whose turn timer runs now (RULES §11), else None."""
        s = self.session
        if s is None or not s.settings.timer or s.turn is None or s.is_bot(s.turn):
            return None
        if s.kinds[s.turn] == "friend" and s.presence.get(s.turn) != "connected":
            return None
        return s.turn

    def on_seat_kind(self, evt: Any, name: Any) -> None:
        name.hidden = str(evt.target.value) not in ("human", "friend")

    def online(self) -> bool:
        return self.guest is not None or self.hub is not None

    def open_match(self, session: Session) -> None:
        """Begin ``session``; with friend seats, first the lobby where they are invited."""
        if session.friend_seats() and not session.match.over:
            self.open_lobby(session)
        else:
            self.begin(session)

    # -- playing with friends: the host ---------------------------------------------------

    def open_lobby(self, session: Session) -> None:
        from web.net import HostNet, spawn

        self.driver.stop()
        self.session = session
        self.settings = session.settings
        if self.hub is not None:
            self.hub.close()
        self.hub = HostNet(self, session)
        clear(by_id("lobby-seats"))
        self.translate()
        self.screen("lobby")
        by_id("start-online").textContent = t(self.lang, "start_online")
        self.hub.render_seats()
        for seat in session.friend_seats():
            spawn(self.hub.invite(seat))

    def on_start_online(self) -> None:
        hub = self.hub
        s = self.session
        if hub is None or s is None or not hub.all_in():
            return
        if hub.started:
            self.screen("table")
            self.render()
            return
        hub.started = True
        by_id("start-online").textContent = t(self.lang, "back_to_table")
        self.begin(s)

    def on_lobby_back(self) -> None:
        if self.hub is not None and self.hub.started:
            self.screen("table")
            self.render()
            return
        self.show_setup()

    def on_friends_button(self) -> None:
        if self.hub is None:
            return
        self.hub.render_seats()
        self.screen("lobby")

    def on_talk(self, evt: Any) -> None:
        btn = evt.target.closest("button[data-talk]")
        if not btn:
            return
        phrase = str(btn.dataset.talk)
        if self.guest is not None:
            ok = self.guest.talk(phrase)
        elif self.hub is not None:
            ok = self.hub.hub.local_talk(self.seat, phrase)
        else:
            ok = False
        if ok:
            self.notice(
                name_of(self.sv.names if self.sv else [], self.seat) + ": " + t(self.lang, f"talk_{phrase}")
            )
        else:
            self.hint(t(self.lang, "talk_wait"))

    def render_talk(self) -> None:
        box = by_id("talk")
        if box.childElementCount:
            return
        try:
            from web.protocol import TALK_PHRASES
        except ImportError:
            return
        for phrase in TALK_PHRASES:
            b = make("button", "ghost small", t(self.lang, f"talk_{phrase}"), type="button")
            b.dataset.talk = phrase
            box.appendChild(b)

    # -- playing with friends: a friend's page --------------------------------------------

    def start_guest(self, fragment: str) -> bool:
        """A page opened from an invitation: answer it. False if the fragment is none."""
        from web import signal
        from web.net import GuestNet, spawn

        try:
            inv = signal.parse_invitation(fragment)
        except signal.SignalError as e:
            self.notice(t(self.lang, "join_bad") + " (" + str(e) + ")")
            return False
        self.guest = GuestNet(self, inv)
        self.seat = inv.seat
        by_id("join-heading").textContent = t(self.lang, "join_heading", who=inv.host_name)
        prefs = self.store.prefs()
        by_id("join-name").value = prefs.name if prefs is not None else ""
        by_id("join-name").placeholder = t(self.lang, "friend_name", n=inv.seat + 1)
        self.screen("join")
        spawn(self.guest.start())
        return True

    def on_guest_event(self, kind: str, data: Any) -> None:
        lang = self.lang
        if kind == "view":
            if document.body.dataset.screen != "table":
                self.match_id += 1
                self.screen("table")
            sv = self.sv
            if sv is not None and sv["hand_no"] != data.get("hand_no") and by_id("summary").open:
                by_id("summary").close()
                clear(by_id("summary-table"))
                self.summary_for = None
            self.render()
        elif kind == "error":
            code = str(data.get("code", "")) if isinstance(data, dict) else ""
            text = t(lang, f"net_error_{code}") if f"net_error_{code}" in STRINGS else t(lang, "net_error")
            detail = str(data.get("text", "")) if isinstance(data, dict) and code == "illegal" else ""
            self.hint(text + (": " + detail if detail else ""), refused=True)
            self.render()
        elif kind == "talk":
            seat, phrase = data if isinstance(data, tuple | list) else (None, "")
            names = self.sv.names if self.sv is not None else []
            if f"talk_{phrase}" in STRINGS and isinstance(seat, int):
                self.notice(name_of(names, seat) + ": " + t(lang, f"talk_{phrase}"))
        elif kind == "bye":
            self.notice(t(lang, "host_left"))
            self.render()
        elif kind == "dropped":
            self.notice(t(lang, "host_lost"))
            if self.sv is not None:
                self.render()

    def on_leave_table(self) -> None:
        if self.guest is not None:
            self.guest.leave()
            self.notice(t(self.lang, "left_table"))
            self.render()

    def on_reply_fresh(self) -> None:
        from web.net import spawn

        if self.guest is not None:
            spawn(self.guest.start())

    def on_reply_copy(self) -> None:
        from web.net import copy_text

        copy_text(str(by_id("reply").getAttribute("data-reply") or ""))


PAGE: Page | None = None


def main() -> None:
    global PAGE
    PAGE = Page()
    try:
        PAGE.start()
    except SaveProblem as e:  # pragma: no cover - resume_or_new handles these
        PAGE.show_save_problem(str(e))
        document.body.dataset.ready = "true"
