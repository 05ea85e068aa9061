"""A tuned discard policy: medium's keep value with weights, the liveness of what a card waits
for, and a look-ahead on the draws to come (RULES §6, §7, §9).

Every weight is a constructor option, so that the policy can be measured on paired deals
(``benchmarks/scala40_paired.py``) and tuned; the defaults are the tuned values
(docs/SCALA40.md, "Bots"). What it knows comes from the view only, read as the hard bot reads it
(:func:`scala40.bots.search._unseen`, ``_known``, ``_passed``).
"""

from __future__ import annotations

import inspect
import random
from collections import Counter
from itertools import islice
from typing import Any

from ..cards import JOKER, JOKER_AS, KIND_OF, PENALTY_OF, RANK_VALUE
from ..finder import can_open, iter_openings, opening_exists
from ..melds import Meld, attach_kinds, swap_kinds
from .base import Seen, open_move
from .rollout import _last_discard, plausible
from .search import HardBot, _draws, _in_meld, _known, _passed, _unseen
from .simple import _discards, _positions

#: the hard bot's own options (samples, time, …), passed on
_HARD_OPTIONS = frozenset(inspect.signature(HardBot.__init__).parameters) - {"self"}

#: the tuned weights (see :class:`TunedBot`)
WEIGHTS: dict[str, float] = {
    "set_w": 3.0,
    "d1": 3.0,
    "d2": 1.5,
    "dup": 0.5,
    "live": 0.0,
    "pts": 0.0,
    "pen_closed": 8.0,
    "pen_open": 4.0,
    "feed": 40.0,
    "safe": 0.0,
    "danger": 0.0,
    "mc_w": 0.0,
    "mc_n": 4,
    "mc_samples": 24,
    "mc_depth": 3,
    "mc_decay": 0.7,
    "fd_w": 0.0,
    "fd_samples": 24,
    "fd_open_w": 1.0,
    "fd_tries": 6,
    "fd_rank": 0,
    "hi": 0.0,
    "risk_w": 0.0,
    "risk_open": 1.0,
    "open_alt": 0,
    "open_joker": 0.0,
    "open_att": 0.0,
    "open_slack": 0,
    "open_card": 0.0,
    "hard_discard": 0,
}

#: how often a card of each opening value (2 … 11) lets a seat that has not opened open by
#: taking it, measured on medium's hands (benchmarks: 11,080 discards of 300 hands)
_TAKE_RATE: dict[int, float] = {
    2: 0.044,
    3: 0.078,
    4: 0.128,
    5: 0.124,
    6: 0.15,
    7: 0.142,
    8: 0.173,
    9: 0.166,
    10: 0.209,
    11: 0.151,
}


class TunedBot(HardBot):
    """The hard bot's table play; each discard chosen by a weighted keep value and, before it
    opens, a look-ahead: how soon the hand that keeps the rest opens on sampled draws."""

    level = "hard"

    def __init__(self, **options: float) -> None:
        hard = {k: options.pop(k) for k in list(options) if k in _HARD_OPTIONS}
        super().__init__(**hard)  # type: ignore[arg-type]
        unknown = set(options) - set(WEIGHTS)
        if unknown:
            raise TypeError(f"unknown weights: {sorted(unknown)}")
        self.w = {**WEIGHTS, **options}

    def move(self, seen: Seen, rng: random.Random) -> str:
        """Medium's moves, but the opening laid is chosen among those laying the most cards by
        what it leaves in hand (``open_alt`` openings looked at)."""
        if self.w["open_alt"] and not seen.opened[seen.seat] and seen.phase in ("use", "play"):
            must = seen.taken if seen.phase == "use" else -1
            best = can_open(seen.counts, seen.rules, must)
            if best is not None:
                return open_move(self.opening(seen, best.melds, must))
        return super().move(seen, rng)

    def opening(self, seen: Seen, first: list[Meld], must: int) -> list[Meld]:
        """Among the openings laying as many cards as ``first``, the one whose cards left in
        hand fit best (and that keeps jokers in hand, by ``open_joker``)."""
        laid = sum(map(len, first))
        draws = _draws(seen, _unseen(seen))
        w = self.w
        best, best_score = first, None
        for melds in islice(iter_openings(seen.counts, seen.rules, must), int(w["open_alt"])):
            n = sum(map(len, melds))
            if n < laid - w["open_slack"]:
                continue
            counts = list(seen.counts)
            for m in melds:
                for c in m:
                    counts[JOKER if c >= JOKER_AS else c] -= 1
            score = w["open_joker"] * counts[JOKER] + w["open_card"] * n
            fits: set[int] = set()
            if w["open_att"]:
                for m in [*seen.melds, *melds]:
                    fits |= attach_kinds(m, seen.rules)
            for k, c in enumerate(counts[:JOKER]):
                if c:
                    score += c * (self.fit(counts, k, draws) + w["open_att"] * (k in fits))
            if best_score is None or score > best_score:
                best, best_score = melds, score
        return best

    def discard(self, seen: Seen, rng: random.Random) -> str:
        if self.w["hard_discard"]:
            return super().discard(seen, rng)
        kinds = sorted(set(_discards(seen)))
        if len(kinds) == 1:
            return "discard " + seen.codes[seen.hand.index(kinds[0])]
        draws = _draws(seen, _unseen(seen))
        info = _Info(seen)
        value = {k: self.keep(seen, k, draws, info) for k in kinds}
        w = self.w
        if w["fd_w"]:
            fed = self.feeds(seen, kinds, _unseen(seen), rng)
            scale = w["fd_w"] * (1.0 if not seen.opened[info.nxt] else w["fd_open_w"])
            for k in kinds:
                value[k] += scale * fed[k]
        if w["mc_w"] and not seen.opened[seen.seat]:
            top = sorted(kinds, key=lambda k: (value[k], k))[: int(w["mc_n"])]
            soon = self.opening_soon(seen, top, draws, rng)
            for k in top:
                value[k] -= w["mc_w"] * soon[k]
            kinds = top
        k = min(kinds, key=lambda k: (value[k], k))
        return "discard " + seen.codes[seen.hand.index(k)]

    def keep(self, seen: Seen, k: int, draws: Counter[int], info: _Info) -> float:
        """How much ``k`` is worth keeping (the lowest is thrown)."""
        if k == JOKER:
            return 100.0
        w = self.w
        counts = list(seen.counts)
        counts[k] -= 1
        v = self.fit(counts, k, draws)
        rank = k % 13
        if counts[k]:
            v += w["dup"]
        opened = seen.opened[seen.seat]
        if not opened:
            v += w["hi"] * RANK_VALUE[rank] / 10
            if v > 0:
                v += w["pts"] * RANK_VALUE[rank] / 10
            if w["pen_closed"]:
                v -= PENALTY_OF[k] / w["pen_closed"]
        elif w["pen_open"]:
            v -= PENALTY_OF[k] / w["pen_open"]
        if seen.opened[info.nxt]:
            for m in seen.melds:
                if k in swap_kinds(m) or k in attach_kinds(m, seen.rules):
                    v += w["feed"]
                    break
        if w["risk_w"] and not seen.opened[info.nxt]:
            v += w["risk_w"] * info.risk(k) * (w["risk_open"] if opened else 1.0)
        if info.safe_ranks is not None:
            if rank in info.safe_ranks or k in info.safe_kinds:
                v -= w["safe"]
            if info.known_counts is not None and _in_meld(k, info.known_counts, seen.rules):
                v += w["danger"]
        return v

    def fit(self, counts: list[int], k: int, draws: Counter[int]) -> float:
        """How well natural ``k`` fits the other cards of ``counts`` (which lacks it): set
        partners, run neighbours at distance 1 and 2, each weighed by how many of the cards
        that would complete it may still come (``live``)."""
        w = self.w
        live = w["live"]
        suit, rank = divmod(k, 13)
        v = 0.0
        partners = [s for s in range(4) if s != suit and counts[s * 13 + rank]]
        if len(partners) >= 2:
            v += 2 * w["set_w"]
        elif partners:
            missing = [s for s in range(4) if s != suit and s != partners[0]]
            n = sum(draws[s * 13 + rank] for s in missing)
            v += w["set_w"] * (1 + live * (n / 4 - 0.5) * 2)
        for p in _positions(k):
            for d in (1, 2):
                for q in (p - d, p + d):
                    if not (0 <= q <= 13 and counts[suit * 13 + q % 13]):
                        continue
                    if d == 1:
                        lo, hi = min(p, q) - 1, max(p, q) + 1
                        ends = [r for r in (lo, hi) if 0 <= r <= 13]
                        if any(counts[suit * 13 + r % 13] for r in ends):
                            v += w["d1"]
                            continue
                        n = sum(draws[suit * 13 + r % 13] for r in ends)
                        v += w["d1"] * (1 + live * (n / (2 * len(ends)) - 0.5) * 2)
                    else:
                        mid = (p + q) // 2
                        n = draws[suit * 13 + mid % 13]
                        v += w["d2"] * (1 + live * (n / 2 - 0.5) * 2)
        return v

    def opening_soon(
        self, seen: Seen, kinds: list[int], draws: Counter[int], rng: random.Random
    ) -> dict[int, float]:
        """Per discard kind, over sampled sequences of draws (the same for every kind): the
        mean of ``decay ** d`` for the first draw ``d`` after which the hand opens (0 if never)."""
        w = self.w
        pool = list(draws.elements())
        depth = int(w["mc_depth"])
        if len(pool) < depth:
            return dict.fromkeys(kinds, 0.0)
        seqs = [rng.sample(pool, depth) for _ in range(int(w["mc_samples"]))]
        rules = seen.rules
        decay = w["mc_decay"]
        out = {}
        for k in kinds:
            counts = list(seen.counts)
            counts[k] -= 1
            total = 0.0
            for seq in seqs:
                got = []
                for d, c in enumerate(seq):
                    counts[c] += 1
                    got.append(c)
                    if (c == JOKER or _in_meld_held(c, counts, rules)) and opening_exists(counts, rules):
                        total += decay**d
                        break
                for c in got:
                    counts[c] -= 1
            out[k] = total / len(seqs)
        return out

    def feeds(
        self, seen: Seen, kinds: list[int], unseen: Counter[int], rng: random.Random
    ) -> dict[int, float]:
        """Per discard kind, the chance that the next seat takes it to open or to lay it (RULES
        §6), on its hidden hand sampled to fit its play: the cards it took and has not laid, the
        rest unseen; a hand that could have opened (it would have) or used the card it left on
        the pile is drawn again."""
        nxt = seen.next_seat()
        rules = seen.rules
        out = dict.fromkeys(kinds, 0.0)
        if rules.take_needs_open and not seen.opened[nxt]:
            return out
        known = _known(seen).get(nxt, [])
        size = seen.sizes[nxt]
        pool = list(unseen.elements())
        free = max(0, size - len(known))
        if free > len(pool):
            return out
        passed = _passed(seen, nxt)
        rank = int(self.w["fd_rank"])
        barred = rules.no_discard_taken or rules.no_discard_attachable
        thrown = _last_discard(seen, nxt) if rank and not barred else -1
        n = int(self.w["fd_samples"])
        tries = int(self.w["fd_tries"])
        for _ in range(n):
            for _try in range(tries):
                hand = known[:size] + rng.sample(pool, free)
                if plausible(seen, nxt, hand, passed, thrown, rank):
                    break
            counts = [0] * 53
            for c in hand:
                counts[c] += 1
            for k in kinds:
                if k != JOKER:
                    out[k] += self._could_use(seen, nxt, k, counts, size)
        return {k: v / n for k, v in out.items()}


def _in_meld_held(c: int, counts: list[int], rules: Any) -> bool:
    """Whether natural ``c`` (held in ``counts``) forms a meld with the hand."""
    counts[c] -= 1
    found = _in_meld(c, counts, rules)
    counts[c] += 1
    return found


class _Info:
    """What the next seat showed: the ranks and cards it threw or passed (safe to give it) and
    the cards it is known to hold (it took them)."""

    def __init__(self, seen: Seen) -> None:
        self.nxt = seen.next_seat()
        self.safe_ranks: set[int] | None = None
        self.safe_kinds: set[int] = set()
        self.known_counts: list[int] | None = None
        history = seen.view.get("history", ())
        if not history:
            return
        self.safe_ranks = set()
        for entry in history[-12:]:
            if entry[0] == self.nxt and entry[1].startswith("discard "):
                kk = KIND_OF[entry[1][8:]]
                if kk != JOKER:
                    self.safe_ranks.add(kk % 13)
                    self.safe_kinds.add(kk)
        passed = _passed(seen, self.nxt)
        if passed >= 0:
            self.safe_kinds.add(passed)
        self.thrown: set[int] = set()
        self.thrown_ranks: set[int] = set()
        self.passed_ranks: set[int] = set()
        for entry in history:
            if entry[0] != self.nxt:
                continue
            if entry[1].startswith("discard "):
                kk = KIND_OF[entry[1][8:]]
                if kk != JOKER:
                    self.thrown.add(kk)
                    self.thrown_ranks.add(kk % 13)
            elif entry[1] == "draw" and len(entry) > 2 and entry[2] and entry[2] != "JK":
                self.passed_ranks.add(KIND_OF[entry[2]] % 13)
        known = _known(seen).get(self.nxt)
        if known:
            self.known_counts = [0] * 53
            for c in known:
                self.known_counts[c] += 1

    def risk(self, k: int) -> float:
        """How likely the next seat (not opened) takes ``k`` to open, from public signs: its
        opening value, whether that seat threw the same card or rank, or passed that rank."""
        r = _TAKE_RATE[RANK_VALUE[k % 13]]
        if k in self.thrown:
            r *= 0.13
        elif k % 13 in self.thrown_ranks:
            r *= 0.5
        if k % 13 in self.passed_ranks:
            r *= 0.6
        return r
