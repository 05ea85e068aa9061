"""DOG with a friend online (CONTRACT "Playing with friends"): a host and a friend in two
browser contexts, two bots in the other seats; the host's engine is the only referee, the
friend's page draws only its own view and sends move strings. Every message the friend's
page receives is recorded and checked: never another hand, a partner's given card, the
stock or the seed (RULES §4)."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from dog_page_support import READY_JS, play_turn, table_data
from playwright.sync_api import Browser, BrowserContext, Page, expect
from playwright.sync_api import Error as PlaywrightError
from test_page_online import answered_js, contexts, host_page, join  # noqa: F401  (contexts: a fixture)

from web.dog.game import DOG
from web.shell.i18n import STRINGS

READY_NOW = f"({READY_JS})()"


def check_guest_messages(guest: Page, seat: int) -> int:
    views = 0
    for _at, text in guest.evaluate("window.__rx"):
        msg = json.loads(text)
        if msg.get("t") != "view":
            continue
        st: dict[str, Any] = msg["state"]
        views += 1
        assert st["seat"] == seat
        assert (
            "seed" not in st and not isinstance(st.get("deck"), list) and not isinstance(st.get("laid"), list)
        )
        assert all(isinstance(h, int) for i, h in enumerate(st["hands"]) if i != seat)
        assert all(g in (True, None) for i, g in enumerate(st["given"]) if i != seat)
        assert all(r is None for i, r in enumerate(st.get("received") or []) if i != seat)
        for who, move, *_ in st["log"]:
            assert who == seat or move == "give" or not move.startswith("give "), move
    return views


def talk_at_the_table(host: Page, guest: Page) -> None:
    """Issue 37: DOG's table talks as every game's does (the shell draws the talk after any
    table's render): both pages offer the phrases, a phrase said shows on the other page, and
    the friend's page that changes its language says them in the new one."""
    for p in (host, guest):
        expect(p.locator("#talk-box")).to_be_visible()
        expect(p.locator("#talk button[data-talk]")).to_have_count(len(DOG.talk))
    expect(guest.locator('#talk button[data-talk="good_game"]')).to_have_text(STRINGS["talk_good_game"][0])
    guest.click("#talk-box summary")
    guest.click('#talk button[data-talk="good_game"]')
    expect(host.locator("#notices")).to_contain_text(STRINGS["talk_good_game"][0])
    guest.click("#menu-button")
    guest.select_option("#menu-lang", "it")
    guest.click("#menu-close")
    expect(guest.locator('#talk button[data-talk="good_game"]')).to_have_text(STRINGS["talk_good_game"][1])


@pytest.mark.browser
def test_a_host_and_a_friend_play_a_game(
    browser: Browser,
    contexts: list[BrowserContext],  # noqa: F811
    server_url: str,
) -> None:
    host = host_page(
        browser, contexts, server_url, "game=dog&levels=friend,medium,medium&seed=21&delay=0&lang=en"
    )
    guest = join(browser, contexts, host, 1, "Zoë")
    host.click("#start-online")
    expect(host.locator("#table")).to_be_visible()
    guest.wait_for_function("document.querySelector('#table').dataset.connected === 'true'", timeout=30_000)
    expect(guest.locator("#table")).to_have_attribute("data-seat", "1")
    assert guest.evaluate("document.body.dataset.game") == "dog"
    assert guest.locator("svg#board [data-pawn]").count() == 16
    expect(guest.locator("#new-game")).to_be_hidden()
    talk_at_the_table(host, guest)
    acted = {"host": 0, "guest": 0}
    for p in (host, guest):
        p.set_default_timeout(10_000)  # a click that cannot land fails soon, and is tried again
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        if table_data(host)["over"] == "true":
            break
        moved = False
        for name, p in (("host", host), ("guest", guest)):
            if table_data(p)["over"] == "true" or not p.evaluate(READY_NOW):
                continue
            heard = p.evaluate("window.__rx ? window.__rx.length : 0")
            try:
                play_turn(p)
                if p is guest:  # the host's answer to the friend's move before the friend looks again
                    p.wait_for_function(f"() => {answered_js(heard)}", timeout=10_000)
            except (PlaywrightError, AssertionError):
                continue  # the table changed under the click: look again
            acted[name] += 1
            moved = True
        if not moved:
            host.wait_for_timeout(40)
    else:
        raise AssertionError("the game did not end")
    guest.wait_for_function("document.querySelector('#table').dataset.over === 'true'", timeout=30_000)
    assert table_data(guest)["winner"] == table_data(host)["winner"]
    assert acted["host"] > 5 and acted["guest"] > 5
    assert check_guest_messages(guest, 1) > 20
