"""Moves: the compact int form used inside the engine and the public strings (CONTRACT "Moves").

An int move packs, for a play: the card kind (bits 0–5), the chosen suit + 1 (bits 6–8),
the Dernier call (bit 9) and, for a wild Jolly, the named card kind + 1 (bits 10–15).
The other moves are constants above bit 16.
"""

from __future__ import annotations

from .cards import CODE_OF, JACK, JOKER, KIND_OF, RANK_OF, SUIT_INDEX, SUITS
from .errors import MoveNotationError

CARD_MASK = 0x3F
SUIT_SHIFT = 6
SUIT_MASK = 0x7 << SUIT_SHIFT
CALL_FLAG = 1 << 9
NAMED_SHIFT = 10
NAMED_MASK = 0x3F << NAMED_SHIFT
SPECIAL = 1 << 16

DRAW = 1 << 16
PASS = 2 << 16
CALL = 3 << 16
CHOOSE = 4 << 16  # | (suit + 1) << SUIT_SHIFT
TIMEOUT = 5 << 16  # not a move a player makes: the log's mark of a timed-out turn


def play_move(kind: int, suit: int = -1, call: bool = False, named: int = -1) -> int:
    m = kind | ((suit + 1) << SUIT_SHIFT) | ((named + 1) << NAMED_SHIFT)
    return m | CALL_FLAG if call else m


def choose_move(suit: int) -> int:
    return CHOOSE | ((suit + 1) << SUIT_SHIFT)


def card_of(m: int) -> int:
    return m & CARD_MASK


def suit_of(m: int) -> int:
    return ((m & SUIT_MASK) >> SUIT_SHIFT) - 1


def named_of(m: int) -> int:
    return ((m & NAMED_MASK) >> NAMED_SHIFT) - 1


def is_play(m: int) -> bool:
    return m < SPECIAL


def _format(m: int) -> str:
    if m == DRAW:
        return "draw"
    if m == PASS:
        return "pass"
    if m == CALL:
        return "dernier"
    if m & ~SUIT_MASK == CHOOSE:
        return ":" + SUITS[suit_of(m)]
    text = CODE_OF[card_of(m)]
    named = named_of(m)
    if named >= 0:
        text += "=" + CODE_OF[named]
    suit = suit_of(m)
    if suit >= 0:
        text += ":" + SUITS[suit]
    if m & CALL_FLAG:
        text += "!"
    return text


def _all_moves() -> list[int]:
    out = [DRAW, PASS, CALL] + [choose_move(s) for s in range(4)]
    for kind in range(len(CODE_OF)):
        bases: list[int] = []
        if kind == JOKER:
            bases += [play_move(kind, s) for s in range(4)]
            for named in range(52):
                if RANK_OF[named] == JACK:
                    bases += [play_move(kind, s, named=named) for s in range(4)]
                else:
                    bases.append(play_move(kind, named=named))
        elif RANK_OF[kind] == JACK:
            bases += [play_move(kind, s) for s in range(4)]
        else:
            bases.append(play_move(kind))
        for b in bases:
            out += [b, b | CALL_FLAG]
    return out


MOVE_TEXT: dict[int, str] = {m: _format(m) for m in _all_moves()}
TEXT_MOVE: dict[str, int] = {t: m for m, t in MOVE_TEXT.items()}
MOVE_TEXT[TIMEOUT] = "timeout"


def format_move(m: int) -> str:
    return MOVE_TEXT[m]


def parse_move(text: str) -> int:
    """The int form of a move string; :class:`MoveNotationError` if it is not a move."""
    try:
        return TEXT_MOVE[text]
    except (KeyError, TypeError):
        pass
    raise MoveNotationError(_why_not_a_move(text))


def _why_not_a_move(text: object) -> str:
    if not isinstance(text, str):
        return f"a move is a string, not {type(text).__name__}"
    body = text[:-1] if text.endswith("!") else text
    body, _, suit = body.partition(":")
    head, eq, named = body.partition("=")
    bad = f"{text!r} is not a move:"
    if head not in KIND_OF:
        if not head and suit:
            return f"{bad} ':H', ':D', ':C' or ':S' choose the suit of a turned-up J or Jolly"
        if not head:
            return f"{bad} a play starts with a card code, e.g. '9H', 'JS:H'"
        return f"{bad} {head!r} is not a card code"
    if eq:
        if head != "JK":
            return f"{bad} only a Jolly can stand for another card (JK=7H)"
        if named not in KIND_OF:
            return f"{bad} {named!r} is not a card code (JK=7H names the card the Jolly stands for)"
        if named == "JK":
            return f"{bad} a Jolly cannot stand for a Jolly"
    shown = named if eq else head
    if suit:
        if suit not in SUIT_INDEX:
            return f"{bad} {suit!r} is not a suit (H, D, C, S)"
        if eq and not shown.startswith("J"):
            return f"{bad} a Jolly standing for {shown} takes no suit: only a named J does (JK=JS:H)"
        if not shown.startswith("J"):
            return f"{bad} only a J or a Jolly chooses a suit, not {shown}"
    elif shown == "JK":
        return f"{bad} a Jolly needs a suit (JK:H), or in the traditional game the card it stands for (JK=7H)"
    elif shown.startswith("J"):
        return f"{bad} a {shown} needs a suit, e.g. '{text.rstrip('!')}:H'"
    return (
        f"{bad} a card code like '9H', 'JS:H' or 'JK:C', a trailing '!' to call Dernier, "
        "':H', 'draw', 'pass' or 'dernier'"
    )
