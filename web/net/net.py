"""Playing with friends in the page: the host's lobby and invitations, and a friend's page.

Browser only (imports ``pyscript``), like :mod:`web.ui`. The rules of the exchange live in
plain Python elsewhere: :mod:`web.protocol` (messages, the host's referee hub, the guest's
client), :mod:`web.signal` (connection codes, invitation URLs, reply codes) and
:mod:`web.transport` (WebRTC data channels, PeerJS rooms).

* :class:`HostNet` — on the page that starts a match with ``friend`` seats: one invitation
  per friend seat (``[data-invite-seat]`` with the URL in ``data-invite``, a copy button,
  a QR code, ``textarea[data-reply-for]`` and ``button[data-accept-for]``), the lobby
  (``#start-online``), the friends' panel during the match (re-invite, let a bot play), and
  the hub's heartbeat.
* :class:`GuestNet` — on a page opened from an invitation (``#join=…`` in the URL
  fragment): makes the reply code (``#reply[data-reply]``), then draws the table from the
  views the host sends; moves go to the host, whose engine decides.

Everything that arrives from the network is shown through ``textContent`` only.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
import traceback
from typing import TYPE_CHECKING, Any

from pyscript import document, window

from web.net import roomlink, signal
from web.net.protocol import GuestClient, HostHub
from web.shell.dom import by_id, make, random_bytes
from web.shell.i18n import seat_note, t
from web.shell.params import game_of, game_query

if TYPE_CHECKING:
    from web.shell.page import Page

#: seconds the host waits for a pasted reply's link to open
ACCEPT_TIMEOUT_S = 15.0
#: how long a guest's reply code is shown as good on one network (measured: a passive reply
#: still opens minutes later there)
REPLY_GOOD_S = 300
#: … and across routers (an invitation with STUN or TURN addresses): the friend's browser
#: gives up its connection checks ~15 s after making the reply (measured in the lab,
#: tests/test_lab_friends.py), so the code is good only that long
REPLY_GOOD_ROUTED_S = 15
#: the guest considers the host gone after this long without a message (the host pings
#: every 2 s)
HOST_SILENT_S = 7.0
#: a friend's page tries the room again this soon after losing the host (or a failed try),
#: for the first ROOM_QUICK_FOR_S: a host's reload reopens the same room within seconds
ROOM_RETRY_S = 1.0
ROOM_QUICK_FOR_S = 120.0
#: … and gives one try ROOM_ANSWER_S to be answered by the table (the lab's tables answer
#: in 0.1–0.3 s; an offer the server handed to a host that vanished is never answered; a
#: device slow to reach the server waits longer: transport.ANSWER_PER_OPEN) and
#: ROOM_TRY_S in all; after ROOM_QUICK_FOR_S it waits longer between tries, up to
#: ROOM_RETRY_MAX_S (a host who closed the table may come back)
ROOM_ANSWER_S = 4.0
ROOM_TRY_S = 8.0
ROOM_RETRY_MAX_S = 8.0
ROOM_RETRY_FOR_S = 3600.0
ICE_KEY = "dernier.ice.v1"
ROOM_SERVER_KEY = "dernier.roomserver.v1"
#: the host's open room, so that a reload opens the same one: {"room", "server", "token"}
ROOM_SAVE_KEY = "dernier.room.v1"
GUEST_KEY = "dernier.guest.v1"
#: a reloaded host's room id may still be held on the server for a moment
ROOM_TAKEN_TRIES = 8
#: a reloaded host whose signalling server cannot be reached tries its room again this
#: often, this many times (its friends' links name that room: a new one would strand them)
ROOM_REOPEN_S = 3.0
ROOM_REOPEN_TRIES = 200


_TASKS: set[Any] = set()


def spawn(coro: Any) -> Any:
    """Run ``coro`` on the page's event loop, keeping a reference until it ends."""
    task = asyncio.ensure_future(coro)
    _TASKS.add(task)
    task.add_done_callback(_TASKS.discard)
    return task


def random_token() -> str:
    """A secret seat token from ``crypto.getRandomValues`` (base64url, 24 characters)."""
    return signal.token_from_bytes(random_bytes(18))


def ice_servers() -> list[dict[str, Any]]:
    """The ICE servers setting (STUN, optional TURN): ``localStorage["dernier.ice.v1"]``,
    a JSON list of RTCIceServer objects; empty by default (no request leaves the origin)."""
    try:
        text = window.localStorage.getItem(ICE_KEY)
    except Exception:
        return []
    if not isinstance(text, str) or not text:
        return []
    try:
        data = json.loads(text)
    except ValueError:
        return []
    out: list[dict[str, Any]] = []
    if isinstance(data, list):
        for s in data[:8]:
            if isinstance(s, dict) and isinstance(s.get("urls"), str | list):
                out.append({k: v for k, v in s.items() if k in ("urls", "username", "credential")})
    return out


def room_ice() -> list[dict[str, Any]]:
    """The ICE servers of a room: the host's setting, or the defaults for play between
    homes (public STUN and TURN, :data:`web.roomlink.DEFAULT_ICE`)."""
    return ice_servers() or [dict(s) for s in roomlink.DEFAULT_ICE]


def offer_is_routed(code: str) -> bool:
    """True when a connection code holds a STUN or TURN address (play across routers)."""
    try:
        return any(c.type != "host" for c in signal.decode(code).candidates)
    except signal.SignalError:
        return False


def save_ice(text: str) -> tuple[bool, str]:
    """The ICE servers setting from its text (web.roomlink.parse_ice): (saved, message key
    or reason)."""
    from web.net.roomlink import RoomLinkError, parse_ice

    try:
        servers = parse_ice(text)
    except RoomLinkError as e:
        return False, str(e)
    try:
        if servers:
            window.localStorage.setItem(ICE_KEY, json.dumps(servers))
        else:
            window.localStorage.removeItem(ICE_KEY)
    except Exception:
        return False, "storage"
    return True, str(len(servers))


def base_url() -> str:
    """The page's address for invitations: with ``?game=`` for any game but Dernier."""
    loc = window.location
    return str(loc.origin) + str(loc.pathname) + game_query(game_of(str(loc.search or "")))


async def copy_text(text: str, button: Any = None, field: Any = None, lang: str = "en") -> bool:
    """Copy ``text`` to the clipboard; the button says "Copied" for a moment (or, when the
    browser refuses, the field's text is selected and the button says to copy it)."""
    ok = False
    try:
        await window.navigator.clipboard.writeText(text)
        ok = True
    except Exception:
        if field is not None:
            with contextlib.suppress(Exception):
                field.focus()
                field.select()
    if button is not None:
        button.textContent = t(lang, "copied" if ok else "copy_select")
        button.dataset.copied = "true" if ok else "false"

        async def back() -> None:
            await asyncio.sleep(2.0)
            button.textContent = t(lang, "copy")
            button.removeAttribute("data-copied")

        spawn(back())
    return ok


def qr_into(box: Any, text: str) -> None:
    """A QR code of ``text`` (web.qr) as inline SVG, or nothing if it cannot be made."""
    try:
        from web.net.qr import qr_svg

        box.innerHTML = qr_svg(text)
    except Exception:
        box.textContent = ""


class HostNet:
    """The host's friends: invitations, links, the lobby and the hub."""

    def __init__(self, page: Page, session: Any) -> None:
        self.page = page
        self.session = session
        self.hub = HostHub(session, on_change=self.on_hub_change, on_talk=self.on_talk)
        # no views before the host starts the match (a resumed match has begun already)
        self.hub.holding = not session.begun
        self.table_id = random_bytes(9).hex()
        self.invites: dict[int, Any] = {}
        self.urls: dict[int, str] = {}
        self.status: dict[int, tuple[str, bool]] = {}  # seat: (i18n key, is an error)
        #: the invitations taken out of use: offer id (signal.offer_id): (seat, "replaced" or
        #: "used"), so that a reply to one of them is refused at once, with the reason
        self.retired: dict[str, tuple[int, str]] = {}
        self.busy: set[int] = set()
        self.links: dict[str, Any] = {}
        self.next_peer = 0
        self.started = False
        self.room: Any = None  # transport.RoomHost, once the host opened a room
        self.room_opening = False
        self.closed = False
        self.server: Any = None  # roomlink.Server of the room
        self.give_tokens()
        self.tick_task = spawn(self.tick_loop())

    # -- the match ----------------------------------------------------------------------

    def attach(self, session: Any) -> None:
        if session is not self.session:
            self.session = session
            self.hub.attach(session)
            self.give_tokens()

    def give_tokens(self) -> None:
        """A secret token for every friend seat that has none (saved ones are kept)."""
        for seat in self.session.friend_seats():
            if not self.hub.seat_token(seat):
                self.hub.set_token(seat, random_token())

    def broadcast(self) -> None:
        self.hub.broadcast()

    def start(self) -> None:
        """The host starts the match: the friends get their views from now on."""
        self.started = True
        self.hub.holding = False
        self.hub.broadcast()

    def on_hub_change(self) -> None:
        try:
            self.refresh_invites()
            self.page.changed() if self.started else self.render_seats()
        except Exception:
            self.page.fail(traceback.format_exc())

    def refresh_invites(self) -> None:
        """A friend who dropped gets a fresh invitation at once (the one they used is
        spent: the lobby never shows it as current); a connected friend's link goes."""
        if self.room is not None:
            return
        for seat in self.session.friend_seats():
            presence = self.session.presence.get(seat)
            if presence == "connected":
                self.urls.pop(seat, None)
            elif presence in ("away", "standin") and seat not in self.urls and seat not in self.busy:
                self.status[seat] = ("invite_after_drop", False)
                spawn(self.invite(seat, keep_status=True))

    def on_talk(self, seat: int, phrase: str) -> None:
        """Someone at the table said a phrase of the game (a friend, or a person here)."""
        try:
            self.page.talk_notice(seat, phrase)
        except Exception:
            self.page.fail(traceback.format_exc())

    async def tick_loop(self) -> None:
        while True:
            await asyncio.sleep(0.25)
            try:
                self.hub.tick()
            except Exception:
                self.page.fail(traceback.format_exc())

    # -- invitations ------------------------------------------------------------------

    def retire(self, seat: int, why: str) -> Any:
        """Take the invitation of ``seat`` out of use (``why``: "replaced" or "used") and
        return it; its id is kept, so a reply to it is refused at once (:meth:`refusal`)."""
        inv = self.invites.pop(seat, None)
        if inv is not None:
            self.retired[signal.offer_id(inv.code)] = (seat, why)
        return inv

    def refusal(self, seat: int, reply: signal.Reply) -> str | None:
        """The i18n key that refuses ``reply`` pasted for ``seat`` when it names an
        invitation other than the seat's open one (replaced, used, another seat's, or one
        this page does not know); None: try it (a reply of an older page names none)."""
        named = reply.invitation
        inv = self.invites.get(seat)
        if named is None or (inv is not None and named == signal.offer_id(inv.code)):
            return None
        if any(signal.offer_id(other.code) == named for s, other in self.invites.items() if s != seat):
            return "reply_other_seat"
        owner, why = self.retired.get(named, (None, ""))
        if owner == seat:
            return "reply_used" if why == "used" else "reply_replaced"
        return "reply_unknown" if owner is None else "reply_other_seat"

    async def invite(self, seat: int, keep_status: bool = False) -> None:
        """Make (or make anew) the invitation of ``seat``; ``keep_status``: what the lobby
        says of the seat stays (why a fresh invitation was made). An open invitation is
        replaced only so (the host asks, or changed the connection settings), and the lobby
        then says that the link made before no longer works."""
        from web.net import transport

        if seat in self.busy or self.room is not None:
            return
        self.busy.add(seat)
        old = self.retire(seat, "replaced")
        if old is not None:
            with contextlib.suppress(Exception):
                old.cancel()
        self.urls.pop(seat, None)
        if not keep_status:
            self.status[seat] = ("invite_making", False)
        self.render_seats()
        try:
            inv = await transport.make_invite(ice_servers())
            if self.room is not None:  # a room was opened meanwhile: its link stands
                inv.cancel()
                return
            self.invites[seat] = inv
            name = self.session.names[0]
            token = self.hub.seat_token(seat) or ""
            url = signal.invitation_url(base_url(), inv.code, seat, token, self.table_id, name)
            self.urls[seat] = roomlink.with_ice(url, ice_servers())
            if not keep_status:
                self.status[seat] = ("invite_ready" if old is None else "invite_replaced", False)
        except Exception as e:
            window.console.error(str(e))
            self.status[seat] = ("invite_failed", True)
        finally:
            self.busy.discard(seat)
        self.render_seats()

    async def accept(self, seat: int, text: str) -> None:
        from web.net import transport

        inv = self.invites.get(seat)
        if seat in self.busy:
            return
        try:
            reply = signal.read_reply(text)
        except signal.SignalError:
            reply = None  # not a reply code: as the browser would refuse it
        refused = "reply_bad" if reply is None else self.refusal(seat, reply)
        if refused is not None:  # at once: the open invitation stays open
            self.status[seat] = (refused, True)
            self.render_seats()
            return
        if inv is None:  # the invitation this reply answers was used (or is being made)
            self.status[seat] = ("reply_used", True)
            self.render_seats()
            return
        self.busy.add(seat)
        self.status[seat] = ("reply_connecting", False)
        self.render_seats()
        try:
            link = await inv.accept(text, ACCEPT_TIMEOUT_S)
        except transport.TransportError as e:
            # the link did not open (timeout, or the browsers found no way): the routers or a
            # late reply, and the same next step either way
            keys = {"bad code": "reply_bad", "other invitation": "reply_replaced"}
            self.status[seat] = (keys.get(e.reason, "reply_expired"), True)
            self.busy.discard(seat)
            if e.reason not in keys:  # the invitation is spent: a fresh one at once
                self.retire(seat, "replaced")
                self.urls.pop(seat, None)
                spawn(self.invite(seat, keep_status=True))
            self.render_seats()
            return
        self.busy.discard(seat)
        self.retire(seat, "used")
        self.status[seat] = ("reply_linked", False)
        self.bind(link)
        self.render_seats()

    def bind(self, link: Any) -> None:
        """A new link: the hub waits for its hello (the seat token decides the seat)."""
        self.next_peer += 1
        peer = f"p{self.next_peer}"
        self.links[peer] = link

        def on_message(text: str) -> None:
            try:
                self.hub.receive(peer, str(text))
            except Exception:
                self.page.fail(traceback.format_exc())

        def on_close(reason: str) -> None:
            self.links.pop(peer, None)
            try:
                self.hub.disconnect(peer)
            except Exception:
                self.page.fail(traceback.format_exc())
            self.on_hub_change()

        # the hub knows the link before its first message (the hello may be waiting already)
        self.hub.connect(peer, link.send, link.close)
        link.on_close = on_close
        link.on_message = on_message

    async def open_room(self, server_text: str | None = None, code: str | None = None) -> None:
        """A room on a signalling server (``server_text``; None: the public PeerJS server):
        every friend seat's invitation becomes one link (no reply code), carrying the
        room's ICE servers, and friends rejoin by themselves. ``code``: a room code to open
        again (the host's reload)."""
        from web.net import transport

        if self.room is not None or self.room_opening:
            return
        lang = self.page.lang
        status = by_id("room-status")
        try:
            server = roomlink.CLOUD_SERVER if server_text is None else roomlink.parse_server(server_text)
        except roomlink.RoomLinkError as e:
            status.textContent = t(lang, "room_bad_server") + " (" + str(e) + ")"
            return
        if server_text is not None:
            with contextlib.suppress(Exception):
                window.localStorage.setItem(ROOM_SERVER_KEY, server.text())
        saved = self.saved_room()
        if code is None and saved is not None and saved[1] == server.text():
            code = saved[0]  # this match's room on this server: the links sent name it
        self.room_opening = True
        status.textContent = t(lang, "room_opening")
        by_id("lobby").dataset.room = "opening"
        code = code or roomlink.new_room(random_bytes(6))
        rs = transport.RoomServer(server.host, server.port, server.path, server.secure)
        ice = room_ice()
        host = None
        try:
            for attempt in range(ROOM_TAKEN_TRIES):
                try:
                    host = await transport.RoomHost.open(rs, code, ice)
                    break
                except transport.TransportError as e:
                    if e.reason != "taken" or attempt == ROOM_TAKEN_TRIES - 1:
                        raise
                    await asyncio.sleep(2.0)
        except Exception as e:
            window.console.warn("room: " + str(e))
            status.textContent = t(lang, "room_failed_open")
            by_id("lobby").dataset.room = "failed"
            return
        finally:
            self.room_opening = False
        assert host is not None
        self.room = host
        self.server = server
        host.on_link = self.bind
        for seat in self.session.friend_seats():
            old = self.retire(seat, "replaced")
            if old is not None:
                with contextlib.suppress(Exception):
                    old.cancel()
            self.status[seat] = ("room_invite_ready", False)
        self.room_urls()
        with contextlib.suppress(Exception):
            seats = self.session.friend_seats()
            window.localStorage.setItem(
                ROOM_SAVE_KEY,
                json.dumps({"room": code, "server": server.text(), "token": self.hub.seat_token(seats[0])}),
            )
        by_id("room-code").textContent = code
        document.body.dataset.room = code
        by_id("lobby").dataset.room = "open"
        status.textContent = t(lang, "room_open_now", room=code)
        self.render_seats()

    async def reopen_room(self, server_text: str | None, code: str) -> None:
        """The host's reload: its room again, tried until the server answers (a reload
        while the line is down must not leave the friends' links dead)."""
        for _ in range(ROOM_REOPEN_TRIES):
            await self.open_room(server_text, code)
            if self.room is not None or self.closed:
                return
            by_id("room-status").textContent = t(self.page.lang, "room_reopening")
            await asyncio.sleep(ROOM_REOPEN_S)

    def room_urls(self) -> None:
        """Every friend seat's room link, with the room's ICE servers."""
        code, server = self.room.room, self.server
        for seat in self.session.friend_seats():
            url = roomlink.room_url(base_url(), code, seat, self.hub.seat_token(seat) or "", server)
            self.urls[seat] = roomlink.with_ice(url, room_ice())

    def saved_room(self) -> tuple[str, str] | None:
        """(room code, server text) of the room this match had open before a reload."""
        try:
            data = json.loads(str(window.localStorage.getItem(ROOM_SAVE_KEY) or ""))
            seats = self.session.friend_seats()
            if seats and data["token"] == self.hub.seat_token(seats[0]) and roomlink.room_ok(data["room"]):
                return str(data["room"]), str(data["server"])
        except Exception:
            pass
        return None

    def ice_changed(self) -> str:
        """The host changed the ICE servers: remake what they affect; the i18n key that
        says what happened."""
        if self.room is not None:
            self.room.set_ice(room_ice())
            self.room_urls()
            self.render_seats()
            return "ice_room_links"
        remade = False
        for seat in self.session.friend_seats():
            if self.session.presence.get(seat) != "connected" and seat not in self.busy:
                remade = True
                spawn(self.invite(seat))
        return "ice_remade" if remade else ""

    def let_bot_play(self, seat: int) -> None:
        self.hub.standin_now(seat)
        self.on_hub_change()

    def close(self, reason: str = "host_left") -> None:
        self.closed = True
        with contextlib.suppress(Exception):
            self.hub.close_table(reason)
        for inv in self.invites.values():
            with contextlib.suppress(Exception):
                inv.cancel()
        self.invites.clear()
        if self.tick_task is not None:
            self.tick_task.cancel()
        if self.room is not None:
            with contextlib.suppress(Exception):
                self.room.close()
            self.room = None

    # -- drawing ------------------------------------------------------------------------

    def all_in(self) -> bool:
        return all(
            self.session.presence.get(s) in ("connected", "standin") for s in self.session.friend_seats()
        )

    def render_seats(self) -> None:
        """The friend seats, in the lobby and in the friends' panel during the match."""
        lang = self.page.lang
        box = by_id("lobby-seats")
        s = self.session
        for seat in s.friend_seats():
            row = box.querySelector(f'[data-seat-row="{seat}"]')
            if not row:
                row = self.build_row(seat)
                box.appendChild(row)
            presence = s.presence.get(seat, "waiting")
            row.dataset.presence = presence
            row.querySelector(".lobby-name").textContent = s.names[seat]
            row.querySelector(".lobby-note").textContent = seat_note(lang, seat)
            row.querySelector(".lobby-presence").textContent = t(lang, f"presence_{presence}")
            inv = row.querySelector("[data-invite-seat]")
            url = self.urls.get(seat, "")
            linked = presence == "connected"
            inv.hidden = not url or linked
            if inv.getAttribute("data-invite") != url:
                inv.setAttribute("data-invite", url)
                row.querySelector(".invite-url").value = url
                qr_into(row.querySelector(".qr"), url) if url else None
            row.querySelector(".reply-area").hidden = not url or linked or self.room is not None
            row.querySelector(f'[data-accept-for="{seat}"]').disabled = seat in self.busy or not url
            fresh = row.querySelector(f'[data-fresh-for="{seat}"]')
            fresh.hidden = linked or self.room is not None
            fresh.disabled = seat in self.busy
            fresh.textContent = t(lang, "invite_fresh" if url or seat in self.status else "invite_make")
            row.querySelector(f'[data-bot-for="{seat}"]').hidden = presence in ("connected", "standin")
            key, bad = self.status.get(seat, ("", False))
            st = row.querySelector(".lobby-status")
            st.textContent = t(lang, key) if key and not linked else ""
            st.classList.toggle("refused", bad)
        start = by_id("start-online")
        start.disabled = not self.all_in()
        by_id("lobby-wait").textContent = "" if self.all_in() else t(lang, "lobby_wait")
        waiting = any(s.presence.get(x) in ("away", "waiting") for x in s.friend_seats())
        btn = by_id("friends-button")
        btn.hidden = not self.started
        btn.classList.toggle("urgent", waiting)

    def build_row(self, seat: int) -> Any:
        lang = self.page.lang
        page = self.page
        row = make("li", "lobby-seat")
        row.dataset.seatRow = str(seat)
        head = make("div", "lobby-head")
        head.appendChild(make("strong", "lobby-name"))
        head.appendChild(make("span", "lobby-note"))  # a game's word on the seat (DOG: partner)
        head.appendChild(make("span", "chip lobby-presence"))
        row.appendChild(head)
        inv = make("div", "invite")
        inv.dataset.inviteSeat = str(seat)
        inv.setAttribute("data-invite", "")
        url = make("input", "invite-url", None, type="text", readonly="", aria_label=t(lang, "invite_link"))
        inv.appendChild(url)
        copy = make("button", "ghost small", t(lang, "copy"), type="button")
        copy.dataset.copyFor = str(seat)
        inv.appendChild(copy)
        inv.appendChild(make("div", "qr", None, role="img", aria_label=t(lang, "qr_label")))
        row.appendChild(inv)
        area = make("div", "reply-area")
        label = make("label", "", t(lang, "reply_paste"))
        ta = make("textarea", "reply-input", None, rows="2", spellcheck="false", autocomplete="off")
        ta.dataset.replyFor = str(seat)
        label.appendChild(ta)
        area.appendChild(label)
        acc = make("button", "primary small", t(lang, "reply_accept"), type="button")
        acc.dataset.acceptFor = str(seat)
        area.appendChild(acc)
        row.appendChild(area)
        actions = make("div", "lobby-actions")
        fresh = make("button", "ghost small", t(lang, "invite_make"), type="button")
        fresh.dataset.freshFor = str(seat)
        actions.appendChild(fresh)
        bot = make("button", "ghost small", t(lang, "lobby_bot"), type="button")
        bot.dataset.botFor = str(seat)
        actions.appendChild(bot)
        row.appendChild(actions)
        row.appendChild(make("p", "lobby-status hint", None, role="status"))
        page.on(copy, "click", lambda e: spawn(copy_text(self.urls.get(seat, ""), copy, url, self.page.lang)))
        page.on(acc, "click", lambda e: spawn(self.accept(seat, str(ta.value))))
        page.on(fresh, "click", lambda e: spawn(self.invite(seat)))
        page.on(bot, "click", lambda e: self.let_bot_play(seat))
        return row


class GuestNet:
    """A friend's page: the reply code (or the room), then the table as the host sends it."""

    def __init__(self, page: Page, invitation: Any = None, room: Any = None, ice: Any = None) -> None:
        self.page = page
        self.inv = invitation  # signal.Invitation (manual) …
        self.room = room  # … or roomlink.RoomInvitation
        src = invitation if invitation is not None else room
        self.seat: int = src.seat
        self.token: str = src.token
        #: the host's ICE servers from the invitation, else this device's setting (or,
        #: for a room, the defaults for play between homes)
        self.ice: list[dict[str, Any]] | None = ice
        self.client: GuestClient | None = None
        self.link: Any = None
        self.reply: Any = None
        self.reply_good_s = REPLY_GOOD_S
        self.made_at = 0.0
        self.last_heard = 0.0
        self.closed_reason: str | None = None
        self.left = False
        self.stopped = False
        self.task: Any = None
        self.retry_at: float | None = None
        self.retries = 0  # failed room tries in a row
        self.lost_at: float | None = None  # when the link to the host was lost
        self.joining = False

    def ice_list(self) -> list[dict[str, Any]]:
        if self.ice is not None:
            return self.ice
        return room_ice() if self.room is not None else ice_servers()

    @property
    def state(self) -> dict[str, Any] | None:
        return self.client.state if self.client is not None else None

    @property
    def connected(self) -> bool:
        return self.link is not None and bool(self.link.is_open) and self.closed_reason is None

    def drop_reply(self) -> None:
        """Close the last reply's connection, if it is not the table's link (one connection
        per reply: a reply made again never leaves the old one to fail later)."""
        old = self.reply
        self.reply = None
        if old is not None and old.link is not self.link:
            old.link.on_close = lambda reason: None
            old.link.on_open = lambda: None
            with contextlib.suppress(Exception):
                old.link.close()

    def stop(self) -> None:
        """This page leaves this invitation (another one was opened in its place)."""
        self.stopped = True
        self.left = True
        self.drop_reply()
        if self.task is not None:
            self.task.cancel()
        if self.link is not None:
            self.link.on_close = lambda reason: None
            with contextlib.suppress(Exception):
                self.send(json.dumps({"v": 1, "t": "bye"}))
                self.link.close()

    async def start(self) -> None:
        """Answer the invitation (show the reply code) or, with a room code, connect."""
        if self.task is None:
            self.task = spawn(self.loop())
        if self.room is not None:
            await self.connect_room()
            return
        from web.net import transport

        lang = self.page.lang
        by_id("reply-fresh").hidden = True
        if self.used_before():
            by_id("reply-box").hidden = True
            by_id("join-status").textContent = t(lang, "join_used", who=self.inv.host_name)
            return
        self.drop_reply()
        by_id("join-status").textContent = t(lang, "reply_making")
        try:
            reply = await transport.answer_invite(self.inv.offer_code, self.ice_list())
        except Exception as e:
            window.console.warn("reply: " + str(e))
            by_id("join-status").textContent = t(lang, "join_bad")
            return
        if self.stopped:
            reply.link.close()
            return
        self.drop_reply()  # a second start that finished first
        self.reply = reply
        self.made_at = time.monotonic()
        routed = offer_is_routed(self.inv.offer_code)
        self.reply_good_s = REPLY_GOOD_ROUTED_S if routed else REPLY_GOOD_S
        code = reply.code
        rep = by_id("reply")
        rep.setAttribute("data-reply", code)
        by_id("reply-text").value = code
        qr_into(by_id("reply-qr"), code)
        by_id("reply-box").hidden = False
        by_id("reply-expiry").textContent = t(lang, "reply_good_for", n=self.reply_good_s)
        say = "reply_send_now" if routed else "reply_send"
        by_id("join-status").textContent = t(lang, say, who=self.inv.host_name)
        link = reply.link
        link.on_message = self.on_text
        link.on_close = lambda reason: self.on_reply_closed(reply, reason)
        link.on_open = lambda: self.on_open(link)
        if link.is_open:
            self.on_open(link)

    def on_reply_closed(self, reply: Any, reason: str) -> None:
        """The reply's connection ended before it opened, or the table's link dropped."""
        if reply.link is self.link:
            self.on_close(reason)
            return
        if reply is not self.reply:
            return
        lang = self.page.lang
        self.reply = None
        by_id("reply-expiry").textContent = t(lang, "reply_dead")
        by_id("join-status").textContent = t(lang, "reply_dead_next", who=self.inv.host_name)
        by_id("reply-fresh").hidden = False

    def used_before(self) -> bool:
        """True when this page already joined the table with this very invitation (a
        spent one: the host needs to send a fresh one)."""
        try:
            data = json.loads(str(window.localStorage.getItem(GUEST_KEY) or "{}"))
            return self.offer_id() in list(data.get("used", []))
        except Exception:
            return False

    def offer_id(self) -> str:
        return signal.offer_id(self.inv.offer_code)

    async def connect_room(self) -> None:
        from web.net import transport

        if self.joining or self.stopped:
            return
        self.joining = True
        lang = self.page.lang
        if self.client is None:
            by_id("join-status").textContent = t(lang, "room_joining")
        srv = self.room.server
        try:
            link = await transport.room_connect(
                transport.RoomServer(srv.host, srv.port, srv.path, srv.secure),
                self.room.room,
                self.ice_list(),
                timeout_s=ROOM_TRY_S,
                answer_s=ROOM_ANSWER_S,
            )
        except Exception as e:
            window.console.warn("room: " + str(e))
            if self.client is None:
                by_id("join-status").textContent = t(lang, "room_failed")
            self.retries += 1
            self.schedule_retry()
            return
        finally:
            self.joining = False
        if self.stopped:
            link.close()
            return
        link.on_message = self.on_text
        link.on_close = self.on_close
        self.on_open(link)

    def on_open(self, link: Any) -> None:
        if self.link is link:
            return
        old = self.link
        self.link = link
        if old is not None and old is not link:
            old.on_close = lambda reason: None
            with contextlib.suppress(Exception):
                old.close()
        self.closed_reason = None
        name = str(by_id("join-name").value or "")
        self.client = GuestClient(
            self.seat, self.token, name, check=self.page.game.view_check(), phrases=self.page.game.talk
        )
        self.retry_at = None
        self.retries = 0
        self.lost_at = None
        self.last_heard = time.monotonic()
        link.send(self.client.hello())
        by_id("join-status").textContent = t(self.page.lang, "join_linked")
        self.remember()

    def remember(self) -> None:
        """Keep this seat (and, for a manual invitation, that it was used) on this device."""
        with contextlib.suppress(Exception):
            data = json.loads(str(window.localStorage.getItem(GUEST_KEY) or "{}"))
            used = [u for u in data.get("used", []) if isinstance(u, str)] if isinstance(data, dict) else []
            if self.inv is not None and self.offer_id() not in used:
                used = [*used, self.offer_id()][-20:]
            window.localStorage.setItem(
                GUEST_KEY, json.dumps({"seat": self.seat, "token": self.token, "used": used})
            )

    def on_text(self, text: str) -> None:
        if self.client is None:
            return
        self.last_heard = time.monotonic()
        try:
            events = self.client.receive(str(text))
        except Exception:
            self.page.fail(traceback.format_exc())
            return
        for kind, data in events:
            try:
                self.page.on_guest_event(kind, data)
            except Exception:
                self.page.fail(traceback.format_exc())

    def on_close(self, reason: str) -> None:
        if self.stopped:
            return
        if self.closed_reason is None:  # said once per drop (a silence may have said it)
            self.closed_reason = str(reason or "closed")
            if self.client is None or self.client.bye_reason is None:
                self.page.on_guest_event("dropped", self.closed_reason)
        if self.may_rejoin():
            self.schedule_retry()  # with a room code: rejoin by itself

    def may_rejoin(self) -> bool:
        """A room's friend tries again by itself (also after the host said goodbye: a
        reload of the host reopens the same room), for an hour at most."""
        if self.room is None or self.left or self.stopped:
            return False
        return self.lost_at is None or time.monotonic() - self.lost_at < ROOM_RETRY_FOR_S

    def schedule_retry(self) -> None:
        """The next room try: soon after a drop and after each failed try for a while
        (the host's reload), then less often."""
        now = time.monotonic()
        if self.lost_at is None:
            self.lost_at = now
        if self.retry_at is None and self.may_rejoin():
            if now - self.lost_at < ROOM_QUICK_FOR_S:
                wait = ROOM_RETRY_S
            else:
                wait = min(ROOM_RETRY_MAX_S, ROOM_RETRY_S * 2 ** max(0, self.retries - 2))
            self.retry_at = due = now + wait
            spawn(self.retry_when(due))

    async def retry_when(self, due: float) -> None:
        """The room try planned for ``due``, on time (the heartbeat's second would add up
        to a second to every wait)."""
        await asyncio.sleep(max(0.0, due - time.monotonic()))
        if self.retry_at == due and not self.left and not self.stopped:
            self.retry_at = None
            await self.connect_room()

    def send(self, text: str | None) -> None:
        if text and self.link is not None:
            self.link.send(text)

    def send_move(self, move: str, wrong: bool = False) -> None:
        if self.client is not None:
            self.send(self.client.move(move, wrong))

    def talk(self, phrase: str) -> bool:
        if self.client is None:
            return False
        text = self.client.talk(phrase)
        self.send(text)
        return text is not None

    def leave(self) -> None:
        self.left = True
        if self.client is not None:
            with contextlib.suppress(Exception):
                self.send(json.dumps({"v": 1, "t": "bye"}))
        if self.link is not None:
            with contextlib.suppress(Exception):
                self.link.close()

    async def loop(self) -> None:
        """Heartbeat, the reply's countdown, noticing a silent host (rejoining a room:
        :meth:`retry_when`)."""
        while not self.stopped:
            await asyncio.sleep(1.0)
            try:
                self.beat()
            except Exception:
                self.page.fail(traceback.format_exc())

    def beat(self) -> None:
        lang = self.page.lang
        now = time.monotonic()
        if self.link is None and self.reply is not None:
            left = int(self.reply_good_s - (now - self.made_at))
            exp = by_id("reply-expiry")
            if left > 0:
                exp.textContent = t(lang, "reply_good_for", n=left)
            else:
                exp.textContent = t(lang, "reply_expired_guest")
                by_id("reply-fresh").hidden = False
            return
        if self.client is None or self.closed_reason is not None:
            return
        self.send(self.client.ping())
        if now - self.last_heard > HOST_SILENT_S:
            self.closed_reason = "silent"
            self.page.on_guest_event("dropped", "silent")
            if self.may_rejoin():  # this link is dead: a new one through the room
                if self.link is not None:
                    self.link.on_close = lambda reason: None
                    with contextlib.suppress(Exception):
                        self.link.close()
                self.schedule_retry()
