"""Playing with friends across devices (CONTRACT "Playing with friends"), in real browsers:
a host page and guest pages in separate browser contexts connect peer-to-peer through the
manual invitation / reply exchange, and play whole matches by clicking.

Every message a guest page receives is recorded (an init script wraps the data channel's
``message`` events) and checked: a guest never holds a card of another hand or of the
draw pile while it is hidden."""

from __future__ import annotations

import json
import re
import statistics
from collections.abc import Iterator
from typing import Any

import pytest
from browser_support import READY_TIMEOUT_MS, PageLog, is_local_url
from conftest import RETURNING_PLAYER
from playwright.sync_api import Browser, BrowserContext, Page, expect
from playwright.sync_api import Error as PlaywrightError
from test_page_support import take_turn

from web.net.roomlink import ice_in

CARD = re.compile(r"^(?:(?:10|[2-9AJQK])[HDCS]|JK)$")

RECORD_JS = """
(() => {
  window.__rx = [];
  const add = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (type, fn, opts) {
    if (type === 'message' && typeof RTCDataChannel !== 'undefined' && this instanceof RTCDataChannel) {
      const wrapped = function (e) {
        const r = fn.call(this, e);  // the page handles (and draws) the message first
        try { window.__rx.push([Date.now(), String(e.data)]); } catch (_) {}
        return r;
      };
      return add.call(this, type, wrapped, opts);
    }
    return add.call(this, type, fn, opts);
  };
})();
"""

TABLE_JS = """() => {
  const d = document.querySelector('#table').dataset;
  return {seat: d.seat ?? null, turn: d.turn ?? null, over: d.over === 'true',
          matchOver: d.matchOver === 'true', connected: d.connected ?? null,
          screen: document.body.dataset.screen};
}"""


def wait_ready(page: Page) -> None:
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=READY_TIMEOUT_MS)


LOGS: list[PageLog] = []


@pytest.fixture
def contexts(browser: Browser) -> Iterator[list[BrowserContext]]:
    """The test's browser contexts (one per device), each with the network guard of the
    ``page`` fixture: nothing off 127.0.0.1, no failed request, no console error."""
    made: list[BrowserContext] = []
    LOGS.clear()
    yield made
    for ctx in made:
        ctx.close()
    problems = [p for log in LOGS for p in log.problems()]
    assert not problems, problems


def new_page(
    browser: Browser, contexts: list[BrowserContext], record: bool = False, new_player: bool = False
) -> Page:
    """A device's page: a returning player's (every game's first-time help seen, as the
    ``page`` fixture's) unless ``new_player``."""
    ctx = browser.new_context()
    if not new_player:
        ctx.add_init_script(RETURNING_PLAYER)
    log = PageLog()
    log.attach(ctx)
    LOGS.append(log)
    ctx.route(lambda url: not is_local_url(url), lambda route: route.abort("blockedbyclient"))
    ctx.set_default_timeout(10_000)
    contexts.append(ctx)
    if record:
        ctx.add_init_script(RECORD_JS)
    return ctx.new_page()


def host_page(
    browser: Browser, contexts: list[BrowserContext], server_url: str, query: str, new_player: bool = False
) -> Page:
    host = new_page(browser, contexts, new_player=new_player)
    host.goto(f"{server_url}/index.html?{query}")
    wait_ready(host)
    expect(host.locator("#lobby")).to_be_visible()
    return host


def invitation(host: Page, seat: int) -> str:
    sel = f'[data-invite-seat="{seat}"]'
    host.wait_for_function(
        f"() => (document.querySelector('{sel}')?.getAttribute('data-invite') || '').includes('#join=')",
        timeout=30_000,
    )
    url = host.locator(sel).get_attribute("data-invite")
    # the invitation names no match parameter of the host's URL, only a game other than Dernier
    assert (
        url
        and "#join=" in url
        and re.fullmatch(r"index\.html(\?game=[a-z0-9]+)?", url.split("#")[0].rsplit("/", 1)[-1])
    )
    return url


def join(
    browser: Browser,
    contexts: list[BrowserContext],
    host: Page,
    seat: int,
    name: str,
    new_player: bool = False,
) -> Page:
    """A friend opens the invitation of ``seat``; the host pastes the reply code."""
    guest = new_page(browser, contexts, record=True, new_player=new_player)
    guest.goto(invitation(host, seat))
    wait_ready(guest)
    guest.fill("#join-name", name)
    guest.wait_for_function(
        "(document.querySelector('#reply')?.dataset.reply || '').length > 20", timeout=30_000
    )
    reply = guest.locator("#reply").get_attribute("data-reply")
    assert reply
    host.fill(f'textarea[data-reply-for="{seat}"]', "Here it is:\n> " + reply + "\n")
    host.click(f'button[data-accept-for="{seat}"]')
    try:
        host.wait_for_function(
            f"document.querySelector('[data-seat-row=\"{seat}\"]').dataset.presence === 'connected'",
            timeout=30_000,
        )
    except Exception:
        status = host.locator(f'[data-seat-row="{seat}"] .lobby-status').text_content()
        says = guest.locator("#join-status").text_content()
        got = guest.evaluate("JSON.stringify(window.__rx.map(m => m[1].slice(0, 120)))")
        raise AssertionError(
            f"seat {seat} did not connect; the host says {status!r}, the friend {says!r} and got {got}"
        ) from None
    return guest


def table(page: Page) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(TABLE_JS)
    return result


def answered_js(heard: int) -> str:
    """A friend's page got a view or an error from the host after its first ``heard`` messages."""
    return f"window.__rx.slice({heard}).some(m => ['view', 'error'].includes(JSON.parse(m[1]).t))"


def play_match(pages: list[Page], host: Page, max_steps: int = 4000) -> dict[str, int]:
    """Every page clicks its own turns until the match is over; the host deals."""
    moves = dict.fromkeys(range(len(pages)), 0)
    for _ in range(max_steps):
        states = [table(p) for p in pages]
        if all(s["matchOver"] for s in states):
            return {str(k): v for k, v in moves.items()}
        acted = False
        for i, (p, s) in enumerate(zip(pages, states, strict=True)):
            if s["matchOver"] or s["over"]:
                continue
            if s["turn"] is not None and s["turn"] == s["seat"]:
                heard = p.evaluate("window.__rx.length") if i else 0
                try:
                    did = take_turn(p)
                    if i and did != "wait":  # a friend looks again after the host's answer to its move
                        p.wait_for_function(f"() => {answered_js(heard)}", timeout=10_000)
                except PlaywrightError:  # the table changed under the click: look again
                    continue
                if did != "wait":
                    moves[i] += 1
                    acted = True
        hs = states[0]
        if hs["over"] and not hs["matchOver"]:
            host.click("#next")
            acted = True
        if not acted:
            pages[0].wait_for_timeout(30)
    raise AssertionError("the match did not end")


def received(guest: Page) -> list[tuple[int, dict[str, Any]]]:
    out = []
    for at, text in guest.evaluate("window.__rx"):
        out.append((at, json.loads(text)))
    return out


def cards_in(obj: Any) -> set[str]:
    found: set[str] = set()
    if isinstance(obj, str):
        base = obj.rstrip("!").split(":")[0].split("=")[0]
        if CARD.match(base):
            found.add(base)
        for part in obj.rstrip("!").split("="):
            p = part.split(":")[0]
            if CARD.match(p):
                found.add(p)
    elif isinstance(obj, dict):
        for v in obj.values():
            found |= cards_in(v)
    elif isinstance(obj, list):
        for v in obj:
            found |= cards_in(v)
    return found


def check_no_leak(messages: list[tuple[int, dict[str, Any]]], seat: int) -> int:
    """Every card a guest was ever sent is one it may know: its own hand, the discard
    pile, a card told in the public log, its own draws, or a hand revealed at its end."""
    views = 0
    for _, msg in messages:
        assert msg.get("v") == 1
        if msg.get("t") != "view":
            assert not cards_in(msg) or msg.get("t") in ("error",), msg
            continue
        st = msg["state"]
        views += 1
        assert st["seat"] == seat
        assert "draw" not in st and "seed" not in st and "deck" not in st
        assert isinstance(st["draw_count"], int)
        allowed = set(st["hand"]) | set(st["discard"]) | {st["top"]}
        for ev in st["log"]:
            if ev.get("type") == "draw":
                assert ev["seat"] == seat or "cards" not in ev, ev
            allowed |= cards_in(ev)
        if st.get("over"):
            for h in st.get("hands") or []:
                allowed |= set(h)
        else:
            assert "hands" not in st
        if st.get("wild"):
            allowed.add(st["wild"])
        leaked = cards_in(st) - allowed
        assert not leaked, (leaked, st)
    return views


@pytest.mark.browser
def test_host_and_two_friends_play_a_whole_match(
    browser: Browser, contexts: list[BrowserContext], server_url: str
) -> None:
    query = "players=4&levels=friend,medium,friend&seed=7&delay=0&lang=en&hands=2"
    host = host_page(browser, contexts, server_url, query)
    guest = join(browser, contexts, host, 1, "Zoë <b>")
    expect(host.locator("#start-online")).to_be_disabled()  # seat 3 is not in yet
    other = join(browser, contexts, host, 3, "Ugo")
    expect(host.locator("#start-online")).to_be_enabled()
    host.click("#start-online")
    expect(host.locator("#table")).to_be_visible()
    guest.wait_for_function("document.querySelector('#table').dataset.connected === 'true'", timeout=30_000)
    expect(guest.locator("#table")).to_have_attribute("data-seat", "1")
    # the friend's name arrived as text, on both pages
    expect(host.locator('#opponents .seat[data-seat="1"] .seat-name')).to_have_text("Zoë <b>")
    expect(guest.locator("#me-name")).to_have_text("Zoë <b>")
    expect(other.locator("#table")).to_have_attribute("data-seat", "3")
    moves = play_match([host, guest, other], host)
    assert moves["0"] > 0 and moves["1"] > 0 and moves["2"] > 0
    for friend, seat in ((guest, 1), (other, 3)):
        expect(friend.locator("#table")).to_have_attribute("data-match-over", "true")
        views = check_no_leak(received(friend), seat)
        assert views > 20


@pytest.mark.browser
def test_guest_move_reaches_the_host_and_back_fast(
    browser: Browser, contexts: list[BrowserContext], server_url: str
) -> None:
    """Latency on loopback: a move on the host appears on the guest's table (≤ 100 ms)."""
    host = host_page(browser, contexts, server_url, "players=2&levels=friend&seed=11&delay=0&lang=en&hands=3")
    guest = join(browser, contexts, host, 1, "Ugo")
    host.click("#start-online")
    guest.wait_for_function("document.querySelector('#table').dataset.connected === 'true'", timeout=30_000)
    lags: list[float] = []
    for _ in range(200):
        h = table(host)
        if h["matchOver"] or len(lags) >= 8:
            break
        if h["over"]:
            host.click("#next")
            continue
        if h["turn"] == "0":
            moves_before = guest.evaluate("window.__rx.length")
            if host.evaluate("document.querySelector('#chooser').open"):
                host.click("#chooser-options button >> nth=0")
                continue
            sent = host.evaluate(
                """() => {
                  const sel = '#hand button[data-card]:not([aria-disabled="true"])';
                  const plain = [...document.querySelectorAll(sel)]
                    .filter(x => !x.dataset.card.startsWith('J'));  // no suit chooser in between
                  const b = plain[0]
                    || document.querySelector('#pass:not([disabled])')
                    || document.querySelector('#draw:not([disabled])');
                  if (!b || document.querySelector('#chooser').open) return null;
                  const t = Date.now(); b.click(); return t;
                }"""
            )
            if sent is None:
                host.wait_for_timeout(20)
                continue
            view_js = f"window.__rx.slice({moves_before}).find(m => JSON.parse(m[1]).t === 'view')"
            guest.wait_for_function(f"() => !!({view_js})", timeout=5_000)
            shown = guest.evaluate(f"() => ({view_js})[0]")
            lags.append(float(shown - sent))
            host.wait_for_timeout(50)
            for _ in range(5):  # close any suit chooser the click opened
                if host.evaluate("document.querySelector('#chooser').open"):
                    host.click("#chooser-options button >> nth=0")
        elif h["turn"] == "1" and table(guest)["turn"] == "1":
            heard = guest.evaluate("window.__rx.length")
            if take_turn(guest) != "wait":  # the host's answer before the guest's next look
                guest.wait_for_function(f"() => {answered_js(heard)}", timeout=10_000)
        else:
            host.wait_for_timeout(20)
    assert len(lags) >= 3, lags
    median = statistics.median(lags)
    print(f"host move → guest receives: median {median:.1f} ms, max {max(lags):.1f} ms over {len(lags)}")
    assert median <= 100, lags


@pytest.mark.browser
def test_a_friend_drops_a_bot_stands_in_and_the_friend_rejoins(
    browser: Browser, contexts: list[BrowserContext], server_url: str
) -> None:
    host = new_page(browser, contexts)
    # remembered choices: a short grace before the stand-in bot plays (the setting)
    host.goto(f"{server_url}/index.html")
    wait_ready(host)
    host.evaluate(
        """() => localStorage.setItem('dernier.prefs.v1',
                                      JSON.stringify({grace: 5, standin: 'easy', lang: 'en'}))"""
    )
    host.goto(f"{server_url}/index.html?players=2&levels=friend&seed=5&delay=0&lang=en&hands=3")
    wait_ready(host)
    guest = join(browser, contexts, host, 1, "Vera")
    host.click("#start-online")
    guest.wait_for_function("document.querySelector('#table').dataset.connected === 'true'", timeout=30_000)
    guest.context.close()  # the friend's device goes away without a word
    contexts.remove(guest.context)
    seat = host.locator('#opponents .seat[data-seat="1"]')
    expect(seat).to_have_attribute("data-presence", "away", timeout=20_000)
    expect(seat).to_have_attribute("data-presence", "standin", timeout=20_000)
    # the stand-in plays for seat 1 (its friend made no move before dropping)
    moved = False
    for _ in range(400):
        lines = host.locator("#log li").all_inner_texts()
        if any(re.search(r"\bVera (plays|draws|passes)", line) for line in lines):
            moved = True
            break
        h = table(host)
        if h["turn"] == "0" and not h["over"]:
            take_turn(host)
        if h["over"] or h["matchOver"]:
            break
        host.wait_for_timeout(50)
    assert moved, "the stand-in bot did not play for the friend who dropped"
    # the friend comes back through a fresh invitation for the same seat
    if host.evaluate("document.querySelector('#summary').open"):
        host.click("#summary-peek")
    host.click("#friends-button")
    host.click('[data-fresh-for="1"]')
    back = join(browser, contexts, host, 1, "Vera")
    expect(seat).to_have_attribute("data-presence", "connected", timeout=20_000)
    back.wait_for_function("document.querySelector('#table').dataset.connected === 'true'", timeout=30_000)
    expect(back.locator("#table")).to_have_attribute("data-seat", "1")


@pytest.mark.browser
def test_room_code_through_a_local_signalling_server(
    browser: Browser, contexts: list[BrowserContext], server_url: str, peer_server: dict[str, Any]
) -> None:
    """The opt-in room code: the friend joins from the link alone (no reply code), through
    the PeerJS server started for this test on 127.0.0.1, and they play a whole match."""
    host = host_page(
        browser, contexts, server_url, "players=3&levels=friend,easy&seed=3&delay=0&lang=en&hands=1"
    )
    host.click("#room-panel summary")
    host.fill("#room-server", f"http://127.0.0.1:{peer_server['port']}/")
    host.click("#room-open")
    host.wait_for_function("!!document.body.dataset.room", timeout=30_000)
    sel = '[data-invite-seat="1"]'
    host.wait_for_function(
        f"() => (document.querySelector('{sel}')?.getAttribute('data-invite') || '').includes('#room=')",
        timeout=30_000,
    )
    url = host.locator(sel).get_attribute("data-invite")
    assert url and "#room=" in url
    expect(host.locator('textarea[data-reply-for="1"]')).to_be_hidden()  # no reply code needed
    # the host changes its connection settings: the links shown carry them, and it says so
    host.click("#lobby details.net-settings summary")
    host.fill("#ice-servers", "stun:127.0.0.1:3478")
    host.dispatch_event("#ice-servers", "change")
    expect(host.locator("#ice-status")).to_contain_text("Links already sent still work")
    url = host.locator(sel).get_attribute("data-invite")
    assert url and ice_in(url) == [{"urls": "stun:127.0.0.1:3478"}], url
    guest = new_page(browser, contexts, record=True)
    guest.goto(url)
    wait_ready(guest)
    host.wait_for_function(
        "document.querySelector('[data-seat-row=\"1\"]').dataset.presence === 'connected'", timeout=30_000
    )
    host.click("#start-online")
    guest.wait_for_function("document.querySelector('#table').dataset.connected === 'true'", timeout=30_000)
    moves = play_match([host, guest], host)
    assert moves["1"] > 0
    expect(guest.locator("#table")).to_have_attribute("data-match-over", "true")
    assert check_no_leak(received(guest), 1) > 5


@pytest.mark.browser
def test_turn_timer_runs_for_a_friend(
    browser: Browser, contexts: list[BrowserContext], server_url: str
) -> None:
    """RULES §11, the host's choice: a friend who lets the turn timer run out loses the
    match (official rules); the friend's page shows the clock on its turn."""
    host = host_page(browser, contexts, server_url, "players=2&levels=friend&seed=9&delay=0&lang=en&timer=6")
    guest = join(browser, contexts, host, 1, "Tea")
    host.click("#start-online")
    guest.wait_for_function("document.querySelector('#table').dataset.connected === 'true'", timeout=30_000)
    for _ in range(200):  # the host plays until it is the friend's turn
        h = table(host)
        if h["turn"] == "1" or h["over"]:
            break
        if h["turn"] == "0":
            take_turn(host)
        host.wait_for_timeout(50)
    if table(host)["turn"] != "1":
        pytest.skip("the hand ended before the friend's turn")
    expect(guest.locator("#timer")).to_be_visible()
    expect(host.locator("#table")).to_have_attribute("data-match-over", "true", timeout=20_000)
    expect(host.locator("#result")).to_have_attribute("data-tiebreak", "timeout")
    expect(guest.locator("#table")).to_have_attribute("data-match-over", "true", timeout=5_000)
