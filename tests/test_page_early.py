"""The start screen works before Python is up: a visitor on a slow phone can set up a match
and press Deal while the runtime loads (web/boot.js marks the choices, web/shell/ui.py keeps them
and deals). Python is held back by holding the request for web/main.py."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page, Route, expect
from test_page_support import SAVE_KEY


def hold_python(page: Page) -> list[Route]:
    """Hold every request for web/main.py (PyScript asks twice) until :func:`release_python`."""
    held: list[Route] = []

    def hold(route: Route) -> None:
        if held and held[0] is RELEASED:
            route.continue_()
        else:
            held.append(route)

    page.route("**/web/main.py", hold)
    return held


RELEASED: Any = object()


def release_python(page: Page, held: list[Route]) -> None:
    for _ in range(600):  # PyScript asks for web/main.py once the runtime is up
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "web/main.py was never requested"
    waiting = list(held)
    held[:] = [RELEASED]
    for route in waiting:
        route.continue_()
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=60_000)


@pytest.mark.browser
def test_choices_and_deal_before_python_are_kept(page: Page, server_url: str) -> None:
    held = hold_python(page)
    page.goto(server_url + "index.html?lang=en", wait_until="domcontentloaded")
    assert page.evaluate("document.body.dataset.ready") != "true"
    assert page.is_enabled("#opt-players") and page.is_enabled("#start")
    page.select_option("#opt-players", "4")
    page.select_option('#opt-levels select[data-bot="1"]', "hard")
    page.select_option("#opt-format", "hands:1")
    page.fill("#opt-name", "Zoe")
    page.click("#start")
    # held, not submitted: the page stays where it is, the deal waits for Python
    assert page.evaluate("document.documentElement.dataset.dealQueued") == "true"
    assert "players=" not in page.url and "name=" not in page.url
    release_python(page, held)
    page.wait_for_function("document.body.dataset.screen === 'table'", timeout=30_000)
    assert page.get_attribute("#table", "data-players") == "4"
    save: dict[str, Any] = json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))
    settings = save["settings"]
    assert settings["players"] == 4 and settings["hands"] == 1 and settings["name"] == "Zoe"
    assert settings["levels"][0] == "hard"
    assert page.evaluate("document.documentElement.dataset.dealQueued") is None


@pytest.mark.browser
def test_choices_before_python_stay_on_the_form(page: Page, server_url: str) -> None:
    held = hold_python(page)
    page.goto(server_url + "index.html?lang=en", wait_until="domcontentloaded")
    page.select_option("#opt-rules", "traditional")
    page.select_option("#opt-delay", "0")
    page.select_option("#opt-lang", "it")
    release_python(page, held)
    assert page.evaluate("document.body.dataset.screen") == "setup"  # no Deal pressed: no match
    assert page.input_value("#opt-rules") == "traditional"
    assert page.input_value("#opt-delay") == "0"
    assert page.input_value("#opt-lang") == "it"
    assert page.input_value("#opt-hand_size") == "9"  # the traditional preset's variants
    assert page.text_content("#start") != "Deal the cards"  # the page speaks Italian now
    assert not page.query_selector("#setup-form [data-touched]")


@pytest.mark.browser
@pytest.mark.first_visit
def test_a_new_player_s_deal_before_python_gets_the_first_time_help(page: Page, server_url: str) -> None:
    """A new player who presses Deal while the runtime loads gets the game's first-time help
    on that deal, as one who deals later (after the deal's own question, RULES §2, if any)."""
    held = hold_python(page)
    page.goto(server_url + "index.html?lang=en", wait_until="domcontentloaded")
    page.click("#start")
    release_python(page, held)
    page.wait_for_function("document.body.dataset.screen === 'table'", timeout=30_000)
    if page.evaluate("!!document.querySelector('#chooser')?.open"):  # 3-6 deals in 100
        page.click("#chooser-options button >> nth=0")
    expect(page.locator("#help")).to_be_visible()
    expect(page.locator("#chooser")).not_to_have_attribute("open", "")


#: the heading's text at each animation frame until it is there (a frame's callbacks run just
#: before it is painted): what the first paint showed
BRAND_AT_PAINT = """(() => {
  window.__brandAtPaint = [];
  const look = () => {
    const brand = document.querySelector(".brand");
    if (brand) window.__brandAtPaint.push(brand.textContent, document.title);
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();"""


@pytest.mark.browser
@pytest.mark.parametrize(
    "query, title",
    [("game=dog&levels=easy,easy,easy&lang=en", "DOG"), ("game=scala40&lang=it", "Scala 40")],
)
def test_the_heading_names_the_visit_s_game_from_the_first_paint(
    page: Page, server_url: str, query: str, title: str
) -> None:
    """The HTML's heading and title are the default game's (Dernier): web/boot.js writes the
    visit's game's from the build's list (#match-params) before the page is first painted, a
    match link or the start screen alike, while the runtime loads (held back here)."""
    page.add_init_script(BRAND_AT_PAINT)
    held = hold_python(page)
    page.goto(server_url + "index.html?" + query, wait_until="domcontentloaded")
    page.wait_for_function("window.__brandAtPaint.length > 0")
    assert page.evaluate("window.__brandAtPaint") == [title, title]
    expect(page.locator("h1.brand")).to_have_text(title)
    assert page.evaluate("document.body.dataset.ready") != "true"
    release_python(page, held)
    expect(page.locator("h1.brand")).to_contain_text(title)  # Python's (a turn's mark may precede it)
    assert title in page.title()
