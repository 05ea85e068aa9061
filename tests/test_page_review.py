"""The page's coach ("Hint") for the shown seat, and the match record's export."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, expect
from test_page_play import hearts_match, open_match


@pytest.mark.browser
def test_hint_names_a_legal_move_with_chances_and_goes_with_the_position(page: Page, server_url: str) -> None:
    m = hearts_match()
    legal = m.view(0)["legal"]
    open_match(page, server_url, m)
    button = page.locator("#coach")
    expect(button).to_be_visible()
    start = time.perf_counter()
    button.click()
    text = page.locator("#coach-text")
    page.wait_for_function(
        "() => { const e = document.querySelector('#coach-text'); return e && e.dataset.move && !e.hidden; }",
        timeout=5000,
    )
    took = time.perf_counter() - start
    move = text.get_attribute("data-move")
    assert move in legal, (move, legal)
    assert "%" in text.inner_text() and "Hint" in text.inner_text()
    assert took < 2.0, took  # 0.8 s of thought in the page, and the round trip of the test
    # the table moves on: the hint is gone
    page.click('#hand button[data-card="2H"]')
    expect(text).to_be_hidden()
    print(f"hint in the page: {took * 1000:.0f} ms")
