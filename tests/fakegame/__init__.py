"""A tiny test-only game, *Ten*, registered only in tests to show that a game plugs into the
page's shell through :mod:`web.shell.games` alone (issue 22).

Rules: 2–4 seats take turns adding ``1``, ``2`` or ``3`` to a shared total, starting at 0;
the seat that brings the total to 10 or more wins the hand. A match is ``hands`` hands; the
winner of most hands wins it (ties: the lowest seat). Any seat may ``wave`` once per hand, out
of turn (it changes nothing but the log), to exercise moves out of turn. Standard library only,
the shape of the project's rules packages: its ``Match`` satisfies
:class:`tabletop.engine.MatchProtocol` (``new``, ``load``, ``from_position``, ``replay``,
``view(seat)``, ``legal_moves(seat)``, ``play(move, seat)``, ``why_refused``, abandon and
timeout as moves, ``record``), its refusals are :class:`IllegalMove`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Generator, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tabletop import errors
from tabletop.engine import Refusals, check_seed, leave_or_time_out

GOAL = 10
STEPS = ("1", "2", "3")


class IllegalMove(errors.IllegalMove):
    """A move the rules refuse (the reason is the message); the state is unchanged."""


@dataclass
class Hand:
    players: int
    turn: int
    total: int = 0
    waved: list[int] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)
    winner: int | None = None

    @property
    def over(self) -> bool:
        return self.winner is not None

    def legal_moves(self, seat: int) -> list[str]:
        moves = [] if self.over or seat != self.turn else list(STEPS)
        if not self.over and seat not in self.waved:
            moves.append("wave")
        return sorted(moves)

    def play(self, move: str, seat: int) -> None:
        if move not in self.legal_moves(seat):
            raise IllegalMove(f"{move!r} may not be played by seat {seat} now")
        self.log.append({"seat": seat, "move": move})
        if move == "wave":
            self.waved.append(seat)
            return
        self.total += int(move)
        if self.total >= GOAL:
            self.winner = seat
        else:
            self.turn = (self.turn + 1) % self.players


class Match(Refusals):
    """A match of Ten with the names and shape of :class:`tabletop.engine.MatchProtocol`."""

    def __init__(self, players: int, hands: int, seed: int, names: list[str]) -> None:
        if not 2 <= players <= 4:
            raise ValueError("Ten is for 2 to 4 players")
        self.players = players
        self.hands = hands
        self.seed = seed
        self.names = list(names)
        self.hand_no = 1
        self.wins = [0] * players
        self.moves: list[list[dict[str, Any]]] = []
        self.result: dict[str, Any] | None = None
        self.game = Hand(players, turn=seed % players)

    @classmethod
    def new(
        cls,
        *,
        players: int = 2,
        rules: str = "ten",
        seed: int | None = None,
        hands: int = 1,
        names: list[str] | None = None,
    ) -> Match:
        if rules != "ten":
            raise ValueError(f"Ten has no rule set {rules!r}")
        seed = check_seed(seed, ValueError)
        return cls(players, hands, seed, names or [f"P{i + 1}" for i in range(players)])

    @property
    def over(self) -> bool:
        return self.result is not None or (self.game.over and self.hand_no >= self.hands)

    @property
    def winner(self) -> int | None:
        if self.result is not None:
            return (int(self.result["seat"]) + 1) % self.players
        if not self.over:
            return None
        return max(range(self.players), key=lambda s: (self.wins[s], -s))

    def view(self, seat: int) -> dict[str, Any]:
        g = self.game
        return {
            "seat": seat,
            "total": g.total,
            "goal": GOAL,
            "turn": g.turn,
            "waved": list(g.waved),
            "log": [dict(e) for e in g.log],
            "wins": list(self.wins),
            "names": list(self.names),
            "hand_no": self.hand_no,
            "legal": self.legal_moves(seat),
        }

    def legal_moves(self, seat: int | None = None) -> list[str]:
        if self.result is not None:
            return []
        return self.game.legal_moves(self.game.turn if seat is None else seat)

    def play(self, move: str, seat: int | None = None) -> None:
        if self.result is not None:
            raise IllegalMove("the match is over")
        if leave_or_time_out(self, move, seat):
            return
        self.game.play(move, self.game.turn if seat is None else seat)
        if self.game.winner is not None:
            self.wins[self.game.winner] += 1

    def next_hand(self) -> None:
        if not self.game.over or self.over:
            raise IllegalMove("the hand is not over" if not self.game.over else "the match is over")
        self.moves.append(self.game.log)
        self.hand_no += 1
        self.game = Hand(self.players, turn=(self.seed + self.hand_no - 1) % self.players)

    def _seat(self, seat: int | None) -> int:
        if seat is None or not 0 <= seat < self.players:
            raise IllegalMove(f"there is no seat {seat}")
        return seat

    def abandon(self, seat: int | None) -> None:
        """``seat`` leaves: the match ends, the next seat wins it (a move of the record)."""
        self._end("abandon", self._seat(seat))

    def timeout(self, seat: int | None = None) -> None:
        """The seat to act ran out of time: as an abandon."""
        self._end("timeout", self._seat(self.game.turn if seat is None else seat))

    def _end(self, kind: str, seat: int) -> None:
        if self.result is not None:
            raise IllegalMove("the match is over")
        self.result = {"kind": kind, "seat": seat}
        self.game.log.append({"seat": seat, "move": kind})

    def record(self) -> dict[str, Any]:
        """The match as every engine records one: a ``history`` of hands, each with its
        ``moves`` as ``[seat, move]``."""
        return {
            "game": "ten",
            "players": self.players,
            "hands": self.hands,
            "seed": self.seed,
            "names": list(self.names),
            "history": [
                {"moves": [[e["seat"], e["move"]] for e in log]} for log in [*self.moves, self.game.log]
            ],
        }

    def save(self) -> dict[str, Any]:
        return self.record()

    def position(self) -> dict[str, Any]:
        return {
            **self.record(),
            "hand_no": self.hand_no,
            "wins": list(self.wins),
            "total": self.game.total,
            "result": self.result,
        }

    @classmethod
    def from_position(cls, pos: dict[str, Any]) -> Match:
        return cls.load(pos)

    @classmethod
    def load(cls, data: object) -> Match:
        """The match of :meth:`record`, every move played again; ValueError if anything is off."""
        *_, m = cls._replay(data)
        return m

    @classmethod
    def replay(cls, record: dict[str, Any] | str) -> Iterator[dict[str, Any]]:
        """Every position of ``record``: each hand's start, then after each move."""
        for m in cls._replay(record):
            yield m.position()

    @classmethod
    def _replay(cls, data: object) -> Iterator[Match]:
        if isinstance(data, str):
            data = json.loads(data)
        if not isinstance(data, dict) or data.get("game") != "ten":
            raise ValueError("not a match of Ten")
        try:
            m = cls.new(players=data["players"], hands=data["hands"], seed=data["seed"], names=data["names"])
            yield m
            for i, hand in enumerate(data["history"]):
                if i:
                    m.next_hand()
                    yield m
                for seat, move in hand["moves"]:
                    m.play(move, seat)
                    yield m
        except (KeyError, TypeError) as e:
            raise ValueError(f"bad record: {e}") from None


def check_view(state: object, seat: int) -> str | None:
    """Why a table state a friend's page received is unusable, or None (the shell's fields
    and Ten's)."""
    if not isinstance(state, dict) or state.get("seat") != seat:
        return f"state is not seat {seat}'s"
    turn = state.get("turn")
    ok = (
        isinstance(state.get("total"), int)
        and isinstance(state.get("legal"), list)
        and all(isinstance(m, str) for m in state["legal"])
        and (turn is None or isinstance(turn, int))
        and isinstance(state.get("hand_over"), bool)
        and isinstance(state.get("match"), dict)
        and isinstance(state["match"].get("over"), bool)
    )
    return None if ok else "bad state"


class Bot:
    """``hard`` wins when it can; ``easy`` and ``medium`` add at random."""

    def __init__(self, level: str) -> None:
        self.level = level

    def steps(self, view: dict[str, Any], rng: random.Random) -> Generator[None, None, str]:
        yield None  # a slice of thinking
        plays: list[str] = [m for m in view["legal"] if m in STEPS]
        winning = [m for m in plays if view["total"] + int(m) >= GOAL]
        return winning[0] if winning and self.level == "hard" else rng.choice(plays)


def make_bot(level: str) -> Bot:
    return Bot(level)


if TYPE_CHECKING:
    from tabletop.engine import MatchProtocol

    _: type[MatchProtocol] = Match
