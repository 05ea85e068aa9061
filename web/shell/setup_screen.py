"""The start screen of the card table (browser only): the match settings form, the seats
(a bot's level, a person on this device, a friend online, with names), the game's own panel
(``GameSpec.options_panel``: Dernier's house rules), a game's own match formats and
whole-number variants (its settings' description, ``GameSpec.settings``: Scala 40's out at
and re-entries) and the language; and the screen shown when a save cannot be resumed. A mixin of
:class:`web.ui.Page`."""

from __future__ import annotations

import contextlib
from dataclasses import replace
from typing import Any

from pyscript import document, window

from web.shell.dom import by_id, clear, make
from web.shell.games import OptionsPanel, in_lang
from web.shell.i18n import STRINGS, choice_text, rule_refs, seat_note, t
from web.shell.params import (
    SEAT_CHOICES,
    Settings,
    clean_name,
    game_defaults,
    game_query,
    number_value,
    rule_sets,
)
from web.shell.paramspec import FORMAT, format_entry, read_format_entry
from web.shell.part import PagePart
from web.shell.session import Session, player_names


class SetupScreen(PagePart):
    """A mixin of :class:`web.ui.Page` (its attributes are set in ``Page.__init__``)."""

    page_lang: str | None = None  # the language the page's fixed text is in
    house_lang: str | None = None  # the language of the house rules panel's labels

    def translate(self) -> None:
        """The page in the current language: its fixed text (only when the language
        changed: writing a hundred elements costs a start), the form's parts drawn by
        Python, the stats and the replays list."""
        lang = self.page.lang
        if lang != self.page_lang:
            self.translate_page(lang)
            self.page_lang = lang
            self.page.draw_game_choices()
        house = str(by_id("opt-lang").value or lang)
        if house != self.house_lang:
            self.translate_house(house)
            self.house_lang = house
        self.translate_numbers(lang)
        self.sync_levels()
        self.render_stats()
        self.page.render_replays()

    def draw_fan(self) -> None:
        """The start screen's fan of cards, drawn the first time the screen shows."""
        fan = by_id("hero-fan")
        if not fan.childElementCount:
            for code in self.page.game.fan:
                c = make("div", "fan-card")
                c.dataset.card = code
                c.innerHTML = self.page.game.card_svg(code)
                fan.appendChild(c)

    def show_title(self) -> None:
        """The game's name in the page's title and header, in the page's language (a game's
        name may differ by language)."""
        title = self.page.game.title(self.page.lang)
        document.title = title
        # the start screen of a visit that named no game offers every game: the house's name
        heading = t(self.page.lang, "house_name") if self.page.house_heading() else title
        document.querySelector(".brand").textContent = heading

    def translate_page(self, lang: str) -> None:
        """The page's fixed text: every ``data-i18n`` element, the format and timer
        choices, labels and placeholders. An element of another game's table (whose words
        the visit's game does not have) keeps its text."""
        document.documentElement.lang = lang
        self.show_title()
        self.translate_marked(document, lang)
        for field in ("format", "timer"):
            sel = by_id(f"opt-{field}")
            for i in range(sel.options.length):
                opt = sel.options.item(i)
                own = self.page.game.formats.get(str(opt.value)) if field == "format" else None
                words = in_lang(own, lang) if own else choice_text(lang, field, str(opt.value))
                if words is not None:
                    opt.textContent = words
        by_id("hand").setAttribute("aria-label", t(lang, "your_hand"))
        by_id("table").setAttribute("aria-label", t(lang, "table_label"))
        by_id("chooser-title").textContent = t(lang, "choose_suit")
        by_id("opt-name").placeholder = t(lang, "default_name")

    def game_panel(self) -> OptionsPanel | None:
        """The game's own panel (:attr:`GameSpec.options_panel`), built in the start screen's
        ``#game-options`` the first time it is asked for; None for a game without one."""
        panel = self.page.game.panel()
        box = by_id("game-options")
        if panel is not None and not box.childElementCount:
            panel.build(box)
            # its words now, in the form's language (the page's fixed text is written already)
            self.translate_marked(box, self.page.lang)
            panel.translate(str(by_id("opt-lang").value or self.page.lang))
        return panel

    def translate_marked(self, root: Any, lang: str) -> None:
        """Every ``data-i18n`` element under ``root`` in ``lang`` (an element of another
        game's table, whose words the visit's game does not have, keeps its text), and every
        ``data-words`` one: the shell's elements whose words each game says its own way
        (:data:`web.shell.games.GAME_WORDS`, required of every game: no shell default)."""
        nodes = root.querySelectorAll("[data-i18n]")
        for i in range(nodes.length):
            el = nodes.item(i)
            key = str(el.dataset.i18n)
            if key in STRINGS:
                el.textContent = t(lang, key)
        nodes = root.querySelectorAll("[data-words]")
        for i in range(nodes.length):
            el = nodes.item(i)
            el.textContent = t(lang, str(el.dataset.words))

    def translate_house(self, lang: str) -> None:
        """The game's own panel's words (:attr:`GameSpec.options_panel`)."""
        panel = self.game_panel()
        if panel is not None:
            panel.translate(lang)

    def sync_house(self) -> None:
        """The game's own panel: what the chosen rule set allows."""
        panel = self.game_panel()
        if panel is not None:
            panel.sync(str(by_id("opt-rules").value))

    def on_rules_change(self) -> None:
        self.sync_players()
        self.sync_house()
        self.set_variants(str(by_id("opt-rules").value), {})

    def set_variants(self, preset: str, variants: dict[str, Any]) -> None:
        """The game's own panel's rule-set fields: the rule set's values, changed by ``variants``."""
        panel = self.game_panel()
        if panel is not None:
            panel.fill_variants(preset, variants)

    def offer_rules(self) -> None:
        """The choice of rules: the game's own rule sets (:attr:`GameSpec.rule_sets`), and
        the game's own panel (its house rules) for a game that has one and reads ``rules``."""
        sel = by_id("opt-rules")
        if sel.getAttribute("data-game") != self.page.game.name:
            clear(sel)
            for name in self.page.game.rule_sets:
                sel.appendChild(
                    make(
                        "option",
                        "",
                        t(self.page.lang, f"rules_{name}"),
                        value=name,
                        data_i18n=f"rules_{name}",
                    )
                )
            sel.dataset.game = self.page.game.name
        box = by_id("game-options")
        panel = self.game_panel()
        box.hidden = panel is None or "rules" not in self.page.game.params

    def offer_formats(self) -> None:
        """The match formats: the game's own (:attr:`GameSpec.formats`) in place of those of
        the page's first paint."""
        sel = by_id("opt-format")
        if sel.getAttribute("data-game") != self.page.game.name:
            clear(sel)
            for value, words in self.page.game.formats.items():
                sel.appendChild(make("option", "", in_lang(words, self.page.lang), value=value))
            sel.dataset.game = self.page.game.name

    def offer_numbers(self) -> None:
        """The game's whole-number variants (:attr:`GameSpec.numbers`: Scala 40's out at and
        re-entries), each a field after the match format, built once: a short range is a
        choice of every value, a long one a number box suggesting the common values."""
        if not self.page.game.numbers or document.querySelector("[data-number-field]"):
            return
        after = by_id("opt-format").closest(".field")
        for name, offer in self.page.game.numbers.items():
            values = sorted(self.page.game.variants[name])
            box = make("div", "field number-field")
            box.dataset.numberField = name
            label = make("label", "")
            label.htmlFor = f"opt-n-{name}"
            box.appendChild(label)
            if len(values) <= 12:
                ctl = make("select", "")
                for v in values:
                    ctl.appendChild(make("option", "", str(v), value=str(v)))
            else:
                ctl = make(
                    "input",
                    "",
                    None,
                    type="number",
                    inputmode="numeric",
                    required="",
                    min=str(values[0]),
                    max=str(values[-1]),
                    step="1",
                    list=f"opt-n-{name}-common",
                )
                common = make("datalist", "")
                common.id = f"opt-n-{name}-common"
                for v in offer.common:
                    common.appendChild(make("option", "", None, value=str(v)))
                box.appendChild(common)
            ctl.id = f"opt-n-{name}"
            ctl.name = name
            ctl.dataset.number = name
            ctl.setAttribute("aria-describedby", f"help-n-{name}")
            box.appendChild(ctl)
            helptext = make("p", "field-help")
            helptext.id = f"help-n-{name}"
            box.appendChild(helptext)
            after.after(box)
            after = box
        self.translate_numbers(self.page.lang)

    def translate_numbers(self, lang: str) -> None:
        for name, offer in self.page.game.numbers.items():
            box = document.querySelector(f'[data-number-field="{name}"]')
            if box:
                box.querySelector("label").textContent = in_lang(offer.label, lang)
                box.querySelector(".field-help").textContent = rule_refs(in_lang(offer.help, lang), lang)

    def fill_numbers(self, s: Settings) -> None:
        for name, offer in self.page.game.numbers.items():
            el = by_id(f"opt-n-{name}")
            if el:
                el.value = str(s.variants.get(name, offer.default))
                if not el.value:
                    el.value = str(offer.default)

    def read_numbers(self) -> dict[str, int]:
        """The number fields' values; one that is not a whole number of its range (the form
        refuses it before a Deal; a Deal queued before Python was up does not) takes the
        nearest that is, or the default."""
        out: dict[str, int] = {}
        for name, offer in self.page.game.numbers.items():
            el = by_id(f"opt-n-{name}")
            out[name] = number_value(
                str(el.value) if el else "", self.page.game.variants[name], offer.default
            )
        return out

    def read_variants(self, preset: str) -> dict[str, Any]:
        """The rule-set fields that differ from the preset: the game's own panel's, else its
        number fields and the rest kept from its remembered settings."""
        panel = self.game_panel()
        if panel is not None:
            return panel.read_variants(preset)
        kept = {k: v for k, v in self.page.settings.variants.items() if k in self.page.game.variants}
        return {**kept, **self.read_numbers()}

    def read_options(self, preset: str) -> dict[str, Any]:
        """The game's own settings (its house rules): its panel's, else the remembered ones."""
        panel = self.game_panel()
        if panel is not None:
            return panel.read_options(preset)
        return {k: self.page.settings.options.get(k, v) for k, v in self.page.game.options.items()}

    def show_setup(self) -> None:
        self.page.driver.stop()
        if self.page.hub is not None:
            self.page.hub.close()
            self.page.hub = None
        self.page.session = None
        self.page.close_dialogs()
        self.fill_setup(self.page.settings)
        self.translate()
        self.page.screen("setup")
        by_id("hand-info").textContent = ""

    def show_save_problem(self, problem: str) -> None:
        by_id("save-problem-detail").textContent = problem
        self.page.screen("problem")

    def on_save_problem_new(self) -> None:
        self.page.store.drop_match()
        self.show_setup()

    def fill_setup(self, s: Settings) -> None:
        # the game's own choices only: the rules, match format and house rules of a game
        # that reads those parameters (GameSpec.params)
        params = set(self.page.game.params)
        by_id("opt-rules").closest(".field").hidden = "rules" not in params
        own = self.page.game.settings or ()
        by_id("opt-format").closest(".field").hidden = not any(p.role == FORMAT and p.url for p in own)
        by_id("opt-name").value = s.name
        self.offer_rules()  # and the house rules panel
        self.offer_formats()
        self.offer_numbers()
        by_id("opt-rules").value = s.rules
        self.sync_players(s.players)
        fmt = by_id("opt-format")
        fmt.value = format_entry(own, s.match_format)
        if not fmt.value:  # a format the form does not offer: the usual one, else the game's first
            fmt.value = format_entry(own, game_defaults(self.page.game.name).match_format)
            if not fmt.value:
                fmt.selectedIndex = 0
        by_id("opt-lang").value = s.lang
        by_id("opt-delay").value = str(s.delay)
        if not by_id("opt-delay").value:
            by_id("opt-delay").value = "700"
        by_id("opt-timer").value = str(s.timer)
        if not by_id("opt-timer").value:
            by_id("opt-timer").value = "0"
        self.sync_levels(s.levels)
        panel = self.game_panel()
        if panel is not None:
            panel.fill_options(s.options)
        self.sync_house()
        self.set_variants(s.rules, s.variants)
        self.fill_numbers(s)

    def sync_players(self, players: int | None = None) -> None:
        sel = by_id("opt-players")
        current = players or int(sel.value or 3)
        lo, hi = rule_sets(self.page.game.name).get(str(by_id("opt-rules").value), (2, 6))
        least, most = self.page.game.seats  # the game's own seat limits (DOG: four seats only)
        lo, hi = max(lo, least), min(hi, most)
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
            typed = {str(i + 1): n for i, n in enumerate(self.page.settings.names)}
        players = int(by_id("opt-players").value or 3)
        lang = str(by_id("opt-lang").value or self.page.lang)
        clear(box)
        for seat in range(1, players):
            label = make("label", "level")
            label.appendChild(make("span", "bot-name"))
            sel = make("select", "")
            sel.dataset.bot = str(seat)
            for lv in SEAT_CHOICES:
                sel.appendChild(make("option", "", t(lang, f"level_{lv}"), value=lv))
            pick = current[seat - 1] if seat - 1 < len(current) else (current[-1] if current else "medium")
            sel.value = pick if pick in SEAT_CHOICES else "medium"
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
            label.querySelector(".bot-name").hidden = not name.hidden
            label.appendChild(name)  # the name first, its choice beside it: every seat alike
            label.appendChild(sel)
            self.page.on(sel, "change", lambda e, n=name: self.on_seat_kind(e, n))
            self.page.on(name, "input", lambda e: self.sync_seat_names())
            box.appendChild(label)
        self.sync_seat_names()

    def on_seat_kind(self, evt: Any, name: Any) -> None:
        person = str(evt.target.value) in ("human", "friend")
        name.hidden = not person
        bot = evt.target.parentElement.querySelector(".bot-name")
        if bot:
            bot.hidden = person
        self.sync_seat_names()

    def sync_seat_names(self) -> None:
        """Each bot's name as the table will show it (web.session.player_names: one name
        per seat, on every screen)."""
        box = by_id("opt-levels")
        sels = box.querySelectorAll("select")
        inputs = box.querySelectorAll("input[data-name-for]")
        form = replace(
            self.page.settings,
            players=sels.length + 1,
            levels=tuple(str(sels.item(i).value) for i in range(sels.length)),
            names=tuple(clean_name(str(inputs.item(i).value)) for i in range(inputs.length)),
            name=clean_name(str(by_id("opt-name").value or "")),
        )
        names = player_names(form)
        lang = str(by_id("opt-lang").value or self.page.lang)
        for i in range(sels.length):
            who = names[i + 1]
            level = sels.item(i).parentElement
            level.querySelector(".bot-name").textContent = who
            sels.item(i).setAttribute("aria-label", t(lang, "opt_level_of", who=who))
            note = seat_note(lang, i + 1)  # a game's word on the seat (DOG: "your partner")
            if note and not level.querySelector(".seat-note"):
                level.insertBefore(make("span", "seat-note"), level.firstChild)
            if note:
                level.querySelector(".seat-note").textContent = note

    def read_setup(self) -> Settings:
        players = int(by_id("opt-players").value)
        sels = by_id("opt-levels").querySelectorAll("select")
        levels = tuple(str(sels.item(i).value) for i in range(sels.length))
        inputs = by_id("opt-levels").querySelectorAll("input[data-name-for]")
        names = tuple(clean_name(str(inputs.item(i).value)) for i in range(inputs.length))
        own = self.page.game.settings or ()
        chosen = read_format_entry(own, str(by_id("opt-format").value or ""))
        usual = game_defaults(self.page.game.name).match_format
        s = Settings(
            players=players,
            rules=str(by_id("opt-rules").value),
            levels=levels,
            seed=None,
            match_format={**usual, **(chosen or {})},
            lang=str(by_id("opt-lang").value),
            delay=int(by_id("opt-delay").value),
            name=clean_name(str(by_id("opt-name").value)),
            timer=int(by_id("opt-timer").value),
            options=self.read_options(str(by_id("opt-rules").value)),
            variants=self.read_variants(str(by_id("opt-rules").value)),
            names=names if any(names) else (),
            standin=self.page.settings.standin,
            grace=self.page.settings.grace,
            game=self.page.game.name,
        )
        problems = s.problems()
        if problems:
            raise ValueError("; ".join(problems))
        return s

    def on_lang_change(self, evt: Any) -> None:
        self.page.settings = replace(self.page.settings, lang=str(by_id("opt-lang").value))
        self.translate()

    def early_choices(self) -> dict[str, tuple[str, bool]]:
        """What the visitor changed on the start form before Python was up (web/boot.js
        marks it ``data-touched``): ``{id or "bot:<seat>": (value, checked)}``."""
        nodes = document.querySelectorAll("#setup-form [data-touched]")
        out: dict[str, tuple[str, bool]] = {}
        for i in range(nodes.length):
            el = nodes.item(i)
            bot = el.getAttribute("data-bot")
            key = f"bot:{bot}" if bot else str(el.id or "")
            if key:
                out[key] = (str(el.value or ""), bool(getattr(el, "checked", False)))
            el.removeAttribute("data-touched")
        return out

    def keep_early_choices(self, early: dict[str, tuple[str, bool]]) -> None:
        """Put back on the filled form what the visitor chose before Python was up, in
        the order the fields depend on each other (rules → players → bots → the rest)."""

        def put(key: str) -> bool:
            if key not in early:
                return False
            el = by_id(key)
            if str(el.type) == "checkbox":
                el.checked = early[key][1]
            else:
                el.value = early[key][0]
            return True

        if put("opt-rules"):
            self.on_rules_change()
        if "opt-players" in early:
            with contextlib.suppress(ValueError):
                self.sync_players(int(early["opt-players"][0]))
        for key, (value, _checked) in early.items():
            if key.startswith("bot:"):
                sel = by_id("opt-levels").querySelector(f'select[data-bot="{key[4:]}"]')
                if sel and value in SEAT_CHOICES:
                    sel.value = value
        for key in early:
            if key.startswith("opt-") and key not in ("opt-rules", "opt-players", "opt-lang"):
                with contextlib.suppress(Exception):
                    put(key)
        fmt = by_id("opt-format")
        if not fmt.value:  # a shell's format the game does not have (the HTML before Python): its default
            fmt.selectedIndex = 0
        self.sync_house()
        if put("opt-lang"):
            self.on_lang_change(None)

    def deal_queued(self) -> bool:
        """A Deal pressed before Python was up (web/boot.js); forgets it."""
        root = document.documentElement
        queued: bool = root.getAttribute("data-deal-queued") == "true"
        root.removeAttribute("data-deal-queued")
        by_id("start").removeAttribute("aria-busy")
        return queued

    def on_setup_submit(self, evt: Any) -> None:
        evt.preventDefault()
        self.deal_from_form()

    def deal_from_form(self) -> None:
        saved = self.page.resumable
        if saved is not None and not by_id("resume-match").hidden:  # asked first: it would be lost
            self.page.confirm_new(saved.match, self.deal_confirmed)
            return
        self.deal_now()

    def deal_confirmed(self) -> None:
        self.deal_now()
        self.page.after_deal()  # the first-time help, then the hand (as a deal straight from the form)

    def deal_now(self) -> None:
        s = self.read_setup()
        self.page.settings = s
        self.page.store.save_prefs(s)
        # The URL's own match parameters no longer describe this match: drop them, so a
        # reload resumes it.
        with contextlib.suppress(Exception):
            window.history.replaceState(None, "", "index.html" + game_query(self.page.game.name))
        self.page.open_match(Session.new(s, self.page.store, None))

    # -- the match -----------------------------------------------------------------------

    def render_stats(self) -> None:
        st = self.page.store.stats()
        el = by_id("stats")
        if st["played"]:
            el.textContent = t(
                self.page.lang, "stats", played=st["played"], won=st["won"], points=st["points"]
            )
            if st.get("hinted"):  # matches where the coach was asked (web/coach_ui.py)
                el.textContent += " · " + t(self.page.lang, "stats_hinted", n=st["hinted"])
        else:
            el.textContent = t(self.page.lang, "stats_none")
