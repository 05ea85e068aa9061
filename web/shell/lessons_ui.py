"""Lessons at the table (browser only): any game's lessons (:mod:`web.shell.lessons`) played
at its own table. A part of the page that comes first in its class (:class:`web.shell.page.Page`),
so that its hooks wrap the page's own: every drawing of the table also draws the lesson's box
(``section#lesson``) and marks the element the person is asked to tap
(``[data-lesson-target]``); every move of the shown seat is checked against the step first.

Page hooks (CONTRACT "In the page"): ``?lesson=<n>`` opens lesson n (from 1);
``body[data-lesson]`` is the open lesson's id, ``body[data-lesson-step]`` its step (from 1),
``body[data-lesson-done="true"]`` once it is over; the menu lists the lessons as buttons
``[data-lesson-id]`` (``#menu-lessons``), the help offers one (``#help-lesson``).
"""

from __future__ import annotations

import contextlib
from dataclasses import replace
from typing import Any

from pyscript import document, window

from web.shell.dom import by_id, clear, make
from web.shell.i18n import t
from web.shell.lessons import (
    LessonPlay,
    install_bots,
    lesson_number,
    lesson_session,
    progress_key,
    read_progress,
    with_done,
)
from web.shell.menu import GameMenu
from web.shell.params import LESSON_PARAM, Settings, game_query, query_pairs
from web.shell.session import Session
from web.shell.setup_screen import SetupScreen
from web.shell.ui import PageCore


class LessonRunner(PageCore, SetupScreen, GameMenu):
    """A mixin of the page: the lesson being played (None: none), its box, its hooks."""

    lesson: LessonPlay | None = None
    lesson_marked = False  # the page shows a lesson's marks (to clear once it is left)
    lesson_note = ""  # the last refusal, shown in the box until the next move
    lesson_summary_shut = False  # the hand's summary was closed once for the lesson's end
    lesson_mark_shown: tuple[str, int, str] | None = None  # the mark last scrolled into view
    #: the page's settings before the first lesson opened (the person's own: the start form and
    #: the first game after the lessons begin from them, never from a lesson's)
    lesson_home: Settings | None = None

    # -- the page's hooks, wrapped -------------------------------------------------------

    def start(self) -> None:
        asked = self.lesson_param()  # before the start-up's screens drop it from the URL
        super().start()
        self.lesson_from_url(asked)

    def render(self) -> None:
        super().render()
        self.draw_lesson()

    def act(self, move: str, wrong: bool = False) -> str | None:
        play = self.lesson
        if play is None or self.session is not play.session or wrong:
            return super().act(move, wrong)
        key = play.check(move)
        if key is not None:
            self.lesson_note = t(self.lang, key)
            self.draw_lesson()
            return self.lesson_note
        session: Session = play.session
        before = session.changes
        refused = super().act(move, wrong)
        if refused is None and session.changes != before:
            self.lesson_note = ""
            play.made(move)
            self.draw_lesson()
        return refused

    def refusal_words(self, reason: str) -> str:
        """A lesson's own refusal is already in the player's words; the engine's are the
        table's to word."""
        if self.lesson is not None and reason and reason == self.lesson_note:
            return reason
        return super().refusal_words(reason)

    def begin(self, session: Session) -> None:
        play = self.lesson
        if play is not None and session is not play.session and session.store is play.session.store:
            # a match dealt from the lesson's own (its summary's "New match") would be saved
            # nowhere, as the lesson is: a real match instead, saved under the game's keys like
            # any other (asked first when it would replace an unfinished saved match)
            self.first_game()
            return
        if self.lesson is None or session is not self.lesson.session:
            self.lesson = None  # another match on the table: the lesson is left
            self.lesson_home = None
            self.drop_lesson_param()
        super().begin(session)

    def show_setup(self) -> None:
        self.lesson = None
        self.leave_lesson_settings()
        self.drop_lesson_param()
        super().show_setup()
        self.draw_lesson()

    def leave_lesson_settings(self) -> None:
        """Out of the lessons, the page's settings are the person's own again (a lesson's
        three easy bots and one hand never reach the start form), in the language now shown."""
        home = self.lesson_home
        if home is not None:
            self.settings = replace(home, lang=self.lang)
            self.lesson_home = None

    def drop_lesson_param(self) -> None:
        """Out of a lesson, a reload must not open it again: the URL loses ``?lesson=``."""
        if self.lesson_param() is not None:
            window.history.replaceState(None, "", "index.html" + game_query(self.game.name))

    def open_menu(self) -> None:
        self.fill_lesson_menu()
        super().open_menu()
        if self.lesson is not None:  # a lesson is saved nowhere and has no link of its own
            for name in ("menu-later", "menu-later-help", "menu-link", "menu-match"):
                by_id(name).hidden = True

    def fill_help(self) -> None:
        super().fill_help()
        offer = by_id("help-lessons")
        offer.hidden = not self.lessons_offered() or self.lesson is not None
        by_id("help-lesson").textContent = t(self.lang, "lesson_offer")

    # -- opening and leaving -------------------------------------------------------------

    def lessons_offered(self) -> bool:
        return bool(self.game.lessons) and self.guest is None and self.hub is None

    def wire_lessons(self) -> None:
        """The lesson box's buttons, the help's offer (once)."""
        self.on(by_id("lesson-next"), "click", lambda e: self.on_lesson_next())
        self.on(
            by_id("lesson-again"),
            "click",
            lambda e: self.open_lesson(self.lesson.number if self.lesson else 1),
        )
        self.on(by_id("lesson-leave"), "click", lambda e: self.leave_lesson())
        self.on(by_id("help-lesson"), "click", lambda e: self.on_help_lesson())
        self.on(by_id("menu-lessons"), "click", self.on_menu_lessons)
        # a tap that is not a move (a card selected) may be one of a step's taps: the next
        # one is marked once the table has drawn it (the page's listeners come first)
        self.on(document, "click", lambda e: self.mark_lesson_target())

    def wire(self) -> None:
        super().wire()
        self.wire_lessons()

    def lesson_param(self) -> str | None:
        query = str(window.location.search or "")
        return next((v for k, v in query_pairs(query[1:]) if k == LESSON_PARAM), None)

    def lesson_from_url(self, value: str | None) -> None:
        """``?lesson=<n>``: open lesson n; a bad number is said in a notice."""
        if value is None or self.guest is not None:
            return
        count = len(self.game.lesson_list())
        n = lesson_number(value, count)
        if n is None:
            self.notice(t(self.lang, "lesson_bad" if count else "lesson_none", value=value, n=count))
            return
        self.open_lesson(n)

    def open_lesson(self, n: int) -> None:
        """Lesson ``n`` (from 1) at the game's table: its deal, the script's bots."""
        lessons = self.game.lesson_list()
        if not 1 <= n <= len(lessons) or self.guest is not None:
            return
        # the lesson replaces the match on the table: no dialog of that match stays over it
        # (the menu, the help, a choice the person owed, its summary)
        opened = document.querySelectorAll("dialog[open]")
        for i in range(opened.length):
            opened.item(i).close()
        if self.lesson_home is None:  # the person's own, kept while lessons follow each other
            self.lesson_home = self.settings
        session = lesson_session(self.game, lessons[n - 1], replace(self.settings, lang=self.lang))
        play = LessonPlay(lessons[n - 1], n, session)
        install_bots(play)
        self.lesson = play
        self.lesson_note = ""
        self.lesson_summary_shut = False
        self.begin(session)
        self.draw_lesson()
        self.focus_hand()
        self.show_lesson_box()

    def show_lesson_box(self) -> None:
        """A lesson begins with its words: the box back in the window if focusing the hand
        scrolled it out (a small phone upright; the hand below the fold is scrolled to then)."""
        top = float(by_id("lesson").getBoundingClientRect().top)
        if top < 0:
            window.scrollBy(0, top - 4)

    def leave_lesson(self) -> None:
        """Back to the start screen (the person's own saved match is offered there)."""
        self.lesson = None
        by_id("menu").close()
        self.show_setup()
        self.offer_resume()

    def on_lesson_next(self) -> None:
        play = self.lesson
        if play is None:
            return
        if play.number < len(self.game.lesson_list()):
            self.open_lesson(play.number + 1)
        else:
            self.first_game()

    def first_game(self) -> None:
        """After the last lesson: a real match against easy bots (asked first when it would
        replace an unfinished saved match)."""
        saved = None
        text = self.store.saved_text()
        if text:
            with contextlib.suppress(Exception):
                saved = Session.from_json(text, self.store)
        if saved is not None and not saved.match.over:
            self.confirm_new(saved.match, self.deal_first_game)
            return
        self.deal_first_game()

    def deal_first_game(self) -> None:
        """The person's own settings (their players, match format, rules, name), every
        other seat an easy bot."""
        self.leave_lesson_settings()
        s = self.settings
        settings = replace(s, game=self.game.name, levels=("easy",) * (s.players - 1), names=(), seed=None)
        self.lesson = None
        self.settings = settings
        self.open_match(Session.new(settings, self.store))
        self.focus_hand()

    def on_help_lesson(self) -> None:
        done = self.lessons_done()
        ids = [lesson.id for lesson in self.game.lesson_list()]
        todo = [i for i, ident in enumerate(ids, 1) if ident not in done]
        by_id("help").close()
        self.open_lesson(todo[0] if todo else 1)

    def on_menu_lessons(self, evt: Any) -> None:
        btn = evt.target.closest("button")
        if not btn:
            return
        if btn.id == "menu-lesson-leave":
            self.leave_lesson()
            return
        ident = str(btn.dataset.lessonId or "")
        ids = [lesson.id for lesson in self.game.lesson_list()]
        if ident in ids:
            by_id("menu").close()
            self.open_lesson(ids.index(ident) + 1)

    # -- progress ------------------------------------------------------------------------

    def lessons_done(self) -> list[str]:
        try:
            return read_progress(self.store.storage.getItem(progress_key(self.game.name)))
        except Exception:
            return []

    def mark_lesson_done(self, lesson_id: str) -> None:
        done = self.lessons_done()
        if lesson_id not in done:
            with contextlib.suppress(Exception):
                self.store.storage.setItem(progress_key(self.game.name), with_done(done, lesson_id))

    # -- drawing -------------------------------------------------------------------------

    def fill_lesson_menu(self) -> None:
        box = by_id("menu-lessons")
        clear(box)
        box.hidden = not self.lessons_offered()
        if box.hidden:
            return
        lang = self.lang
        box.appendChild(make("h3", "menu-lessons-heading", t(lang, "lesson_heading")))
        done = self.lessons_done()
        for lesson in self.game.lesson_list():
            title = t(lang, lesson.title)
            text = t(lang, "lesson_finished", title=title) if lesson.id in done else title
            btn = make("button", "ghost lesson-item", text, type="button")
            btn.dataset.lessonId = lesson.id
            if lesson.id in done:
                btn.dataset.done = "true"
            if self.lesson is not None and self.lesson.lesson.id == lesson.id:
                btn.setAttribute("aria-current", "true")
            box.appendChild(btn)
        if self.lesson is not None:
            box.appendChild(
                make("button", "ghost", t(lang, "lesson_leave"), type="button", id="menu-lesson-leave")
            )

    def draw_lesson(self) -> None:
        """The lesson's box, the body's hooks and the element to tap, from the lesson's state."""
        play = self.lesson
        body = document.body
        self.mark_lesson_target()
        if play is None or self.session is not play.session:
            if self.lesson_marked:
                by_id("lesson").hidden = True
                for name in ("data-lesson", "data-lesson-step", "data-lesson-done"):
                    body.removeAttribute(name)
                self.lesson_marked = False
            return
        self.lesson_marked = True
        # a lesson's match counts in no record: its result says none ("No matches played yet")
        by_id("result-stats").textContent = ""
        lang = self.lang
        lesson = play.lesson
        steps = lesson.steps
        total = len(self.game.lesson_list())
        by_id("lesson").hidden = False
        by_id("lesson-title").textContent = t(
            lang, "lesson_of", n=play.number, total=total, title=t(lang, lesson.title)
        )
        body.dataset.lesson = lesson.id
        step = play.step
        if play.done:
            shown = len(steps)
            text = t(lang, "lesson_done") + " " + t(lang, lesson.done)
            self.mark_lesson_done(lesson.id)
            body.dataset.lessonDone = "true"
            summary = by_id("summary")
            if play.session.hand_over and summary.open and not self.lesson_summary_shut:
                # a lesson that ends the hand: its end and "Next lesson" are said in its box
                # (the summary stays a tap away: the table's own button reopens it)
                self.lesson_summary_shut = True
                summary.close()
        elif play.waiting and step is not None:
            shown = play.index + 1
            text = t(lang, step.words)
            body.removeAttribute("data-lesson-done")
        else:  # the others play their part of the script
            shown = max(play.index, 1)
            made = steps[play.index - 1] if play.index else None
            text = t(lang, made.after if made is not None and made.after else "lesson_watch")
            body.removeAttribute("data-lesson-done")
        body.dataset.lessonStep = str(shown)
        by_id("lesson-text").textContent = text
        note = by_id("lesson-note")
        note.textContent = self.lesson_note if play.waiting else ""
        note.hidden = not note.textContent
        last = play.number >= total
        by_id("lesson-actions").hidden = not play.done  # meanwhile: the menu restarts or leaves
        nxt = by_id("lesson-next")
        nxt.textContent = t(lang, "lesson_first_game" if last else "lesson_next")
        again = by_id("lesson-again")
        again.textContent = t(lang, "lesson_again")
        by_id("lesson-leave").textContent = t(lang, "lesson_leave")
        play_on = by_id("lesson-play-on")
        play_on.hidden = not play.done or last or play.session.hand_over
        play_on.textContent = t(lang, "lesson_play_on")

    def mark_lesson_target(self) -> None:
        """``data-lesson-target`` on the element to tap now: the first of the step's taps
        that matches an element (none while the others play or once the lesson is over)."""
        if self.lesson_marked:
            marked = document.querySelectorAll("[data-lesson-target]")
            for i in range(marked.length):
                marked.item(i).removeAttribute("data-lesson-target")
        play = self.lesson
        if play is None or self.session is not play.session or not play.waiting or play.step is None:
            return
        for selector in play.step.taps:
            try:
                el = document.querySelector(selector)
            except Exception:  # a selector this browser cannot read: the next tap's
                continue
            if el:
                el.setAttribute("data-lesson-target", "true")
                self.show_lesson_target(el, (play.lesson.id, play.index, selector))
                return

    def show_lesson_target(self, target: Any, mark: tuple[str, int, str]) -> None:
        """A newly marked element out of the window (below a short screen's fold) is scrolled
        into it, as little as needed; the same mark drawn again is left where the person put it."""
        if mark == self.lesson_mark_shown:
            return
        self.lesson_mark_shown = mark
        box = target.getBoundingClientRect()
        height = float(window.innerHeight)
        if box.bottom > height:
            window.scrollBy(0, min(box.bottom - height + 8, box.top - 8))
        elif box.top < 0:
            window.scrollBy(0, box.top - 8)
