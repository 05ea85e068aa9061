"""The state of one hand and its transitions (RULES §2, §3, §6–§10).

Every move is judged in full before anything changes: an illegal move raises
:class:`IllegalMove` naming the rule and leaves the state as it was.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import cast

from .cards import CODE_OF, JOKER, JOKER_AS
from .errors import IllegalMove
from .finder import counts_of, melds_of, melds_with, opening_exists, opening_parts, uses
from .melds import (
    Meld,
    attach_kinds,
    attach_result,
    check_meld,
    joker_stands,
    meld_str,
    meld_value,
    stand,
    swap_kinds,
    swap_result,
)
from .moves import Move, parse_move
from .rules import Ruleset

PHASES = ("draw", "use", "play", "discard", "over")

#: worked out once per table meld, table and hand counts (bounded: cleared when full)
_MELD_MOVES: dict[tuple[int, Meld, Ruleset], tuple[dict[int, str], dict[int, str], tuple[str, ...]]] = {}
_TABLE_FITS: dict[tuple[tuple[Meld, ...], Ruleset], tuple[frozenset[int], bool]] = {}
_CACHE_MAX = 50_000
_DISCARD: tuple[str, ...] = tuple("discard " + code for code in CODE_OF)
_NONE: frozenset[int] = frozenset()


def _meld_moves(n: int, m: Meld, rules: Ruleset) -> tuple[dict[int, str], dict[int, str], tuple[str, ...]]:
    """The moves onto table meld ``n`` = ``m``: swaps and attachments by natural kind, and the
    joker attachments (RULES §5, §8)."""
    key = (n, m, rules)
    found = _MELD_MOVES.get(key)
    if found is None:
        if len(_MELD_MOVES) > _CACHE_MAX:
            _MELD_MOVES.clear()
        found = _MELD_MOVES[key] = (
            {k: f"swap {n} {CODE_OF[k]}" for k in swap_kinds(m)},
            {k: f"attach {n} {CODE_OF[k]}" for k in attach_kinds(m, rules)},
            # once each: a run from 2 to K takes a joker for the Ace at either end, one move
            tuple(dict.fromkeys(f"attach {n} JK={CODE_OF[s]}" for s in joker_stands(m, rules))),
        )
    return found


class Table:
    """What the melds on the table take, worked out once per table (RULES §5, §8): the swap and
    attach moves by natural kind, the joker attachments, the kinds that fit and whether a joker
    attaches anywhere. :meth:`after` works out a changed table from the melds that changed."""

    __slots__ = ("attaches", "fits", "joker", "jokers", "melds", "rules", "swaps")

    def __init__(self, melds: Sequence[Meld], rules: Ruleset) -> None:
        self.melds = tuple(melds)
        self.rules = rules
        self.swaps: dict[int, tuple[str, ...]] = {}
        self.attaches: dict[int, tuple[str, ...]] = {}
        self.jokers: tuple[str, ...] = ()
        for n, m in enumerate(self.melds):
            self._add(n, m)
        self._done()

    def _add(self, n: int, m: Meld) -> None:
        sw, at, jk = _meld_moves(n, m, self.rules)
        swaps, attaches = self.swaps, self.attaches
        for k, mv in sw.items():
            swaps[k] = (*swaps.get(k, ()), mv)
        for k, mv in at.items():
            attaches[k] = (*attaches.get(k, ()), mv)
        if jk and not self.rules.no_joker_attach:
            self.jokers += jk

    def _drop(self, n: int, m: Meld) -> None:
        sw, at, jk = _meld_moves(n, m, self.rules)
        for by, moves in ((self.swaps, sw), (self.attaches, at)):
            for k, mv in moves.items():
                rest = tuple(x for x in by[k] if x != mv)
                if rest:
                    by[k] = rest
                else:
                    del by[k]
        if jk and self.jokers:
            self.jokers = tuple(x for x in self.jokers if x not in jk)

    def _done(self) -> None:
        self.fits = frozenset(self.swaps) | frozenset(self.attaches)
        self.joker = bool(self.jokers)

    def after(self, melds: Sequence[Meld]) -> Table:
        """The table of ``melds``: this one's melds, some changed, and maybe more after them."""
        old = self.melds
        if len(melds) < len(old):
            return Table(melds, self.rules)
        t = Table.__new__(Table)
        t.melds = tuple(melds)
        t.rules = self.rules
        t.swaps = dict(self.swaps)
        t.attaches = dict(self.attaches)
        t.jokers = self.jokers
        for n, m in enumerate(t.melds):
            if n >= len(old):
                t._add(n, m)
            elif m is not old[n] and m != old[n]:
                t._drop(n, old[n])
                t._add(n, m)
        t._done()
        return t


def table_fits(melds: Sequence[Meld], rules: Ruleset) -> tuple[frozenset[int], bool]:
    """The natural kinds that attach to or swap into some meld of the table, and whether a joker
    attaches to one (RULES §5, §8)."""
    key = (tuple(melds), rules)
    found = _TABLE_FITS.get(key)
    if found is None:
        if len(_TABLE_FITS) > _CACHE_MAX:
            _TABLE_FITS.clear()
        kinds: set[int] = set()
        for m in melds:
            kinds |= swap_kinds(m)
            kinds |= attach_kinds(m, rules)
        joker = not rules.no_joker_attach and any(joker_stands(m, rules) for m in melds)
        found = _TABLE_FITS[key] = (frozenset(kinds), joker)
    return found


def lays_taken(counts: list[int], top: int, size: int, opened: bool, rules: Ruleset) -> bool:
    """Whether a hand ``counts`` that takes ``top`` (then holding ``size`` cards, 4 or more) lays
    it in a meld that keeps a card or, not ``opened``, in an opening (RULES §6); ``counts`` gets
    the card. A take to attach or swap is the table's to judge."""
    counts[top] += 1
    if top == JOKER:
        if not opened:
            return opening_exists(counts, rules, top)
        return any(uses(m, JOKER) and len(m) < size for m in melds_of(counts, rules))
    melds = melds_with(top, counts, rules)
    if not opened:
        # no meld holds it: no opening lays it (the search's own first test, sooner)
        return bool(melds) and opening_exists(counts, rules, top)
    return any(len(m) < size for m in melds)


class State:
    """One hand. ``stock`` keeps the next card to draw **last** (pop); positions write it first."""

    __slots__ = (
        "closed",
        "closer",
        "dealer",
        "discard",
        "hands",
        "in_hand",
        "meld_owner",
        "melds",
        "memo",
        "n",
        "none",
        "opened",
        "out",
        "phase",
        "rules",
        "stock",
        "table_",
        "taken",
        "turn",
    )

    def __init__(
        self,
        rules: Ruleset,
        n: int,
        dealer: int,
        turn: int,
        phase: str,
        hands: list[list[int]],
        stock: list[int],
        discard: list[int],
        melds: list[Meld],
        meld_owner: list[int],
        opened: list[bool],
        taken: int,
        out: tuple[int, ...],
        closer: int = -1,
        in_hand: bool = False,
    ) -> None:
        self.rules = rules
        self.n = n
        self.dealer = dealer
        self.turn = turn
        self.phase = phase
        self.hands = hands
        self.stock = stock
        self.discard = discard
        self.melds = melds
        self.meld_owner = meld_owner
        self.opened = opened
        self.taken = taken
        self.out = out
        self.closer = closer
        self.in_hand = in_hand
        #: what was worked out about this state (legal moves, the take's use, barred kinds),
        #: emptied by every move made (:meth:`apply` is the only way a state changes)
        self.memo: dict[tuple[str, int], object] = {}
        #: :class:`Table` of the melds, emptied by every move that changes them
        self.table_: Table | None = None
        #: per seat, a hand (counts) it held that has no opening of 40 or more keeping a card:
        #: its next hands are searched only for openings laying the card they add
        self.closed: list[tuple[int, ...] | None] = [None] * n
        #: per seat, whether its :attr:`closed` hand had no legal opening at all
        self.none: list[bool] = [False] * n

    # -- building ---------------------------------------------------------------------

    @classmethod
    def deal(cls, rules: Ruleset, n: int, dealer: int, deck: Sequence[int], out: tuple[int, ...]) -> State:
        """Deal ``deck`` (RULES §3): 13 cards each from ``dealer+1``, one at a time clockwise over
        the seats still in; the next card starts the pile, a joker going to the stock's bottom."""
        seats = []
        s = dealer
        for _ in range(n):
            s = (s + 1) % n
            if s not in out:
                seats.append(s)
        seats = seats[: n - len(out)]
        hands: list[list[int]] = [[] for _ in range(n)]
        i = 0
        for _ in range(13):
            for s in seats:
                hands[s].append(deck[i])
                i += 1
        rest = list(deck[i:])
        bottom = []
        j = 0
        while rest[j] == JOKER:
            bottom.append(rest[j])
            j += 1
        pile = [rest[j]]
        stock_first = rest[j + 1 :] + bottom
        stock_first.reverse()
        return cls(rules, n, dealer, seats[0], "draw", hands, stock_first, pile, [], [], [False] * n, -1, out)

    def copy(self) -> State:
        st = State(
            self.rules,
            self.n,
            self.dealer,
            self.turn,
            self.phase,
            [list(h) for h in self.hands],
            list(self.stock),
            list(self.discard),
            list(self.melds),
            list(self.meld_owner),
            list(self.opened),
            self.taken,
            self.out,
            self.closer,
            self.in_hand,
        )
        st.table_ = self.table_
        st.closed = list(self.closed)
        st.none = list(self.none)
        return st

    # -- reading ----------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def next_seat(self, seat: int) -> int:
        s = seat
        for _ in range(self.n):
            s = (s + 1) % self.n
            if s not in self.out:
                return s
        return seat  # pragma: no cover - at least two seats are in

    def counts(self, seat: int) -> list[int]:
        return counts_of(self.hands[seat])

    def table(self) -> Table:
        """What the melds on the table take (worked out once until they change)."""
        t = self.table_
        if t is None:
            t = self.table_ = Table(self.melds, self.rules)
        return t

    def _table_changed(self) -> None:
        """The melds changed: their :class:`Table` follows (worked out from the last one for the
        melds that changed, or from scratch when next asked)."""
        if self.table_ is not None:
            self.table_ = self.table_.after(self.melds)

    def opening_exists(self, seat: int) -> bool:
        """Whether ``seat`` (not opened) has a legal opening with the cards in hand (RULES §7)."""
        key = ("open", seat)
        found = self.memo.get(key)
        if found is None:
            counts = self.counts(seat)
            closed = self.closed[seat]
            kinds = set(self.hands[seat])
            reaches, found = opening_parts(counts, self.rules, closed, self.none[seat], kinds)
            if not reaches:
                self.closed[seat] = tuple(counts)
                self.none[seat] = not found
            self.memo[key] = found
        return cast("bool", found)

    def _opened_before(self, seat: int) -> bool:
        """Opened in an earlier turn (RULES §6): the opening's own turn is in phase ``discard``."""
        return self.opened[seat] and self.phase != "discard"

    # -- judging ----------------------------------------------------------------------

    def _take_use_exists(self, seat: int) -> bool:
        """Whether the pile's top card has a legal use now (RULES §6: a take needs one)."""
        key = ("take", seat)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = self._take_use(seat)
        return cast("bool", found)

    def _take_use(self, seat: int) -> bool:
        top = self.discard[-1]
        rules = self.rules
        if self.opened[seat]:
            if rules.free_take:
                return True
            # attach or swap it (the table), or lay it in a meld keeping a card
            table = self.table()
            if table.joker if top == JOKER else top in table.fits:
                return True
        size = len(self.hands[seat]) + 1
        if size < 4:  # a meld would leave the hand empty (and it takes 3 cards to open)
            return False
        return lays_taken(self.counts(seat), top, size, self.opened[seat], rules)

    def barred(self, seat: int) -> frozenset[int]:
        """Kinds the seat may not discard now (RULES §9): empty for a closing discard or when
        every card in hand would be barred."""
        rules = self.rules
        if not (rules.no_discard_taken or rules.no_discard_attachable):
            return _NONE
        key = ("barred", seat)
        bar = self.memo.get(key)
        if bar is None:
            bar = self.memo[key] = self._barred(seat)
        return cast("frozenset[int]", bar)

    def _barred(self, seat: int) -> frozenset[int]:
        hand = self.hands[seat]
        if len(hand) <= 1:
            return _NONE
        rules = self.rules
        bar: set[int] = set()
        if rules.no_discard_taken and self.taken >= 0:
            bar.add(self.taken)
        if rules.no_discard_attachable:
            table = self.table()
            fits, joker = table.fits, table.joker
            for k in set(hand):
                if k == JOKER:
                    if joker:
                        bar.add(k)
                elif k in fits:
                    bar.add(k)
        if bar and set(hand) <= bar:
            return _NONE
        return frozenset(bar)

    def _need_cards(self, seat: int, cards: Sequence[int]) -> list[int]:
        """The hand after laying ``cards`` (meld cards), or IllegalMove if they are not in hand."""
        hand = list(self.hands[seat])
        for c in cards:
            k = JOKER if c >= JOKER_AS else c
            try:
                hand.remove(k)
            except ValueError:
                raise IllegalMove(f"not in hand: {CODE_OF[k]}") from None
        return hand

    def _meld(self, cards: Sequence[int]) -> Meld:
        m = check_meld(cards, self.rules)
        if isinstance(m, str):
            raise IllegalMove(m)
        return m

    def _uses_taken(self, cards: Sequence[int]) -> bool:
        t = self.taken
        if t == JOKER:
            return any(c >= JOKER_AS for c in cards)
        return t in cards

    def check(self, seat: int, mv: Move) -> object:
        """Judge ``mv`` by ``seat``; raise IllegalMove or return what :meth:`apply` needs."""
        verb = mv[0]
        if self.phase == "over":
            raise IllegalMove("the hand is over")
        if verb in ("reenter", "retire"):
            raise IllegalMove(f"'{verb}' is a match decision after a hand (§12)")
        if seat != self.turn:
            raise IllegalMove(f"not your turn: seat {self.turn} is to act")
        phase = self.phase
        rules = self.rules
        if verb in ("draw", "take"):
            if phase != "draw":
                raise IllegalMove(f"wrong phase: draw or take only at the start of a turn (phase {phase})")
            if verb == "draw":
                if not self.stock:  # pragma: no cover - positions refuse it
                    raise IllegalMove("the stock is empty")
                return None
            if not self.discard:
                raise IllegalMove("the discard pile is empty")
            if rules.take_needs_open and not self.opened[seat]:
                raise IllegalMove("take: only a seat that opened in an earlier turn takes (take_needs_open)")
            if not self._take_use_exists(seat):
                if self.opened[seat]:
                    raise IllegalMove("take: the card has no use on the table now (§6)")
                raise IllegalMove("take: not opened, and the card does not open at once (§6)")
            return None
        if verb == "discard":
            k = cast("int", mv[1])
            if phase == "draw":
                raise IllegalMove("wrong phase: draw or take first (§6)")
            if phase == "use":
                raise IllegalMove(f"taken card unused: {CODE_OF[self.taken]} must go on the table first (§6)")
            if k not in self.hands[seat]:
                raise IllegalMove(f"not in hand: {CODE_OF[k]}")
            if len(self.hands[seat]) == 1 and not self.opened[seat]:
                raise IllegalMove("not opened: only a seat that has opened may close (§9)")
            if k in self.barred(seat):
                if rules.no_discard_taken and k == self.taken:
                    raise IllegalMove(f"discard barred: {CODE_OF[k]} is the card taken (no_discard_taken)")
                raise IllegalMove(f"discard barred: {CODE_OF[k]} could be attached (no_discard_attachable)")
            return None
        if phase == "draw":
            raise IllegalMove("wrong phase: draw or take first (§6)")
        if phase == "discard":
            raise IllegalMove("wrong phase: after opening only the discard follows (§7)")
        if verb == "open":
            if self.opened[seat]:
                raise IllegalMove("already opened (§7)")
            groups = cast("list[list[int]]", mv[1])
            melds = [self._meld(g) for g in groups]
            flat = [c for m in melds for c in m]
            hand = self._need_cards(seat, flat)
            if not hand:
                raise IllegalMove("no move may leave the hand empty: keep a card to discard (§6)")
            value = sum(meld_value(m, rules) for m in melds)
            if value < 40 and len(hand) != 1:
                raise IllegalMove(f"under 40: the opening is worth {value} (§7)")
            if phase == "use" and not any(self._uses_taken(m) for m in melds):
                raise IllegalMove(f"taken card unused: the opening must lay {CODE_OF[self.taken]} (§6)")
            return (melds, hand)
        if not self.opened[seat]:
            if phase == "use":
                raise IllegalMove("taken card unused: not opened, the next move is the opening (§6)")
            raise IllegalMove(f"open first: '{verb}' needs an opening in an earlier turn (§6, §7)")
        if verb == "meld":
            m = self._meld(cast("list[int]", mv[1]))
            hand = self._need_cards(seat, m)
            if not hand:
                raise IllegalMove("no move may leave the hand empty: keep a card to discard (§6)")
            if phase == "use" and not self._uses_taken(m):
                raise IllegalMove(f"taken card unused: this meld must lay {CODE_OF[self.taken]} (§6)")
            return (m, hand)
        n = cast("int", mv[1])
        c = cast("int", mv[2])
        if n >= len(self.melds):
            raise IllegalMove(f"there is no meld {n} on the table")
        if verb == "attach":
            if c >= JOKER_AS and rules.no_joker_attach:
                raise IllegalMove("jokers may not be attached (no_joker_attach)")
            hand = self._need_cards(seat, [c])
            if not hand:
                raise IllegalMove("no move may leave the hand empty: keep a card to discard (§6)")
            res = attach_result(self.melds[n], c, rules)
            if isinstance(res, str):
                raise IllegalMove(f"cannot attach to meld {n}: {res}")
            if phase == "use" and not self._uses_taken([c]):
                raise IllegalMove(f"taken card unused: attach {CODE_OF[self.taken]} (§6)")
            return (res, hand)
        # swap
        hand = self._need_cards(seat, [c])
        new = swap_result(self.melds[n], c)
        if new is None:
            raise IllegalMove(f"no joker in meld {n} stands for {CODE_OF[c]} (§5)")
        if phase == "use" and c != self.taken:
            raise IllegalMove(f"taken card unused: swap with {CODE_OF[self.taken]} (§6)")
        return (new, hand)

    # -- acting -----------------------------------------------------------------------

    def play(self, seat: int, move: str) -> None:
        self.apply(seat, parse_move(move))

    def apply(self, seat: int, mv: Move) -> None:
        """Judge then make ``mv`` (IllegalMove: nothing changed)."""
        plan = self.check(seat, mv)
        self.memo = {}
        verb = mv[0]
        if verb == "discard":
            k = cast("int", mv[1])
            self.hands[seat].remove(k)
            self.discard.append(k)
            if not self.hands[seat]:
                self.closer = seat
                self.in_hand = self.phase == "discard"
                self.phase = "over"
                self.turn = -1
                return
            if not self.stock:  # RULES §10: the pile but its top card becomes the stock, in order
                rebuilt = self.discard[:-1]
                rebuilt.reverse()
                self.stock = rebuilt
                self.discard = self.discard[-1:]
            self.turn = self.next_seat(seat)
            self.phase = "draw"
            self.taken = -1
        elif verb == "draw":
            self.hands[seat].append(self.stock.pop())
            self.phase = "play"
        elif verb == "take":
            k = self.discard.pop()
            self.hands[seat].append(k)
            self.taken = k
            self.phase = "play" if (self.opened[seat] and self.rules.free_take) else "use"
        elif verb == "open":
            melds, hand = cast("tuple[list[Meld], list[int]]", plan)
            self.hands[seat] = hand
            for m in melds:
                self.melds.append(m)
                self.meld_owner.append(seat)
            self.opened[seat] = True
            self.phase = "discard"
            self._table_changed()
        elif verb == "meld":
            m, hand = cast("tuple[Meld, list[int]]", plan)
            self.hands[seat] = hand
            self.melds.append(m)
            self.meld_owner.append(seat)
            self.phase = "play"
            self._table_changed()
        elif verb == "attach":
            res, hand = cast("tuple[tuple[Meld, ...], list[int]]", plan)
            n = cast("int", mv[1])
            self.hands[seat] = hand
            self.melds[n] = res[0]
            if len(res) > 1:
                self.melds.append(res[1])
                self.meld_owner.append(self.meld_owner[n])
            self.phase = "play"
            self._table_changed()
        else:  # swap (check() judged every other move as one)
            new, hand = cast("tuple[Meld, list[int]]", plan)
            hand.append(JOKER)
            self.hands[seat] = hand
            self.melds[cast("int", mv[1])] = new
            self.phase = "play"
            self._table_changed()

    # -- listing ----------------------------------------------------------------------

    def legal(self, seat: int) -> list[str]:
        """Every legal move of ``seat`` but ``open`` (CONTRACT "Legal moves"), sorted."""
        key = ("legal", seat)
        moves = self.memo.get(key)
        if moves is None:
            moves = self.memo[key] = self._legal(seat)
        return list(cast("list[str]", moves))

    def _legal(self, seat: int) -> list[str]:
        if self.phase == "over" or seat != self.turn:
            return []
        phase = self.phase
        if phase == "draw":
            if (
                self.discard
                and not (self.rules.take_needs_open and not self.opened[seat])
                and self._take_use_exists(seat)
            ):
                return ["draw", "take"]
            return ["draw"]
        kinds = set(self.hands[seat])
        moves: list[str] = []
        if phase != "discard" and self.opened[seat]:
            self._table_moves(seat, moves, kinds, self.taken if phase == "use" else -1)
        if phase != "use" and (
            self.opened[seat] or len(self.hands[seat]) > 1
        ):  # §9: only an opened seat closes
            moves.extend(map(_DISCARD.__getitem__, kinds - self.barred(seat)))
        moves.sort()
        return moves

    def _table_moves(self, seat: int, moves: list[str], kinds: set[int], only: int) -> None:
        """meld / attach / swap moves of an opened seat (each once); ``kinds``: those in hand;
        ``only``: the taken card to use (-1: any)."""
        rules = self.rules
        hand = self.hands[seat]
        size = len(hand)
        if size >= 4:  # a meld keeps a card in hand
            counts = counts_of(hand)
            cands: Collection[Meld]
            if only < 0:
                cands = melds_of(counts, rules)
            elif only == JOKER:
                cands = [m for m in melds_of(counts, rules) if uses(m, JOKER)]
            else:  # a 14-card run holds both Aces: listed once per Ace
                cands = set(melds_with(only, counts, rules))
            for m in cands:
                if len(m) < size:
                    moves.append("meld " + meld_str(m))
        if only >= 0:
            kinds = {only}
        table = self.table()
        swaps = table.swaps
        for k in kinds & swaps.keys():
            moves.extend(swaps[k])
        if size > 1:
            attaches = table.attaches
            for k in kinds & attaches.keys():
                moves.extend(attaches[k])
            if JOKER in kinds:
                moves.extend(table.jokers)


__all__ = ["PHASES", "State", "stand"]
