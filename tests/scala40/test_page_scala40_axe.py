"""axe-core over Scala 40's pages (issue 31, "Both tables": Dernier's accessibility bar): no
serious or critical violation at the table mid-draft, in the joker's chooser and the
abandon dialog, in the end-of-hand summary, the replay viewer and the friends' lobby, in
English and Italian."""

from __future__ import annotations

import json

import pytest
from browser_support import open_page
from playwright.sync_api import Page, expect
from test_page_newcomers import serious_violations
from test_page_scala40_layout import SAVE_KEY, draft_save
from test_page_scala40_summary import finished_save


def load(page: Page, server_url: str, saved: str) -> None:
    open_page(page, server_url, "game=scala40")
    page.evaluate(f"localStorage.setItem('{SAVE_KEY}', {json.dumps(saved)})")
    open_page(page, server_url, "game=scala40")


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "it"])
def test_axe_finds_nothing_serious_at_the_scala40_table_and_its_dialogs(
    page: Page, server_url: str, lang: str
) -> None:
    saved, meld = draft_save(lang)
    load(page, server_url, saved)
    page.wait_for_selector("#hand button.card")
    for c in meld.split("-"):
        page.locator(f"#hand button.card[data-card='{c}'][aria-pressed='false']").first.click()
    page.click("#meld")
    expect(page.locator("#opening [data-draft]")).to_have_count(1)
    assert serious_violations(page) == []
    page.click("#abandon")
    expect(page.locator("#confirm-abandon")).to_be_visible()
    assert serious_violations(page) == []
    page.click("#abandon-no")


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "it"])
def test_axe_finds_nothing_serious_in_the_scala40_summary_and_replay(
    page: Page, server_url: str, lang: str
) -> None:
    saved, _ = finished_save(lang)
    load(page, server_url, saved)
    page.wait_for_selector("#summary[open]")
    assert serious_violations(page) == []
    page.click("#summary-peek")
    expect(page.locator("#summary")).to_be_hidden()
    assert serious_violations(page) == []  # the table after the hand, the last cards shown
    page.click("#show-summary")
    page.click("#replay-open")
    expect(page.locator("#replay")).to_be_visible()
    assert serious_violations(page) == []


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "it"])
def test_axe_finds_nothing_serious_in_the_scala40_lobby(page: Page, server_url: str, lang: str) -> None:
    open_page(page, server_url, f"game=scala40&players=3&levels=friend,medium&lang={lang}")
    expect(page.locator("#lobby")).to_be_visible()
    assert serious_violations(page) == []
