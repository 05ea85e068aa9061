"""One seat's place at the table, as the page draws it, for any game: plain Python, no browser.

A :class:`SeatView` wraps a *table state* (``Session.table_state(seat)``: the engine's
view of one seat plus the match's public facts). The host's page builds it from its own
session; a friend's page receives exactly that dict over the network. So solo play,
pass-and-play and a friend's page draw the table with the same code, and everything a
button needs (may I act? which moves may I make?) is read from the seat's legal moves,
never from hidden state. A game adds its own questions in a subclass (Dernier's calls and
jump-ins: ``web/dernier/seatview.py``).
"""

from __future__ import annotations

from typing import Any


class SeatView:
    """A table state (``Session.table_state(seat)``) and what its seat may do."""

    def __init__(self, state: dict[str, Any]) -> None:
        self.state = state

    def __getitem__(self, key: str) -> Any:
        return self.state[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.state.get(key, default)

    # -- who and when --------------------------------------------------------------

    @property
    def seat(self) -> int:
        return int(self.state["seat"])

    @property
    def players(self) -> int:
        return int(self.state["players"])

    @property
    def names(self) -> list[str]:
        return list(self.state.get("names") or [])

    @property
    def turn(self) -> int | None:
        turn = self.state.get("turn")
        return None if turn is None else int(turn)

    @property
    def legal(self) -> list[str]:
        return list(self.state.get("legal") or [])

    @property
    def hand_over(self) -> bool:
        return bool(self.state.get("hand_over"))

    @property
    def match_over(self) -> bool:
        return bool(self.state.get("match", {}).get("over"))

    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat and not self.match_over

    def kind(self, seat: int) -> str:
        kinds = self.state.get("kinds") or []
        return str(kinds[seat]) if seat < len(kinds) else "bot"

    def level(self, seat: int) -> str:
        levels = self.state.get("levels") or []
        return str(levels[seat]) if seat < len(levels) else ""

    def presence(self, seat: int) -> str | None:
        p = (self.state.get("presence") or {}).get(str(seat))
        return None if p is None else str(p)

    # -- what the seat may do -------------------------------------------------------

    def can(self, move: str) -> bool:
        return move in self.legal
