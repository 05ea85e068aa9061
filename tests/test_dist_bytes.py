"""Every byte once (issue 17): on a cold visit to the built site no file is downloaded twice
(the service worker reuses what the page fetched), and a new build downloads only the files
that changed. The server records the body of every response it sends.

These tests open their own browser context: the `page` fixture's network guard routes
requests, and Playwright turns the HTTP cache off in a context with routes, which a real
visitor's browser never does. The same checks are made here from the browser's log."""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from browser_support import PageLog, load_script, open_page

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

QUERY = "players=2&levels=easy&seed=11&delay=0&lang=en"
ONLY_NEW_CACHE = """async (old) => {
  const names = (await caches.keys()).filter((n) => n.startsWith("dernier-"));
  const reg = await navigator.serviceWorker.getRegistration();
  return names.length === 1 && names[0] !== "dernier-" + old && !reg.installing && !reg.waiting;
}"""
WAIT_CONTROLLED = "() => navigator.serviceWorker.controller !== null"


class Site:
    def __init__(self, root: Path) -> None:
        serve = load_script("serve")
        self.root = root
        self.sent: list[tuple[str, int]] = []
        sent = self.sent

        class Counting(serve._QuietHandler):  # type: ignore[name-defined,misc]
            def send_header(self, keyword: str, value: str) -> None:
                if keyword.lower() == "content-length" and int(value) > 0:
                    sent.append((self.path.split("?")[0], int(value)))
                super().send_header(keyword, value)

        self.server = serve.Server(("127.0.0.1", 0), partial(Counting, directory=str(root)))
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/dernier/"

    def since(self, start: int) -> list[str]:
        return [path for path, _ in self.sent[start:]]


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    load_script("build").build(tmp_path / "dernier", "zip")
    s = Site(tmp_path)
    try:
        yield s
    finally:
        s.server.shutdown()
        s.server.server_close()


@pytest.fixture
def fresh(browser: Browser) -> Iterator[Page]:
    """A page in a fresh context (empty caches, no service worker), HTTP cache on."""
    ctx = browser.new_context()
    log = PageLog()
    log.attach(ctx)
    try:
        yield ctx.new_page()
        assert not log.problems(), log.problems()
    finally:
        ctx.close()


def _precached(page: Page) -> None:
    page.wait_for_function(WAIT_CONTROLLED, timeout=60000)


def test_a_cold_visit_downloads_every_file_once(fresh: Page, site: Site) -> None:
    page = fresh
    open_page(page, site.url, QUERY)
    _precached(page)
    page.wait_for_timeout(500)
    twice = {p: n for p, n in Counter(site.since(0)).items() if n > 1}
    assert twice == {}, f"downloaded more than once on a cold visit: {twice}"
    got = set(site.since(0))
    for needed in ("/dernier/vendor/pyodide/pyodide.asm.wasm", "/dernier/app.zip", "/dernier/sw.js"):
        assert needed in got
    # PeerJS is for room codes only: shipped, never fetched on a normal start
    assert not any("/vendor/peerjs/" in p for p in got), sorted(got)
    # offline the service worker has it all: a reload downloads nothing
    start = len(site.sent)
    page.reload()
    page.wait_for_selector("body[data-ready=true]", timeout=60000)
    assert site.since(start) == []


def test_a_new_build_downloads_only_what_changed(fresh: Page, site: Site, monkeypatch: Any) -> None:
    page = fresh
    open_page(page, site.url, QUERY)
    _precached(page)
    old_version = page.get_attribute('meta[name="dernier-build"]', "content")
    build = load_script("build")
    # the test server dates files to the second (Last-Modified): let the rebuild be newer
    time.sleep(1.1)
    monkeypatch.setattr(build, "ICON_SVG", build.ICON_SVG.replace("#c81e2d", "#c81e2e"))
    build.build(site.root / "dernier", "zip")
    start = len(site.sent)
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    # installed and activated: the older build's cache is gone, only the new one is left
    deadline = time.monotonic() + 60
    while page.evaluate(ONLY_NEW_CACHE, old_version) is not True:
        assert time.monotonic() < deadline, page.evaluate("caches.keys()")
        page.wait_for_timeout(200)
    got = sorted(site.since(start))
    # the new service worker, the page (it names the build) and the changed icon; nothing else
    assert got == ["/dernier/icons/icon.svg", "/dernier/index.html", "/dernier/sw.js"], got
    page.reload()
    page.wait_for_selector("body[data-ready=true]", timeout=60000)
    assert page.get_attribute('meta[name="dernier-build"]', "content") != old_version


def test_the_html_preloads_exactly_what_the_page_fetches_at_start(fresh: Page, site: Site) -> None:
    page = fresh
    open_page(page, site.url, QUERY)
    fetched = page.evaluate("performance.getEntriesByType('resource').map((r) => r.name)")
    preloads = page.evaluate(
        "[...document.querySelectorAll('link[rel=preload], link[rel=modulepreload]')].map((l) => l.href)"
    )
    # loaded by the HTML itself, before any script runs
    by_html = ("sw-register.js", "boot.js", "core.js", ".css", ".svg")
    started = {u for u in fetched if not u.endswith(by_html)}
    assert started == set(preloads), (sorted(started - set(preloads)), sorted(set(preloads) - started))
    # every preload was used: nothing was fetched a second time (web/main.py and app.zip are
    # used only once Python is up, which on a slow machine is more than the 3 s after the
    # load event that Chromium waits before warning of an unused preload: the warning is
    # not a failure, a second fetch is)
    assert len(fetched) == len(set(fetched)), "a preload was not used: the file was fetched again"
