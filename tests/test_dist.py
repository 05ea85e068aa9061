"""The built static site (scripts/build.py), served under a sub-path as GitHub Pages does.

Checks that the built folder plays, works offline after a first visit (service worker),
can be embedded in an iframe from another origin, handles bad URL parameters, and never
requests anything off 127.0.0.1 (the network guard of conftest.py fails the test if it does).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import parse_qsl, urlencode

import pytest
from browser_support import PageLog, load_script, open_page
from playwright.sync_api import expect
from test_page_early import hold_python, release_python

if TYPE_CHECKING:
    from playwright.sync_api import Frame, Page

pytestmark = pytest.mark.browser

SUBPATH = "dernier/"
QUERY = "players=2&levels=easy&seed=11&delay=0&lang=en"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    www = tmp_path_factory.mktemp("www")
    load_script("build").build(www / SUBPATH.strip("/"), "zip")
    return www


@pytest.fixture(scope="module")
def site(built: Path) -> Iterator[str]:
    """URL of the built site, served under /dernier/ on 127.0.0.1."""
    server, url = load_script("serve").start_server(port=0, root=built, quiet=True)
    try:
        yield url + SUBPATH
    finally:
        server.shutdown()
        server.server_close()


def _my_move(target: Page | Frame) -> bool:
    """If seat 0 is to act, make one sensible move through the page; True if it did."""
    if target.get_attribute("#table", "data-turn") != "0":
        return False
    if target.get_attribute("#table", "data-over") == "true":
        return False
    suit = target.locator("button[data-suit]:visible").first
    if target.locator("button[data-suit]:visible").count() and suit.is_enabled():
        suit.click()
        return True
    cards = target.locator('#hand [data-card]:not([aria-disabled="true"])')
    if cards.count():
        cards.first.click()
        return True
    for sel in ("#pass", "#draw"):
        if target.locator(sel).is_enabled():
            target.click(sel)
            return True
    return False


def _play_until(target: Page | Frame, moves: int, seconds: float = 60) -> int:
    """Play ``moves`` moves for seat 0 (or until the hand ends); how many were made."""
    made = 0
    deadline = time.monotonic() + seconds
    while made < moves and time.monotonic() < deadline:
        if target.get_attribute("#table", "data-over") == "true":
            break
        before = target.get_attribute("#table", "data-turn")
        if _my_move(target):
            made += 1
        target.wait_for_timeout(100 if before == "0" else 50)
    return made


def test_built_site_plays_under_a_sub_path(page: Page, site: str) -> None:
    open_page(page, site, QUERY)
    csp = page.get_attribute('meta[http-equiv="Content-Security-Policy"]', "content") or ""
    assert "default-src 'self'" in csp and "object-src 'none'" in csp
    # the one-click signalling server for friends in other homes (web.net.roomlink.CLOUD_SERVER)
    assert "connect-src 'self' wss://0.peerjs.com" in csp
    page.wait_for_selector("#table[data-turn]")
    assert _play_until(page, 3) >= 1 or page.get_attribute("#table", "data-over") == "true"
    assert page.locator("#discard[data-card]").count() == 1
    # every request stayed inside the sub-path: nothing assumes the site is at the root
    paths = [
        re.sub(r"^https?://[^/]+", "", u)
        for u in page.evaluate("performance.getEntriesByType('resource').map(r => r.name)")
    ]
    assert paths and all(p.startswith("/" + SUBPATH) for p in paths), paths


@pytest.mark.allow_page_errors
def test_offline_reload_still_plays(page: Page, site: str, page_log: PageLog) -> None:
    open_page(page, site, QUERY)
    # the service worker registers once the game is ready, precaches, then claims the page
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60000)
    page.context.set_offline(True)
    try:
        page.reload()
        page.wait_for_selector("body[data-ready=true]", timeout=60000)
        page.wait_for_selector("#table[data-turn]")
        assert _play_until(page, 2) >= 1 or page.get_attribute("#table", "data-over") == "true"
    finally:
        page.context.set_offline(False)
    # offline, only the service worker's own update check may fail; the page itself may not
    page_log.assert_clean_offline()


def test_iframe_embed_from_another_origin(page: Page, site: str, tmp_path: Path) -> None:
    snippet = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    m = re.search(r"<iframe[^>]*></iframe>", snippet)
    assert m, "README.md documents an <iframe> snippet"
    iframe = m.group(0)
    src = re.search(r'src="([^"]+)"', iframe)
    assert src
    # point the documented snippet at this test's server, keeping its parameters
    params = dict(parse_qsl(src.group(1).split("?", 1)[1]))
    params.update(seed="3", delay="0")
    query = urlencode(params)
    iframe = iframe.replace(src.group(1), f"{site}index.html?{query}")
    (tmp_path / "embed.html").write_text(
        f'<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">'
        f"<title>blog</title></head><body><h1>My blog</h1>{iframe}</body></html>",
        encoding="utf-8",
    )
    server, other = load_script("serve").start_server(port=0, root=tmp_path, quiet=True)
    try:
        assert other.split(":")[2] != site.split(":")[2]  # another origin (port)
        page.goto(other + "embed.html")
        frame = page.frame_locator("iframe")
        frame.locator("body[data-ready=true]").wait_for(timeout=60000)
        frame.locator("#table[data-turn]").wait_for()
        inner = next(f for f in page.frames if f.url.startswith(site))
        width = inner.evaluate("document.documentElement.clientWidth")
        assert inner.evaluate("document.documentElement.scrollWidth") <= width, "no horizontal scroll"
        assert width <= 400
        _play_until(inner, 1)
    finally:
        server.shutdown()
        server.server_close()


def test_bad_url_parameters_are_ignored_with_a_notice(page: Page, site: str) -> None:
    open_page(page, site, "players=99&rules=nope&levels=genius&seed=abc&lang=zz&delay=-4&hands=7x")
    notices = page.text_content("#notices") or ""
    for name in ("players", "rules", "levels", "seed", "lang", "delay", "hands"):
        assert name in notices, (name, notices)
    assert page.get_attribute("body", "data-ready") == "true"


def test_friends_connect_on_the_built_site(site: str, page: Page) -> None:
    """Playing with friends on the built site, under its strict CSP: a host's invitation,
    a friend's reply code pasted back, the friend's table from its own seat."""
    page.goto(site + "index.html?players=2&levels=friend&seed=4&delay=0&lang=en")
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=60_000)
    sel = '[data-invite-seat="1"]'
    page.wait_for_function(
        f"() => (document.querySelector('{sel}')?.getAttribute('data-invite') || '').includes('#join=')"
    )
    url = page.locator(sel).get_attribute("data-invite") or ""
    assert url.startswith(site + "index.html#join=")
    friend_ctx = page.context.browser.new_context()  # another device
    log = PageLog()
    log.attach(friend_ctx)
    try:
        friend = friend_ctx.new_page()
        friend.goto(url)
        friend.wait_for_function("(document.querySelector('#reply')?.dataset.reply || '').length > 20")
        page.fill('textarea[data-reply-for="1"]', friend.locator("#reply").get_attribute("data-reply") or "")
        page.click('button[data-accept-for="1"]')
        page.wait_for_function("!document.querySelector('#start-online').disabled", timeout=30_000)
        page.click("#start-online")
        friend.wait_for_function(
            "document.querySelector('#table').dataset.connected === 'true'", timeout=30_000
        )
        assert friend.get_attribute("#table", "data-seat") == "1"
        assert friend.locator("#hand [data-card]").count() > 0
    finally:
        friend_ctx.close()
    assert not log.problems(), log.problems()


def test_an_italian_visitor_reads_italian_before_python_is_up(page: Page, site: str) -> None:
    """web/boot.js writes the built page's Italian words at once (scripts/build.py
    boot_words): the start screen is in Italian while Python starts, and stays so."""
    html = (Path(__file__).resolve().parent.parent / "index.html").read_text(encoding="utf-8")
    block = load_script("build").boot_words(html)
    it = json.loads(block[block.index(">") + 1 : block.rindex("</script>")])
    words = it["i18n"]
    heading = words["setup_heading"]
    held = hold_python(page)
    page.goto(site + "index.html?lang=it")
    expect(page.locator("#setup-heading")).to_have_text(heading)
    assert page.get_attribute("body", "data-ready") is None  # Python is not up yet
    assert page.get_attribute("html", "lang") == "it"
    assert page.eval_on_selector("#opt-lang", "el => el.value") == "it"
    expect(page.locator("#start")).not_to_have_text("Deal the cards")
    expect(page.locator("#opt-levels option[value=medium]").first).to_have_text(words["level_medium"])
    three_hands = it["choices"]["opt-format"]["hands:3"]
    expect(page.locator("#opt-format option[value='hands:3']")).to_have_text(three_hands)
    assert page.get_attribute("#opt-name", "placeholder") == it["placeholders"]["opt-name"]
    release_python(page, held)
    expect(page.locator("#setup-heading")).to_have_text(heading)
    # an English visitor keeps the page's own words
    page.goto(site + "index.html?lang=en")
    expect(page.locator("#setup-heading")).to_have_text("New match")
