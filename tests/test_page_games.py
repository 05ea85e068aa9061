"""The game seam in the page (issues 22, 30): a test-only game (*Ten*, ``tests/fakegame``) is
registered by these tests alone (its files added to the page's pyscript.toml and one
registration line to web/games.py, through request routing), and goes through the whole
shell with only the hooks a game must give: the start screen's choice of game and its own
name, tagline, fan and formats in both languages, its first-time help, pass-and-play's
curtain, its own save resumed after a reload, its own statistics, Replays list and replay
viewer, Dernier's data untouched; and a friend online."""

from __future__ import annotations

import contextlib
import json
import re
from pathlib import Path

import pytest
from browser_support import open_page
from fakegame.spec import TEN
from fakegame.words import STRINGS, help_lines
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect
from playwright.sync_api import Error as PlaywrightError
from test_page_online import contexts, new_page, table, wait_ready

__all__ = ["contexts"]  # the fixture of test_page_online: every context's network guard

ROOT = Path(__file__).resolve().parent.parent
FAKE_FILES = ["__init__.py", "replays.py", "session.py", "spec.py", "table.py", "words.py"]
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


FORMATS_JS = "els => els.map(e => [e.value, e.textContent])"


def start_screen_in(page: Page, lang: str) -> None:
    """The start screen says Ten's own name, tagline and formats in ``lang``."""
    en = lang == "en"
    expect(page.locator(".brand")).to_have_text("Ten" if en else "Dieci")
    expect(page).to_have_title("Ten" if en else "Dieci")
    expect(page.locator(".tagline")).to_have_text(STRINGS["tagline"][0 if en else 1])
    formats = page.eval_on_selector_all("#opt-format option", FORMATS_JS)
    assert formats == [
        ["hands:1", "one hand" if en else "una mano"],
        ["hands:3", "three hands" if en else "tre mani"],
    ]


def to_act(page: Page) -> str:
    """Waits for the curtain, a move to make or the match's end: which one."""
    page.wait_for_function(
        """() => document.body.dataset.curtain === 'true'
                 || document.querySelector('#table').dataset.matchOver === 'true'
                 || !!document.querySelector('#hand [data-move]')"""
    )
    if page.evaluate("document.querySelector('#table').dataset.matchOver") == "true":
        return "over"
    return "curtain" if page.evaluate("document.body.dataset.curtain") == "true" else "move"


@pytest.mark.browser
@pytest.mark.first_visit
def test_a_test_only_game_goes_through_the_whole_shell(page: Page, dev_server_url: str) -> None:
    """Issue 30: Ten's spec alone takes it through the start screen, its first-time help,
    pass-and-play's curtain, a reload, the Replays list and the viewer; Dernier's data stays."""
    # a plain page offers the registered games, Dernier first
    open_page(page, dev_server_url, "lang=en")
    assert page.is_visible("#game-field")
    assert page.evaluate("document.body.dataset.game") == "dernier"
    add_ten(page)
    open_page(page, dev_server_url, "lang=en")
    options = page.eval_on_selector_all("#opt-game option", "els => els.map(e => [e.value, e.selected])")
    assert options == [["dernier", True], ["dog", False], ["scala40", False], ["ten", False]]
    page.select_option("#opt-game", "ten")
    page.wait_for_url("**/index.html?game=ten")
    page.wait_for_function("document.body.dataset.ready === 'true' && document.body.dataset.game === 'ten'")
    page.evaluate(f"localStorage.setItem('{DERNIER_SAVE}', 'kept as it is')")
    start_screen_in(page, "en")
    fan = page.eval_on_selector_all("#hero-fan [data-card]", "els => els.map(e => e.dataset.card)")
    assert fan == ["10H", "10S", "10D"]
    assert page.eval_on_selector_all("#opt-players option", "els => els.map(e => e.value)") == ["2", "3", "4"]
    page.select_option("#opt-lang", "it")
    start_screen_in(page, "it")
    page.select_option("#opt-lang", "en")

    # pass-and-play: two people on this device
    page.select_option("#opt-players", "2")
    page.fill("#opt-name", "Ada")
    page.select_option('#opt-levels select[data-bot="1"]', "human")
    page.fill('#opt-levels input[data-name-for="1"]', "Bea")
    page.select_option("#opt-format", "hands:1")
    page.click("#start")
    page.wait_for_function("document.body.dataset.screen === 'table'")
    # a new player's first deal: Ten's own help, nothing of another game's
    expect(page.locator("#help")).to_be_visible()
    expect(page.locator("#help-list li").first).to_have_text(help_lines("en", None, None)[0][1])
    page.click("#help-close")
    names = {"0": "Ada", "1": "Bea"}
    curtains, moves, reloaded = 0, 0, False
    while (now := to_act(page)) != "over":
        turn = page.evaluate("document.querySelector('#table').dataset.turn")
        if now == "curtain":
            # the person to act is asked for, and nothing of the table shows under the curtain
            expect(page.locator("#curtain-title")).to_have_text(f"Pass the device to {names[turn]}")
            assert page.locator("#hand [data-move]").count() == 0
            curtains += 1
            page.click("#curtain-go")
            expect(page.locator("#curtain")).to_be_hidden()
            continue
        expect(page.locator("#table")).to_have_attribute("data-seat", turn)
        page.click("#hand [data-move='1']")
        moves += 1
        if moves == 2 and not reloaded:  # a reload resumes Ten's save, the curtain up again
            reloaded = True
            open_page(page, dev_server_url, "game=ten")
            expect(page.locator("#table")).to_have_attribute("data-total", "2")
            assert to_act(page) == "curtain"
    assert moves == 10 and curtains >= 10
    expect(page.locator("#table")).to_have_attribute("data-total", "10")
    data = page.evaluate("() => ({...localStorage})")
    assert json.loads(data["ten.match.v1"])["app"] == "ten-page"
    assert json.loads(data["ten.stats.v1"])["played"] == 1
    assert data[DERNIER_SAVE] == "kept as it is"
    assert "dernier.stats.v1" not in data

    # the finished match in the Replays list, and in the viewer move by move
    page.click("#menu-button")
    page.click("#menu-new")
    page.wait_for_function("document.body.dataset.screen === 'setup'")
    kept = page.locator("#replays li[data-replay-id]")
    expect(kept).to_have_count(1)
    expect(kept).to_contain_text("Ada")
    kept.locator("[data-open]").click()
    page.wait_for_function("document.body.dataset.screen === 'replay'")
    replay = page.locator("#replay")
    expect(replay).to_have_attribute("data-steps", "10")
    expect(replay).to_have_attribute("data-step", "0")
    expect(page.locator("#replay-result")).to_have_text(re.compile(r"^Ada, Bea · (Ada|Bea) won the match$"))
    expect(page.locator("#replay-seats li")).to_have_count(2)
    expect(page.locator("#replay-facts")).to_have_text("Total 0")
    expect(page.locator("#replay-move")).to_have_text("The total starts at 0.")
    page.click("#replay-next")
    first = page.locator("#replay-log li")
    expect(first).to_have_count(2)
    expect(first.nth(1)).to_have_text(re.compile(r"^(Ada|Bea) adds 1$"))
    page.click("#replay-last")
    expect(replay).to_have_attribute("data-step", "10")
    expect(page.locator("#replay-facts")).to_have_text("Total 10")


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
    expect(host.locator(".brand")).to_have_text("Ten")  # the host's lobby names its game
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
    expect(guest.locator(".brand")).to_have_text("Ten")  # so does the friend's join page
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
    for p in (host, guest):  # the table talk, drawn by the shell for every game's table
        expect(p.locator("#talk button[data-talk]")).to_have_count(len(TEN.talk))
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


def play_to_hand_end(page: Page) -> None:
    """The person adds 3 on each of their turns (the bot plays its own) until the hand ends."""
    page.wait_for_function(
        "document.querySelector('#table').dataset.over === 'true'"
        " || !!document.querySelector('#hand [data-move]')"
    )
    while page.evaluate("document.querySelector('#table').dataset.over") != "true":
        with contextlib.suppress(PlaywrightError):  # the table changed under the click
            page.click("#hand [data-move='3']", timeout=2_000)
        page.wait_for_function(
            "document.querySelector('#table').dataset.over === 'true'"
            " || !!document.querySelector('#hand [data-move]')"
        )


def ten(key: str, lang: str, **fill: object) -> str:
    return STRINGS[key][0 if lang == "en" else 1].format(**fill)


@pytest.mark.browser
def test_the_test_only_game_gets_every_common_flow_from_the_shell(page: Page, dev_server_url: str) -> None:
    """Issue 37: Ten gives only its required parts (its words of Abandon, the statistics, the
    next hand and a new match; its table's hooks, none empty) and the shell does the rest:
    the end of a hand and the next one, the language changed from the menu, Abandon in Ten's
    words, the end-of-match chores (the statistics, the result seen), a new match."""
    add_ten(page)
    open_page(page, dev_server_url, "game=ten&players=2&levels=easy&hands=3&seed=3&delay=0&lang=en")
    expect(page.locator("body")).to_have_attribute("data-screen", "table")
    expect(page).to_have_title(re.compile(r"Ten$"))
    play_to_hand_end(page)
    page.click("#show-summary")
    expect(page.locator("#summary")).to_be_visible()
    expect(page.locator("#summary-title")).to_have_text(ten("ten_summary", "en", n=1))
    expect(page.locator("#next")).to_have_text(ten("next_hand", "en"))
    page.click("#next")
    expect(page.locator("#summary")).to_be_hidden()
    expect(page.locator("#table")).to_have_attribute("data-over", "false")
    expect(page.locator("#table")).to_have_attribute("data-total", "0")

    # the language changed from the menu: the table's words and the shell's, in Italian
    page.wait_for_function("document.querySelector('#log').childElementCount > 0")
    page.click("#menu-button")
    page.select_option("#menu-lang", "it")
    page.click("#menu-close")
    expect(page.locator("#hint")).to_contain_text("Totale")
    expect(page.locator("#log li").first).to_have_text(re.compile(r"aggiunge|saluta"))
    expect(page).to_have_title(re.compile(r"Dieci$"))

    # Abandon, in Ten's words: the match is over, its chores done by the shell
    page.click("#abandon")
    expect(page.locator("#abandon-text")).to_have_text(ten("abandon_text", "it"))
    page.click("#abandon-yes")
    expect(page.locator("#table")).to_have_attribute("data-match-over", "true")
    expect(page.locator("#abandon")).to_be_hidden()
    data = page.evaluate("() => ({...localStorage})")
    assert json.loads(data["ten.stats.v1"])["played"] == 1
    assert data.get("dernier.result-seen.v1")  # the shell's key of the result seen, every game's
    expect(page.locator("#stats")).to_have_text(ten("stats", "it", played=1, won=0))
    page.click("#show-summary")
    expect(page.locator("#summary-winner")).to_contain_text("vince la partita")
    expect(page.locator("#new-match")).to_have_text(ten("play_again", "it"))
    expect(page.locator("#next")).to_be_hidden()
    page.click("#new-match")
    expect(page.locator("#summary")).to_be_hidden()
    expect(page.locator("#table")).to_have_attribute("data-match-over", "false")
    expect(page.locator("#table")).to_have_attribute("data-total", "0")
    expect(page.locator("#abandon")).to_be_visible()
