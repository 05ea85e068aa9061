"""Fit the weights of ``dernier/bots/value.py`` (the hard bot's estimate of who wins a hand).

Plays hands with the playout policy for every seat, samples states along the way, and fits
a conditional logit (softmax over the seats) of who won. Prints the ``WEIGHTS`` table to
paste into ``dernier/bots/value.py``. Needs numpy (a development tool: the game does not).

    python scripts/fit_value.py            # every (decks, players) the bots use
    python scripts/fit_value.py --hands 2000 --steps 400   # quicker, rougher
"""

from __future__ import annotations

import argparse
import random
import sys
import textwrap
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

from dernier.bots.policy import hand_winner, policy_move
from dernier.bots.value import LOW_PILE, MAXC, PLACES
from dernier.cards import ACE, JACK, JOKER, RANK_OF, VALUE_OF, deck_kinds
from dernier.rules import ruleset
from dernier.state import State


def features(st: State) -> list[list[float]]:
    """One row per seat, in the order ``value.win_chance`` weighs them."""
    n, t, d = st.n, st.turn, st.direction
    low = max(0.0, 1.0 - len(st.draw) / LOW_PILE)
    rows = []
    for i in range(n):
        h = st.hands[i]
        c = len(h)
        v = sum(VALUE_OF[k] for k in h) / 10.0
        count = [0.0] * (MAXC + 1)
        count[min(c, MAXC)] = 1.0
        place = [0.0] * PLACES
        dist = ((i - t) * d) % n
        if dist < PLACES:
            place[dist] = 1.0
        jollies = sum(1 for k in h if k == JOKER)
        jacks = sum(1 for k in h if k != JOKER and RANK_OF[k] == JACK)
        aces = sum(1 for k in h if k != JOKER and RANK_OF[k] == ACE)
        pending = st.pending / 2.0 if dist == 0 else 0.0
        due = 1.0 if i in st.due else 0.0
        rows.append(count + place + [v, v * low, c * low, jollies, jacks, aces, pending, due])
    return rows


def samples(decks: int, n: int, hands: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rules = ruleset("official" if decks == 1 else {"preset": "traditional", "min_players": 2})
    rng = random.Random(seed)
    xs: list[list[list[float]]] = []
    ys: list[int] = []
    for _ in range(hands):
        deck = list(deck_kinds(rules.decks, rules.jollies_per_deck))
        rng.shuffle(deck)
        st = State.deal(rules, n, rng.randrange(n), deck, seed=rng.randrange(1 << 30), log=False)
        seen = []
        moves = 0
        while st.turn >= 0 and moves < 3000:
            for s in st.due[:]:
                st.call(s)
            if rng.random() < 0.3:
                seen.append(features(st))
            st.apply(policy_move(st, rng))
            moves += 1
        if st.turn >= 0:
            continue
        w = hand_winner(st)
        xs += seen
        ys += [w] * len(seen)
    return np.array(xs), np.array(ys)


def fit(x: np.ndarray, y: np.ndarray, steps: int, lr: float = 0.05, l2: float = 1e-4) -> np.ndarray:
    """Adam on the mean negative log-likelihood of the softmax over seats."""
    w = np.zeros(x.shape[2])
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    rows = np.arange(len(x))
    for it in range(1, steps + 1):
        z = x @ w
        z -= z.max(1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(1, keepdims=True)
        p[rows, y] -= 1.0
        g = np.einsum("ni,nif->f", p, x) / len(x) + l2 * w
        m = 0.9 * m + 0.1 * g
        v = 0.999 * v + 0.001 * g * g
        w -= lr * (m / (1 - 0.9**it)) / (np.sqrt(v / (1 - 0.999**it)) + 1e-8)
    return w


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=6000, help="hands per table (two decks: 40%%)")
    ap.add_argument("--steps", type=int, default=700)
    args = ap.parse_args()
    tables = [(1, n) for n in range(2, 7)] + [(2, n) for n in range(2, 9)]
    print("WEIGHTS: dict[tuple[int, int], Weights] = {")
    for decks, n in tables:
        hands = args.hands if decks == 1 else args.hands * 2 // 5
        x, y = samples(decks, n, hands, seed=99 + n)
        w = fit(x, y, args.steps)
        body = ", ".join(repr(round(float(a), 3)) for a in w)
        print(f"    ({decks}, {n}): (")
        print("\n".join("        " + line for line in textwrap.wrap(body, 96)))
        print("    ),", flush=True)
    print("}")


if __name__ == "__main__":
    main()
