"""The game menu, the first-time help and the sound cues (browser only). A mixin of
:class:`web.ui.Page`.

The menu (``#menu-button`` → ``dialog#menu``) works during play: resume later (back to
the start screen; the match stays saved and ``#resume-match`` brings it back), a new
match, the match's own variants in words with a link that deals a match like it
(``#menu-match``, ``#menu-link``), the rules, the language, the bots' speed, sound on/off
and the help. The help
(``dialog#help``) opens by itself the first time a match is dealt from the start screen or
by a link's match parameters (remembered per game, ``<game>.help.v1``), and from the menu at
any time.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import replace
from typing import Any

from pyscript import document, window

from web.shell.dom import by_id, js_object
from web.shell.i18n import t
from web.shell.params import LESSON_PARAM, Settings, query_pairs, share_query
from web.shell.part import PagePart
from web.shell.session import SaveProblem, Session
from web.shell.sound import Sound

RESULT_KEY = "dernier.result-seen.v1"  # the finished match whose result was shown


def match_key(session: Session) -> str:
    """Names one match as saved (the same after a reload)."""
    import hashlib  # only here: not a cost at the page's start

    text = json.dumps(session.match.save(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha1(text.encode()).hexdigest()


class GameMenu(PagePart):
    """A mixin of :class:`web.ui.Page` (its attributes are set in ``Page.__init__``)."""

    help_waits_for: Session | None = None  # a new match whose first-time help waits

    def wire_menu(self) -> None:
        self.sound = Sound(self.page.store.storage, window)
        self.page.on(by_id("menu-button"), "click", lambda e: self.open_menu())
        self.page.on(by_id("menu-close"), "click", lambda e: by_id("menu").close())
        self.page.on(by_id("menu-later"), "click", lambda e: self.on_menu_later())
        self.page.on(by_id("menu-new"), "click", lambda e: self.on_menu_new())
        self.page.on(by_id("confirm-new-yes"), "click", lambda e: self.on_confirm_new(True))
        self.page.on(by_id("confirm-new-no"), "click", lambda e: self.on_confirm_new(False))
        self.page.on(by_id("menu-rules"), "click", lambda e: self.on_menu_rules())
        self.page.on(by_id("menu-help"), "click", lambda e: self.on_menu_help())
        self.page.on(by_id("menu-lang"), "change", lambda e: self.on_menu_lang())
        self.page.on(by_id("menu-delay"), "change", lambda e: self.on_menu_delay())
        self.page.on(by_id("menu-sound"), "change", lambda e: self.on_menu_sound())
        self.page.on(by_id("resume-match"), "click", lambda e: self.on_resume())
        self.page.on(by_id("help-close"), "click", lambda e: by_id("help").close())
        self.page.on(by_id("help"), "close", lambda e: self.after_help())
        # after the start form's own handler has dealt: the help once, then the hand
        self.page.on(by_id("setup-form"), "submit", lambda e: self.after_deal())
        # a link's match: its help waits for the deal's own first question (a dialog) to close
        for dlg in document.querySelectorAll("dialog"):
            self.page.on(dlg, "close", lambda e: self.offer_waiting_help())

    # -- the menu ----------------------------------------------------------------------------

    def open_menu(self) -> None:
        s = self.page.session
        settings = s.settings if s is not None else self.page.settings
        by_id("menu-lang").value = settings.lang
        delay = by_id("menu-delay")
        delay.value = str(settings.delay)
        if str(delay.value) != str(settings.delay):  # a delay from a link: the nearest choice
            delay.value = "700"
        by_id("menu-delay").disabled = s is None
        by_id("menu-sound").checked = self.sound.enabled
        self.translate_menu()
        playing = s is not None and not s.match.over and self.page.guest is None
        by_id("menu-later").hidden = not playing
        by_id("menu-later-help").hidden = not playing  # "the match stays saved": only with one
        # on the start screen the new match's form is right there
        by_id("menu-new").hidden = self.page.guest is not None or s is None
        self.show_match_link(s.settings if s is not None and self.page.guest is None else None)
        by_id("menu").showModal()
        by_id("menu-close").focus()

    def show_match_link(self, settings: Settings | None) -> None:
        """The match's own variants in words (Scala 40: "out at 201 · re-entries 2"), and a
        link that deals a new match like it (the URL's match parameters, no seed): for the
        host of the match, when a link can say all of it."""
        words = self.page.game.number_words(settings.variants, self.page.lang) if settings is not None else []
        line = by_id("menu-match")
        line.hidden = not words
        line.textContent = t(self.page.lang, "menu_match", what=" · ".join(words)) if words else ""
        query = share_query(settings) if settings is not None else None
        link = by_id("menu-link")
        link.hidden = query is None
        link.href = "index.html?" + (query or "")

    def on_menu_later(self) -> None:
        """Back to the start screen; the match stays saved (the start screen offers it)."""
        by_id("menu").close()
        if self.page.session is not None and not self.page.session.match.over:
            self.page.session.save()
        self.page.show_setup()
        self.offer_resume()

    def on_menu_new(self) -> None:
        """A new match: the start screen's form, the match in progress dropped (asked first)."""
        by_id("menu").close()
        s = self.page.session
        if s is not None and not s.match.over:
            self.confirm_new(s.match, self.new_from_menu)
            return
        self.new_from_menu()

    def new_from_menu(self) -> None:
        self.page.driver.stop()
        self.page.store.drop_match()
        self.page.show_setup()

    def confirm_new(self, match: Any, then: Any) -> None:
        """Ask before an unfinished match is thrown away; ``then()`` if the player agrees."""
        self.page.pending_new = then
        by_id("confirm-new-text").textContent = t(self.page.lang, "new_lost", info=self.match_info(match))
        by_id("confirm-new").showModal()
        by_id("confirm-new-no").focus()

    def on_confirm_new(self, yes: bool) -> None:
        by_id("confirm-new").close()
        then, self.page.pending_new = self.page.pending_new, None
        if yes and then is not None:
            then()

    def match_info(self, m: Any) -> str:
        """ "hand 2 of 3" (or of a points target; a game whose match has neither: "hand 2"):
        which match is meant; a game may say it its own way (:attr:`GameSpec.match_info`)."""
        own = self.page.game.match_words(m, self.page.lang)
        if own:
            return own
        hands, target = getattr(m, "hands_limit", None), getattr(m, "target", None)
        if hands:
            return t(self.page.lang, "hand_of", n=m.hand_no, total=hands)
        if target:
            return t(self.page.lang, "hand_target", n=m.hand_no, target=target)
        return t(self.page.lang, "hand_plain", n=m.hand_no)

    def offer_resume(self) -> None:
        """On the start screen: ``#resume-match`` when an unfinished match is saved."""
        btn = by_id("resume-match")
        btn.hidden = True
        text = self.page.store.saved_text()
        if not text:
            return
        try:
            saved = Session.from_json(text, self.page.store)
        except SaveProblem:
            return
        if saved.match.over:
            return
        btn.textContent = t(self.page.lang, "resume_match", info=self.match_info(saved.match))
        btn.hidden = False
        self.page.resumable = saved

    def on_resume(self) -> None:
        saved = getattr(self, "resumable", None)
        by_id("resume-match").hidden = True
        self.page.resumable = None
        if saved is None:
            return
        self.page.open_match(saved)
        self.focus_hand()

    def on_menu_rules(self) -> None:
        by_id("menu").close()
        self.page.show_rules()

    def on_menu_help(self) -> None:
        by_id("menu").close()
        self.show_help()

    def on_menu_lang(self) -> None:
        lang = str(by_id("menu-lang").value)
        s = self.page.session
        old = s.settings if s is not None else None
        self.change_settings(lang=lang)
        if s is not None and old is not None:
            s.relabel(old)  # "Tu" is "You" now
        prefs = self.page.store.prefs(lang) or self.page.settings  # this game's, never another's
        self.page.store.save_prefs(replace(prefs, lang=lang))
        by_id("opt-lang").value = lang
        self.page.translate()
        self.translate_menu()
        self.page.relanguage()

    def on_menu_delay(self) -> None:
        with contextlib.suppress(ValueError):
            self.change_settings(delay=int(str(by_id("menu-delay").value)))

    def change_settings(self, **changes: Any) -> None:
        self.page.settings = replace(self.page.settings, **changes)
        s = self.page.session
        if s is not None:
            s.settings = replace(s.settings, **changes)
            s.save()

    def on_menu_sound(self) -> None:
        self.sound.set(bool(by_id("menu-sound").checked))
        self.cue("turn")  # what it sounds like

    def cue(self, kind: str) -> None:
        sound = getattr(self, "sound", None)
        if sound is None:
            return
        sound.play(kind)
        if sound.last:
            document.body.dataset.cue = sound.last

    def translate_menu(self) -> None:
        delay = by_id("menu-delay")
        for i in range(delay.options.length):
            opt = delay.options.item(i)
            opt.textContent = t(self.page.lang, "delay_" + str(opt.dataset.delay))

    def mark_result_seen(self) -> None:
        if self.page.session is not None and self.page.session.match.over:
            with contextlib.suppress(Exception):
                self.page.store.storage.setItem(RESULT_KEY, match_key(self.page.session))

    def result_seen(self, session: Session) -> bool:
        """The result of this finished match was shown already (reopening the app then
        shows the start screen)."""
        try:
            return str(self.page.store.storage.getItem(RESULT_KEY) or "") == match_key(session)
        except Exception:
            return False

    # -- first-time help --------------------------------------------------------------------

    def show_help(self) -> None:
        """The help, opened at its top (its title and first lines in view on a phone: the
        focus on its button at the bottom does not scroll it there)."""
        self.fill_help()
        dlg = by_id("help")
        if not dlg.open:
            dlg.showModal()
        by_id("help-close").focus(js_object({"preventScroll": True}))
        dlg.scrollTop = 0

    def fill_help(self) -> None:
        """The help's lines: the game's own (:attr:`GameSpec.help`, from the match's rules
        and the shown table state when there is one), then the shell's line on the menu."""
        lang = self.page.lang
        at_table = document.body.dataset.screen == "table"
        lines = self.page.game.help_lines(
            lang, self.page.session, self.page.seat_state() if at_table else None
        )
        box = by_id("help-list")
        box.replaceChildren()
        for ident, text in [*lines, ("", t(lang, "help_menu"))]:
            li = document.createElement("li")
            if ident:
                li.id = ident
            li.textContent = text
            box.appendChild(li)

    def after_help(self) -> None:
        with contextlib.suppress(Exception):
            self.page.store.storage.setItem(self.page.game.key("help"), "seen")
        self.focus_hand()

    def help_seen(self) -> bool:
        try:
            return bool(self.page.store.storage.getItem(self.page.game.key("help")))
        except Exception:
            return True

    def after_deal(self) -> None:
        """A match dealt from the start screen: the help the first time (once the deal's own
        first question is answered, as for a link's match), then the hand."""
        if document.body.dataset.screen != "table" or self.page.session is None:
            return
        if not self.help_seen():
            self.help_waits_for = self.page.session
            self.offer_waiting_help()
            return
        self.focus_hand()

    def after_link_deal(self) -> None:
        """A match dealt by a link's match parameters (``?players=3&levels=…``): the help the
        first time too, as a deal from the start screen. When the deal asks the person first
        (a dialog, such as Dernier's suit of a turned-up J, RULES §2) the help comes once
        that is answered. Never in a lesson (``?lesson=``: its own box teaches)."""
        s = self.page.session
        if s is None or document.body.dataset.screen != "table" or self.help_seen():
            return
        query = str(window.location.search or "")[1:]
        if any(k == LESSON_PARAM for k, _ in query_pairs(query)):
            return
        self.help_waits_for = s
        self.offer_waiting_help()

    def offer_waiting_help(self) -> None:
        """The help a link's match waits for, unless another dialog is open (it is offered
        again when a dialog closes) or that match is no longer the one on the table."""
        s = self.help_waits_for
        if s is None:
            return
        if self.page.session is not s or document.body.dataset.screen != "table" or self.help_seen():
            self.help_waits_for = None
            return
        if self.page.dialog_open():
            return
        self.help_waits_for = None
        self.show_help()

    def focus_hand(self) -> None:
        """Keyboard focus on the shown hand: its first playable card, else its first."""
        if self.page.dialog_open() or document.body.dataset.screen != "table" or self.page.table.curtain_up():
            return
        cards = self.page.table.hand_buttons()
        if not cards:
            return
        playable = [i for i, b in enumerate(cards) if b.classList.contains("playable")]
        self.page.table.focus_card(playable[0] if playable else 0)
