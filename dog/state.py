"""The mutable state of one game and every rule that moves it (RULES §3–§13).

:class:`State` is the fast core the public :class:`~dog.Game` validates around and the
bots search with. Pawns are ints ``seat * 4 + index``; locations as in :mod:`dog.board`.
"""

from __future__ import annotations

import random

from .board import HOME, NEST, PAWNS, SEATS, TRACK, field_name, partner, start_of, team_of
from .cards import FORWARD, JOLLY, OUT_RANKS, RANKS, base_code, full_deck, hand_key, rank_of
from .moves import ABANDON, FOLD, GIVE, IDLE, OUT, STEP, SWAP, TIMEOUT, Field, Move
from .rules import Ruleset

EXCHANGE, PLAY, OVER = "exchange", "play", "over"
#: one option of a pawn moving forward: (steps, destination, pawns it sends home)
Option = tuple[int, int, tuple[int, ...]]
META_MOVES = (ABANDON, TIMEOUT)
MAX_STEPS = 13
#: NAMES[seat][location + 1]: the field name of a pawn of ``seat`` there
NAMES: tuple[tuple[str, ...], ...] = tuple(
    tuple(field_name(s, at) for at in range(NEST, HOME + 4)) for s in range(SEATS)
)


def shuffle_seed(seed: int | None, shuffles: int) -> str:
    """The seed of shuffle number ``shuffles`` (0 = the first deal's) of a game seeded ``seed``."""
    return f"dog/{seed if seed is not None else 0}/shuffle/{shuffles}"


class State:
    """Everything a position holds, with the move generator and the move maker."""

    __slots__ = (
        "_legal",
        "board",
        "cards",
        "dealer",
        "deck",
        "discard",
        "ended",
        "exchanged",
        "fresh",
        "given",
        "hands",
        "homes",
        "laid",
        "loc",
        "move_no",
        "out",
        "phase",
        "received",
        "round",
        "rules",
        "seed",
        "shuffles",
        "turn",
        "winner",
    )

    def __init__(self, rules: Ruleset, dealer: int, seed: int | None) -> None:
        self.rules = rules
        self.dealer = dealer
        self.seed = seed
        self.shuffles = 0
        self.move_no = 0
        self.round = 0
        self.cards = 0
        self.phase = EXCHANGE
        self.turn = -1
        self.winner: int | None = None
        self.ended: str | None = None
        self.hands: list[list[str]] = [[] for _ in range(SEATS)]
        self.given: list[str | None] = [None] * SEATS
        self.exchanged = [False, False]
        self.received: list[str | None] = [None] * SEATS
        self.loc = [NEST] * (SEATS * PAWNS)
        self.fresh = [False] * (SEATS * PAWNS)
        self.board = [-1] * TRACK
        self.homes = [[-1] * 4 for _ in range(SEATS)]
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.laid: list[str] = []
        self.out: list[int] = []
        self._legal: dict[int, list[str]] = {}

    def copy(self) -> State:
        c = self.board_copy()
        c.hands = [h[:] for h in self.hands]
        c.given = self.given[:]
        c.exchanged = self.exchanged[:]
        c.received = self.received[:]
        c.deck = self.deck[:]
        c.discard = self.discard[:]
        c.laid = self.laid[:]
        c.out = self.out[:]
        return c

    # -- board ------------------------------------------------------------------------

    def place_all(self) -> None:
        """Rebuild the field tables from ``loc`` (after loading a position)."""
        self.board = [-1] * TRACK
        self.homes = [[-1] * 4 for _ in range(SEATS)]
        for p, at in enumerate(self.loc):
            if at >= HOME:
                self.homes[p >> 2][at - HOME] = p
            elif at >= 0:
                self.board[at] = p

    def _move(self, p: int, dest: int) -> None:
        at = self.loc[p]
        if at >= HOME:
            self.homes[p >> 2][at - HOME] = -1
        elif at >= 0:
            self.board[at] = -1
        if dest >= HOME:
            self.homes[p >> 2][dest - HOME] = p
        elif dest >= 0:
            self.board[dest] = p
        self.loc[p] = dest
        self.fresh[p] = False

    def pawn_at(self, f: Field) -> int:
        """The pawn on a field, or -1."""
        owner, at = f
        if owner is None:
            return self.board[at]
        if at >= HOME:
            return self.homes[owner][at - HOME]
        return -1

    def finished(self, seat: int) -> bool:
        """All four pawns of ``seat`` in its home (RULES §12)."""
        b = seat * PAWNS
        return min(self.loc[b : b + PAWNS]) >= HOME

    def mover(self, seat: int) -> int:
        """Whose pawns ``seat``'s cards move: its own, or the partner's once finished (§12)."""
        return partner(seat) if self.finished(seat) else seat

    def team_home(self, team: int) -> bool:
        return self.finished(team) and self.finished(team + 2)

    @property
    def opener(self) -> int:
        return (self.dealer + self.round) % SEATS

    # -- what a pawn can do -----------------------------------------------------------

    def forward_options(self, p: int, nmax: int, seven: bool) -> list[Option]:
        """Every way pawn ``p`` can move 1…``nmax`` steps forward (RULES §6, §7, §9).

        Each option is (steps, destination, pawns sent home): the pawn landed on, and
        for a part of a 7 (``seven``) every pawn passed as well (§8, §11)."""
        at = self.loc[p]
        opts: list[Option] = []
        if at < 0:
            return opts
        seat = p >> 2
        home = self.homes[seat]
        if at >= HOME:
            if self.rules.home_fixed:
                return opts
            for i in range(1, nmax + 1):
                k = at - HOME + i
                if k > 3 or home[k] >= 0:
                    break
                opts.append((i, at + i, ()))
            return opts
        start = seat << 4
        board, fresh = self.board, self.fresh
        enter = not fresh[p]
        passed: list[int] = []
        if at == start and enter:
            for r in range(1, min(4, nmax) + 1):
                if home[r - 1] >= 0:
                    break
                opts.append((r, HOME + r - 1, ()))
        for i in range(1, nmax + 1):
            f = (at + i) & 63
            occ = board[f]
            if occ >= 0:
                if fresh[occ]:
                    break
                opts.append((i, f, (*passed, occ) if seven else (occ,)))
                if seven:
                    passed.append(occ)
            else:
                opts.append((i, f, tuple(passed)))
            if f == start and enter and i < nmax:
                sent = tuple(passed)
                for r in range(1, min(4, nmax - i) + 1):
                    if home[r - 1] >= 0:
                        break
                    opts.append((i + r, HOME + r - 1, sent))
        return opts

    def backward_option(self, p: int) -> Option | None:
        """The 4 backward of pawn ``p`` (never into a home, §9), or None when blocked."""
        at = self.loc[p]
        if at < 0 or at >= HOME:
            return None
        board, fresh = self.board, self.fresh
        occ = -1
        for i in range(1, 5):
            occ = board[(at - i) & 63]
            if occ >= 0 and fresh[occ]:
                return None
        return (4, (at - 4) & 63, (occ,) if occ >= 0 else ())

    def can_come_out(self, mover: int) -> bool:
        """A pawn of ``mover`` may come out: one in the nest, no fresh pawn on the start (§10)."""
        b = mover * PAWNS
        if NEST not in self.loc[b : b + PAWNS]:
            return False
        occ = self.board[start_of(mover)]
        return occ < 0 or not self.fresh[occ]

    def swaps(self, seat: int) -> list[str]:
        """``"12x40"`` for every J swap of ``seat`` (RULES §10)."""
        mover = self.mover(seat)
        loc, fresh = self.loc, self.fresh
        own = [
            loc[p]
            for p in range(mover * PAWNS, mover * PAWNS + PAWNS)
            if 0 <= loc[p] < TRACK and not fresh[p]
        ]
        if not own:
            return []
        others = [
            loc[p]
            for p in range(SEATS * PAWNS)
            if (p >> 2) not in (mover, seat) and 0 <= loc[p] < TRACK and not fresh[p]
        ]
        return [f"{a}x{b}" for a in own for b in others]

    def sevens(self, seat: int) -> list[str]:
        """Every split of a 7 for ``seat``: parts ``"a-b"`` in order, 7 steps in all (RULES §11)."""
        found: list[str] = []
        parts: list[str] = []
        moved = [False] * (SEATS * PAWNS)
        loc, fresh = self.loc, self.fresh

        board, homes = self.board, self.homes

        def rec(left: int, mover: int, can_switch: bool) -> None:
            names = NAMES[mover]
            home = homes[mover]
            head = " ".join(parts) + " " if parts else ""
            for p in range(mover * PAWNS, mover * PAWNS + PAWNS):
                frm = loc[p]
                if moved[p] or frm < 0:
                    continue
                was_fresh = fresh[p]
                name = names[frm + 1] + "-"
                moved[p] = True
                for n, dest, sent in self.forward_options(p, left, True):
                    if n == left:  # the last part: nothing moves after it, so it need not be made
                        found.append(head + name + names[dest + 1])
                        continue
                    # victims stand on the track and are never fresh (§7, §8)
                    back = [loc[v] for v in sent]
                    for v in sent:
                        board[loc[v]] = -1
                        loc[v] = NEST
                    if frm < HOME:  # the moving pawn leaves its field ...
                        board[frm] = -1
                    else:
                        home[frm - HOME] = -1
                    if dest < HOME:  # ... and takes its new one
                        board[dest] = p
                    else:
                        home[dest - HOME] = p
                    loc[p] = dest
                    fresh[p] = False
                    parts.append(name + names[dest + 1])
                    rest = left - n
                    if can_switch and dest >= HOME and self.finished(mover):
                        rec(rest, partner(mover), False)
                    else:
                        rec(rest, mover, can_switch)
                    parts.pop()
                    if dest < HOME:  # and back
                        board[dest] = -1
                    else:
                        home[dest - HOME] = -1
                    if frm < HOME:
                        board[frm] = p
                    else:
                        home[frm - HOME] = p
                    loc[p] = frm
                    fresh[p] = was_fresh
                    for v, at in zip(sent, back, strict=True):
                        board[at] = v
                        loc[v] = at
                moved[p] = False

        mover = self.mover(seat)
        rec(7, mover, mover == seat)
        return found

    def rank_effects(self, seat: int, ranks: set[str]) -> dict[str, list[str]]:
        """For each rank, the effects a card of it has for ``seat`` now (without the card)."""
        mover = self.mover(seat)
        loc = self.loc
        pawns = [p for p in range(mover * PAWNS, mover * PAWNS + PAWNS) if loc[p] >= 0]
        fwd: dict[int, list[str]] = {}
        wanted = {n for r in ranks for n in FORWARD.get(r, ())}
        if wanted:
            names = NAMES[mover]
            reach = max(wanted)
            for p in pawns:
                name = names[loc[p] + 1] + "-"
                for n, dest, _ in self.forward_options(p, reach, False):
                    if n in wanted:
                        fwd.setdefault(n, []).append(name + names[dest + 1])
        res: dict[str, list[str]] = {}
        out_ok = self.can_come_out(mover)
        for r in ranks:
            eff: list[str] = []
            if r in OUT_RANKS and out_ok:
                eff.append(OUT)
            if r == "7":
                eff += self.sevens(seat)
            elif r == "J":
                eff += self.swaps(seat)
            else:
                for n in FORWARD[r]:
                    eff += fwd.get(n, ())
                if r == "4":
                    for p in pawns:
                        opt = self.backward_option(p)
                        if opt is not None:
                            eff.append(f"{loc[p]}-{opt[1]}")
            res[r] = eff
        return res

    # -- legal moves ------------------------------------------------------------------

    def card_moves(self, seat: int) -> list[str]:
        """The card plays of ``seat`` (the seat to act), fold/idle excluded, unsorted."""
        hand = set(self.hands[seat])
        ranks = set(RANKS) if JOLLY in hand else {rank_of(c) for c in hand}
        eff = self.rank_effects(seat, ranks)
        moves: list[str] = []
        for code in hand:
            if code == JOLLY:
                for r in RANKS:
                    moves += [f"JK={r} {e}" for e in eff[r]]
            else:
                prefix = code + " "
                moves += [prefix + e for e in eff[rank_of(code)]]
        return moves

    def legal(self, seat: int) -> list[str]:
        """Every legal move string of ``seat`` now, sorted (CONTRACT "Moves")."""
        cached = self._legal.get(seat)
        if cached is not None:
            return cached
        moves: list[str] = []
        if self.phase == EXCHANGE:
            if not self.exchanged[team_of(seat)] and self.given[seat] is None:
                moves = [f"{GIVE} {c}" for c in set(self.hands[seat])]
        elif self.phase == PLAY and seat == self.turn:
            moves = self.card_moves(seat)
            if not moves:
                moves = self.idle_moves(seat) or [FOLD]
        if self.phase != OVER:
            moves += META_MOVES
        moves.sort()  # no duplicates: distinct codes, pawns, ranks and paths give distinct strings
        self._legal[seat] = moves
        return moves

    def idle_moves(self, seat: int) -> list[str]:
        """``idle_jack`` (RULES §14): a J or Jolly played without effect when nothing is usable."""
        if not self.rules.idle_jack:
            return []
        moves = []
        for code in set(self.hands[seat]):
            if code == JOLLY:
                moves.append(f"JK=J {IDLE}")
            elif rank_of(code) == "J":
                moves.append(f"{code} {IDLE}")
        return moves

    def play_moves(self, seat: int) -> list[str]:
        """The legal moves without ``abandon`` and ``timeout`` (what a player chooses from)."""
        return [m for m in self.legal(seat) if m not in META_MOVES]

    # -- making moves -----------------------------------------------------------------

    def apply(self, seat: int, mv: Move) -> None:
        """Make a move already known to be legal for ``seat``."""
        self._legal = {}
        self.move_no += 1
        kind = mv.kind
        if kind in META_MOVES:
            self._end(1 - team_of(seat), kind)
            return
        if kind == GIVE:
            self._give(seat, mv.card)
            return
        if kind == FOLD:
            hand = self.hands[seat]
            self.laid = sorted(self.laid + hand)
            hand.clear()
            self.out = sorted({*self.out, seat})
            self._next_turn(seat)
            return
        self.hands[seat].remove(mv.card)
        self.discard.append(f"JK={mv.rank}" if mv.card == JOLLY else mv.card)
        self.effect(seat, mv)
        for team in (0, 1):
            if self.team_home(team):
                self._end(team, "home")
                return
        self._next_turn(seat)

    def effect(self, seat: int, mv: Move) -> None:
        """Carry out the pawns' side of a legal card move (no hands, no turn)."""
        kind = mv.kind
        if kind == OUT:
            self._come_out(self.mover(seat))
        elif kind == SWAP:
            assert mv.swap is not None
            a, b = self.pawn_at(mv.swap[0]), self.pawn_at(mv.swap[1])
            la, lb = self.loc[a], self.loc[b]
            self.board[la], self.board[lb] = b, a
            self.loc[a], self.loc[b] = lb, la
        elif kind == STEP:
            self._steps(seat, mv)
        # IDLE: no effect

    def board_copy(self) -> State:
        """A copy whose pawns may move freely; hands, stock and piles are shared, not copied."""
        c = State.__new__(State)
        c.rules, c.dealer, c.seed, c.shuffles = self.rules, self.dealer, self.seed, self.shuffles
        c.move_no, c.round, c.cards, c.phase = self.move_no, self.round, self.cards, self.phase
        c.turn, c.winner, c.ended = self.turn, self.winner, self.ended
        c.hands, c.given, c.exchanged, c.received = self.hands, self.given, self.exchanged, self.received
        c.deck, c.discard, c.laid, c.out = self.deck, self.discard, self.laid, self.out
        c.loc = self.loc[:]
        c.fresh = self.fresh[:]
        c.board = self.board[:]
        c.homes = [h[:] for h in self.homes]
        c._legal = {}
        return c

    def _come_out(self, mover: int) -> None:
        start = start_of(mover)
        occ = self.board[start]
        if occ >= 0:
            self._move(occ, NEST)
        b = mover * PAWNS
        p = b + self.loc[b : b + PAWNS].index(NEST)
        self._move(p, start)
        self.fresh[p] = True

    def _steps(self, seat: int, mv: Move) -> None:
        seven = mv.rank == "7"
        left = 7
        mover = self.mover(seat)
        can_switch = mover == seat
        for frm, to in mv.parts:
            p = self.pawn_at(frm)
            dest = to[1]
            opt: Option | None = None
            if mv.rank == "4" and to[0] is None and self.loc[p] < HOME and dest == (self.loc[p] - 4) & 63:
                opt = self.backward_option(p)
            else:
                steps = (left,) if seven else FORWARD[mv.rank]
                for o in self.forward_options(p, max(steps), seven):
                    if o[1] == dest and (seven or o[0] in steps):
                        opt = o
                        break
            assert opt is not None, f"not a legal move: {mv}"
            for v in opt[2]:
                self._move(v, NEST)
            self._move(p, dest)
            left -= opt[0]
            if seven and can_switch and dest >= HOME and self.finished(mover):
                mover, can_switch = partner(mover), False

    def _give(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)
        mate = partner(seat)
        other = self.given[mate]
        if other is None:
            self.given[seat] = card
        else:
            self.given[mate] = None
            self.hands[seat].append(other)
            self.hands[seat].sort(key=hand_key)
            self.hands[mate].append(card)
            self.hands[mate].sort(key=hand_key)
            self.received[seat], self.received[mate] = other, card
            self.exchanged[team_of(seat)] = True
        if all(self.exchanged):
            self.phase = PLAY
            self.turn = self.opener
        else:
            self.turn = self.exchange_turn()

    def exchange_turn(self) -> int:
        """The first seat in play order from the opener that has not given yet (-1: none)."""
        for i in range(SEATS):
            s = (self.opener + i) % SEATS
            if not self.exchanged[team_of(s)] and self.given[s] is None:
                return s
        return -1

    def _next_turn(self, seat: int) -> None:
        for i in range(1, SEATS + 1):
            s = (seat + i) % SEATS
            if self.hands[s]:
                self.turn = s
                return
        self.next_round()

    def _end(self, winner: int, why: str) -> None:
        self.winner = winner
        self.ended = why
        self.phase = OVER
        self.turn = -1

    # -- rounds -----------------------------------------------------------------------

    def reshuffle(self) -> None:
        """Shuffle every card not in a hand into a new stock (RULES §4, §14)."""
        cards = self.deck + [base_code(c) for c in self.discard] + self.laid
        order = {c: i for i, c in enumerate(full_deck())}
        cards.sort(key=order.__getitem__)
        random.Random(shuffle_seed(self.seed, self.shuffles)).shuffle(cards)
        self.shuffles += 1
        self.deck = cards
        self.discard = []
        self.laid = []

    def next_round(self) -> None:
        """Deal the next round, shuffling first when the rules say so, and open the exchange."""
        self.round += 1
        self.cards = self.rules.cards_in_round(self.round)
        need = SEATS * self.cards
        cycle_start = (self.round - 1) % len(self.rules.deal) == 0
        if (self.round > 1 and cycle_start and self.rules.shuffle == "cycle") or len(self.deck) < need:
            self.reshuffle()
        self.deal(self.deck[:need])
        self.deck = self.deck[need:]

    def deal(self, cards: list[str]) -> None:
        """Give ``cards`` one at a time from the dealer's right (RULES §4) and open the exchange."""
        for i, c in enumerate(cards):
            self.hands[(self.dealer + 1 + i) % SEATS].append(c)
        for h in self.hands:
            h.sort(key=hand_key)
        self.phase = EXCHANGE
        self.given = [None] * SEATS
        self.exchanged = [False, False]
        self.received = [None] * SEATS
        self.out = []
        self.turn = self.opener
        self._legal = {}
