"""Scala 40's table says what a new player needs (issue 31.6), in both languages: one card
is "1 card", the turn line before opening speaks of opening, and Open stays greyed until
the draft reaches 40 (RULES §7)."""

from __future__ import annotations

import json

import pytest
from browser_support import open_page
from playwright.sync_api import Page, expect
from test_page_scala40_layout import SAVE_KEY, draft_save

from web.scala40.words import STRINGS


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "it"])
def test_before_opening_the_table_speaks_of_opening(page: Page, server_url: str, lang: str) -> None:
    k = 1 if lang == "it" else 0
    saved, meld = draft_save(lang)
    open_page(page, server_url, "game=scala40")
    page.evaluate(f"localStorage.setItem('{SAVE_KEY}', {json.dumps(saved)})")
    open_page(page, server_url, "game=scala40")
    page.wait_for_selector("#hand button.card")
    chips = page.eval_on_selector_all(".s40-seat .chip", "els => els.map(e => e.textContent)")
    assert STRINGS["s40_card_one"][k] in chips, chips  # a seat holds one card
    assert not [c for c in chips if c in ("1 cards", "1 carte")]
    expect(page.locator("#turn-line")).to_have_text(STRINGS["s40_turn_unopened"][k])
    for c in meld.split("-"):
        page.locator(f"#hand button.card[data-card='{c}'][aria-pressed='false']").first.click()
    page.click("#meld")
    points = int(page.get_attribute("#opening", "data-points") or 0)
    assert points < 40
    expect(page.locator("#open")).to_be_disabled()  # §7: greyed until 40
