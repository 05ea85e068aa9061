"""axe-core over Scala 40's pages (issue 31, "Both tables": Dernier's accessibility bar): no
serious or critical violation at the table mid-draft, in the joker's chooser and the
abandon dialog, in the end-of-hand summary, the replay viewer and the friends' lobby, in
English and Italian."""

from __future__ import annotations

import json
import os
import random

import pytest
from browser_support import open_page
from playwright.sync_api import Page, expect
from test_page_newcomers import serious_violations
from test_page_scala40_layout import SAVE_KEY, draft_save
from test_page_scala40_summary import finished_save

from scala40.bots import make_bot
from web.shell.params import parse_query
from web.shell.session import MemoryStorage, Session, Store

SHOTS = os.environ.get("S40_SHOTS")


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


def joker_save(lang: str) -> tuple[str, list[str]]:
    """A saved match at seat 0's first turn, drawn, holding a joker and two cards of one rank
    in two suits: the three make a set whose joker's card is to be chosen (RULES §5)."""
    for seed in range(1, 200):
        p = parse_query(f"game=scala40&players=2&levels=easy&seed={seed}&lang={lang}&delay=0")
        s = Session.new(p.settings, Store(MemoryStorage(), "scala40"), None)
        if s.turn != 0:
            s.play(make_bot("easy").choose(s.view(s.turn), random.Random(seed)), s.turn)
            while s.turn != 0:
                s.play("discard " + s.view(1)["hand"][0], 1)
        s.play("draw", 0)
        hand = s.view(0)["hand"]
        if "JK" not in hand:
            continue
        for c in hand:
            pair = [d for d in hand if d != "JK" and d[:-1] == c[:-1] and d[-1] != c[-1]]
            if c != "JK" and pair:
                return s.to_json(), ["JK", c, pair[0]]
    raise AssertionError("no hand with a joker and a pair")


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_jokers_chooser_shows_card_faces_and_axe_finds_nothing_serious(
    page: Page, server_url: str, lang: str
) -> None:
    """Issue 31.6: the joker's card is chosen among card faces (light, clubs and spades black,
    hearts and diamonds red), not plain text on the dialog; axe-core over the chooser."""
    saved, cards = joker_save(lang)
    load(page, server_url, saved)
    page.wait_for_selector("#hand button.card")
    for c in cards:
        page.locator(f"#hand button.card[data-card='{c}'][aria-pressed='false']").first.click()
    # issue 38: the joker is JOKER in English, JOLLY in Italian, on its face and in its name
    joker = page.locator("#hand button.card[data-card='JK']").first
    expect(joker).to_contain_text("JOKER" if lang == "en" else "JOLLY")
    expect(joker).to_have_attribute("aria-label", "★ JOKER, Joker" if lang == "en" else "★ JOLLY, Jolly")
    page.click("#meld")
    expect(page.locator("#chooser")).to_be_visible()
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/chooser-{lang}.png")
    looks = page.eval_on_selector_all(
        "#chooser-options [data-represents]",
        """els => els.map(e => { const s = getComputedStyle(e);
             return [e.dataset.represents.slice(-1), s.color, s.backgroundColor]; })""",
    )
    assert len(looks) == 2
    for suit, color, background in looks:
        assert background == "rgb(255, 253, 246)", background  # a card's face
        assert color == ("rgb(200, 16, 46)" if suit in "HD" else "rgb(29, 42, 34)"), (suit, color)
    assert serious_violations(page) == []
    page.locator("#chooser-options [data-represents]").first.click()  # the set goes to the draft
    draft = page.locator("#opening [data-draft]")
    expect(draft).to_have_count(1)
    word = "Joker as " if lang == "en" else "Jolly come "
    assert word in (draft.get_attribute("aria-label") or "")
