"""Card faces drawn as inline SVG for every game of the house: no images, no web fonts.

Every card shows its suit *symbol* and its suit *colour*, as the official deck does:
H Cuori red ♥, D Quadri yellow ♦, C Fiori green ♣, S Picche blue ♠. Suit symbols are
SVG paths, so they look the same on every system; ranks are bold text in a generic font.
The number cards show their pips, the Ace and the court cards one big symbol carrying the
rank, the Jolly a four-colour wheel. The faces carry no game's marks: a game whose cards do
something draws its marks with the parts below (:func:`big_face`, :func:`jolly_face`).

The strings are meant for ``innerHTML``: they are valid XML, carry no ``id`` attributes
(many cards share a page) and no scripts. An ``<svg>`` has a ``viewBox`` and no width or
height: give it a CSS ``width`` (the height follows, cards are 100 × 140).

    card_svg("QH")            # the Queen of Hearts
    back_svg(), suit_svg("D")
    card_name("7S", "it")     # "7 di Picche"
    card_short("10S")         # "10♠"

Standard library only; it runs in Pyodide and CPython.
"""

from __future__ import annotations

from functools import cache
from html import escape
from typing import Final

__all__ = [
    "CODES",
    "JOLLY",
    "PATHS",
    "RANKS",
    "RANK_NAMES",
    "SUITS",
    "SUIT_COLOURS",
    "SUIT_NAMES",
    "SUIT_SYMBOLS",
    "back_svg",
    "big_face",
    "card_body",
    "card_name",
    "card_short",
    "card_svg",
    "jolly_face",
    "num",
    "parse_code",
    "pips_face",
    "suit_svg",
    "suit_wheel",
    "wrap_svg",
]

SUITS: Final = ("H", "D", "C", "S")
RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOLLY: Final = "JK"
#: every card code of CONTRACT, suit by suit, then the Jolly
CODES: Final = tuple(r + s for s in SUITS for r in RANKS) + (JOLLY,)

SUIT_SYMBOLS: Final = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
SUIT_NAMES: Final[dict[str, dict[str, str]]] = {
    "it": {"H": "Cuori", "D": "Quadri", "C": "Fiori", "S": "Picche"},
    "en": {"H": "Hearts", "D": "Diamonds", "C": "Clubs", "S": "Spades"},
}
_NUMBERS = {r: r for r in RANKS[1:10]}
RANK_NAMES: Final[dict[str, dict[str, str]]] = {
    "it": {"A": "Asso", **_NUMBERS, "J": "Fante", "Q": "Donna", "K": "Re"},
    "en": {"A": "Ace", **_NUMBERS, "J": "Jack", "Q": "Queen", "K": "King"},
}
_JOLLY_NAME: Final = {"it": "Jolly", "en": "Jolly"}

#: suit colours: (fill of the symbol, ink for text and emblems, outline of the symbol)
SUIT_COLOURS: Final[dict[str, tuple[str, str, str]]] = {
    "H": ("#dc2638", "#c8102e", "#8c0f1d"),
    "D": ("#f6b800", "#946000", "#8a5800"),
    "C": ("#1e9948", "#137a36", "#0b5224"),
    "S": ("#1f62c9", "#1853b0", "#0e3778"),
}

#: the suit symbols' outlines, in a 100 × 100 box centred on (50, 50)
PATHS: Final = {
    "H": "M50 92C22 70 4 54 4 32 4 16 16 6 29 6c10 0 17 6 21 15 4-9 11-15 21-15 13 0 25 10 25 26 "
    "0 22-18 38-46 60z",
    "D": "M50 2Q66 28 88 50 66 72 50 98 34 72 12 50 34 28 50 2z",
    "C": "M50 6a20 20 0 1 1 0 40 20 20 0 1 1 0-40zM29 38a19 19 0 1 1 0 38 19 19 0 1 1 0-38z"
    "m42 0a19 19 0 1 1 0 38 19 19 0 1 1 0-38zM50 42a13 13 0 1 1 0 26 13 13 0 1 1 0-26z"
    "M47 60q-1 24-14 36h34Q54 84 53 60z",
    "S": "M50 3C38 22 6 38 6 62c0 14 11 23 23 23 8 0 14-4 18-10q-1 13-13 22h32q-12-9-13-22c4 6 10 10 18 10 "
    "12 0 23-9 23-23C94 38 62 22 50 3z",
}

_FONT: Final = "system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif"
_FRAME: Final = 'x="1" y="1" width="98" height="138" rx="9" fill="#fff" stroke="#b9b4a8" stroke-width="1.5"'
_CARD_RECT: Final = f"<rect {_FRAME}/>"

# Pip positions (x, y) for the number cards; pips below the middle are drawn upside down.
_L, _M, _R = 35.0, 50.0, 65.0
_TOP, _BOT = 30.0, 110.0
_Q1, _Q3 = 56.67, 83.33  # four rows: _TOP, _Q1, _Q3, _BOT
_PIPS: Final[dict[str, tuple[tuple[float, float], ...]]] = {
    "2": ((_M, _TOP), (_M, _BOT)),
    "3": ((_M, _TOP), (_M, 70), (_M, _BOT)),
    "4": ((_L, _TOP), (_R, _TOP), (_L, _BOT), (_R, _BOT)),
    "5": ((_L, _TOP), (_R, _TOP), (_M, 70), (_L, _BOT), (_R, _BOT)),
    "6": ((_L, _TOP), (_R, _TOP), (_L, 70), (_R, 70), (_L, _BOT), (_R, _BOT)),
    "7": ((_L, _TOP), (_R, _TOP), (_M, 50), (_L, 70), (_R, 70), (_L, _BOT), (_R, _BOT)),
    "8": ((_L, _TOP), (_R, _TOP), (_M, 50), (_L, 70), (_R, 70), (_M, 90), (_L, _BOT), (_R, _BOT)),
    "9": ((_L, _TOP), (_R, _TOP), (_L, _Q1), (_R, _Q1), (_M, 70))
    + ((_L, _Q3), (_R, _Q3), (_L, _BOT), (_R, _BOT)),
    "10": ((_L, _TOP), (_R, _TOP), (_M, 43.33), (_L, _Q1), (_R, _Q1))
    + ((_L, _Q3), (_R, _Q3), (_M, 96.67), (_L, _BOT), (_R, _BOT)),
}


def num(x: float) -> str:
    """A compact number for SVG attributes."""
    r = round(x, 2)
    return str(int(r)) if r == int(r) else f"{r:g}"


def parse_code(code: str) -> tuple[str, str]:
    """(rank, suit) of a card code; ("JK", "") for the Jolly. ValueError otherwise."""
    if not isinstance(code, str):
        raise ValueError(f"not a card code: {code!r}")
    if code == JOLLY:
        return JOLLY, ""
    rank, suit = code[:-1], code[-1:]
    if rank not in RANKS or suit not in SUITS:
        raise ValueError(f"not a card code: {code!r}")
    return rank, suit


def _lang(lang: str) -> str:
    if lang not in SUIT_NAMES:
        raise ValueError(f"unknown language {lang!r} (it, en)")
    return lang


def card_name(code: str, lang: str = "en") -> str:
    """Words for screen readers and logs: "Ace of Hearts", "Asso di Cuori", "Jolly"."""
    rank, suit = parse_code(code)
    lang = _lang(lang)
    if rank == JOLLY:
        return _JOLLY_NAME[lang]
    joiner = " of " if lang == "en" else " di "
    return RANK_NAMES[lang][rank] + joiner + SUIT_NAMES[lang][suit]


def card_short(code: str) -> str:
    """Short form with the suit symbol: "A♥", "10♠", "Jolly"."""
    rank, suit = parse_code(code)
    return _JOLLY_NAME["en"] if rank == JOLLY else rank + SUIT_SYMBOLS[suit]


def wrap_svg(body: str, label: str | None, view: str = "0 0 100 140") -> str:
    """``body`` as an inline ``<svg>``: ``aria-hidden`` without ``label``, else ``role="img"``
    with that ``aria-label``."""
    if label is None:
        access = 'aria-hidden="true" focusable="false"'
    else:
        safe = label.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")
        access = f'role="img" aria-label="{safe}"'
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{view}" {access}>{body}</svg>'


def _sym(suit: str, cx: float, cy: float, size: float, *, flip: bool = False) -> str:
    """One suit symbol of width ``size`` centred on (cx, cy); colours come from the group."""
    s = -size / 100 if flip else size / 100
    m = f"{num(s)} 0 0 {num(s)} {num(cx - 50 * s)} {num(cy - 50 * s)}"
    return f'<path d="{PATHS[suit]}" transform="matrix({m})"/>'


def _suit_group(suit: str, inner: str, outline: float) -> str:
    """Symbols painted in the suit colour with a darker outline ``outline`` path units wide.

    The stroke is painted under the fill (``paint-order``), so overlapping parts of a symbol
    (the club's lobes) show no inner lines; only the outer half of the stroke shows."""
    fill, _, edge = SUIT_COLOURS[suit]
    return (
        f'<g fill="{fill}" stroke="{edge}" stroke-width="{num(2 * outline)}" stroke-linejoin="round"'
        f' paint-order="stroke">{inner}</g>'
    )


def _rank_text(rank: str, x: float, y: float, size: float, ink: str) -> str:
    fit = f' textLength="{num(size * 0.98)}" lengthAdjust="spacingAndGlyphs"' if rank == "10" else ""
    return (
        f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size)}" fill="{ink}" text-anchor="middle"{fit}>'
        f"{rank}</text>"
    )


def _corners(inner: str) -> str:
    """The corner index drawn top-left and again, turned, bottom-right."""
    return f'<g>{inner}</g><g transform="rotate(180 50 70)">{inner}</g>'


def _index(rank: str, suit: str) -> str:
    ink = SUIT_COLOURS[suit][1]
    return _rank_text(rank, 12.5, 24, 23, ink) + _suit_group(suit, _sym(suit, 12.5, 36, 16), 3.5)


def suit_wheel(cx: float, cy: float, r: float) -> str:
    """A disc split in four quarters, one per suit colour (H top-right, D, C, S clockwise)."""
    pts = ((cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy))
    out = []
    for i, suit in enumerate(SUITS):
        (x0, y0), (x1, y1) = pts[i], pts[(i + 1) % 4]
        out.append(
            f'<path d="M{num(cx)} {num(cy)}L{num(x0)} {num(y0)}'
            f'A{num(r)} {num(r)} 0 0 1 {num(x1)} {num(y1)}z" '
            f'fill="{SUIT_COLOURS[suit][0]}"/>'
        )
    ring = (
        f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" fill="none" stroke="#333" stroke-width="1.2"/>'
    )
    return "".join(out) + ring


# Where the rank letter sits inside the big symbol of a card: the baseline y.
_LETTER_Y: Final = {"H": 67, "D": 71, "C": 69, "S": 76}


def pips_face(rank: str, suit: str) -> str:
    """The body of a number card (2 to 10): its corners and one pip per point."""
    parts = [_CARD_RECT, _corners(_index(rank, suit))]
    pips_svg = "".join(_sym(suit, x, y, 18, flip=y > 70) for x, y in _PIPS[rank])
    parts.append(_suit_group(suit, pips_svg, 3))
    return "".join(parts)


def big_face(rank: str, suit: str, emblem: str = "") -> str:
    """The body of a card drawn as one big symbol carrying its rank (the Ace and the court
    cards; any card a game marks), with a game's ``emblem`` below it (y ≈ 113; none: plain)."""
    _, _, edge = SUIT_COLOURS[suit]
    parts = [_CARD_RECT, _corners(_index(rank, suit))]
    parts.append(_suit_group(suit, _sym(suit, 50, 60, 52), 2))
    letter_ink = edge if suit == "D" else "#fff"
    parts.append(_rank_text(rank, 50, _LETTER_Y[suit], 24, letter_ink))
    parts.append(emblem)
    return "".join(parts)


def _jolly_wheel(cx: float, cy: float, r: float) -> str:
    """The Jolly's emblem: the four-colour wheel with each suit's symbol in its quarter."""
    out = [suit_wheel(cx, cy, r)]
    k, size = r * 0.47, r * 0.5
    for suit, dx, dy in (("H", k, -k), ("D", k, k), ("C", -k, k), ("S", -k, -k)):
        edge = SUIT_COLOURS[suit][2]
        out.append(
            f'<g fill="#fff" stroke="{edge}" stroke-width="8" paint-order="stroke">'
            f"{_sym(suit, cx + dx, cy + dy, size)}</g>"
        )
    return "".join(out)


def jolly_face(emblem: str = "", corner: str = "") -> str:
    """The body of the Jolly: "JOLLY" and the four-colour wheel, with a game's ``emblem``
    below it (y ≈ 113) and its ``corner`` mark under each corner's wheel (none: plain)."""
    parts = [
        _CARD_RECT,
        '<text x="50" y="34" font-size="15" fill="#222" text-anchor="middle" textLength="46"'
        ' lengthAdjust="spacingAndGlyphs">JOLLY</text>',
        _jolly_wheel(50, 71, 25),
        emblem,
        _corners(suit_wheel(12.5, 16, 8.5) + corner),
    ]
    return "".join(parts)


def card_body(body: str) -> str:
    """A card's body (:func:`pips_face`, :func:`big_face`, :func:`jolly_face`) in the faces' font."""
    return f'<g font-family="{_FONT}" font-weight="700">{body}</g>'


@cache
def _plain_body(code: str) -> str:
    rank, suit = parse_code(code)
    if rank == JOLLY:
        return card_body(jolly_face())
    return card_body(pips_face(rank, suit) if rank in _PIPS else big_face(rank, suit))


def card_svg(code: str, *, label: str | None = None) -> str:
    """The plain face of a card as an inline ``<svg>`` string (viewBox 0 0 100 140).

    Without ``label`` the drawing is ``aria-hidden`` (the page labels the button);
    with it, it is ``role="img"`` with that ``aria-label``. ValueError for a bad code."""
    return wrap_svg(_plain_body(code), label)


def _back_lattice() -> str:
    """Diagonal lines both ways, clipped by hand to the inner panel (x 9–91, y 9–131)."""
    x0, y0, x1, y1 = 9.0, 9.0, 91.0, 131.0
    step = 8.0
    d: list[str] = []
    c = y0 - (x1 - x0)
    while c < y1:
        # the line y = x + c - x0 (slope 1) within the panel
        xa, ya = x0, c
        if ya < y0:
            xa, ya = x0 + (y0 - ya), y0
        xb, yb = x1, c + (x1 - x0)
        if yb > y1:
            xb, yb = x1 - (yb - y1), y1
        if xb > xa:
            d.append(f"M{num(xa)} {num(ya)}L{num(xb)} {num(yb)}")
            # the mirror image (slope −1)
            d.append(f"M{num(x0 + x1 - xa)} {num(ya)}L{num(x0 + x1 - xb)} {num(yb)}")
        c += step
    return "".join(d)


@cache
def _back_body(monogram: str = "") -> str:
    # the medallion holds a game's monogram (Dernier's "D"), else the house's plain four-pointed star
    mark = (
        '<text x="50" y="80" font-family="Georgia,\'Times New Roman\',serif" font-size="30" font-weight="700"'
        f' fill="#f1d9a0" text-anchor="middle">{escape(monogram)}</text>'
        if monogram
        else '<path d="M50 52L54 66L68 70L54 74L50 88L46 74L32 70L46 66Z" fill="#f1d9a0"/>'
    )
    return _CARD_RECT + (
        '<rect x="6" y="6" width="88" height="128" rx="6" fill="#8c1326"/>'
        f'<path d="{_back_lattice()}" stroke="#b4283e" stroke-width="1.6" fill="none"/>'
        '<rect x="9" y="9" width="82" height="122" rx="4" fill="none" stroke="#f1d9a0" stroke-width="1.2"/>'
        '<ellipse cx="50" cy="70" rx="21" ry="27" fill="#8c1326" stroke="#f1d9a0" stroke-width="2.5"/>' + mark
    )


def back_svg(*, label: str | None = None, monogram: str = "") -> str:
    """The back of a card as an inline ``<svg>`` string (viewBox 0 0 100 140): the house's,
    which names no game, or with a game's ``monogram`` (a letter or two) in its medallion."""
    return wrap_svg(_back_body(monogram[:2]), label)


def suit_svg(suit: str, *, label: str | None = None) -> str:
    """One suit symbol in its colour (viewBox 0 0 100 100), for a suit chooser or an
    indicator. ValueError for anything but H, D, C, S."""
    if suit not in SUITS:
        raise ValueError(f"not a suit: {suit!r} (H, D, C, S)")
    symbol = _suit_group(suit, _sym(suit, 50, 50, 90), 5)
    return wrap_svg(symbol, label, "0 0 100 100")
