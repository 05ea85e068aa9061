"""What a game's table may ask of the page: :class:`TableHost`, a narrow, typed host.

A table (:class:`web.shell.table.GameTable`) gets the host, never the page: the seat it shows,
the language, the match (``session``, None on a friend's page) and the state last drawn
(``sv``; ``render(state)`` receives it), ``act(move)``, ``render()``, its events (``on``), the
CONTRACT's marks on ``#table``, and five small services, each a protocol of its own: what the
person is told (``say``), the pass-and-play ``curtain``, the turn timer (``clock``), the flows
every game shares that a table's own buttons start (``flows``) and the replay viewer's helpers
(``replay``). The page (:class:`web.shell.page.Page`) is the one host and each service; mypy
checks that it satisfies these protocols, and that a table reaches nothing else (``self.host``
is typed :class:`TableHost`). ``tests/test_table_seam.py`` reads every table module and fails on
a name of the host, or of a service, outside them.

The flows every game shares are the shell's, around the table's ``render``: the view ``sv``,
the tab's title and heading, ``body[data-game]``, Abandon, the hint button, the table talk,
the friends' seats, the bot thinking, the end-of-match chores, the summary dialog's buttons
and the language switch (``web/shell/ui.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from web.cards.seatview import SeatView
    from web.shell.session import Session


class Telling(Protocol):
    """What the person is told (``host.say``): the hint line, notices, the screen reader's
    live region, a sound cue."""

    def hint(self, text: str, refused: bool = False) -> None:
        """The line under the hand (``#hint``), marked when a move was refused."""
        ...

    def refusal(self, reason: str) -> None:
        """``#hint`` says a refusal that ``act`` returned, in the player's words: the table's
        ``refusal_words`` for the engine's, a lesson's own words as they are."""
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


class Curtain(Protocol):
    """The pass-and-play curtain (``host.curtain``, the shell's :mod:`web.shell.seats`)."""

    @property
    def curtain_seat(self) -> int | None:
        """The seat the curtain waits for (None: no curtain on this page)."""
        ...

    def show_curtain(self, names: Sequence[str], hand_over: bool, keep: bool = False) -> bool:
        """The curtain drawn; whether it covers the table."""
        ...


class Clock(Protocol):
    """The turn timer (``host.clock``): the shell counts, the table says which turn it is."""

    def timer_seat(self) -> int | None:
        """The person whose turn timer runs now, else None."""
        ...

    def draw_timer(self, limit: int, turn: tuple[int, ...] | None, shown: bool) -> None:
        """The turn timer ``#timer`` for the turn ``turn`` (``limit`` seconds, 0: none)."""
        ...


class Flows(Protocol):
    """The flows every game shares, which a table's own buttons and keys start
    (``host.flows``): the shell runs them the same way for every game."""

    def changed(self) -> None:
        """The match changed on this page: friends told, the table drawn, the bots run."""
        ...

    def go_on(self) -> None:
        """After a finished hand: the next hand, or a new match once the match is over
        (the summary's ``#next`` / ``#new-match``)."""
        ...

    def ask_abandon(self) -> None:
        """Abandon, asked first in the game's words (as ``#abandon``)."""
        ...

    def focus_hand(self) -> None:
        """Keyboard focus on the shown hand (unless a dialog or the curtain is up)."""
        ...

    def show_summary(self, match_over: bool, held: bool = False, waiting: str | None = None) -> None:
        """The end of the hand the table filled, opened (the shell's summary dialog)."""
        ...

    def end_buttons(self, over: bool, go_on: Any, replay: Any, review: Any) -> None:
        """A table that shows a hand's end on itself: its go-on, replay and review buttons
        shown and worded as the shell's summary would."""
        ...


class ReplayView(Protocol):
    """The replay viewer as a table drawing a replayed position sees it (``host.replay``)."""

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


class TableHost(Protocol):
    """The page as a game's table sees it (the page is the one host): a dozen names."""

    # -- what is shown ----------------------------------------------------------------------

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
    def sv(self) -> SeatView | None:
        """The shown seat's table state, as last drawn (the shell's view of it)."""
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

    def mark_table(self, turn: int | None, hand_over: bool, match_over: bool) -> Any:
        """The CONTRACT's ``#table[data-turn][data-seat][data-over][data-match-over]``."""
        ...

    # -- the shell's services, each a small typed object ------------------------------------

    @property
    def say(self) -> Telling:
        """What the person is told."""
        ...

    @property
    def curtain(self) -> Curtain:
        """The pass-and-play curtain."""
        ...

    @property
    def clock(self) -> Clock:
        """The turn timer."""
        ...

    @property
    def flows(self) -> Flows:
        """The flows every game shares that a table's buttons start."""
        ...

    @property
    def replay(self) -> ReplayView:
        """The replay viewer (a table draws its replayed positions)."""
        ...


def names_of(protocol: type) -> frozenset[str]:
    """The public names a protocol declares."""
    return frozenset(name for name in vars(protocol) if not name.startswith("_"))


#: the names a table may reach on its host (tests/test_table_seam.py reads the tables by it)
HOST_NAMES: frozenset[str] = names_of(TableHost)
#: the names a table may reach on each of the host's services (``host.say.hint``, …)
SERVICE_NAMES: dict[str, frozenset[str]] = {
    "say": names_of(Telling),
    "curtain": names_of(Curtain),
    "clock": names_of(Clock),
    "flows": names_of(Flows),
    "replay": names_of(ReplayView),
}
