"""One typed interface for the three games' matches (:class:`MatchProtocol`), and what their
engines share to fill it: refusals tried on a copy (:class:`Refusals`), the seeds a match
derives (:func:`derived`, :func:`check_seed`) and the readers of a position's fields
(:class:`Fields`).

``dernier.Match``, ``scala40.Match`` and ``dog.Match`` each satisfy :class:`MatchProtocol`,
checked by mypy where each is defined (``_: type[MatchProtocol] = Match``), so code that
serves every game (the page's session, the command line, tests) calls the same names:

============================  ==================================================================
``Match.new(players=, rules=, seed=)``  a new match, its first hand (DOG: game) dealt
``Match.load(data)``          a match from its ``save()`` or ``record()``; the game's SaveError
``Match.from_position(pos)``  a match from its ``position()``; the game's PositionError
``Match.replay(record)``      every position of a recorded match: each hand's start, then after
                              each move
``m.next_hand()``             deal the next hand (DOG: the next game) once this one is over
``m.legal_moves(seat)``       the moves ``seat`` may play now (never ``abandon``/``timeout``)
``m.play(move, seat)``        play; IllegalMove with the reason, the match untouched
``m.why_refused(move, seat)`` None when the rules allow the move now, else the reason (nothing
                              changes)
``m.abandon(seat)``           ``seat`` leaves (also ``m.play("abandon", seat)``)
``m.timeout(seat)``           the seat to act ran out of time (also ``m.play("timeout", seat)``)
``m.view(seat)``              what ``seat`` may see
``m.record()``, ``m.save()``, ``m.position()``
``m.players``, ``m.hand_no``, ``m.over``, ``m.winner``
============================  ==================================================================

Who may act now, the seat to act or any other, is the game's to say (:class:`WhoActs`, which
the three matches satisfy too, from :class:`Actors`), so that code serving every game (the
page's bots, the friends' protocol) names none of a game's moves out of turn:

============================  ==================================================================
``m.turn``                    the seat whose turn it is; None when nobody's (the hand over)
``m.actors()``                who may act now, each seat with its moves: the seat to act and
                              every seat the rules let act out of turn (Dernier's calls and
                              jump-ins, Scala 40's ``reenter``/``retire``, DOG's exchange)
``m.may_act(seat)``           ``seat`` is one of ``actors()``
``m.why_not_charged(c, seat)`` None when playing card ``c`` would be charged as a mistake
                              (Dernier's chi sbaglia paga, RULES §12), else why not
============================  ==================================================================

The instance side alone (every name but ``new``, ``load``, ``from_position`` and ``replay``) is
:class:`MatchInPlay`: what code that holds a match in play asks of it (the page's session,
which makes and loads its matches through its game's own hooks).

What each game's rules make of an abandon or a timeout is its own (its RULES): Dernier's
abandon loses the match, DOG's loses the game for the team, Scala 40's ends the match with
the leaver last; a timeout loses (Dernier ``timeout = "lose"``, DOG), costs a turn and a card
(Dernier ``"penalty"``) or makes a plain move for the seat (Scala 40).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any, Protocol, Self

from .errors import IllegalMove

#: the moves every game's ``play`` accepts from a seat besides its rules' moves
META_MOVES = ("abandon", "timeout")


class MatchInPlay(Protocol):
    """A match in play, as code that holds one sees it (the page's session): the instance side
    of :class:`MatchProtocol` (see the module)."""

    @property
    def players(self) -> int: ...

    @property
    def hand_no(self) -> int:
        """The hand (DOG: game) in play, from 1."""
        ...

    @property
    def over(self) -> bool: ...

    @property
    def winner(self) -> int | None:
        """The winning seat (DOG: team) once the match is over."""
        ...

    def next_hand(self) -> None: ...

    def legal_moves(self, seat: int | None = None) -> list[str]: ...

    def play(self, move: str, seat: int | None = None) -> None: ...

    def why_refused(self, move: str, seat: int | None = None) -> str | None: ...

    def abandon(self, seat: int) -> None: ...

    def timeout(self, seat: int) -> None: ...

    def view(self, seat: int) -> dict[str, Any]: ...

    def position(self) -> dict[str, Any]: ...

    def record(self) -> dict[str, Any]:
        """The match's moves: ``history``, one entry per hand (DOG: game), each with its
        ``moves`` as ``[seat, move]`` (what :meth:`MatchProtocol.replay` plays again)."""
        ...

    def save(self) -> dict[str, Any]: ...


class MatchProtocol(MatchInPlay, Protocol):
    """A match of any of the games, as code serving every game sees it (see the module): a
    match in play (:class:`MatchInPlay`) and the ways to make one."""

    @classmethod
    def new(cls, *, players: int = ..., rules: str = ..., seed: int | None = None) -> Self: ...

    @classmethod
    def load(cls, data: dict[str, Any] | str | bytes) -> Self: ...

    @classmethod
    def from_position(cls, pos: dict[str, Any]) -> Self: ...

    @classmethod
    def replay(cls, record: dict[str, Any] | str) -> Iterator[dict[str, Any]]: ...


class _Seated(Protocol):
    @property
    def players(self) -> int: ...

    @property
    def turn(self) -> int | None: ...

    def legal_moves(self, seat: int | None = None) -> list[str]: ...


class WhoActs(Protocol):
    """Who may act now, as the game says it (see the module)."""

    @property
    def turn(self) -> int | None:
        """The seat whose turn it is; None when nobody's (the hand or the match over)."""
        ...

    def actors(self) -> dict[int, list[str]]:
        """Who may act now: the seat to act and every seat the rules let act out of turn,
        each with its ``legal_moves(seat)`` (the seat to act's may be empty: Scala 40's
        openings are not listed)."""
        ...

    def may_act(self, seat: int) -> bool:
        """``seat`` may act now (one of :meth:`actors`)."""
        ...

    def why_not_charged(self, card: str, seat: int) -> str | None:
        """None when the rules would charge ``seat`` playing ``card`` now as a mistake (a
        penalty instead of a refusal: Dernier's chi sbaglia paga), else why not. Never plays."""
        ...


class Actors:
    """:meth:`actors` and :meth:`may_act` from a match's ``players``, ``turn`` and
    ``legal_moves(seat)`` (which list a seat's moves out of turn too)."""

    def actors(self: _Seated) -> dict[int, list[str]]:
        """Who may act now: the seat to act (even with no listed move) and every other seat
        with a legal move, each with its moves (see :class:`MatchInPlay`)."""
        turn = self.turn
        found: dict[int, list[str]] = {}
        for seat in range(self.players):
            moves = self.legal_moves(seat)
            if moves or seat == turn:
                found[seat] = moves
        return found

    def may_act(self: _Seated, seat: int) -> bool:
        """``seat`` may act now: it is its turn or it has a legal move out of turn."""
        return is_whole(seat) and (seat == self.turn or bool(self.legal_moves(seat)))

    def why_not_charged(self, card: str, seat: int) -> str | None:
        """A game whose rules charge no mistake refuses every wrong move outright."""
        return "these rules charge no mistakes"


class Leaving(Protocol):
    def abandon(self, seat: int | None) -> None: ...

    def timeout(self, seat: int | None = None) -> None: ...


def leave_or_time_out(match: Leaving, move: str, seat: int | None) -> bool:
    """Plays ``abandon`` or ``timeout`` (the moves every game's ``play`` takes besides its
    rules') through the match's :meth:`abandon` or :meth:`timeout`, which check the seat;
    False for any other move."""
    if move == "abandon":
        match.abandon(seat)
    elif move == "timeout":
        match.timeout(seat)
    else:
        return False
    return True


class Refusals:
    """:meth:`why_refused` for an engine whose ``play`` refuses every move the rules do not
    allow (with an :class:`~tabletop.errors.IllegalMove` and no change): a legal move is
    allowed, any other is tried on a copy of the match."""

    def legal_moves(self, seat: int | None = None) -> list[str]:  # pragma: no cover - each has its own
        raise NotImplementedError

    def play(self, move: str, seat: int | None = None) -> None:  # pragma: no cover - each has its own
        raise NotImplementedError

    def allows(self, move: str, seat: int | None = None) -> bool:
        """A quick yes without a copy (a legal move); False sends the move to the copy."""
        return move in self.legal_moves(seat)

    def why_refused(self, move: str, seat: int | None = None) -> str | None:
        """None when ``seat`` may play ``move`` now, else the engine's reason; this match
        never changes (a move not listed as legal, such as an opening or ``abandon``, is
        tried on a copy)."""
        if not isinstance(move, str):
            return f"{move!r} is not a move"
        if self.allows(move, seat):
            return None
        try:
            copy.deepcopy(self).play(move, seat)
        except IllegalMove as e:
            return str(e)
        except ValueError as e:  # a NotationError that is not a move's
            return str(e)
        return None


# -- seeds ------------------------------------------------------------------------------


def derived(below: int, *parts: object) -> int:
    """A number in ``0 … below-1`` drawn from the seed text ``parts`` joined by ``/``
    (``derived(2**31, "dernier", seed, "hand", 2)``: hand 2's seed of match ``seed``): the
    same on every machine and Python version."""
    return random.Random("/".join(str(p) for p in parts)).randrange(below)


def hand_seed(game: str, seed: int, hand_no: int) -> int:
    """The seed of hand ``hand_no`` of the match seeded ``seed``."""
    return derived(2**31, game, seed, "hand", hand_no)


def first_dealer(game: str, seed: int, players: int) -> int:
    """The first dealer of the match seeded ``seed``."""
    return derived(players, game, seed, "dealer")


def check_seed(seed: object, error: type[Exception]) -> int:
    """A whole-number seed (a fresh random one for None); ``error`` otherwise."""
    if seed is None:
        return random.randrange(2**31)
    if not is_whole(seed):
        raise error(f"seed must be a whole number, not {seed!r}")
    return seed  # type: ignore[return-value]


# -- fields of a position ---------------------------------------------------------------


def is_whole(value: object) -> bool:
    """An ``int`` that is not a ``bool`` (JSON's ``true`` is no number)."""
    return isinstance(value, int) and not isinstance(value, bool)


class Fields:
    """Readers of a position's fields, each raising ``error`` (the game's PositionError)
    that names the field and what it should be."""

    def __init__(self, error: type[Exception]) -> None:
        self.error = error

    def whole(self, value: object, where: str, lo: int | None = None, hi: int | None = None) -> int:
        """A whole number, ``lo`` ≤ it ≤ ``hi`` when given."""
        if not is_whole(value) or (lo is not None and value < lo) or (hi is not None and value > hi):  # type: ignore[operator]
            span = (
                f" from {lo} to {hi}"
                if lo is not None and hi is not None
                else f" from {lo}"
                if lo is not None
                else ""
            )
            raise self.error(f"{where} must be a whole number{span}, not {value!r}")
        return value  # type: ignore[return-value]

    def seat(self, value: object, n: int, where: str) -> int:
        """A seat of an ``n``-seat game."""
        if not is_whole(value) or not 0 <= value < n:  # type: ignore[operator]
            raise self.error(f"{where} must be a seat number from 0 to {n - 1}, not {value!r}")
        return value  # type: ignore[return-value]

    def whole_list(self, value: object, n: int, where: str) -> list[int]:
        """A list of ``n`` whole numbers (one per seat)."""
        if not isinstance(value, list) or len(value) != n or not all(is_whole(v) for v in value):
            raise self.error(f"{where} must be a list of {n} whole numbers")
        return list(value)

    def obj(self, value: object, what: str) -> dict[str, Any]:
        """A JSON object."""
        if not isinstance(value, dict):
            raise self.error(f"{what} is a JSON object, not {type(value).__name__}")
        return value


__all__ = [
    "META_MOVES",
    "Actors",
    "Fields",
    "MatchInPlay",
    "MatchProtocol",
    "Refusals",
    "WhoActs",
    "check_seed",
    "derived",
    "first_dealer",
    "hand_seed",
    "is_whole",
    "leave_or_time_out",
]
