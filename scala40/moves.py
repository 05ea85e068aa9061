"""Move strings (CONTRACT "Moves"): parsing into small tuples, and writing them back."""

from __future__ import annotations

from .cards import JOKER_AS, parse_card, parse_meld_card
from .errors import NotationError
from .melds import parse_meld

# ("draw",) ("take",) ("reenter",) ("retire",) ("open", [cards, …]) ("meld", cards)
# ("attach", n, meld card) ("swap", n, kind) ("discard", kind)
Move = tuple[str | int | list[int] | list[list[int]], ...]

_SIMPLE = ("draw", "take", "reenter", "retire")


def _index(text: str) -> int:
    if not text.isdigit() or not text.isascii() or (len(text) > 1 and text[0] == "0"):
        raise NotationError(f"{text!r} is not a meld number (0, 1, 2 …)")
    return int(text)


#: moves already read that hold no list (draw, take, attach, swap, discard …): shared tuples
_READ: dict[str, Move] = {}


def parse_move(move: str) -> Move:
    """A move string as a tuple; :class:`NotationError` for anything that is not a move."""
    if not isinstance(move, str):
        raise NotationError(f"a move is a string, not {type(move).__name__}")
    mv = _READ.get(move)
    if mv is None:
        mv = _parse(move)
        if mv[0] not in ("open", "meld"):
            if len(_READ) > 20_000:
                _READ.clear()
            _READ[move] = mv
    return mv


def _parse(move: str) -> Move:
    parts = move.split(" ")
    verb = parts[0]
    if verb in _SIMPLE:
        if len(parts) != 1:
            raise NotationError(f"{verb!r} takes no arguments: {move!r}")
        return (verb,)
    if verb == "open":
        if len(parts) < 2:
            raise NotationError("'open' needs one or more melds: 'open 5H-6H-7H QS-QD-QC'")
        return ("open", [parse_meld(p) for p in parts[1:]])
    if verb == "meld":
        if len(parts) != 2:
            raise NotationError("'meld' takes one meld: 'meld 5H-6H-7H'")
        return ("meld", parse_meld(parts[1]))
    if verb in ("attach", "swap"):
        if len(parts) != 3:
            raise NotationError(f"{verb!r} takes a meld number and a card: '{verb} 0 9H'")
        n = _index(parts[1])
        c = parse_meld_card(parts[2])
        if verb == "swap" and c >= JOKER_AS:
            raise NotationError("'swap' puts a natural card in the joker's place: 'swap 0 5H'")
        return (verb, n, c)
    if verb == "discard":
        if len(parts) != 2:
            raise NotationError("'discard' takes one card: 'discard 9H'")
        return ("discard", parse_card(parts[1]))
    raise NotationError(f"{move!r} is not a move (draw, take, open, meld, attach, swap, discard)")
