"""Scala 40 pass-and-play (CONTRACT "In the page": as Dernier's): two people share one
device; the curtain hides every hand while the device passes, and a whole hand is played
by clicking (RULES §6, §7, §9)."""

from __future__ import annotations

import pytest
from browser_support import open_page
from playwright.sync_api import Page
from s40_page import play_turn, table, wait_turn_or_over


@pytest.mark.browser
def test_two_people_on_one_device_play_a_hand_behind_the_curtain(page: Page, server_url: str) -> None:
    open_page(page, server_url, "game=scala40&players=2&levels=human&seed=26&delay=0&hands=1")
    seen_seats: set[str] = set()
    curtains = 0
    state = wait_turn_or_over(page)
    for _ in range(400):
        if state["over"] == "true":
            break
        if page.evaluate("document.body.dataset.curtain === 'true'"):
            curtains += 1
            assert page.is_visible("#curtain")
            assert page.locator("#hand button.card").count() == 0  # no hand shows behind it
            page.click("#curtain-go")
            state = wait_turn_or_over(page)
            continue
        seen_seats.add(state["seat"])
        play_turn(page)
        state = wait_turn_or_over(page)
    assert state["over"] == "true", "the hand did not end"
    assert seen_seats == {"0", "1"}
    assert curtains >= 2
    page.wait_for_selector("#summary[open]")
    assert page.locator("#summary-table tr[data-seat]").count() == 2
    assert table(page)["matchOver"] == "true"
