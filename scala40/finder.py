"""The meld finder: every meld a hand can form, the openings, the best opening (RULES §4, §5, §7).

Hands are given as ``counts``: a list of 53 ints, how many of each kind (index 52: jokers).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import combinations
from operator import mul

from .cards import JOKER, JOKER_AS, RANK_VALUE
from .melds import Meld, meld_str, meld_value
from .rules import Ruleset

#: the opening value of each suited kind (the Ace as 11), zip-ready with a hand's counts
_VALUES: tuple[int, ...] = tuple(RANK_VALUE[k % 13] for k in range(52))
#: the suit subsets a set can use: four of size 3, one of size 4
_SET_SUITS: tuple[tuple[int, ...], ...] = ((0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3), (0, 1, 2, 3))


def counts_of(kinds: Sequence[int]) -> list[int]:
    counts = [0] * 53
    for k in kinds:
        counts[k] += 1
    return counts


def _fill(slots: Sequence[int], counts: Sequence[int], jl: int, fixed: int = -1) -> Iterator[Meld]:
    """Every way to lay ``slots`` (suited kinds, in canonical order) from ``counts`` with at most
    ``jl`` jokers and at least two natural cards; slot ``fixed`` stays natural."""
    n = len(slots)
    missing = [i for i in range(n) if not counts[slots[i]]]
    m = len(missing)
    if m > jl or n - m < 2:
        return
    double = n == 14 and counts[slots[0]] < 2  # both Aces of a 14-card run from one natural
    if m == jl and not double:
        if m == 0:
            yield tuple(slots)
        else:
            base = list(slots)
            for i in missing:
                base[i] += JOKER_AS
            yield tuple(base)
        return
    base = list(slots)
    for i in missing:
        base[i] += JOKER_AS
    optional = [i for i in range(n) if counts[slots[i]] and i != fixed]
    for extra in range(0, jl - m + 1):
        if n - m - extra < 2:
            break
        for combo in combinations(optional, extra):
            cards = list(base)
            for i in combo:
                cards[i] += JOKER_AS
            if double and cards[0] < JOKER_AS and cards[-1] < JOKER_AS:
                continue
            yield tuple(cards)


_SET_KINDS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(s * 13 + rank for s in suits) for suits in _SET_SUITS) for rank in range(13)
)
#: the kinds of a suit by run position 0 … 13 (the Ace at both ends)
_RUN_KINDS: tuple[tuple[int, ...], ...] = tuple(
    tuple(suit * 13 + p % 13 for p in range(14)) for suit in range(4)
)


#: per suit held (-1: any), the suit subsets (by index in _SET_SUITS) a set may use and the slot
#: that suit takes in each
_SET_CHOICES: dict[int, tuple[tuple[int, int], ...]] = {
    suit: tuple(
        (i, suits.index(suit) if suit >= 0 else -1)
        for i, suits in enumerate(_SET_SUITS)
        if suit < 0 or suit in suits
    )
    for suit in range(-1, 4)
}


#: the sets and runs already listed, by what they depend on (a rank's or a suit's counts): a
#: hand changes by a card or a meld at a time, so most suits and ranks are listed again as they were
_SETS: dict[tuple[int, ...], tuple[Meld, ...]] = {}
_RUNS: dict[tuple[int, int, int, int, bytes], tuple[Meld, ...]] = {}
_CACHE_MAX = 50_000


def _set_slots(rank: int, counts: Sequence[int], jl: int, suit: int = -1) -> tuple[Meld, ...]:
    """The sets of ``rank`` (holding natural ``suit`` unless -1), listed once per rank's counts."""
    key = (rank, suit, jl, counts[rank], counts[13 + rank], counts[26 + rank], counts[39 + rank])
    found = _SETS.get(key)
    if found is None:
        if len(_SETS) > _CACHE_MAX:
            _SETS.clear()
        found = _SETS[key] = tuple(_list_sets(rank, counts, jl, suit))
    return found


def _run_slots(suit: int, counts: Sequence[int], jl: int, max_run: int, pos: int = -1) -> tuple[Meld, ...]:
    """The runs of ``suit`` (holding its natural card at ``pos`` unless -1), listed once per suit's
    counts."""
    b = suit * 13
    held = bytes(counts[b : b + 13])
    if max_run < 14:  # only whether a card is held matters (two Aces only for a 14-card run)
        held = held.replace(b"\x02", b"\x01")
        if pos >= 0:  # and only the places a run holding ``pos`` can reach (the Ace at both ends)
            held = (held + held[:1])[max(0, pos - max_run + 1) : pos + max_run]
    key = (suit, jl, max_run, pos, held)
    found = _RUNS.get(key)
    if found is None:
        if len(_RUNS) > _CACHE_MAX:
            _RUNS.clear()
        found = _RUNS[key] = tuple(_list_runs(suit, counts, jl, max_run, pos))
    return found


def _list_sets(rank: int, counts: Sequence[int], jl: int, suit: int = -1) -> Iterator[Meld]:
    kinds = _SET_KINDS[rank]
    for i, fixed in _SET_CHOICES[suit]:
        slots = kinds[i]
        have = (counts[slots[0]] > 0) + (counts[slots[1]] > 0) + (counts[slots[2]] > 0)
        if i == 4:
            have += counts[slots[3]] > 0
        if have < 2 or have + jl < len(slots):
            continue
        yield from _fill(slots, counts, jl, fixed)


def _list_runs(suit: int, counts: Sequence[int], jl: int, max_run: int, pos: int = -1) -> Iterator[Meld]:
    kinds = _RUN_KINDS[suit]
    span = max_run - 1
    # the run's lowest position: any, or one leaving ``pos`` inside the run
    los = range(max(0, pos - span), min(pos, 11) + 1) if pos >= 0 else range(12)
    if jl == 0:  # natural runs only: windows inside stretches of cards held
        have = [counts[k] > 0 for k in kinds]
        for lo in los:
            end = lo + span if lo + span < 13 else 13
            for hi in range(lo, end + 1):
                if not have[hi]:
                    break
                if hi - lo >= 2 and hi >= pos and not (hi - lo == 13 and counts[kinds[0]] < 2):
                    yield kinds[lo : hi + 1]
        return
    for lo in los:
        missing = 0
        end = lo + span if lo + span < 13 else 13
        for hi in range(lo, end + 1):
            if not counts[kinds[hi]]:
                missing += 1
                if missing > jl:
                    break
            if hi - lo < 2 or hi < pos:
                continue
            yield from _fill(kinds[lo : hi + 1], counts, jl, pos - lo if pos >= 0 else -1)


def all_melds(counts: Sequence[int], rules: Ruleset) -> list[Meld]:
    """Every valid meld the hand ``counts`` can form (jokers naming their card)."""
    return list(melds_of(counts, rules))


def melds_of(counts: Sequence[int], rules: Ruleset) -> tuple[Meld, ...]:
    """:func:`all_melds` as a tuple (shared: not to be changed)."""
    return _all_melds(bytes(counts), counts, rules)


#: bytes.translate table: a count as whether the kind is held (0 or 1)
_HELD = bytes([0] + [1] * 255)


def _shape(held: bytes, counts: Sequence[int], rules: Ruleset) -> tuple[int, int, list[bytes], bytes]:
    """What decides which ranks and suits of ``counts`` (``held``: the same as bytes) can hold a
    meld: the jokers a meld may take, the natural cards a meld needs at least (two, §5), per suit
    whether each rank is held (0 or 1), and per rank how many suits hold it."""
    jl = min(counts[JOKER], rules.joker_limit)
    need = 3 - jl if jl < 2 else 2
    one = held[:52].translate(_HELD)
    suits = [one[0:13], one[13:26], one[26:39], one[39:52]]
    # the four suits' 0/1 bytes added as numbers (no carry: at most 4 per byte)
    ranks = (
        int.from_bytes(suits[0], "big")
        + int.from_bytes(suits[1], "big")
        + int.from_bytes(suits[2], "big")
        + int.from_bytes(suits[3], "big")
    ).to_bytes(13, "big")
    return jl, need, suits, ranks


def _all_melds(held: bytes, counts: Sequence[int], rules: Ruleset) -> tuple[Meld, ...]:
    """The melds of ``counts`` (``held``: the same as bytes): only the ranks holding two natural
    cards or more and the suits holding two different ones or more are listed (a meld keeps two
    natural cards, §5)."""
    jl, need, suits, ranks = _shape(held, counts, rules)
    out: tuple[Meld, ...] = ()
    if max(ranks) >= need:
        for rank in range(13):
            if ranks[rank] >= need:
                out += _set_slots(rank, counts, jl)
    max_run = rules.max_run
    for suit in range(4):
        if 13 - suits[suit].count(0) >= need:
            out += _run_slots(suit, counts, jl, max_run)
    return out


def _covered(counts: Sequence[int], rules: Ruleset) -> list[int] | None:
    """The cards of ``counts`` that lie in some meld (all its jokers with them); None when no meld
    fits at all. Worked out from which ranks and suits are held, without listing the melds: every
    natural card of a rank that holds a set lies in one, and a suit's runs are known by pattern."""
    jl, need, suits, ranks = _shape(bytes(counts), counts, rules)
    cover = [0] * 53
    found = False
    if max(ranks) >= need:
        for rank in range(13):
            if ranks[rank] >= need:
                found = True
                for k in range(rank, 52, 13):
                    cover[k] = counts[k]
    max_run = rules.max_run
    for suit in range(4):
        seg = suits[suit]
        if 13 - seg.count(0) >= need:
            in_runs = _run_cover(seg, jl, max_run)
            if in_runs:
                found = True
                for k in in_runs:
                    cover[suit * 13 + k] = counts[suit * 13 + k]
    if not found:
        return None
    cover[JOKER] = counts[JOKER]
    return cover


#: per suit pattern (which ranks held), jokers and longest run: the ranks that lie in some run
_RUN_COVER: dict[tuple[bytes, int, int], tuple[int, ...]] = {}


def _run_cover(seg: bytes, jl: int, max_run: int) -> tuple[int, ...]:
    key = (seg, jl, max_run)
    found = _RUN_COVER.get(key)
    if found is None:
        if len(_RUN_COVER) > _CACHE_MAX:
            _RUN_COVER.clear()
        counts = [*seg, *[0] * 39, jl]
        found = _RUN_COVER[key] = tuple(
            sorted({c for m in _list_runs(0, counts, jl, max_run) for c in m if c < JOKER_AS})
        )
    return found


def melds_with(kind: int, counts: Sequence[int], rules: Ruleset) -> list[Meld]:
    """Every meld of ``counts`` holding natural ``kind`` (which counts must hold)."""
    jl = min(counts[JOKER], rules.joker_limit)
    suit, rank = divmod(kind, 13)
    nat = (counts[rank] > 0) + (counts[13 + rank] > 0) + (counts[26 + rank] > 0) + (counts[39 + rank] > 0)
    out = list(_set_slots(rank, counts, jl, suit)) if nat >= 2 and nat + jl >= 3 else []
    if jl < 2:
        # a run holding ``kind`` holds another natural card at most ``jl + 1`` places away (only
        # jokers between them): without one, none (the Ace at both ends of its suit)
        near = _NEAR[jl][kind]
        if counts[near[0]] or counts[near[1]] or counts[near[2]] or counts[near[3]]:
            out.extend(_run_slots(suit, counts, jl, rules.max_run, rank))
        if rank == 0 and (counts[near[4]] or counts[near[5]]):
            out.extend(_run_slots(suit, counts, jl, rules.max_run, 13))
        return out
    out.extend(_run_slots(suit, counts, jl, rules.max_run, rank))
    if rank == 0:
        out.extend(_run_slots(suit, counts, jl, rules.max_run, 13))
    return out


def _near(kind: int, reach: int) -> tuple[int, ...]:
    """The kinds of ``kind``'s suit up to ``reach`` (1 or 2) places from it in a run, repeated to
    four; for an Ace, those around the low Ace, then the one or two below the high Ace (the King,
    the Queen) repeated to two."""
    suit, rank = divmod(kind, 13)
    low = [suit * 13 + (rank + d) % 13 for d in (-2, -1, 1, 2) if abs(d) <= reach and 0 <= rank + d <= 13]
    near = (low * 4)[:4]
    if rank == 0:
        high = [suit * 13 + 13 - d for d in (1, 2) if d <= reach]
        near += (high * 2)[:2]
    return tuple(near)


#: per joker count (0, 1), per suited kind: :func:`_near` (the natural cards a run needs near it)
_NEAR: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_near(k, jl + 1) for k in range(52)) for jl in (0, 1)
)


def uses(meld: Meld, kind: int) -> bool:
    """Whether ``meld`` takes ``kind`` from the hand (a joker for kind 52)."""
    if kind == JOKER:
        return any(c >= JOKER_AS for c in meld)
    return kind in meld


def _take(counts: list[int], meld: Meld, sign: int) -> bool:
    """Remove (sign -1) or return (+1) a meld's cards; False (nothing changed) if they are missing."""
    if sign < 0:
        for i, c in enumerate(meld):
            k = JOKER if c >= JOKER_AS else c
            if counts[k] == 0:
                for d in meld[:i]:
                    counts[JOKER if d >= JOKER_AS else d] += 1
                return False
            counts[k] -= 1
        return True
    for c in meld:
        counts[JOKER if c >= JOKER_AS else c] += 1
    return True


def iter_openings(counts: Sequence[int], rules: Ruleset, must: int = -1) -> Iterator[list[Meld]]:
    """Every legal opening of the hand (RULES §7), each a list of melds in sorted string order,
    lazily, in a fixed order. ``must``: a kind one of the melds has to use (the taken card)."""
    cands = sorted(all_melds(counts, rules), key=meld_str)
    values = [_points(m, rules)[0] for m in cands]
    has_must = [must < 0 or uses(m, must) for m in cands]
    work = list(counts)
    total = sum(counts)
    chosen: list[int] = []

    def dfs(start: int, value: int, left: int, ok: bool) -> Iterator[list[Meld]]:
        for i in range(start, len(cands)):
            m = cands[i]
            if len(m) > left - 1 or not _take(work, m, -1):
                continue
            chosen.append(i)
            v = value + values[i]
            rest = left - len(m)
            got = ok or has_must[i]
            if got and (v >= 40 or rest == 1):
                yield [cands[j] for j in chosen]
            if rest >= 4:
                yield from dfs(i, v, rest, got)
            chosen.pop()
            _take(work, m, 1)

    yield from dfs(0, 0, total, must < 0)


class Best:
    """The result of :func:`best_opening`."""

    __slots__ = ("left", "melds", "value")

    def __init__(self, melds: list[Meld], value: int, left: int) -> None:
        self.melds = melds
        self.value = value
        self.left = left

    def __repr__(self) -> str:
        return f"Best({[meld_str(m) for m in self.melds]}, value={self.value}, left={self.left})"


def best_opening(
    counts: Sequence[int], rules: Ruleset, must: int = -1, objective: str = "points"
) -> Best | None:
    """The best set of disjoint melds of the hand that leaves at least one card in hand:
    ``objective`` ``"points"`` (most opening points, then most cards) or ``"cards"`` (most cards
    laid, then most points). ``must``: a kind that one meld has to use. None if no meld fits.

    It does not check the 40 (callers compare ``value`` and ``left``)."""
    return _best(counts, rules, must, objective, 0)


def _best(counts: Sequence[int], rules: Ruleset, must: int, objective: str, aside: int) -> Best | None:
    """:func:`best_opening` of ``counts`` plus ``aside`` cards that fit no meld."""
    work = list(counts)
    total = sum(counts) + aside
    memo: dict[tuple[object, ...], tuple[int, int, tuple[Meld, ...]] | None] = {}
    by_points = objective == "points"
    NONE: tuple[int, int, tuple[Meld, ...]] | None = None

    def rec(k0: int, skipped: bool, done: bool) -> tuple[int, int, tuple[Meld, ...]] | None:
        k = k0
        while k < 52 and work[k] == 0:
            k += 1
        if k == 52:
            if (skipped or aside or work[52] > 0) and done:
                return (0, 0, ())
            return NONE
        key = (k, skipped, done, *work[k:])
        if key in memo:
            return memo[key]
        work[k] -= 1
        best = rec(k, True, done)
        work[k] += 1
        for m in melds_with(k, work, rules):
            if not _take(work, m, -1):
                continue
            r = rec(k, skipped, done or (must >= 0 and uses(m, must)))
            _take(work, m, 1)
            if r is None:
                continue
            v = r[0] + meld_value(m, rules)
            n = r[1] + len(m)
            if best is None or ((v, n) > best[:2] if by_points else (n, v) > (best[1], best[0])):
                best = (v, n, (m, *r[2]))
        memo[key] = best
        return best

    r = rec(0, False, must < 0)
    if r is None or not r[2]:
        return None
    return Best(sorted(r[2], key=meld_str), r[0], total - r[1])


def can_open(counts: Sequence[int], rules: Ruleset, must: int = -1) -> Best | None:
    """A legal opening of the hand (RULES §7: 40 or more, or leaving one card), the one laying the
    most cards when it reaches 40, else the one with most points; None if there is none."""
    return _can_open(tuple(counts), rules, must)


def _cover(counts: tuple[int, ...], rules: Ruleset, must: int) -> tuple[list[int], int] | None:
    """The cards of the hand that lie in some meld (the others always stay in hand) and how many
    do not; None when no meld (holding ``must``) fits at all."""
    if must == JOKER:
        melds = melds_of(counts, rules)
        if not any(uses(m, JOKER) for m in melds):
            return None
    elif must >= 0 and not melds_with(must, counts, rules):
        return None
    cover = _covered(counts, rules)
    if cover is None:
        return None
    return cover, sum(counts) - sum(cover)


@lru_cache(maxsize=4096)
def _can_open(counts: tuple[int, ...], rules: Ruleset, must: int) -> Best | None:
    covered = _cover(counts, rules, must)
    if covered is None:
        return None
    cover, left = covered
    top = sum(map(mul, _VALUES, cover))
    if not rules.open_without_jokers:
        top += 11 * cover[JOKER]
    if top < 40 and left > 1:
        return None
    cards = _best(cover, rules, must, "cards", left)
    if cards is None:
        return None
    if cards.value >= 40 or cards.left == 1:
        return cards
    points = _best(cover, rules, must, "points", left)
    if points is not None and points.value >= 40:
        return points
    return None


def opening_exists(counts: Sequence[int], rules: Ruleset, must: int = -1) -> bool:
    """Whether the hand has a legal opening (RULES §7), ``must`` in one of its melds: a quick
    search that stops at the first one found."""
    return _opening_exists(tuple(counts), rules, must)


@lru_cache(maxsize=4096)
def _opening_exists(counts: tuple[int, ...], rules: Ruleset, must: int) -> bool:
    covered = _cover(counts, rules, must)
    if covered is None:
        return False
    cover, left = covered
    if _reaches_40(cover, rules, must, left > 0):
        return True
    # else only a close in hand (all but one card laid, whatever its points)
    return left <= 1 and _lays_all_but_one(cover, rules, must, left)


def opening_parts(
    counts: Sequence[int],
    rules: Ruleset,
    closed: Sequence[int] | None,
    none: bool = False,
    kinds: Iterable[int] = range(53),
) -> tuple[bool, bool]:
    """Whether the hand has an opening of 40 or more that keeps a card, and whether it has any
    legal opening (RULES §7; the second part adds a close in hand under 40).

    ``closed``: a hand known to have no opening of 40 or more that keeps a card (an earlier
    result of this function). A hand within it plus one card ``d`` has none either unless the
    opening lays ``d``: laid from the smaller hand, the same melds would keep a card of ``closed``
    too. So the search looks only for openings laying ``d``, and none at all within ``closed``.
    ``none``: ``closed`` had no legal opening at all (no close in hand either). A hand as big as
    ``closed`` within it plus ``d`` then has no opening at all that keeps ``d`` (a close in hand
    keeping ``d`` would have been one of ``closed``, keeping the card it does not hold): without a
    meld holding ``d`` (a suited card) it has none. ``kinds``: the kinds the hand holds, if known
    (the others are not looked at)."""
    fresh = -1
    size = sum(counts)
    # (a hand bigger than ``closed`` could lay all of it, keeping only the card added)
    if closed is not None and size <= sum(closed):
        over = 0
        for k in kinds:
            if counts[k] > closed[k]:
                over += counts[k] - closed[k]
                fresh = k
                if over > 1:
                    fresh = -1
                    break
        if over == 0:
            fresh = -2
        elif 0 <= fresh < JOKER and none and size == sum(closed) and not melds_with(fresh, counts, rules):
            return (False, False)
    covered = _cover(tuple(counts), rules, -1)
    if covered is None:
        return (False, False)
    cover, left = covered
    if fresh == -2 or (fresh >= 0 and not cover[fresh]):
        reaches = False
    else:
        reaches = _reaches_40(cover, rules, fresh, left > 0)
    if reaches:
        return (True, True)
    return (False, left <= 1 and _lays_all_but_one(cover, rules, -1, left))


def _lays_all_but_one(cover: list[int], rules: Ruleset, must: int, left: int) -> bool:
    """Whether disjoint melds of ``cover`` (one using ``must``) lay all of it but ``1 - left``
    cards, so that exactly one card of the hand stays (``left``: the hand's cards outside it)."""
    work = cover
    failed: set[tuple[int, ...]] = set()

    def dfs(k0: int, spare: int, done: bool) -> bool:
        k = k0
        while k < 52 and not work[k]:
            k += 1
        if k == 52:
            return done and work[52] == spare
        key = (k, spare, done, *work[k:])
        if key in failed:
            return False
        for m in melds_with(k, work, rules):
            if not _take(work, m, -1):
                continue
            ok = dfs(k, spare, done or uses(m, must))
            _take(work, m, 1)
            if ok:
                return True
        if spare:
            work[k] -= 1
            ok = dfs(k, 0, done)
            work[k] += 1
            if ok:
                return True
        failed.add(key)
        return False

    return dfs(0, 1 - left, must < 0)


#: per rule set, per meld: its opening value and the most its cards add to the search's bound
_POINTS: dict[Ruleset, dict[Meld, tuple[int, int]]] = {}


def _points_of(rules: Ruleset) -> dict[Meld, tuple[int, int]]:
    """:data:`_POINTS` of ``rules`` (filled by :func:`_points`)."""
    known = _POINTS.get(rules)
    if known is None:
        known = _POINTS[rules] = {}
    elif len(known) > 100_000:
        known.clear()
    return known


def _points(m: Meld, rules: Ruleset) -> tuple[int, int]:
    """The opening value of meld ``m`` and the most its cards could add to a search's bound (a
    joker as 11, or 0 under ``open_without_jokers``), kept once worked out."""
    known = _points_of(rules)
    pts = known.get(m)
    if pts is None:
        joker = 0 if rules.open_without_jokers else 11
        ceiling = sum(joker if c >= JOKER_AS else RANK_VALUE[c % 13] for c in m)
        pts = known[m] = (meld_value(m, rules), ceiling)
    return pts


def _reaches_40(cover: list[int], rules: Ruleset, must: int, kept: bool) -> bool:
    """Whether disjoint melds of ``cover`` (one using ``must``) reach 40 and leave a card in hand
    (``kept``: the hand holds cards outside ``cover``)."""
    joker = 0 if rules.open_without_jokers else 11
    work = cover
    failed: dict[tuple[object, ...], int] = {}
    known = _points_of(rules)

    # ``upper``: the points the cards still in ``work`` could reach at most (the cards below the
    # lowest one held are all laid or set aside, so it is the whole of ``work``)
    # ``kept``: a card stays in hand (set aside here or outside ``cover``); whether the search
    # fails from a node depends on it, so it is part of the key of the failures remembered
    def dfs(k0: int, value: int, kept: bool, upper: int) -> bool:
        if value >= 40 and kept:
            return True
        k = k0
        while k < 52 and not work[k]:
            k += 1
        if k == 52:  # jokers not laid stay in hand
            return value >= 40 and work[52] > 0
        if value + upper < 40:
            return False
        key = (k, kept, bytes(work[k:]))
        if failed.get(key, -1) >= value:
            return False
        for m in melds_with(k, work, rules):
            if not _take(work, m, -1):
                continue
            pts = known.get(m) or _points(m, rules)
            ok = dfs(k, value + pts[0], kept, upper - pts[1])
            _take(work, m, 1)
            if ok:
                return True
        work[k] -= 1
        ok = dfs(k, value, True, upper - RANK_VALUE[k % 13])
        work[k] += 1
        if not ok:
            failed[key] = max(failed.get(key, -1), value)
        return ok

    start = sum(map(mul, _VALUES, work)) + joker * work[JOKER]
    if must < 0:
        return dfs(0, 0, kept, start)
    # the meld laying ``must`` first, then any others (the failures remembered serve them all)
    if not work[must]:
        return False
    if must == JOKER:
        firsts: Sequence[Meld] = [m for m in melds_of(work, rules) if uses(m, JOKER)]
    else:
        firsts = melds_with(must, work, rules)
    for m in firsts:
        if not _take(work, m, -1):
            continue
        pts = _points(m, rules)
        ok = False
        if pts[0] + start - pts[1] >= 40:
            rest = _covered(work, rules) if pts[0] < 40 else work
            # the rest of the hand lays at most its cards in some meld: search it if that may do
            if rest is not None and pts[0] + sum(map(mul, _VALUES, rest)) + joker * rest[JOKER] >= 40:
                ok = dfs(0, pts[0], kept, start - pts[1])
        _take(work, m, 1)
        if ok:
            return True
    return False
