"""A whole match played through the page by clicking, as a player would (CONTRACT hooks)."""

from __future__ import annotations

import pytest
from browser_support import LOCAL_HOST, PageLog, open_page
from playwright.sync_api import Page, expect
from test_page_support import FAST, play_to_end, state


@pytest.mark.browser
def test_whole_match_by_clicking(page: Page, server_url: str, page_log: PageLog) -> None:
    open_page(page, server_url, FAST + "&hands=3")
    table = page.locator("#table")
    expect(table).to_be_visible()
    expect(page.locator("#setup")).to_be_hidden()  # the URL skips the setup screen
    hands = play_to_end(page)
    assert hands == 3
    expect(table).to_have_attribute("data-match-over", "true")
    expect(table).to_have_attribute("data-over", "true")
    summary = page.locator("#summary")
    expect(summary).to_be_visible()
    expect(page.locator("#result-winner")).not_to_be_empty()
    expect(page.locator("#result-tiebreak")).not_to_be_empty()
    # every player's row: name, cards left, points given, this hand, total, hands won, match points
    rows = page.locator("#summary-table tbody tr:not(.cards-row)")
    expect(rows).to_have_count(3)
    won = sum(int(rows.nth(i).locator("td").nth(4).text_content() or "0") for i in range(3))
    assert won == 3  # three hands, each won by someone
    # play again: a new match at once
    page.click("#new-match")
    expect(table).to_have_attribute("data-match-over", "false")
    expect(summary).to_be_hidden()
    st = state(page)
    assert len(st["hand"]) >= 1
    assert not page_log.off_host, f"requests off {LOCAL_HOST}: {page_log.off_host}"


@pytest.mark.browser
def test_one_hand_match_to_result(page: Page, server_url: str) -> None:
    """The CONTRACT example URL (one hand by default) reaches the match result."""
    open_page(page, server_url, FAST)
    assert play_to_end(page) == 1
    expect(page.locator("#table")).to_have_attribute("data-match-over", "true")
    expect(page.locator("#new-match")).to_be_visible()
    expect(page.locator("#next")).to_be_hidden()
