"""The page (browser only): one class, written in code, put together from the shell's parts
(:class:`web.shell.part.PagePart`), and the game's table, an object it holds.

The parts, one per concern: :class:`~web.shell.ui.PageCore` (start-up, screens, notices,
:meth:`~web.shell.ui.PageCore.act`), :mod:`web.shell.setup_screen` (the start screen),
:mod:`web.shell.seats` (the curtain, the turn timer), :mod:`web.net.lobby` (friends online),
:mod:`web.shell.menu`, :mod:`web.shell.coach_ui`, :mod:`web.shell.review_ui`,
:mod:`web.shell.replay_ui`, and :mod:`web.shell.lessons_ui` first, whose hooks wrap the
page's own (drawing, moves). Each part reaches the others through ``self.page`` (this page),
so mypy reads the whole page from its code. The game's table is ``page.table``
(:class:`web.shell.table.GameTable`, built from ``GameSpec.table``)."""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Callable

from pyodide.ffi import create_proxy
from pyscript import document, window

from web.net.lobby import FriendsScreens
from web.shell import games
from web.shell.coach_ui import CoachButton
from web.shell.game_choice import GameChoice
from web.shell.games import GameSpec
from web.shell.host import Clock, Curtain, Flows, ReplayView, Telling
from web.shell.i18n import STRINGS
from web.shell.keeper import MatchKeeper
from web.shell.lessons_ui import LessonRunner
from web.shell.menu import GameMenu
from web.shell.params import game_of
from web.shell.replay_ui import ReplayViewer
from web.shell.review_ui import ReviewPanel
from web.shell.seats import Seats
from web.shell.session import SaveProblem
from web.shell.setup_screen import SetupScreen
from web.shell.table import GameTable, make_table
from web.shell.ui import PageCore


class Page(
    LessonRunner,  # first: its hooks wrap the page's own (drawing, moves)
    PageCore,
    SetupScreen,
    GameChoice,
    Seats,
    FriendsScreens,
    GameMenu,
    MatchKeeper,
    CoachButton,
    ReviewPanel,
    ReplayViewer,
):
    """The page: the shell's screens around the game's table, an object it holds
    (``self.table``, :class:`~web.shell.table.GameTable`, built from ``GameSpec.table``; a
    table that lacks a hook is refused here, never another game's behaviour)."""

    def __init__(self, game: GameSpec | None = None) -> None:
        super().__init__(game)
        self.page = self
        self.table: GameTable = make_table(self.game, self)

    # -- the host's services (web.shell.host): the page's own parts, each seen by a table
    # through its small protocol (mypy checks the page has every name of each)

    @property
    def say(self) -> Telling:
        return self

    @property
    def curtain(self) -> Curtain:
        return self

    @property
    def clock(self) -> Clock:
        return self

    @property
    def flows(self) -> Flows:
        return self

    @property
    def replay(self) -> ReplayView:
        return self


def use_words(game: GameSpec) -> None:
    """The game's words over the shell's (a game may add keys or word a shell key its way)."""
    words = game.strings()
    if words is not STRINGS:
        STRINGS.update(words)


PAGE: Page | None = None
#: how long the page waits for the game's own stylesheet before it starts without it
STYLE_WAIT_S = 8.0
_KEEP: list[object] = []  # the stylesheet's listeners, kept until it is loaded


def use_style(game: GameSpec, then: Callable[[], None]) -> None:
    """The game's own stylesheet (:attr:`GameSpec.style`) on the page, then ``then()``:
    web/boot.js links it at first paint on the built site (loaded by now: ``then`` runs at
    once); otherwise it is linked here and ``then`` runs once it has loaded, or failed to, or
    after :data:`STYLE_WAIT_S`: the game starts in any case."""
    if not game.style:
        then()
        return
    links = document.querySelectorAll("link[data-game-style]")
    link = next(
        (links.item(i) for i in range(links.length) if links.item(i).dataset.gameStyle == game.name), None
    )
    if link is not None and link.sheet:
        then()
        return
    done: list[bool] = []

    def go(*_: object) -> None:
        if done:
            return
        done.append(True)
        _KEEP.clear()
        try:
            then()
        except Exception:
            status = document.getElementById("status")
            status.hidden = False
            status.textContent = traceback.format_exc()
            status.classList.add("error")
            document.body.dataset.error = "start"
            raise

    if link is None:
        link = document.createElement("link")
        link.rel = "stylesheet"
        link.href = "./" + game.style
        link.dataset.gameStyle = game.name
    proxy = create_proxy(go)
    _KEEP.append(proxy)
    link.addEventListener("load", proxy)
    link.addEventListener("error", proxy)
    if not link.isConnected:
        document.head.appendChild(link)
    asyncio.get_event_loop().call_later(STYLE_WAIT_S, go)


def main() -> None:
    game = games.get(game_of(str(window.location.search or "")))
    use_words(game)
    use_style(game, lambda: start(game))


def start(game: GameSpec) -> None:
    global PAGE
    PAGE = page = Page(game)
    try:
        page.start()
    except SaveProblem as e:  # pragma: no cover - resume_or_new handles these
        page.show_save_problem(str(e))
        document.body.dataset.ready = "true"
