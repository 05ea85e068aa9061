"""A static estimate of who wins a hand from here: each seat's chance, for truncated playouts.

A conditional logit over the seats: seat ``i`` scores ``w · x_i`` and its chance is the
softmax of the scores. ``x_i`` holds its card count (one weight per count), its place in
the turn order from the seat to act, the points in its hand (weighing more as the draw
pile runs low, RULES §8–§10), its Jollies, Jacks and Aces, a pending chain it faces and a
Dernier call it owes. The weights (:data:`WEIGHTS`, one set per deck count and number of
players) were fitted to hands played by the playout policy (:mod:`dernier.bots.policy`).
"""

from __future__ import annotations

import math

from ..cards import ACE, JACK, JOKER, RANK_OF, VALUE_OF
from ..state import State

#: card counts above this share its weight
MAXC = 15
#: places in the turn order with a weight of their own (0 = the seat to act)
PLACES = 8
#: the draw pile is "running low" below this many cards
LOW_PILE = 12.0

Weights = tuple[float, ...]

#: (decks, players) → weights: card counts 0..MAXC, places 0..PLACES-1, then value/10,
#: value/10 × low pile, cards × low pile, Jollies, Jacks, Aces, pending/2 (seat to act),
#: Dernier owed
# fmt: off
WEIGHTS: dict[tuple[int, int], Weights] = {
    (1, 2): (
        0.0, 2.474, 1.673, 1.205, 0.844, 0.546, 0.295, 0.032, -0.235, -0.42, -0.764, -0.885, -1.186,
        -1.335, -1.11, -1.739, 0.045, -0.045, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.097, -0.58, 0.192, 1.163,
        0.652, 0.399, -0.4, 0.0
    ),
    (1, 3): (
        0.0, 2.449, 1.617, 1.163, 0.811, 0.522, 0.206, -0.059, -0.324, -0.516, -0.93, -1.19, -1.13,
        -1.527, -1.382, -1.722, 0.059, -0.003, -0.057, 0.0, 0.0, 0.0, 0.0, 0.0, 0.043, -0.885, 0.273,
        0.996, 0.642, 0.386, -0.424, 0.0
    ),
    (1, 4): (
        0.0, 2.057, 1.321, 0.896, 0.587, 0.385, 0.123, -0.092, -0.46, -0.707, -1.085, -1.279, -1.424,
        -1.543, -1.074, -1.104, 0.114, -0.0, -0.023, -0.09, 0.0, 0.0, 0.0, 0.0, -0.123, -1.019, 0.227,
        1.062, 0.607, 0.38, -0.615, 0.0
    ),
    (1, 5): (
        0.0, 1.761, 1.12, 0.838, 0.588, 0.384, 0.152, -0.13, -0.469, -0.767, -1.497, -1.615, -1.539,
        -1.214, -0.726, -0.444, 0.147, 0.016, -0.017, -0.048, -0.097, 0.0, 0.0, 0.0, -0.269, -1.203,
        0.196, 1.172, 0.657, 0.43, -0.829, 0.0
    ),
    (1, 6): (
        0.0, 1.355, 0.863, 0.663, 0.473, 0.325, 0.013, -0.209, -1.16, -1.275, -1.596, -1.273, -0.653,
        -0.5, -0.078, -0.038, 0.202, 0.031, -0.019, -0.042, -0.066, -0.106, 0.0, 0.0, -0.446, -1.187,
        0.061, 1.222, 0.614, 0.55, -1.086, 0.0
    ),
    (2, 2): (
        0.0, 2.423, 1.637, 1.259, 0.941, 0.713, 0.343, 0.101, -0.147, -0.414, -0.688, -0.869, -0.98,
        -1.284, -1.323, -1.822, 0.037, -0.037, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.079, -0.152, -0.25,
        0.877, 0.648, 0.406, -0.303, 0.0
    ),
    (2, 3): (
        0.0, 2.782, 1.908, 1.42, 1.06, 0.76, 0.402, 0.134, -0.161, -0.404, -0.66, -0.896, -1.174,
        -1.545, -1.872, -2.458, 0.065, -0.016, -0.051, 0.0, 0.0, 0.0, 0.0, 0.0, 0.102, 0.352, -0.388,
        0.515, 0.6, 0.317, -0.28, 0.0
    ),
    (2, 4): (
        0.0, 2.874, 1.98, 1.438, 1.027, 0.656, 0.29, -0.005, -0.319, -0.472, -0.803, -0.986, -1.42,
        -1.531, -1.848, -2.539, 0.097, -0.002, -0.034, -0.061, 0.0, 0.0, 0.0, 0.0, 0.083, -0.586, 0.421,
        0.43, 0.53, 0.288, -0.409, 0.0
    ),
    (2, 5): (
        0.0, 3.067, 2.127, 1.582, 1.141, 0.695, 0.334, 0.011, -0.352, -0.603, -0.849, -1.261, -1.544,
        -1.858, -2.104, -2.844, 0.116, 0.035, -0.018, -0.053, -0.08, 0.0, 0.0, 0.0, 0.083, 0.472,
        -0.439, 0.351, 0.497, 0.31, -0.373, 0.0
    ),
    (2, 6): (
        0.0, 2.865, 1.986, 1.377, 0.943, 0.564, 0.22, -0.086, -0.342, -0.636, -0.919, -1.234, -1.369,
        -1.577, -1.8, -2.631, 0.125, 0.021, 0.003, -0.026, -0.046, -0.077, 0.0, 0.0, 0.037, 0.476,
        -0.478, 0.332, 0.53, 0.239, -0.444, 0.0
    ),
    (2, 7): (
        0.0, 2.963, 2.098, 1.476, 1.025, 0.637, 0.279, -0.056, -0.361, -0.614, -0.954, -1.233, -1.632,
        -1.749, -2.21, -2.647, 0.119, 0.041, 0.017, -0.012, -0.039, -0.033, -0.094, 0.0, 0.01, 0.182,
        -0.247, 0.296, 0.56, 0.364, -0.412, 0.0
    ),
    (2, 8): (
        0.0, 3.137, 2.147, 1.543, 1.037, 0.637, 0.292, -0.029, -0.35, -0.635, -0.969, -1.293, -1.551,
        -1.823, -2.458, -3.087, 0.153, 0.039, 0.018, 0.003, -0.043, -0.028, -0.074, -0.068, 0.029,
        0.071, -0.102, 0.255, 0.554, 0.33, -0.453, 0.0
    ),
}
# fmt: on

_IS_JACK = tuple(k != JOKER and RANK_OF[k] == JACK for k in range(53))
_IS_ACE = tuple(k != JOKER and RANK_OF[k] == ACE for k in range(53))


def weights_for(decks: int, players: int) -> Weights:
    """The fitted weights closest to ``decks`` decks and ``players`` players."""
    w = WEIGHTS.get((decks, players))
    if w is not None:
        return w
    same = [k for k in WEIGHTS if k[0] == decks] or list(WEIGHTS)
    return WEIGHTS[min(same, key=lambda k: (abs(k[1] - players), k))]


def win_chance(st: State, seat: int, w: Weights) -> float:
    """The estimated chance that ``seat`` wins the hand (not over) from ``st``."""
    n = st.n
    t = st.turn
    d = st.direction
    base = MAXC + 1 + PLACES
    wv, wvl, wcl, wjk, wj, wa, wpend, wdue = w[base : base + 8]
    low = 1.0 - len(st.draw) / LOW_PILE
    if low < 0.0:
        low = 0.0
    vw = (wv + wvl * low) * 0.1
    cl = wcl * low
    value_of = VALUE_OF
    is_jack = _IS_JACK
    is_ace = _IS_ACE
    scores = [0.0] * n
    for i in range(n):
        h = st.hands[i]
        c = len(h)
        v = 0
        extra = 0.0
        for k in h:
            v += value_of[k]
            if k == JOKER:
                extra += wjk
            elif is_jack[k]:
                extra += wj
            elif is_ace[k]:
                extra += wa
        place = ((i - t) * d) % n
        sc = w[c if c < MAXC else MAXC] + v * vw + c * cl + extra
        if place < PLACES:
            sc += w[MAXC + 1 + place]
        if place == 0 and st.pending:
            sc += wpend * st.pending * 0.5
        scores[i] = sc
    for i in st.due:
        scores[i] += wdue
    top = max(scores)
    total = 0.0
    for i in range(n):
        total += math.exp(scores[i] - top)
    return math.exp(scores[seat] - top) / total
