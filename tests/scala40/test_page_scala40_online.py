"""Scala 40 with a friend online (CONTRACT "In the page": as Dernier's): the host's engine
is the referee, the friend's page gets only its own view and sends move strings; a whole
hand is played by clicking on both pages (the opening drafted on each device)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from s40_page import play_turn, table
from test_page_online import host_page, join, received

from web.scala40.words import STRINGS, why
from web.shell.i18n import rule_refs


def my_turn(page: Page) -> bool:
    d = table(page)
    return (
        d.get("over") != "true"
        and d.get("turn") == d.get("seat")
        and page.locator("#hand button.card").count() > 0
    )


def check_views(messages: list[tuple[int, dict[str, Any]]], seat: int) -> int:
    """Every view the friend got is its own: its hand only, no stock order, no other hand."""
    views = 0
    for _, msg in messages:
        if msg.get("t") != "view":
            continue
        st = msg["state"]
        assert st["seat"] == seat
        assert "stock" not in st and "hands" not in st and "seed" not in st
        assert len(st["hand"]) == st["hand_sizes"][seat]
        views += 1
    return views


@pytest.mark.browser
def test_host_and_a_friend_play_a_hand(
    browser: Browser, contexts: list[BrowserContext], server_url: str
) -> None:
    host = host_page(
        browser, contexts, server_url, "game=scala40&players=2&levels=friend&seed=26&delay=0&hands=1"
    )
    guest = join(browser, contexts, host, 1, "Zoë")
    expect(host.locator("#start-online")).to_be_enabled()
    host.click("#start-online")
    expect(host.locator("#table")).to_be_visible()
    guest.wait_for_function("document.querySelector('#table').dataset.seat === '1'", timeout=30_000)
    assert guest.evaluate("document.body.dataset.game") == "scala40"
    turns = {0: 0, 1: 0}
    for _ in range(400):
        if table(host).get("over") == "true":
            break
        acted = False
        for i, p in enumerate((host, guest)):
            if my_turn(p):
                play_turn(p)
                turns[i] += 1
                acted = True
        if not acted:
            host.wait_for_timeout(50)
    assert table(host).get("over") == "true", "the hand did not end"
    assert turns[0] > 0 and turns[1] > 0
    guest.wait_for_function("document.querySelector('#table').dataset.over === 'true'", timeout=30_000)
    assert check_views(received(guest), 1) > 5
    # the match's end through the shell's summary: the host goes on, the friend waits for the
    # host in Scala 40's words (it read the bare key "wait_host" before)
    expect(host.locator("#summary")).to_be_visible()
    expect(host.locator("#new-match")).to_be_visible()
    expect(guest.locator("#summary")).to_be_visible()
    expect(guest.locator("#new-match")).to_be_hidden()
    either = "|".join(re.escape(text) for text in STRINGS["wait_host_match"])  # the friend's language
    expect(guest.locator("#wait-host")).to_have_text(re.compile(f"^({either})$"))


@pytest.mark.browser
def test_a_friends_refusal_is_worded_as_the_hosts_in_the_friends_language(
    browser: Browser, contexts: list[BrowserContext], server_url: str
) -> None:
    """The host's engine refuses a friend's `take` (§6: not opened, the card does not open at
    once): the friend's page says it as a local refusal is said, in its own language (Italian
    here, the host's page English), never the engine's raw reason."""
    host = host_page(
        browser, contexts, server_url, "game=scala40&players=2&levels=friend&seed=26&delay=0&hands=1&lang=en"
    )
    guest = join(browser, contexts, host, 1, "Zoë")
    host.click("#start-online")
    guest.wait_for_function("document.querySelector('#table').dataset.seat === '1'", timeout=30_000)
    guest.click("#menu-button")
    guest.select_option("#menu-lang", "it")
    guest.click("#menu-close")
    for _ in range(100):
        if my_turn(guest) and table(guest).get("phase") == "draw":
            break
        if my_turn(host):
            play_turn(host)
        host.wait_for_timeout(50)
    assert my_turn(guest) and table(guest).get("phase") == "draw"
    # issue 38: a card selected before drawing, a tap on the pile sends nothing and says to draw
    moves = table(host)["moves"]
    card = guest.locator("#hand button.card").first
    card.click()
    guest.click("#discard")
    expect(guest.locator("#hint.refused")).to_have_text(
        rule_refs(STRINGS["s40_draw_first_unopened"][1], "it")
    )
    assert table(host)["moves"] == moves and table(host)["phase"] == "draw"
    card.click()  # nothing selected: the tap means "take"
    guest.click("#discard")
    reason = "take: not opened, and the card does not open at once (§6)"
    expect(guest.locator("#hint.refused")).to_have_text(why(reason, "it"))
    # the host's page words the same refusal in its own language
    assert why(reason, "en").startswith("You have not opened")
