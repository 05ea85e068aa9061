"""The table interface (browser only): what the shell asks of a game's table.

A game's table is an object the page holds (``page.table``), built at start-up from the
class its :class:`~web.shell.games.GameSpec` names (``table = "module:Class"``), a subclass
of :class:`GameTable`. The shell calls its hooks (``page.table.render()``, …); the table
reaches the page through ``self.page``: its state (``seat``, ``session``, ``sv``), its
helpers (``on``, ``act``, ``hint``, ``notice``) and the shell's drawing of seats and curtain.

Every abstract method is a hook each table must define: a table that lacks one is a type
error (mypy) and refused at start-up (:func:`make_table`), never another game's behaviour.
The other hooks have the shell's behaviour, which a table may override.
"""

from __future__ import annotations

import inspect
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any

from web.shell.i18n import t

if TYPE_CHECKING:
    from web.shell.games import GameSpec
    from web.shell.page import Page
    from web.shell.session import Session


class GameTable(ABC):
    """A game's table on the page: it builds and wires its elements, draws the shown seat's
    table state and turns clicks and keys into moves (``self.page.act(move)``)."""

    #: the table's seat boxes (each with ``data-seat``); the one thinking gets ``.thinking``
    thinking_seats = "#opponents .seat"

    def __init__(self, page: Page) -> None:
        self.page = page

    # -- the hooks every table defines ---------------------------------------------------

    @abstractmethod
    def wire_table(self) -> None:
        """Wire the table's elements (once, at start-up)."""

    @abstractmethod
    def render(self) -> None:
        """Draw the shown seat's table state (:meth:`web.shell.seats.Seats.seat_state`), its
        curtain and its end of hand. The shell calls the page's ``render``, which calls this."""

    @abstractmethod
    def render_timer(self) -> None:
        """Draw the turn timer (called four times a second while a table is shown)."""

    @abstractmethod
    def open_summary(self) -> None:
        """Show the end of the hand (or of the match)."""

    @abstractmethod
    def hand_buttons(self) -> list[Any]:
        """The shown hand's card buttons, in order (the menu's "focus the hand")."""

    @abstractmethod
    def focus_card(self, index: int) -> None:
        """Put the keyboard focus on the hand's card ``index``."""

    @abstractmethod
    def after_local_move(self, move: str) -> None:
        """The shown seat sent ``move`` (to the session, or to the host)."""

    # -- hooks with the shell's behaviour -------------------------------------------------

    def render_thinking(self) -> None:
        """Mark the seat a bot is thinking for (``.thinking`` on :attr:`thinking_seats`)."""
        from pyscript import document  # the browser's (this module also loads without one)

        seat = self.page.driver.thinking
        nodes = document.querySelectorAll(self.thinking_seats)
        for i in range(nodes.length):
            el = nodes.item(i)
            el.classList.toggle("thinking", seat is not None and el.dataset.seat == str(seat))

    def curtain_up(self) -> bool:
        """The pass-and-play curtain covers (or is to cover) the table."""
        page = self.page
        return page.curtain_seat is not None and page.session is not None and page.session.multi_local

    def curtain_turn(self, s: Session) -> int | None:
        """The seat that is to act now (a game's table may widen it)."""
        return None if s.hand_over else s.turn

    def seat_passed(self) -> None:
        """The shown seat changed under the curtain: a game's table drops the last person's
        choices here."""
        return None

    def draw_replay_board(self, b: dict[str, Any]) -> None:
        """A position of the viewer (``b``: the replay book's ``board``) drawn in
        ``#replay-board`` (``#replay-seats``, ``#replay-discard``, ``#replay-facts`` and what
        the game adds, each of its own elements marked ``.replay-own``): every game's table
        that keeps replays draws its own (the page's ``replay_seat_row`` and ``replay_hidden``
        help)."""
        raise NotImplementedError(f"{self.page.game.name}'s table draws no replayed position")

    def refusal_words(self, reason: str) -> str:
        """The host engine's reason for refusing this page's move, in the player's words: a
        game's table words it as it words its own refusals."""
        return t(self.page.lang, "net_error_illegal") + ": " + reason


#: the hooks every table must define (the abstract methods of :class:`GameTable`)
TABLE_HOOKS: tuple[str, ...] = tuple(sorted(GameTable.__abstractmethods__))


def check_table(cls: type[GameTable]) -> type[GameTable]:
    """``cls`` if it defines every hook (mypy refuses an abstract class here), else a
    TypeError that names the hooks it lacks. Each table module checks its class so."""
    if inspect.isabstract(cls):
        missing = sorted(getattr(cls, "__abstractmethods__", ()))
        raise TypeError(f"the table {cls.__name__} lacks {', '.join(missing)}")
    return cls


def table_class(game: GameSpec) -> type[GameTable]:
    """The class of ``game``'s table (:attr:`GameSpec.table`), checked: a subclass of
    :class:`GameTable` that defines every hook; else a TypeError that names what it lacks."""
    cls = game.load(game.table)
    if not (isinstance(cls, type) and issubclass(cls, GameTable)):
        raise TypeError(f"the table of {game.name!r} is not a GameTable: {game.table}")
    try:
        return check_table(cls)
    except TypeError as e:
        raise TypeError(f"the table of {game.name!r}: {e}") from None


def make_table(game: GameSpec, page: Page) -> GameTable:
    """``game``'s table on ``page`` (:func:`table_class`)."""
    return table_class(game)(page)
