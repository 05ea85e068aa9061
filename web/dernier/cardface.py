"""Dernier's card faces: the house's faces (:mod:`web.cards.cardface`) with the marks of
Dernier's action cards (RULES §1 §5 §6): the Ace's "+2", the 7's "2" with its arrow, the
Jack's four-colour wheel, the Queen's ⊘, the King's ⇄, and the official Jolly's "+4".

    card_svg("QH")            # the Queen of Hearts, with its skip mark
    card_svg("JK", jolly="wild")  # the traditional wild Jolly (no "+4")
    back_svg(), suit_svg("D")
    card_name("7S", "it")     # "7 di Picche"
    card_short("10S")         # "10♠"

Standard library only; it runs in Pyodide and CPython.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from web.cards import cardface as plain
from web.cards.cardface import (
    CODES,
    JOLLY,
    RANK_NAMES,
    RANKS,
    SUIT_COLOURS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    card_name,
    card_short,
    num,
    parse_code,
    suit_svg,
    suit_wheel,
)

__all__ = [
    "CODES",
    "RANKS",
    "RANK_NAMES",
    "SUITS",
    "SUIT_COLOURS",
    "SUIT_NAMES",
    "SUIT_SYMBOLS",
    "back_svg",
    "card_name",
    "card_short",
    "card_svg",
    "parse_code",
    "suit_svg",
]

_PATHS: Final = plain.PATHS
#: the action cards (RULES §5), drawn as one big symbol with their action's mark below
ACTION_RANKS: Final = ("A", "7", "J", "Q", "K")


def back_svg(*, label: str | None = None) -> str:
    """Dernier's card back: the house's with its monogram, the "D" it always had."""
    return plain.back_svg(label=label, monogram="D")


# Emblems of the action cards, drawn in the suit's ink below the big symbol (y ≈ 112).
def _emblem(rank: str, ink: str) -> str:
    y = 113
    if rank == "A":  # the next player draws 2
        return _pill(ink, "+2", y)
    if rank == "7":  # the previous player draws 2
        arrow = (
            f'<path d="M33 {y}h11m-11 0 6-6m-6 6 6 6" fill="none" stroke="#fff" stroke-width="3.2"'
            ' stroke-linecap="round" stroke-linejoin="round"/>'
        )
        return _pill(ink, "2", y, dx=6) + arrow
    if rank == "J":  # choose the suit: a four-colour wheel
        return suit_wheel(50, y, 10.5)
    if rank == "Q":  # skip: ⊘
        return (
            f'<g fill="none" stroke="{ink}" stroke-width="3.6" stroke-linecap="round">'
            f'<circle cx="50" cy="{y}" r="9.5"/><path d="M43.3 {y + 6.7}l13.4-13.4"/></g>'
        )
    if rank == "K":  # reverse: ⇄
        return (
            f'<g fill="none" stroke="{ink}" stroke-width="3.4" stroke-linecap="round"'
            ' stroke-linejoin="round">'
            f'<path d="M38 {y - 4.5}h24m-6-5.5 6 5.5-6 5.5M62 {y + 4.5}H38m6-5.5-6 5.5 6 5.5"/></g>'
        )
    return ""


def _pill(ink: str, text: str, y: float, *, dx: float = 0) -> str:
    return (
        f'<rect x="31" y="{num(y - 10)}" width="38" height="20" rx="10" fill="{ink}"/>'
        f'<text x="{num(50 + dx)}" y="{num(y + 6)}" font-size="17" fill="#fff" text-anchor="middle">'
        f"{text}</text>"
    )


#: the official Jolly's "+4" (RULES §6): below its wheel, and under each corner's wheel
_PLUS4: Final = (
    '<rect x="35" y="104" width="30" height="18" rx="9" fill="#222"/>'
    '<text x="50" y="118" font-size="14" fill="#fff" text-anchor="middle">+4</text>'
)
_PLUS4_CORNER: Final = '<text x="12.5" y="39" font-size="13" fill="#222" text-anchor="middle">+4</text>'


@cache
def _card_body(code: str, wild: bool) -> str:
    rank, suit = parse_code(code)
    if rank == JOLLY:
        body = plain.jolly_face() if wild else plain.jolly_face(_PLUS4, _PLUS4_CORNER)
    elif rank in ACTION_RANKS:
        body = plain.big_face(rank, suit, _emblem(rank, SUIT_COLOURS[suit][1]))
    else:
        body = plain.pips_face(rank, suit)
    return plain.card_body(body)


def card_svg(code: str, *, jolly: str = "suit", label: str | None = None) -> str:
    """The face of a card as an inline ``<svg>`` string (viewBox 0 0 100 140), with its
    action's mark.

    ``jolly="wild"`` draws the traditional Jolly, which has no "+4" (RULES §6).
    Without ``label`` the drawing is ``aria-hidden`` (the page labels the button);
    with it, it is ``role="img"`` with that ``aria-label``. ValueError for a bad code."""
    if jolly not in ("suit", "wild"):
        raise ValueError(f"jolly must be 'suit' or 'wild', not {jolly!r}")
    return plain.wrap_svg(_card_body(code, jolly == "wild"), label)
