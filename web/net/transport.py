"""Peer-to-peer links between pages: one WebRTC data channel per friend, no server of ours.

Browser only (imports ``pyscript`` and ``pyodide``, like ``web/ui.py``); the codes it
exchanges are made by ``web/signal.py`` (plain Python, tested in CPython). Tested in
Chromium by ``tests/test_page_transport.py`` through ``tests/pages/transport.html``.

One interface, two ways to find each other (in the spirit of boardgame.io's transports):

* ``Link``: one ordered, reliable data channel to one peer, carrying text.
  ``send(text) -> bool`` (False when not open), ``close()``, ``is_open``, ``state`` and the
  callbacks ``on_open()``, ``on_message(text)``, ``on_close(reason)`` (set them as
  attributes; ``on_close`` is called once; messages that arrive before ``on_message`` is
  set are kept and handed to it when it is). A drop is seen through the channel's ``close``
  event and the peer connection's state (``failed`` / ``closed``); a peer that vanishes
  without a goodbye shows as ``disconnected`` after ~5 s and ``failed`` after ~15 s, so the
  protocol above sends goodbyes and heartbeats of its own.

* **Manual** (default, nothing but the two browsers; with the default ``ice_servers=()``
  no request leaves the page's origin): the host calls ``invite = await
  make_invite(ice_servers)`` (a new RTCPeerConnection with a negotiated data channel, id 0;
  ICE gathering runs to the end before the code exists: no trickle), shows
  ``invite.code`` (a connection code, ``web/signal.py``) inside an invitation URL, and
  ``link = await invite.accept(reply_text, timeout_s)`` when the guest's reply comes back.
  The guest calls ``reply = await answer_invite(offer_code, ice_servers)``, shows
  ``reply.code`` (a reply code, ``signal.reply_code``) and waits for ``reply.link`` to
  open (``await reply.link.wait_open(timeout_s)``). The guest's answer is made
  ``setup:passive`` (``signal.passive_answer``), so the host starts the DTLS handshake
  when it accepts, and a reply stays usable for minutes (measured in Chromium: see
  ``tests/test_page_transport.py``). ``accept`` raises ``TransportError`` with ``reason``
  ``"bad code"`` (not a reply, damaged, or refused by the browser), ``"other invitation"``
  (the reply names another invitation: ``signal.Reply.invitation``), ``"expired"`` (the
  link did not open in ``timeout_s``) or ``"failed"`` (the browsers found no way to each
  other); after a ``"bad code"`` or ``"other invitation"`` the same invite can take another
  reply, otherwise it is spent (``"spent"``) and the host makes a new one. Measured in Chromium here (no STUN,
  two contexts): gathering ~130 ms on the host, the link open ~15 ms after ``accept``,
  round trips ~1 ms; an offer answered 300 s after it was made and a passive reply
  accepted 300 s after it was made both connected (60 and 120 s too), while an
  ``active`` reply (Chromium's own) accepted after 240 s failed (after 90 s it worked).

* **Room code** (opt-in) through a PeerJS signalling server (npm ``peer``, self-hostable;
  the client is ``vendor/peerjs/peerjs.min.js``, added to the page as a ``<script>``
  element only when a room is used: ``await load_peerjs(src)``). The host opens
  ``room_host = await RoomHost.open(server, room, ice_servers)`` (peer id
  ``dernier-<ROOM>``) and gets a Link per guest from ``await room_host.next_link(timeout_s)``
  (or the ``on_link(link)`` callback); a guest calls ``await room_connect(server, room,
  ice_servers)``. ``server`` is a ``RoomServer(host, port, path, secure, key)``. Errors:
  ``"taken"`` (another host holds the room), ``"no room"``, ``"server"`` (cannot reach
  or use the server), ``"expired"`` (timeout), ``"no answer"`` (the room's host did not
  answer the guest's offer in ``answer_s``), ``"unavailable"`` (PeerJS not loadable).
  Once a guest is linked it leaves the server (``peer.disconnect``); the data channel stays.

ICE servers always come from the caller (a setting); PeerJS's own default STUN/TURN list
is never used.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from web.net import signal
from web.shell.dom import random_bytes

GATHER_TIMEOUT_S = 10.0
#: a room's host goes back to the signalling server this often after losing it, this many times
RECONNECT_EVERY_S = 3.0
RECONNECT_TRIES = 400
#: a guest's wait for the table's answer is at least this many times what the signalling
#: server took to let the guest in (the answer makes two trips through that server)
ANSWER_PER_OPEN = 3.0
CHANNEL_LABEL = "dernier"
CHANNEL_ID = 0
ROOM_PREFIX = "dernier-"
_ROOM = re.compile(r"[A-Z0-9]{3,32}")


class TransportError(Exception):
    """A link that could not be made; ``reason`` is one short word or two (see module doc)."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail


def _js(value: Any) -> Any:
    """Python dicts/lists as plain JS objects/arrays."""
    return to_js(value, dict_converter=window.Object.fromEntries)


def _rtc_config(ice_servers: Sequence[dict[str, Any]]) -> Any:
    return _js({"iceServers": [dict(s) for s in ice_servers]})


def _random_id() -> str:
    """32 hex digits (128 bits) from crypto.getRandomValues: letters and digits only, as
    PeerJS ids allow no two separators in a row (base64url could make ``_-``)."""
    return random_bytes(16).hex()


def _now_ms() -> int:
    return int(window.Date.now())


class Link:
    """One data channel to one peer (see the module docstring)."""

    def __init__(self, pc: Any, channel: Any, owner: Any = None) -> None:
        self._pc = pc
        self._channel = channel
        self._owner = owner  # a PeerJS object to destroy with the link, if any
        self._listeners: list[tuple[Any, str, Any]] = []
        self._opened = asyncio.get_event_loop().create_future()
        self._closed = False
        self.close_reason = ""
        self.on_open: Callable[[], None] = lambda: None
        self._on_message: Callable[[str], None] | None = None
        self._early: list[str] = []  # messages that came before on_message was set
        self.on_close: Callable[[str], None] = lambda reason: None
        self._listen(channel, "open", self._channel_open)
        self._listen(channel, "message", self._channel_message)
        self._listen(channel, "close", lambda _e: self._drop("channel closed"))
        self._listen(pc, "connectionstatechange", self._state_change)
        if channel.readyState == "open":
            self._channel_open(None)

    def _listen(self, target: Any, event: str, handler: Callable[[Any], None]) -> None:
        proxy = create_proxy(handler)
        target.addEventListener(event, proxy)
        self._listeners.append((target, event, proxy))

    @property
    def is_open(self) -> bool:
        return not self._closed and self._channel.readyState == "open"

    @property
    def state(self) -> str:
        """The peer connection's state: new, connecting, connected, disconnected, failed, closed."""
        return str(self._pc.connectionState)

    def _channel_open(self, _event: Any) -> None:
        if self._opened.done() or self._closed:
            return
        self._opened.set_result(True)
        self.on_open()

    @property
    def on_message(self) -> Callable[[str], None]:
        return self._on_message or self._early.append

    @on_message.setter
    def on_message(self, handler: Callable[[str], None]) -> None:
        """The handler of the peer's messages; those that arrived before it was set (the
        peer may speak as soon as the channel opens, before ``accept`` returns) are handed
        to it first, in order."""
        self._on_message = handler
        early, self._early = self._early, []
        for text in early:
            handler(text)

    def _channel_message(self, event: Any) -> None:
        data = event.data
        if isinstance(data, str):
            self.on_message(data)

    def _state_change(self, _event: Any) -> None:
        state = self.state
        if state in ("failed", "closed"):
            self._drop(f"connection {state}")

    def _drop(self, reason: str) -> None:
        if self._closed:
            return
        self._closed = True
        self.close_reason = reason
        if not self._opened.done():
            self._opened.set_exception(TransportError("failed", reason))
            self._opened.exception()  # retrieved: no "never retrieved" warning
        for target, event, proxy in self._listeners:
            target.removeEventListener(event, proxy)
        with contextlib.suppress(Exception):
            self._channel.close()
        with contextlib.suppress(Exception):
            self._pc.close()
        if self._owner is not None:
            with contextlib.suppress(Exception):
                self._owner.destroy()
        try:
            self.on_close(reason)
        finally:
            for _, _, proxy in self._listeners:
                proxy.destroy()
            self._listeners.clear()

    def send(self, text: str) -> bool:
        """Queue `text` on the channel; False if the link is not open (nothing is sent)."""
        if not self.is_open:
            return False
        try:
            self._channel.send(text)
        except Exception:
            return False
        return True

    def close(self) -> None:
        """Close the link (the peer sees its channel close); calls on_close("closed here")."""
        self._drop("closed here")

    async def wait_open(self, timeout_s: float) -> Link:
        """Wait until the channel is open; TransportError("expired") after timeout_s,
        TransportError("failed") if the link drops first."""
        # asyncio.wait, not wait_for(shield(…)): a timeout leaves the future alone, and its
        # later "failed" (the link closed) is no "exception in shielded future" on the console
        done, _ = await asyncio.wait({self._opened}, timeout=timeout_s)
        if not done:
            raise TransportError("expired", f"not connected after {timeout_s:g} s")
        self._opened.result()  # TransportError("failed") if the link dropped first
        return self


# ---------------------------------------------------------------------------------------
# Manual signalling


async def _gather(pc: Any, timeout_s: float) -> None:
    """Wait until ICE gathering is complete (or timeout_s: then use what was found)."""
    if pc.iceGatheringState == "complete":
        return
    done = asyncio.get_event_loop().create_future()

    def changed(_event: Any) -> None:
        if pc.iceGatheringState == "complete" and not done.done():
            done.set_result(True)

    proxy = create_proxy(changed)
    pc.addEventListener("icegatheringstatechange", proxy)
    try:
        await asyncio.wait_for(done, timeout_s)
    except TimeoutError:
        pass
    finally:
        pc.removeEventListener("icegatheringstatechange", proxy)
        proxy.destroy()


def _new_pc(ice_servers: Sequence[dict[str, Any]]) -> tuple[Any, Any]:
    pc = window.RTCPeerConnection.new(_rtc_config(ice_servers))
    channel = pc.createDataChannel(CHANNEL_LABEL, _js({"negotiated": True, "id": CHANNEL_ID}))
    return pc, channel


def _description(kind: str, sdp: str) -> Any:
    return _js({"type": kind, "sdp": sdp})


class Invite:
    """The host's side of one manual invitation; see make_invite."""

    def __init__(self, pc: Any, channel: Any, code: str, gather_ms: int) -> None:
        self._pc = pc
        self._channel = channel
        self.code = code
        self.gather_ms = gather_ms
        self._spent = False
        self._link: Link | None = None

    async def accept(self, reply_text: str, timeout_s: float = 30.0) -> Link:
        """The Link to the guest whose reply this is, once open (see the module docstring)."""
        if self._spent:
            raise TransportError("spent", "this invitation was used; make a new one")
        try:
            reply = signal.read_reply(reply_text)
            _kind, sdp = signal.expand(reply.answer_code)
        except signal.SignalError as exc:
            raise TransportError("bad code", str(exc)) from None
        if reply.invitation is not None and reply.invitation != signal.offer_id(self.code):
            # an answer to another offer would be taken by the browser and then fail to
            # connect, spending this invitation: refused at once, and this one stays open
            raise TransportError("other invitation", "this reply answers another invitation")
        if self._link is None:
            # listening before the answer is applied: the guest may speak as soon as the
            # channel opens, and nothing it says is lost
            self._link = Link(self._pc, self._channel)
        link = self._link
        try:
            await self._pc.setRemoteDescription(_description("answer", sdp))
        except Exception as exc:
            raise TransportError("bad code", f"the browser refused it: {exc}") from None
        self._spent = True
        try:
            return await link.wait_open(timeout_s)
        except TransportError:
            link.close()
            raise

    def cancel(self) -> None:
        """Drop the invitation (its connection code stops working)."""
        self._spent = True
        if self._link is not None:
            self._link.close()
        with contextlib.suppress(Exception):
            self._pc.close()


async def make_invite(
    ice_servers: Sequence[dict[str, Any]] = (), gather_timeout_s: float = GATHER_TIMEOUT_S
) -> Invite:
    """A new invitation whose ``code`` (the compact offer) is ready to be shown."""
    start = _now_ms()
    pc, channel = _new_pc(ice_servers)
    await pc.setLocalDescription(await pc.createOffer())
    await _gather(pc, gather_timeout_s)
    try:
        code = signal.compact(pc.localDescription.sdp, "offer")
    except signal.SignalError as exc:
        pc.close()
        raise TransportError("failed", str(exc)) from None
    return Invite(pc, channel, code, _now_ms() - start)


class Reply:
    """The guest's side of one invitation: ``code`` to send back, ``link`` to wait on."""

    def __init__(self, code: str, link: Link, gather_ms: int) -> None:
        self.code = code
        self.link = link
        self.gather_ms = gather_ms


async def answer_invite(
    offer_code: str, ice_servers: Sequence[dict[str, Any]] = (), gather_timeout_s: float = GATHER_TIMEOUT_S
) -> Reply:
    """Answer an invitation's connection code; TransportError("bad code") if it is not one."""
    start = _now_ms()
    try:
        kind, sdp = signal.expand(offer_code)
    except signal.SignalError as exc:
        raise TransportError("bad code", str(exc)) from None
    if kind != "offer":
        raise TransportError("bad code", "this is a reply, not an invitation")
    pc, channel = _new_pc(ice_servers)
    try:
        await pc.setRemoteDescription(_description("offer", sdp))
        answer = await pc.createAnswer()
        await pc.setLocalDescription(_description("answer", signal.passive_answer(answer.sdp)))
    except Exception as exc:
        pc.close()
        raise TransportError("bad code", f"the browser refused it: {exc}") from None
    link = Link(pc, channel)
    await _gather(pc, gather_timeout_s)
    try:
        answer_code = signal.compact(pc.localDescription.sdp, "answer")
        code = signal.reply_code(answer_code, _now_ms(), signal.offer_id(offer_code))
    except signal.SignalError as exc:
        link.close()
        raise TransportError("failed", str(exc)) from None
    return Reply(code, link, _now_ms() - start)


# ---------------------------------------------------------------------------------------
# Room codes through a PeerJS server


@dataclass(frozen=True)
class RoomServer:
    """Where the PeerJS signalling server (npm ``peer``) listens."""

    host: str
    port: int = 443
    path: str = "/"
    secure: bool = True
    key: str = "peerjs"

    def options(self, ice_servers: Sequence[dict[str, Any]]) -> Any:
        return _js(
            {
                "host": self.host,
                "port": self.port,
                "path": self.path,
                "secure": self.secure,
                "key": self.key,
                "debug": 0,
                "config": {"iceServers": [dict(s) for s in ice_servers]},
            }
        )


def clean_room(room: str) -> str:
    """A room code as typed (spaces and case ignored) -> its canonical form, or
    TransportError("bad code")."""
    text = "".join(str(room).split()).upper()
    if not _ROOM.fullmatch(text):
        raise TransportError("bad code", "a room code is 3..32 letters and digits")
    return text


_peerjs_loading: list[Any] = []


async def load_peerjs(src: str = "vendor/peerjs/peerjs.min.js", timeout_s: float = 20.0) -> Any:
    """Add the PeerJS client to the page (once) and return ``window.peerjs``."""
    if getattr(window, "peerjs", None):
        return window.peerjs
    if not _peerjs_loading:
        loaded = asyncio.get_event_loop().create_future()
        script = document.createElement("script")
        script.src = src

        def done(ok: bool, _event: Any) -> None:
            if not loaded.done():
                loaded.set_result(ok)

        on_load, on_error = create_proxy(lambda e: done(True, e)), create_proxy(lambda e: done(False, e))
        script.addEventListener("load", on_load)
        script.addEventListener("error", on_error)
        document.head.appendChild(script)
        _peerjs_loading.append(loaded)
    try:
        ok = await asyncio.wait_for(asyncio.shield(_peerjs_loading[0]), timeout_s)
    except TimeoutError:
        ok = False
    if not ok or not getattr(window, "peerjs", None):
        _peerjs_loading.clear()
        raise TransportError("unavailable", f"could not load {src}")
    return window.peerjs


def _error_type(error: Any) -> str:
    return str(getattr(error, "type", "") or "")


async def _peer_open(peer: Any, timeout_s: float) -> tuple[Any, list[Any]]:
    """Wait for a PeerJS Peer's 'open'; returns the handlers to keep alive."""
    opened = asyncio.get_event_loop().create_future()

    def on_open(_id: Any) -> None:
        if not opened.done():
            opened.set_result(True)

    def on_error(error: Any) -> None:
        if not opened.done():
            opened.set_exception(_room_error(error))

    keep = [create_proxy(on_open), create_proxy(on_error)]
    peer.on("open", keep[0])
    peer.on("error", keep[1])
    try:
        await asyncio.wait_for(opened, timeout_s)
    except TimeoutError:
        peer.destroy()
        raise TransportError("server", f"no answer from the room server in {timeout_s:g} s") from None
    except TransportError:
        peer.destroy()
        raise
    return peer, keep


def _room_error(error: Any) -> TransportError:
    kind = _error_type(error)
    text = str(getattr(error, "message", "") or kind)
    if kind == "unavailable-id":
        return TransportError("taken", "another table holds this room code")
    if kind == "peer-unavailable":
        return TransportError("no room", "nobody holds this room code")
    return TransportError("server", f"{kind}: {text}")


def _answered(conn: Any) -> bool:
    """True once the other side's answer to a DataConnection's offer has arrived (a
    description with a type: JavaScript's null comes to Python as ``jsnull``, not None)."""
    with contextlib.suppress(Exception):
        return bool(getattr(conn.peerConnection.remoteDescription, "type", ""))
    return False


async def _data_link(conn: Any, owner: Any, timeout_s: float, answer_s: float | None = None) -> Link:
    """The Link over a PeerJS DataConnection once its channel is open.

    The Link is made in the 'open' handler itself, so that it listens on the channel
    before any message can arrive: a peer may speak the moment the channel opens, and a
    message that came before the Link would be lost.

    ``answer_s`` (the side that offers): TransportError("no answer") when the other side's
    answer has not come in that long. An offer the server handed to a host that is gone
    (its registration outlives it) is never answered; waiting out ``timeout_s`` for it
    would only delay the next try."""
    opened: asyncio.Future[Link] = asyncio.get_event_loop().create_future()

    def on_open(*_args: Any) -> None:
        if not opened.done():
            opened.set_result(Link(conn.peerConnection, conn.dataChannel, owner))

    def on_error(error: Any) -> None:
        if not opened.done():
            opened.set_exception(_room_error(error))

    open_proxy, error_proxy = create_proxy(on_open), create_proxy(on_error)
    conn.on("open", open_proxy)
    conn.on("error", error_proxy)
    loop = asyncio.get_event_loop()
    deadline = loop.time() + timeout_s
    answer_by = None if answer_s is None else loop.time() + min(answer_s, timeout_s)
    try:
        while not opened.done():
            now = loop.time()
            if answer_by is not None and now >= answer_by:
                if not _answered(conn):
                    conn.close()
                    raise TransportError("no answer", f"no answer from the room in {answer_s:g} s")
                answer_by = None
            if now >= deadline:
                conn.close()
                raise TransportError("expired", f"not connected after {timeout_s:g} s")
            await asyncio.wait({opened}, timeout=min(deadline, answer_by or deadline) - now)
        return opened.result()
    finally:
        conn.off("open", open_proxy)
        conn.off("error", error_proxy)
        open_proxy.destroy()
        error_proxy.destroy()


class RoomHost:
    """A table's room on a PeerJS server; gives a Link per guest that connects."""

    def __init__(self, peer: Any, keep: list[Any], room: str) -> None:
        self._peer = peer
        self._keep = keep
        self.room = room
        self._links: asyncio.Queue[Link] = asyncio.Queue()
        self._pending: set[asyncio.Future[None]] = set()
        self._on_link: Callable[[Link], None] | None = None
        self._early: list[Link] = []  # links that came before on_link was set
        self._keep.append(create_proxy(self._incoming))
        peer.on("connection", self._keep[-1])
        self._closed = False
        self._keep.append(create_proxy(self._disconnected))
        peer.on("disconnected", self._keep[-1])
        self._rejoin: asyncio.Future[None] | None = None

    def _disconnected(self, *_args: Any) -> None:
        """The server connection dropped (the host's network went away a moment): go
        back to the server under the same room id, every few seconds, until it answers
        or the room is closed. Links already open are not touched."""
        if self._closed or (self._rejoin is not None and not self._rejoin.done()):
            return

        async def rejoin() -> None:
            for _ in range(RECONNECT_TRIES):
                await asyncio.sleep(RECONNECT_EVERY_S)
                if self._closed or not self._peer.disconnected:
                    return
                with contextlib.suppress(Exception):
                    self._peer.reconnect()

        self._rejoin = asyncio.ensure_future(rejoin())

    @property
    def on_link(self) -> Callable[[Link], None]:
        return self._on_link or self._early.append

    @on_link.setter
    def on_link(self, handler: Callable[[Link], None]) -> None:
        """The handler of each guest's open Link; those that opened before it was set (a
        guest's offer that waited on the server for the room is handed over the moment the
        room registers) are handed to it first."""
        self._on_link = handler
        early, self._early = self._early, []
        for link in early:
            handler(link)

    def set_ice(self, ice_servers: Sequence[dict[str, Any]]) -> None:
        """The ICE servers of the connections that come from now on."""
        with contextlib.suppress(Exception):
            self._peer.options.config = _rtc_config(ice_servers)

    @classmethod
    async def open(
        cls,
        server: RoomServer,
        room: str,
        ice_servers: Sequence[dict[str, Any]] = (),
        timeout_s: float = 15.0,
        peerjs_src: str = "vendor/peerjs/peerjs.min.js",
    ) -> RoomHost:
        room = clean_room(room)
        peerjs = await load_peerjs(peerjs_src)
        peer = peerjs.Peer.new(ROOM_PREFIX + room, server.options(ice_servers))
        # listening before the server says the room is open: a guest's offer that waited
        # there for the room (the host's reload) comes right behind that "open", and a
        # connection no one listens for is answered by PeerJS but lost to the table
        made = cls(peer, [], room)
        try:
            _, keep = await _peer_open(peer, timeout_s)
        except BaseException:
            made._closed = True
            raise
        made._keep.extend(keep)
        return made

    def _incoming(self, conn: Any) -> None:
        async def link_up() -> None:
            try:
                link = await _data_link(conn, None, 20.0)
            except TransportError:
                return
            self._links.put_nowait(link)
            self.on_link(link)

        task = asyncio.ensure_future(link_up())
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def next_link(self, timeout_s: float) -> Link:
        """The next guest's open Link; TransportError("expired") after timeout_s."""
        try:
            return await asyncio.wait_for(self._links.get(), timeout_s)
        except TimeoutError:
            raise TransportError("expired", f"nobody joined in {timeout_s:g} s") from None

    def stop_listening(self) -> None:
        """Leave the server (no new guests); open links stay."""
        self._peer.disconnect()

    def close(self) -> None:
        """Leave the server and close every link made through this room."""
        self._closed = True
        self._peer.destroy()


async def room_connect(
    server: RoomServer,
    room: str,
    ice_servers: Sequence[dict[str, Any]] = (),
    timeout_s: float = 20.0,
    peerjs_src: str = "vendor/peerjs/peerjs.min.js",
    metadata: dict[str, Any] | None = None,
    answer_s: float | None = None,
) -> Link:
    """A guest's Link to the table holding `room` (see the module docstring);
    ``answer_s``: give up when the table has not answered in that long (``"no answer"``),
    or in ANSWER_PER_OPEN times what this device took to be let in by the server, if more."""
    room = clean_room(room)
    peerjs = await load_peerjs(peerjs_src)
    # Our own random id: PeerJS then needs no HTTP request for one (only the WebSocket,
    # so a CSP connect-src needs just the server's wss:// origin).
    guest_id = f"{ROOM_PREFIX}g-{_random_id()}"
    loop = asyncio.get_event_loop()
    began = loop.time()
    peer, keep = await _peer_open(peerjs.Peer.new(guest_id, server.options(ice_servers)), timeout_s)
    if answer_s is not None:  # a slow network: the answer comes through the same server
        answer_s = max(answer_s, ANSWER_PER_OPEN * (loop.time() - began))
    failed = loop.create_future()

    def on_error(error: Any) -> None:
        if not failed.done():
            failed.set_result(_room_error(error))

    keep.append(create_proxy(on_error))
    peer.on("error", keep[-1])
    options = {"reliable": True, "serialization": "raw", "metadata": json.dumps(metadata or {})}
    conn = peer.connect(ROOM_PREFIX + room, _js(options))
    linking = asyncio.ensure_future(_data_link(conn, peer, timeout_s, answer_s))
    await asyncio.wait([linking, failed], return_when=asyncio.FIRST_COMPLETED)
    if not linking.done():
        linking.cancel()
        peer.destroy()
        raise failed.result()
    try:
        link = linking.result()
    except TransportError:
        peer.destroy()
        raise
    peer.disconnect()  # leave the server; the data channel stays
    return link
