"""One seat's place at the table, as the page draws it: plain Python, no browser.

A :class:`SeatView` wraps a *table state* (``Session.table_state(seat)``: the engine's
view of one seat plus the match's public facts). The host's page builds it from its own
session; a friend's page receives exactly that dict over the network. So solo play,
pass-and-play and a friend's page draw the table with the same code, and everything a
button needs (may I draw? which plays does this card allow? may I jump in?) is read from
the seat's legal moves, never from hidden state.
"""

from __future__ import annotations

from typing import Any

from web.dernier.describe import move_card, moves_of_card, pick_call


class SeatView:
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

    def due(self) -> bool:
        """This seat owes a Dernier call (its window is open)."""
        return not self.hand_over and "dernier" in self.legal and self.seat in self.state["dernier_due"]

    def jump_moves(self) -> list[str]:
        """Anticipo plays out of turn (RULES §12)."""
        if self.hand_over or self.my_turn or not self.state.get("anticipo"):
            return []
        return [m for m in self.legal if move_card(m) is not None]

    def jump_card(self) -> str | None:
        for m in self.jump_moves():
            return move_card(m)
        return None

    def can_arm(self) -> bool:
        """Some play of this seat (in turn, or a jump-in) would leave one card."""
        moves = self.legal if self.my_turn else self.jump_moves()
        return any(m.endswith("!") for m in moves)

    def dernier_enabled(self) -> bool:
        return self.due() or self.can_arm()

    def moves_for(self, code: str, armed: bool) -> list[str]:
        """This seat's plays of ``code`` on its turn: with ``!`` when armed and possible."""
        if not self.my_turn:
            return []
        return pick_call(moves_of_card(self.legal, code), armed)

    def jumps_for(self, code: str, armed: bool) -> list[str]:
        return pick_call(moves_of_card(self.jump_moves(), code), armed)

    def can(self, move: str) -> bool:
        return move in self.legal
