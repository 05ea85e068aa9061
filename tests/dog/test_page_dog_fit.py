"""DOG's table fits the screen (issue 31, DOG 4 and 5): on phones (390×844, 844×390) every
seat's name is whole, its state ("gave up", "ha rinunciato") on a line of its own, nothing
runs off the screen, in English and Italian; on a desktop (1280×800) the board, the hand
and the moves of the game share the screen."""

from __future__ import annotations

import pytest
from dog_page_support import open_saved, page_save, seek
from playwright.sync_api import Page

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
