"""Every game as a new player meets it (issue 30): a fresh browser profile, English and
Italian. The start screen, the first deal with its first-time help, Menu → How to play, a
table opened from a link, the replay viewer, the host's lobby and the friend's join page:
no error anywhere, the game's own name and its own help, never another game's words.

The first-time help shows to every browser that has not seen it, automated or not: these
tests are new players (``first_visit``); the others are returning players (tests/conftest.py).
"""

from __future__ import annotations

import re

import pytest
from browser_support import open_page
from playwright.sync_api import Browser, BrowserContext, Page, expect
from test_page_online import contexts, host_page, new_page, wait_ready
from test_page_support import open_with_storage
from test_web_replay_games import new_session, play_out

from web.shell import games
from web.shell.i18n import STRINGS

__all__ = ["contexts"]  # the fixture, used by name

GAMES = ("dernier", "scala40", "dog")
LANGS = ("en", "it")

#: words only the game's own help has, per language
HELP_WORDS = {
    ("dernier", "en"): "Action cards",
    ("dernier", "it"): "Carte azione",
    ("scala40", "en"): "40 points",
    ("scala40", "it"): "40 punti",
    ("dog", "en"): "partner",
    ("dog", "it"): "compagno",
}

#: a link that deals a match at once (seat 0 a person, the rest bots); Dernier's seed 9 makes
#: the person the dealer of a turned-up Jack, whose suit they choose before anything else (§2)
LINKS = {
    "dernier": "players=3&levels=medium,medium&delay=4000&seed=9",
    "scala40": "game=scala40&players=2&levels=medium&delay=4000",
    "dog": "game=dog&levels=medium,medium,medium&delay=4000",
}

#: the host of a match with a friend online (the lobby)
ONLINE = {
    "dernier": "players=2&levels=friend",
    "scala40": "game=scala40&players=2&levels=friend",
    "dog": "game=dog&levels=friend,medium,medium",
}

#: a replay kept by the game's Replays list (tests/test_web_replay_games.py plays it out)
REPLAY_QUERIES = {
    "dernier": "players=2&levels=easy&seed=5&hands=1",
    "scala40": "game=scala40&players=2&levels=easy&seed=21&hands=1",
    "dog": "game=dog&levels=easy,easy,easy&seed=4",
}

WENT_WRONG = re.compile(r"Something went wrong|Qualcosa è andato storto")


#: words of another game's match that a game's page never shows (DOG plays games, not hands
#: for match points)
STRANGE = {
    "dernier": (),
    "scala40": ("Dernier", "match points", "punti partita"),
    "dog": ("Dernier", "match points", "punti partita", "Hand ", "Mano ", " hand)", " mano)", "1 hand"),
}

#: a game's own words for which match is meant (the start screen's resume button), per language
RESUME_WORDS = {"dog": ("(game 1)", "(partita 1)")}
#: a game's own words for a kept match's length in the Replays list, per language
KEPT_WORDS = {"dog": ("1 game", "1 partita")}


def no_stranger(page: Page, game: str) -> None:
    """What the page shows names no other game and no error."""
    # the start screen's choice of game lists every game (its choices and the select under
    # them, #game-field): the rest of the page is the game's
    text = page.evaluate(
        "(() => { const pick = document.getElementById('game-field');"
        " const was = pick ? pick.style.display : '';"
        " if (pick) pick.style.display = 'none';"
        " const all = document.body.innerText;"
        " if (pick) pick.style.display = was;"
        " return all; })()"
    )
    assert not WENT_WRONG.search(text), text[:2000]
    assert page.evaluate("document.body.dataset.error || ''") == ""
    title = games.get(game).titles["en"]
    assert title in page.title(), page.title()
    for other in GAMES:
        if other != game:
            name = games.get(other).titles["en"]
            assert name not in text, f"{name!r} shown in {game}'s page: " + text[:3000]
    for words in STRANGE[game]:
        assert words not in text, f"{words!r} shown in {game}'s page: " + text[:3000]


def help_says(page: Page, game: str, lang: str) -> None:
    box = page.locator("#help")
    expect(box).to_be_visible()
    expect(box).to_contain_text(HELP_WORDS[game, lang])
    expect(page.locator("#help-title")).to_have_text(STRINGS["help_heading"][LANGS.index(lang)])
    for other in GAMES:
        if other != game:
            expect(box).not_to_contain_text(HELP_WORDS[other, lang])


def answer_the_deal(page: Page) -> None:
    """A deal may ask the person first (Dernier §2: the dealer chooses the suit of a turned-up
    J or Jolly, in a dialog that keeps the rest of the page out of reach): the first choice."""
    if page.evaluate("!!document.querySelector('#chooser')?.open"):
        page.click("#chooser-options button >> nth=0")
        expect(page.locator("#chooser")).not_to_have_attribute("open", "")


def game_query(game: str) -> str:
    return "" if game == "dernier" else f"game={game}"


@pytest.mark.browser
@pytest.mark.first_visit
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_a_new_player_deals_reads_the_help_and_plays(
    game: str, lang: str, page: Page, server_url: str
) -> None:
    """The start screen of the game's link, its help from the start screen's menu, the first
    deal (the first-time help, by itself), Menu → How to play at the table."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, server_url, game_query(game))
    page.select_option("#opt-lang", lang)
    # the plain page (no game= in its link) offers every game under the house's name (issue 38);
    # a game's own link is headed by its name
    plain = not game_query(game)
    heading = STRINGS["house_name"][lang == "it"] if plain else games.get(game).titles[lang]
    expect(page.locator(".brand")).to_have_text(heading)
    no_stranger(page, game)
    page.click("#start")
    help_says(page, game, lang)  # the first time, by itself
    no_stranger(page, game)
    page.click("#help-close")
    expect(page.locator("#help")).to_be_hidden()
    expect(page.locator("body")).to_have_attribute("data-screen", "table")
    answer_the_deal(page)  # a deal from the form has no seed: 3 to 6 in 100 ask the person first
    key = games.get(game).key("help")
    page.wait_for_function(f"localStorage.getItem('{key}') === 'seen'", timeout=3000)
    page.click("#menu-button")
    page.click("#menu-help")
    help_says(page, game, lang)
    page.click("#help-close")
    no_stranger(page, game)
    # back on the start screen: its menu's help is the game's too, and the next deal has none
    page.click("#menu-button")
    page.click("#menu-later")
    expect(page.locator("body")).to_have_attribute("data-screen", "setup")
    no_stranger(page, game)
    page.click("#menu-button")
    page.click("#menu-help")
    help_says(page, game, lang)
    page.click("#help-close")
    if game in RESUME_WORDS:  # which match is meant, in the game's own words
        expect(page.locator("#resume-match")).to_contain_text(RESUME_WORDS[game][LANGS.index(lang)])
    page.click("#resume-match")
    expect(page.locator("body")).to_have_attribute("data-screen", "table")
    expect(page.locator("#help")).to_be_hidden()
    no_stranger(page, game)


@pytest.mark.browser
@pytest.mark.first_visit
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_a_table_opened_from_a_link_is_the_games_own(
    game: str, lang: str, page: Page, server_url: str
) -> None:
    """A new player's first deal by a link: the table, the game's own first-time help (as a
    deal from the start screen), after the deal's own question when it asks one first (Dernier
    §2: the dealer's suit of a turned-up J), never under or over it."""
    open_page(page, server_url, f"{LINKS[game]}&lang={lang}")
    expect(page.locator("body")).to_have_attribute("data-screen", "table")
    no_stranger(page, game)
    if game == "dernier":
        expect(page.locator("#chooser")).to_have_attribute("open", "")
        expect(page.locator("#help")).to_be_hidden()  # not under the choice, nor over it
    answer_the_deal(page)
    help_says(page, game, lang)  # the first time, by itself
    expect(page.locator("#chooser")).not_to_have_attribute("open", "")
    page.click("#help-close")
    expect(page.locator("#help")).to_be_hidden()
    key = games.get(game).key("help")
    page.wait_for_function(f"localStorage.getItem('{key}') === 'seen'", timeout=3000)
    page.click("#menu-button")
    expect(page.locator("#menu")).to_be_visible()
    no_stranger(page, game)
    page.click("#menu-rules")
    expect(page.locator("#rules-dialog")).to_be_visible()
    expect(page.locator("#rules-title")).to_contain_text(games.get(game).titles[lang])
    no_stranger(page, game)


@pytest.mark.browser
@pytest.mark.first_visit
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_the_replay_viewer_is_the_games_own(game: str, lang: str, page: Page, server_url: str) -> None:
    s = new_session(game, REPLAY_QUERIES[game])
    play_out(s)
    kept = s.store.storage.getItem(games.get(game).key("replays"))
    assert kept
    q = game_query(game)
    open_with_storage(
        page, server_url, {games.get(game).key("replays"): kept}, f"{q}&lang={lang}".lstrip("&")
    )
    if game in KEPT_WORDS:  # the Replays list says the kept match's length in its words
        expect(page.locator("#replays li").first).to_contain_text(KEPT_WORDS[game][LANGS.index(lang)])
    no_stranger(page, game)
    page.click("#replays [data-open]")
    expect(page.locator("#replay")).to_be_visible()
    no_stranger(page, game)


@pytest.mark.browser
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_the_lobby_and_the_friends_join_page_name_the_game(
    game: str, lang: str, browser: Browser, contexts: list[BrowserContext], server_url: str
) -> None:
    host = host_page(browser, contexts, server_url, f"{ONLINE[game]}&lang={lang}")
    no_stranger(host, game)
    sel = '[data-invite-seat="1"]'
    host.wait_for_function(
        f"() => (document.querySelector('{sel}')?.getAttribute('data-invite') || '').includes('#join=')",
        timeout=30_000,
    )
    url = host.locator(sel).get_attribute("data-invite")
    assert url
    friend = new_page(browser, contexts)
    friend.goto(url)
    wait_ready(friend)
    expect(friend.locator("#join-name")).to_be_visible()
    expect(friend.locator("body")).to_contain_text(games.get(game).titles[lang])
    no_stranger(friend, game)
