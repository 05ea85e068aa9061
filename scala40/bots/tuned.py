"""The hard level: the discard weigher of :mod:`scala40.bots.search` and a tuned choice of the
opening (RULES §7).

Medium opens with the opening that lays the most cards, whatever it leaves in hand. This bot
looks at up to ``open_alt`` openings of its hand (the taken card in one of them when it took),
laying as many cards as the most, or ``open_slack`` fewer, and lays the one that scores best:
``open_card`` per card laid plus how well each card left in hand fits the others (set partners,
run neighbours at distance 1 and 2, each weighed by how many cards that would complete it may
still come). The weights were tuned on paired deals (``benchmarks/scala40_paired.py``); every
variant measured is in docs/SCALA40.md ("Bots"). It reads the view only.
"""

from __future__ import annotations

import inspect
import random
from collections import Counter
from itertools import islice

from ..cards import JOKER, JOKER_AS
from ..finder import can_open, iter_openings
from ..melds import Meld
from .base import Seen, open_move
from .search import HardBot, _draws, _unseen
from .simple import _positions

#: the tuned weights (see the module's text)
WEIGHTS: dict[str, float] = {
    "open_alt": 100,
    "open_slack": 1,
    "open_card": 6.0,
    "set_w": 3.0,
    "d1": 3.0,
    "d2": 1.5,
    "live": 0.0,
}

#: the discard weigher's options the hard level sets: in a match, with 30 points or fewer left
#: before going out (RULES §12), a discard's penalty weighs 1.0 per 10 points and a joker is laid
#: as soon as it can be (docs/SCALA40.md, "The match")
MATCH_OPTIONS: dict[str, float] = {"room": 30, "room_pen": 1.0}

#: the discard weigher's own options (samples, time, …), passed on
_HARD_OPTIONS = frozenset(inspect.signature(HardBot.__init__).parameters) - {"self"}


class TunedBot(HardBot):
    """The hard bot: the discard weigher's play, the opening chosen by what it leaves in hand."""

    level = "hard"

    def __init__(self, **options: float) -> None:
        hard = {**MATCH_OPTIONS, **{k: options.pop(k) for k in list(options) if k in _HARD_OPTIONS}}
        super().__init__(**hard)  # type: ignore[arg-type]
        unknown = set(options) - set(WEIGHTS)
        if unknown:
            raise TypeError(f"unknown options: {sorted(unknown)}")
        self.w = {**WEIGHTS, **options}

    def move(self, seen: Seen, rng: random.Random) -> str:
        if not seen.opened[seen.seat] and seen.phase in ("use", "play"):
            must = seen.taken if seen.phase == "use" else -1
            best = can_open(seen.counts, seen.rules, must)
            if best is not None:
                return open_move(self.opening(seen, best.melds, must))
        return super().move(seen, rng)

    def opening(self, seen: Seen, first: list[Meld], must: int) -> list[Meld]:
        """The opening to lay: ``first`` (medium's, the most cards) or one of the others laying
        at most ``open_slack`` fewer cards, the best by cards laid and the fit of those left."""
        w = self.w
        laid = sum(map(len, first))
        draws = _draws(seen, _unseen(seen))
        best, best_score = first, self.score(seen.counts, first, draws)
        for melds in islice(iter_openings(seen.counts, seen.rules, must), int(w["open_alt"])):
            if sum(map(len, melds)) < laid - w["open_slack"]:
                continue
            score = self.score(seen.counts, melds, draws)
            if score > best_score:
                best, best_score = melds, score
        return best

    def score(self, hand: list[int], melds: list[Meld], draws: Counter[int]) -> float:
        """``open_card`` per card laid, plus the fit of every natural card left in hand."""
        counts = list(hand)
        for m in melds:
            for c in m:
                counts[JOKER if c >= JOKER_AS else c] -= 1
        score = self.w["open_card"] * sum(map(len, melds))
        for k, n in enumerate(counts[:JOKER]):
            if n:
                counts[k] -= 1
                score += n * self.fit(counts, k, draws)
                counts[k] += 1
        return score

    def fit(self, counts: list[int], k: int, draws: Counter[int]) -> float:
        """How well natural ``k`` fits the cards of ``counts`` (which lacks it): set partners
        (``set_w``), run neighbours at distance 1 and 2 (``d1``, ``d2``); an incomplete piece
        weighed by how many of the cards that complete it may still be drawn (``live``)."""
        w = self.w
        live = w["live"]
        suit, rank = divmod(k, 13)
        v = 0.0
        partners = [s for s in range(4) if s != suit and counts[s * 13 + rank]]
        if len(partners) >= 2:
            v += 2 * w["set_w"]
        elif partners:
            n = sum(draws[s * 13 + rank] for s in range(4) if s not in (suit, partners[0]))
            v += w["set_w"] * (1 + live * (n / 4 - 0.5) * 2)
        for p in _positions(k):
            for d in (1, 2):
                for q in (p - d, p + d):
                    if not (0 <= q <= 13 and counts[suit * 13 + q % 13]):
                        continue
                    if d == 1:
                        ends = [r for r in (min(p, q) - 1, max(p, q) + 1) if 0 <= r <= 13]
                        if any(counts[suit * 13 + r % 13] for r in ends):
                            v += w["d1"]
                            continue
                        n = sum(draws[suit * 13 + r % 13] for r in ends)
                        v += w["d1"] * (1 + live * (n / (2 * len(ends)) - 0.5) * 2)
                    else:
                        n = draws[suit * 13 + (p + q) // 2 % 13]
                        v += w["d2"] * (1 + live * (n / 2 - 0.5) * 2)
        return v
