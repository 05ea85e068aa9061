"""The game seam in the page (issue 22): a test-only game (*Ten*, ``tests/fakegame``) is
registered by this test alone (its files added to the page's pyscript.toml and one
registration line to web/games.py, through request routing), and plays through the shell:
the start screen's choice of game, a match against a bot, its own save resumed after a
reload, its own statistics and Replays list, Dernier's data untouched; and a friend online."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest
from browser_support import open_page
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect
from playwright.sync_api import Error as PlaywrightError
from test_page_online import contexts, new_page, table, wait_ready

__all__ = ["contexts"]  # the fixture of test_page_online: every context's network guard

ROOT = Path(__file__).resolve().parent.parent
FAKE_FILES = ["__init__.py", "session.py", "spec.py", "table.py", "words.py"]
REGISTER = "\nfrom fakegame.spec import TEN  # noqa: E402\n\nregister(TEN)\n"
DERNIER_SAVE = "dernier.match.v1"


def add_ten(page: Page) -> None:
    """The page as a test build that registers Ten: its files and its registration line."""

    def toml(route: Route) -> None:
        body = route.fetch().text()
        extra = "".join(f'"./tests/fakegame/{f}" = "./fakegame/{f}"\n' for f in FAKE_FILES)
        route.fulfill(body=body.rstrip("\n") + "\n" + extra, content_type="application/toml")

    def games(route: Route) -> None:
        route.fulfill(body=route.fetch().text() + REGISTER, content_type="text/x-python")

    page.route("**/pyscript.toml", toml)
    page.route("**/web/games.py", games)


def ten_state(page: Page) -> dict[str, str]:
    return dict(page.evaluate("() => ({...document.querySelector('#table').dataset})"))


@pytest.mark.browser
def test_a_test_only_game_plays_through_the_page(page: Page, dev_server_url: str) -> None:
    # a plain page offers the registered games, Dernier first
    open_page(page, dev_server_url)
    assert page.is_visible("#game-field")
    assert page.evaluate("document.body.dataset.game") == "dernier"

    add_ten(page)
    open_page(page, dev_server_url)
    assert page.is_visible("#game-field")
    options = page.eval_on_selector_all("#opt-game option", "els => els.map(e => [e.value, e.selected])")
    assert options == [["dernier", True], ["dog", False], ["scala40", False], ["ten", False]]
    page.select_option("#opt-game", "ten")
    page.wait_for_url("**/index.html?game=ten")
    page.evaluate(f"localStorage.setItem('{DERNIER_SAVE}', 'kept as it is')")

    open_page(page, dev_server_url, "game=ten&delay=0")
    assert page.evaluate("document.body.dataset.game") == "ten"
    assert page.evaluate("document.body.dataset.bots") == "ten"
    page.select_option("#opt-players", "2")
    page.select_option("#opt-format", "hands:1")
    page.click("#start")
    page.wait_for_function("document.body.dataset.screen === 'table'")

    def my_turn_or_over() -> dict[str, str]:
        page.wait_for_function(
            """() => {
              const d = document.querySelector('#table').dataset;
              return d.over === 'true' || (d.turn === '0' && !!document.querySelector('#hand [data-move]'));
            }"""
        )
        return ten_state(page)

    state = my_turn_or_over()
    assert state["over"] == "true" or page.text_content("#hint") == f"Total {state['total']}"
    resumed = False
    while state["over"] != "true":
        page.click("#hand [data-move='1']")
        state = my_turn_or_over()
        if not resumed and state["over"] != "true":
            total = state["total"]
            open_page(page, dev_server_url, "game=ten&delay=0")  # a reload resumes Ten's save
            state = my_turn_or_over()
            assert state["total"] == total and page.evaluate("document.body.dataset.screen") == "table"
            resumed = True
    assert state["matchOver"] == "true"

    data = page.evaluate("() => ({...localStorage})")
    assert json.loads(data["ten.match.v1"])["app"] == "ten-page"
    assert json.loads(data["ten.stats.v1"])["played"] == 1
    assert [e["players"] for e in json.loads(data["ten.replays.v1"])["replays"]] == [2]
    assert data[DERNIER_SAVE] == "kept as it is"
    assert "dernier.stats.v1" not in data


@pytest.mark.browser
def test_a_friend_plays_the_test_only_game_online(
    browser: Browser, contexts: list[BrowserContext], dev_server_url: str
) -> None:
    """Ten's host and a friend in two browser contexts: the invitation names the game, the
    friend's page checks the host's views with Ten's own check, and both play by clicking
    through the shell's hub and client."""
    host = new_page(browser, contexts)
    add_ten(host)
    host.goto(f"{dev_server_url}index.html?game=ten&players=2&levels=friend&hands=1&seed=3&delay=0&lang=en")
    wait_ready(host)
    expect(host.locator("#lobby")).to_be_visible()
    sel = '[data-invite-seat="1"]'
    host.wait_for_function(
        f"() => (document.querySelector('{sel}')?.getAttribute('data-invite') || '').includes('#join=')",
        timeout=30_000,
    )
    url = host.locator(sel).get_attribute("data-invite") or ""
    assert url.split("#")[0].endswith("/index.html?game=ten")  # a Dernier invitation has no query

    guest = new_page(browser, contexts)
    add_ten(guest)
    guest.goto(url)
    wait_ready(guest)
    assert guest.evaluate("document.body.dataset.game") == "ten"
    guest.fill("#join-name", "Zoë")
    reply = "(document.querySelector('#reply')?.dataset.reply || '').length > 20"
    guest.wait_for_function(reply, timeout=30_000)
    host.fill('textarea[data-reply-for="1"]', guest.locator("#reply").get_attribute("data-reply") or "")
    host.click('button[data-accept-for="1"]')
    host.wait_for_function(
        "document.querySelector('[data-seat-row=\"1\"]').dataset.presence === 'connected'", timeout=30_000
    )
    host.click("#start-online")
    guest.wait_for_function("document.querySelector('#table').dataset.connected === 'true'", timeout=30_000)
    expect(guest.locator("#table")).to_have_attribute("data-seat", "1")
    clicks = {0: 0, 1: 0}
    for _ in range(200):
        states = [table(host), table(guest)]
        if all(s["matchOver"] for s in states):
            break
        for seat, (p, s) in enumerate(zip((host, guest), states, strict=True)):
            if s["turn"] == str(seat) and not s["over"] and p.locator("#hand [data-move='1']").count():
                with contextlib.suppress(PlaywrightError):  # the table changed under the click
                    p.click("#hand [data-move='1']", timeout=2_000)
                    clicks[seat] += 1
        host.wait_for_timeout(30)
    assert table(guest)["matchOver"] and table(host)["matchOver"]
    assert clicks[0] > 0 and clicks[1] > 0
    assert guest.evaluate("document.querySelector('#table').dataset.total") == "10"
