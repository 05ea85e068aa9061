"""web/cards/: what every game's table uses (issue 30's seam). The house's card faces carry no
game's marks (Dernier draws its actions' marks in its own folder, RULES §1 §5 §6), the seat
view asks nothing of a game's moves, and each game's start screen fan is drawn with that
game's own faces (checked without a browser)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from web.cards import cardface as plain
from web.cards import faces
from web.cards.seatview import SeatView
from web.dernier import cardface as dernier_faces
from web.dernier.seatview import SeatView as DernierSeatView
from web.shell import games

SVG = "{http://www.w3.org/2000/svg}"
MARKS = {"+2", "+4", "2"}


def _texts(svg: str) -> list[str | None]:
    return [el.text for el in ET.fromstring(svg).iter(SVG + "text")]


def _pips(svg: str, suit: str) -> int:
    return sum(1 for el in ET.fromstring(svg).iter(SVG + "path") if el.get("d") == plain.PATHS[suit])


@pytest.mark.parametrize("suit", plain.SUITS)
def test_the_house_faces_carry_no_game_s_marks(suit: str) -> None:
    """No Ace's +2, 7's 2 or Jack's wheel: those are Dernier's actions (RULES §5), not a
    Scala 40 or DOG card's. A 7 shows its seven pips, the Ace and the court cards their rank."""
    for rank in ("A", "7", "J", "Q", "K"):
        svg = plain.card_svg(rank + suit)
        assert not MARKS & set(_texts(svg)), rank + suit
        assert svg.count("<circle") == 0, rank + suit  # no wheel, no ⊘
    assert _pips(plain.card_svg("7" + suit), suit) == 7 + 2  # pips + two corner symbols
    for rank in ("A", "J", "Q", "K"):
        assert _texts(plain.card_svg(rank + suit)).count(rank) == 3  # two corners, the big symbol
    jolly = plain.card_svg("JK")
    assert "JOLLY" in _texts(jolly) and "+4" not in _texts(jolly)


def test_dernier_draws_its_marks_over_the_house_faces() -> None:
    """Dernier's faces are the house's but for its action cards and the official Jolly
    (RULES §1 §5 §6); the traditional Jolly is the house's plain one."""
    for code in plain.CODES:
        rank = plain.parse_code(code)[0]
        same = dernier_faces.card_svg(code) == plain.card_svg(code)
        assert same == (rank not in ("A", "7", "J", "Q", "K", "JK")), code
    assert dernier_faces.card_svg("JK", jolly="wild") == plain.card_svg("JK")
    assert "+2" in _texts(dernier_faces.card_svg("AS"))


def test_the_kept_faces_fall_back_on_a_code_no_deck_has() -> None:
    """A code that no deck has (from a damaged save, a friend's bad message) still draws."""
    assert faces.card_svg("ZZ").startswith("<svg") and faces.card_svg("1H").startswith("<svg")
    assert faces.card_name("1H", "it") == "1 di Cuori" and faces.card_short("1X") == "1X"
    assert faces.card_svg("AH") == plain.card_svg("AH")
    assert faces.card_image_url("AH").startswith("data:image/svg+xml")
    assert faces.card_label("10H", "en") == "10♥, 10 of Hearts"


def test_each_game_s_fan_is_drawn_with_its_own_faces() -> None:
    """The start screen's fan: Dernier's cards with their actions' marks, the others plain."""
    dernier = games.get("dernier")
    assert dernier.card_svg("AS") == dernier_faces.card_svg("AS") != plain.card_svg("AS")
    for spec in games.registered():
        if spec.name != "dernier":
            assert [spec.card_svg(c) for c in spec.fan] == [plain.card_svg(c) for c in spec.fan], spec.name


def test_the_house_seat_view_asks_nothing_of_a_game_s_moves() -> None:
    """Dernier's calls and jump-ins (RULES §9 §12) are asked of Dernier's seat view only."""
    state = {"seat": 0, "players": 2, "turn": 0, "legal": ["AH!", "draw"], "names": ["a", "b"]}
    sv = SeatView(state)
    assert sv.my_turn and sv.can("draw") and sv.kind(1) == "bot" and sv.names == ["a", "b"]
    for name in ("due", "jump_moves", "can_arm", "dernier_enabled", "moves_for", "jumps_for"):
        assert not hasattr(sv, name)
    d = DernierSeatView({**state, "dernier_due": []})
    assert isinstance(d, SeatView) and d.can_arm() and d.moves_for("AH", armed=True) == ["AH!"]


@given(st.text())
def test_a_face_s_data_url_is_encoded_as_urllib_quote_encodes_it(text: str) -> None:
    """The house's own percent-encoding (urllib.parse stays out of the start, issue 40)."""
    from urllib.parse import quote

    assert faces.quote(text) == quote(text, safe="=:/'")
