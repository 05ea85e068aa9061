"""The hard bot: it weighs each discard by what it keeps (medium's keep value) and by the chance
that the next seat uses the card, on hidden hands sampled to fit everything seen (RULES §6, §9).

What it knows comes from the view only: its hand, the table, the whole pile, and the public
history (each ``take`` names the card taken, each ``draw`` the top card passed). Cards a seat
took and has not laid since are known to be in its hand; the rest of every hidden hand is
sampled from the cards not seen.
"""

from __future__ import annotations

import random
import time
from collections import Counter

from ..cards import DECK_COUNT, JOKER, JOKER_AS, KIND_OF
from ..finder import melds_with, opening_exists
from ..melds import attach_kinds, swap_kinds
from .base import Seen
from .simple import MediumBot, keep_value

#: hidden hands sampled per decision
DEFAULT_SAMPLES = 24


def _unseen(seen: Seen) -> Counter[int]:
    """The cards this seat has not seen: not in its hand, on the table or in the pile."""
    left = Counter({k: DECK_COUNT[k] for k in range(53)})
    left.subtract(seen.hand)
    left.subtract(seen.discard)
    for m in seen.melds:
        left.subtract(JOKER if c >= JOKER_AS else c for c in m)
    return +left


def _known(seen: Seen) -> dict[int, list[int]]:
    """Per seat, the cards it took from the pile and has not laid since (public history)."""
    known: dict[int, list[int]] = {}
    for entry in seen.view.get("history", ()):
        seat, move = entry[0], entry[1]
        top = entry[2] if len(entry) > 2 else None
        if seat == seen.seat:
            continue
        if move == "take" and top:
            known.setdefault(seat, []).append(KIND_OF[top])
        elif move.startswith(("open ", "meld ", "attach ", "swap ", "discard ")):
            cards = known.get(seat)
            if not cards:
                continue
            laid = move.split(" ", 1)[1].replace(" ", "-").split("-")
            for code in laid:
                k = KIND_OF.get(code[3:] if code.startswith("JK=") else code)
                if code.startswith("JK="):
                    k = JOKER
                if k is not None and k in cards:
                    cards.remove(k)
    return known


class HardBot(MediumBot):
    """Medium's table play, jokers kept for the end, discards weighed on sampled hidden hands."""

    level = "hard"

    def __init__(
        self, samples: int = DEFAULT_SAMPLES, cost: float = 4.0, evaluations: int = 160, seconds: float = 0.1
    ) -> None:
        self.samples = samples
        #: at most this many (hidden hand, discard) checks per decision
        self.evaluations = evaluations
        #: past this many seconds of sampling (and at least 4 samples), the bot decides with
        #: what it has: the same view and rng give the same move unless time runs out
        self.seconds = seconds
        #: how much a discard the next seat can use weighs, in cards kept
        self.cost = cost

    def joker_ok(self, seen: Seen) -> bool:
        """A joker stays in hand (the last card a joker closes for sure) unless attaching it
        closes now or someone is about to close."""
        return len(seen.hand) == 2 or self._hurry(seen)

    @staticmethod
    def _hurry(seen: Seen) -> bool:
        """Someone is close to closing: a joker in hand would cost 25."""
        return any(
            seen.opened[s] and seen.sizes[s] <= 4
            for s in range(seen.n)
            if s != seen.seat and s not in seen.out
        )

    def danger(
        self, seen: Seen, kinds: list[int], unseen: Counter[int], rng: random.Random
    ) -> dict[int, float]:
        """Per discard kind, the chance the next seat can use it (sampled hidden hands)."""
        nxt = seen.next_seat()
        rules = seen.rules
        known = _known(seen).get(nxt, [])
        out = dict.fromkeys(kinds, 0.0)
        if rules.take_needs_open and not seen.opened[nxt]:
            return out
        for k in kinds:
            if seen.opened[nxt] and any(
                k != JOKER and (k in swap_kinds(m) or k in attach_kinds(m, rules)) for m in seen.melds
            ):
                out[k] = 1.0
        pool = list(unseen.elements())
        size = seen.sizes[nxt]
        free = max(0, size - len(known))
        if not pool or free > len(pool):
            return out
        hits = dict.fromkeys(kinds, 0)
        samples = self.samples if seen.opened[nxt] else max(1, self.samples // 2)
        samples = max(4, min(samples, self.evaluations // max(1, len(kinds))))
        deadline = time.perf_counter() + self.seconds
        done = 0
        for _ in range(samples):
            if done >= 4 and time.perf_counter() > deadline:
                break
            done += 1
            hand = known[:size] + rng.sample(pool, free)
            counts = [0] * 53
            for c in hand:
                counts[c] += 1
            for k in kinds:
                if out[k] >= 1.0 or k == JOKER:
                    continue
                counts[k] += 1
                if seen.opened[nxt]:
                    ok = any(len(m) <= size for m in melds_with(k, counts, rules))
                else:
                    ok = opening_exists(counts, rules, k)
                counts[k] -= 1
                hits[k] += ok
        for k in kinds:
            if out[k] < 1.0:
                out[k] = hits[k] / done
        return out

    def discard(self, seen: Seen, rng: random.Random) -> str:
        kinds = sorted({KIND_OF[m[8:]] for m in seen.legal if m.startswith("discard ")})
        if len(kinds) == 1:
            return "discard " + seen.codes[seen.hand.index(kinds[0])]
        unseen = _unseen(seen)
        danger = self.danger(seen, kinds, unseen, rng)
        nxt = seen.next_seat()
        cost = self.cost * (1.2 if seen.opened[nxt] else 1.0)
        scores = {}
        for k in kinds:
            scores[k] = -keep_value(seen, k, feed=False) / 3.0 - cost * danger[k]
        k = max(kinds, key=lambda k: (scores[k], -k))
        return "discard " + seen.codes[seen.hand.index(k)]
