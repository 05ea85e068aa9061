"""Playing with friends on one device (CONTRACT "Playing with friends"): pass-and-play,
two people and a bot, by clicking, with the curtain between the two people."""

from __future__ import annotations

import pytest
from browser_support import open_page
from playwright.sync_api import Page, expect
from test_page_play import two_left_match
from test_page_support import SAVE_KEY, open_with_storage, page_save, state, take_turn

HAND_FACES_JS = """() => ({
  hand: document.querySelectorAll('#hand [data-card]').length,
  faces: document.querySelectorAll(
    '#hand svg, #hand img, .mini-faces svg, #chooser-options [data-named]').length,
  chooser: document.querySelector('#chooser').open,
  curtain: !document.querySelector('#curtain').hidden,
  seat: document.querySelector('#table').dataset.seat,
  turn: document.querySelector('#table').dataset.turn ?? null,
  over: document.querySelector('#table').dataset.over === 'true',
  matchOver: document.querySelector('#table').dataset.matchOver === 'true',
})"""


def table(page: Page) -> dict[str, object]:
    result: dict[str, object] = page.evaluate(HAND_FACES_JS)
    return result


@pytest.mark.browser
def test_pass_and_play_two_people_and_a_bot(page: Page, server_url: str) -> None:
    open_page(page, server_url, "players=3&levels=human,medium&seed=7&delay=0&lang=en&hands=2")
    seats_played: set[str] = set()
    curtains = 0
    shown_before: str | None = None
    for _ in range(3000):
        page.wait_for_function(
            """() => {
              const d = document.querySelector('#table').dataset;
              return !document.querySelector('#curtain').hidden || d.turn === d.seat
                || d.over === 'true' || d.matchOver === 'true';
            }""",
            timeout=60_000,
        )
        t = table(page)
        if t["matchOver"]:
            break
        if t["over"]:
            page.click("#next")
            page.wait_for_function("document.querySelector('#table').dataset.over !== 'true'")
            continue
        if t["curtain"]:
            # while the curtain is up no card face of any hand is in the document
            assert t["hand"] == 0 and t["faces"] == 0 and not t["chooser"], t
            expect(page.locator("#curtain-title")).to_contain_text("Pass the device to")
            curtains += 1
            page.click("#curtain-go")
            expect(page.locator("#curtain")).to_be_hidden()
            shown_before = None  # the device changed hands: a new hand may show now
            continue
        seat = str(t["seat"])
        assert seat in ("0", "1"), t  # only the people's hands are ever shown
        if shown_before is not None and seat != shown_before:
            raise AssertionError("the shown hand changed without the curtain")
        shown_before = seat
        seats_played.add(seat)
        take_turn(page)
    else:
        raise AssertionError("the match did not end")
    assert seats_played == {"0", "1"}
    assert curtains >= 2
    expect(page.locator("#table")).to_have_attribute("data-match-over", "true")
    assert state(page)["summary"]


@pytest.mark.browser
def test_pass_and_play_dernier_from_the_curtain(page: Page, server_url: str) -> None:
    """The player who just went down to one card may still call Dernier from the curtain,
    before the next person on the device moves (the window stays fair)."""
    m = two_left_match()
    m.names[:] = ["Ada", "Bea"]
    save = page_save(m, levels=["human"], name="Ada", names=["Bea"])
    open_with_storage(page, server_url, {SAVE_KEY: save})
    page.wait_for_function("document.body.dataset.ready === 'true'")
    expect(page.locator("#curtain")).to_be_visible()  # two people share the device
    expect(page.locator("#curtain-title")).to_have_text("Pass the device to Ada")
    page.click("#curtain-go")
    page.click('#hand button[data-card="5H"]')  # down to one card, no call
    expect(page.locator("#curtain")).to_be_visible()
    expect(page.locator("#curtain-title")).to_have_text("Pass the device to Bea")
    assert page.locator("#hand [data-card]").count() == 0
    call = page.locator("#curtain-dernier")
    expect(call).to_be_visible()
    expect(call).to_have_text("Ada: Dernier!")
    call.click()
    expect(call).to_be_hidden()
    page.click("#curtain-go")
    expect(page.locator("#table")).to_have_attribute("data-seat", "1")
    expect(page.locator("#log")).to_contain_text("Ada calls Dernier!")
    expect(page.locator('#opponents .seat[data-seat="0"] .badge')).to_be_visible()
