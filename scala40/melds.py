"""Melds: validation, canonical form, opening values, attachments, swaps (RULES §4, §5, §7, §8).

A meld is a tuple of meld cards (see :mod:`scala40.cards`) in canonical order: a run low to
high (``AH-2H-3H``, ``QH-KH-AH``), a set in suit order H D C S. Functions that judge return
the result or a ``str`` reason, so that hot paths need no exceptions.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .cards import JOKER_AS, RANK_VALUE, meld_card_code, parse_meld_card
from .errors import NotationError
from .rules import Ruleset

Meld = tuple[int, ...]


def stand(c: int) -> int:
    """The suited kind a meld card is or stands for."""
    return c - JOKER_AS if c >= JOKER_AS else c


_TEXT: dict[tuple[int, ...], str] = {}


def meld_str(meld: Sequence[int]) -> str:
    """The meld as written in moves (``5H-JK=6H-7H``); a tuple's text is kept once worked out."""
    if type(meld) is not tuple:
        return "-".join(meld_card_code(c) for c in meld)
    text = _TEXT.get(meld)
    if text is None:
        if len(_TEXT) > 100_000:
            _TEXT.clear()
        text = _TEXT[meld] = "-".join(meld_card_code(c) for c in meld)
    return text


def parse_meld(text: str) -> list[int]:
    """The cards of a meld string (``5H-JK=6H-7H``), in the order written; NotationError otherwise."""
    if not isinstance(text, str) or not text:
        raise NotationError(f"{text!r} is not a meld (cards joined by '-', e.g. '5H-JK=6H-7H')")
    return [parse_meld_card(code) for code in text.split("-")]


def is_run(meld: Sequence[int]) -> bool:
    """True for a run, False for a set (of a valid meld)."""
    return stand(meld[0]) % 13 != stand(meld[1]) % 13


def check_meld(cards: Sequence[int], rules: Ruleset) -> Meld | str:
    """The canonical meld of ``cards``, or the reason they are no valid meld (RULES §4, §5)."""
    n = len(cards)
    if n < 3:
        return "invalid meld: a meld has at least 3 cards (§4)"
    jokers = 0
    for c in cards:
        if c >= JOKER_AS:
            jokers += 1
    if jokers > rules.joker_limit:
        return "invalid meld: at most one joker per meld (§5)"
    if n - jokers < 2:
        return "invalid meld: a meld keeps at least two natural cards (§5)"
    stands = [c - JOKER_AS if c >= JOKER_AS else c for c in cards]
    ranks = {s % 13 for s in stands}
    suits = {s // 13 for s in stands}
    if len(ranks) == 1:
        if n > 4:
            return "invalid meld: a set holds at most 4 cards (§4)"
        if len(suits) != n:
            return "invalid meld: a set's cards are all of different suits (§4)"
        return tuple(sorted(cards, key=stand))
    if len(suits) != 1:
        return "invalid meld: not a set (one rank, different suits) nor a run (one suit, in sequence) (§4)"
    if n > rules.max_run:
        return f"invalid meld: a run holds at most {rules.max_run} cards (§4)"
    by_rank = sorted(cards, key=lambda c: (stand(c) % 13, c))
    aces = [c for c in by_rank if stand(c) % 13 == 0]
    others = by_rank[len(aces) :]
    other_ranks = [stand(c) % 13 for c in others]
    if len(aces) > 2 or len(set(other_ranks)) != len(other_ranks):
        return "invalid meld: a run holds each card once (§4)"
    if len(aces) == 2:
        order = [aces[0], *others, aces[1]]
        positions = [0, *other_ranks, 13]
    elif len(aces) == 1:
        order = [aces[0], *others]
        positions = [0, *other_ranks]
        if positions != list(range(n)):
            order = [*others, aces[0]]
            positions = [*other_ranks, 13]
    else:
        order = others
        positions = other_ranks
    if positions != list(range(positions[0], positions[0] + n)):
        return "invalid meld: a run's cards follow in sequence (K-A-2 never) (§4)"
    return tuple(order)


def meld_value(meld: Sequence[int], rules: Ruleset) -> int:
    """Opening value (RULES §1, §7): A 11 but 1 at the low end of a run; a joker its card's value
    (0 under ``open_without_jokers``)."""
    run = is_run(meld)
    total = 0
    for i, c in enumerate(meld):
        if c >= JOKER_AS:
            if rules.open_without_jokers:
                continue
            s = c - JOKER_AS
        else:
            s = c
        r = s % 13
        total += 1 if (r == 0 and run and i == 0) else RANK_VALUE[r]
    return total


@lru_cache(maxsize=16384)
def attach_result(meld: Meld, c: int, rules: Ruleset) -> tuple[Meld, ...] | str:
    """The meld(s) after attaching meld card ``c`` (RULES §4, §8): one meld, or the two halves of
    a run split at 6 cards; else the reason it does not fit. Kept once worked out (the table's
    moves work it out for every card that fits; making the move asks again)."""
    s = stand(c)
    if not is_run(meld):
        if len(meld) >= 4:
            return "a set holds at most 4 cards (§4)"
        if s % 13 != stand(meld[0]) % 13:
            return "the card is not of the set's rank (§8)"
        if any(stand(x) == s for x in meld):
            if c < JOKER_AS and JOKER_AS + s in meld:
                return "a card a joker stands for is swapped, not attached (§5, §8)"
            return "the set already holds that suit (§4)"
        new = check_meld((*meld, c), rules)
        return new if isinstance(new, str) else (new,)
    first = stand(meld[0])
    if s // 13 != first // 13:
        return "the card is not of the run's suit (§8)"
    lo = first % 13
    hi = lo + len(meld) - 1
    r = s % 13
    pos = (0 if lo == 1 else 13) if r == 0 else r
    if pos == lo - 1:
        cards: Meld = (c, *meld)
    elif pos == hi + 1:
        cards = (*meld, c)
    else:
        if c < JOKER_AS and JOKER_AS + s in meld:
            return "a card a joker stands for is swapped, not attached (§5, §8)"
        return "the card fits at neither end of the run (§8)"
    if len(cards) > rules.max_run:
        if len(cards) != 6:  # pragma: no cover - runs never exceed the limit
            return "the run would be too long (§4)"
        low = check_meld(cards[:3], rules)
        high = check_meld(cards[3:], rules)
        if isinstance(low, str) or isinstance(high, str):
            return "the run of 6 would split into an invalid half (§4)"
        return (low, high)
    new = check_meld(cards, rules)
    return new if isinstance(new, str) else (new,)


@lru_cache(maxsize=8192)
def attach_kinds(meld: Meld, rules: Ruleset) -> frozenset[int]:
    """The natural kinds that attach to ``meld`` (RULES §8), a split included."""
    return frozenset(k for k in joker_stands(meld, rules, natural=True))


@lru_cache(maxsize=8192)
def swap_kinds(meld: Meld) -> frozenset[int]:
    """The natural kinds that swap for a joker of ``meld`` (RULES §5)."""
    return frozenset(c - JOKER_AS for c in meld if c >= JOKER_AS)


@lru_cache(maxsize=8192)
def joker_stands(meld: Meld, rules: Ruleset, natural: bool = False) -> tuple[int, ...]:
    """The cards a joker attached to ``meld`` could stand for (empty when none fits); with
    ``natural``, the natural cards that attach instead."""
    if is_run(meld):
        first = stand(meld[0])
        suit, lo = divmod(first, 13)
        hi = lo + len(meld) - 1
        cand = []
        if lo > 0:
            cand.append(suit * 13 + lo - 1)
        if hi < 13:
            cand.append(suit * 13 + (hi + 1) % 13)
    else:
        if len(meld) >= 4:
            return ()
        rank = stand(meld[0]) % 13
        have = {stand(x) // 13 for x in meld}
        cand = [su * 13 + rank for su in range(4) if su not in have]
    add = 0 if natural else JOKER_AS
    return tuple(k for k in cand if not isinstance(attach_result(meld, add + k, rules), str))


def swap_result(meld: Meld, k: int) -> Meld | None:
    """``meld`` with natural ``k`` in place of the joker standing for it, or None."""
    j = JOKER_AS + k
    if j not in meld:
        return None
    return tuple(k if x == j else x for x in meld)


def meld_kinds(meld: Sequence[int]) -> list[int]:
    """The hand kinds a meld uses (a joker is kind 52)."""
    return [52 if c >= JOKER_AS else c for c in meld]
