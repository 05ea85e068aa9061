"""Card faces and card names for a table (:mod:`web.cards.cardface`), each face drawn once and
kept; a face that cannot be drawn (a code no deck has) falls back to a plain one of our own,
so that the table always draws.

A game whose cards carry marks draws them with its own :class:`Faces` (Dernier's action
cards: ``web/dernier/faces.py``); the module's functions draw the house's plain faces.

All SVG returned here is built from card codes only (never from user text), so the page
may put it in ``innerHTML``.
"""

from __future__ import annotations

from collections.abc import Callable

from web.cards import cardface

SUIT_SYMBOLS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
SUIT_COLOURS = {"H": "#d0182f", "D": "#e0a800", "C": "#1b8a3a", "S": "#1d4fd8"}
RANK_NAMES = {
    "en": {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"},
    "it": {"A": "Asso", "J": "Fante", "Q": "Donna", "K": "Re"},
}
SUIT_NAMES = {
    "en": {"H": "Hearts", "D": "Diamonds", "C": "Clubs", "S": "Spades"},
    "it": {"H": "Cuori", "D": "Quadri", "C": "Fiori", "S": "Picche"},
}


def split(code: str) -> tuple[str, str | None]:
    """``("10", "H")`` for ``10H``; ``("JK", None)`` for the Jolly."""
    if code == "JK":
        return "JK", None
    return code[:-1], code[-1]


def _fallback_card_svg(code: str) -> str:
    rank, suit = split(code)
    if suit not in SUIT_COLOURS:
        return (
            '<svg class="face" viewBox="0 0 100 140" xmlns="http://www.w3.org/2000/svg" aria-hidden="true">'
            '<rect x="1" y="1" width="98" height="138" rx="9" fill="#fffdf6" stroke="#333" stroke-width="2"/>'
            '<text x="50" y="62" font-size="26" text-anchor="middle" font-family="sans-serif" '
            'font-weight="700" fill="#7a1fa2">JOLLY</text>'
            '<text x="50" y="104" font-size="40" text-anchor="middle" fill="#7a1fa2">★</text></svg>'
        )
    colour = SUIT_COLOURS[suit]
    sym = SUIT_SYMBOLS[suit]
    return (
        '<svg class="face" viewBox="0 0 100 140" xmlns="http://www.w3.org/2000/svg" aria-hidden="true">'
        '<rect x="1" y="1" width="98" height="138" rx="9" fill="#fffdf6" '
        f'stroke="{colour}" stroke-width="3"/>'
        f'<text x="10" y="32" font-size="28" font-family="sans-serif" font-weight="700" fill="{colour}">'
        f"{rank}</text>"
        f'<text x="10" y="58" font-size="24" fill="{colour}">{sym}</text>'
        f'<text x="55" y="112" font-size="56" text-anchor="middle" fill="{colour}">{sym}</text></svg>'
    )


def _fallback_back_svg() -> str:
    return (
        '<svg class="back" viewBox="0 0 100 140" xmlns="http://www.w3.org/2000/svg" aria-hidden="true">'
        '<rect x="1" y="1" width="98" height="138" rx="9" fill="#8b1e2d" stroke="#f4f1e8" stroke-width="3"/>'
        '<rect x="10" y="10" width="80" height="120" rx="5" fill="none" stroke="#f4f1e8" stroke-width="2"/>'
        '<path d="M50 56L54 66L64 70L54 74L50 84L46 74L36 70L46 66Z" fill="#f4f1e8"/>'
        "</svg>"
    )


def _fallback_suit_svg(suit: str) -> str:
    return (
        '<svg class="suit" viewBox="0 0 40 40" xmlns="http://www.w3.org/2000/svg" aria-hidden="true">'
        f'<text x="20" y="31" font-size="32" text-anchor="middle" fill="{SUIT_COLOURS[suit]}">'
        f"{SUIT_SYMBOLS[suit]}</text></svg>"
    )


def _fallback_card_name(code: str, lang: str = "en") -> str:
    rank, suit = split(code)
    if suit is None:
        return "Jolly"
    lang = "it" if lang == "it" else "en"
    rank_name = RANK_NAMES[lang].get(rank, rank)
    sep = " di " if lang == "it" else " of "
    return rank_name + sep + SUIT_NAMES[lang].get(suit, suit)


def _fallback_card_short(code: str) -> str:
    rank, suit = split(code)
    return "Jolly" if suit is None else rank + SUIT_SYMBOLS.get(suit, suit)


#: how a table draws a card's face: ``draw(code, jolly)`` (``jolly``: ``"suit"`` or ``"wild"``,
#: for a game whose Jolly has two faces)
Draw = Callable[[str, str], str]


class Faces:
    """A table's card faces, drawn by ``draw`` and kept once drawn."""

    def __init__(self, draw: Draw) -> None:
        self._draw = draw
        self._cache: dict[tuple[str, str, str], str] = {}

    def card_svg(self, code: str, jolly: str = "suit") -> str:
        """The face of ``code``; ``jolly="wild"`` asks for the Jolly's other face."""
        jolly = "wild" if code == "JK" and jolly == "wild" else "suit"
        key = ("card_svg", code, jolly)
        out = self._cache.get(key)
        if out is None:
            try:
                out = self._draw(code, jolly)
            except Exception:  # a broken face must not break the table
                out = _fallback_card_svg(code)
            self._cache[key] = out
        return out

    def card_image_url(self, code: str, jolly: str = "suit") -> str:
        """The face of ``code`` as a ``data:`` URL for an ``<img alt="">``: a picture whose
        corner letters are no text of the page, so a card button's visible text is all in its
        name (:func:`card_label`; WCAG 2.5.3)."""
        key = ("card_url", code, jolly)
        out = self._cache.get(key)
        if out is None:
            out = self._cache[key] = "data:image/svg+xml;charset=utf-8," + quote(self.card_svg(code, jolly))
        return out


#: each byte as ``urllib.parse.quote(text, safe="=:/'")`` writes it: importing urllib.parse
#: (and the ipaddress it imports) at start cost ~50 ms of a phone's start (issue 40)
_QUOTED = [
    chr(b) if chr(b).isascii() and (chr(b).isalnum() or chr(b) in "_.-~=:/'") else f"%{b:02X}"
    for b in range(256)
]


def quote(text: str) -> str:
    """``text`` for a ``data:`` URL, percent-encoded as ``quote(text, safe="=:/'")``."""
    return "".join(map(_QUOTED.__getitem__, text.encode("utf-8")))


#: the house's plain faces (no game's marks)
PLAIN = Faces(lambda code, jolly: cardface.card_svg(code))
_cache: dict[tuple[str, str], str] = {}


def card_svg(code: str) -> str:
    """The plain face of ``code``."""
    return PLAIN.card_svg(code)


def card_image_url(code: str) -> str:
    """The plain face of ``code`` as a ``data:`` URL (:meth:`Faces.card_image_url`)."""
    return PLAIN.card_image_url(code)


def card_label(code: str, lang: str = "en") -> str:
    """What a speech-input user may say for the card: its corner as seen, then its name
    (``"3♥, 3 of Hearts"``; the Jolly is "Jolly")."""
    short, name = card_short(code), card_name(code, lang)
    return name if short == name else f"{short}, {name}"


def back_svg() -> str:
    """The house's card back (it names no game: a game's own is its faces module's)."""
    out = _cache.get(("back", ""))
    if out is None:
        try:
            out = cardface.back_svg()
        except Exception:
            out = _fallback_back_svg()
        _cache[("back", "")] = out
    return out


def suit_svg(suit: str) -> str:
    out = _cache.get(("suit", suit))
    if out is None:
        try:
            out = cardface.suit_svg(suit)
        except Exception:
            out = _fallback_suit_svg(suit) if suit in SUIT_COLOURS else _fallback_back_svg()
        _cache[("suit", suit)] = out
    return out


def card_name(code: str, lang: str = "en") -> str:
    try:
        return cardface.card_name(code, lang)
    except Exception:
        return _fallback_card_name(code, lang)


def card_short(code: str) -> str:
    try:
        return cardface.card_short(code)
    except Exception:
        return _fallback_card_short(code)


def suit_symbol(suit: str) -> str:
    return SUIT_SYMBOLS.get(suit, "?")
