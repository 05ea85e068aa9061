"""Card faces and card names for the page: :mod:`web.cardface` when it is there, with a
plain fallback of our own so the table always draws.

All SVG returned here is built from card codes only (never from user text), so the page
may put it in ``innerHTML``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import quote

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
    if suit is None:
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
        '<text x="50" y="80" font-size="22" text-anchor="middle" fill="#f4f1e8" font-family="serif">D</text>'
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
    return rank_name + sep + SUIT_NAMES[lang][suit]


def _fallback_card_short(code: str) -> str:
    rank, suit = split(code)
    return "Jolly" if suit is None else rank + SUIT_SYMBOLS[suit]


def _load() -> dict[str, Callable[..., str]]:
    funcs: dict[str, Callable[..., str]] = {
        "card_svg": _fallback_card_svg,
        "back_svg": _fallback_back_svg,
        "suit_svg": _fallback_suit_svg,
        "card_name": _fallback_card_name,
        "card_short": _fallback_card_short,
    }
    try:
        from web.dernier import cardface as mod  # written by another engineer; optional until it lands
    except ImportError:
        return funcs
    for name in funcs:
        f: Any = getattr(mod, name, None)
        if callable(f):
            funcs[name] = f
    return funcs


_F = _load()
_cache: dict[tuple[str, ...], str] = {}


def _cached(kind: str, arg: str, **kw: str) -> str:
    key = (kind, arg, *kw.values())
    out = _cache.get(key)
    if out is None:
        try:
            args = (arg,) if arg else ()
            out = _F[kind](*args, **kw) if kw and using_cardface() else _F[kind](*args)
        except Exception:  # a broken face must not break the table
            fb = {"card_svg": _fallback_card_svg, "suit_svg": _fallback_suit_svg}
            out = fb[kind](arg) if kind in fb else _fallback_back_svg()
        _cache[key] = out
    return out


def card_svg(code: str, jolly: str = "suit") -> str:
    """The face of ``code``; ``jolly="wild"`` draws the traditional Jolly."""
    if code == "JK" and jolly == "wild":
        return _cached("card_svg", code, jolly="wild")
    return _cached("card_svg", code)


def card_image_url(code: str, jolly: str = "suit") -> str:
    """The face of ``code`` as a ``data:`` URL for an ``<img alt="">``: a picture whose
    corner letters are no text of the page, so a card button's visible text is all in its
    name (:func:`card_label`; WCAG 2.5.3)."""
    key = ("card_url", code, jolly)
    out = _cache.get(key)
    if out is None:
        out = _cache[key] = "data:image/svg+xml;charset=utf-8," + quote(card_svg(code, jolly), safe="=:/'")
    return out


def card_label(code: str, lang: str = "en") -> str:
    """What a speech-input user may say for the card: its corner as seen, then its name
    (``"3♥, 3 of Hearts"``; the Jolly is "Jolly")."""
    short, name = card_short(code), card_name(code, lang)
    return name if short == name else f"{short}, {name}"


def back_svg() -> str:
    return _cached("back_svg", "")


def suit_svg(suit: str) -> str:
    return _cached("suit_svg", suit)


def card_name(code: str, lang: str = "en") -> str:
    try:
        return str(_F["card_name"](code, lang))
    except Exception:
        return _fallback_card_name(code, lang)


def card_short(code: str) -> str:
    try:
        return str(_F["card_short"](code))
    except Exception:
        return _fallback_card_short(code)


def suit_symbol(suit: str) -> str:
    return SUIT_SYMBOLS.get(suit, "?")


def using_cardface() -> bool:
    return _F["card_svg"] is not _fallback_card_svg
