"""The page loads the vendored runtime and the dernier package, offline (the repository
root, as `scripts/serve.py` serves it; the other browser tests open the built site)."""

from __future__ import annotations

import time

import pytest
from browser_support import LOCAL_HOST, PageLog, goto_same_origin_blank, open_page
from playwright.sync_api import Page


@pytest.mark.browser
def test_page_loads_offline(page: Page, dev_server_url: str, page_log: PageLog) -> None:
    start = time.monotonic()
    open_page(page, dev_server_url)
    elapsed = time.monotonic() - start

    # a plain URL without a save opens the start screen, enabled once Python is up
    assert page.is_visible("#setup")
    assert page.is_enabled("#start")
    assert page.is_hidden("#status")
    # every module of dernier.bots loaded (a file missing from pyscript.toml would leave
    # the page with its stand-in bots, and only a 404-free console to show for it)
    assert page.evaluate("document.body.dataset.bots") == "dernier"
    assert page_log.requests, "no request was recorded"
    assert not page_log.off_host, f"requests off {LOCAL_HOST}: {page_log.off_host}"
    assert not page_log.bad_responses, f"HTTP errors: {page_log.bad_responses}"
    assert not page_log.failed_requests, f"failed requests: {page_log.failed_requests}"
    assert not page_log.console_errors, f"console errors: {page_log.console_errors}"
    assert not page_log.page_errors, f"uncaught errors: {page_log.page_errors}"
    # The runtime really came from vendor/ (not from a CDN or a cache).
    assert any(u.endswith("/vendor/pyodide/pyodide.asm.wasm") for u in page_log.requests)
    # the game's own style, linked by the shell before the page started (the built site's
    # web/boot.js does it at first paint: tests/test_page_settings.py), and no other game's
    links = page.evaluate(
        "[...document.querySelectorAll('link[data-game-style]')].map((l) => l.dataset.gameStyle)"
    )
    assert links == ["dernier"] and any(u.endswith("/web/dernier/style.css") for u in page_log.requests)
    print(f"page ready in {elapsed:.1f} s, {len(page_log.requests)} requests")


@pytest.mark.browser
@pytest.mark.allow_page_errors
def test_guard_sees_off_host_requests(page: Page, dev_server_url: str, page_log: PageLog) -> None:
    """The network guard itself works: an off-host fetch is recorded (and blocked)."""
    goto_same_origin_blank(page, dev_server_url)  # no runtime needed
    page.evaluate("fetch('https://example.com/x').catch(() => null)")
    page.wait_for_timeout(200)
    assert page_log.off_host == ["https://example.com/x"]
    page_log.off_host.clear()  # recorded as expected: don't fail this test for it


@pytest.mark.browser
@pytest.mark.parametrize(
    "query", ["game=scala40&players=2&levels=easy&seed=3", "game=dog&levels=easy,easy,easy&seed=3"]
)
def test_each_other_game_deals_on_the_repository_root(
    page: Page, dev_server_url: str, page_log: PageLog, query: str
) -> None:
    """The page of `scripts/serve.py` (every module fetched on its own) deals Scala 40 and DOG
    too: the other browser tests play them on the built site."""
    open_page(page, dev_server_url, query + "&delay=0&lang=en")
    page.wait_for_selector("#table:visible")
    assert page.evaluate("document.body.dataset.game") == query.split("&")[0].split("=")[1]
    page.wait_for_selector("#hand [data-card]")
    assert not page_log.bad_responses, f"HTTP errors: {page_log.bad_responses}"
