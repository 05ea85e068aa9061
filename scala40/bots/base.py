"""The bot interface and what every bot reads from its view (see :mod:`scala40.bots`)."""

from __future__ import annotations

import random
from typing import Any

from tabletop.bots import SlicedBot

from ..cards import parse_card, parse_meld_card
from ..finder import counts_of
from ..melds import Meld, check_meld, meld_str
from ..rules import Ruleset, ruleset


class Seen:
    """A view parsed into engine values: only what ``view(seat)`` holds."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.codes: list[str] = list(view["hand"])
        self.seat: int = view["seat"]
        self.n: int = view["players"]
        self.rules: Ruleset = ruleset(view["rules"])
        self.phase: str = view["phase"]
        self.hand: list[int] = [parse_card(c) for c in view["hand"]]
        self.counts = counts_of(self.hand)
        self.discard: list[int] = [parse_card(c) for c in view["discard"]]
        self.melds: list[Meld] = []
        self.owners: list[int] = []
        for m in view["melds"]:
            meld = check_meld([parse_meld_card(c) for c in m["cards"]], self.rules)
            assert not isinstance(meld, str)
            self.melds.append(meld)
            self.owners.append(m["owner"])
        self.opened: list[bool] = view["opened"]
        self.taken: int = parse_card(view["taken"]) if view["taken"] else -1
        self.out: list[int] = view["out"]
        self.sizes: list[int] = view["hand_sizes"]
        self.legal: list[str] = view["legal"]

    def next_seat(self, seat: int | None = None) -> int:
        s = self.seat if seat is None else seat
        for _ in range(self.n):
            s = (s + 1) % self.n
            if s not in self.out:
                return s
        return s


def open_move(melds: list[Meld]) -> str:
    return "open " + " ".join(sorted(meld_str(m) for m in melds))


class Bot(SlicedBot):
    """A player that chooses its move from ``view(seat)`` only. Subclasses implement
    :meth:`decide`; the same view and rng state give the same move."""

    def decide(self, view: dict[str, Any], rng: random.Random) -> str:  # pragma: no cover
        raise NotImplementedError

    def reenter(self, view: dict[str, Any], rng: random.Random) -> bool:
        """Whether a seat that went out re-enters (RULES §12): yes while it can."""
        return True

    def choose(self, view: dict[str, Any], rng: random.Random) -> str:
        """The move of ``view["seat"]``: from ``view["legal"]`` or an ``open``; ``reenter`` or
        ``retire`` for a seat deciding on a re-entry."""
        if view["seat"] in view.get("decide", ()):
            return "reenter" if self.reenter(view, rng) else "retire"
        if view["turn"] != view["seat"]:
            raise ValueError(f"seat {view['seat']} is not to act")
        return self.decide(view, rng)


__all__ = ["Bot", "Seen", "open_move"]
