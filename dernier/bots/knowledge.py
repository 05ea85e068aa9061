"""What one seat knows, read from its ``view(seat)`` only, and sampling the rest.

:class:`Knowledge` turns a view into ints: the seat's own hand, the public discard pile,
every opponent's card count and the *hidden pool* (the deck minus the own hand minus the
discard pile: exactly the cards in the opponents' hands and the draw pile).

It also reads the public log for what opponents could not hold. A player who draws a
card voluntarily is taken to hold nothing playable at that moment (bots draw only when
they must); one who then passes did not hold a playable drawn card either; one who draws
a pending chain held no answer; one who plays a J from the hand held no other card that
fitted (J are kept for need). When a later play contradicts these guesses about a player
(a human may play otherwise), they are dropped for that player.

Each opponent's hand is a list of *slots*, one per card, each with a bit mask of the
kinds it cannot be. :meth:`Knowledge.determinize` deals the hidden pool at random into
those slots (most constrained first, falling back to any card when the constraints
cannot all be met) and the rest into the draw pile, and returns a
:class:`~dernier.state.State` ready for playouts.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ..cards import ACE, JACK, JOKER, KIND_OF, KING, NO_RANK, RANK_OF, SUIT_INDEX, SUIT_OF, deck_kinds
from ..moves import CALL_FLAG, TEXT_MOVE, card_of, is_play, named_of, suit_of
from ..rules import Ruleset, ruleset
from ..state import State

#: bit mask of the kinds playable on (effective top rank, active suit), J and Jolly always
_JS = sum(1 << (s * 13 + JACK) for s in range(4)) | (1 << JOKER)
_SUIT_BITS = tuple(sum(1 << (s * 13 + r) for r in range(13)) for s in range(4))
_RANK_BITS = tuple(sum(1 << (s * 13 + r) for s in range(4)) for r in range(13))
ACES_MASK = _RANK_BITS[ACE]
#: read a J played from the hand as "nothing else fitted"
INFER_J = True
JOKER_MASK = 1 << JOKER

_RULES_CACHE: dict[str, Ruleset] = {}


def rules_of(view: dict[str, Any]) -> Ruleset:
    """The rule set of a view (cached: views repeat the same spec)."""
    spec = view.get("rules", "official")
    key = spec if isinstance(spec, str) else repr(sorted(spec.items()))
    rs = _RULES_CACHE.get(key)
    if rs is None:
        rs = _RULES_CACHE[key] = ruleset(spec)
    return rs


def playable_mask(eff_top: int, suit: int) -> int:
    """Kinds playable without a pending chain on ``eff_top`` with active ``suit`` (§4)."""
    m = _JS
    if suit >= 0:
        m |= _SUIT_BITS[suit]
    rank = RANK_OF[eff_top] if eff_top >= 0 else NO_RANK
    if rank != NO_RANK:
        m |= _RANK_BITS[rank]
    return m


def legal_ints(view: dict[str, Any]) -> list[int]:
    """The view's legal move strings as engine ints (same order)."""
    return [TEXT_MOVE[m] for m in view.get("legal", ())]


class Knowledge:
    """A seat's knowledge, from a view: own hand, public piles, counts, and inferences."""

    __slots__ = (
        "checks",
        "counts",
        "discard",
        "draw_count",
        "hand",
        "n",
        "pool",
        "rules",
        "seat",
        "slots",
        "view",
    )

    def __init__(self, view: dict[str, Any], infer: bool = True) -> None:
        self.view = view
        self.rules = rules_of(view)
        self.seat: int = view["seat"]
        self.n: int = view["players"]
        self.hand: list[int] = [KIND_OF[c] for c in view["hand"]]
        self.discard: list[int] = [KIND_OF[c] for c in view["discard"]]
        self.counts: list[int] = list(view["counts"])
        self.draw_count: int = view["draw_count"]
        left = Counter(deck_kinds(self.rules.decks, self.rules.jollies_per_deck))
        left.subtract(self.hand)
        left.subtract(self.discard)
        self.pool: list[int] = sorted(left.elements())
        self.slots: list[list[int]] = [[] for _ in range(self.n)]
        #: per opponent, its last play from the hand on its own turn, to check sampled
        #: hands against (see :meth:`violations`)
        self.checks: dict[int, Check] = {}
        if infer:
            self._read_log(view.get("log") or ())
        self._fit_slots()

    # -- inference from the public log --------------------------------------------------

    def _read_log(self, log: Any) -> None:
        """Replay the public log: track the top card and mark what opponents cannot hold."""
        me = self.seat
        slots = self.slots
        # the hand sizes when the log begins: today's counts less what was drawn since,
        # plus what was played since
        start = list(self.counts)
        plays = 0
        reshuffled = False
        for ev in log:
            if ev.get("type") == "draw":
                start[ev["seat"]] -= ev.get("count", 0)
            elif ev.get("type") == "move" and is_play(TEXT_MOVE.get(ev["move"], 1 << 20)):
                start[ev["seat"]] += 1
                plays += 1
            elif ev.get("type") == "reshuffle":
                reshuffled = True
        for seat in range(self.n):
            if seat != me:
                slots[seat] = [0] * max(0, start[seat])
        sizes = start[:]
        # the direction relative to the one when the log begins (every K turns it round);
        # made absolute from today's direction once the log is read
        direction = 1
        # the top card when the log begins (a log that starts from a position, not a deal)
        view = self.view
        top = -1  # effective top kind
        suit = -1  # active suit
        jolly_chain = False
        chain = bool(view.get("pending"))
        if not plays:
            w = view.get("wild")
            top = KIND_OF[w] if w else self.discard[-1]
            suit = SUIT_INDEX[view["suit"]] if view.get("suit") else -1
            jolly_chain = view.get("chain") == "jolly"
        elif not reshuffled and plays < len(self.discard):
            top = self.discard[-1 - plays]
            suit = SUIT_OF[top]
        after_draw = -1  # the seat that just drew voluntarily (its drawn card is the last slot)
        for ev in log:
            kind = ev.get("type")
            if kind == "turned":
                top = KIND_OF[ev["card"]]
                if RANK_OF[top] == KING:
                    direction = -direction
                chain = top == JOKER or RANK_OF[top] == ACE
                suit = SUIT_OF[top]
                jolly_chain = top == JOKER and self.rules.jolly == "suit"
            elif kind == "move":
                seat = ev["seat"]
                m = TEXT_MOVE.get(ev["move"], -1)
                if m < 0:
                    continue  # e.g. "timeout"
                if is_play(m):
                    card = card_of(m)
                    named = named_of(m)
                    eff = named if named >= 0 else card
                    if seat != me:
                        drawn = after_draw == seat
                        self._remove(seat, card, drawn=drawn)
                        if INFER_J and RANK_OF[card] == JACK and not drawn and not chain and top >= 0:
                            # a J played from the hand: nothing else fitted (J are kept for need)
                            self._mark(seat, playable_mask(top, suit) & ~_JS)
                        if not drawn and not chain and top >= 0 and not ev.get("jump"):
                            chosen = suit_of(m)
                            if chosen < 0 and named >= 0:
                                chosen = SUIT_OF[named]
                            self.checks[seat] = (
                                card,
                                chosen,
                                top,
                                suit,
                                tuple(sizes),
                                direction,
                                len(slots[seat]),
                            )
                    sizes[seat] -= 1
                    top = eff
                    s = suit_of(m)
                    suit = s if s >= 0 else SUIT_OF[eff]
                    jolly_chain = card == JOKER and named < 0
                    chain = jolly_chain or RANK_OF[eff] == ACE
                    if RANK_OF[eff] == KING:
                        direction = -direction
                    after_draw = -1
                elif ev["move"].startswith(":"):
                    suit = SUIT_INDEX[ev["move"][1]]
                elif ev["move"] == "pass":
                    if seat != me and after_draw == seat and slots[seat]:
                        slots[seat][-1] |= playable_mask(top, suit)
                    after_draw = -1
                elif ev["move"] != "dernier":
                    after_draw = -1
            elif kind == "draw":
                seat = ev["seat"]
                reason = ev.get("reason")
                count = ev.get("count", 0)
                sizes[seat] += count
                if seat != me:
                    if reason == "draw":
                        self._mark(seat, playable_mask(top, suit))
                    elif reason == "chain":
                        self._mark(seat, JOKER_MASK if jolly_chain else ACES_MASK)
                    slots[seat].extend([0] * count)
                if reason in ("chain", "last"):
                    chain = False
                if reason == "draw" and count and self.rules.play_after_draw:
                    after_draw = seat
            elif kind == "reshuffle":
                pass
        # today's direction is the first one times ``direction``: turn the checks' round
        first = self.view["direction"] * direction
        for seat, c in self.checks.items():
            self.checks[seat] = (*c[:5], c[5] * first, c[6])

    def _mark(self, seat: int, mask: int) -> None:
        s = self.slots[seat]
        for i in range(len(s)):
            s[i] |= mask

    def _remove(self, seat: int, card: int, drawn: bool) -> None:
        """``seat`` played ``card``: drop the slot it most plausibly came from."""
        s = self.slots[seat]
        if not s:
            return
        if drawn:
            s.pop()
            return
        bit = 1 << card
        for i in range(len(s)):
            if not s[i] & bit:
                del s[i]
                return
        # the inference was wrong (a player drew while holding a playable card): forget it
        s.pop()
        for i in range(len(s)):
            s[i] = 0

    def _fit_slots(self) -> None:
        """Make every opponent's slot list exactly as long as its card count."""
        for seat in range(self.n):
            s = self.slots[seat]
            if seat == self.seat:
                s.clear()
                continue
            want = self.counts[seat]
            if len(s) > want:
                del s[: len(s) - want]
            elif len(s) < want:
                s[:0] = [0] * (want - len(s))

    # -- sampling -------------------------------------------------------------------------

    def sample_hands(self, rng: random.Random) -> tuple[list[list[int]], list[int]]:
        """Opponents' hands (own hand as it is) and the draw pile (next card *last*).

        An opponent's hand lists its cards in the order of its slots (the oldest first)."""
        pool = self.pool[:]
        rng.shuffle(pool)
        hands: list[list[int]] = [[-1] * len(self.slots[s]) for s in range(self.n)]
        hands[self.seat] = self.hand[:]
        constrained: list[tuple[int, int, int, int]] = []
        for seat in range(self.n):
            if seat == self.seat:
                continue
            for j, mask in enumerate(self.slots[seat]):
                if mask:
                    constrained.append((-mask.bit_count(), seat, j, mask))
        if constrained:
            constrained.sort()
            for _, seat, j, mask in constrained:
                if not pool:
                    break
                pick = len(pool) - 1
                for i in range(len(pool) - 1, -1, -1):
                    if not (mask >> pool[i]) & 1:
                        pick = i
                        break
                hands[seat][j] = pool[pick]
                pool[pick] = pool[-1]
                pool.pop()
        for seat in range(self.n):
            if seat == self.seat:
                continue
            h = hands[seat]
            for j in range(len(h)):
                if h[j] < 0 and pool:
                    h[j] = pool.pop()
            if -1 in h:  # pragma: no cover - the pool always holds every hidden card
                hands[seat] = [k for k in h if k >= 0]
        return hands, pool

    def violations(self, hands: list[list[int]]) -> int:
        """How many opponents' last plays the medium bot would not have made from the hands
        they held then (the sampled ``hands``, oldest slots, plus the card played)."""
        bad = 0
        for seat, check in self.checks.items():
            held = hands[seat][: check[6]]
            held.append(check[0])
            if not medium_would(self.rules, held, check, seat, self.n):
                bad += 1
        return bad

    def determinize(self, rng: random.Random, tries: int = 1) -> State:
        """A full State consistent with the view, hidden cards sampled: of up to ``tries``
        samples, the first (else the one) that best explains the opponents' last plays."""
        v = self.view
        hands, draw = self.sample_hands(rng)
        if tries > 1 and self.checks:
            bad = self.violations(hands)
            for _ in range(tries - 1):
                if not bad:
                    break
                h2, d2 = self.sample_hands(rng)
                b2 = self.violations(h2)
                if b2 < bad:
                    hands, draw, bad = h2, d2, b2
        st = State.__new__(State)
        st.rules = self.rules
        st.n = self.n
        st.dealer = v["dealer"]
        turn = v["turn"]
        st.turn = -1 if turn is None else turn
        st.direction = v["direction"]
        st.hands = hands
        st.draw = draw
        st.discard = self.discard[:]
        cs = v.get("chosen_suit")
        st.suit = SUIT_INDEX[cs] if cs else -1
        w = v.get("wild")
        st.wild = KIND_OF[w] if w else -1
        st.pending = v["pending"]
        d = v.get("drawn")
        st.drawn = KIND_OF[d] if d and turn == self.seat else -1
        st.due = list(v["dernier_due"])
        st.choosing = bool(v["choosing"])
        st.move_no = v.get("move_no", 0)
        st.last_draw = list(v.get("last_draw") or [-1] * self.n)
        st.seed = rng.randrange(2**31)
        st.winner = -1
        st.log = None
        st.reshuffles = None
        return st


#: an opponent's last play from the hand: (card, chosen suit or -1, effective top, active
#: suit, hand sizes then, direction, slots it kept since)
Check = tuple[int, int, int, int, tuple[int, ...], int, int]


def medium_would(rules: Ruleset, held: list[int], check: Check, seat: int, n: int) -> bool:
    """Whether the medium bot holding ``held`` would have played as ``check`` records
    (the card it played, and the suit it chose for a J or Jolly)."""
    from .policy import suit_counts
    from .simple import MediumBot

    card, chosen, top, suit, sizes, direction, _ = check
    nxt = (seat + direction) % n
    prev = (seat - direction) % n
    closest = min(sizes[s] for s in range(n) if s != seat)
    threats = {s for s in range(n) if s != seat and sizes[s] == closest}
    danger = closest <= MediumBot.DANGER
    pm = playable_mask(top, suit)
    normal = [k for k in held if (pm >> k) & 1 and not (_JS >> k) & 1]
    attack = JOKER in held and danger and nxt in threats
    if card == JOKER:
        ok = attack or (not normal and not any(k != JOKER and (_JS >> k) & 1 for k in held))
    elif RANK_OF[card] == JACK:
        ok = not attack and not normal
    elif attack or card not in normal:
        ok = False
    else:
        counts = list(sizes)
        score = MediumBot.score
        mine = score(card, held, n, nxt, prev, threats, danger, counts)
        ok = all(score(k, held, n, nxt, prev, threats, danger, counts) <= mine + 0.011 for k in normal)
    if ok and chosen >= 0:
        c = suit_counts(held, card)
        best = max(c)
        ok = best == 0 or c.index(best) == chosen
    return ok


def with_call(m: int, legal: list[int]) -> int:
    """The ``!`` form of a play when it is legal (it leaves one card), else ``m``."""
    c = m | CALL_FLAG
    return c if is_play(m) and c != m and c in legal else m
