"""What one seat knows, read from its ``view(seat)`` only, and sampling the rest.

:class:`Knowledge` turns a view into ints: the seat's own hand, the public discard pile,
every opponent's card count and the *hidden pool* (the deck minus the own hand minus the
discard pile: exactly the cards in the opponents' hands and the draw pile).

It also reads the public log for what opponents could not hold. A player who draws a
card voluntarily is taken to hold nothing playable at that moment (bots draw only when
they must); one who then passes did not hold a playable drawn card either; one who draws
a pending chain held no answer; one who plays a J from the hand held no other card that
fitted (J are kept for need). Every other play from the hand is read as the medium bot's
choice too: it held no card of the same suit that bot likes more (an Ace or a 7 that
attacks, a higher card), and no Jolly when the next player was about to go out. When a
later play contradicts these guesses about a player (a human may play otherwise), they
are dropped for that player, and its plays are no longer read.

Each opponent's hand is a list of *slots*, one per card, each with a bit mask of the
kinds it cannot be. :meth:`Knowledge.determinize` deals the hidden pool into those slots
(the most constrained opponent and slot first, falling back to any card when the
constraints cannot all be met) in a random order weighted by :data:`KEEPS` (with one deck
opponents play their Aces and Jollies early, so fewer of the unseen ones are in their hands), the
rest shuffled into the draw pile, and returns a :class:`~dernier.state.State` ready for
playouts.

Every opponent play from the hand on its own turn is also kept as a *check*: the hand it
held then (slots still held, and the cards it played since) must make the medium bot's
choice. With ``tries`` each opponent's hand is dealt again until it passes its checks.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ..cards import (
    ACE,
    JACK,
    JOKER,
    KIND_OF,
    KING,
    NO_RANK,
    QUEEN,
    RANK_OF,
    SEVEN,
    SUIT_INDEX,
    SUIT_OF,
    deck_kinds,
)
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
#: read every play from the hand as the medium bot's choice (see Knowledge._passed_over)
INFER_PLAYS = True


def _keep(weights: dict[str, float]) -> tuple[float, ...]:
    """Per kind, ``weights`` by class ("JK", or the rank "A", "7", "J", "Q", "K"; 1 else)."""
    names = {ACE: "A", SEVEN: "7", JACK: "J", QUEEN: "Q", KING: "K"}
    return tuple(weights.get("JK" if k == JOKER else names.get(RANK_OF[k], ""), 1.0) for k in range(53))


#: per deck count, per kind: how likely an unseen card is to be in an opponent's hand rather
#: than in the draw pile, relative to a plain card. Fitted so that the sampled hands of
#: medium bots hold as many cards of each class as the real ones (1,800 positions in all).
#: One deck: the medium bot plays its Aces and Jollies early (attacks), so fewer of them
#: are in the hands than a uniform deal would put there. Two decks (9 cards, draw and pass,
#: wild Jolly): Jollies and J stay in the hands longer, A, 7, Q and K leave them sooner.
KEEPS: dict[int, tuple[float, ...]] = {
    1: _keep({"JK": 0.65, "A": 0.78, "J": 0.85, "7": 0.92}),
    2: _keep({"JK": 0.91, "A": 0.57, "J": 1.07, "7": 0.73, "Q": 0.66, "K": 0.80}),
}
#: the one-deck weights (see :data:`KEEPS`)
KEEP = KEEPS[1]
_INV_KEEPS = {decks: tuple(1.0 / w for w in keep) for decks, keep in KEEPS.items()}
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
        "doubted",
        "draw_count",
        "hand",
        "ids",
        "inv_keep",
        "n",
        "order",
        "pool",
        "removed",
        "rules",
        "seat",
        "slots",
        "tight",
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
        self.inv_keep = _INV_KEEPS.get(self.rules.decks, _INV_KEEPS[2])
        left = Counter(deck_kinds(self.rules.decks, self.rules.jollies_per_deck))
        left.subtract(self.hand)
        left.subtract(self.discard)
        self.pool: list[int] = sorted(left.elements())
        self.slots: list[list[int]] = [[] for _ in range(self.n)]
        #: an id per slot (parallel to ``slots``): a check names the slots held at its time
        self.ids: list[list[int]] = [[] for _ in range(self.n)]
        #: the card a slot turned out to hold when it was played: {slot id: kind}
        self.removed: dict[int, int] = {}
        #: opponents whose play contradicted a guess: their plays are no longer read as the
        #: medium bot's choices
        self.doubted: set[int] = set()
        #: per opponent, its plays from the hand on its own turn (oldest first), to check
        #: sampled hands against (see :meth:`violations`)
        self.checks: dict[int, list[Check]] = {}
        if infer:
            self._read_log(view.get("log") or ())
        self._fit_slots()
        self.order: list[int] = []
        self.tight: list[list[int]] = []
        self._prepare()

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
        kings = 0  # times a K (turned up, played, or named by a wild Jolly) turned play round
        for ev in log:
            if ev.get("type") == "draw":
                start[ev["seat"]] -= ev.get("count", 0)
            elif ev.get("type") == "move" and is_play(m := TEXT_MOVE.get(ev["move"], 1 << 20)):
                start[ev["seat"]] += 1
                plays += 1
                named = named_of(m)
                kings += RANK_OF[named if named >= 0 else card_of(m)] == KING
            elif ev.get("type") == "turned":
                kings += RANK_OF[KIND_OF[ev["card"]]] == KING
            elif ev.get("type") == "reshuffle":
                reshuffled = True
        ids = self.ids
        next_id = 0
        for seat in range(self.n):
            if seat != me:
                slots[seat] = [0] * max(0, start[seat])
                ids[seat] = list(range(next_id, next_id + len(slots[seat])))
                next_id += len(slots[seat])
        sizes = start[:]
        # the direction when the log begins: today's, turned round once per K since
        direction = self.view["direction"] * (-1 if kings % 2 else 1)
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
                        held = tuple(ids[seat])
                        self._remove(seat, card, drawn=drawn)
                        # a choice from the hand, on a known top card with no chain pending
                        chose = not drawn and not chain and top >= 0
                        read = chose and seat not in self.doubted
                        if INFER_J and read and RANK_OF[card] == JACK:
                            # a J played from the hand: nothing else fitted (J are kept for need)
                            self._mark(seat, playable_mask(top, suit) & ~_JS)
                        if INFER_PLAYS and read and not ev.get("jump"):
                            self._mark(seat, self._passed_over(seat, card, top, suit, sizes, direction))
                        if chose and not ev.get("jump"):
                            chosen = suit_of(m)
                            if chosen < 0 and named >= 0:
                                chosen = SUIT_OF[named]
                            self.checks.setdefault(seat, []).append(
                                (card, chosen, top, suit, tuple(sizes), direction, held)
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
                if seat != me:
                    # a Jolly that may not close the hand (RULES §8) could not be played as
                    # the one card left: a player holding only it had to draw
                    lone = JOKER_MASK if sizes[seat] == 1 and not self.rules.jolly_can_close else 0
                    if reason == "draw":
                        self._mark(seat, playable_mask(top, suit) & ~lone)
                    elif reason == "chain":
                        self._mark(seat, JOKER_MASK & ~lone if jolly_chain else ACES_MASK)
                    slots[seat].extend([0] * count)
                    ids[seat].extend(range(next_id, next_id + count))
                    next_id += count
                sizes[seat] += count
                if reason in ("chain", "last"):
                    chain = False
                if reason == "draw" and count and self.rules.play_after_draw:
                    after_draw = seat
            elif kind == "reshuffle":
                pass

    def _passed_over(
        self, seat: int, card: int, top: int, suit: int, sizes: list[int], direction: int
    ) -> int:
        """The kinds ``seat`` cannot have held besides ``card`` when it played ``card`` from
        the hand on its turn, were it the medium bot: a Jolly not used to attack a next
        player about to go out; for a Jolly played otherwise, anything else that fitted;
        for a normal card played on its suit, every card of that suit it likes more (the
        same suit leaves the same cards of the suit behind, so only the rank counts)."""
        from .simple import MediumBot

        n = self.n
        nxt, prev, threats, danger = MediumBot.targets(seat, n, sizes, direction)
        attack = danger and nxt in threats and (sizes[seat] > 1 or self.rules.jolly_can_close)
        if card == JOKER:
            return 0 if attack else playable_mask(top, suit) & ~JOKER_MASK
        mask = JOKER_MASK if attack else 0
        s = SUIT_OF[card]
        if RANK_OF[card] == JACK or s != suit:
            return mask
        bonus = MediumBot.bonus
        mine = bonus(card, n, nxt, prev, threats, danger)
        for k in range(s * 13, s * 13 + 13):
            if k != card and RANK_OF[k] != JACK and bonus(k, n, nxt, prev, threats, danger) > mine + 0.011:
                mask |= 1 << k
        return mask

    def _mark(self, seat: int, mask: int) -> None:
        s = self.slots[seat]
        for i in range(len(s)):
            s[i] |= mask

    def _remove(self, seat: int, card: int, drawn: bool) -> None:
        """``seat`` played ``card``: drop the slot it most plausibly came from."""
        s = self.slots[seat]
        ids = self.ids[seat]
        if not s:
            return
        if drawn:
            s.pop()
            self.removed[ids.pop()] = card
            return
        bit = 1 << card
        for i in range(len(s)):
            if not s[i] & bit:
                del s[i]
                self.removed[ids.pop(i)] = card
                return
        # the inference was wrong (a player drew while holding a playable card): forget it
        self.doubted.add(seat)
        s.pop()
        self.removed[ids.pop()] = card
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
            ids = self.ids[seat]
            if len(s) > want:
                del s[: len(s) - want]
                del ids[: len(ids) - want]
            elif len(s) < want:
                s[:0] = [0] * (want - len(s))
                ids[:0] = [-1] * (want - len(ids))

    # -- sampling -------------------------------------------------------------------------

    def _prepare(self) -> None:
        """Turn each check's slot ids into a recipe for the hand held then (an index into
        today's sampled hand, or ``~kind`` for a card played since), and order the seats
        for sampling (the most constrained first)."""
        for seat, cs in list(self.checks.items()):
            where = {i: j for j, i in enumerate(self.ids[seat])}
            kept: list[Check] = []
            for c in cs:
                recipe: list[int] = []
                for i in c[6]:
                    j = where.get(i, -1)
                    if j < 0:
                        if i not in self.removed:
                            break  # a slot dropped when the counts were fitted: unusable
                        j = ~self.removed[i]
                    recipe.append(j)
                else:
                    kept.append((*c[:6], tuple(recipe)))
            if kept:
                self.checks[seat] = kept
            else:
                del self.checks[seat]
        self.order = sorted(
            (s for s in range(self.n) if s != self.seat),
            key=lambda s: (-sum(m.bit_count() for m in self.slots[s]), s),
        )
        self.tight = [
            [j for _, j in sorted((-m.bit_count(), j) for j, m in enumerate(slots) if m)]
            for slots in self.slots
        ]

    def sample_hands(self, rng: random.Random, tries: int = 1) -> tuple[list[list[int]], list[int]]:
        """Opponents' hands (own hand as it is) and the draw pile (next card *last*).

        An opponent's hand lists its cards in the order of its slots (the oldest first).
        The hidden cards are dealt in a random order weighted by :data:`KEEPS` (with one
        deck fewer Aces and Jollies go to the hands), the draw pile is shuffled. With ``tries`` > 1 each
        opponent's hand is dealt up to ``tries`` times until it explains all of that
        opponent's checked plays (else the one that explains most)."""
        pool = self._weighted_order(self.pool[:], rng, self.inv_keep)
        hands: list[list[int]] = [[] for _ in range(self.n)]
        hands[self.seat] = self.hand[:]
        checks = self.checks
        for seat in self.order:
            attempts = tries if seat in checks else 1
            rest = pool[:] if attempts > 1 else pool
            best = self._deal(seat, pool)
            bad = self.seat_violations(seat, best) if attempts > 1 else 0
            for _ in range(attempts - 1):
                if not bad:
                    break
                left = self._weighted_order(rest[:], rng, self.inv_keep)
                h = self._deal(seat, left)
                b = self.seat_violations(seat, h)
                if b < bad:
                    best, bad, pool = h, b, left
            hands[seat] = best
        rng.shuffle(pool)
        return hands, pool

    @staticmethod
    def _weighted_order(cards: list[int], rng: random.Random, inv: tuple[float, ...]) -> list[int]:
        """``cards`` in a random order where the last ones are drawn with chances
        proportional to the weights of :data:`KEEPS` (``inv`` holds their inverses; weighted
        sampling without replacement: each card's key is ``u ** (1 / weight)``)."""
        rand = rng.random
        keyed = sorted((rand() ** inv[k], k) for k in cards)
        return [k for _, k in keyed]

    def _deal(self, seat: int, pool: list[int]) -> list[int]:
        """Take a hand for ``seat``'s slots from the end of ``pool`` (most constrained slots
        first, each the last card it may be, else the last card)."""
        slots = self.slots[seat]
        h = [-1] * len(slots)
        for j in self.tight[seat]:
            if not pool:
                break
            mask = slots[j]
            pick = len(pool) - 1
            for i in range(pick, -1, -1):
                if not (mask >> pool[i]) & 1:
                    pick = i
                    break
            h[j] = pool.pop(pick)
        for j in range(len(h)):
            if h[j] < 0 and pool:
                h[j] = pool.pop()
        if -1 in h:  # pragma: no cover - the pool always holds every hidden card
            h = [k for k in h if k >= 0]
        return h

    def seat_violations(self, seat: int, hand: list[int]) -> int:
        """How many of ``seat``'s checked plays the medium bot would not have made from the
        hand it held then (rebuilt from the sampled ``hand`` and the cards played since)."""
        bad = 0
        rules = self.rules
        n = self.n
        for check in self.checks.get(seat, ()):
            held = [hand[j] if j >= 0 else ~j for j in check[6]]
            if not medium_would(rules, held, check, seat, n):
                bad += 1
        return bad

    def violations(self, hands: list[list[int]]) -> int:
        """How many opponents' checked plays the medium bot would not have made from the
        sampled ``hands`` (see :meth:`seat_violations`)."""
        return sum(self.seat_violations(seat, hands[seat]) for seat in self.checks)

    def determinize(self, rng: random.Random, tries: int = 1) -> State:
        """A full State consistent with the view, hidden cards sampled (with ``tries``, see
        :meth:`sample_hands`)."""
        v = self.view
        hands, draw = self.sample_hands(rng, tries)
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
        st.draw_order = list(v.get("draw_order") or [-1] * self.n)
        st.seed = rng.randrange(2**31)
        st.winner = -1
        st.log = None
        st.reshuffles = None
        return st


#: an opponent's play from the hand: (card, chosen suit or -1, effective top, active suit,
#: hand sizes then, direction, the hand then: slot ids while reading the log, then a
#: recipe of indices into the sampled hand or ``~kind`` of a card played since)
Check = tuple[int, int, int, int, tuple[int, ...], int, tuple[int, ...]]


def medium_would(rules: Ruleset, held: list[int], check: Check, seat: int, n: int) -> bool:
    """Whether the medium bot holding ``held`` would have played as ``check`` records
    (the card it played, and the suit it chose for a J or Jolly)."""
    from .policy import suit_counts
    from .simple import MediumBot

    card, chosen, top, suit, sizes, direction, _ = check
    nxt, prev, threats, danger = MediumBot.targets(seat, n, sizes, direction)
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
