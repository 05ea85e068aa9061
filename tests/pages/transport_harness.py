"""Drives web/net/transport.py for tests/test_page_transport.py (run by tests/pages/transport.html).

Every action is an async function on ``window.harness`` returning JSON text:
``{"ok": true, ...}`` or ``{"ok": false, "reason": ..., "error": ...}``. The page holds at
most one Link (``LINK``); what it receives is kept in ``RECEIVED``; a guest echoes
``ping:`` messages back as ``pong:`` so the host can time round trips.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

from web.net import transport
from web.net.transport import Link, RoomServer, TransportError

PEERJS_SRC = "../../vendor/peerjs/peerjs.min.js"
STATE: dict[str, Any] = {"invite": None, "reply": None, "link": None, "room": None}
RECEIVED: list[str] = []
CLOSED: list[str] = []
PONGS: dict[str, asyncio.Future[float]] = {}


def now() -> float:
    return float(window.performance.now())


def ok(**fields: Any) -> str:
    return json.dumps({"ok": True, **fields})


def failure(exc: Exception) -> str:
    reason = exc.reason if isinstance(exc, TransportError) else type(exc).__name__
    return json.dumps({"ok": False, "reason": reason, "error": str(exc)})


def adopt(link: Link) -> None:
    STATE["link"] = link

    def on_message(text: str) -> None:
        RECEIVED.append(text)
        if text.startswith("ping:"):
            link.send("pong:" + text[5:])
        elif text.startswith("pong:") and text[5:] in PONGS:
            PONGS.pop(text[5:]).set_result(now())

    link.on_message = on_message
    link.on_close = CLOSED.append


def servers(ice_json: str) -> list[dict[str, Any]]:
    return list(json.loads(ice_json or "[]"))


async def make_invite(ice_json: str = "[]") -> str:
    try:
        invite = await transport.make_invite(servers(ice_json))
    except Exception as exc:
        return failure(exc)
    STATE["invite"] = invite
    return ok(code=invite.code, gather_ms=invite.gather_ms)


async def accept(reply_text: str, timeout_s: float) -> str:
    start = now()
    try:
        link = await STATE["invite"].accept(reply_text, timeout_s)
    except Exception as exc:
        return failure(exc)
    adopt(link)
    return ok(open_ms=now() - start)


async def answer(offer_code: str, ice_json: str = "[]") -> str:
    try:
        reply = await transport.answer_invite(offer_code, servers(ice_json))
    except Exception as exc:
        return failure(exc)
    STATE["reply"] = reply
    adopt(reply.link)
    return ok(code=reply.code, gather_ms=reply.gather_ms)


async def wait_open(timeout_s: float) -> str:
    start = now()
    try:
        await STATE["link"].wait_open(timeout_s)
    except Exception as exc:
        return failure(exc)
    return ok(open_ms=now() - start)


async def room_host(server_json: str, room: str, ice_json: str = "[]") -> str:
    try:
        server = RoomServer(**json.loads(server_json))
        STATE["room"] = await transport.RoomHost.open(server, room, servers(ice_json), peerjs_src=PEERJS_SRC)
    except Exception as exc:
        return failure(exc)
    return ok(room=STATE["room"].room)


async def room_next(timeout_s: float) -> str:
    start = now()
    try:
        link = await STATE["room"].next_link(timeout_s)
    except Exception as exc:
        return failure(exc)
    adopt(link)
    return ok(open_ms=now() - start)


async def room_connect(server_json: str, room: str, ice_json: str = "[]") -> str:
    start = now()
    try:
        server = RoomServer(**json.loads(server_json))
        link = await transport.room_connect(server, room, servers(ice_json), peerjs_src=PEERJS_SRC)
    except Exception as exc:
        return failure(exc)
    adopt(link)
    return ok(open_ms=now() - start)


def no_link() -> str:
    return json.dumps({"ok": False, "reason": "closed", "error": "no link"})


async def send(text: str) -> str:
    link = STATE["link"]
    return ok(sent=bool(link and link.send(text)))


async def round_trips(count: int) -> str:
    """Times `count` ping/pong round trips (ms) over the link."""
    if STATE["link"] is None:
        return no_link()
    times = []
    for i in range(count):
        key = f"{i}-{now()}"
        PONGS[key] = asyncio.get_event_loop().create_future()
        start = now()
        if not STATE["link"].send("ping:" + key):
            return json.dumps({"ok": False, "reason": "closed", "error": "link not open"})
        try:
            end = await asyncio.wait_for(PONGS[key], 5)
        except TimeoutError:
            return json.dumps({"ok": False, "reason": "expired", "error": "no pong"})
        times.append(end - start)
    return ok(ms=times)


async def status() -> str:
    link = STATE["link"]
    return ok(
        received=RECEIVED,
        closed=CLOSED,
        is_open=bool(link and link.is_open),
        state=link.state if link else "",
        peerjs=bool(getattr(window, "peerjs", None)),
    )


async def close() -> str:
    if STATE["link"]:
        STATE["link"].close()
    return ok()


ACTIONS = [make_invite, accept, answer, wait_open, room_host, room_next, room_connect]
ACTIONS += [send, round_trips, status, close]
_keep = [create_proxy(action) for action in ACTIONS]
window.harness = to_js(
    {action.__name__: proxy for action, proxy in zip(ACTIONS, _keep, strict=True)},
    dict_converter=window.Object.fromEntries,
)
document.getElementById("status").textContent = "ready"
document.body.dataset.ready = "true"
