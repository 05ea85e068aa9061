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

from ..cards import DECK_COUNT, JOKER, JOKER_AS, KIND_OF, PENALTY_OF
from ..finder import best_opening, melds_with, opening_exists
from ..melds import attach_kinds, swap_kinds
from ..rules import Ruleset
from ..state import table_fits
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
        self,
        samples: int = DEFAULT_SAMPLES,
        cost: float = 4.0,
        evaluations: int = 160,
        seconds: float = 0.1,
        pairs: int = 0,
        two_weight: float = 0.0,
        open_cost: float = 0.1,
        close_weight: float = 2.0,
        close_cost: float = 0.5,
        fit_weight: float = 0.01,
        candidates: int = 7,
        opening_factor: float = 1.0,
        pen_w: float = 0.0,
        pen_size: int = 99,
        room: int = 0,
        room_pen: float = 0.0,
        behind_cost: float = -1.0,
        hurry: int = 4,
        catch_weight: float = -1.0,
    ) -> None:
        self.samples = samples
        #: at most this many (hidden hand, discard) checks per decision
        self.evaluations = evaluations
        #: past this many seconds of sampling (and at least 4 samples), the bot decides with
        #: what it has: the same view and rng give the same move unless time runs out
        self.seconds = seconds
        #: how much a discard the next seat can use weighs, in cards kept
        self.cost = cost
        #: discards weighed by the chance to open (pairs of cards sampled for the second draw)
        self.pairs = pairs
        self.two_weight = two_weight
        self.open_cost = open_cost
        #: discards weighed by the chance to close and the cards left, once opened
        self.close_weight = close_weight
        self.close_cost = close_cost
        #: medium's keep value, as a tie-break; only the ``candidates`` cards that fit least are weighed
        self.fit_weight = fit_weight
        self.candidates = candidates
        #: feeding the next seat's opening weighs this many times feeding its play
        self.opening_factor = opening_factor
        #: once opened, a discard's penalty points (per 10) weigh this much: what stays is paid
        self.pen_w = pen_w
        #: …only while another seat has opened and holds at most this many cards
        self.pen_size = pen_size
        #: in a match, with at most ``room`` points left before going out, the penalty weighs
        #: ``room_pen`` (whoever is near) and a joker is laid as soon as it can be
        self.room = room
        self.room_pen = room_pen
        #: when this seat has not opened and the next seat has (feeding it brings nearer a close
        #: that costs this seat 100, RULES §11), the weight of a discard it can use; < 0: ``open_cost``
        self.behind_cost = behind_cost
        #: a joker is laid once an opened seat holds at most this many cards
        self.hurry = hurry
        #: the chance to close weighs this much while another seat has not opened (a close then
        #: makes it pay 100, RULES §11); < 0: ``close_weight``
        self.catch_weight = catch_weight

    def joker_ok(self, seen: Seen) -> bool:
        """A joker stays in hand (the last card a joker closes for sure) unless attaching it
        closes now or someone is about to close."""
        return len(seen.hand) == 2 or self._near(seen, self.hurry) or self._short(seen)

    def _short(self, seen: Seen) -> bool:
        """In a match, this seat is at most ``room`` points from going out (RULES §12)."""
        scores = seen.view.get("scores")
        out_at = seen.view.get("out_at")
        return bool(self.room and scores and out_at and out_at - scores[seen.seat] <= self.room)

    def table_move(self, seen: Seen) -> str | None:
        """Medium's table play, but a joker is laid standing for a card the others are least
        likely to hold (a card a joker stands for can be swapped for it, RULES §5)."""
        move = super().table_move(seen)
        if move is None or "JK=" not in move:
            return move
        verb = move.split(" ", 1)[0]
        unseen = _unseen(seen)
        if verb == "attach":
            options = [m for m in seen.legal if m.startswith("attach ") and "JK=" in m]
        else:
            jokers = move.count("JK")
            size = move.count("-")
            options = [
                m
                for m in seen.legal
                if m.startswith("meld ") and m.count("JK") == jokers and m.count("-") == size
            ]
        return min(options, key=lambda m: (_swappable(m, unseen), m != move, m))

    @staticmethod
    def _near(seen: Seen, size: int) -> bool:
        """Another seat has opened and holds at most ``size`` cards."""
        others = (s for s in range(seen.n) if s != seen.seat and s not in seen.out)
        return any(seen.opened[s] and seen.sizes[s] <= size for s in others)

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
        passed = _passed(seen, nxt)
        for _ in range(samples):
            if done >= 4 and time.perf_counter() > deadline:
                break
            done += 1
            for _try in range(4):  # a hand that could have used the card it passed is unlikely
                hand = known[:size] + rng.sample(pool, free)
                counts = [0] * 53
                for c in hand:
                    counts[c] += 1
                if passed < 0 or not self._could_use(seen, nxt, passed, counts, size):
                    break
            for k in kinds:
                if out[k] >= 1.0 or k == JOKER:
                    continue
                hits[k] += self._could_use(seen, nxt, k, counts, size)
        for k in kinds:
            if out[k] < 1.0:
                out[k] = hits[k] / done
        return out

    @staticmethod
    def _could_use(seen: Seen, seat: int, k: int, counts: list[int], size: int) -> bool:
        """Whether ``seat`` holding ``counts`` could take natural ``k`` to lay it with cards of
        its hand (a meld, or an opening holding it when not opened), RULES §6."""
        counts[k] += 1
        if seen.opened[seat]:
            ok = any(len(m) <= size for m in melds_with(k, counts, seen.rules))
        else:
            ok = opening_exists(counts, seen.rules, k)
        counts[k] -= 1
        return ok

    def discard(self, seen: Seen, rng: random.Random) -> str:
        kinds = sorted({KIND_OF[m[8:]] for m in seen.legal if m.startswith("discard ")})
        if len(kinds) == 1:
            return "discard " + seen.codes[seen.hand.index(kinds[0])]
        opened = seen.opened[seen.seat]
        fit = {k: keep_value(seen, k, feed=False, penalty=opened) for k in kinds}
        if len(kinds) > self.candidates:  # the cards that fit the hand best are not weighed
            kinds = sorted(sorted(kinds, key=lambda k: (fit[k], k))[: self.candidates])
        unseen = _unseen(seen)
        danger = self.danger(seen, kinds, unseen, rng)
        draws = _draws(seen, unseen)
        feeds_opening = not seen.opened[seen.next_seat()]
        if opened:
            value = self.closing_chances(seen, kinds, draws)
            cost = self.close_cost * (self.opening_factor if feeds_opening else 1.0)
        else:
            value = self.opening_chances(seen, kinds, draws, rng)
            cost = self.open_cost * (self.opening_factor if feeds_opening else 1.0)
            if not feeds_opening and self.behind_cost >= 0:
                cost = self.behind_cost
        pen = self.pen_w if opened and self._near(seen, self.pen_size) else 0.0
        if opened and self._short(seen):
            pen = max(pen, self.room_pen)
        scores = {}
        for k in kinds:
            scores[k] = value[k] - cost * danger[k] - self.fit_weight * fit[k] + pen * PENALTY_OF[k] / 10
        k = max(kinds, key=lambda k: (scores[k], -k))
        return "discard " + seen.codes[seen.hand.index(k)]

    def opening_chances(
        self, seen: Seen, kinds: list[int], draws: Counter[int], rng: random.Random
    ) -> dict[int, float]:
        """Per discard kind, how likely the hand that keeps the rest opens: after the next draw
        (every unseen card by its count), and after two more cards (pairs sampled once for all)."""
        rules = seen.rules
        counts = list(seen.counts)
        total = sum(draws.values())
        pool = list(draws.elements())
        pairs = [tuple(rng.sample(pool, 2)) for _ in range(self.pairs)] if len(pool) >= 2 else []
        out = {}
        for k in kinds:
            counts[k] -= 1
            # a card that forms no meld with the hand changes nothing (but the card kept)
            useful = {c for c in draws if c == JOKER or _in_meld(c, counts, rules)}
            base = opening_exists(counts, rules)
            one = 0
            for c, n in draws.items():
                if c not in useful:
                    one += n * base
                    continue
                counts[c] += 1
                if opening_exists(counts, rules):
                    one += n
                counts[c] -= 1
            two = 0
            for c1, c2 in pairs:
                if c1 not in useful and c2 not in useful:
                    two += base
                    continue
                counts[c1] += 1
                counts[c2] += 1
                two += opening_exists(counts, rules)
                counts[c1] -= 1
                counts[c2] -= 1
            counts[k] += 1
            out[k] = (one / total if total else 0.0) + self.two_weight * (two / len(pairs) if pairs else 0.0)
        return out

    def closing_chances(self, seen: Seen, kinds: list[int], draws: Counter[int]) -> dict[int, float]:
        """Per discard kind, for an opened seat: the chance to close after the next draw (every
        card it can lay laid, one left to discard), less the cards expected to stay in hand."""
        rules = seen.rules
        fits, joker = table_fits(seen.melds, rules)
        counts = list(seen.counts)
        total = sum(draws.values())
        memo: dict[tuple[int, ...], int] = {}
        weight = self.close_weight
        if self.catch_weight >= 0 and not all(
            seen.opened[s] for s in range(seen.n) if s != seen.seat and s not in seen.out
        ):
            weight = self.catch_weight
        out = {}
        for k in kinds:
            counts[k] -= 1
            base = -1
            closes = 0.0
            left = 0.0
            for c, n in draws.items():
                if c != JOKER and c not in fits and not _in_meld(c, counts, rules):
                    # a dead card: it stays, with whatever stayed before
                    if base < 0:
                        base = _stays(counts, fits, joker, rules)
                    stay = base + 1
                    left += n * stay
                    continue
                counts[c] += 1
                key = tuple(counts)
                known = memo.get(key)
                if known is None:
                    known = memo[key] = _stays(counts, fits, joker, rules)
                stay = known
                counts[c] -= 1
                closes += n * (stay <= 1)
                left += n * stay
            counts[k] += 1
            out[k] = (weight * closes - left) / total if total else 0.0
        return out


def _passed(seen: Seen, seat: int) -> int:
    """The suited card ``seat`` left on the pile at its last turn (it drew instead), or -1."""
    for entry in reversed(seen.view.get("history", ())):
        if entry[0] != seat:
            continue
        if entry[1] in ("draw", "take"):
            top = entry[2] if len(entry) > 2 else None
            if entry[1] == "draw" and top and top != "JK":
                return KIND_OF[top]
            return -1
    return -1


def _swappable(move: str, unseen: Counter[int]) -> int:
    """How many unseen cards could swap out the jokers a move lays."""
    return sum(
        unseen[KIND_OF[part.split("=", 1)[1]]]
        for part in move.replace(" ", "-").split("-")
        if part.startswith("JK=")
    )


def _in_meld(c: int, counts: list[int], rules: Ruleset) -> bool:
    """Whether natural ``c`` forms a meld with the cards of ``counts`` (which lacks it)."""
    counts[c] += 1
    found = bool(melds_with(c, counts, rules))
    counts[c] -= 1
    return found


def _draws(seen: Seen, unseen: Counter[int]) -> Counter[int]:
    """The cards the next draw may be: unseen, less those known to be in another seat's hand."""
    draws = Counter(unseen)
    for cards in _known(seen).values():
        draws.subtract(cards)
    return +draws


def _stays(counts: list[int], fits: frozenset[int], joker: bool, rules: Ruleset) -> int:
    """How many cards of the hand stay once everything that attaches to the table and the most
    cards in melds are laid (at least one: the discard)."""
    rest = list(counts)
    for k in fits:
        rest[k] = 0
    if joker:
        rest[JOKER] = 0
    size = sum(rest)
    if size <= 1:
        return 1
    best = best_opening(rest, rules, objective="cards")
    return best.left if best is not None else size
