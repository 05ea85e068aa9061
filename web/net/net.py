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
from typing import Any

from pyscript import document, window  # type: ignore[import-not-found]

from web.net import signal
from web.net.protocol import GuestClient, HostHub
from web.shell.dom import by_id, make, random_bytes
from web.shell.games import DEFAULT_GAME
from web.shell.i18n import t
from web.shell.params import game_query

#: seconds the host waits for a pasted reply's link to open
ACCEPT_TIMEOUT_S = 20.0
#: how long a guest's reply code is shown as good (measured: a passive reply still opens
#: minutes later; the host's invitation is what ages)
REPLY_GOOD_S = 300
#: the guest considers the host gone after this long without a message
HOST_SILENT_S = 7.0
ICE_KEY = "dernier.ice.v1"
ROOM_SERVER_KEY = "dernier.roomserver.v1"
GUEST_KEY = "dernier.guest.v1"


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


def base_url(game: str = DEFAULT_GAME) -> str:
    """The page's address for invitations: with ``?game=`` for any game but the default,
    so a friend's page opens on the host's game."""
    loc = window.location
    return str(loc.origin) + str(loc.pathname) + game_query(game)


def copy_text(text: str) -> None:
    with contextlib.suppress(Exception):
        window.navigator.clipboard.writeText(text)


def qr_into(box: Any, text: str) -> None:
    """A QR code of ``text`` (web.qr) as inline SVG, or nothing if it cannot be made."""
    try:
        from web.net.qr import qr_svg

        box.innerHTML = qr_svg(text)
    except Exception:
        box.textContent = ""


class HostNet:
    """The host's friends: invitations, links, the lobby and the hub."""

    def __init__(self, page: Any, session: Any) -> None:
        self.page = page
        self.session = session
        self.hub = HostHub(session, on_change=self.on_hub_change, on_talk=self.on_talk)
        self.table_id = random_bytes(9).hex()
        self.invites: dict[int, Any] = {}
        self.urls: dict[int, str] = {}
        self.status: dict[int, tuple[str, bool]] = {}  # seat: (i18n key, is an error)
        self.busy: set[int] = set()
        self.links: dict[str, Any] = {}
        self.next_peer = 0
        self.started = False
        self.room: Any = None  # transport.RoomHost, once the host opened a room
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

    def on_hub_change(self) -> None:
        try:
            self.page.changed() if self.started else self.render_seats()
        except Exception:
            self.page.fail(traceback.format_exc())

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

    async def invite(self, seat: int) -> None:
        """Make (or make anew) the invitation of ``seat``."""
        from web.net import transport

        if seat in self.busy or self.room is not None:
            return
        self.busy.add(seat)
        old = self.invites.pop(seat, None)
        if old is not None:
            with contextlib.suppress(Exception):
                old.cancel()
        self.urls.pop(seat, None)
        self.status[seat] = ("invite_making", False)
        self.render_seats()
        try:
            inv = await transport.make_invite(ice_servers())
            if self.room is not None:  # a room was opened meanwhile: its link stands
                inv.cancel()
                return
            self.invites[seat] = inv
            name = self.session.names[0]
            self.urls[seat] = signal.invitation_url(
                base_url(self.page.game.name), inv.code, seat, self.hub.seat_token(seat), self.table_id, name
            )
            self.status[seat] = ("invite_ready", False)
        except Exception as e:
            window.console.error(str(e))
            self.status[seat] = ("invite_failed", True)
        finally:
            self.busy.discard(seat)
        self.render_seats()

    async def accept(self, seat: int, text: str) -> None:
        from web.net import transport

        inv = self.invites.get(seat)
        if inv is None or seat in self.busy:
            return
        self.busy.add(seat)
        self.status[seat] = ("reply_connecting", False)
        self.render_seats()
        try:
            link = await inv.accept(text, ACCEPT_TIMEOUT_S)
        except transport.TransportError as e:
            key = {"bad code": "reply_bad", "expired": "reply_expired", "spent": "reply_expired"}.get(
                e.reason, "reply_failed"
            )
            self.status[seat] = (key, True)
            if e.reason != "bad code":
                self.invites.pop(seat, None)
                self.urls.pop(seat, None)
            self.busy.discard(seat)
            self.render_seats()
            return
        self.busy.discard(seat)
        self.invites.pop(seat, None)
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

    async def open_room(self, server_text: str) -> None:
        """Opt-in: a room on a signalling server; every friend seat's invitation becomes a
        room link (no reply code), and friends rejoin by themselves."""
        from web.net import roomlink, transport

        lang = self.page.lang
        status = by_id("room-status")
        try:
            server = roomlink.parse_server(server_text)
        except roomlink.RoomLinkError as e:
            status.textContent = t(lang, "room_bad_server") + " (" + str(e) + ")"
            return
        with contextlib.suppress(Exception):
            window.localStorage.setItem(ROOM_SERVER_KEY, server.text())
        status.textContent = t(lang, "room_opening")
        code = roomlink.new_room(random_bytes(6))
        rs = transport.RoomServer(server.host, server.port, server.path, server.secure)
        try:
            host = await transport.RoomHost.open(rs, code, ice_servers())
        except Exception as e:
            window.console.error(str(e))
            status.textContent = t(lang, "room_failed")
            return
        self.room = host
        host.on_link = self.bind
        for seat in self.session.friend_seats():
            old = self.invites.pop(seat, None)
            if old is not None:
                with contextlib.suppress(Exception):
                    old.cancel()
            here = base_url(self.page.game.name)
            self.urls[seat] = roomlink.room_url(here, code, seat, self.hub.seat_token(seat), server)
            self.status[seat] = ("room_invite_ready", False)
        by_id("room-code").textContent = code
        document.body.dataset.room = code
        status.textContent = t(lang, "room_open_now", room=code)
        self.render_seats()

    def let_bot_play(self, seat: int) -> None:
        self.hub.standin_now(seat)
        self.on_hub_change()

    def close(self, reason: str = "host_left") -> None:
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
        page.on(copy, "click", lambda e: copy_text(self.urls.get(seat, "")))
        page.on(acc, "click", lambda e: spawn(self.accept(seat, str(ta.value))))
        page.on(fresh, "click", lambda e: spawn(self.invite(seat)))
        page.on(bot, "click", lambda e: self.let_bot_play(seat))
        return row


class GuestNet:
    """A friend's page: the reply code (or the room), then the table as the host sends it."""

    def __init__(self, page: Any, invitation: Any = None, room: Any = None) -> None:
        self.page = page
        self.inv = invitation  # signal.Invitation (manual) …
        self.room = room  # … or roomlink.RoomInvitation
        src = invitation if invitation is not None else room
        self.seat: int = src.seat
        self.token: str = src.token
        self.client: GuestClient | None = None
        self.link: Any = None
        self.reply: Any = None
        self.made_at = 0.0
        self.last_heard = 0.0
        self.closed_reason: str | None = None
        self.left = False
        self.task: Any = None
        self.retry_at: float | None = None

    @property
    def state(self) -> dict[str, Any] | None:
        return self.client.state if self.client is not None else None

    @property
    def connected(self) -> bool:
        return self.link is not None and bool(self.link.is_open) and self.closed_reason is None

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
        by_id("join-status").textContent = t(lang, "reply_making")
        try:
            self.reply = await transport.answer_invite(self.inv.offer_code, ice_servers())
        except Exception as e:
            window.console.error(str(e))
            by_id("join-status").textContent = t(lang, "join_bad")
            return
        self.made_at = time.monotonic()
        code = self.reply.code
        rep = by_id("reply")
        rep.setAttribute("data-reply", code)
        by_id("reply-text").value = code
        qr_into(by_id("reply-qr"), code)
        by_id("reply-box").hidden = False
        by_id("reply-expiry").textContent = t(lang, "reply_good_for", n=REPLY_GOOD_S)
        by_id("join-status").textContent = t(lang, "reply_send", who=self.inv.host_name)
        link = self.reply.link
        link.on_message = self.on_text
        link.on_close = self.on_close
        link.on_open = lambda: self.on_open(link)
        if link.is_open:
            self.on_open(link)

    async def connect_room(self) -> None:
        from web.net import transport

        lang = self.page.lang
        by_id("join-status").textContent = t(lang, "room_joining")
        srv = self.room.server
        try:
            link = await transport.room_connect(
                transport.RoomServer(srv.host, srv.port, srv.path, srv.secure), self.room.room, ice_servers()
            )
        except Exception as e:
            window.console.error(str(e))
            by_id("join-status").textContent = t(lang, "room_failed")
            self.retry_at = time.monotonic() + 3.0
            return
        link.on_message = self.on_text
        link.on_close = self.on_close
        self.on_open(link)

    def on_open(self, link: Any) -> None:
        if self.link is link:
            return
        self.link = link
        self.closed_reason = None
        name = str(by_id("join-name").value or "")
        self.client = GuestClient(self.seat, self.token, name, check=self.page.game.state_checker())
        self.retry_at = None
        self.last_heard = time.monotonic()
        link.send(self.client.hello())
        by_id("join-status").textContent = t(self.page.lang, "join_linked")
        self.remember()

    def remember(self) -> None:
        with contextlib.suppress(Exception):
            window.localStorage.setItem(
                GUEST_KEY,
                json.dumps({"table": self.inv.table, "seat": self.inv.seat, "token": self.inv.token}),
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
        if self.closed_reason is None:  # said once per drop (a silence may have said it)
            self.closed_reason = str(reason or "closed")
            if self.client is None or self.client.bye_reason is None:
                self.page.on_guest_event("dropped", self.closed_reason)
        host_left = self.client is not None and self.client.bye_reason is not None
        if self.room is not None and not self.left and not host_left:
            self.retry_at = time.monotonic() + 2.0  # with a room code: rejoin by itself

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
        """Heartbeat, the reply's countdown, and noticing a silent host."""
        while True:
            await asyncio.sleep(1.0)
            try:
                lang = self.page.lang
                if self.retry_at is not None and time.monotonic() >= self.retry_at and not self.left:
                    self.retry_at = None
                    self.link = None
                    await self.connect_room()
                    continue
                if self.link is None and self.reply is not None:
                    left = int(REPLY_GOOD_S - (time.monotonic() - self.made_at))
                    exp = by_id("reply-expiry")
                    if left > 0:
                        exp.textContent = t(lang, "reply_good_for", n=left)
                    else:
                        exp.textContent = t(lang, "reply_expired_guest")
                        by_id("reply-fresh").hidden = False
                    continue
                if self.client is None or self.closed_reason is not None:
                    continue
                self.send(self.client.ping())
                if time.monotonic() - self.last_heard > HOST_SILENT_S:
                    self.closed_reason = "silent"
                    self.page.on_guest_event("dropped", "silent")
                    if self.room is not None and not self.left:
                        self.retry_at = time.monotonic() + 1.0
            except Exception:
                self.page.fail(traceback.format_exc())
