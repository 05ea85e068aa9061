"""DOG's table fits the screen (issue 31, DOG 4 and 5): on phones (390×844, 844×390) every
seat's name is whole, its state ("gave up", "ha rinunciato") on a line of its own, nothing
runs off the screen, in English and Italian; on a desktop (1280×800) the board, the hand
and the moves of the game share the screen."""

from __future__ import annotations

import pytest
from browser_support import open_page
from dog_page_support import open_saved, page_save, seek
from playwright.sync_api import Page, expect

import dog

SIZES = ((390, 844), (844, 390), (360, 640))


def gave_up(m: dog.Match) -> bool:
    st = m.game.state
    return st.phase == "play" and st.turn == 0 and bool(st.out) and len(m.legal_moves(0)) > 1


SEATS_FIT_JS = """() => {
  const bad = [];
  for (const li of document.querySelectorAll('#dog-seats .dog-seat')) {
    const name = li.querySelector('.dog-name');
    if (name.scrollWidth > name.clientWidth + 1) bad.push('name cut: ' + name.textContent);
    const r = li.getBoundingClientRect();
    for (const el of li.querySelectorAll('*')) {
      const b = el.getBoundingClientRect();
      if (b.width && (b.right > r.right + 1 || b.left < r.left - 1)) bad.push('runs out: ' + el.textContent);
    }
  }
  if (document.documentElement.scrollWidth > innerWidth) bad.push('page scrolls sideways');
  return bad;
}"""


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "it"])
def test_seats_fit_a_phone(page: Page, server_url: str, lang: str) -> None:
    m = seek(30, gave_up)
    open_saved(page, server_url, page_save(m, levels=["easy"] * 3, delay=8000, lang=lang))
    page.wait_for_function("document.querySelector('#table').dataset.turn === '0'")
    out = m.game.state.out[0]
    word = "gave up" if lang == "en" else "ha rinunciato"
    assert page.inner_text(f"#dog-seats [data-seat='{out}'] .dog-out") == word
    partner = "partner" if lang == "en" else "compagno"
    assert page.inner_text("#dog-seats [data-seat='2'] .dog-team") == partner
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(100)
        assert page.evaluate(SEATS_FIT_JS) == [], (w, h)


def mid_game(m: dog.Match) -> bool:
    st = m.game.state
    return st.phase == "play" and st.turn == 0 and st.round >= 3 and len(m.legal_moves(0)) > 2


@pytest.mark.browser
def test_a_desktop_uses_the_room(page: Page, server_url: str) -> None:
    """1280×800: the board takes the height, the hand's cards are full size, and the moves
    of the game fill the rest of the right column, the newest in view, with no page scroll."""
    page.set_viewport_size({"width": 1280, "height": 800})
    m = seek(40, mid_game)
    open_saved(page, server_url, page_save(m, levels=["easy"] * 3, delay=8000))
    page.wait_for_function("document.querySelector('#table').dataset.turn === '0'")
    got = page.evaluate(
        """() => {
          const r = s => document.querySelector(s).getBoundingClientRect();
          const log = document.querySelector('#log'), last = log.lastElementChild.getBoundingClientRect();
          return {board: r('#board').width, card: r('#hand [data-card]').width, side: r('.dog-side').left,
                  logTop: r('#log-box').top, logBottom: r('#log-box').bottom, logHeight: r('#log').height,
                  lastTop: last.top, lastBottom: last.bottom,
                  listTop: r('#log').top, listBottom: r('#log').bottom,
                  scroll: document.documentElement.scrollHeight, height: innerHeight};
        }"""
    )
    assert got["board"] >= 640, got
    assert got["card"] >= 60, got
    assert got["logTop"] < 800 and got["logBottom"] <= 800 and got["logHeight"] >= 200, got
    assert got["listTop"] <= got["lastTop"] and got["lastBottom"] <= got["listBottom"] + 1, got
    assert got["scroll"] <= got["height"], got


@pytest.mark.browser
def test_the_partner_is_marked_on_the_start_screen_and_in_the_lobby_s3(page: Page, server_url: str) -> None:
    """§3: seat 2 is your partner, seats 1 and 3 your opponents: said beside each seat on the
    start screen and in the lobby (and in no other game's)."""
    open_page(page, server_url, "game=dog&lang=it")
    notes = page.eval_on_selector_all(
        "#opt-levels .level", "e => e.map(x => x.querySelector('.seat-note')?.textContent)"
    )
    assert notes == ["avversario (gioca dopo di te)", "il tuo compagno", "avversario"]
    open_page(page, server_url, "game=dog&levels=medium,friend,medium&lang=en")
    expect(page.locator("#lobby [data-seat-row='2'] .lobby-note")).to_have_text("your partner")
    open_page(page, server_url, "lang=en")
    assert page.locator("#opt-levels .seat-note").count() == 0


@pytest.mark.browser
def test_the_seven_lesson_fits_a_phone(page: Page, server_url: str) -> None:
    """Lesson 6 (the 7 split): at 360×640 the 7♥ it marks first is whole in the window as the
    lesson opens; at 390×844, once the 7♥ and the pawn on 10 are chosen, the warning of the
    pawn its targets would send home is one sentence ("Moving to 11–17 sends …"), not a list
    of one per target that pushed the buttons off the screen."""
    page.set_viewport_size({"width": 360, "height": 640})
    open_page(page, server_url, "game=dog&lang=en&delay=0&lesson=6")
    expect(page.locator("body")).to_have_attribute("data-lesson", "seven-split")
    expect(page.locator("#hand [data-card='7H']")).to_be_in_viewport(ratio=1)
    page.set_viewport_size({"width": 390, "height": 844})
    page.click("#hand [data-card='7H']")
    page.click("#board [data-pawn][data-at='10'][data-movable='true']")
    expect(page.locator("#turn-line")).to_contain_text("Moving to 11–17 sends Bianca's pawn on 11 home.")
    page.evaluate("scrollTo(0, 0)")
    expect(page.locator("#cancel")).to_be_in_viewport(ratio=1)
