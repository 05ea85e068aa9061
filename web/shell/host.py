"""What a game's table may ask of the page: :class:`TableHost`, a narrow, typed host.

A table (:class:`web.shell.table.GameTable`) gets the host, never the page: the seat it shows,
the state it draws (``render(state)``), ``act(move)``, the hint and notices, the turn timer,
the curtain, the events it wires, the shell's flows it may start (the next hand, a new match,
Abandon) and the replay viewer's helpers. The page (:class:`web.shell.page.Page`) is the one
host; mypy checks that it satisfies this protocol, and that a table reaches nothing else
(``self.host`` is typed :class:`TableHost`). ``tests/test_table_seam.py`` reads every table
module and fails on a name of the host outside this protocol.

The flows every game shares are the shell's, around the table's ``render``: the view ``sv``,
the tab's title and heading, ``body[data-game]``, Abandon, the hint button, the table talk,
the friends' seats, the end-of-match chores and the language switch (``web/shell/ui.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from web.cards.seatview import SeatView
    from web.shell.games import GameSpec
    from web.shell.session import Session


class TableHost(Protocol):
    """The page as a game's table sees it (the page is the one host)."""

    # -- what is shown ----------------------------------------------------------------------

    @property
    def game(self) -> GameSpec:
        """The game played (its facts: the table's words are its own)."""
        ...

    @property
    def seat(self) -> int:
        """The seat whose hand this page shows."""
        ...

    @property
    def lang(self) -> str:
        """The language the page speaks now (it changes from the menu: the shell then asks
        the table to draw all again, :meth:`~web.shell.table.GameTable.forget_drawn`)."""
        ...

    @property
    def session(self) -> Session | None:
        """The match on this page (solo or host); None on a friend's page."""
        ...

    @property
    def guest(self) -> Any:
        """A friend's page's link to the host (None on a solo or host page)."""
        ...

    @property
    def sv(self) -> SeatView | None:
        """The shown seat's table state, as last drawn (the shell's view of it)."""
        ...

    @property
    def match_id(self) -> int:
        """Counts the matches begun on this page (a table keys what it drew of one)."""
        ...

    @property
    def curtain_seat(self) -> int | None:
        """Pass-and-play: the seat the curtain waits for."""
        ...

    @property
    def thinking(self) -> int | None:
        """The bot seat thinking now."""
        ...

    # -- the table's own events and moves ---------------------------------------------------

    def on(self, el: Any, event: str, fn: Callable[[Any], Any]) -> None:
        """``fn(event)`` on ``el``'s ``event`` (an error in it is said on the page)."""
        ...

    def act(self, move: str, wrong: bool = False) -> str | None:
        """The shown seat makes ``move``: the engine's refusal in words, or None."""
        ...

    def render(self) -> None:
        """Draw the table again (the shell's flows around the table's ``render(state)``)."""
        ...

    def changed(self) -> None:
        """The match changed on this page: friends told, the table drawn, the bots run."""
        ...

    def refusal_words(self, reason: str) -> str:
        """An engine's refusal in the player's words (the table's own hook)."""
        ...

    def dialog_open(self) -> bool:
        """A dialog is open (the table's keys wait)."""
        ...

    def focus_hand(self) -> None:
        """Keyboard focus on the shown hand (unless a dialog or the curtain is up)."""
        ...

    # -- what the person is told ------------------------------------------------------------

    def hint(self, text: str, refused: bool = False) -> None:
        """The line under the hand (``#hint``), marked when a move was refused."""
        ...

    def notice(
        self, text: str, kind: str = "info", seconds: float | None = ..., lang: str | None = None
    ) -> None:
        """A dismissible notice above the table."""
        ...

    def announce(self, text: str) -> None:
        """Said to screen readers (the live region)."""
        ...

    def cue(self, kind: str) -> None:
        """A sound cue (when sound is on)."""
        ...

    # -- the shell's parts of the table -----------------------------------------------------

    def mark_table(self, turn: int | None, hand_over: bool, match_over: bool) -> Any:
        """The CONTRACT's ``#table[data-turn][data-seat][data-over][data-match-over]``."""
        ...

    def show_curtain(self, names: Sequence[str], hand_over: bool, keep: bool = False) -> bool:
        """The pass-and-play curtain drawn; whether it covers the table."""
        ...

    def draw_timer(self, limit: int, turn: tuple[int, ...] | None, shown: bool) -> None:
        """The turn timer ``#timer`` for the turn ``turn``."""
        ...

    def timer_seat(self) -> int | None:
        """The person whose turn timer runs now, else None."""
        ...

    # -- the flows of every game the table's own buttons start ------------------------------

    def next_hand(self) -> None:
        """The next hand (the shell's flow, as ``#next``)."""
        ...

    def new_match(self) -> None:
        """A new match like this one (the shell's flow, as ``#new-match``)."""
        ...

    def ask_abandon(self) -> None:
        """Abandon, asked first in the game's words (the shell's flow, as ``#abandon``)."""
        ...

    def show_summary(self, match_over: bool) -> None:
        """The end of the hand the table filled, opened (the shell's summary dialog)."""
        ...

    def render_review_buttons(self) -> None:
        """The summary's review, replay and export buttons, as they apply."""
        ...

    def on_review_hand(self) -> None:
        """The review of the hand just played."""
        ...

    def summary_replay_allowed(self) -> bool:
        """The finished hand may be watched again from the summary."""
        ...

    def open_replay_from_summary(self) -> None:
        """The replay viewer on the match just played."""
        ...

    # -- the replay viewer (a table draws its replayed positions) ---------------------------

    @property
    def rp_match(self) -> Any:
        """What the game's replay book loaded for the viewer."""
        ...

    @property
    def rp_seat(self) -> int | None:
        """The seat the viewer shows (None: every hand face up)."""
        ...

    def replay_seat_row(self, b: dict[str, Any], s: int, facts: list[str]) -> tuple[Any, Any]:
        """A seat's row of the replayed position."""
        ...

    def replay_hidden(self, cards: Any, n: int) -> None:
        """``n`` card backs in ``cards``."""
        ...


#: the names a table may reach on its host (tests/test_table_seam.py reads the tables by it)
HOST_NAMES: frozenset[str] = frozenset(
    name for name in vars(TableHost) if not name.startswith("_") and name not in ("HOST_NAMES",)
)
