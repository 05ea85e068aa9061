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
from web.i18n import bot_names, t
from web.params import (
    HOUSE_FIELDS,
    LEVELS,
    MAX_HAND_SIZE,
    PLAYER_RANGE,
    VARIANT_CHOICES,
    Notice,
    Settings,
    clean_name,
    language_of,
    parse_query,
)
from web.players import have_real_bots
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
        self.settings = Settings()
        self.proxies: list[Any] = []
        self.driver = Driver(lambda: self.session, self.on_driver)
        self.log_seen = 0  # lines of the log already announced
        self.log_hand = 0
        self.last_discard = 0  # length of the discard pile at the last render
        self.last_hand: list[str] = []
        self.fly_from: Any = None  # rect the human's card left from
        self.summary_for: tuple[int, int] | None = None  # (match id, hand) shown
        self.choice_code: str | None = None  # card waiting for a suit in the chooser
        self.turn_started: float | None = None
        self.timer_task: Any = None
        self.match_id = 0
        self.log_shown: list[str] = []
        self.was_my_turn = False

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
        for n in parsed.notices:
            self.notice(self.notice_text(n))
        if not self.store.ok:
            self.notice(t(self.lang, "storage_off"))
        if session is not None:
            if problem:
                self.notice(t(self.lang, "save_problem_heading") + " (" + problem + ")")
            self.begin(session)
        elif problem:
            self.show_save_problem(problem)
        else:
            self.show_setup()
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
        by_id("abandon").hidden = name != "table"

    def show_setup(self) -> None:
        self.driver.stop()
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
        players = int(by_id("opt-players").value or 3)
        names = bot_names()
        lang = str(by_id("opt-lang").value or self.lang)
        clear(box)
        for seat in range(1, players):
            label = make("label", "level")
            label.appendChild(make("span", "bot-name", names[seat - 1]))
            sel = make("select", "", None, aria_label=t(lang, "opt_level_of", who=names[seat - 1]))
            sel.dataset.bot = str(seat)
            for lv in LEVELS:
                sel.appendChild(make("option", "", t(lang, f"level_{lv}"), value=lv))
            pick = current[seat - 1] if seat - 1 < len(current) else (current[-1] if current else "medium")
            sel.value = pick if pick in LEVELS else "medium"
            label.appendChild(sel)
            box.appendChild(label)

    def read_setup(self) -> Settings:
        players = int(by_id("opt-players").value)
        sels = by_id("opt-levels").querySelectorAll("select")
        levels = tuple(str(sels.item(i).value) for i in range(sels.length))
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
        self.begin(Session.new(s, self.store, None))

    # -- the match -----------------------------------------------------------------------

    def begin(self, session: Session) -> None:
        self.driver.stop()
        self.session = session
        self.settings = session.settings
        self.match_id += 1
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
        self.render()
        self.driver.kick()

    def on_driver(self, kind: str, seat: int | None) -> None:
        try:
            if kind == "thinking":
                self.render_thinking()
            else:
                self.render()
        except Exception:
            self.fail(traceback.format_exc())

    def after_human(self) -> None:
        self.render()
        self.driver.kick()

    def human_move(self, move: str, source: Any = None) -> None:
        s = self.session
        if s is None:
            return
        self.fly_from = source.getBoundingClientRect() if source else None
        try:
            s.play(move)
        except ValueError as e:
            self.hint(str(e))
            return
        self.hint("")
        self.after_human()

    def simple_move(self, move: str) -> None:
        s = self.session
        if s is None or s.turn != HUMAN:
            return
        if move not in s.match.legal_moves():
            self.hint(t(self.lang, "no_draw_now" if move == "draw" else "no_pass_now"))
            return
        self.human_move(move, by_id("drawpile") if move == "draw" else None)

    def on_dernier(self) -> None:
        s = self.session
        if s is None:
            return
        what = s.press_dernier()
        if what == "refused":
            self.hint(t(self.lang, "no_dernier_now"))
            return
        if what == "called":
            self.announce(t(self.lang, "log_call_you"))
        self.after_human()

    def on_hand_click(self, evt: Any) -> None:
        btn = evt.target.closest("button[data-card]")
        if not btn:
            return
        self.play_card(str(btn.dataset.card), btn)

    def on_hand_long_press(self, evt: Any) -> None:
        """A long press (touch) or right click on a card says whether and why it plays."""
        btn = evt.target.closest("button[data-card]")
        s = self.session
        if not btn or s is None:
            return
        evt.preventDefault()
        code = str(btn.dataset.card)
        reason = why_not(s.view(), code, s.names, self.lang)
        name = faces.card_name(code, self.lang)
        self.hint(
            f"{name}: {reason}" if reason else f"{name}: {t(self.lang, 'playable')}", refused=bool(reason)
        )

    def play_card(self, code: str, btn: Any) -> None:
        s = self.session
        if s is None:
            return
        jumps = s.human_jumps_for(code) if s.turn != HUMAN else []
        if jumps:  # anticipo (RULES §12): the identical card, out of turn
            self.human_move(jumps[0], btn)
            return
        view = s.view()
        reason = why_not(view, code, s.names, self.lang)
        if reason and s.turn == HUMAN and s.match.rules.chi_sbaglia_paga:
            penalty = s.try_wrong(code)
            if penalty is not None:
                self.show_penalty(penalty or reason)
                self.after_human()
                return
        if reason:
            self.hint(reason, refused=True)
            btn.classList.remove("shake")
            _ = btn.offsetWidth
            btn.classList.add("shake")
            return
        moves = s.human_moves_for(code)
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
                top = self.session.view()["top"] if self.session else ""
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
        """Cards of each suit in the human's hand, J and Jolly aside, without the card
        ``code`` being played (the chooser shows them: the modal dialog covers the hand)."""
        hand = list(self.session.view()["hand"]) if self.session else []
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
        self.summary_for = None
        self.after_human()

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
        s = self.session
        if s is not None and s.hand_over:
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

    def resume_choice(self, v: dict[str, Any] | None = None) -> None:
        """A suit the human still owes (the dealer's, RULES §3) opens the chooser: after
        each render (``v``: its view) and after "Keep playing" or Escape on Abandon."""
        s = self.session
        if s is None or s.match.over or by_id("chooser").open:
            return
        if v is None:
            v = s.view()
        if v.get("choosing") and v.get("turn") == HUMAN:
            self.open_chooser(None, s.match.legal_moves())

    def do_abandon(self) -> None:
        by_id("confirm-abandon").close()
        s = self.session
        if s is None or s.match.over:
            return
        self.driver.stop()
        s.abandon()
        self.render()

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
        if self.session is None or self.typing(evt) or self.dialog_open():
            return
        if document.body.dataset.screen != "table" or evt.ctrlKey or evt.metaKey or evt.altKey:
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
            and self.session is not None
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
        """Opponents left to right: seat 1 sits at the human's right (counter-clockwise)."""
        return list(range(n - 1, 0, -1))

    def render(self) -> None:
        s = self.session
        if s is None:
            return
        v = s.view()
        lang = self.lang
        names = s.names
        m = s.match
        table = by_id("table")
        turn = s.turn
        if turn is None:
            table.removeAttribute("data-turn")
        else:
            table.dataset.turn = str(turn)
        table.dataset.over = "true" if s.hand_over else "false"
        table.dataset.matchOver = "true" if m.over else "false"
        table.dataset.players = str(m.players)
        by_id("abandon").hidden = m.over
        if m.hands_limit:
            info = t(lang, "hand_of", n=m.hand_no, total=m.hands_limit)
        else:
            info = t(lang, "hand_target", n=m.hand_no, target=m.target)
        by_id("hand-info").textContent = info
        document.title = ("▶ " if turn == HUMAN else "") + "Dernier"
        self.render_opponents(v, names)
        self.render_piles(v, names)
        self.render_me(v, names)
        self.render_log(v, names)
        self.render_turn_line(v, names)
        self.render_timer()
        if s.hand_over:
            self.open_summary()
        else:
            self.resume_choice(v)

    def render_thinking(self) -> None:
        seat = self.driver.thinking
        nodes = by_id("opponents").querySelectorAll(".seat")
        for i in range(nodes.length):
            el = nodes.item(i)
            el.classList.toggle("thinking", seat is not None and el.dataset.seat == str(seat))

    def render_opponents(self, v: dict[str, Any], names: list[str]) -> None:
        s = self.session
        assert s is not None
        box = by_id("opponents")
        lang = self.lang
        n = v["players"]
        order = self.seat_order(n)
        existing = box.querySelectorAll(".seat")
        if existing.length != len(order):
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
        for i in range(nodes.length):
            el = nodes.item(i)
            seat = int(el.dataset.seat)
            count = v["counts"][seat]
            name = name_of(names, seat)
            level = t(lang, f"level_{s.level(seat)}")
            el.querySelector(".seat-name").textContent = name
            el.querySelector(".seat-level").textContent = level
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
            score.textContent = t(lang, "points_short", n=s.match.scores[seat])
            score.hidden = s.match.hand_no == 1 and not s.match.scores[seat]
            active = v["turn"] == seat
            el.querySelector(".turn-chip").hidden = not active
            el.classList.toggle("active", active)
            el.classList.toggle("winner", v["over"] and v.get("hand_winner") == seat)
            label_key = "seat_label_turn" if active else "seat_label"
            label = t(lang, label_key, who=name, level=level, cards=count_text(count, lang))
            if not score.hidden:
                label += ", " + t(lang, "points_label", n=s.match.scores[seat])
            if called:
                label += ", Dernier!"
            el.setAttribute("aria-label", label)
            el.setAttribute("role", "group")
        self.render_thinking()

    def seat_rect(self, seat: int) -> Any:
        if seat == HUMAN:
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
                rect = self.fly_from if mover == HUMAN and self.fly_from else None
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
        s = self.session
        if s is None:
            return False
        return s.match.rules.jolly == "wild"

    def last_mover(self, v: dict[str, Any]) -> int | None:
        for ev in reversed(v["log"]):
            if ev["type"] == "move":
                return int(ev["seat"])
            if ev["type"] == "turned":
                return None
        return None

    def render_me(self, v: dict[str, Any], names: list[str]) -> None:
        s = self.session
        assert s is not None
        lang = self.lang
        my_turn = v["turn"] == HUMAN and not s.match.over
        me = by_id("me")
        me.classList.toggle("active", my_turn)
        by_id("me-name").textContent = name_of(names, HUMAN)
        due = HUMAN in v["dernier_due"]
        by_id("me-badge").hidden = not (len(v["hand"]) == 1 and not due and not v["over"])
        by_id("me-dealer").hidden = v["dealer"] != HUMAN
        by_id("me-dealer").textContent = t(lang, "dealer")
        me_score = by_id("me-score")
        me_score.textContent = t(lang, "points_short", n=s.match.scores[HUMAN])
        me_score.setAttribute("aria-label", t(lang, "points_label", n=s.match.scores[HUMAN]))
        me_score.hidden = s.match.hand_no == 1 and not s.match.scores[HUMAN]

        hand = sort_hand(v["hand"])
        playable = playable_cards(v) if my_turn else set()
        jump = None if my_turn else s.jump_card()
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
                why = why_not(v, code, names, lang) or t(lang, "why_generic")
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

        legal = s.match.legal_moves() if my_turn else []
        draw = by_id("draw")
        draw.disabled = "draw" not in legal
        draw.textContent = t(lang, "draw_n", n=v["pending"]) if v["pending"] and my_turn else t(lang, "draw")
        draw.setAttribute("aria-keyshortcuts", "D")
        pas = by_id("pass")
        pas.disabled = "pass" not in legal
        pas.textContent = t(lang, "pass")
        pas.setAttribute("aria-keyshortcuts", "P")
        btn = by_id("dernier")
        enabled = s.dernier_enabled()
        btn.disabled = not enabled
        if not s.can_arm():
            s.armed = False
        btn.setAttribute("aria-pressed", "true" if s.armed else "false")
        btn.textContent = t(lang, "dernier_armed" if s.armed else "dernier")
        btn.classList.toggle("urgent", s.human_due())
        btn.classList.toggle("armed", s.armed)
        btn.setAttribute("aria-keyshortcuts", "Space")
        if s.human_due():
            help_text = t(lang, "dernier_help_call")
        elif enabled:
            help_text = t(lang, "dernier_help_arm")
        else:
            help_text = t(lang, "dernier_help_off")
        btn.setAttribute("title", help_text)
        btn.setAttribute("aria-label", "Dernier! " + help_text)
        if not my_turn and not by_id("hint").classList.contains("refused"):
            self.hint(t(lang, "turn_you_jump", card=faces.card_short(jump)) if jump else "")

    def render_log(self, v: dict[str, Any], names: list[str]) -> None:
        s = self.session
        assert s is not None
        lines = log_lines(v["log"], names, self.lang)
        if self.log_hand != s.match.hand_no:
            self.log_hand = s.match.hand_no
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
        my_turn = s.turn == HUMAN
        said = list(new[-3:])
        if my_turn and not self.was_my_turn:
            said.append(t(self.lang, "announce_turn"))
        self.was_my_turn = my_turn
        if said:
            self.announce(" · ".join(said))

    def render_turn_line(self, v: dict[str, Any], names: list[str]) -> None:
        s = self.session
        assert s is not None
        lang = self.lang
        el = by_id("turn-line")
        turn = s.turn
        el.classList.toggle("mine", turn == HUMAN)
        el.classList.toggle("ended", s.hand_over)
        by_id("show-summary").hidden = not s.hand_over
        if s.match.over:
            text = t(lang, "match_over")
        elif s.hand_over:
            text = t(lang, "hand_over")
        elif turn == HUMAN:
            if v.get("choosing"):
                text = t(lang, "turn_you_choose", card=faces.card_short(v["top"]))
            elif v["has_drawn"]:
                drawn = v.get("drawn") or ""
                if drawn in playable_cards(v):
                    text = t(lang, "turn_you_drawn", card=faces.card_short(drawn))
                else:
                    text = t(lang, "turn_you_drawn_pass", card=faces.card_short(drawn))
            elif v["pending"]:
                key = "turn_you_chain_jolly" if v.get("chain") == "jolly" else "turn_you_chain_ace"
                text = t(lang, key, n=v["pending"])
            else:
                text = t(lang, "turn_you") + " · " + t(lang, "why_needs", needs=needs_text(v, lang))
        else:
            text = t(lang, "turn_bot", who=name_of(names, turn))
        if s.human_due():
            text = t(lang, "turn_call_now") + " " + text
        el.textContent = text

    # -- summary ---------------------------------------------------------------------------

    def open_summary(self) -> None:
        s = self.session
        if s is None:
            return
        key = (self.match_id, s.match.hand_no)
        dlg = by_id("summary")
        if self.summary_for == key and dlg.open:
            return
        self.summary_for = key
        self.fill_summary()
        if not dlg.open:
            dlg.showModal()
        focus = by_id("next") if not s.match.over else by_id("new-match")
        focus.focus()

    def fill_summary(self) -> None:
        s = self.session
        assert s is not None
        m = s.match
        lang = self.lang
        v = s.view()
        names = s.names
        stopped = m.result is not None and not v["over"]  # abandoned or timed out mid-hand
        by_id("summary-title").textContent = (
            t(lang, "match_over") if stopped else t(lang, "summary_heading", n=m.hand_no)
        )
        winner = v.get("hand_winner")
        if m.result is not None and not v["over"]:
            wtext = ""
        elif v.get("went_out"):
            wtext = (
                t(lang, "summary_won_you") if winner == HUMAN else t(lang, "summary_won", who=names[winner])
            )
        else:
            wtext = (
                t(lang, "summary_empty_you")
                if winner == HUMAN
                else t(lang, "summary_empty", who=name_of(names, winner))
            )
        by_id("summary-winner").textContent = wtext
        table = by_id("summary-table")
        clear(table)
        head = make("tr")
        cols = ["col_player", "col_cards", "col_gave", "col_hand", "col_total", "col_won"]
        if m.over:
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
        hands = v.get("hands") or [[] for _ in range(m.players)]
        if not v["over"]:
            hands = [v["hand"] if seat == HUMAN else [] for seat in range(m.players)]
        gave = hand_points_given(hands)
        hs = v.get("hand_scores") or [0] * m.players
        mp = m.match_points
        order = m.ranking if m.over else list(range(m.players))
        for seat in order:
            row = make("tr")
            if seat == HUMAN:
                row.classList.add("me-row")
            if (m.over and seat == m.winner) or (not m.over and seat == winner):
                row.classList.add("win-row")
            row.appendChild(make("th", "", names[seat], scope="row"))
            cards = sort_hand(hands[seat])
            count = len(cards) if v["over"] else v["counts"][seat]
            row.appendChild(make("td", "num col-cards", str(count) if count else t(lang, "none_left")))
            row.appendChild(make("td", "num", str(gave[seat]) if v["over"] else "–"))
            row.appendChild(make("td", "num", str(hs[seat]) if v["over"] else "–"))
            row.appendChild(make("td", "num total", str(m.scores[seat])))
            row.appendChild(make("td", "num", str(m.hands_won[seat])))
            if m.over and mp is not None:
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
                if seat == HUMAN:
                    crow.classList.add("me-row")
                tbody.appendChild(crow)
        table.appendChild(tbody)

        result = by_id("result")
        result.hidden = not m.over
        by_id("next").hidden = m.over
        by_id("new-match").hidden = not m.over
        by_id("change-settings").hidden = not m.over
        nd = by_id("next-dealer")
        if not m.over:
            nxt = (m.dealer + 1) % m.players
            nd.textContent = (
                t(lang, "next_dealer_you") if nxt == HUMAN else t(lang, "next_dealer", who=names[nxt])
            )
        else:
            nd.textContent = ""
            w = m.winner
            by_id("result-winner").textContent = (
                t(lang, "result_won_you") if w == HUMAN else t(lang, "result_won", who=name_of(names, w))
            )
            loser = m.result["seat"] if m.result else None
            by_id("result-tiebreak").textContent = tiebreak_text(
                m.tiebreak, name_of(names, loser) if loser is not None else None, loser == HUMAN, lang
            )
            by_id("result").dataset.tiebreak = str(m.tiebreak)
            self.render_stats()
            by_id("result-stats").textContent = by_id("stats").textContent

    # -- turn timer --------------------------------------------------------------------------

    def render_timer(self) -> None:
        s = self.session
        el = by_id("timer")
        if s is None or not s.settings.timer or s.turn != HUMAN:
            self.turn_started = None
            el.hidden = True
            return
        if self.turn_started is None:
            self.turn_started = float(window.performance.now())
        left = s.settings.timer - (float(window.performance.now()) - self.turn_started) / 1000
        el.hidden = False
        el.textContent = "⏱ " + t(self.lang, "timer_left", n=max(0, int(left + 0.999)))
        el.classList.toggle("low", left < 10)

    async def timer_loop(self) -> None:
        while True:
            await asyncio.sleep(0.25)
            try:
                s = self.session
                if s is None or not s.settings.timer or s.turn != HUMAN or self.dialog_open():
                    if s is not None and s.turn != HUMAN:
                        self.turn_started = None
                    continue
                self.render_timer()
                if self.turn_started is None:
                    continue
                left = s.settings.timer - (float(window.performance.now()) - self.turn_started) / 1000
                if left <= 0:
                    self.turn_started = None
                    self.close_dialogs()
                    s.timeout()
                    self.after_human()
            except Exception:
                self.fail(traceback.format_exc())


PAGE: Page | None = None


def main() -> None:
    global PAGE
    PAGE = Page()
    try:
        PAGE.start()
    except SaveProblem as e:  # pragma: no cover - resume_or_new handles these
        PAGE.show_save_problem(str(e))
        document.body.dataset.ready = "true"
