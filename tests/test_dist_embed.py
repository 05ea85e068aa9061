"""Where people put it (issue 40): the built site in a frame on another site, with a storage
that refuses writes, and offline after one visit, for every game.

* A frame on another site: the page on 127.0.0.1, the host page on localhost (two sites).
  Debian's Chromium, as the tests run it, denies such a frame its storage (localStorage
  throws, IndexedDB and the service worker are refused): each game starts, says once in a
  line that this table cannot keep the match here (with "Open in its own tab" and the
  Storage Access API's button) and plays a move. The host page holds the README's iframe
  snippet, as a website owner would paste it.
* A storage that throws on every write (QuotaExceededError): the match in play loses
  nothing (Resume later, then Resume, finds it as it was).
* Offline after one Dernier visit: Scala 40's and DOG's links play; a game whose code is
  not kept says so in words, not with a traceback.

The cross-site test opens its own browser context (the `page` fixture's network guard
refuses every host but 127.0.0.1); it checks the same things from its own log."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from browser_support import ROOT, PageLog, is_local_url, load_script, open_page
from playwright.sync_api import expect
from test_dist import _play_until

from web.shell import games
from web.shell.i18n import STRINGS

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Frame, Page, Route

pytestmark = pytest.mark.browser

EN, IT = 0, 1
#: a match link of each game (seat 0 a person, bots that play at once)
LINKS = {
    "dernier": "players=2&levels=easy&seed=11&delay=0&lang=en",
    "scala40": "game=scala40&players=2&levels=easy&seed=7&delay=0&lang=en",
    "dog": "game=dog&levels=easy,easy,easy&seed=4&delay=0&lang=en",
}


#: what changes with every move of any game: the table's state and its log
MOVES_JS = (
    "(JSON.stringify({...document.querySelector('#table').dataset})"
    " + (document.querySelector('#log') || {}).textContent)"
)


def _moves(target: Page | Frame) -> str:
    return str(target.evaluate("() => " + MOVES_JS))


def _moved(target: Page | Frame, before: str) -> None:
    target.wait_for_function("(before) => " + MOVES_JS + " !== before", arg=before)


def _answer_the_chooser(target: Page | Frame) -> None:
    """Dernier's suit chooser (a deal's turned-up J, §2, or a J played): the first suit."""
    if target.evaluate("!!document.querySelector('#chooser')?.open"):
        target.click("#chooser-options button >> nth=0")
        expect(target.locator("#chooser")).not_to_have_attribute("open", "")


def _read_the_help(target: Page | Frame) -> None:
    """A new player's first-time help, after the deal's own question: Got it."""
    _answer_the_chooser(target)
    expect(target.locator("#help")).to_be_visible()
    target.click("#help-close")


def _dernier_move(target: Page | Frame) -> None:
    """Seat 0's first possible move; a J played then asks for its suit (§2)."""
    assert _play_until(target, 1) == 1
    _answer_the_chooser(target)


def _scala40_move(target: Page | Frame) -> None:
    """Seat 0 draws from the stock (the first move of its turn)."""
    target.wait_for_function(
        "() => { const d = document.querySelector('#table').dataset;"
        " return d.turn === d.seat && d.phase === 'draw'; }",
        timeout=60_000,
    )
    moves = int(target.get_attribute("#table", "data-moves") or "0")
    target.click("#stock")
    target.wait_for_function(f"() => +document.querySelector('#table').dataset.moves > {moves}")


def _dog_move(target: Page | Frame) -> None:
    """Seat 0 gives its partner a card (the exchange that opens each DOG hand)."""
    target.wait_for_selector("#give:not([hidden])", timeout=60_000)
    before = _moves(target)
    target.click("#hand [data-card]")
    target.click("#give")
    target.wait_for_function("(before) => " + MOVES_JS + " !== before", arg=before)


PLAY_A_MOVE: dict[str, Callable[[Page | Frame], None]] = {
    "dernier": _dernier_move,
    "scala40": _scala40_move,
    "dog": _dog_move,
}


DENIED_JS = "(() => { try { localStorage.length; return false; } catch (e) { return true; } })()"


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    """A folder served as another site: http://localhost:<port>/ (the page is on 127.0.0.1)."""
    root = tmp_path_factory.mktemp("blog")
    server, url = load_script("serve").start_server(port=0, root=root, quiet=True)
    try:
        yield root, url.replace("127.0.0.1", "localhost")
    finally:
        server.shutdown()
        server.server_close()


def readme_iframe(src: str) -> str:
    """The README's iframe snippet, pointed at ``src``."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    m = re.search(r"<iframe[^>]*></iframe>", readme)
    assert m, "README.md documents an <iframe> snippet"
    documented = re.search(r'src="([^"]+)"', m.group(0))
    assert documented
    return m.group(0).replace(documented.group(1), src)


@pytest.mark.allow_page_errors
@pytest.mark.parametrize("game", list(LINKS))
def test_a_frame_on_another_site_starts_and_plays_with_its_storage_denied(
    game: str, browser: Browser, server_url: str, host: tuple[Path, str]
) -> None:
    root, other = host
    src = f"{server_url}index.html?{LINKS[game]}"
    (root / f"{game}.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">'
        f"<title>A blog</title></head><body><h1>My blog</h1>{readme_iframe(src)}</body></html>",
        encoding="utf-8",
    )
    ctx = browser.new_context()
    log = PageLog()
    log.attach(ctx)

    def block(route: Route) -> None:
        route.abort("blockedbyclient")

    ctx.route(lambda url: not (is_local_url(url) or url.startswith(other)), block)
    try:
        page = ctx.new_page()
        page.goto(other + f"{game}.html")
        page.frame_locator("iframe").locator("body[data-ready=true]").wait_for(timeout=90_000)
        frame = next(f for f in page.frames if f.url.startswith(server_url))
        # the browser does deny this frame its storage: what this test is about
        assert frame.evaluate(
            "(() => { try { localStorage.length; return false; } catch (e) { return true; } })()"
        )
        assert frame.evaluate("document.body.dataset.game") == game
        expect(frame.locator(".brand")).to_have_text(games.get(game).title("en"))
        # said once, in a line: the storage words nowhere else
        note = frame.locator("#storage-note")
        expect(note).to_be_visible()
        expect(note).to_contain_text(STRINGS["storage_off"][EN])
        assert frame.locator("text=" + STRINGS["storage_off"][EN]).count() == 1
        tab = frame.locator("#storage-tab")
        expect(tab).to_be_visible()
        expect(tab).to_have_text(STRINGS["storage_tab"][EN])
        assert tab.get_attribute("target") == "_blank"
        assert tab.get_attribute("href") == src
        # a frame with no storage is a new player's: the first-time help, read
        _read_the_help(frame)
        # the Storage Access API, asked on a tap (this browser has it): an answer either way
        assert frame.evaluate("typeof document.requestStorageAccess") == "function"
        ask = frame.locator("#storage-ask")
        expect(ask).to_be_visible()
        if game == "dernier":
            ask.click()
            refused = frame.locator("#notices", has_text=STRINGS["storage_refused"][EN])
            expect(
                refused.or_(frame.locator("#notices", has_text=STRINGS["storage_granted"][EN]))
            ).to_be_visible()
        before = _moves(frame)
        PLAY_A_MOVE[game](frame)
        _moved(frame, before)
        assert frame.evaluate("document.body.dataset.error || ''") == ""
        assert not log.page_errors, log.page_errors
        # the browser's own words on the refused request (its reasons) are no error of the page
        errors = [e for e in log.console_errors if not e.startswith("requestStorageAccess:")]
        assert not errors, errors
        assert not log.bad_responses, log.bad_responses
        assert [u for u in log.off_host if not u.startswith(other)] == []
    finally:
        ctx.close()


QUOTA = """(() => {
  Storage.prototype.setItem = function () {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  };
})();"""

SHOWN_JS = """() => ({
  hand: [...document.querySelectorAll('#hand [data-card]')].map((e) => e.dataset.card),
  discard: document.querySelector('#discard')?.dataset.card,
  turn: document.querySelector('#table').dataset.turn,
  log: document.querySelector('#log')?.textContent,
})"""


def test_a_storage_that_refuses_writes_loses_nothing_of_the_match(page: Page, server_url: str) -> None:
    page.context.add_init_script(QUOTA)
    open_page(page, server_url, LINKS["dernier"])
    note = page.locator("#storage-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text(STRINGS["storage_off"][EN])
    expect(page.locator("#storage-tab")).to_be_hidden()  # a tab of its own already
    assert _play_until(page, 2) >= 1
    _answer_the_chooser(page)
    page.wait_for_function("document.querySelector('#table').dataset.turn === '0'", timeout=60_000)
    shown = page.evaluate(SHOWN_JS)
    assert shown["hand"] and shown["log"]
    # Resume later, then Resume: the match as it was, although nothing could be written
    page.click("#menu-button")
    page.click("#menu-later")
    expect(page.locator("#resume-match")).to_be_visible()
    page.click("#resume-match")
    page.wait_for_selector("#table[data-turn='0']")
    assert page.evaluate(SHOWN_JS) == shown
    assert _play_until(page, 1) == 1
    assert page.locator("text=" + STRINGS["storage_off"][EN]).count() == 1


CACHED_GAMES = """async () => {
  const names = (await caches.keys()).filter((n) => n.startsWith("dernier-"));
  if (names.length !== 1) return [];
  const keys = await (await caches.open(names[0])).keys();
  return keys.map((r) => r.url).filter((u) => u.includes("/games/")).map((u) => u.split("/").pop()).sort();
}"""


@pytest.mark.allow_page_errors
def test_after_one_visit_every_game_plays_offline(page: Page, server_url: str, page_log: PageLog) -> None:
    open_page(page, server_url, LINKS["dernier"])
    # the service worker, registered at an idle moment after the game is ready, keeps every game
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    assert page.evaluate(CACHED_GAMES) == ["dernier.zip", "dog.zip", "scala40.zip"]
    page.context.set_offline(True)
    try:
        for game in ("scala40", "dog"):
            open_page(page, server_url, LINKS[game])
            assert page.evaluate("document.body.dataset.game") == game
            before = _moves(page)
            PLAY_A_MOVE[game](page)
            _moved(page, before)
        page_log.assert_clean_offline()
        # a game whose code is not kept here: its page says so in words, in its language
        page.evaluate(
            "async () => { for (const n of await caches.keys())"
            " await (await caches.open(n)).delete('./games/dog.zip'); }"
        )
        page.goto(f"{server_url}index.html?{LINKS['dog'].replace('lang=en', 'lang=it')}")
        page.wait_for_selector("body[data-error]", timeout=60_000)
        status = page.locator("#status")
        expect(status).to_be_visible()
        text = status.inner_text()
        assert "Questo gioco non è stato scaricato" in text, text
        assert "Traceback" not in text and "Error" not in text, text
        expect(page.locator("#reload-page")).to_have_text("Ricarica")
    finally:
        page.context.set_offline(False)
