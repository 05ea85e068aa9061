"""Screenshots of the page at phone and desktop size (into screenshots/, git-ignored), for
people to look at; each screen is also checked for horizontal overflow."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from browser_support import open_page
from playwright.sync_api import Page, expect
from test_page_support import (
    SAVE_KEY,
    open_with_storage,
    page_save,
    two_player_deck,
    wait_for_input,
)

import dernier

SHOTS = Path(__file__).resolve().parent.parent / "screenshots"
SIZES = {"phone": (360, 740), "desktop": (1280, 800)}
NAMES = ["Ada", "Bianca", "Carlo", "Dario"]


def played_match(hands: int, finish: int, seed: int = 4) -> dernier.Match:
    """A 4-player match with ``finish`` hands played to their end (random moves)."""
    m = dernier.Match.new(players=4, hands=hands, seed=seed, names=NAMES)
    rng = random.Random(seed)
    done = 0
    while True:
        if m.game.over:
            done += 1
            if done >= finish or m.over:
                return m
            m.next_hand()
        moves = [x for x in m.legal_moves() if x != "draw"] or m.legal_moves()
        m.play(rng.choice(moves))


def mid_hand() -> dernier.Match:
    m = dernier.Match.new(players=4, hands=3, seed=21, names=NAMES)
    rng = random.Random(2)
    for _ in range(9):
        if m.game.turn == 0 and any(x.startswith("J") for x in m.legal_moves()):
            break
        moves = [x for x in m.legal_moves() if x != "draw"] or m.legal_moves()
        m.play(rng.choice(moves))
    return m


def shoot(page: Page, name: str, size: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.wait_for_timeout(450)  # animations end
    page.screenshot(path=str(SHOTS / f"{name}-{size}.png"), full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= SIZES[size][0], f"{name} at {size}: page is {width}px wide"


@pytest.mark.browser
@pytest.mark.parametrize("size", list(SIZES))
def test_screenshots(page: Page, server_url: str, size: str) -> None:
    w, h = SIZES[size]
    page.set_viewport_size({"width": w, "height": h})
    open_page(page, server_url)
    shoot(page, "1-start", size)
    page.select_option("#opt-rules", "traditional")
    page.click("#house-rules summary")
    expect(page.locator("#opt-hand_size")).to_be_visible()
    shoot(page, "1-house-rules", size)

    levels = ["easy", "medium", "hard"]
    open_with_storage(page, server_url, {SAVE_KEY: page_save(mid_hand(), levels, delay=400)})
    wait_for_input(page)
    shoot(page, "2-table", size)

    deck = two_player_deck(["JS", "3H", "KD", "AC", "JK"], ["8C", "8S", "10C", "10S", "QC"], "9H", [])
    m = dernier.Match.new(players=2, dealer=1, deck=deck, seed=1, names=["Ada", "Bianca"])
    open_with_storage(page, server_url, {SAVE_KEY: page_save(m)})
    page.click('#hand button[data-card="JS"]')
    expect(page.locator("#chooser")).to_be_visible()
    shoot(page, "3-chooser", size)

    # the dealer owes the suit of a turned-up J: no Cancel, an Abandon instead
    deck = two_player_deck(["8C", "8S", "10C", "10S", "QC"], ["2H", "3H", "4H", "5H", "6H"], "JD", [])
    m = dernier.Match.new(players=2, dealer=0, deck=deck, seed=1, names=["Ada", "Bianca"])
    open_with_storage(page, server_url, {SAVE_KEY: page_save(m)})
    expect(page.locator("#chooser-abandon")).to_be_visible()
    shoot(page, "3-chooser-dealer", size)

    open_with_storage(page, server_url, {SAVE_KEY: page_save(played_match(3, 1), levels)})
    expect(page.locator("#summary")).to_be_visible()
    shoot(page, "4-summary", size)

    open_with_storage(page, server_url, {SAVE_KEY: page_save(played_match(2, 2, seed=8), levels)})
    expect(page.locator("#new-match")).to_be_visible()
    shoot(page, "5-result", size)

    page.click("#summary-peek")
    shoot(page, "6-table-after", size)

    page.click("#show-rules")
    expect(page.locator("#rules-dialog")).to_be_visible()
    shoot(page, "7-rules", size)
