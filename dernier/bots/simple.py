"""The quick bots: ``random``, ``easy`` (Principiante) and ``medium`` (Esperto)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..cards import ACE, JACK, JOKER, KIND_OF, QUEEN, RANK_OF, SEVEN, SUIT_OF, SUITS, VALUE_OF
from ..moves import CALL, CALL_FLAG, DRAW, MOVE_TEXT, PASS, card_of, is_play
from .base import Bot, forgot_own_call
from .knowledge import legal_ints, rules_of
from .policy import best_suit, play_int, suit_counts

#: how often the easy bot forgets to call Dernier
EASY_FORGET = 1 / 3


class RandomBot(Bot):
    """Any legal move, uniformly (``draw`` included); calls Dernier half the time."""

    level = "random"
    jump_chance = 0.5
    jump_forget = 0.5

    def decide(self, view: dict[str, Any], rng: random.Random) -> str:
        return str(rng.choice(view["legal"]))

    def call(self, view: dict[str, Any], rng: random.Random) -> bool:
        return view["seat"] in view.get("dernier_due", ()) and rng.random() < 0.5


class EasyBot(Bot):
    """Principiante: a random playable card, drawing only when it must; plays a drawn card
    that fits; a random suit for J and Jolly; forgets Dernier about a third of the time;
    notices a jump-in (anticipo) half of the time."""

    level = "easy"
    jump_chance = 0.5

    def __init__(self, forget: float = EASY_FORGET) -> None:
        self.forget = forget
        self.jump_forget = forget

    def call(self, view: dict[str, Any], rng: random.Random) -> bool:
        if view["seat"] not in view.get("dernier_due", ()):
            return False
        if forgot_own_call(view):
            return False  # it already forgot when it played
        return rng.random() >= self.forget

    def decide(self, view: dict[str, Any], rng: random.Random) -> str:
        legal = legal_ints(view)
        if CALL in legal:
            if self.call(view, rng):
                return "dernier"
            legal.remove(CALL)
        if view["choosing"]:
            return MOVE_TEXT[rng.choice(legal)]
        plays = [m for m in legal if is_play(m) and not m & CALL_FLAG]
        if not plays:
            return MOVE_TEXT[PASS if PASS in legal else DRAW]
        by_card: dict[int, list[int]] = {}
        for m in plays:
            by_card.setdefault(card_of(m), []).append(m)
        options = by_card[rng.choice(sorted(by_card))]
        m = rng.choice(options)
        if (m | CALL_FLAG) in legal and rng.random() >= self.forget:
            m |= CALL_FLAG
        return MOVE_TEXT[m]


class MediumBot(Bot):
    """Esperto: a heuristic player.

    * answers an Ace or Jolly chain whenever it can;
    * keeps J and Jolly until nothing else fits (or the Jolly can attack a player about to
      go out, or they are all it has left);
    * among the cards that fit, prefers the one that leaves it most cards of the new suit,
      attacks (A, Q, Jolly on the next player, 7 on the previous one) the player closest
      to going out, reverses (K) away from that player, and dumps high cards when an
      opponent is close to going out;
    * chooses the suit it holds most of; plays a drawn card that fits;
    * always calls Dernier.
    """

    level = "medium"

    #: an opponent with this many cards or fewer is "close to going out"
    DANGER = 2

    def decide(self, view: dict[str, Any], rng: random.Random) -> str:
        legal = legal_ints(view)
        if CALL in legal:
            return "dernier"
        return MOVE_TEXT[self.pick(view, legal, rng)]

    def pick(self, view: dict[str, Any], legal: list[int], rng: random.Random) -> int:
        rules = rules_of(view)
        hand = [KIND_OF[c] for c in view["hand"]]
        if view["choosing"]:
            return legal[0] if len(legal) == 1 else _choose_suit_move(best_suit(hand, fallback=0))
        plays = [m for m in legal if is_play(m)]
        if not plays:
            return PASS if PASS in legal else DRAW
        cards = sorted({card_of(m) for m in plays})
        if view.get("has_drawn"):
            return play_int(rules, cards[0], hand, best_suit(hand, cards[0], rng.randrange(4)))
        if view["pending"]:
            counts = suit_counts(hand)
            card = max(cards, key=lambda k: (counts[SUIT_OF[k]] if k != JOKER else 0, -k))
            return play_int(rules, card, hand, best_suit(hand, card, rng.randrange(4)))
        return self._best_play(view, hand, cards, rng)

    def _best_play(self, view: dict[str, Any], hand: list[int], cards: list[int], rng: random.Random) -> int:
        rules = rules_of(view)
        n = view["players"]
        counts = view["counts"]
        nxt, prev, threats, danger = self.targets(view["seat"], n, counts, view["direction"])
        normal = [k for k in cards if k != JOKER and RANK_OF[k] != JACK]
        wild = [k for k in cards if k == JOKER or RANK_OF[k] == JACK]
        # the Jolly attacks a next player who is about to go out
        if JOKER in wild and danger and nxt in threats:
            return play_int(rules, JOKER, hand, best_suit(hand, JOKER, rng.randrange(4)))
        if normal:
            best, best_score = normal[0], float("-inf")
            for k in normal:
                s = self.score(k, hand, n, nxt, prev, threats, danger, counts)
                s += rng.random() * 0.01
                if s > best_score:
                    best, best_score = k, s
            return play_int(rules, best, hand, -1)
        # only J / Jolly fit: a J first (the Jolly is worth more as an attack)
        jacks = [k for k in wild if k != JOKER]
        card = jacks[0] if jacks else JOKER
        return play_int(rules, card, hand, best_suit(hand, card, rng.randrange(4)))

    @staticmethod
    def targets(seat: int, n: int, counts: Sequence[int], direction: int) -> tuple[int, int, set[int], bool]:
        """Who the medium bot at ``seat`` sees: the next and the previous player, the
        opponents with the fewest cards (the threats), and whether one is close to going out."""
        closest = min(counts[s] for s in range(n) if s != seat)
        threats = {s for s in range(n) if s != seat and counts[s] == closest}
        return (seat + direction) % n, (seat - direction) % n, threats, closest <= MediumBot.DANGER

    @staticmethod
    def score(
        k: int,
        hand: list[int],
        n: int,
        nxt: int,
        prev: int,
        threats: set[int],
        danger: bool,
        counts: list[int],
    ) -> float:
        """How much the medium bot likes playing normal card ``k`` now."""
        after = suit_counts(hand, k)
        # keep playing: the new suit is one it holds
        return 2.0 * after[SUIT_OF[k]] + MediumBot.bonus(k, n, nxt, prev, threats, danger)

    @staticmethod
    def bonus(k: int, n: int, nxt: int, prev: int, threats: set[int], danger: bool) -> float:
        """The part of :meth:`score` that does not depend on the rest of the hand."""
        s = VALUE_OF[k] * (0.6 if danger else 0.1)  # dump high cards when someone is close
        rank = RANK_OF[k]
        two = n == 2
        if rank == ACE:
            s += 4.0 + (12.0 if nxt in threats else 0.0) * (1.0 if danger or two else 0.5)
        elif rank == SEVEN:
            s += 4.0 + (12.0 if prev in threats else 0.0) * (1.0 if danger or two else 0.5)
        elif rank == QUEEN:
            if two:
                s += 6.0  # the same player plays again
            elif nxt in threats:
                s += 10.0 if danger else 5.0
        elif rank == 12 and not two:  # K: turn away from the next player if it is the threat
            if nxt in threats and prev not in threats:
                s += 8.0 if danger else 3.0
            elif prev in threats and nxt not in threats:
                s -= 8.0 if danger else 3.0
        return s


def _choose_suit_move(suit: int) -> int:
    from ..moves import TEXT_MOVE

    return TEXT_MOVE[":" + SUITS[suit]]
