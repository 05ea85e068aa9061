"""Room-code invitations (opt-in play with friends through a signalling server).

Plain Python (no browser), tested in CPython by ``tests/test_web_roomlink.py``.

With a room code the host's page registers the room on a PeerJS signalling server (npm
``peer``, which anyone can run: ``npx peerjs --port 9000``), and a friend's page finds the
host through it; no reply code travels back. The server's address is a setting of the
host (``parse_server``); the invitation carries it so the friend's page needs no setting::

    <base_url>#room=1.<ROOM>.<seat>.<token>.<server, base64url of its address>

everything in the URL fragment (never sent to a web server). ``ROOM`` is 4..12 characters
of ``A-Z 2-9`` (no look-alikes), ``token`` the seat's secret (``signal.token_ok``).

**The host's connection settings travel with every invitation** (a room link and a manual
``#join=`` link alike): ``&ice=<base64url of the ICE setting's text>`` after the invitation
(:func:`with_ice` / :func:`ice_in`), so a friend never types a STUN or TURN line.

**Defaults for play between homes** (docs/FRIENDS.md says why): the public PeerJS server
(:data:`CLOUD_SERVER`, ``0.peerjs.com``, run by the PeerJS project) is the one-click
signalling service, and :data:`DEFAULT_ICE` (Google's public STUN and the PeerJS project's
public TURN relays, the ones the PeerJS client itself defaults to) is the ICE list of a room
whose host set none. Nothing uses them until the host chooses the room.
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass

from web.net.signal import SEATS, token_ok

ROOM_KEY = "room="
ROOM_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
_ROOM = re.compile(r"[A-HJ-NP-Z2-9]{4,12}")
MAX_SERVER = 200


class RoomLinkError(ValueError):
    """A room invitation or a server address that cannot be used (the reason says why)."""


@dataclass(frozen=True)
class Server:
    """Where the signalling server listens (``web.transport.RoomServer`` takes these)."""

    host: str
    port: int
    path: str
    secure: bool

    def text(self) -> str:
        scheme = "https" if self.secure else "http"
        return f"{scheme}://{self.host}:{self.port}{self.path}"


@dataclass(frozen=True)
class RoomInvitation:
    room: str
    seat: int
    token: str
    server: Server


def parse_server(text: str) -> Server:
    """A server address as typed: ``host[:port][/path]`` or a URL (``http://`` means not
    secure; anything else is secure, default port 443)."""
    t = (text or "").strip()
    if not t or len(t) > MAX_SERVER:
        raise RoomLinkError("the server address is empty or too long")
    if "://" not in t:
        t = ("http://" if t.startswith(("127.", "localhost")) else "https://") + t
    from urllib.parse import urlsplit  # only here: not a cost at the page's start

    try:
        parts = urlsplit(t)
        port = parts.port
    except ValueError:
        raise RoomLinkError("the server address is not valid") from None
    if parts.scheme not in ("http", "https", "ws", "wss") or not parts.hostname:
        raise RoomLinkError("the server address is not valid")
    if parts.query or parts.fragment or parts.username or parts.password:
        raise RoomLinkError("the server address may hold only a host, a port and a path")
    secure = parts.scheme in ("https", "wss")
    path = parts.path or "/"
    if not re.fullmatch(r"[A-Za-z0-9._~/-]*", path):
        raise RoomLinkError("the server path has characters it may not have")
    return Server(parts.hostname, port or (443 if secure else 80), path, secure)


#: The public PeerJS signalling server, the host's one-click choice.
CLOUD_SERVER = Server("0.peerjs.com", 443, "/", True)
#: The ICE servers of a room whose host set none: public STUN, and a TURN relay for routers
#: that defeat STUN (symmetric NATs). These are the PeerJS client's own defaults.
DEFAULT_ICE: tuple[dict[str, str], ...] = (
    {"urls": "stun:stun.l.google.com:19302"},
    {"urls": "turn:eu-0.turn.peerjs.com:3478", "username": "peerjs", "credential": "peerjsp"},
    {"urls": "turn:us-0.turn.peerjs.com:3478", "username": "peerjs", "credential": "peerjsp"},
)


def new_room(random_bytes: bytes) -> str:
    """A room code from random bytes (the page's ``crypto.getRandomValues``): 6 characters."""
    if len(random_bytes) < 6:
        raise RoomLinkError("need 6 random bytes")
    return "".join(ROOM_ALPHABET[b % len(ROOM_ALPHABET)] for b in random_bytes[:6])


def room_ok(room: object) -> bool:
    return isinstance(room, str) and bool(_ROOM.fullmatch(room))


def room_url(base_url: str, room: str, seat: int, token: str, server: Server) -> str:
    if not room_ok(room):
        raise RoomLinkError("the room code is not valid")
    if seat not in SEATS or not token_ok(token):
        raise RoomLinkError("the seat or its token is not valid")
    srv = base64.urlsafe_b64encode(server.text().encode()).decode().rstrip("=")
    return f"{base_url.split('#', 1)[0]}#{ROOM_KEY}1.{room}.{seat}.{token}.{srv}"


def parse_room(fragment: str) -> RoomInvitation:
    """The room invitation in a URL fragment (or a whole URL); RoomLinkError otherwise."""
    text = "".join((fragment or "")[:2000].split())
    text = text.split("#", 1)[1] if "#" in text else text
    payload = next((p[len(ROOM_KEY) :] for p in text.split("&") if p.startswith(ROOM_KEY)), None)
    if payload is None:
        raise RoomLinkError("this is not a room invitation (no room=)")
    fields = payload.split(".")
    if len(fields) != 5 or fields[0] != "1":
        raise RoomLinkError("the room invitation is cut short or damaged")
    _, room, seat, token, srv = fields
    if not room_ok(room):
        raise RoomLinkError("the room code is not valid")
    if not seat.isdigit() or int(seat) not in SEATS or not token_ok(token):
        raise RoomLinkError("the invitation's seat or token is not valid")
    try:
        server_text = base64.urlsafe_b64decode(srv + "=" * (-len(srv) % 4)).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise RoomLinkError("the invitation's server address is damaged") from None
    return RoomInvitation(room, int(seat), token, parse_server(server_text))


# ---------------------------------------------------------------------------------------
# ICE servers (a setting of each device: STUN, optional TURN)

MAX_ICE = 6
_ICE_URL = re.compile(r"(stun|stuns|turn|turns):[A-Za-z0-9.\-\[\]:]+(\?transport=(udp|tcp))?")


def parse_ice(text: str) -> list[dict[str, str]]:
    """ICE servers from the setting's text: one per line, ``stun:host[:port]`` or
    ``turn:host[:port] username credential``. Empty text: none (the default: no request
    leaves the page's origin; two browsers on one network need none). RoomLinkError
    names the first bad line."""
    out: list[dict[str, str]] = []
    for n, raw in enumerate((text or "").splitlines()[:50], 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split()
        url = parts[0]
        if not _ICE_URL.fullmatch(url) or len(url) > 200:
            raise RoomLinkError(f"line {n}: not a stun: or turn: address")
        server: dict[str, str] = {"urls": url}
        if url.startswith("turn"):
            if len(parts) != 3:
                raise RoomLinkError(f"line {n}: a TURN server needs a username and a credential")
            server["username"], server["credential"] = parts[1], parts[2]
        elif len(parts) != 1:
            raise RoomLinkError(f"line {n}: a STUN server takes no username")
        out.append(server)
        if len(out) > MAX_ICE:
            raise RoomLinkError(f"at most {MAX_ICE} ICE servers")
    return out


def ice_text(servers: list[dict[str, str]]) -> str:
    """The setting's text of :func:`parse_ice` output."""
    lines = []
    for s in servers:
        extra = f" {s['username']} {s['credential']}" if "username" in s and "credential" in s else ""
        lines.append(str(s.get("urls", "")) + extra)
    return "\n".join(lines)


ICE_PART = "ice="


def with_ice(url: str, servers: list[dict[str, str]] | tuple[dict[str, str], ...]) -> str:
    """An invitation URL with the host's ICE servers after it (``&ice=…``; none: as is)."""
    if not servers:
        return url
    text = ice_text(list(servers))
    return url + "&" + ICE_PART + base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def ice_in(fragment: str) -> list[dict[str, str]] | None:
    """The ICE servers an invitation carries (None: it carries none); RoomLinkError when
    they are damaged."""
    text = "".join((fragment or "")[:4000].split())
    text = text.split("#", 1)[1] if "#" in text else text
    part = next((p[len(ICE_PART) :] for p in text.split("&") if p.startswith(ICE_PART)), None)
    if part is None:
        return None
    if not re.fullmatch(r"[A-Za-z0-9_-]{1,2000}", part):
        raise RoomLinkError("the invitation's connection settings are damaged")
    try:
        lines = base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise RoomLinkError("the invitation's connection settings are damaged") from None
    return parse_ice(lines)
