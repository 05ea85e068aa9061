"""Penalties at the end of a hand (RULES §11)."""

from __future__ import annotations

from .cards import ACE, PENALTY_OF
from .rules import Ruleset
from .state import State


def simple_points(penalty: int) -> int:
    """The ``simple_scoring`` scale: 1–15 → 1, 16–25 → 2, 26–35 → 3 … at most 10 (RULES §11)."""
    return min(10, max(1, (penalty - 6) // 10 + 1))


def hand_penalty(hand: list[int]) -> int:
    """Penalty values of the cards in hand: an Ace alone counts 1, a joker 25 (RULES §1, §11)."""
    if len(hand) == 1 and hand[0] < 52 and hand[0] % 13 == ACE:
        return 1
    return sum(PENALTY_OF[k] for k in hand)


def hand_scores(st: State) -> list[int] | None:
    """What each seat pays for the hand once it is over: the closer 0 (less ``close_bonus``),
    a seat that has not opened 100 (``simple_scoring``: 10), everything doubled after a close in
    hand (RULES §9, §11); seats out of the match 0. None while the hand goes on."""
    if st.phase != "over":
        return None
    rules = st.rules
    out = []
    for s in range(st.n):
        if s in st.out:
            out.append(0)
            continue
        if s == st.closer:
            out.append(-rules.close_bonus)
            continue
        out.append(pays(st.hands[s], st.opened[s], st.in_hand, rules))
    return out


def pays(hand: list[int], opened: bool, in_hand: bool, rules: Ruleset) -> int:
    """What a seat that did not close pays: its hand's penalty (``simple_scoring``: on its
    scale), 100 if it has not opened (10), doubled after a close in hand (RULES §9, §11)."""
    if not opened:
        p = 10 if rules.simple_scoring else 100
    else:
        p = hand_penalty(hand)
        if rules.simple_scoring:
            p = simple_points(p)
    return p * 2 if in_hand else p
