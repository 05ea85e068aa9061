"""Hands played out fast: medium's rule of thumb for every seat, on counts (RULES §6–§11).

:func:`playout` in :mod:`scala40.bots.rollout` plays a world out through the engine: each move
a string, parsed and judged, each turn the legal moves listed as strings. :class:`FastHand` plays
the same hand on a hand's counts and the table's melds, making the moves :class:`MediumBot`
makes (take when the top card has a use, open at once laying the most cards, swap jokers out,
meld fewest jokers first, attach, jokers with 3 cards or fewer, discard by ``keep_value``) with
the same tie-breaks (the first of the legal moves in sorted string order), and checks nothing:
every move it makes is one the engine lists. tests/scala40/test_scala40_fastplay.py plays
seeded positions both ways and finds the same closer, penalties and number of moves.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from itertools import compress

from ..cards import CODE_OF, JOKER, JOKER_AS, KIND_OF, PENALTY_OF
from ..finder import can_open, melds_of, melds_with, opening_parts, uses
from ..melds import Meld, attach_kinds, attach_result, joker_stands, meld_str, swap_kinds, swap_result
from ..moves import parse_move
from ..rules import Ruleset
from ..scoring import pays
from ..state import State, lays_taken
from .simple import FITS_WITH

#: a meld's index as the move strings write it (moves sort as strings: "attach 10 …" < "attach 2 …")
_INDEX: tuple[str, ...] = tuple(str(i) for i in range(256))
_KINDS = range(53)
#: a joker attachment as the move strings sort it: (meld index as written, card code, meld, kind)
_JokerKey = tuple[str, str, int, int]
_Table = tuple[frozenset[int], dict[int, tuple[str, int]], dict[int, tuple[str, int]], _JokerKey | None, int]
#: :func:`_table` of the melds on the table (bounded: cleared when full)
_TABLES: dict[tuple[tuple[Meld, ...], Ruleset], _Table] = {}
_CACHE_MAX = 50_000
#: medium's discard by hand (counts as bytes), the kinds the next seat lays and the penalty's
#: divisor; :func:`opening_parts` by hand and rules (the hands of a world recur in the play-outs
#: of its candidates; bounded, cleared when full)
_DISCARDS: dict[tuple[bytes, frozenset[int], float], int] = {}
_OPENINGS: dict[tuple[bytes, Ruleset], tuple[bool, bool]] = {}
#: whether a hand (not taking to attach or swap) lays the pile's top card: by hand, card, whether
#: opened and rules
_TAKES: dict[tuple[bytes, int, bool, Ruleset], bool] = {}
#: an opened seat's table move (:meth:`FastHand._table_act`), by hand and table (its number)
_Act = tuple[str, int, int, Meld | None]
_ACTS: dict[tuple[bytes, int], _Act | None] = {}
_UNKNOWN: _Act = ("", -1, -1, None)
#: per rule set, :func:`_meld_info` by meld (the rule sets: one object for equal ones, so that the
#: caches' keys compare by identity)
_INFO: dict[Ruleset, dict[Meld, tuple[frozenset[int], frozenset[int], tuple[int, ...]]]] = {}
_RULES: dict[Ruleset, Ruleset] = {}
#: numbers the tables worked out (never reused: a table's number names it in :data:`_ACTS`)
_TABLE_NO = itertools.count()
_NONE: frozenset[int] = frozenset()
_NO_KINDS: set[int] = set()


def _table(melds: tuple[Meld, ...], rules: Ruleset, old: tuple[tuple[Meld, ...], _Table] | None) -> _Table:
    """What the melds take: the natural kinds that swap into or attach to one; per natural kind,
    its first swap and its first attachment as move strings sort (the meld's index as written,
    the meld); the first joker attachment, None if none; the table's number. Worked out from
    ``old`` (melds and their table) for the melds that changed or were added."""
    swaps: dict[int, tuple[str, int]]
    attaches: dict[int, tuple[str, int]]
    joker: _JokerKey | None
    new: Sequence[int]
    if old is None or len(old[0]) > len(melds):
        swaps, attaches, joker, new = {}, {}, None, range(len(melds))
    else:
        before, table = old
        swaps, attaches, joker = dict(table[1]), dict(table[2]), table[3]
        new = [n for n, m in enumerate(melds) if n >= len(before) or (m is not before[n] and m != before[n])]
        lost: set[int] = set()
        lost_at: set[int] = set()
        lost_joker = False
        for n in new:
            if n < len(before):  # what the meld took before is another meld's, if any
                sk, ak, _ = _info(before[n], rules)
                for k in sk:
                    if swaps[k][1] == n:
                        del swaps[k]
                        lost.add(k)
                for k in ak:
                    if attaches[k][1] == n:
                        del attaches[k]
                        lost_at.add(k)
                if joker is not None and joker[2] == n:
                    joker, lost_joker = None, True
        if lost or lost_at or lost_joker:
            changed = set(new)
            for n, m in enumerate(melds):
                if n not in changed:
                    joker = _add(n, m, rules, swaps, attaches, joker, lost, lost_at, lost_joker)
    for n in new:
        joker = _add(n, melds[n], rules, swaps, attaches, joker)
    fits = frozenset(swaps).union(attaches)
    return fits, swaps, attaches, joker, next(_TABLE_NO)


def _add(
    n: int,
    m: Meld,
    rules: Ruleset,
    swaps: dict[int, tuple[str, int]],
    attaches: dict[int, tuple[str, int]],
    joker: _JokerKey | None,
    only: set[int] | None = None,
    only_at: set[int] | None = None,
    jokers: bool = True,
) -> _JokerKey | None:
    """Adds meld ``n`` = ``m`` to a table's first swaps and attachments (only the kinds ``only``
    and ``only_at`` when given; its joker cards only with ``jokers``); returns the first joker
    attachment."""
    sk, ak, js = _info(m, rules)
    key = _INDEX[n]
    for k in sk if only is None else sk & only:
        if k not in swaps or key < swaps[k][0]:
            swaps[k] = (key, n)
    for k in ak if only_at is None else ak & only_at:
        if k not in attaches or key < attaches[k][0]:
            attaches[k] = (key, n)
    if jokers:
        for s in js:
            jk = (key, CODE_OF[s], n, s)
            if joker is None or jk < joker:
                joker = jk
    return joker


def _info(m: Meld, rules: Ruleset) -> tuple[frozenset[int], frozenset[int], tuple[int, ...]]:
    """:func:`_meld_info`, kept per rule set."""
    info = _INFO[rules]
    found = info.get(m)
    if found is None:
        if len(info) > _CACHE_MAX:
            info.clear()
        found = info[m] = _meld_info(m, rules)
    return found


def _meld_info(m: Meld, rules: Ruleset) -> tuple[frozenset[int], frozenset[int], tuple[int, ...]]:
    """The natural kinds that swap into ``m``, those that attach to it, and the cards a joker
    attached to it stands for (none under ``no_joker_attach``)."""
    return (swap_kinds(m), attach_kinds(m, rules), () if rules.no_joker_attach else joker_stands(m, rules))


def _first_meld(counts: list[int], size: int, rules: Ruleset) -> Meld | None:
    """The meld medium lays from ``counts`` (``size`` cards; it keeps one): fewest jokers, then
    most cards, then first as written; None if none."""
    cands = [m for m in melds_of(counts, rules) if len(m) < size]
    if not cands:
        return None
    return min(cands, key=lambda m: (sum(1 for c in m if c >= JOKER_AS), -len(m), meld_str(m)))


def clear_caches() -> None:
    """Forgets the tables, discards and openings worked out (for timing from cold)."""
    _TABLES.clear()
    _DISCARDS.clear()
    _OPENINGS.clear()
    _TAKES.clear()
    _ACTS.clear()
    for info in _INFO.values():
        info.clear()


class FastHand:
    """One hand to play out: per seat the counts of its hand (53 kinds) and their number, the
    stock (next card last), the pile, the melds, who opened, whose turn and which phase."""

    __slots__ = (
        "attaches",
        "built",
        "closed",
        "closer",
        "counts",
        "discard",
        "first_joker",
        "fits",
        "in_hand",
        "joker",
        "melds",
        "n",
        "none",
        "nxt",
        "opened",
        "out",
        "phase",
        "rules",
        "sizes",
        "stock",
        "swaps",
        "table_no",
        "taken",
        "turn",
    )

    def __init__(self, st: State) -> None:
        rules = _RULES.get(st.rules)
        if rules is None:
            rules = _RULES[st.rules] = st.rules
            _INFO[rules] = {}
        self.rules: Ruleset = rules
        self.n = st.n
        self.out = st.out
        self.nxt = [st.next_seat(s) for s in range(st.n)]
        counts = []
        for hand in st.hands:
            c = [0] * 53
            for k in hand:
                c[k] += 1
            counts.append(c)
        self.counts = counts
        self.sizes = [len(h) for h in st.hands]
        self.stock = list(st.stock)
        self.discard = list(st.discard)
        self.melds: list[Meld] = list(st.melds)
        self.opened = list(st.opened)
        self.turn = st.turn
        self.phase = st.phase
        self.taken = st.taken
        self.closer = st.closer
        self.in_hand = st.in_hand
        #: per seat, a hand it held with no opening of 40 keeping a card, and whether that hand
        #: had no legal opening at all (``State.closed``, ``State.none``)
        self.closed = list(st.closed)
        self.none = list(st.none)
        #: the natural kinds that swap into or attach to some meld, and whether a joker attaches
        #: (None: the melds changed, worked out when next asked)
        self.fits: frozenset[int] | None = None
        self.joker = False
        #: per natural kind, the first swap and the first attachment (as strings sort: the
        #: meld's index as written, and the meld); the first joker attachment (meld, kind)
        self.swaps: dict[int, tuple[str, int]] = {}
        self.attaches: dict[int, tuple[str, int]] = {}
        self.first_joker: tuple[int, int] | None = None
        self.table_no = -1
        #: the melds of the last table worked out, and that table (the next one is worked out
        #: from it)
        self.built: tuple[tuple[Meld, ...], _Table] | None = None

    # -- the table ---------------------------------------------------------------------

    def _fits(self) -> frozenset[int]:
        """The natural kinds that swap into or attach to some meld (and :attr:`joker`, whether a
        joker attaches to one), worked out with the first move of each kind once per table."""
        fits = self.fits
        if fits is None:
            melds = tuple(self.melds)
            key = (melds, self.rules)
            table = _TABLES.get(key)
            if table is None:
                if len(_TABLES) > _CACHE_MAX:
                    _TABLES.clear()
                table = _TABLES[key] = _table(melds, self.rules, self.built)
            self.built = (melds, table)
            fits, self.swaps, self.attaches, joker, self.table_no = table
            self.fits = fits
            self.first_joker = None if joker is None else (joker[2], joker[3])
            self.joker = joker is not None
        return fits

    def _first(self, by: dict[int, tuple[str, int]], counts: list[int]) -> tuple[int, int] | None:
        """The first move of ``by`` (swaps or natural attachments) as strings sort, with a kind
        held in ``counts``: (meld, kind)."""
        best: tuple[str, str, int, int] | None = None
        for k, (key, n) in by.items():
            if counts[k]:
                cand = (key, CODE_OF[k], n, k)
                if best is None or cand < best:
                    best = cand
        return None if best is None else (best[2], best[3])

    # -- moves -------------------------------------------------------------------------

    def _lay(self, seat: int, m: Meld) -> None:
        counts = self.counts[seat]
        for c in m:
            counts[JOKER if c >= JOKER_AS else c] -= 1
        self.sizes[seat] -= len(m)

    def _do_attach(self, seat: int, n: int, c: int) -> None:
        res = attach_result(self.melds[n], c, self.rules)
        assert not isinstance(res, str)
        self.counts[seat][JOKER if c >= JOKER_AS else c] -= 1
        self.sizes[seat] -= 1
        self.melds[n] = res[0]
        if len(res) > 1:
            self.melds.append(res[1])
        self.fits = None
        self.phase = "play"

    def _do_swap(self, seat: int, n: int, k: int) -> None:
        new = swap_result(self.melds[n], k)
        assert new is not None
        counts = self.counts[seat]
        counts[k] -= 1
        counts[JOKER] += 1
        self.melds[n] = new
        self.fits = None
        self.phase = "play"

    def _open(self, seat: int, melds: list[Meld]) -> None:
        for m in sorted(melds, key=meld_str):
            self._lay(seat, m)
            self.melds.append(m)
        self.opened[seat] = True
        self.fits = None
        self.phase = "discard"

    def _meld(self, seat: int, m: Meld) -> None:
        self._lay(seat, m)
        self.melds.append(m)
        self.fits = None
        self.phase = "play"

    def _opening_exists(self, seat: int) -> bool:
        """Whether ``seat`` (not opened) has a legal opening (``State.opening_exists``: a hand
        known to have none plus one card is searched only for openings laying that card)."""
        counts = self.counts[seat]
        key = (bytes(counts), self.rules)
        parts = _OPENINGS.get(key)
        if parts is None:
            if len(_OPENINGS) > _CACHE_MAX:
                _OPENINGS.clear()
            parts = _OPENINGS[key] = opening_parts(
                counts, self.rules, self.closed[seat], self.none[seat], compress(_KINDS, counts)
            )
        reaches, found = parts
        if not reaches:
            self.closed[seat] = tuple(counts)
            self.none[seat] = not found
        return found

    def _take_use(self, seat: int) -> bool:
        """Whether the pile's top card has a use for ``seat`` now (``State._take_use``)."""
        top = self.discard[-1]
        rules = self.rules
        opened = self.opened[seat]
        if opened:
            if rules.free_take:
                return True
            fits = self._fits()
            if self.joker if top == JOKER else top in fits:
                return True
        size = self.sizes[seat] + 1
        if size < 4:
            return False
        key = (bytes(self.counts[seat]), top, opened, rules)
        found = _TAKES.get(key)
        if found is None:
            if len(_TAKES) > _CACHE_MAX:
                _TAKES.clear()
            found = _TAKES[key] = lays_taken(list(self.counts[seat]), top, size, opened, rules)
        return found

    def _barred(self, seat: int, held: list[int]) -> set[int]:
        """Kinds ``seat`` may not discard now (``State._barred``)."""
        rules = self.rules
        if self.sizes[seat] <= 1:
            return set()
        bar: set[int] = set()
        if rules.no_discard_taken and self.taken >= 0:
            bar.add(self.taken)
        if rules.no_discard_attachable:
            fits = self._fits()
            for k in held:
                if k == JOKER:
                    if self.joker:
                        bar.add(k)
                elif k in fits:
                    bar.add(k)
        if bar and all(k in bar for k in held):
            return set()
        return bar

    def _discard(self, seat: int) -> None:
        """Medium's discard (the lowest ``keep_value``, then the lowest kind), then the next turn."""
        counts = self.counts[seat]
        rules = self.rules
        opened = self.opened
        feed = self._fits() if opened[self.nxt[seat]] else _NONE
        div = 4.0 if any(opened) else 8.0
        if rules.no_discard_taken or rules.no_discard_attachable:
            self.throw(
                seat, self._lowest(counts, feed, div, self._barred(seat, list(compress(_KINDS, counts))))
            )
            return
        # the same hand meets the same table in the other candidates' play-outs of a world
        key = (bytes(counts), feed, div)
        pick = _DISCARDS.get(key)
        if pick is None:
            if len(_DISCARDS) > _CACHE_MAX:
                _DISCARDS.clear()
            pick = _DISCARDS[key] = self._lowest(counts, feed, div, _NO_KINDS)
        self.throw(seat, pick)

    @staticmethod
    def _lowest(counts: list[int], feed: frozenset[int], div: float, bar: set[int]) -> int:
        """The kind held, not in ``bar``, of the lowest ``keep_value`` (then the lowest kind):
        ``feed``, the kinds the next seat could lay (it opened); ``div``, 4 once anyone opened,
        else 8 (what a penalty point takes off)."""
        jokers = 2.0 * counts[JOKER]
        best = 0.0
        pick = -1
        for k in compress(_KINDS, counts):
            if k in bar:
                continue
            if k == JOKER:
                v = 100.0
            else:
                v = jokers
                for q, w in FITS_WITH[k]:
                    if counts[q]:
                        v += w
                if counts[k] > 1:
                    v += 0.5
                if k in feed:
                    v += 40.0
                v -= PENALTY_OF[k] / div
            if pick < 0 or v < best:
                best, pick = v, k
        return pick

    def throw(self, seat: int, pick: int) -> None:
        """``seat`` discards ``pick`` (a kind it holds), then the next seat's turn (RULES §9, §10)."""
        self.counts[seat][pick] -= 1
        self.sizes[seat] -= 1
        self.discard.append(pick)
        if not self.sizes[seat]:
            self.closer = seat
            self.in_hand = self.phase == "discard"
            self.phase = "over"
            self.turn = -1
            return
        if not self.stock:  # RULES §10
            rebuilt = self.discard[:-1]
            rebuilt.reverse()
            self.stock = rebuilt
            self.discard = self.discard[-1:]
        self.turn = self.nxt[seat]
        self.phase = "draw"
        self.taken = -1

    def _use(self, seat: int) -> None:
        """Lays the taken card (phase ``use``), as medium does."""
        counts = self.counts[seat]
        taken = self.taken
        rules = self.rules
        if not self.opened[seat]:
            best = can_open(counts, rules, taken)
            assert best is not None, "a take is legal only with an opening to follow"
            self._open(seat, best.melds)
            return
        size = self.sizes[seat]
        if size >= 4:
            if taken == JOKER:
                cands = [m for m in melds_of(counts, rules) if uses(m, JOKER) and len(m) < size]
            else:
                cands = [m for m in melds_with(taken, counts, rules) if len(m) < size]
            if cands:
                self._meld(seat, min(cands, key=lambda m: (-len(m), meld_str(m))))
                return
        self._fits()
        if taken != JOKER:
            at = self.swaps.get(taken)
            if at is not None:
                self._do_swap(seat, at[1], taken)
                return
            self._do_attach(seat, self.attaches[taken][1], taken)
            return
        found = self.first_joker
        assert found is not None
        self._do_attach(seat, found[0], JOKER_AS + found[1])

    def _table_move(self, seat: int) -> bool:
        """Medium's table move of an opened seat in phase ``play``; False when it has none."""
        counts = self.counts[seat]
        self._fits()
        # the same hand meets the same table in the other candidates' play-outs of a world
        key = (bytes(counts), self.table_no)
        act = _ACTS.get(key, _UNKNOWN)
        if act is _UNKNOWN:
            if len(_ACTS) > _CACHE_MAX:
                _ACTS.clear()
            act = _ACTS[key] = self._table_act(counts)
        if act is None:
            return False
        verb, n, c, meld = act
        if verb == "swap":
            self._do_swap(seat, n, c)
        elif meld is not None:
            self._meld(seat, meld)
        else:
            self._do_attach(seat, n, c)
        return True

    def _table_act(self, counts: list[int]) -> _Act | None:
        """:meth:`_table_move` for the hand ``counts``, as ("swap", meld, kind, None),
        ("meld", -1, -1, meld) or ("attach", meld, card, None); None when medium has none."""
        found = self._first(self.swaps, counts)
        if found is not None:
            return ("swap", found[0], found[1], None)
        size = sum(counts)
        if size >= 4:
            meld = _first_meld(counts, size, self.rules)
            if meld is not None:
                return ("meld", -1, -1, meld)
        if size > 1:
            found = self._first(self.attaches, counts)
            if found is not None:
                return ("attach", found[0], found[1], None)
            if counts[JOKER] and size <= 3:
                found = self.first_joker
                if found is not None:
                    return ("attach", found[0], JOKER_AS + found[1], None)
        return None

    def take(self, seat: int) -> None:
        """``seat`` takes the pile's top card (RULES §6)."""
        k = self.discard.pop()
        self.counts[seat][k] += 1
        self.sizes[seat] += 1
        self.taken = k
        self.phase = "play" if (self.opened[seat] and self.rules.free_take) else "use"

    def draw(self, seat: int) -> None:
        """``seat`` draws the stock's next card (RULES §6)."""
        self.counts[seat][self.stock.pop()] += 1
        self.sizes[seat] += 1
        self.phase = "play"

    def step(self) -> bool:
        """Makes the move of the seat to act; False when none can be made (the hand is over, or
        the stock is empty and nothing may be taken)."""
        seat = self.turn
        phase = self.phase
        if phase == "draw":
            rules = self.rules
            if (
                self.discard
                and not (rules.take_needs_open and not self.opened[seat])
                and self._take_use(seat)
            ):
                self.take(seat)
                return True
            if not self.stock:
                return False
            self.draw(seat)
            return True
        if phase == "use":
            self._use(seat)
            return True
        if phase == "play":
            if not self.opened[seat]:
                if self._opening_exists(seat):
                    best = can_open(self.counts[seat], self.rules)
                    assert best is not None
                    self._open(seat, best.melds)
                    return True
            elif self._table_move(seat):
                return True
        elif phase == "over":
            return False
        self._discard(seat)
        return True

    def play(self, limit: int) -> int:
        """Plays on to the end of the hand (or ``limit`` moves); returns how many moves."""
        moves = 0
        while moves < limit and self.step():
            moves += 1
        return moves

    # -- the end -----------------------------------------------------------------------

    def hand(self, seat: int) -> list[int]:
        """``seat``'s hand as a list of kinds."""
        counts = self.counts[seat]
        return [k for k in compress(_KINDS, counts) for _ in range(counts[k])]

    def penalty(self, seat: int) -> int:
        """What ``seat`` pays for the hand once over (``scoring.hand_scores`` of that seat)."""
        if seat in self.out:
            return 0
        if seat == self.closer:
            return -self.rules.close_bonus
        return pays(self.hand(seat), self.opened[seat], self.in_hand, self.rules)


def after_move(world: State, seat: int, move: str) -> FastHand:
    """The hand of ``world`` once ``seat`` made ``move``, for a play-out (``world`` is left as
    it was): a draw, a take or a discard on counts, any other move by the engine on a copy."""
    if move == "draw" or move == "take" or move.startswith("discard "):
        hand = FastHand(world)
        if move == "draw":
            hand.draw(seat)
        elif move == "take":
            hand.take(seat)
        else:
            hand.throw(seat, KIND_OF[move[8:]])
        return hand
    st = world.copy()
    st.apply(seat, parse_move(move))
    return FastHand(st)


__all__ = ["FastHand", "after_move", "clear_caches"]
