"""Scores and tie-breaks (RULES §9, §10)."""

from __future__ import annotations

from collections.abc import Sequence

from .state import State


def hand_ranking(st: State) -> list[int]:
    """Seats best first for a hand nobody went out of, by RULES §10 (1): most points,
    then fewest cards, then the earliest last draw of the hand. [decided] A tie that survives all
    three goes to the seat that plays earliest after the dealer."""
    scores = st.hand_scores()
    n = st.n
    drew = hand_draw_order(st)
    return sorted(
        range(n),
        key=lambda s: (-scores[s], len(st.hands[s]), drew[s], (s - st.dealer - 1) % n),
    )


def hand_draw_order(st: State) -> list[int]:
    """Per seat, the order of its latest draw *in this hand* (-1: none): ``draw_order``
    restricted to the seats that drew this hand (RULES §10 [decided]: the real order in
    which cards left the pile, so two draws of one move are ordered too)."""
    return [o if d >= 0 else -1 for o, d in zip(st.draw_order, st.last_draw, strict=True)]


TIEBREAK_STEPS = ("points", "hands_won", "cards", "last_draw", "seat")


def match_ranking(
    scores: Sequence[int],
    hands_won: Sequence[int],
    cards: Sequence[int],
    last_draw: Sequence[int],
    dealer: int,
    one_hand: bool,
) -> tuple[list[int], str]:
    """Seats best first at the end of a match, and the step that decided first place.
    ``last_draw`` orders the seats' latest draws (higher = more recent; -1 = never drew):
    over the whole match for RULES §10 (2).

    One-hand match: most points, fewest cards, earliest last draw (RULES §10 (1)).
    Several hands or a target: most points, most hands won, fewest cards, and the one
    who drew most recently loses (RULES §10 (2)). [decided] Then seat order after the dealer.
    """
    n = len(scores)

    def key(s: int) -> tuple[int, ...]:
        hw = 0 if one_hand else -hands_won[s]
        return (-scores[s], hw, cards[s], last_draw[s], (s - dealer - 1) % n)

    order = sorted(range(n), key=key)
    decided = "seat"
    if n > 1:
        a, b = key(order[0]), key(order[1])
        steps = ("points", "hands_won", "cards", "last_draw", "seat")
        for i, step in enumerate(steps):
            if a[i] != b[i]:
                decided = step
                break
    return order, decided
