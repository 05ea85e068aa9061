"""The hard bot: it weighs each discard by the hand it keeps and by what the next seat could do
with the card, on hidden hands sampled to fit everything seen (RULES §6, §9).

What it knows comes from the view only: its hand, the table, the whole pile, and the public
history (each ``take`` names the card taken, each ``draw`` the top card passed). Cards a seat
took and has not laid since are known to be in its hand; the rest of every hidden hand is
sampled from the cards not seen, avoiding cards related to tops the seat passed.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ..cards import DECK_COUNT, JOKER, JOKER_AS, KIND_OF, PENALTY_OF, RANK_VALUE
from ..finder import best_opening, can_open, melds_with
from ..melds import attach_result, joker_stands
from .base import Seen
from .simple import MediumBot, _use_taken, keep_value

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


def _partials(counts: list[int], unseen: Counter[int], by_rank: bool = False) -> float:
    """How close the loose cards are to melds: pairs of a rank and near cards of a suit, weighted
    by the unseen cards that would complete them."""
    bonus = 0.0
    for k in range(52):
        if not counts[k]:
            continue
        suit, rank = divmod(k, 13)
        for s in range(suit + 1, 4):
            if counts[s * 13 + rank]:
                outs = sum(unseen[t * 13 + rank] for t in range(4) if t not in (suit, s))
                w = RANK_VALUE[rank] / 8.0 if by_rank else 1.0
                bonus += 0.12 * min(outs, 4) * w
        for d in (1, 2):
            r2 = rank + d
            if r2 > 13:
                continue
            k2 = suit * 13 + r2 % 13
            if counts[k2]:
                need = [suit * 13 + (rank + 1) % 13] if d == 2 else []
                if d == 1:
                    if rank >= 1:
                        need.append(suit * 13 + rank - 1)
                    if r2 + 1 <= 13:
                        need.append(suit * 13 + (r2 + 1) % 13)
                outs = sum(unseen[t] for t in need)
                w = (RANK_VALUE[rank] + RANK_VALUE[r2 % 13]) / 16.0 if by_rank else 1.0
                bonus += 0.1 * min(outs, 4) * w
    return bonus


class HardBot(MediumBot):
    """Medium's table play, with discards (and joker attachments) chosen by a sampled search."""

    level = "hard"

    def __init__(self, samples: int = DEFAULT_SAMPLES, cost: float = 4.0, mode: str = "keep") -> None:
        self.samples = samples
        #: "keep": medium's keep value of each card; "shed": the cards the hand expects to lay
        self.mode = mode
        #: how much a discard the next seat can use weighs, in cards kept
        self.cost = cost

    def decide(self, view: dict[str, Any], rng: random.Random) -> str:
        seen = Seen(view)
        if seen.phase == "draw":
            return "take" if "take" in seen.legal else "draw"
        if seen.phase == "use":
            return _use_taken(seen)
        if seen.phase == "play":
            if not seen.opened[seen.seat]:
                best = can_open(seen.counts, seen.rules)
                if best is not None:
                    from .base import open_move

                    return open_move(best.melds)
            else:
                move = self.table_move(seen)
                if move:
                    return move
        return self.discard(seen, rng)

    def table_move(self, seen: Seen) -> str | None:
        """Medium's, but a joker stays in hand (the last card a joker closes for sure) unless
        attaching it closes now or someone is about to close."""
        legal = seen.legal
        swaps = [m for m in legal if m.startswith("swap ")]
        if swaps:
            return swaps[0]
        melds = [m for m in legal if m.startswith("meld ")]
        if melds:
            return min(melds, key=lambda m: (m.count("JK"), -m.count("-"), m))
        attaches = [m for m in legal if m.startswith("attach ") and "JK" not in m]
        if attaches:
            return attaches[0]
        jokers = [m for m in legal if m.startswith("attach ") and "JK" in m]
        if jokers and (len(seen.hand) == 2 or self._hurry(seen)):
            return jokers[0]
        return None

    @staticmethod
    def _hurry(seen: Seen) -> bool:
        """Someone is close to closing: a joker in hand would cost 25."""
        return any(
            seen.opened[s] and seen.sizes[s] <= 4
            for s in range(seen.n)
            if s != seen.seat and s not in seen.out
        )

    def hand_value(self, seen: Seen, counts: list[int], unseen: Counter[int]) -> float:
        """How good a hand is to keep: cards it can lay, cards that attach, near melds, penalty."""
        rules = seen.rules
        opened = seen.opened[seen.seat]
        if not opened:
            best = best_opening(counts, rules, objective="points")
            rest = list(counts)
            pts = 0
            if best is not None:
                pts = best.value
                for m in best.melds:
                    for c in m:
                        rest[JOKER if c >= JOKER_AS else c] -= 1
            value = min(pts, 40) / 8.0 + (3.0 if pts >= 40 else 0.0) + 0.3 * (sum(counts) - sum(rest))
            value += 1.5 * rest[JOKER] + _partials(rest, unseen, by_rank=True)
            return value
        return (
            self.next_turn_shed(seen, counts, unseen)
            + 0.8 * counts[JOKER]
            - 0.01 * self._urgency(seen) * sum(PENALTY_OF[k] * counts[k] for k in range(52))
        )

    @staticmethod
    def _urgency(seen: Seen) -> int:
        return 1 + sum(1 for s in range(seen.n) if s != seen.seat and seen.opened[s] and seen.sizes[s] <= 5)

    def next_turn_shed(self, seen: Seen, counts: list[int], unseen: Counter[int]) -> float:
        """The cards the hand can expect to lay after its next draw: over every unseen card, the
        most it lays with it (an attachment, or the biggest meld it completes)."""
        rules = seen.rules
        total = sum(unseen.values())
        if not total:
            return 0.0
        size = sum(counts) + 1
        exp = 0.0
        for z, w in unseen.items():
            counts[z] += 1
            gain = 0
            if z == JOKER:
                if not rules.no_joker_attach and any(joker_stands(m, rules) for m in seen.melds):
                    gain = 1
                for k in range(52):
                    if counts[k]:
                        for m in melds_with(k, counts, rules):
                            if max(m) >= JOKER_AS + 0 and len(m) < size:
                                gain = max(gain, len(m))
                        if gain >= 3:
                            break
            else:
                for m in melds_with(z, counts, rules):
                    if len(m) < size:
                        gain = max(gain, len(m))
                if not gain and any(
                    z + JOKER_AS in m or not isinstance(attach_result(m, z, rules), str) for m in seen.melds
                ):
                    gain = 1
            counts[z] -= 1
            exp += w * gain
        return exp / total

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
                (k != JOKER and (k + JOKER_AS in m or not isinstance(attach_result(m, k, rules), str)))
                for m in seen.melds
            ):
                out[k] = 1.0
        pool = list(unseen.elements())
        size = seen.sizes[nxt]
        free = max(0, size - len(known))
        if not pool or free > len(pool):
            return out
        hits = dict.fromkeys(kinds, 0)
        for _ in range(self.samples):
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
                    ok = can_open(counts, rules, k) is not None
                counts[k] -= 1
                hits[k] += ok
        for k in kinds:
            if out[k] < 1.0:
                out[k] = hits[k] / self.samples
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
            if self.mode == "keep":
                scores[k] = -keep_value(seen, k, feed=False) / 3.0 - cost * danger[k]
                continue
            counts = list(seen.counts)
            counts[k] -= 1
            scores[k] = self.hand_value(seen, counts, unseen) - cost * danger[k]
        k = max(kinds, key=lambda k: (scores[k], -k))
        return "discard " + seen.codes[seen.hand.index(k)]
