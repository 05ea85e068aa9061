"""Playing with friends as new players meet it (issue 25, "what players hit in the same
flow"): a host page and friends' pages in separate browser contexts on 127.0.0.1, linked by
the manual invitation and reply (the helpers of tests/test_page_online.py, whose network
guard fails a test on any request off 127.0.0.1 or any console error).

Each test here failed before its fix."""

from __future__ import annotations

import re

import pytest
from browser_support import PCS_JS
from playwright.sync_api import Browser, BrowserContext, Page, expect
from test_page_online import contexts, host_page, invitation, join, new_page, table, wait_ready
from test_page_support import take_turn

__all__ = ["contexts"]  # the fixture, used by name

pytestmark = pytest.mark.browser

TWO = "players=2&levels=friend&seed=5&delay=0&lang=en&hands=3"


def wait_reply(guest: Page) -> str:
    guest.wait_for_function(
        "(document.querySelector('#reply')?.dataset.reply || '').length > 20", timeout=30_000
    )
    return guest.locator("#reply").get_attribute("data-reply") or ""


def test_the_friend_waits_for_the_host_to_start(
    browser: Browser, contexts: list[BrowserContext], server_url: str
) -> None:
    """Linked before the host starts: the friend's page shows no hand and says it waits for
    the host (it showed the dealt hand and "Your turn" while the host was in its lobby)."""
    host = host_page(browser, contexts, server_url, TWO)
    guest = join(browser, contexts, host, 1, "Ugo")
    expect(guest.locator("#join-status")).to_have_text(
        "You are at the table: waiting for the host to start the match."
    )
    guest.wait_for_timeout(1_000)
    assert table(guest)["screen"] == "join"
    assert guest.locator("#hand [data-card]").count() == 0
    host.click("#start-online")
    guest.wait_for_function("document.querySelector('#table').dataset.connected === 'true'", timeout=20_000)
    expect(guest.locator("#hand [data-card]").first).to_be_visible()


def test_a_new_friend_and_host_at_the_table(
    browser: Browser, contexts: list[BrowserContext], server_url: str
) -> None:
    """Issue 38: once joined, the friend's page still showed the reply code, its QR code and a
    frozen "valid for 246 s"; and neither the host nor the friend, both new players, got the
    first-time help that a match dealt alone gives. Now the spent reply goes, and both get it."""
    host = host_page(browser, contexts, server_url, TWO, new_player=True)
    guest = join(browser, contexts, host, 1, "Ugo", new_player=True)
    expect(guest.locator("#join-status")).to_have_text(
        "You are at the table: waiting for the host to start the match."
    )
    for spent in ("#reply-box", "#reply-qr", "#reply-expiry", "#reply-text"):
        expect(guest.locator(spent)).to_be_hidden()
    host.click("#start-online")
    expect(host.locator("#help")).to_be_visible()
    guest.wait_for_function("document.querySelector('#table').dataset.connected === 'true'", timeout=20_000)
    expect(guest.locator("#help")).to_be_visible()
    guest.click("#help-close")
    expect(guest.locator("#help")).to_be_hidden()
    host.click("#help-close")
    expect(host.locator("#help")).to_be_hidden()


def test_the_first_invitation_again_after_a_drop(
    browser: Browser, contexts: list[BrowserContext], server_url: str
) -> None:
    """A friend who dropped opens the first invitation again: their page says plainly that
    it is used up and a fresh one is needed, and the host's panel already shows the fresh
    one under their name (the old link no longer shows as current)."""
    host = host_page(browser, contexts, server_url, TWO)
    first = invitation(host, 1)
    guest = join(browser, contexts, host, 1, "Ugo")
    host.click("#start-online")
    guest.wait_for_function("document.querySelector('#table').dataset.connected === 'true'", timeout=20_000)
    guest.goto("about:blank")  # the friend closes the tab
    seat = host.locator('#opponents .seat[data-seat="1"]')
    expect(seat).to_have_attribute("data-presence", "away", timeout=20_000)
    host.click("#friends-button")
    row = host.locator('[data-seat-row="1"]')
    expect(row.locator(".lobby-status")).to_contain_text("They dropped", timeout=20_000)
    fresh = invitation(host, 1)
    assert fresh != first
    guest.goto(first)
    wait_ready(guest)
    expect(guest.locator("#join-status")).to_contain_text("You already joined with this invitation")
    expect(guest.locator("#reply-box")).to_be_hidden()
    # the fresh invitation brings them back
    guest.goto(fresh)
    reply = wait_reply(guest)
    host.fill('textarea[data-reply-for="1"]', reply)
    host.click('button[data-accept-for="1"]')
    expect(row).to_have_attribute("data-presence", "connected", timeout=20_000)


def test_a_page_on_an_old_link_takes_the_new_one(
    browser: Browser, contexts: list[BrowserContext], server_url: str
) -> None:
    """The friend's page is open on an invitation when the host sends a fresh one: only the
    URL's fragment changes (no reload); the page answers the new invitation (it handed back
    its old reply, and the host then blamed the network)."""
    host = host_page(browser, contexts, server_url, TWO)
    first = invitation(host, 1)
    guest = new_page(browser, contexts)
    guest.goto(first)
    wait_ready(guest)
    old_reply = wait_reply(guest)
    host.click('[data-fresh-for="1"]')
    now = "document.querySelector('[data-invite-seat=\"1\"]').getAttribute('data-invite')"
    host.wait_for_function(f"{now} !== {first!r} && {now}.includes('#join=')", timeout=30_000)
    fresh = invitation(host, 1)
    guest.evaluate("url => { location.href = url; }", fresh)  # same page: a hashchange
    guest.wait_for_function(
        f"(document.querySelector('#reply')?.dataset.reply || '') !== {old_reply!r}"
        " && (document.querySelector('#reply')?.dataset.reply || '').length > 20",
        timeout=30_000,
    )
    host.fill('textarea[data-reply-for="1"]', wait_reply(guest))
    host.click('button[data-accept-for="1"]')
    expect(host.locator('[data-seat-row="1"]')).to_have_attribute(
        "data-presence", "connected", timeout=20_000
    )


def test_a_page_on_the_start_screen_takes_a_link_without_reload(
    browser: Browser, contexts: list[BrowserContext], server_url: str
) -> None:
    """The friend's page is on the start screen when the invitation is opened in it: only
    the URL's fragment changes (a hashchange, no reload), and the page joins as a fresh
    load would (it stayed on the start screen)."""
    host = host_page(browser, contexts, server_url, TWO)
    url = invitation(host, 1)
    guest = new_page(browser, contexts)
    guest.goto(url.split("#", 1)[0])
    wait_ready(guest)
    expect(guest.locator("body")).to_have_attribute("data-screen", "setup")
    guest.evaluate("() => { window.__samePage = true; }")
    guest.evaluate("url => { location.href = url; }", url)
    reply = wait_reply(guest)
    assert guest.evaluate("window.__samePage === true")  # no reload
    host.fill('textarea[data-reply-for="1"]', reply)
    host.click('button[data-accept-for="1"]')
    expect(host.locator('[data-seat-row="1"]')).to_have_attribute(
        "data-presence", "connected", timeout=20_000
    )


def test_copy_buttons_say_copied(browser: Browser, contexts: list[BrowserContext], server_url: str) -> None:
    """The invitation's and the reply's Copy buttons say what they did (they gave no
    feedback), then read "Copy" again."""
    host = host_page(browser, contexts, server_url, TWO)
    url = invitation(host, 1)
    copy = host.locator('[data-copy-for="1"]')
    copy.click()
    expect(copy).to_have_attribute("data-copied", re.compile("true|false"))
    expect(copy).not_to_have_text("Copy")
    expect(copy).to_have_text("Copy", timeout=5_000)
    guest = new_page(browser, contexts)
    guest.goto(url)
    wait_ready(guest)
    wait_reply(guest)
    guest.click("#reply-copy")
    expect(guest.locator("#reply-copy")).to_have_attribute("data-copied", re.compile("true|false"))
    expect(guest.locator("#reply-copy")).not_to_have_text("Copy")


def test_after_a_rejoin_the_stand_ins_moves_are_its_own(
    browser: Browser, contexts: list[BrowserContext], server_url: str
) -> None:
    """The stand-in bot's moves read "Your stand-in plays …" on the friend's page after it
    rejoins (they read "You play …"), and the friend's summary says who deals next and that
    the host starts the hand in one line (it said both "You deal next" and "The host deals
    the next hand")."""
    host = new_page(browser, contexts)
    host.goto(f"{server_url}/index.html")
    wait_ready(host)
    host.evaluate(
        "() => localStorage.setItem('dernier.prefs.v1',"
        " JSON.stringify({grace: 5, standin: 'easy', lang: 'en'}))"
    )
    host.goto(f"{server_url}/index.html?{TWO}")
    wait_ready(host)
    guest = join(browser, contexts, host, 1, "Vera")
    host.click("#start-online")
    guest.wait_for_function("document.querySelector('#table').dataset.connected === 'true'", timeout=20_000)
    guest.context.close()  # the friend's device goes away; a stand-in plays seat 1
    contexts.remove(guest.context)
    expect(host.locator('#opponents .seat[data-seat="1"]')).to_have_attribute(
        "data-presence", "standin", timeout=20_000
    )
    for _ in range(1500):  # the host plays its turns until the hand is over
        h = table(host)
        if h["over"] or h["matchOver"]:
            break
        if h["turn"] == "0":
            take_turn(host)
        else:
            host.wait_for_timeout(30)
    assert table(host)["over"], "the hand did not end"
    lines = host.locator("#log li").all_inner_texts()
    assert any(re.search(r"\bVera (plays|draws|passes)", x) for x in lines), lines
    if host.evaluate("document.querySelector('#summary').open"):
        host.click("#summary-peek")
    host.click("#friends-button")
    back = join(browser, contexts, host, 1, "Vera")  # the fresh invitation made for the seat
    back.wait_for_function("document.querySelector('#table').dataset.connected === 'true'", timeout=20_000)
    log = back.locator("#log li").all_inner_texts()
    assert any("Your stand-in" in x for x in log), log
    assert not any(re.match(r"(\d+\.\s*)?You (play|draw|pass)", x) for x in log), log
    expect(back.locator("#summary")).to_be_visible(timeout=10_000)
    said = back.locator("#summary").inner_text()
    assert said.count("deals next") + said.count("deal next") == 1, said
    assert "The host deals the next hand" not in said, said
    expect(back.locator("#wait-host")).to_contain_text("the hand starts when the host is ready")


def test_a_changed_setting_closes_the_old_replys_connection(
    browser: Browser, contexts: list[BrowserContext], server_url: str
) -> None:
    """One connection per reply: the friend changes the connection settings, the page
    makes a fresh reply and closes the first one's connection (left open, it failed ~14 s
    later and dropped the friend from a running game)."""
    host = host_page(browser, contexts, server_url, TWO)
    url = invitation(host, 1)
    guest = new_page(browser, contexts)
    guest.context.add_init_script(PCS_JS)
    guest.goto(url)
    wait_ready(guest)
    first = wait_reply(guest)
    guest.click("#join details.net-settings summary")
    guest.fill("#join-ice", "stun:127.0.0.1:3478")
    guest.dispatch_event("#join-ice", "change")
    guest.wait_for_function(
        "r => (document.querySelector('#reply')?.dataset.reply || '') !== r", arg=first, timeout=30_000
    )
    states = guest.evaluate("window.__pcs.map(pc => pc.signalingState)")
    assert len(states) == 2 and states[0] == "closed" and states[1] != "closed", states
    host.fill('textarea[data-reply-for="1"]', wait_reply(guest))
    host.click('button[data-accept-for="1"]')
    row = host.locator('[data-seat-row="1"]')
    expect(row).to_have_attribute("data-presence", "connected", timeout=20_000)
