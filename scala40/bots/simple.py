"""The quick bots: ``random``, ``easy`` and ``medium`` (rule of thumb, from the view only)."""

from __future__ import annotations

import random
from typing import Any

from ..cards import JOKER, KIND_OF, PENALTY_OF
from ..finder import can_open
from ..melds import attach_kinds, swap_kinds
from .base import Bot, Seen, open_move


def _discards(seen: Seen) -> list[int]:
    return [KIND_OF[m[8:]] for m in seen.legal if m.startswith("discard ")]


def _use_taken(seen: Seen) -> str:
    """The move that lays the taken card (phase ``use``)."""
    if not seen.opened[seen.seat]:
        best = can_open(seen.counts, seen.rules, seen.taken)
        assert best is not None, "a take is legal only with an opening to follow"
        return open_move(best.melds)
    melds = sorted((m for m in seen.legal if m.startswith("meld ")), key=lambda m: (-m.count("-"), m))
    if melds:
        return melds[0]
    swaps = [m for m in seen.legal if m.startswith("swap ")]
    return swaps[0] if swaps else seen.legal[0]


class RandomBot(Bot):
    """Any legal move (an opening when it has one)."""

    level = "random"

    def decide(self, view: dict[str, Any], rng: random.Random) -> str:
        seen = Seen(view)
        if seen.phase in ("use", "play") and not seen.opened[seen.seat]:
            best = can_open(seen.counts, seen.rules, seen.taken if seen.phase == "use" else -1)
            if best is not None and (seen.phase == "use" or rng.random() < 0.5):
                return open_move(best.melds)
        return rng.choice(seen.legal)


class RuleBot(Bot):
    """A bot of rules of thumb: open as soon as it can, then the hooks below."""

    def decide(self, view: dict[str, Any], rng: random.Random) -> str:
        return self.move(Seen(view), rng)

    def move(self, seen: Seen, rng: random.Random) -> str:
        """The move for ``seen`` (a parsed view, or a state read as one by the hard bot's rollouts)."""
        if seen.phase == "draw":
            return self.draw(seen)
        if seen.phase == "use":
            return _use_taken(seen)
        if seen.phase == "play":
            if not seen.opened[seen.seat]:
                best = can_open(seen.counts, seen.rules)
                if best is not None:
                    return open_move(best.melds)
            else:
                move = self.table_move(seen)
                if move:
                    return move
        return self.discard(seen, rng)

    def draw(self, seen: Seen) -> str:
        return "take" if "take" in seen.legal else "draw"

    def table_move(self, seen: Seen) -> str | None:  # pragma: no cover - overridden
        return None

    def discard(self, seen: Seen, rng: random.Random) -> str:  # pragma: no cover - overridden
        return rng.choice([m for m in seen.legal if m.startswith("discard ")])


class EasyBot(RuleBot):
    """Draws from the stock, opens as soon as it can, lays what it sees, throws its highest
    card (now and then a random one)."""

    level = "easy"

    def draw(self, seen: Seen) -> str:
        return "draw"

    def table_move(self, seen: Seen) -> str | None:
        for prefix in ("meld ", "attach "):
            moves = [m for m in seen.legal if m.startswith(prefix) and "JK" not in m]
            if moves:
                return moves[0]
        return None

    def discard(self, seen: Seen, rng: random.Random) -> str:
        cards = _discards(seen)
        plain = [k for k in cards if k != JOKER] or cards
        if rng.random() < 0.3:
            return "discard " + seen.codes[seen.hand.index(rng.choice(plain))]
        k = max(plain, key=lambda k: (PENALTY_OF[k], k))
        return "discard " + seen.codes[seen.hand.index(k)]


def _positions(k: int) -> tuple[int, ...]:
    r = k % 13
    return (0, 13) if r == 0 else (r,)


#: per suited kind, the cards it fits with and what each adds to its keep value: the same rank in
#: another suit 3, a card of its suit one place away in a run 3, two places 1.5 (the Ace at both
#: ends of a run)
FITS_WITH: tuple[tuple[tuple[int, float], ...], ...] = tuple(
    tuple((s * 13 + rank, 3.0) for s in range(4) if s != suit)
    + tuple(
        (suit * 13 + q % 13, w)
        for p in _positions(rank)
        for d, w in ((1, 3.0), (2, 1.5))
        for q in (p - d, p + d)
        if 0 <= q <= 13
    )
    for suit, rank in (divmod(k, 13) for k in range(52))
)


def keep_value(seen: Seen, k: int, feed: bool = True, penalty: bool = True) -> float:
    """How much ``k`` is worth keeping: it fits other cards in hand (:data:`FITS_WITH`, a second
    copy 0.5), it would feed the next seat, it is a joker; high penalty cards are worth less
    (unless ``penalty`` is False)."""
    if k == JOKER:
        return 100.0
    counts = seen.counts
    v = 2.0 * counts[JOKER]
    for q, w in FITS_WITH[k]:
        if counts[q]:
            v += w
    if counts[k] > 1:
        v += 0.5
    nxt = seen.next_seat()
    if feed and seen.opened[nxt]:
        for m in seen.melds:
            if k in swap_kinds(m) or k in attach_kinds(m, seen.rules):
                v += 40.0
                break
    if penalty:
        v -= PENALTY_OF[k] / (4.0 if any(seen.opened) else 8.0)
    return v


class MediumBot(RuleBot):
    """Takes what it can lay, opens when it can laying the most cards, lays melds and attaches,
    swaps jokers out, keeps what fits and throws what the next seat cannot use."""

    level = "medium"

    def joker_ok(self, seen: Seen) -> bool:
        """Whether to attach a joker now: with three cards or fewer in hand."""
        return len(seen.hand) <= 3

    def table_move(self, seen: Seen) -> str | None:
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
        if jokers and self.joker_ok(seen):
            return jokers[0]
        return None

    def discard(self, seen: Seen, rng: random.Random) -> str:
        cards = _discards(seen)
        k = min(cards, key=lambda k: (keep_value(seen, k), k))
        return "discard " + seen.codes[seen.hand.index(k)]
