"""No match lost (browser only): a link over the saved match, and one match in two tabs. A
part of :class:`web.shell.page.Page`.

* **A link over the saved match.** A link that starts a match (``?players=3&seed=7``, a
  friend's shared link, a bookmark) while this game's save is an unfinished match with moves
  played (:func:`web.shell.session.link_over_save`) opens that saved match and asks first
  (``dialog#link-ask``), in the game's words (its hand, its seats): ``#link-keep`` resumes it
  (Escape too), ``#link-new`` starts the link's match and keeps the saved one in the Replays
  list as unfinished. Links that resume (the same match parameters) or only set preferences
  (``?lang=en``, ``?game=dog``) never ask. The bots wait while the question is open.
* **Two tabs of one match.** Every save checks that the saved match is still the one this
  page last read or wrote (:meth:`web.shell.session.Store.save_match`); another tab's save is
  never written over. A tab follows the other's save as soon as the browser tells it (the
  ``storage`` event): the newer save is loaded and drawn, with a line saying so. A move made
  on an older copy (before that event arrived) is not played: the tab follows and says so.
"""

from __future__ import annotations

import contextlib
import time
from typing import Any

from pyscript import document, window

from web.shell.dom import by_id
from web.shell.i18n import t
from web.shell.params import Settings, start_params
from web.shell.part import PagePart
from web.shell.session import SaveProblem, Session


class MatchKeeper(PagePart):
    """A mixin of :class:`web.shell.page.Page` (its attributes are set in ``Page.__init__``)."""

    #: the link's match waiting for the answer: (its settings, its match parameters)
    link_waits: tuple[Settings, dict[str, Any] | None] | None = None
    #: this tab follows another that plays the same match: its bots wait (the other tab's
    #: move them) until the person here acts, so that two tabs never move the same bot
    following = False

    def wire_keeper(self) -> None:
        page = self.page
        page.on(by_id("link-keep"), "click", lambda e: by_id("link-ask").close())
        page.on(by_id("link-new"), "click", lambda e: self.on_link_new())
        # Escape, or the dialog closed any other way: the saved match, as #link-keep
        page.on(by_id("link-ask"), "close", lambda e: self.on_link_keep())
        page.on(window, "storage", self.on_storage)
        for event in ("pointerdown", "keydown", "focus"):  # the person is in this tab again
            page.on(window, event, lambda e: self.lead_here())
        page.on(document, "visibilitychange", lambda e: self.hold_bots())

    def hold_bots(self) -> None:
        """The bots wait while a question about the match is open (a link over the save),
        while this tab is hidden (another tab may be playing it) or follows another tab."""
        hidden = str(document.visibilityState or "") == "hidden"
        self.page.driver.paused = self.link_waits is not None or self.following or hidden
        if not self.page.driver.paused:
            self.page.driver.kick()

    def lead_here(self) -> None:
        if self.following:
            self.following = False
            self.hold_bots()

    # -- a link over the saved match -------------------------------------------------------

    def ask_link(self, settings: Settings, origin: dict[str, Any] | None) -> None:
        """The saved match is on the table (paused); ask whether the link's match replaces it."""
        s = self.page.session
        if s is None:
            return
        self.link_waits = (settings, origin)
        self.hold_bots()
        lang = self.page.lang
        seats = [self.seat_words(s, seat) for seat in range(s.match.players) if seat not in s.local_seats()]
        by_id("link-ask-saved").textContent = t(
            lang,
            "link_saved",
            game=self.page.game.title(lang),
            info=self.page.match_info(s.match),
            seats=", ".join(seats),
        )
        by_id("link-ask-choice").textContent = t(lang, "link_choice")
        dlg = by_id("link-ask")
        if not dlg.open:
            dlg.showModal()
        by_id("link-keep").focus()

    def seat_words(self, s: Session, seat: int) -> str:
        """A seat of the saved match in words: its name, and a bot's level."""
        name = s.match.names[seat]
        level = s.level(seat) if s.is_bot(seat) else ""
        words = t(self.page.lang, "level_" + level) if level else ""
        return t(self.page.lang, "seat_with_level", who=name, level=words) if words else name

    def on_link_keep(self) -> None:
        """The saved match goes on; the URL no longer starts another (a reload resumes)."""
        if self.link_waits is None:
            return
        self.link_waits = None
        self.hold_bots()
        self.drop_match_params()
        self.page.focus_hand()

    def on_link_new(self) -> None:
        """The link's match; the saved one kept in the Replays list, unfinished."""
        waits, self.link_waits = self.link_waits, None
        by_id("link-ask").close()
        if waits is None:
            return
        settings, origin = waits
        old = self.page.session
        if old is not None:
            entry = old.replay_entry("unfinished", int(time.time() * 1000))
            if entry is not None:
                kept = self.page.store.shelf().add(entry)
                self.page.tell_kept(kept.failed, kept.dropped)
        self.page.driver.stop()
        session = Session.new(settings, self.page.store, origin)
        self.page.open_match(session)
        self.hold_bots()
        if old is not None:
            self.page.notice(t(self.page.lang, "link_set_aside"))
        self.page.after_link_deal()

    def drop_match_params(self) -> None:
        """The URL without its match parameters (the game and preferences stay)."""
        params = window.URLSearchParams.new(str(window.location.search or ""))
        for key in start_params(self.page.game.name):
            params.delete(key)
        rest = str(params.toString())
        with contextlib.suppress(Exception):
            window.history.replaceState(None, "", "index.html" + ("?" + rest if rest else ""))

    # -- one match in two tabs -------------------------------------------------------------

    def on_storage(self, evt: Any) -> None:
        """Another tab of this browser changed the storage: its save of this game's match
        is followed."""
        if str(getattr(evt, "key", "") or "") != self.page.store.key("match"):
            return
        self.follow_save("tab_followed")

    def stale_here(self) -> bool:
        """Before a move of this page: the saved match moved on in another tab (the page
        follows it and the move is not played)."""
        s = self.page.session
        if s is None or s.store is not self.page.store or not self.page.store.moved_on():
            return False
        return self.follow_save("tab_refused")

    def follow_save(self, words: str) -> bool:
        """Load and draw the newer save another tab wrote, saying ``words``; True when the
        table now shows it."""
        page = self.page
        s = page.session
        screen = str(document.body.dataset.screen or "")
        if page.guest is not None or page.hub is not None or self.link_waits is not None:
            return False
        if s is not None and s.store is not page.store:
            return False  # a lesson's table: saved nowhere
        text = page.store.saved_text()
        page.store.stale = False
        if screen != "table" or s is None:
            if screen == "setup":
                page.offer_resume()
            return False
        if text is None or text == s.to_json():
            return False
        try:
            newer = Session.from_json(text, page.store)
        except SaveProblem:
            return False
        self.following = True
        self.hold_bots()
        page.begin(newer)
        page.notice(t(page.lang, words))
        return True
