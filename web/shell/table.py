"""The table interface (browser only): what the shell asks of a game's table.

A game's table is an object the page holds (``page.table``), built at start-up from the
class its :class:`~web.shell.games.GameSpec` names (``table = "module:Class"``), a subclass
of :class:`GameTable`. The shell calls its hooks (``page.table.render(state)``, …); the table
reaches the page only through ``self.host``, a :class:`web.shell.host.TableHost`: the seat
shown, ``act(move)``, the hint and notices, the timer, the curtain, its events.

Every abstract method is a hook each table must define: a table that lacks one is a type
error (mypy) and refused at start-up (:func:`make_table`), never another game's behaviour.
The other hooks have the shell's behaviour, which a table may override.
"""

from __future__ import annotations

import inspect
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from web.shell.i18n import t

if TYPE_CHECKING:
    from web.shell.games import GameSpec
    from web.shell.host import TableHost
    from web.shell.session import Session


#: the shell's elements on every game's table (CONTRACT "In the page"), as static markup: the
#: shell builds them (:func:`shell_parts`) and the game's table places each where its layout has
#: it (:meth:`GameTable.build`); their words are the shell's (``data-i18n``)
SHELL_PARTS: dict[str, str] = {
    "heading": '<h2 class="sr-only" data-i18n="table_label">Card table</h2>',
    "timer": '<span id="timer" class="timer" hidden></span>',
    "hint": '<p id="hint" class="hint" role="status" aria-live="assertive"></p>',
    "coach": (
        '<button type="button" id="coach" class="action ghost coach-btn" data-i18n="coach_button" '
        "hidden>Hint</button>"
    ),
    "coach-text": '<p id="coach-text" class="coach-text" role="status" aria-live="polite" hidden></p>',
    "curtain": (
        '<div id="curtain" class="curtain" role="dialog" aria-modal="true" aria-labelledby="curtain-title" '
        'hidden>\n  <p id="curtain-title" class="curtain-title">Pass the device</p>\n'
        '  <button type="button" id="curtain-go" class="primary">Show my cards</button>\n</div>'
    ),
    "talk-box": (
        '<details id="talk-box" class="talk-box">\n  <summary data-i18n="talk_heading">Say…</summary>\n'
        '  <div id="talk" class="talk" role="group" aria-label="Table talk"></div>\n</details>'
    ),
    "log-box": (
        '<section id="log-box" class="log-box" aria-labelledby="log-heading">\n'
        '  <details id="log-details" class="log-details" open>\n'
        '    <summary><h2 id="log-heading" data-i18n="log_heading">Moves of the hand</h2>\n'
        '      <span id="log-last" class="log-last"></span></summary>\n'
        '    <ol id="log" class="log" start="0" tabindex="0" aria-labelledby="log-heading"></ol>\n'
        "  </details>\n</section>"
    ),
}


def part(*names: str) -> str:
    """Where a table's markup places the shell's parts ``names`` (:func:`fill` puts them there)."""
    return "".join(f'<i data-part="{name}"></i>' for name in names)


class GameTable(ABC):
    """A game's table on the page: it builds and wires its elements, draws the shown seat's
    table state and turns clicks and keys into moves (``self.host.act(move)``)."""

    #: the table's seat boxes (each with ``data-seat``); the one thinking gets ``.thinking``
    thinking_seats = "#opponents .seat"

    def __init__(self, host: TableHost) -> None:
        self.host = host  # the page, as a table may see it

    # -- the hooks every table defines ---------------------------------------------------

    @abstractmethod
    def build(self, parts: Mapping[str, Any]) -> None:
        """Build the table's elements in the empty ``#table`` (once, at start-up, before
        :meth:`wire_table`), with each of the shell's ``parts`` (:data:`SHELL_PARTS`, by name)
        where the game's layout has it: :func:`fill` puts static markup whose placeholders
        (:func:`part`) the parts take."""

    @abstractmethod
    def wire_table(self) -> None:
        """Wire the table's elements (once, at start-up)."""

    @abstractmethod
    def render(self, state: dict[str, Any]) -> None:
        """Draw ``state``, the shown seat's table state (the shell's
        :meth:`web.shell.seats.Seats.seat_state`), its curtain and its end of hand. The shell
        calls the page's ``render``, which calls this between the flows every game shares
        (the view ``sv``, the end-of-match chores, the title, Abandon, talk, the seats)."""

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

    def begin(self, session: Session) -> None:
        """A new match is on the table (a deal, a resumed save, a friend's page joining): the
        table forgets what it drew of the last one. The table keeps its own state (the page
        keeps none of a game's); the shell's, none to forget."""
        return None

    def forget_drawn(self) -> None:
        """The language changed: the next :meth:`render` draws all the table shows in the new
        words, none of what it drew before kept (a table that draws all from the state each
        time keeps nothing: the shell's behaviour)."""
        return None

    def forget_summary(self) -> None:
        """The shell closed the end of the hand or left the table (a review, the replay
        viewer, a friend's page on the host's next hand): the next :meth:`open_summary`
        draws it afresh."""
        return None

    def render_thinking(self, seat: int | None) -> None:
        """Mark ``seat``, the one a bot is thinking for (``.thinking`` on :attr:`thinking_seats`)."""
        from pyscript import document  # the browser's (this module also loads without one)

        nodes = document.querySelectorAll(self.thinking_seats)
        for i in range(nodes.length):
            el = nodes.item(i)
            el.classList.toggle("thinking", seat is not None and el.dataset.seat == str(seat))

    def curtain_up(self) -> bool:
        """The pass-and-play curtain covers (or is to cover) the table."""
        host = self.host
        return host.curtain.curtain_seat is not None and host.session is not None and host.session.multi_local

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
        raise NotImplementedError(f"{type(self).__name__} draws no replayed position")

    def refusal_words(self, reason: str) -> str:
        """The host engine's reason for refusing this page's move, in the player's words: a
        game's table words it as it words its own refusals."""
        return t(self.host.lang, "net_error_illegal") + ": " + reason


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


def shell_parts() -> dict[str, Any]:
    """The shell's elements of the table (:data:`SHELL_PARTS`), built, not yet placed."""
    from pyscript import document  # the browser's (this module also loads without one)

    parts = {}
    for name, html in SHELL_PARTS.items():
        holder = document.createElement("template")
        holder.innerHTML = html
        parts[name] = holder.content.firstElementChild
    return parts


def fill(box: Any, html: str, parts: Mapping[str, Any]) -> None:
    """``box`` holds ``html`` (a table's static markup: no player's text), each placeholder of
    it (:func:`part`) replaced by the shell's part of that name."""
    box.innerHTML = html
    found = box.querySelectorAll("[data-part]")
    for i in range(found.length):
        el = found.item(i)
        el.replaceWith(parts[str(el.dataset.part)])


def build_table(table: GameTable, box: Any, game: str) -> None:
    """The game's table builds its elements in ``box`` (``#table``, empty in ``index.html``)
    around the shell's parts; a table that leaves one of them out is refused (the shell's
    hooks are on every game's page)."""
    parts = shell_parts()
    table.build(parts)
    check_parts(game, box, parts)


def check_parts(game: str, box: Any, parts: Mapping[str, Any]) -> None:
    """A TypeError that names the shell's ``parts`` that ``game``'s table left out of ``box``
    (each must be inside it once :meth:`GameTable.build` is done), if any."""
    left = [name for name, el in parts.items() if not box.contains(el)]
    if left:
        raise TypeError(f"the table of {game!r} leaves out the shell's {', '.join(left)}")


def make_table(game: GameSpec, host: TableHost) -> GameTable:
    """``game``'s table on the page ``host`` (:func:`table_class`)."""
    return table_class(game)(host)
