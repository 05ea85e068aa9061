"""Friends in two homes (issue 25), in the network lab of tests/netlab.py: two home routers
doing NAT, the lab's "internet" with coturn (STUN, TURN), a PeerJS server on 443 with TLS
and a DNS that answers the names of the page's defaults (``web.roomlink.CLOUD_SERVER``,
``DEFAULT_ICE``) with them, so the defaults themselves are tested. Each home runs its own
Chromium inside its namespace and serves the site on its own 127.0.0.1.

Needs root and network namespaces (skipped otherwise, failed in CI). One lab and one
Chromium per home for this file (per test worker: tests/netlab.py names the namespaces
after it); the figures (times to connect, the path the data took) are printed (``-s``)
and recorded in docs/FRIENDS.md.

No fixed sleeps but the deliberate ones (a link sent a minute before it is opened, a line
cut for a while): every wait polls until what it waits for happens, with a deadline made
of what it waits for times :func:`slack`, which stretches with how slow the machine is
during this run (the first page load against an idle machine's); the limits the issue
sets (a host that vanishes noticed within 15 s) are not stretched.
"""

from __future__ import annotations

import itertools
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import netlab
import pytest
from browser_support import CHROMIUM_ARGS, PCS_JS, READY_TIMEOUT_MS, PageLog, in_ci
from conftest import RETURNING_PLAYER
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, expect
from test_page_support import take_turn

pytestmark = [pytest.mark.lab, pytest.mark.browser]

QUERY = "index.html?players=2&levels=friend&seed=3&delay=0&lang=en&hands=3"
CLOUD_WSS = "wss://0.peerjs.com"

PATHS_JS = """async () => {
  const out = [];
  for (const pc of window.__pcs) {
    if (pc.connectionState !== 'connected') continue;
    const st = await pc.getStats();
    let pair = null;
    st.forEach(r => {
      if (r.type === 'transport' && r.selectedCandidatePairId) pair = st.get(r.selectedCandidatePairId);
    });
    if (pair) {
      out.push([st.get(pair.localCandidateId).candidateType, st.get(pair.remoteCandidateId).candidateType]);
    }
  }
  return out;
}"""

PRESENCE_JS = 's => document.querySelector(`[data-seat-row="${s}"]`)?.dataset.presence'
FIGURES: list[str] = []
#: seconds the lab's first page load takes on an idle machine (Python and the game loaded)
IDLE_LOAD_S = 5.0
#: how many times slower than that this run's first page load was (1 ..= 6; none yet: 1)
PACE: list[float] = []


def slack(seconds: float) -> float:
    """A deadline in milliseconds for something that takes about ``seconds`` on an idle
    machine, with a margin (×2) and stretched by this run's pace."""
    return seconds * 2 * pace() * 1000


def pace() -> float:
    return PACE[0] if PACE else 1.0


def wait_true(page: Page, js: str, seconds: float, arg: Any = None) -> float:
    """Poll ``js`` on ``page`` until it is true (deadline :func:`slack` of ``seconds``);
    returns the seconds it took."""
    start = time.monotonic()
    page.wait_for_function(js, arg=arg, timeout=slack(seconds), polling=100)
    return time.monotonic() - start


def figure(text: str) -> None:
    FIGURES.append(text)
    print("lab:", text)


@pytest.fixture(scope="module")
def lab() -> Iterator[netlab.Lab]:
    """The lab, for this file's tests only: torn down when they are done, so the servers
    and the homes' browsers do not share the machine with the tests that come after."""
    why = netlab.problem()
    if why:
        if in_ci():
            pytest.fail(f"the network lab cannot run: {why} (CI=true)", pytrace=False)
        pytest.skip(f"the network lab cannot run: {why}")
    made = netlab.Lab()
    made.build()
    try:
        yield made
    finally:
        made.close()
        if FIGURES:
            print("\nlab figures:\n  " + "\n  ".join(FIGURES))


@dataclass
class Home:
    name: str
    browser: Browser


@pytest.fixture(scope="module")
def homes(lab: netlab.Lab, playwright: Playwright) -> Iterator[dict[str, Home]]:
    """One Chromium per home, run inside that home's namespace."""
    made: dict[str, Home] = {}
    try:
        for home in (netlab.HA, netlab.HB):
            browser = playwright.chromium.launch(
                executable_path=lab.chromium(home), args=[*CHROMIUM_ARGS, "--ignore-certificate-errors"]
            )
            made[home] = Home(home, browser)
        yield made
    finally:
        for h in made.values():
            h.browser.close()


class Pages:
    """The test's pages, each in its own context with a log; at the end nothing but the
    lab's signalling server may have been reached off the page's origin, and no page
    logged an error."""

    def __init__(self, lab: netlab.Lab) -> None:
        self.lab = lab
        self.contexts: list[BrowserContext] = []
        self.logs: list[tuple[PageLog, bool]] = []

    def open(self, home: Home, url: str, cloud: bool = True) -> Page:
        ctx = home.browser.new_context()
        ctx.set_default_timeout(slack(10))
        ctx.add_init_script(PCS_JS)
        ctx.add_init_script(RETURNING_PLAYER)  # every game's first-time help seen (a returning player)
        log = PageLog()
        log.attach(ctx)
        self.logs.append((log, cloud))
        self.contexts.append(ctx)
        page = ctx.new_page()
        start = time.monotonic()
        page.goto(url, timeout=READY_TIMEOUT_MS)
        page.wait_for_function("document.body.dataset.ready === 'true'", timeout=READY_TIMEOUT_MS)
        if not PACE:  # the session's first page sets the pace
            took = time.monotonic() - start
            PACE.append(min(6.0, max(1.0, took / IDLE_LOAD_S)))
            figure(f"pace: the first page load took {took:.1f} s (waits ×{PACE[0]:.1f})")
        return page

    def close(self) -> None:
        for ctx in self.contexts:
            ctx.close()
        problems = []
        for log, cloud in self.logs:
            allowed = [CLOUD_WSS] if cloud else []
            problems += [
                f"off the origin: {u}" for u in log.off_host if not any(u.startswith(a) for a in allowed)
            ]
            problems += [p for p in log.problems() if not p.startswith("request off")]
        assert not problems, problems


@pytest.fixture(autouse=True)
def lines_up(lab: netlab.Lab) -> Iterator[None]:
    """Every test ends with both homes' lines up behind cone NATs."""
    yield
    for router in (netlab.RA, netlab.RB):
        if lab.nat.get(router) != "cone":
            lab.set_nat(router, "cone")


@dataclass
class Table:
    """A host in home A and a friend in home B at one table through the room."""

    host: Page
    guest: Page
    total_s: float  # from opening the link to the host seeing the friend, page load included
    after_ready_s: float  # … from the friend's page being up


@pytest.fixture(scope="module")
def cone_table(lab: netlab.Lab, homes: dict[str, Home]) -> Iterator[Table]:
    """The table of the first case (one link between cone routers, opened 60 s after it
    was sent), kept for the drop and host cases (a page load is the slow part here)."""
    shared = Pages(lab)
    try:
        host = shared.open(homes[netlab.HA], lab.site() + QUERY)
        url = open_room(host)
        host.wait_for_timeout(60_000)  # the link travels through a messenger
        guest, total, after_ready = join_by_link(homes, shared, host, url)
        start(host, guest)
        yield Table(host, guest, total, after_ready)
    finally:
        for router in (netlab.RA, netlab.RB):
            lab.set_nat(router, "cone")
        shared.close()


def presence(host: Page, seat: int = 1) -> Any:
    return host.evaluate(PRESENCE_JS, seat)


def wait_presence(host: Page, value: str, seconds: float, seat: int = 1) -> float:
    """Seconds until the host's lobby shows the seat ``value`` (deadline: :func:`slack` of
    ``seconds``)."""
    return wait_true(host, f"s => ({PRESENCE_JS})(s) === {value!r}", seconds, arg=seat)


def wait_seat(host: Page, value: str, seconds: float, seat: int = 1) -> float:
    """Seconds until the host's table shows the seat ``value`` (away, connected …)."""
    js = (
        f's => document.querySelector(`#opponents .seat[data-seat="${{s}}"]`)?.dataset.presence === {value!r}'
    )
    return wait_true(host, js, seconds, arg=seat)


def wait_at_table(guest: Page, seconds: float) -> float:
    return wait_true(guest, "document.querySelector('#table').dataset.connected === 'true'", seconds)


def open_room(host: Page) -> str:
    host.click("#room-cloud")
    sel = '[data-invite-seat="1"]'
    wait_true(
        host, f"(document.querySelector('{sel}')?.getAttribute('data-invite') || '').includes('#room=')", 5
    )
    url = host.locator(sel).get_attribute("data-invite")
    assert url and "#room=" in url and "&ice=" in url, url
    return url


def paths(page: Page) -> list[list[str]]:
    result: list[list[str]] = page.evaluate(PATHS_JS)
    return result


def join_by_link(homes: dict[str, Home], pages: Pages, host: Page, url: str) -> tuple[Page, float, float]:
    """The friend in home B opens the link: (page, s from opening to the host seeing
    them, s from the friend's page being ready to that)."""
    opened = time.monotonic()
    guest = pages.open(homes[netlab.HB], url)
    ready = time.monotonic()
    wait_presence(host, "connected", 5)
    now = time.monotonic()
    return guest, now - opened, now - ready


def start(host: Page, guest: Page) -> None:
    wait_true(
        guest,
        "(document.querySelector('#join-status')?.textContent || '').includes('waiting for the host')",
        2,
    )
    host.click("#start-online")
    wait_at_table(guest, 3)
    expect(guest.locator("#table")).to_have_attribute("data-seat", "1")


class Tries:
    """When the friend's page opened a WebSocket to the signalling server: one per try to
    reach the room (each try is a fresh PeerJS peer)."""

    def __init__(self, guest: Page) -> None:
        self.at: list[float] = []
        guest.on(
            "websocket", lambda ws: self.at.append(time.monotonic()) if CLOUD_WSS[6:] in ws.url else None
        )

    def wait(self, n: int, seconds: float, page: Page) -> None:
        deadline = time.monotonic() + slack(seconds) / 1000
        while len(self.at) < n:
            assert time.monotonic() < deadline, f"{len(self.at)} tries in {slack(seconds) / 1000:.0f} s"
            page.wait_for_timeout(100)


def test_one_link_between_two_cone_routers_opened_60_s_later(lab: netlab.Lab, cone_table: Table) -> None:
    """The host clicks once; the friend in another home opens the link a minute later and
    sits down with nothing to type; the data goes straight between the homes (STUN)."""
    host, guest = cone_table.host, cone_table.guest
    figure(
        f"cone/cone, link opened 60 s later: at the table {cone_table.after_ready_s:.1f} s after the page "
        f"was up ({cone_table.total_s:.1f} s from opening the link, page load included)"
    )
    # the browsers may start on the relay and move to the direct path
    deadline = time.monotonic() + slack(5) / 1000
    used = paths(guest)
    while not (used and all("relay" not in pair for pair in used)) and time.monotonic() < deadline:
        guest.wait_for_timeout(250)
        used = paths(guest)
    figure(f"cone/cone path (friend's side): {used}")
    assert used and all("relay" not in pair for pair in used), used
    assert {"0.peerjs.com", "stun.l.google.com"} <= lab.dns_asked()
    # the friend plays: its moves reach the host's engine
    deadline = time.monotonic() + slack(10) / 1000
    while guest.evaluate("document.querySelector('#table').dataset.turn") != "1":
        assert time.monotonic() < deadline, "the friend's turn did not come"
        if host.evaluate("document.querySelector('#table').dataset.turn") == "0":
            take_turn(host)
        host.wait_for_timeout(100)
    lines = host.locator("#log li").count()
    take_turn(guest)
    wait_true(host, "n => document.querySelectorAll('#log li').length > n", 2, arg=lines)


def test_drop_and_rejoin_between_homes(lab: netlab.Lab, cone_table: Table) -> None:
    """The friend's line is cut for a while: the host sees the seat away; when the line is
    back the friend's page comes back by itself within seconds."""
    host, guest = cone_table.host, cone_table.guest
    lab.set_nat(netlab.RB, "down")
    wait_seat(host, "away", 8)
    guest.wait_for_timeout(3_000)  # the line stays cut a while
    lab.set_nat(netlab.RB, "cone")
    t0 = time.monotonic()
    wait_seat(host, "connected", 10)
    wait_at_table(guest, 3)
    back = time.monotonic() - t0
    figure(f"drop and rejoin: the friend was back {back:.1f} s after the line came back")
    # at worst a try stuck reaching the server (ROOM_TRY_S), the next one and the link (12 s
    # on an idle machine), stretched by this run's pace as every other wait of the lab
    assert back <= 12 * pace(), back


def test_a_host_that_vanishes_and_reloads(lab: netlab.Lab, cone_table: Table) -> None:
    """The host's line goes dead without a word: the friend's page says so within 15 s
    and keeps trying the room, a try every ~5 s (one that the vanished host cannot answer
    is given up after ROOM_ANSWER_S; tries were 8–11 s apart); the host's reload (line
    back) reopens the same room and the friend comes back within one try (a try that
    waited on the server for the room was lost: up to 11 s)."""
    host, guest = cone_table.host, cone_table.guest
    tries = Tries(guest)
    lab.set_nat(netlab.RA, "down")
    t0 = time.monotonic()
    told = (
        "(document.querySelector('#notices')?.textContent || '').includes('connection to the host is lost')"
    )
    guest.wait_for_function(told, timeout=15_000, polling=100)  # the limit: not stretched
    figure(f"host vanished: the friend was told after {time.monotonic() - t0:.1f} s")
    expect(guest.locator("#table")).not_to_have_attribute("data-connected", "true")
    tries.wait(3, 10, guest)
    gaps = [b - a for a, b in itertools.pairwise(tries.at)]
    figure(f"host vanished: the friend's tries {', '.join(f'{g:.1f}' for g in gaps)} s apart")
    # ROOM_ANSWER_S + ROOM_RETRY_S and a margin that grows a little with the load, below
    # the 8–11 s they were
    assert max(gaps) <= min(7.9, 6 + 0.75 * pace()), gaps
    lab.set_nat(netlab.RA, "cone")
    host.reload()
    host.wait_for_function("document.body.dataset.ready === 'true'", timeout=READY_TIMEOUT_MS)
    t0 = time.monotonic()
    wait_true(host, "document.querySelector('#lobby').dataset.room === 'open'", 3)
    t1 = time.monotonic()
    wait_presence(host, "connected", 6)
    now = time.monotonic()
    figure(
        f"host reload: the friend was back {now - t0:.1f} s after the host's page was up "
        f"({now - t1:.1f} s after the room was open again)"
    )
    # at worst a try the old registration swallowed, its answer wait and the next try
    # (it was up to 11 s: a try that waited on the server for the room was lost)
    assert now - t1 <= 6 + pace(), now - t1
    host.click("#start-online")
    wait_at_table(guest, 3)


def test_a_host_that_reloads_while_its_line_is_down(lab: netlab.Lab, cone_table: Table) -> None:
    """The host reloads while its line is still dead: the room cannot be opened, the lobby
    says it keeps trying (it gave up and a click opened a new room, which no friend's link
    names); when the line is back the same room opens and the friend comes back."""
    host, guest = cone_table.host, cone_table.guest
    room = host.evaluate("document.body.dataset.room")
    lab.set_nat(netlab.RA, "down")
    host.reload()
    host.wait_for_function("document.body.dataset.ready === 'true'", timeout=READY_TIMEOUT_MS)
    expect(host.locator("#room-status")).to_contain_text("trying your room again", timeout=slack(10))
    lab.set_nat(netlab.RA, "cone")
    t0 = time.monotonic()
    wait_true(host, "document.querySelector('#lobby').dataset.room === 'open'", 30)
    t1 = time.monotonic()
    assert host.evaluate("document.body.dataset.room") == room
    wait_presence(host, "connected", 6)
    now = time.monotonic()
    figure(
        f"host reloaded with its line down: its room open again {t1 - t0:.1f} s after the line came "
        f"back, the friend back {now - t1:.1f} s after that"
    )
    host.click("#start-online")
    wait_at_table(guest, 3)


def test_symmetric_routers_through_turn(lab: netlab.Lab, cone_table: Table) -> None:
    """Both homes now behind symmetric NATs: STUN cannot help; when the friend's line
    comes back from a cut, its page rejoins through PeerJS's TURN relay (the default
    list's), at the same table."""
    host, guest = cone_table.host, cone_table.guest
    lab.set_nat(netlab.RA, "symmetric")
    lab.set_nat(netlab.RB, "down")
    wait_seat(host, "away", 8)
    lab.set_nat(netlab.RB, "symmetric")
    t0 = time.monotonic()
    wait_seat(host, "connected", 10)
    wait_at_table(guest, 3)
    took = time.monotonic() - t0
    used = paths(guest)
    figure(f"symmetric/symmetric: back at the table {took:.1f} s after the line came back; path {used}")
    assert used and all("relay" in pair for pair in used), used


@pytest.fixture(scope="module")
def manual_host(lab: netlab.Lab, homes: dict[str, Home]) -> Iterator[tuple[Page, Pages]]:
    """A host in home A with two friend seats and the manual exchange (no room, no ICE)."""
    shared = Pages(lab)
    try:
        query = "index.html?players=3&levels=friend,friend&seed=3&delay=0&lang=en&hands=3"
        host = shared.open(homes[netlab.HA], lab.site() + query, cloud=False)
        yield host, shared
    finally:
        shared.close()


def invite_of(host: Page, seat: int, holding: str) -> str:
    sel = f'[data-invite-seat="{seat}"]'
    wait_true(
        host, f"(document.querySelector('{sel}')?.getAttribute('data-invite') || '').includes({holding!r})", 5
    )
    return host.locator(sel).get_attribute("data-invite") or ""


def reply_of(guest: Page, other_than: str = "") -> str:
    guest.wait_for_function(
        "r => (document.querySelector('#reply')?.dataset.reply || '').length > 20"
        " && document.querySelector('#reply').dataset.reply !== r",
        arg=other_than,
        timeout=slack(5),
    )
    return guest.locator("#reply").get_attribute("data-reply") or ""


def paste(host: Page, seat: int, reply: str) -> float:
    host.fill(f'textarea[data-reply-for="{seat}"]', reply)
    t0 = time.monotonic()
    host.click(f'button[data-accept-for="{seat}"]')
    return t0


def test_manual_exchange_on_one_network(
    lab: netlab.Lab, homes: dict[str, Home], manual_host: tuple[Page, Pages]
) -> None:
    """Two devices in one home, the manual invitation and reply: nothing leaves the page's
    origin (no STUN, no signalling server), and the reply is still good 20 s later."""
    host, shared = manual_host
    url = invite_of(host, 1, "#join=")
    assert "&ice=" not in url
    guest = shared.open(homes[netlab.HA], url, cloud=False)
    reply = reply_of(guest)
    expect(guest.locator("#reply-expiry")).to_contain_text(re.compile(r"good for (2\d\d|300) s"))  # minutes
    expect(guest.locator("#join-status")).to_contain_text("from another home, ask")  # and where it fails
    guest.wait_for_timeout(20_000)  # longer than a reply lasts across routers
    t0 = paste(host, 1, reply)
    wait_presence(host, "connected", 3)
    figure(
        f"manual exchange on one network, reply pasted 20 s later: linked in {time.monotonic() - t0:.2f} s"
    )


def test_manual_exchange_between_homes_tells_the_truth(
    lab: netlab.Lab, homes: dict[str, Home], manual_host: tuple[Page, Pages]
) -> None:
    """The host types a STUN server: the invitation not yet used is made again and carries
    it. Between two homes a reply that waited too long stops working after ~15 s, and both
    pages say so with the next step (the host at once has a fresh invitation); a fresh
    reply pasted at once connects."""
    host, shared = manual_host
    host.click("#lobby details.net-settings summary")
    host.fill("#ice-servers", "stun:stun.l.google.com:19302")
    host.dispatch_event("#ice-servers", "change")
    expect(host.locator("#ice-status")).to_contain_text("made again", timeout=slack(2))
    url = invite_of(host, 2, "&ice=")
    guest = shared.open(homes[netlab.HB], url, cloud=False)
    expect(guest.locator("#join-ice")).to_have_value("stun:stun.l.google.com:19302")  # shown, not typed
    reply = reply_of(guest)
    expect(guest.locator("#join-status")).to_contain_text("about 15 s")
    t0 = time.monotonic()
    expect(guest.locator("#reply-expiry")).to_have_text("This reply code no longer works.", timeout=slack(20))
    figure(
        f"manual between homes: the friend's reply stopped working {time.monotonic() - t0:.0f} s after shown"
    )
    expect(guest.locator("#reply-fresh")).to_be_visible()
    paste(host, 2, reply)
    status = host.locator('[data-seat-row="2"] .lobby-status')
    expect(status).to_contain_text("one link for friends in other homes", timeout=slack(20))
    now = "(document.querySelector('[data-invite-seat=\"2\"]').getAttribute('data-invite') || '')"
    wait_true(host, f"u => {now} !== u && {now}.includes('&ice=')", 5, arg=url)
    fresh = host.locator('[data-invite-seat="2"]').get_attribute("data-invite") or ""
    guest.evaluate("u => { location.href = u; }", fresh)  # the friend opens the fresh link
    t0 = paste(host, 2, reply_of(guest, reply))
    wait_presence(host, "connected", 3, seat=2)
    took = time.monotonic() - t0
    figure(f"manual between homes (STUN from the invitation), reply pasted at once: {took:.2f} s")
