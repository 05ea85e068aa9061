"""Dernier's card faces and card names for the page: the house's (:mod:`web.cards.faces`)
with the marks of Dernier's action cards (:mod:`web.dernier.cardface`).

All SVG returned here is built from card codes only (never from user text), so the page
may put it in ``innerHTML``.
"""

from __future__ import annotations

from web.cards.faces import (
    RANK_NAMES,
    SUIT_COLOURS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    Faces,
    card_label,
    card_name,
    card_short,
    split,
    suit_svg,
    suit_symbol,
)
from web.dernier import cardface

__all__ = [
    "RANK_NAMES",
    "SUIT_COLOURS",
    "SUIT_NAMES",
    "SUIT_SYMBOLS",
    "back_svg",
    "card_image_url",
    "card_label",
    "card_name",
    "card_short",
    "card_svg",
    "split",
    "suit_svg",
    "suit_symbol",
]

#: the faces with their action's mark (the official Jolly's "+4" unless ``jolly="wild"``)
MARKED = Faces(lambda code, jolly: cardface.card_svg(code, jolly=jolly))


def back_svg() -> str:
    """Dernier's card back (:func:`web.dernier.cardface.back_svg`: the house's with its "D")."""
    return cardface.back_svg()


def card_svg(code: str, jolly: str = "suit") -> str:
    """The face of ``code``; ``jolly="wild"`` draws the traditional Jolly."""
    return MARKED.card_svg(code, jolly)


def card_image_url(code: str, jolly: str = "suit") -> str:
    """The face of ``code`` as a ``data:`` URL for an ``<img alt="">`` (its name is the
    button's text: :func:`card_label`; WCAG 2.5.3)."""
    return MARKED.card_image_url(code, jolly)
