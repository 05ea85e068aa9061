"""The state of one hand and its rules in motion (RULES §2–§8).

:class:`State` is the fast core: int cards, int moves, no validation beyond what
``legal()`` lists, no strings. :class:`dernier.Game` wraps it with the public,
validated, string API. Bots run playouts on copies of a State.
"""

from __future__ import annotations

import random
from typing import Any

from .cards import (
    ACE,
    IS_ACTION,
    JACK,
    JOKER,
    KING,
    NO_RANK,
    QUEEN,
    RANK_OF,
    SEVEN,
    SUIT_OF,
    VALUE_OF,
)
from .errors import PositionError
from .moves import (
    CALL,
    CALL_FLAG,
    CARD_MASK,
    DRAW,
    NAMED_SHIFT,
    PASS,
    SPECIAL,
    SUIT_MASK,
    SUIT_SHIFT,
    TIMEOUT,
    choose_move,
)
from .rules import Ruleset

# reasons for a draw, as logged
R_DRAW = "draw"  # a voluntary draw of one card
R_CHAIN = "chain"  # the pending Ace/Jolly total (RULES §6)
R_SEVEN = "seven"  # a 7 makes the previous player draw (RULES §6)
R_DERNIER = "dernier"  # a missed Dernier call (RULES §7)
R_LAST = "last"  # a last-card effect (RULES §8)
R_TIMEOUT = "timeout"  # a timed-out turn under timeout = "penalty" (RULES §11)
R_WRONG = "wrong"  # chi sbaglia paga (RULES §12)

_CHOICES = tuple(choose_move(s) for s in range(4))


def _plays_suit_jolly(kind: int, call: bool) -> list[int]:
    out = [kind | ((s + 1) << SUIT_SHIFT) for s in range(4)]
    if call:
        out += [m | CALL_FLAG for m in out]
    return out


def _wild_named() -> list[int]:
    out: list[int] = []
    for named in range(52):
        base = JOKER | ((named + 1) << NAMED_SHIFT)
        if RANK_OF[named] == JACK:
            out += [base | ((s + 1) << SUIT_SHIFT) for s in range(4)]
        else:
            out.append(base)
    return out


_WILD = _wild_named()
_WILD_CALL = _WILD + [m | CALL_FLAG for m in _WILD]


class State:
    """One hand of Dernier. Seats ``0..n-1``; ``turn == -1`` once the hand is over.

    ``draw`` is stored with the next card to draw *last* (so drawing is ``pop()``).
    ``last_draw[s]`` is the move number of seat ``s``'s latest draw this hand (-1: none);
    ``draw_order[s]`` ranks the seats' latest draws in the real order cards left the pile,
    over the whole match in a :class:`dernier.Match` (0 = earliest of those who drew; -1:
    never drew), so that two draws of one move are ordered too (RULES §10).
    """

    __slots__ = (
        "choosing",
        "dealer",
        "direction",
        "discard",
        "draw",
        "draw_order",
        "drawn",
        "due",
        "hands",
        "last_draw",
        "log",
        "move_no",
        "n",
        "pending",
        "reshuffles",
        "rules",
        "seed",
        "suit",
        "turn",
        "wild",
        "winner",
    )

    rules: Ruleset
    n: int
    dealer: int
    turn: int
    direction: int
    hands: list[list[int]]
    draw: list[int]
    discard: list[int]
    suit: int
    wild: int
    pending: int
    drawn: int
    due: list[int]
    choosing: bool
    move_no: int
    last_draw: list[int]
    draw_order: list[int]
    seed: int
    winner: int
    log: list[tuple[Any, ...]] | None
    reshuffles: list[list[int]] | None

    # -- building ---------------------------------------------------------------------

    @classmethod
    def deal(
        cls, rules: Ruleset, n: int, dealer: int, deck: list[int], seed: int = 0, log: bool = True
    ) -> State:
        """Deal from ``deck`` (deck[0] to dealer+1 …), turn up the next card and apply it (§2, §3)."""
        s = cls.__new__(cls)
        s.rules = rules
        s.n = n
        s.dealer = dealer
        s.direction = 1
        s.hands = [[] for _ in range(n)]
        i = 0
        for _ in range(rules.hand_size):
            for k in range(1, n + 1):
                s.hands[(dealer + k) % n].append(deck[i])
                i += 1
        top = deck[i]
        s.discard = [top]
        s.draw = deck[:i:-1]
        s.suit = -1
        s.wild = -1
        s.pending = 0
        s.drawn = -1
        s.due = []
        s.choosing = False
        s.move_no = 0
        s.last_draw = [-1] * n
        s.draw_order = [-1] * n
        s.seed = seed
        s.winner = -1
        s.log = [] if log else None
        s.reshuffles = None
        s.turn = dealer
        if s.log is not None:
            s.log.append(("turned", dealer, top))
        s._first_card(top)
        return s

    def _first_card(self, top: int) -> None:
        """RULES §3: an action card turned up counts as played by the dealer."""
        d = self.dealer
        n = self.n
        rank = RANK_OF[top]
        if top == JOKER or rank == JACK:
            self.choosing = True
            self.turn = d
            return
        nxt = (d + 1) % n
        if rank == ACE:
            self.pending = self.rules.ace_penalty
        elif rank == SEVEN:
            self._give((d - 1) % n, self.rules.seven_penalty, R_SEVEN)
        elif rank == QUEEN:
            if len(self.hands[nxt]) == 1:
                self.due.append(nxt)
            nxt = (nxt + 1) % n
        elif rank == KING:
            self.direction = -1
            nxt = (d - 1) % n
        if self.turn >= 0:
            self.turn = nxt

    def copy(self) -> State:
        """A deep copy without the log (fast: bots copy states all the time)."""
        s = State.__new__(State)
        s.rules = self.rules
        s.n = self.n
        s.dealer = self.dealer
        s.turn = self.turn
        s.direction = self.direction
        s.hands = [h[:] for h in self.hands]
        s.draw = self.draw[:]
        s.discard = self.discard[:]
        s.suit = self.suit
        s.wild = self.wild
        s.pending = self.pending
        s.drawn = self.drawn
        s.due = self.due[:]
        s.choosing = self.choosing
        s.move_no = self.move_no
        s.last_draw = self.last_draw[:]
        s.draw_order = self.draw_order[:]
        s.seed = self.seed
        s.winner = self.winner
        s.log = None
        s.reshuffles = None
        return s

    # -- reading ----------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.turn < 0

    def effective_top(self) -> int:
        """The card the top of the discard pile counts as (a wild Jolly's named card)."""
        top = self.discard[-1]
        if top == JOKER and self.wild >= 0:
            return self.wild
        return top

    def active_suit(self) -> int:
        if self.suit >= 0:
            return self.suit
        return SUIT_OF[self.effective_top()]

    def chain_rank(self) -> int:
        """ACE for an Ace chain, JOKER for a Jolly chain, -1 without a pending penalty."""
        if not self.pending:
            return -1
        top = self.discard[-1]
        if top == JOKER and self.wild < 0:
            return JOKER
        return ACE

    def playable(self, kind: int) -> bool:
        """May ``kind`` be played on the pile now, ignoring whose turn it is (§4, §6)."""
        if self.pending:
            if self.chain_rank() == JOKER:
                return kind == JOKER
            return kind != JOKER and RANK_OF[kind] == ACE
        if kind == JOKER:
            return True
        rank = RANK_OF[kind]
        if rank == JACK:
            return True
        top = self.discard[-1]
        if top == JOKER and self.wild >= 0:
            top = self.wild
        suit = self.suit if self.suit >= 0 else SUIT_OF[top]
        return SUIT_OF[kind] == suit or (RANK_OF[top] != NO_RANK and rank == RANK_OF[top])

    def plays_of(self, kind: int, hand_len: int) -> list[int]:
        """The play moves of one (playable) card held in a hand of ``hand_len`` cards."""
        call = hand_len == 2
        if kind == JOKER:
            if hand_len == 1 and not self.rules.jolly_can_close:
                return []
            if self.rules.jolly == "wild":
                return _WILD_CALL if call else _WILD
            return _plays_suit_jolly(kind, call)
        if RANK_OF[kind] == JACK:
            return _plays_suit_jolly(kind, call)
        return [kind, kind | CALL_FLAG] if call else [kind]

    def legal(self) -> list[int]:
        """The moves of the seat to act (no duplicates, unordered); [] once over."""
        seat = self.turn
        if seat < 0:
            return []
        if self.choosing:
            moves = list(_CHOICES)
        elif self.drawn >= 0:
            moves = []
            if self.playable(self.drawn):
                moves += self.plays_of(self.drawn, len(self.hands[seat]))
            moves.append(PASS)
        else:
            hand = self.hands[seat]
            hl = len(hand)
            moves = []
            if self.pending:
                for kind in set(hand):
                    if self.playable(kind):
                        moves += self.plays_of(kind, hl)
            else:
                top = self.discard[-1]
                if top == JOKER and self.wild >= 0:
                    top = self.wild
                suit = self.suit if self.suit >= 0 else SUIT_OF[top]
                trank = RANK_OF[top]
                seen = 0
                for kind in hand:
                    bit = 1 << kind
                    if seen & bit:
                        continue
                    seen |= bit
                    rank = RANK_OF[kind]
                    if kind == JOKER or rank == JACK:
                        moves += self.plays_of(kind, hl)
                    elif SUIT_OF[kind] == suit or rank == trank:
                        if hl == 2:
                            moves += (kind, kind | CALL_FLAG)
                        else:
                            moves.append(kind)
            moves.append(DRAW)
        if self.due and seat in self.due:
            moves.append(CALL)
        return moves

    def points(self) -> list[int]:
        """Cards left in each hand, as points (§9)."""
        return [sum(VALUE_OF[k] for k in h) for h in self.hands]

    def hand_scores(self) -> list[int]:
        """Every player scores the cards left in the opponents' hands, +bonus for going out (§9)."""
        pts = self.points()
        total = sum(pts)
        scores = [total - p for p in pts]
        if self.winner >= 0:
            scores[self.winner] += self.rules.out_bonus
        return scores

    # -- acting -----------------------------------------------------------------------

    def next_seat(self, seat: int) -> int:
        return (seat + self.direction) % self.n

    def call(self, seat: int) -> None:
        """``dernier`` by a seat that owes the call (§7)."""
        self.move_no += 1
        self.due.remove(seat)
        if self.log is not None:
            self.log.append(("move", seat, CALL))

    def jump_moves(self, seat: int) -> list[int]:
        """Anticipo (RULES §12): ``seat``, not to act, holding the card identical to the top
        one (not J Q K 7 A nor a Jolly) and more than one card, may play it out of turn."""
        if not self.rules.anticipo or self.turn < 0 or seat == self.turn or self.choosing:
            return []
        if not 0 <= seat < self.n:
            return []
        top = self.discard[-1]
        if IS_ACTION[top]:
            return []
        hand = self.hands[seat]
        if len(hand) < 2 or top not in hand:
            return []
        return [top, top | CALL_FLAG] if len(hand) == 2 else [top]

    def jump_seats(self) -> list[int]:
        """The seats that may jump in now (anticipo), in turn order after the seat to act:
        the order in which they are asked (RULES §12)."""
        if not self.rules.anticipo or self.turn < 0:
            return []
        n = self.n
        order = ((self.turn + k * self.direction) % n for k in range(1, n))
        return [s for s in order if self.jump_moves(s)]

    def jump(self, seat: int, m: int) -> None:
        """Play a jump-in ``m`` from ``jump_moves(seat)``: play goes on after the jumper."""
        if self._begin("jump", seat, m):
            self.drawn = -1
            self._play(seat, m)

    def wrong(self, seat: int, m: int) -> None:
        """Chi sbaglia paga (RULES §12): ``seat`` tried the illegal play ``m``; it draws the
        penalty instead, and the turn does not change. By the seat to act it is a move like
        any other: it first closes the open Dernier windows. By another seat (a play out of
        turn) it is not the seat to act beginning: no window closes, and the seat to act keeps
        its turn as it was; a seat owing Dernier that now holds more than one card no longer
        owes the call."""
        if seat == self.turn:
            if self._begin("wrong", seat, m):
                self._give(seat, self.rules.chi_sbaglia_penalty, R_WRONG)
            return
        self.move_no += 1
        if self.log is not None:
            self.log.append(("wrong", seat, m, True))  # True: out of turn
        self._give(seat, self.rules.chi_sbaglia_penalty, R_WRONG)
        if seat in self.due and len(self.hands[seat]) != 1:
            self.due.remove(seat)

    def apply(self, m: int) -> None:
        """Apply a move of the seat to act. ``m`` must be in ``legal()`` (not checked)."""
        if m == CALL:
            self.call(self.turn)
            return
        seat = self.turn
        if not self._begin("move", seat, m):
            return
        if m < SPECIAL:
            self._play(seat, m)
        elif m == DRAW:
            self._draw(seat)
        elif m == PASS:
            self.drawn = -1
            self.turn = (seat + self.direction) % self.n
        else:  # CHOOSE: the dealer's suit for a turned-up J or Jolly (§3)
            self.suit = ((m & SUIT_MASK) >> SUIT_SHIFT) - 1
            self.choosing = False
            if self.discard[-1] == JOKER and self.rules.jolly == "suit":
                self.pending = self.rules.jolly_penalty
            self.turn = (seat + self.direction) % self.n

    def timeout(self) -> None:
        """``timeout = "penalty"`` (RULES §11): the seat to act loses its turn and draws a
        card ([decided] with a pending chain it draws the chain instead; a dealer choosing
        the first suit keeps the turned card's own suit, hearts for a Jolly)."""
        seat = self.turn
        if not self._begin("move", seat, TIMEOUT):
            return
        chain = 0
        if self.choosing:
            self.choosing = False
            top = self.discard[-1]
            self.suit = 0 if top == JOKER else SUIT_OF[top]
            if top == JOKER and self.rules.jolly == "suit":
                chain = self.rules.jolly_penalty  # for the next player, as after ':H'
        self.drawn = -1
        if self.pending:
            k = self.pending
            self.pending = 0
            self._give(seat, k, R_CHAIN)
        else:
            self._give(seat, 1, R_TIMEOUT)
        if self.turn >= 0:
            self.pending = chain
            self.turn = (seat + self.direction) % self.n

    def _begin(self, kind: str, seat: int, m: int) -> bool:
        """What every move but a call does first: count it, log it, and close the open
        Dernier windows (§7). False if a penalty drawn then ended the hand."""
        self.move_no += 1
        if self.log is not None:
            self.log.append((kind, seat, m))
        if self.due:
            self._close_window()
        return self.turn >= 0

    def _close_window(self) -> None:
        """The seat to act begins: whoever still owes a Dernier call draws (§7)."""
        due = self.due
        self.due = []
        for seat in due:
            self._give(seat, self.rules.dernier_penalty, R_DERNIER)
            if self.turn < 0:
                return

    def _draw(self, seat: int) -> None:
        if self.pending:
            k = self.pending
            self.pending = 0
            self._give(seat, k, R_CHAIN)
            if self.turn >= 0:
                self.turn = (seat + self.direction) % self.n
            return
        got = self._give(seat, 1, R_DRAW)
        if self.turn < 0:
            return
        if got and self.rules.play_after_draw:
            self.drawn = self.hands[seat][-1]
        else:
            self.turn = (seat + self.direction) % self.n

    def _play(self, seat: int, m: int) -> None:
        rules = self.rules
        kind = m & CARD_MASK
        hand = self.hands[seat]
        hand.remove(kind)
        self.discard.append(kind)
        self.drawn = -1
        self.suit = ((m & SUIT_MASK) >> SUIT_SHIFT) - 1
        named = ((m >> NAMED_SHIFT) & 0x3F) - 1
        self.wild = named
        eff = named if named >= 0 else kind
        rank = RANK_OF[eff]
        n = self.n
        d = self.direction
        nxt = (seat + d) % n
        left = len(hand)
        if kind == JOKER and named < 0:
            self.pending += rules.jolly_penalty
        elif rank == ACE:
            self.pending += rules.ace_penalty
        elif rank == SEVEN:
            prev = (seat - d) % n
            if left == 0:
                self._give(prev, rules.seven_penalty, R_LAST)
                self._end(seat)
                return
            self._give(prev, rules.seven_penalty, R_SEVEN)
            if self.turn < 0:
                return
        elif rank == QUEEN:
            if left and len(self.hands[nxt]) == 1 and nxt != seat:
                self.due.append(nxt)
            nxt = (nxt + d) % n
        elif rank == KING:
            self.direction = d = -d
            nxt = (seat + d) % n
        if left == 0:
            if self.pending:
                k = self.pending
                self.pending = 0
                self._give(nxt, k, R_LAST)
            self._end(seat)
            return
        if left == 1 and not m & CALL_FLAG:
            self.due.insert(0, seat)
        self.turn = nxt

    def _give(self, seat: int, k: int, reason: str) -> int:
        """``seat`` draws up to ``k`` cards; the official hand ends when the pile empties (§8)."""
        if k <= 0:
            return 0
        draw = self.draw
        hand = self.hands[seat]
        got: list[int] = []
        for _ in range(k):
            if not draw:
                if self.rules.empty_draw == "reshuffle" and len(self.discard) > 1:
                    self._reshuffle()
                else:
                    break
            card = draw.pop()
            hand.append(card)
            got.append(card)
        if got:
            self.last_draw[seat] = self.move_no
            self._note_draw(seat)
        if self.log is not None:
            self.log.append(("draw", seat, got, reason))
        if not draw and self.rules.empty_draw == "end" and self.turn >= 0 and reason != R_LAST:
            self._end(-1)
        return len(got)

    def _note_draw(self, seat: int) -> None:
        """``seat`` has just drawn: it becomes the most recent in ``draw_order`` (RULES §10
        [decided]: the real order in which cards left the pile, two draws of one move too)."""
        order = self.draw_order
        old = order[seat]
        top = max(order)
        if old < 0:
            order[seat] = top + 1
        elif old != top:
            for t in range(self.n):
                if order[t] > old:
                    order[t] -= 1
            order[seat] = top

    def carry_draw_order(self, earlier: list[int]) -> None:
        """A new hand of a match: seats that have not drawn yet in this hand keep the order of
        their latest draw in the earlier hands, all before this hand's draws (RULES §10 (2))."""
        n = self.n
        key = {s: (1, self.draw_order[s]) for s in range(n) if self.draw_order[s] >= 0}
        for s in range(n):
            if s not in key and earlier[s] >= 0:
                key[s] = (0, earlier[s])
        order = [-1] * n
        for i, s in enumerate(sorted(key, key=key.__getitem__)):
            order[s] = i
        self.draw_order = order

    def _reshuffle(self) -> None:
        """Traditional: the discard pile but its top card becomes the draw pile (§8)."""
        cards = self.discard[:-1]
        if self.reshuffles:
            order = self.reshuffles.pop(0)
            if sorted(order) != sorted(cards):
                raise PositionError("a recorded reshuffle does not match the discard pile")
        else:
            rng = random.Random(f"{self.seed}/{self.move_no}/{len(cards)}")
            order = sorted(cards)
            rng.shuffle(order)
        del self.discard[:-1]
        self.draw[:] = order[::-1]
        if self.log is not None:
            self.log.append(("reshuffle", order))

    def _end(self, winner: int) -> None:
        self.turn = -1
        self.winner = winner
        self.pending = 0
        self.drawn = -1
        self.due = []
        self.choosing = False
        if self.log is not None:
            self.log.append(("end", winner))
