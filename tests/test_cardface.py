"""web/dernier/cardface.py: the card faces drawn as inline SVG (RULES §1), checked without a browser."""

from __future__ import annotations

import importlib.util
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest

from dernier.cards import CODE_OF

ROOT = Path(__file__).resolve().parent.parent
SVG_NS = "{http://www.w3.org/2000/svg}"


def _load(name: str) -> ModuleType:
    """Import web/dernier/<name>.py (web/ is not a package: PyScript runs it as plain files)."""
    module_name = f"dernier_web_{name}"
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(module_name, ROOT / "web" / "dernier" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    return module


cf = _load("cardface")

ALL_CODES = sorted(CODE_OF)
SUIT_CODES = [c for c in ALL_CODES if c != "JK"]
BAD_CODES = ["", "H", "A", "1H", "11H", "0S", "TS", "ah", "Ah", "AX", "jk", "JKH", "10", "AH ", " AH", "JJ"]
COLOUR_OF = {"H": "#dc2638", "D": "#f6b800", "C": "#1e9948", "S": "#1f62c9"}


def _parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == SVG_NS + "svg"
    return root


def _check_clean(root: ET.Element) -> None:
    """No ids (many cards share a page), no scripts, no event handlers, no external links."""
    for el in root.iter():
        assert el.tag.startswith(SVG_NS), el.tag
        assert el.tag not in (SVG_NS + "script", SVG_NS + "foreignObject", SVG_NS + "image"), el.tag
        for name in el.attrib:
            assert name != "id", f"{el.tag} has an id"
            assert not name.lower().startswith("on"), name
            assert "href" not in name, name


def test_codes_are_exactly_the_contract_codes() -> None:
    """CONTRACT card codes: AH … KS and JK, 53 in all, the same list as the engine's."""
    assert sorted(cf.CODES) == ALL_CODES
    assert len(set(cf.CODES)) == 53


@pytest.mark.parametrize("code", ALL_CODES)
def test_every_card_renders_as_clean_svg(code: str) -> None:
    svg = cf.card_svg(code)
    root = _parse(svg)
    assert root.get("viewBox") == "0 0 100 140"
    assert "width" not in root.attrib and "height" not in root.attrib  # sized by the page's CSS
    assert root.get("aria-hidden") == "true"
    _check_clean(root)
    assert len(svg) < 5000, "keep the SVG compact: it is built in the browser for every render"


@pytest.mark.parametrize("code", SUIT_CODES)
def test_every_suited_card_shows_its_suit_colour_and_symbol(code: str) -> None:
    """RULES §1: a card shows its suit symbol as well as its colour (colour-blind players)."""
    suit = code[-1]
    svg = cf.card_svg(code)
    root = _parse(svg)
    paths = [el.get("d") for el in root.iter(SVG_NS + "path")]
    assert cf._PATHS[suit] in paths, "the suit symbol path is drawn"
    assert COLOUR_OF[suit] in svg and cf.SUIT_COLOURS[suit][0] == COLOUR_OF[suit]
    for other, colour in COLOUR_OF.items():
        if other != suit and code[:-1] != "J":  # a J carries the four-colour suit wheel
            assert colour not in svg, f"{code} shows the colour of {other}"
        if other != suit:
            assert cf._PATHS[other] not in paths, f"{code} shows the symbol of {other}"
    texts = [el.text for el in root.iter(SVG_NS + "text")]
    assert texts.count(code[:-1]) >= 2, "rank index in two corners"


def test_number_cards_have_one_pip_per_point() -> None:
    for rank in ("2", "3", "4", "5", "6", "8", "9", "10"):
        for suit in cf.SUITS:
            root = _parse(cf.card_svg(rank + suit))
            paths = [el for el in root.iter(SVG_NS + "path") if el.get("d") == cf._PATHS[suit]]
            assert len(paths) == int(rank) + 2, (rank, suit)  # pips + two corner symbols


@pytest.mark.parametrize(("rank", "mark"), [("A", "+2"), ("7", "2")])
def test_ace_and_seven_carry_their_penalty(rank: str, mark: str) -> None:
    for suit in cf.SUITS:
        texts = [el.text for el in _parse(cf.card_svg(rank + suit)).iter(SVG_NS + "text")]
        assert mark in texts


def test_the_jack_wheel_and_the_jolly_are_multicolour() -> None:
    for code in ("JH", "JD", "JC", "JS", "JK"):
        svg = cf.card_svg(code)
        assert all(colour in svg for colour in COLOUR_OF.values()), code


def test_jolly_face() -> None:
    """Official Jolly: multicolour, "JOLLY", "+4"; the traditional wild Jolly has no +4 (RULES §6)."""
    root = _parse(cf.card_svg("JK"))
    texts = [el.text for el in root.iter(SVG_NS + "text")]
    assert "JOLLY" in texts and "+4" in texts
    paths = [el.get("d") for el in root.iter(SVG_NS + "path")]
    assert all(cf._PATHS[s] in paths for s in cf.SUITS)
    wild = _parse(cf.card_svg("JK", jolly="wild"))
    _check_clean(wild)
    texts = [el.text for el in wild.iter(SVG_NS + "text")]
    assert "JOLLY" in texts and "+4" not in texts
    with pytest.raises(ValueError):
        cf.card_svg("JK", jolly="nope")


def test_label_makes_an_accessible_image() -> None:
    root = _parse(cf.card_svg("AH", label='Asso di "Cuori" <&>'))
    assert root.get("role") == "img"
    assert root.get("aria-label") == 'Asso di "Cuori" <&>'
    assert root.get("aria-hidden") is None
    assert _parse(cf.back_svg(label="x")).get("aria-label") == "x"


def test_back() -> None:
    svg = cf.back_svg()
    root = _parse(svg)
    assert root.get("viewBox") == "0 0 100 140"
    _check_clean(root)
    assert [el.text for el in root.iter(SVG_NS + "text")] == ["D"]
    assert len(svg) < 5000


def test_the_house_back_names_no_game() -> None:
    """The house's card back (web/cards/: Scala 40's, DOG's, any game's) carries no
    monogram (issue 30); a game's own back adds its own (Dernier's "D", above)."""
    from web.cards import cardface, faces

    for svg in (cardface.back_svg(), faces.back_svg(), faces._fallback_back_svg()):
        root = _parse(svg)
        _check_clean(root)
        assert list(root.iter(SVG_NS + "text")) == [], svg
    marked = _parse(cardface.back_svg(monogram="<S>"))
    assert [el.text for el in marked.iter(SVG_NS + "text")] == ["<S"]


@pytest.mark.parametrize("suit", ["H", "D", "C", "S"])
def test_suit_svg(suit: str) -> None:
    svg = cf.suit_svg(suit)
    root = _parse(svg)
    _check_clean(root)
    assert root.get("viewBox") == "0 0 100 100"
    assert COLOUR_OF[suit] in svg
    assert [el.get("d") for el in root.iter(SVG_NS + "path")] == [cf._PATHS[suit]]


@pytest.mark.parametrize("bad", ["", "h", "X", "JK", "HH", "♥"])
def test_suit_svg_refuses_bad_suits(bad: str) -> None:
    with pytest.raises(ValueError):
        cf.suit_svg(bad)


@pytest.mark.parametrize(
    ("code", "en", "it", "short"),
    [
        ("AH", "Ace of Hearts", "Asso di Cuori", "A♥"),
        ("7S", "7 of Spades", "7 di Picche", "7♠"),
        ("10S", "10 of Spades", "10 di Picche", "10♠"),
        ("2D", "2 of Diamonds", "2 di Quadri", "2♦"),
        ("JC", "Jack of Clubs", "Fante di Fiori", "J♣"),
        ("QD", "Queen of Diamonds", "Donna di Quadri", "Q♦"),
        ("KH", "King of Hearts", "Re di Cuori", "K♥"),
        ("JK", "Jolly", "Jolly", "Jolly"),
    ],
)
def test_card_names(code: str, en: str, it: str, short: str) -> None:
    assert cf.card_name(code, "en") == en
    assert cf.card_name(code, "it") == it
    assert cf.card_name(code) == en
    assert cf.card_short(code) == short


def test_every_card_has_distinct_names_in_both_languages() -> None:
    for lang in ("it", "en"):
        names = [cf.card_name(c, lang) for c in ALL_CODES]
        assert len(set(names)) == 53, lang
        assert all(n and n == n.strip() for n in names)
    assert len({cf.card_short(c) for c in ALL_CODES}) == 53


def test_name_tables_cover_both_languages() -> None:
    assert set(cf.SUIT_NAMES) == set(cf.RANK_NAMES) == {"it", "en"}
    for lang in ("it", "en"):
        assert set(cf.SUIT_NAMES[lang]) == set(cf.SUITS)
        assert list(cf.RANK_NAMES[lang]) == list(cf.RANKS)


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError):
        cf.card_name("AH", "fr")


@pytest.mark.parametrize("bad", BAD_CODES)
def test_bad_code_is_a_value_error(bad: str) -> None:
    with pytest.raises(ValueError):
        cf.card_svg(bad)
    with pytest.raises(ValueError):
        cf.card_name(bad, "en")
    with pytest.raises(ValueError):
        cf.card_short(bad)


def test_non_string_code_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        cf.card_svg(None)  # type: ignore[arg-type]


def test_italian_names_the_courts_fante_donna_re_and_the_jolly_in_every_game() -> None:
    """Italian calls the Jack "Fante" (never "Jack"), the Queen "Donna", the King "Re", and the
    joker "Jolly": in the shared card faces and in every game that names cards in words."""
    from web.cards import cardface, faces
    from web.dernier.describe import rank_with_article
    from web.dog.words import card_spoken
    from web.scala40.hand import card_name as s40_card_name

    namers = {
        "cards": lambda c: cardface.card_name(c, "it"),
        "faces": lambda c: faces.card_name(c, "it"),
        "fallback": lambda c: faces._fallback_card_name(c, "it"),
        "dog": lambda c: card_spoken(c, "it"),
        "scala40": lambda c: s40_card_name(c, "it"),
    }
    for game, name in namers.items():
        assert name("JC") == "Fante di Fiori", game
        assert name("QD") == "Donna di Quadri", game
        assert name("KH") == "Re di Cuori", game
        assert name("JK") == "Jolly", game
        assert all("Jack" not in name(c) for c in ALL_CODES), game
    assert s40_card_name("JK=JS", "it") == "Jolly come Fante di Picche"
    assert rank_with_article("J", "it") == "un Fante"
    assert cf.card_name("JS", "it") == "Fante di Picche"
