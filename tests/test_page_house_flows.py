"""The flows every game shares are the shell's (issue 37), seen as a person sees them, in
both languages: the Abandon dialog and the statistics in each game's own rules, the language
changed from the menu redrawing all the table shows, the first-time help opened at its top
with the bots waiting while it is read. (DOG's table talk with a friend:
tests/dog/test_page_dog_online.py; Ten, the test-only game: tests/test_page_games.py.)"""

from __future__ import annotations

import importlib
import re

import pytest
from browser_support import open_page
from playwright.sync_api import Page, expect

from web.shell import games
from web.shell.i18n import rule_refs

LANGS = ("en", "it")

#: words of Dernier's match points (RULES §10, §11) that no other game's page says
MATCH_POINTS = ("match point", "punto partita", "punti partita")


def words(game: str, key: str, lang: str) -> str:
    """The game's own words ``key`` in ``lang``, from its words module."""
    module = importlib.import_module(games.get(game).words)
    return rule_refs(str(module.STRINGS[key][LANGS.index(lang)]), lang)


def log_text(page: Page) -> str:
    return str(page.evaluate("document.querySelector('#log').textContent"))


def switch_language(page: Page, lang: str) -> None:
    page.click("#menu-button")
    page.select_option("#menu-lang", lang)
    page.click("#menu-close")
    expect(page.locator("html")).to_have_attribute("lang", lang)


def ask_abandon_says(page: Page, game: str, lang: str) -> None:
    """Abandon asks first, in the game's own rules and in ``lang``."""
    page.click("#abandon")
    expect(page.locator("#confirm-abandon")).to_be_visible()
    text = page.locator("#abandon-text")
    expect(text).to_have_text(words(game, "abandon_text", lang))
    if game != "dernier":
        for said in MATCH_POINTS:
            expect(text).not_to_contain_text(said)


#: (game, the link's language, the language the menu switches to): each game in both
CASES = [("scala40", "en", "it"), ("dog", "it", "en"), ("dernier", "it", "en")]
LINKS = {
    "dernier": "players=3&levels=easy,easy&seed=4",
    "scala40": "game=scala40&players=2&levels=easy&seed=11",
    "dog": "game=dog&levels=easy,easy,easy&seed=11",
}


@pytest.mark.browser
@pytest.mark.parametrize(("game", "first", "then"), CASES)
def test_abandon_the_statistics_and_the_language_speak_the_games_rules(
    game: str, first: str, then: str, page: Page, server_url: str
) -> None:
    """Issue 37: DOG's and Scala 40's Abandon dialog said Dernier's "−1 match point to you,
    +1 to every other player (§11)", Scala 40's statistics counted match points, and the
    language changed from the menu left DOG's log and the player's name ("Tu") in the old
    one. Each says its own rules (DOG RULES §13, Scala 40 §12, Dernier §11) in the language
    shown."""
    open_page(page, server_url, f"{LINKS[game]}&delay=0&lang={first}")
    expect(page.locator("body")).to_have_attribute("data-screen", "table")
    if page.evaluate("!!document.querySelector('#chooser')?.open"):  # Dernier §2: the dealer's suit
        page.click("#chooser-options button >> nth=0")
    ask_abandon_says(page, game, first)
    page.click("#abandon-no")
    expect(page.locator("#confirm-abandon")).to_be_hidden()

    you = {"en": "You", "it": "Tu"}
    name = re.compile(rf"(?<![a-z]){you[first]}(?![a-z])")
    expect(page.locator("#table")).to_contain_text(name)
    moves = log_text(page)
    switch_language(page, then)
    # all the table shows in the new language: the player's name, the log drawn again
    expect(page.locator("#table")).to_contain_text(re.compile(rf"(?<![a-z]){you[then]}(?![a-z])"))
    assert not name.search(str(page.evaluate("document.querySelector('#table').innerText")))
    if moves:
        page.wait_for_function(f"document.querySelector('#log').textContent !== {moves!r}")
    ask_abandon_says(page, game, then)
    page.click("#abandon-yes")
    expect(page.locator("#table")).to_have_attribute("data-match-over", "true")
    expect(page.locator("#abandon")).to_be_hidden()

    # the statistics line, in the game's own words (no match points but Dernier's)
    page.keyboard.press("Escape")
    page.click("#menu-button")
    page.click("#menu-new")
    expect(page.locator("body")).to_have_attribute("data-screen", "setup")
    stats = page.locator("#stats")
    expect(stats).to_contain_text(words(game, "stats", then).split("{")[0].strip())
    if game != "dernier":
        for said in MATCH_POINTS:
            expect(stats).not_to_contain_text(said)


#: four seats, a bot to act first
FOUR_SEATS = {
    "dernier": "players=4&levels=easy,easy,easy&seed=8",
    "scala40": "game=scala40&players=4&levels=easy,easy,easy&seed=8",
}


@pytest.mark.browser
@pytest.mark.first_visit
@pytest.mark.parametrize(("game", "lang"), [("dernier", "it"), ("scala40", "en")])
def test_the_first_time_help_opens_at_its_top_and_the_bots_wait(
    game: str, lang: str, page: Page, server_url: str
) -> None:
    """Issue 37: in a four-seat match a new player's "How to play" opened scrolled to its
    bottom (the focus on "Got it"), its title out of view on a phone, while three to eight
    bot moves were played behind it. Now it opens at its top and no bot moves until it is
    closed."""
    page.set_viewport_size({"width": 360, "height": 640})
    open_page(page, server_url, f"{FOUR_SEATS[game]}&delay=0&lang={lang}")
    expect(page.locator("body")).to_have_attribute("data-screen", "table")
    assert page.evaluate("document.querySelector('#chooser')?.open") is not True
    expect(page.locator("#help")).to_be_visible()
    assert page.evaluate("document.querySelector('#help').scrollTop") == 0
    title = page.locator("#help-title").bounding_box()
    assert title is not None and 0 <= title["y"] < 640
    turn = page.evaluate("document.querySelector('#table').dataset.turn")
    assert turn != "0"  # a bot is to act: it waits for the help
    moves = log_text(page)
    page.wait_for_timeout(1500)  # time for several moves at the bots' delay 0
    assert log_text(page) == moves
    assert page.evaluate("document.querySelector('#table').dataset.turn") == turn
    page.click("#help-close")
    page.wait_for_function(f"document.querySelector('#log').textContent !== {moves!r}")
