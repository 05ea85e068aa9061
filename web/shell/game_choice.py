"""The start screen's choice of game (browser only): every registered game as a choice a
person sees at once (its name, its line, a picture of its cards, and "Learn to play" for a
game with lessons), drawn from the registry (:class:`web.shell.games.GameSpec`: ``titles``,
``blurb``, ``fan``, ``lessons``). A part of :class:`web.shell.page.Page`.

Page hooks: ``#game-field`` holds the choices ``#game-choices li[data-game]`` (the visit's
game's carries ``aria-current``), each a link to its page (``a[data-game-link]``,
``index.html?game=<name>``) and "Learn to play" (``[data-learn]``); ``select#opt-game`` stays
the control underneath (a change opens that game's page, as a choice's link does). A visit
whose URL names no game (the plain page) names the house in its heading on the start screen."""

from __future__ import annotations

from typing import Any

from pyscript import document, window

from web.cards.faces import card_svg
from web.shell import games
from web.shell.dom import by_id, clear, make
from web.shell.i18n import t
from web.shell.params import GAME_PARAM, LESSON_PARAM, game_query, query_pairs
from web.shell.part import PagePart

#: the cards of a game's fan shown in its choice's picture
PICTURE_CARDS = 3


def lesson_link(name: str, n: int) -> str:
    """The address of lesson ``n`` of the game ``name``."""
    query = game_query(name)
    return "index.html" + (query + "&" if query else "?") + f"{LESSON_PARAM}={n}"


class GameChoice(PagePart):
    """A mixin of :class:`web.shell.page.Page`: the start screen's choice of game."""

    #: the visit's URL names no game (the plain page: the house's heading on the start screen)
    plain_visit = False
    games_wired = False

    def offer_games(self) -> None:
        """Every registered game, shown once there are two (the choices, and ``#opt-game``
        under them); choosing one opens the page on it (``?game=``), which loads that game's
        code, saves and table."""
        query = str(window.location.search or "")
        self.plain_visit = not any(k == GAME_PARAM for k, _ in query_pairs(query[1:]))
        select = by_id("opt-game")
        offered = games.registered()
        by_id("game-field").hidden = len(offered) < 2
        if not self.games_wired:
            self.games_wired = True
            self.page.on(select, "change", lambda e: self.choose_game(str(select.value)))
            self.page.on(by_id("game-choices"), "click", self.on_game_choice)

    def draw_game_choices(self) -> None:
        """The choices' words in the page's language (drawn again when it changes)."""
        lang = self.page.lang
        current = self.page.game.name
        select = by_id("opt-game")
        clear(select)
        for spec in games.registered():
            option = make("option", "", spec.title(lang), value=spec.name)
            option.selected = spec.name == current
            select.appendChild(option)
        if self.plain_visit and len(games.registered()) > 1:
            # the plain page is the house's: its line, and each game's picture in its choice
            # (not the default game's fan and line)
            by_id("hero-fan").hidden = True
            document.querySelector(".tagline").textContent = t(lang, "house_tagline")
        if len(games.registered()) > 1 and not self.plain_visit:
            # a visit that names its game: the form under the choices says whose match it deals
            # (the plain page's keeps the words its first paint showed: its choice is marked)
            by_id("setup-heading").textContent = t(lang, "setup_heading_of", game=self.page.game.title(lang))
        box = by_id("game-choices")
        clear(box)
        for spec in games.registered():
            item = make("li", "game-choice")
            item.dataset.game = spec.name
            picture = make("span", "game-pic", None, aria_hidden="true")
            picture.innerHTML = "".join(
                f'<span class="game-pic-card">{card_svg(code)}</span>' for code in spec.fan[:PICTURE_CARDS]
            )
            item.appendChild(picture)
            words = make("span", "game-words")
            link = make("a", "game-link", spec.title(lang), href="index.html" + game_query(spec.name))
            link.dataset.gameLink = spec.name
            if spec.name == current:
                item.setAttribute("aria-current", "true")
                link.setAttribute("aria-current", "page")
            words.appendChild(link)
            line = spec.blurb.get(lang) or spec.blurb.get("en") or ""
            if line:
                words.appendChild(make("span", "game-line", line))
            item.appendChild(words)
            if spec.lessons:
                learn = make("a", "game-learn", t(lang, "learn_to_play"), href=lesson_link(spec.name, 1))
                learn.dataset.learn = spec.name
                learn.setAttribute("aria-label", t(lang, "learn_to_play_of", game=spec.title(lang)))
                item.appendChild(learn)
            box.appendChild(item)

    def on_game_choice(self, evt: Any) -> None:
        """The visit's own game: no new page (its lesson opens here; its choice goes to the
        form); another game's link opens that game's page."""
        link = evt.target.closest("a")
        if not link:
            return
        current = self.page.game.name
        if str(link.dataset.learn or "") == current:
            evt.preventDefault()
            self.learn_here()
        elif str(link.dataset.gameLink or "") == current:
            evt.preventDefault()
            by_id("setup-heading").scrollIntoView()
            by_id("opt-name").focus()

    def learn_here(self) -> None:
        """The visit's game's first lesson not yet finished (the first once all are)."""
        done = self.page.lessons_done()
        ids = [lesson.id for lesson in self.page.game.lesson_list()]
        todo = [i for i, ident in enumerate(ids, 1) if ident not in done]
        self.page.open_lesson(todo[0] if todo else 1)

    def choose_game(self, name: str) -> None:
        if name != self.page.game.name and games.known(name):
            window.location.assign("index.html" + game_query(name))

    def house_heading(self) -> bool:
        """The page's heading names the house: the start screen of a visit that named no game."""
        return self.plain_visit and str(document.body.dataset.screen or "") == "setup"
