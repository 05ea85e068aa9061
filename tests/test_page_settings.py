"""Each game's settings are its own (issue 37): the menu's language never writes another
game's settings into a game's remembered choices, and remembered choices or a saved match that
the page cannot read, or that are another game's, are set aside with a notice in the page's
language: the game starts, never "The game could not start"."""

from __future__ import annotations

import json

import pytest
from browser_support import open_page, open_with_storage
from playwright.sync_api import Page, expect
from test_web_replay_games import new_session

from web.shell import games

#: the first reproduction of issue 37: a link that deals a match of the game at once
LINKS = {
    "dog": "game=dog&seed=11",
    "scala40": "game=scala40&players=2&levels=medium&seed=11",
}

#: what the menu wrote into ``scala40.prefs.v1`` and ``dog.prefs.v1`` before issue 37:
#: Dernier's settings (the shell's defaults), naming no game
DERNIER_SHAPED = {
    "players": 3,
    "rules": "official",
    "levels": ["medium", "medium"],
    "seed": None,
    "hands": 3,
    "target": None,
    "lang": "en",
    "delay": 700,
    "name": "",
    "timer": 0,
    "anticipo": False,
    "chi_sbaglia_paga": False,
    "variants": {},
    "names": [],
    "standin": "medium",
    "grace": 30,
}

SET_ASIDE = {"en": "could not be read", "it": "non erano leggibili"}
SAVE_PROBLEM = {"en": "could not be resumed", "it": "Impossibile riprendere"}


def notices(page: Page) -> str:
    return str(page.text_content("#notices") or "")


@pytest.mark.browser
@pytest.mark.first_visit
@pytest.mark.parametrize(("first", "then"), [("it", "en"), ("en", "it")])
@pytest.mark.parametrize("game", sorted(LINKS))
def test_the_menus_language_then_a_reload_opens_the_game(
    game: str, first: str, then: str, page: Page, server_url: str
) -> None:
    """A new player opens the game's link, closes the first-time help, chooses the other
    language in the menu and reloads: the match is back in that language, and so is the game's
    plain link afterwards (issue 37: "No module named 'web.dernier.options'" before)."""
    open_page(page, server_url, f"{LINKS[game]}&lang={first}")
    expect(page.locator("#help")).to_be_visible()  # the first-time help
    page.click("#help-close")
    page.click("#menu-button")
    page.select_option("#menu-lang", then)
    key = games.get(game).key("prefs")
    prefs = json.loads(page.evaluate(f"localStorage.getItem('{key}')"))
    assert prefs["game"] == game and prefs["lang"] == then
    assert "anticipo" not in prefs and prefs["rules"] in games.get(game).rule_sets
    open_page(page, server_url, f"{LINKS[game]}&lang={first}")  # the reload: the match resumes
    expect(page.locator("body")).to_have_attribute("data-screen", "table")
    assert page.evaluate("document.documentElement.lang") == first  # the link's own language
    open_page(page, server_url, f"game={game}")  # the plain link: the match resumes
    expect(page.locator("body")).to_have_attribute("data-screen", "table")
    assert SET_ASIDE["en"] not in notices(page) and SET_ASIDE["it"] not in notices(page)


#: remembered choices of another game, per game: the other games' (Dernier's as today's code
#: wrote them into the other games' keys)
FOREIGN_PREFS = {
    "dernier": {"game": "dog", "players": 4, "rules": "standard", "lang": "en"},
    "scala40": DERNIER_SHAPED,
    "dog": DERNIER_SHAPED,
}
#: the game whose save is put in each game's place
OTHER = {"dernier": "scala40", "scala40": "dog", "dog": "dernier"}


def foreign_save(game: str) -> str:
    """A save of another game, relabelled as this game's (its app), its settings the other's."""
    other = OTHER[game]
    data = json.loads(
        new_session(other, "players=2&levels=easy&seed=5" if other == "dernier" else None).to_json()
    )
    data["app"] = games.get(game).app
    if other == "dernier":
        data["settings"].pop("game", None)  # Dernier's settings name no game
    return json.dumps(data)


@pytest.mark.browser
@pytest.mark.parametrize("game", ["dernier", "scala40", "dog"])
def test_bad_or_foreign_choices_and_saves_are_set_aside_with_a_notice(
    game: str, page: Page, server_url: str
) -> None:
    """Remembered choices that are not JSON, or another game's, are set aside: the start screen
    of the game with its own rules, a notice in the page's language, and choices of this game
    written in their place. A saved match that is not JSON, or another game's, is not resumed:
    the save problem says so, and a new match of the game starts from there. The page has the
    game's own style, no other game's."""
    spec = games.get(game)
    query = "" if game == "dernier" else f"game={game}"
    cases = [("prefs", "{not json", "it"), ("prefs", json.dumps(FOREIGN_PREFS[game]), "en")]
    for what, text, lang in cases:
        open_with_storage(page, server_url, {spec.key(what): text}, f"{query}&lang={lang}".lstrip("&"))
        expect(page.locator("body")).to_have_attribute("data-screen", "setup")
        expect(page.locator("#notices")).to_contain_text(SET_ASIDE[lang])
        expect(page.locator("#notices")).to_contain_text(spec.titles[lang])
        assert page.input_value("#opt-rules") in spec.rule_sets
        stored = json.loads(page.evaluate(f"localStorage.getItem('{spec.key('prefs')}')"))
        assert stored.get("game", "dernier") == game and stored["rules"] in spec.rule_sets
        page.click("#start")
        expect(page.locator("body")).to_have_attribute("data-screen", "table")
    # the game's own style (GameSpec.style), linked by web/boot.js at first paint, no other's
    links = page.evaluate(
        "[...document.querySelectorAll('link[data-game-style]')].map((l) => l.dataset.gameStyle)"
    )
    assert links == [game]
    for text, lang in (("{not json", "en"), (foreign_save(game), "it")):
        open_with_storage(page, server_url, {spec.key("match"): text}, f"{query}&lang={lang}".lstrip("&"))
        panel = page.locator("#save-problem")
        expect(panel).to_be_visible()
        expect(panel).to_contain_text(SAVE_PROBLEM[lang])
        page.click("#save-problem-new")
        expect(page.locator("body")).to_have_attribute("data-screen", "setup")
        page.click("#start")
        expect(page.locator("body")).to_have_attribute("data-screen", "table")
