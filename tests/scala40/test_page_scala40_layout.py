"""Scala 40's table on a phone (issue 23): 14 cards in hand and 8 melds on the table fit
360×640 portrait and 844×390 landscape (and a desktop) without hiding a card or a button:
every card and button lies inside the page's width and no two cards overlap."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest
from browser_support import open_page, open_with_storage
from playwright.sync_api import Page
from s40_page import find_save

from scala40.bots import make_bot
from web.shell.params import parse_query
from web.shell.session import MemoryStorage, Session, Store

SHOTS = os.environ.get("S40_SHOTS")
SAVE_KEY = "scala40.match.v1"


def busy_save(lang: str) -> str:
    """A saved 4-player match: 8+ melds on the table, the person (seat 0) holding 14 cards."""

    def busy(s: Session, v: dict[str, Any]) -> str | None:
        if s.turn == 0 and len(v["melds"]) >= 8 and v["phase"] == "draw" and len(v["hand"]) == 13:
            s.play("draw", 0)
            return s.to_json()
        return None

    query = f"game=scala40&players=4&levels=medium,medium,medium&lang={lang}&delay=0"
    text: str = find_save(query, busy)
    return text


def boxes(page: Page, selector: str) -> list[dict[str, float]]:
    return list(
        page.eval_on_selector_all(
            selector,
            """els => els.filter(e => e.offsetParent !== null).map(e => {
                 const r = e.getBoundingClientRect();
                 const id = e.id || e.dataset.card || '';
                 return {x: r.x, y: r.y + window.scrollY, w: r.width, h: r.height, id};
               })""",
        )
    )


@pytest.mark.browser
@pytest.mark.parametrize(
    ("width", "height", "lang"), [(360, 640, "en"), (844, 390, "it"), (390, 844, "it"), (1280, 800, "en")]
)
def test_fourteen_cards_and_eight_melds_fit(
    page: Page, server_url: str, width: int, height: int, lang: str
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    open_with_storage(page, server_url, {SAVE_KEY: busy_save(lang)}, "game=scala40")
    page.wait_for_selector("#hand button.card")
    if SHOTS:
        Path(SHOTS).mkdir(exist_ok=True)
        page.screenshot(path=f"{SHOTS}/busy-{width}x{height}-{lang}.png", full_page=True)
    cards = boxes(page, "#hand button.card")
    assert len(cards) == 14
    assert page.locator("#melds [data-meld]").count() >= 8
    # nothing wider than the page, every card and button inside it
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    for b in cards + boxes(page, "#actions button, #stock, #discard, #melds [data-meld]"):
        assert b["x"] >= 0 and b["x"] + b["w"] <= width + 0.5, b
        assert b["w"] >= 24 and b["h"] >= 24, b  # a finger can hit it
    for i, a in enumerate(cards):  # no card hides another
        for c in cards[i + 1 :]:
            overlap_x = min(a["x"] + a["w"], c["x"] + c["w"]) - max(a["x"], c["x"])
            overlap_y = min(a["y"] + a["h"], c["y"] + c["h"]) - max(a["y"], c["y"])
            assert overlap_x <= 1 or overlap_y <= 1, (a, c)


def draft_save(lang: str) -> tuple[str, str]:
    """A saved 4-player match with 8+ melds on the table, the person (seat 0) not opened,
    holding 14 cards of which some form a meld; that meld (to draft)."""

    def drafting(s: Session, v: dict[str, Any]) -> tuple[str, str] | bool | None:
        if not (s.turn == 0 and v["phase"] == "draw" and len(v["melds"]) >= 8):
            return None
        if v["opened"][0] or len(v["hand"]) != 13:
            return False
        s.play("draw", 0)
        melds = s.match.game.melds(0)
        return (s.to_json(), melds[0]) if melds and "JK" not in melds[0] else False

    def never_opens(s: Session) -> None:  # seat 0 draws and discards
        s.play("draw", 0)
        s.play(next(m for m in s.match.legal_moves(0) if m.startswith("discard")), 0)

    query = f"game=scala40&players=4&levels=easy,easy,easy&lang={lang}&delay=0"
    found: tuple[str, str] = find_save(query, drafting, seat0=never_opens)
    return found


def on_screen(page: Page, selector: str) -> list[dict[str, float]]:
    """The visible elements of ``selector`` that are not wholly inside the viewport."""
    return list(
        page.eval_on_selector_all(
            selector,
            """els => els.filter(e => e.offsetParent !== null).map(e => {
                 const r = e.getBoundingClientRect();
                 return {x: r.x, y: r.y, w: r.width, h: r.height, id: e.id || e.dataset.card || '',
                         text: e.textContent, fits: e.scrollWidth <= e.clientWidth + 1};
               }).filter(b => b.x < -0.5 || b.y < -0.5 || b.x + b.w > innerWidth + 0.5
                              || b.y + b.h > innerHeight + 0.5 || !b.fits)""",
        )
    )


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize(("width", "height"), [(360, 640), (390, 844), (844, 390)])
def test_a_draft_with_fourteen_cards_and_eight_melds_fits_every_phone(
    page: Page, server_url: str, width: int, height: int, lang: str
) -> None:
    """Issue 31: mid-draft, with 14 cards and 8+ melds, the page never scrolls sideways and
    every button (the draft's, the hint, the piles') lies wholly in the viewport, its words
    uncut; every card of the hand lies inside the page's width."""
    page.set_viewport_size({"width": width, "height": height})
    saved, meld = draft_save(lang)
    open_with_storage(page, server_url, {SAVE_KEY: saved}, "game=scala40")
    page.wait_for_selector("#hand button.card")
    for c in meld.split("-"):
        page.locator(f"#hand button.card[data-card='{c}'][aria-pressed='false']").first.click()
    page.click("#meld")
    page.wait_for_selector("#opening [data-draft]")
    assert page.locator("#melds [data-meld]").count() >= 8
    assert page.locator("#hand button.card").count() == 14 - len(meld.split("-"))
    if SHOTS:
        Path(SHOTS).mkdir(exist_ok=True)
        page.screenshot(path=f"{SHOTS}/draft-{width}x{height}-{lang}.png")
        page.screenshot(path=f"{SHOTS}/draft-{width}x{height}-{lang}-full.png", full_page=True)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= page.evaluate("innerWidth")
    assert on_screen(page, "#actions button, #stock, #discard, #open, #cancel-open, #meld") == []
    for b in boxes(page, "#hand button.card"):
        assert b["x"] >= 0 and b["x"] + b["w"] <= width + 0.5, b


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize(("width", "height"), [(360, 640), (390, 844), (844, 390)])
def test_the_start_screen_deals_without_scrolling(
    page: Page, server_url: str, width: int, height: int, lang: str
) -> None:
    """Issue 31: on the start screen "Deal the cards" is on screen as the page opens, and the
    page never scrolls sideways."""
    page.set_viewport_size({"width": width, "height": height})
    open_page(page, server_url, f"game=scala40&lang={lang}")
    if SHOTS:
        Path(SHOTS).mkdir(exist_ok=True)
        page.screenshot(path=f"{SHOTS}/start-{width}x{height}-{lang}.png")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= page.evaluate("innerWidth")
    assert on_screen(page, "#start") == []


def finished_four_save(lang: str) -> str:
    """A saved 4-player match whose first hand is over (the end-of-hand dialog open)."""

    for seed in range(1, 40):
        p = parse_query(f"game=scala40&players=4&levels=medium,medium,medium&seed={seed}&lang={lang}&delay=0")
        s = Session.new(p.settings, Store(MemoryStorage(), "scala40"), None)
        bot, rng = make_bot("medium"), random.Random(seed)
        for _ in range(800):
            if s.hand_over:
                return s.to_json()
            s.play(bot.choose(s.view(s.turn), rng), s.turn)
    raise AssertionError("no hand ended")


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_landscape_phone_shows_the_melds_and_the_log_and_every_summary_button(
    page: Page, server_url: str, lang: str
) -> None:
    """Issue 38: at 844×390 with four players the melds and the moves log are not below the
    fold (the right half under the hand holds them), and the end-of-hand dialog shows every
    button of its own on the screen (none cut at its foot)."""
    page.set_viewport_size({"width": 844, "height": 390})
    open_with_storage(page, server_url, {SAVE_KEY: busy_save(lang)}, "game=scala40")
    page.wait_for_selector("#hand button.card")
    if SHOTS:
        Path(SHOTS).mkdir(exist_ok=True)
        page.screenshot(path=f"{SHOTS}/landscape-4p-{lang}.png")
    top = page.evaluate(
        """() => Object.fromEntries(['#melds [data-meld]', '#log-box', '#hand button.card:last-child']
             .map(s => [s, document.querySelector(s).getBoundingClientRect().top]))"""
    )
    assert all(y < 390 - 24 for y in top.values()), top  # each begins on the screen
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 844
    open_with_storage(page, server_url, {SAVE_KEY: finished_four_save(lang)}, "game=scala40")
    page.wait_for_selector("#summary[open]")
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/landscape-4p-summary-{lang}.png")
    assert on_screen(page, "#summary .dialog-actions button") == []
    cut = page.evaluate(
        """() => { const d = document.querySelector('#summary').getBoundingClientRect();
             return [...document.querySelectorAll('#summary .dialog-actions button')]
               .filter(b => b.offsetParent !== null).map(b => [b.id, b.getBoundingClientRect()])
               .filter(([, r]) => r.top < d.top - .5 || r.bottom > Math.min(d.bottom, innerHeight) + .5)
               .map(([id]) => id); }"""
    )
    assert cut == [], cut  # wholly inside the dialog's visible box, none scrolled out of it
    assert page.locator("#summary .dialog-actions button:visible").count() >= 3
