"""Dernier's seat view: the house's (:class:`web.cards.seatview.SeatView`, one seat's table
state) with what a Dernier button asks of the seat's legal moves: may it call Dernier, jump in
(anticipo), which plays does this card allow."""

from __future__ import annotations

from web.cards import seatview
from web.dernier.describe import move_card, moves_of_card, pick_call


class SeatView(seatview.SeatView):
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
