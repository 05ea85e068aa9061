"""axe-core over DOG's pages (issue 31, "Both tables"): the start screen, the lobby, the
table mid-move (lit pawns and fields named as shown), the Jolly's rank chooser, the abandon
dialog, the end of a game and the replay viewer, in English and Italian: no serious or
critical violation."""

from __future__ import annotations

import pytest
from browser_support import open_page
from dog_page_support import open_saved, page_save, seek, serious_violations
from playwright.sync_api import Page, expect
from test_page_dog_match import one_game_played

import dog


def choosing(m: dog.Match) -> bool:
    st = m.game.state
    if st.phase != "play" or st.turn != 0:
        return False
    hand = m.view(0)["hands"][0]
    return "JK" in hand and len({x.split(" ")[0] for x in m.legal_moves(0) if x.startswith("JK=")}) > 1


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "it"])
def test_axe_finds_nothing_serious_on_dogs_start_screen_and_lobby(
    page: Page, server_url: str, lang: str
) -> None:
    open_page(page, server_url, f"game=dog&lang={lang}")
    expect(page.locator("#setup")).to_be_visible()
    assert serious_violations(page) == []
    open_page(page, server_url, f"game=dog&levels=friend,medium,medium&lang={lang}")
    expect(page.locator("#lobby")).to_be_visible()
    assert serious_violations(page) == []


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "it"])
def test_axe_finds_nothing_serious_at_dogs_table(page: Page, server_url: str, lang: str) -> None:
    m = seek(300, choosing)
    open_saved(page, server_url, page_save(m, levels=["easy"] * 3, delay=8000, lang=lang))
    page.wait_for_function("document.querySelector('#table').dataset.turn === '0'")
    assert serious_violations(page) == []
    page.click("#hand [data-card='JK']")
    expect(page.locator("#ranks")).to_be_visible()
    assert serious_violations(page) == []
    page.click("#ranks [data-rank]:not([disabled])")
    if page.locator("#board [data-movable='true']").count():
        assert serious_violations(page) == []  # lit pawns and fields: buttons with names
        page.locator("#board [data-pawn][data-movable='true'], #board [data-movable='true']").first.click()
    if page.locator("#board [data-target='true']").count():
        assert serious_violations(page) == []
    page.keyboard.press("Escape")
    page.click("#abandon")
    expect(page.locator("#confirm-abandon")).to_be_visible()
    assert serious_violations(page) == []


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "it"])
def test_axe_finds_nothing_serious_after_a_game_and_in_the_replay(
    page: Page, server_url: str, lang: str
) -> None:
    m = one_game_played(1)
    open_saved(page, server_url, page_save(m, levels=["easy"] * 3, delay=4000, lang=lang))
    page.wait_for_function("document.querySelector('#table').dataset.over === 'true'")
    assert serious_violations(page) == []
    page.click("#dog-replay")
    expect(page.locator("#replay")).to_be_visible()
    assert serious_violations(page) == []
