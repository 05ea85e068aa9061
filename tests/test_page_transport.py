"""web/net/transport.py in real Chromium: two browser contexts (host and guest, no shared
state) on tests/pages/transport.html, linked by the manual exchange of codes and by a room
code through a local PeerJS server (the ``peer_server`` fixture).

Every context here blocks and fails requests off 127.0.0.1 and fails on console errors, like
the ``page`` fixture's network guard. Figures (code lengths, time to open, round trips) are
printed: run with ``-s`` to see them.

* Default flags: Chromium gathers mDNS host candidates (``<uuid>.local``) from the machine's
  interfaces; on a machine whose only interface is loopback it gathers none, and those
  tests skip.
* ``chromium_loopback`` tests launch their own Chromium with
  ``--allow-loopback-in-peer-connection`` and grant camera/microphone (then Chromium shows
  raw IP candidates, 127.0.0.1 included), so they also run on a loopback-only machine.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from browser_support import READY_TIMEOUT_MS, PageLog, is_local_url

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from web.net import signal

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, BrowserType, Page, Route

pytestmark = pytest.mark.browser

HARNESS = "tests/pages/transport.html"
LOOPBACK_FLAG = "--allow-loopback-in-peer-connection"


class Side:
    """One harness page in its own context; `call` runs a window.harness action."""

    def __init__(self, context: BrowserContext, url: str) -> None:
        self.log = PageLog()
        self.log.attach(context)

        def block(route: Route) -> None:
            route.abort("blockedbyclient")

        context.route(lambda u: not is_local_url(u), block)
        self.page: Page = context.new_page()
        self.page.goto(url)
        self.page.wait_for_selector("body[data-ready=true]", state="attached", timeout=READY_TIMEOUT_MS)

    def call(self, action: str, *args: Any) -> dict[str, Any]:
        text = self.page.evaluate("([name, args]) => window.harness[name](...args)", [action, list(args)])
        result: dict[str, Any] = json.loads(text)
        return result

    def must(self, action: str, *args: Any) -> dict[str, Any]:
        result = self.call(action, *args)
        assert result["ok"], (action, result)
        return result


def _pair(browser: Browser, dev_server_url: str, **context_args: Any) -> Iterator[tuple[Side, Side]]:
    contexts = [browser.new_context(**context_args) for _ in range(2)]
    sides = [Side(c, dev_server_url + HARNESS) for c in contexts]
    yield sides[0], sides[1]
    for side in sides:
        side.call("close")
    problems = [line for side in sides for line in side.log.problems()]
    for context in contexts:
        context.close()
    assert not problems, "browser problems:\n  " + "\n  ".join(problems)


@pytest.fixture
def pair(browser: Browser, dev_server_url: str) -> Iterator[tuple[Side, Side]]:
    """Host and guest pages in two contexts of the default browser (default flags)."""
    yield from _pair(browser, dev_server_url)


@pytest.fixture(scope="module")
def loopback_browser(
    browser_type: BrowserType, browser_type_launch_args: dict[str, Any]
) -> Iterator[Browser]:
    args = dict(browser_type_launch_args)
    args["args"] = [*args.get("args", []), LOOPBACK_FLAG]
    browser = browser_type.launch(**args)
    yield browser
    browser.close()


@pytest.fixture
def loopback_pair(loopback_browser: Browser, dev_server_url: str) -> Iterator[tuple[Side, Side]]:
    """Host and guest in a Chromium with LOOPBACK_FLAG and camera/microphone granted."""
    yield from _pair(loopback_browser, dev_server_url, permissions=["camera", "microphone"])


def _figures(label: str, **figures: Any) -> None:
    print(f"\n[transport figures] {label}: " + ", ".join(f"{k}={v}" for k, v in figures.items()))


def _manual_exchange(host: Side, guest: Side, label: str) -> None:
    started = time.monotonic()
    invite = host.must("make_invite")
    if not _candidates(invite["code"]):
        pytest.skip("no ICE candidates with default flags (loopback-only machine?)")
    reply = guest.must("answer", invite["code"])
    accepted = host.must("accept", "Here is my code:\n" + reply["code"] + "\nsee you", 20)
    opened = guest.must("wait_open", 10)
    total_ms = (time.monotonic() - started) * 1000
    assert host.must("status")["is_open"] and guest.must("status")["is_open"]

    assert host.must("send", "hello guest")["sent"]
    assert guest.must("send", "hello host ✓")["sent"]
    trips = host.must("round_trips", 50)["ms"]
    back = guest.must("round_trips", 10)["ms"]
    host.page.wait_for_function("() => true")  # let the last messages land
    assert "hello host ✓" in host.must("status")["received"]
    assert "hello guest" in guest.must("status")["received"]
    assert max(trips) < 1000 and max(back) < 1000
    _figures(
        label,
        offer_code_chars=len(invite["code"]),
        reply_code_chars=len(reply["code"]),
        host_gather_ms=invite["gather_ms"],
        guest_gather_ms=reply["gather_ms"],
        accept_to_open_ms=round(accepted["open_ms"], 1),
        guest_open_wait_ms=round(opened["open_ms"], 1),
        invite_to_open_ms=round(total_ms),
        round_trip_median_ms=round(statistics.median(trips), 2),
        round_trip_max_ms=round(max(trips), 2),
    )


def _candidates(offer_code: str) -> int:
    return len(signal.decode(offer_code).candidates)


def test_manual_exchange_links_two_contexts(pair: tuple[Side, Side]) -> None:
    host, guest = pair
    _manual_exchange(host, guest, "manual, default flags")


@pytest.mark.chromium_loopback
def test_manual_exchange_over_loopback(loopback_pair: tuple[Side, Side]) -> None:
    host, guest = loopback_pair
    _manual_exchange(host, guest, "manual, loopback flag")


def test_manual_errors_are_reasons_not_crashes(pair: tuple[Side, Side]) -> None:
    host, guest = pair
    bad = guest.call("answer", "not-a-code")
    assert (bad["ok"], bad["reason"]) == (False, "bad code")
    invite = host.must("make_invite")
    # the invitation's own offer is not a reply
    assert guest.call("answer", invite["code"][:-3])["reason"] == "bad code"
    for text in ("", "hello", "R1.abc.def.ghij", invite["code"]):
        result = host.call("accept", text, 5)
        assert (result["ok"], result["reason"]) == (False, "bad code"), text
    # the same invitation still takes a good reply after bad ones
    reply = guest.must("answer", invite["code"])
    host.must("accept", reply["code"], 20)
    guest.must("wait_open", 10)
    spent = host.call("accept", reply["code"], 5)
    assert (spent["ok"], spent["reason"]) == (False, "spent")


def test_a_reply_to_another_invitation_is_refused_and_spends_nothing(pair: tuple[Side, Side]) -> None:
    """Issue 33: a reply names its invitation; one to a replaced invitation is refused with
    reason "other invitation" before the browser sees it (the browser would take any
    answer, then fail to connect and spend the invitation), and the current invitation
    then takes its own reply; so does a reply code that names none (an older page's)."""
    host, guest = pair
    first = host.must("make_invite")
    if not _candidates(first["code"]):
        pytest.skip("no ICE candidates with default flags (loopback-only machine?)")
    old = guest.must("answer", first["code"])
    assert signal.read_reply(old["code"]).invitation == signal.offer_id(first["code"])
    current = host.must("make_invite")  # the host replaces the invitation
    refused = host.call("accept", old["code"], 20)
    assert (refused["ok"], refused["reason"]) == (False, "other invitation"), refused
    reply = signal.read_reply(guest.must("answer", current["code"])["code"])
    assert reply.invitation == signal.offer_id(current["code"])
    host.must("accept", signal.reply_code(reply.answer_code, reply.made_at_ms), 20)  # an R1 code
    guest.must("wait_open", 10)


def test_a_closed_link_is_seen_by_the_peer(pair: tuple[Side, Side]) -> None:
    host, guest = pair
    invite = host.must("make_invite")
    if not _candidates(invite["code"]):
        pytest.skip("no ICE candidates with default flags (loopback-only machine?)")
    reply = guest.must("answer", invite["code"])
    host.must("accept", reply["code"], 20)
    guest.must("wait_open", 10)
    guest.must("close")
    assert guest.must("status")["closed"] == ["closed here"]
    deadline = time.monotonic() + 10
    while not (status := host.must("status"))["closed"] and time.monotonic() < deadline:
        time.sleep(0.05)
    assert status["closed"] and not status["is_open"], status
    assert not host.must("send", "anyone?")["sent"]


def test_reply_unanswered_for_a_while_still_connects(pair: tuple[Side, Side]) -> None:
    """A passive reply accepted 20 s after it was made (longer waits: see the README)."""
    host, guest = pair
    invite = host.must("make_invite")
    if not _candidates(invite["code"]):
        pytest.skip("no ICE candidates with default flags (loopback-only machine?)")
    reply = guest.must("answer", invite["code"])
    time.sleep(20)
    host.must("accept", reply["code"], 20)
    guest.must("wait_open", 10)
    assert len(host.must("round_trips", 3)["ms"]) == 3


def _room(host: Side, guest: Side, server: dict[str, Any], label: str) -> None:
    spec = json.dumps(server)
    assert not host.must("status")["peerjs"]  # PeerJS is loaded only for a room
    started = time.monotonic()
    assert host.must("room_host", spec, "ab 12")["room"] == "AB12"
    hosted_ms = (time.monotonic() - started) * 1000
    assert host.must("status")["peerjs"]
    taken = guest.call("room_host", spec, "AB12")
    assert (taken["ok"], taken["reason"]) == (False, "taken")
    missing = guest.call("room_connect", spec, "NOPE99")
    assert (missing["ok"], missing["reason"]) == (False, "no room"), missing
    started = time.monotonic()
    joined = guest.must("room_connect", spec, "ab12")
    host.must("room_next", 10)
    join_ms = (time.monotonic() - started) * 1000
    trips = guest.must("round_trips", 50)["ms"]
    host.must("round_trips", 5)
    assert guest.must("send", "hi from the guest")["sent"]
    host.page.wait_for_function("() => true")
    assert "hi from the guest" in host.must("status")["received"]
    _figures(
        label,
        room_open_ms=round(hosted_ms),
        guest_connect_ms=round(joined["open_ms"], 1),
        join_to_both_open_ms=round(join_ms),
        round_trip_median_ms=round(statistics.median(trips), 2),
    )


def test_room_code_through_local_peerjs(pair: tuple[Side, Side], peer_server: dict[str, Any]) -> None:
    host, guest = pair
    _room(host, guest, peer_server, "room code, default flags")


@pytest.mark.chromium_loopback
def test_room_code_over_loopback(loopback_pair: tuple[Side, Side], peer_server: dict[str, Any]) -> None:
    host, guest = loopback_pair
    _room(host, guest, peer_server, "room code, loopback flag")
