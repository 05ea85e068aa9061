"""Scala 40's match format on the start screen (issue 23 "The table in the page", RULES §12):
out at and re-entries chosen on the form, in both languages, remembered, shown at the table
and carried in the link that deals a match like it (scala40 CONTRACT "In the page")."""

from __future__ import annotations

import json

import pytest
from browser_support import open_page
from playwright.sync_api import Page, expect
from test_page_early import hold_python, release_python
from test_page_newcomers import serious_violations

WHOLE_JS = """sel => { const e = document.querySelector(sel);
  return e.scrollWidth <= e.clientWidth + 1 && e.scrollHeight <= e.clientHeight + 1; }"""


ROWS_JS = """() => {
  const width = sel => document.querySelector(sel).getBoundingClientRect().width;
  const all = width('#setup-fields');
  return ['#opt-levels', '#opt-n-out_at', '#opt-n-reentries'].map(
    sel => Math.abs(document.querySelector(sel).closest('.field').getBoundingClientRect().width - all) < 1);
}"""


@pytest.mark.browser
def test_start_screen_sets_out_at_and_reentries(page: Page, server_url: str) -> None:
    """§12's out_at and reentries: chosen, dealt, shown, remembered and linked."""
    open_page(page, server_url, "game=scala40&delay=0&lang=en")
    out_at = page.locator("label[for='opt-n-out_at']")
    expect(out_at).to_have_text("Out at (points)")
    assert page.input_value("#opt-n-out_at") == "101" and page.input_value("#opt-n-reentries") == "0"
    assert page.input_value("#opt-format") == "target:101"
    expect(page.locator("#opt-format option[value='hands:1']")).to_have_text("one hand")
    assert serious_violations(page) == []  # the new fields are labelled and described (issue 26.6)
    page.set_viewport_size({"width": 320, "height": 640})  # the smallest phones: nothing sticks out
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    assert page.evaluate(ROWS_JS) == [True, True, True]  # the seats and the number fields: whole rows
    page.set_viewport_size({"width": 1280, "height": 720})
    page.select_option("#opt-lang", "it")
    expect(out_at).to_have_text("Eliminato a (punti)")
    expect(page.locator("#opt-format option[value='hands:1']")).to_have_text("una mano")
    page.select_option("#opt-players", "2")
    page.fill("#opt-n-out_at", "201")
    page.select_option("#opt-n-reentries", "2")
    page.click("#start")
    page.wait_for_function("document.body.dataset.screen === 'table'")
    expect(page.locator("#hand-info")).to_contain_text("eliminato a 201")
    page.set_viewport_size({"width": 360, "height": 640})  # on a small phone the number shows whole
    assert page.evaluate(WHOLE_JS, "#hand-info"), page.locator("#hand-info").bounding_box()
    page.set_viewport_size({"width": 1280, "height": 720})
    prefs = json.loads(page.evaluate("localStorage.getItem('scala40.prefs.v1')"))
    assert prefs["variants"] == {"out_at": 201, "reentries": 2}

    page.click("#menu-button")
    expect(page.locator("#menu-match")).to_have_text("Questa partita: eliminato a 201 · rientri 2")
    link = "index.html?game=scala40&players=2&rules=classic&levels=medium&out_at=201&reentries=2"
    assert page.get_attribute("#menu-link", "href") == link
    assert serious_violations(page) == []
    page.click("#menu-later")  # back to the start screen: the choices are kept
    assert page.input_value("#opt-n-out_at") == "201" and page.input_value("#opt-n-reentries") == "2"
    expect(page.locator("#resume-match")).to_have_text("Riprendi la partita (Mano 1)")
    expect(page).to_have_title("Scala 40")
    expect(page.locator(".brand")).to_have_text("Scala 40")  # the house's name is Dernier's
    expect(page.locator(".tagline")).to_contain_text("ramino")
    fan = page.eval_on_selector_all("#hero-fan [data-card]", "els => els.map(e => e.dataset.card)")
    assert fan == ["2H", "3H", "4H", "5H", "6H"]  # plain cards (the house's Jolly is Dernier's)

    open_page(page, server_url, link.split("?", 1)[1])  # the link deals such a match
    expect(page.locator("#hand-info")).to_contain_text("eliminato a 201")
    assert page.locator("[data-score-seat]").count() == 2


@pytest.mark.browser
def test_a_format_chosen_before_python_is_up_deals_scala40(page: Page, server_url: str) -> None:
    """The start form is plain HTML before Python is up, with the shell's formats: one that
    Scala 40 does not have ("3 hands") deals its default, a whole match, and never fails."""
    held = hold_python(page)
    page.goto(server_url + "index.html?game=scala40&lang=en&delay=0", wait_until="domcontentloaded")
    page.select_option("#opt-format", "hands:3")
    page.click("#start")
    release_python(page, held)
    page.wait_for_function("document.body.dataset.screen === 'table'", timeout=30_000)
    expect(page.locator("#notices .notice[data-kind='error']")).to_have_count(0)
    save = json.loads(page.evaluate("localStorage.getItem('scala40.match.v1')"))
    assert (save["settings"]["hands"], save["settings"]["target"]) == (None, 101)
