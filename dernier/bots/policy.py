"""Small int-level helpers shared by the bots, and the fast playout policy of the search.

The playout policy is a fast int-level version of the medium bot, so that the search's
playouts expect the opponents to play sensibly: answer a chain when it can; among the
normal cards that fit prefer one that leaves cards of the new suit, attack (A, Q, Jolly on
the next player, 7 on the previous one) the player closest to going out, turn away from it
with a K and dump high cards when someone is close (with some random spread); keep J and
Jolly for when nothing else fits; play a drawn card that fits; choose the suit it holds
most of; always call Dernier.
"""

from __future__ import annotations

import random

from ..cards import ACE, JACK, JOKER, KING, QUEEN, RANK_OF, SEVEN, SUIT_OF, VALUE_OF
from ..moves import CALL_FLAG, CHOOSE, DRAW, NAMED_SHIFT, PASS, SUIT_SHIFT
from ..rules import Ruleset
from ..scoring import hand_ranking
from ..state import State

_CHOOSE = tuple(CHOOSE | ((s + 1) << SUIT_SHIFT) for s in range(4))
_IS_WILD = tuple(k == JOKER or RANK_OF[k] == JACK for k in range(53))
_IS_ACE = tuple(k != JOKER and RANK_OF[k] == ACE for k in range(53))
#: an opponent with this many cards or fewer is close to going out
DANGER = 2
#: random spread added to the scores of the playable cards
NOISE = 2.0


def suit_counts(hand: list[int], skip: int = -1) -> list[int]:
    """Cards of each suit in ``hand`` (J and Jolly not counted), one ``skip`` kind left out."""
    c = [0, 0, 0, 0]
    for k in hand:
        if k == skip:
            skip = -1
            continue
        if not _IS_WILD[k]:
            c[SUIT_OF[k]] += 1
    return c


def best_suit(hand: list[int], skip: int = -1, fallback: int = 0) -> int:
    """The suit ``hand`` holds most of (ties: the lowest suit index), ``fallback`` if none."""
    c = suit_counts(hand, skip)
    best = max(c)
    if best == 0:
        return fallback
    return c.index(best)


def play_int(rules: Ruleset, kind: int, hand: list[int], suit: int, call: bool = True) -> int:
    """The play move of ``kind`` from ``hand`` choosing ``suit`` (for J / Jolly), with the
    Dernier call when it leaves one card and ``call``. A traditional wild Jolly stands for
    the Ace of ``suit`` (an attack that also sets the suit)."""
    if kind == JOKER:
        if rules.jolly == "wild":
            m = JOKER | ((suit * 13 + ACE + 1) << NAMED_SHIFT)
        else:
            m = JOKER | ((suit + 1) << SUIT_SHIFT)
    elif RANK_OF[kind] == JACK:
        m = kind | ((suit + 1) << SUIT_SHIFT)
    else:
        m = kind
    if call and len(hand) == 2:
        m |= CALL_FLAG
    return m


def policy_move(st: State, rng: random.Random) -> int:
    """The playout policy's move for the seat to act (the state must not be over)."""
    seat = st.turn
    hand = st.hands[seat]
    rules = st.rules
    if st.choosing:
        return _CHOOSE[best_suit(hand)]
    d = st.drawn
    if d >= 0:
        if st.playable(d) and (d != JOKER or len(hand) > 1 or rules.jolly_can_close):
            if _IS_WILD[d]:
                return play_int(rules, d, hand, best_suit(hand, d, rng.randrange(4)))
            return d | CALL_FLAG if len(hand) == 2 else d
        return PASS
    if st.pending:
        if st.chain_rank() == JOKER:
            if JOKER in hand and (len(hand) > 1 or rules.jolly_can_close):
                return play_int(rules, JOKER, hand, best_suit(hand, JOKER, rng.randrange(4)))
            return DRAW
        aces = [k for k in hand if _IS_ACE[k]]
        if aces:
            ace = aces[0]
            if len(aces) > 1:
                counts = suit_counts(hand)
                ace = max(aces, key=lambda k: counts[SUIT_OF[k]])
            return ace | CALL_FLAG if len(hand) == 2 else ace
        return DRAW
    top = st.discard[-1]
    if top == JOKER and st.wild >= 0:
        top = st.wild
    suit = st.suit if st.suit >= 0 else SUIT_OF[top]
    trank = RANK_OF[top]
    first = -1
    more: list[int] | None = None
    wild = -1
    is_wild = _IS_WILD
    suit_of = SUIT_OF
    rank_of = RANK_OF
    for k in hand:
        if is_wild[k]:
            if k != JOKER or wild < 0:
                wild = k
        elif suit_of[k] == suit or rank_of[k] == trank:
            if first < 0:
                first = k
            elif more is None:
                more = [first, k]
            else:
                more.append(k)
    hands = st.hands
    n = st.n
    nxt = (seat + st.direction) % n
    ncnt = len(hands[nxt])
    closest = ncnt
    for s in range(n):
        if s != seat and len(hands[s]) < closest:
            closest = len(hands[s])
    danger = closest <= DANGER
    if danger and ncnt == closest and JOKER in hand and len(hand) > 1:
        return play_int(rules, JOKER, hand, best_suit(hand, JOKER, rng.randrange(4)))
    if first >= 0 and (more is not None or danger):
        # like the medium bot: keep a suit it holds, attack the player closest to going
        # out, turn away from it, dump high cards when someone is close
        cands = more if more is not None else [first]
        counts = suit_counts(hand)
        pcnt = len(hands[(seat - st.direction) % n])
        rand = rng.random
        vw = 0.6 if danger else 0.1
        half = 1.0 if danger or n == 2 else 0.5
        best_score = -1e9
        for k in cands:
            r = rank_of[k]
            score = 2.0 * counts[suit_of[k]] + VALUE_OF[k] * vw + rand() * NOISE
            if r == ACE:
                score += 4.0 + (12.0 * half if ncnt == closest else 0.0)
            elif r == SEVEN:
                score += 4.0 + (12.0 * half if pcnt == closest else 0.0)
            elif r == QUEEN:
                if n == 2:
                    score += 6.0
                elif ncnt == closest:
                    score += 10.0 if danger else 5.0
            elif r == KING and n > 2:
                if ncnt == closest and pcnt != closest:
                    score += 8.0 if danger else 3.0
                elif pcnt == closest and ncnt != closest:
                    score -= 8.0 if danger else 3.0
            if score > best_score:
                best_score = score
                first = k
    if first >= 0:
        return first | CALL_FLAG if len(hand) == 2 else first
    if wild >= 0 and (wild != JOKER or len(hand) > 1 or rules.jolly_can_close):
        return play_int(rules, wild, hand, best_suit(hand, wild, rng.randrange(4)))
    return DRAW


def playout(st: State, rng: random.Random, depth: int = 1 << 30) -> int:
    """Play the hand with :func:`policy_move` (every due seat calls, and with anticipo every
    seat jumps in when it can) to its end or for at most ``depth`` moves; moves made."""
    moves = 0
    jumps = st.rules.anticipo
    while st.turn >= 0 and moves < depth:
        if st.due:
            for s in st.due[:]:
                st.call(s)
        if jumps and _jump(st):
            moves += 1
            continue
        st.apply(policy_move(st, rng))
        moves += 1
    return moves


def _jump(st: State) -> bool:
    """Anticipo (RULES §12): the first seat after the one to act that may jump in does."""
    seats = st.jump_seats()
    if not seats:
        return False
    st.jump(seats[0], st.jump_moves(seats[0])[-1])
    return True


def hand_winner(st: State) -> int:
    """Who won a finished hand: who went out, else the best by RULES §10 (1)."""
    if st.winner >= 0:
        return st.winner
    return hand_ranking(st)[0]
