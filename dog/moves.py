"""Move strings (CONTRACT "Moves"): parsing into a small value type, :class:`Move`.

Parsing checks the notation only; whether a move is legal now is the state's business.
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import parse_field
from .cards import JOLLY, RANK_SET, parse_card, rank_of
from .errors import MoveNotationError, NotationError

GIVE, FOLD, ABANDON, TIMEOUT = "give", "fold", "abandon", "timeout"
OUT, IDLE, STEP, SWAP = "out", "idle", "step", "swap"

#: a field in a move: (owner or None on the track, location)
Field = tuple[int | None, int]


@dataclass(frozen=True)
class Move:
    """A parsed move. ``kind`` is one of give fold abandon timeout out idle step swap.

    ``card`` is the code held (``"JK"`` for a Jolly), ``rank`` the rank it acts as;
    ``parts`` the (from, to) pairs of a step move (several only for a 7), ``swap`` the
    two fields of a J."""

    kind: str
    card: str = ""
    rank: str = ""
    parts: tuple[tuple[Field, Field], ...] = ()
    swap: tuple[Field, Field] | None = None


def _bad(text: object, why: str) -> MoveNotationError:
    return MoveNotationError(f"{text!r} is not a move: {why}")


def _field(text: str, move: str) -> Field:
    if text.startswith("n"):
        raise _bad(move, f"{text!r}: a move names a pawn by its field; nest pawns need no name ('out')")
    try:
        return parse_field(text)
    except NotationError:
        raise _bad(move, f"{text!r} is not a field ('0'…'63' or 'h<seat>.<1-4>')") from None


def parse_move(text: object) -> Move:
    """The :class:`Move` a string stands for; :class:`MoveNotationError` if it is none."""
    if not isinstance(text, str):
        raise _bad(text, "moves are strings")
    if text in (FOLD, ABANDON, TIMEOUT):
        return Move(text)
    tokens = text.split(" ")
    if not text or "" in tokens:
        raise _bad(text, "tokens are separated by one space")
    head = tokens[0]
    if head == GIVE:
        if len(tokens) != 2:
            raise _bad(text, "write 'give <card>', e.g. 'give 7H'")
        try:
            card = parse_card(tokens[1])
        except NotationError as e:
            raise _bad(text, str(e)) from None
        return Move(GIVE, card=card)
    if head.startswith("JK="):
        card, rank = JOLLY, head[3:]
        if rank not in RANK_SET:
            raise _bad(text, "a Jolly names a rank: 'JK=A' … 'JK=10', 'JK=J', 'JK=Q', 'JK=K'")
    else:
        try:
            card = parse_card(head)
        except NotationError:
            raise _bad(text, f"{head!r} is not a card code or 'fold', 'give', 'abandon', 'timeout'") from None
        if card == JOLLY:
            raise _bad(text, "a Jolly always names its rank ('JK=7 …', 'JK=A out')")
        rank = rank_of(card)
    rest = tokens[1:]
    if not rest:
        raise _bad(text, "a card needs its effect ('out', a move 'a-b', a swap 'axb')")
    if rest == [OUT]:
        return Move(OUT, card, rank)
    if rest == [IDLE]:
        return Move(IDLE, card, rank)
    if len(rest) == 1 and "x" in rest[0]:
        a, _, b = rest[0].partition("x")
        return Move(SWAP, card, rank, swap=(_field(a, text), _field(b, text)))
    parts: list[tuple[Field, Field]] = []
    for tok in rest:
        a, dash, b = tok.partition("-")
        if not dash:
            raise _bad(text, f"{tok!r} is not a move of a pawn ('12-17')")
        parts.append((_field(a, text), _field(b, text)))
    return Move(STEP, card, rank, parts=tuple(parts))
