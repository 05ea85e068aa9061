"""Connection codes for playing with friends over WebRTC, with no server of ours.

Plain Python (no browser imports), tested in CPython by ``tests/test_web_signal.py``;
``web/transport.py`` uses it in the page.

Two browsers open a WebRTC data channel once each has the other's session description
(SDP). The host's *offer* travels to a guest inside an invitation URL; the guest's *answer*
comes back as a reply code that the host pastes. Both are made short enough for a QR code:

**Connection code** (``compact`` / ``expand``): a data-channel-only SDP reduced to what a
connection needs, then raw-deflated (``zlib``, wbits -15) and written in base64url without
padding (alphabet ``A-Z a-z 0-9 - _``). Before deflating, the bytes are::

    header    1 byte   (FORMAT << 4) | (kind << 2) | setup
                       kind: 0 offer, 1 answer; setup: 0 actpass, 1 active, 2 passive
    ufrag     1 byte length + ASCII ice-chars (A-Z a-z 0-9 + /), 4..255
    pwd       1 byte length + ASCII ice-chars, 22..255
    fingerprint 32 bytes: the DTLS certificate's SHA-256
    count     1 byte, then that many candidates (at most MAX_CANDIDATES), best first:
      flags   1 byte   bits 0-1 type (0 host, 1 srflx, 2 prflx, 3 relay), bit 2 TCP,
                       bits 3-4 tcptype (0 none, 1 passive, 2 so), bits 5-6 address kind
                       (0 IPv4: 4 bytes, 1 IPv6: 16 bytes, 2 mDNS ``<uuid>.local``: 16 bytes,
                       3 host name: 1 byte length + ASCII), bit 7 zero
      address as the flags say
      port    2 bytes big-endian
    check     2 bytes: the low 16 bits of the CRC-32 of everything above

Foundations, priorities, generation, network ids and related addresses are left out:
``expand`` numbers the candidates 1, 2, ... and gives them priorities in the order they were
listed (host > prflx > srflx > relay, then list order). TCP ``active`` candidates (port 9,
useless to the other side, which never gathers passive TCP ones in Chromium) and components
other than 1 are dropped. An answer is always encoded with ``setup:passive``: the guest makes
its own local answer passive too (``passive_answer``), so the host's browser starts the DTLS
handshake when it accepts the reply, however late; an ``active`` guest would give up
retrying its handshake after a while (measured: after 240 s it failed). A code with two
mDNS host candidates (what Chromium gathers by default) is 146 characters.

``expand`` rebuilds a complete SDP that Chromium accepts (``m=application 9 UDP/DTLS/SCTP
webrtc-datachannel``, ``a=mid:0``, BUNDLE, ``a=sctp-port:5000``,
``a=max-message-size:262144``). Anything wrong raises ``SignalError`` (a ``ValueError``)
with a reason: codes longer than MAX_CODE_CHARS are refused before decoding and inflating
stops after MAX_RAW_BYTES (no zip bombs).

**Invitation URL** (``invitation_url`` / ``parse_invitation``)::

    <base_url>#join=1.<seat>.<table>.<token>.<name>.<offer code>.<check>

everything in the fragment (never sent to a web server); ``seat`` in decimal (1..15),
``table`` an id and ``token`` a secret, both url-safe (``token_ok``: 22..64 characters of
``A-Z a-z 0-9 - _``, made by the page with ``crypto.getRandomValues``), ``name`` the host's
name (at most MAX_NAME_CHARS) as base64url UTF-8, ``check`` 4 base64url characters of the
CRC-32 of the text before it. An invitation URL with a 44-character base and two mDNS
candidates is ~245 characters (QR version 11 at level M, 61 modules; version 10 at L).

**Reply code** (``reply_code`` / ``read_reply``, ``parse_reply``)::

    R2.<made_at_ms in base 36>.<invitation id>.<answer code>.<check>

``made_at_ms`` is the guest's clock when the answer was made (so the host can tell a stale
reply); ``invitation id`` names the invitation it answers: ``offer_id`` of the invitation's
offer code (8 hex digits of its CRC-32; every invitation has its own offer, so links made
before replies named them have an id too), so that the host refuses a reply to an invitation
it replaced or already used the moment it is pasted; ``check`` as above, over everything
before it. A reply code made before replies named their invitation,
``R1.<made_at_ms>.<answer code>.<check>``, is still read (``Reply.invitation`` None).
``read_reply`` finds the code in whatever is pasted: spaces and line breaks inside it, quotes
or words around it, ``>`` quote marks at line starts, a URL holding it, text glued after it.
A reply code with two mDNS candidates is 172 characters (QR version 9 at level M).
"""

from __future__ import annotations

import base64
import binascii
import ipaddress
import re
import uuid
import zlib
from dataclasses import dataclass

FORMAT = 1
KINDS = ("offer", "answer")
SETUPS = ("actpass", "active", "passive")
TYPES = ("host", "srflx", "prflx", "relay")
TYPE_PREFERENCE = {"host": 126, "prflx": 110, "srflx": 100, "relay": 0}
TCPTYPES = ("", "passive", "so")

MAX_CANDIDATES = 12
MAX_CODE_CHARS = 1200  # base64url characters of one connection code
MAX_RAW_BYTES = 2048  # inflated bytes of one connection code
MAX_TEXT_CHARS = 20_000  # pasted reply / invitation text looked at
MAX_NAME_CHARS = 40
SEATS = range(1, 16)
SCTP_PORT = 5000
MAX_MESSAGE_SIZE = 262144

_B64 = re.compile(r"[A-Za-z0-9_-]*")
_ICE_CHARS = re.compile(r"[A-Za-z0-9+/]+")
_TOKEN = re.compile(r"[A-Za-z0-9_-]{22,64}")
_TABLE = re.compile(r"[A-Za-z0-9_-]{1,64}")
_HOSTNAME = re.compile(r"[A-Za-z0-9.-]{1,253}")
_MDNS = re.compile(r"([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\.local")
# Characters a messenger or an editor may put inside a pasted code.
_INVISIBLE = set(" \t\r\n\v\f\u00a0\u200b\u200c\u200d\u2060\ufeff")
_CODE_CHARS = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.")
_REPLY_MARK = "R2."  # a reply that names its invitation
_OLD_REPLY_MARK = "R1."  # one made before replies named it
_REPLY_MARKS = re.compile(r"R[12]\.")
_OFFER_ID = re.compile(r"[0-9a-f]{8}")
_JOIN_KEY = "join="


class SignalError(ValueError):
    """A connection code, invitation or reply that cannot be used (the message says why)."""


@dataclass(frozen=True)
class Candidate:
    """One ICE candidate as the code keeps it."""

    type: str  # host, srflx, prflx, relay
    proto: str  # udp, tcp
    address: str  # IP, ``<uuid>.local`` or a host name
    port: int
    tcptype: str = ""  # "", passive, so

    def line(self, index: int) -> str:
        """The SDP attribute, with foundation index+1 and a priority from the list order."""
        local = max(0, 65535 - index)
        priority = (TYPE_PREFERENCE[self.type] << 24) | (local << 8) | 255
        text = f"a=candidate:{index + 1} 1 {self.proto} {priority} {self.address} {self.port} typ {self.type}"
        if self.type != "host":
            text += " raddr 0.0.0.0 rport 0"
        if self.tcptype:
            text += f" tcptype {self.tcptype}"
        return text + " generation 0"


@dataclass(frozen=True)
class Description:
    """The parts of a session description that a connection code keeps."""

    kind: str
    setup: str
    ufrag: str
    pwd: str
    fingerprint: bytes
    candidates: tuple[Candidate, ...]


@dataclass(frozen=True)
class Reply:
    """What a reply code carries."""

    answer_code: str
    made_at_ms: int
    #: ``offer_id`` of the invitation it answers; None for a reply code made before replies
    #: named their invitation (``R1.``)
    invitation: str | None


@dataclass(frozen=True)
class Invitation:
    """What an invitation URL carries."""

    offer_code: str
    seat: int
    token: str
    table: str
    host_name: str


# ---------------------------------------------------------------------------------------
# base64url and checks


def _b64encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _b64decode(text: str, what: str) -> bytes:
    if not _B64.fullmatch(text):
        raise SignalError(f"{what} has characters that are not base64url")
    if len(text) % 4 == 1:
        raise SignalError(f"{what} is cut short or damaged (impossible length)")
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError) as exc:
        raise SignalError(f"{what} is damaged ({exc})") from None


def _check4(text: str) -> str:
    """4 base64url characters of the CRC-32 of `text` (24 bits)."""
    return _b64encode((zlib.crc32(text.encode("utf-8")) & 0xFFFFFF).to_bytes(3, "big"))


def token_from_bytes(data: bytes) -> str:
    """A token (base64url, no padding) from random bytes made by the browser
    (``crypto.getRandomValues``); 17 bytes give 23 characters."""
    if len(data) < 16:
        raise SignalError("a token needs at least 16 random bytes")
    return _b64encode(data)[:64]


def token_ok(token: object) -> bool:
    """True for a usable secret token: 22..64 characters of ``A-Z a-z 0-9 - _``
    (22 characters of base64url carry 132 bits)."""
    return isinstance(token, str) and _TOKEN.fullmatch(token) is not None


# ---------------------------------------------------------------------------------------
# SDP -> Description


def _ice_chars(value: str, what: str, low: int) -> str:
    if not (low <= len(value) <= 255) or not _ICE_CHARS.fullmatch(value):
        raise SignalError(f"the {what} is not {low}..255 ICE characters")
    return value


def _parse_candidate(value: str) -> Candidate | None:
    """`value` is what follows ``a=candidate:``; None for a candidate the code leaves out."""
    fields = value.split()
    if len(fields) < 8 or fields[6] != "typ":
        raise SignalError(f"unreadable candidate: {value[:80]!r}")
    component, proto, address, port_text, ctype = (
        fields[1],
        fields[2].lower(),
        fields[4],
        fields[5],
        fields[7],
    )
    if component != "1":
        return None
    if proto not in ("udp", "tcp") or ctype not in TYPES or not port_text.isdigit():
        raise SignalError(f"unreadable candidate: {value[:80]!r}")
    tcptype = ""
    if "tcptype" in fields[8:]:
        at = fields.index("tcptype", 8)
        tcptype = fields[at + 1].lower() if at + 1 < len(fields) else ""
    if proto == "tcp":
        if tcptype == "active":
            return None
        if tcptype not in ("passive", "so"):
            raise SignalError(f"unreadable TCP candidate: {value[:80]!r}")
    else:
        tcptype = ""
    port = int(port_text)
    if not 0 < port < 65536:
        raise SignalError(f"candidate port out of range: {port}")
    _address_bytes(address)  # validates
    return Candidate(ctype, proto, address, port, tcptype)


def parse_sdp(sdp: str, kind: str) -> Description:
    """The parts of a data-channel-only SDP that a code keeps (see the module docstring)."""
    if kind not in KINDS:
        raise SignalError(f"kind is 'offer' or 'answer', not {kind!r}")
    if not isinstance(sdp, str) or len(sdp) > 100_000:
        raise SignalError("not an SDP")
    values: dict[str, str] = {}
    found: list[tuple[int, Candidate]] = []
    media = 0
    for raw in sdp.splitlines():
        line = raw.strip()
        if line.startswith("m="):
            media += 1
            if not line.startswith("m=application ") or "webrtc-datachannel" not in line:
                raise SignalError("not a data-channel-only SDP: " + line[:60])
        elif line.startswith("a=candidate:"):
            candidate = _parse_candidate(line[len("a=candidate:") :])
            if candidate is not None:
                priority = line.split()[3]
                found.append((int(priority) if priority.isdigit() else 0, candidate))
        elif line.startswith("a=") and ":" in line:
            key, _, value = line[2:].partition(":")
            if key == "fingerprint" and value.split(" ", 1)[0].lower() != "sha-256":
                continue  # another hash as well as sha-256: keep looking
            values.setdefault(key, value.strip())
    if media != 1:
        raise SignalError(f"the SDP has {media} media sections, not one data channel")
    if "fingerprint" not in values:
        raise SignalError("the SDP has no sha-256 fingerprint")
    for key in ("ice-ufrag", "ice-pwd", "setup"):
        if key not in values:
            raise SignalError(f"the SDP has no a={key}")
    algorithm, _, hex_bytes = values["fingerprint"].partition(" ")
    try:
        fingerprint = bytes.fromhex(hex_bytes.replace(":", ""))
    except ValueError:
        fingerprint = b""
    if algorithm.lower() != "sha-256" or len(fingerprint) != 32:
        raise SignalError("the SDP has no sha-256 fingerprint")
    setup = values["setup"].lower()
    if setup not in SETUPS:
        raise SignalError(f"unknown a=setup:{setup}")
    if kind == "answer":
        setup = "passive"
    found.sort(key=lambda pc: -pc[0])  # stable: equal priorities keep their order
    candidates = tuple(c for _, c in found[:MAX_CANDIDATES])
    return Description(
        kind,
        setup,
        _ice_chars(values["ice-ufrag"], "ICE ufrag", 4),
        _ice_chars(values["ice-pwd"], "ICE password", 22),
        fingerprint,
        candidates,
    )


# ---------------------------------------------------------------------------------------
# Description <-> bytes


def _address_bytes(address: str) -> tuple[int, bytes]:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        pass
    else:
        return (0, ip.packed) if ip.version == 4 else (1, ip.packed)
    m = _MDNS.fullmatch(address)
    if m:
        return 2, uuid.UUID(m.group(1)).bytes
    if not _HOSTNAME.fullmatch(address):
        raise SignalError(f"bad candidate address: {address[:60]!r}")
    return 3, bytes([len(address)]) + address.encode("ascii")


def pack(desc: Description) -> bytes:
    """The bytes of a connection code before deflating (see the module docstring)."""
    out = bytearray([(FORMAT << 4) | (KINDS.index(desc.kind) << 2) | SETUPS.index(desc.setup)])
    for text in (desc.ufrag, desc.pwd):
        out += bytes([len(text)]) + text.encode("ascii")
    out += desc.fingerprint
    out.append(len(desc.candidates))
    for c in desc.candidates:
        akind, abytes = _address_bytes(c.address)
        tcp = c.proto == "tcp"
        flags = TYPES.index(c.type) | (tcp << 2) | (TCPTYPES.index(c.tcptype) << 3) | (akind << 5)
        out.append(flags)
        out += abytes + c.port.to_bytes(2, "big")
    out += (zlib.crc32(bytes(out)) & 0xFFFF).to_bytes(2, "big")
    return bytes(out)


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def take(self, n: int) -> bytes:
        if self.at + n > len(self.data):
            raise SignalError("the code is cut short")
        chunk = self.data[self.at : self.at + n]
        self.at += n
        return chunk

    def byte(self) -> int:
        return self.take(1)[0]


def unpack(data: bytes) -> Description:
    """Inverse of ``pack``; SignalError for anything malformed."""
    if len(data) < 3:
        raise SignalError("the code is cut short")
    body, check = data[:-2], int.from_bytes(data[-2:], "big")
    if zlib.crc32(body) & 0xFFFF != check:
        raise SignalError("the code is damaged (its check does not match)")
    r = _Reader(body)
    head = r.byte()
    if head >> 4 != FORMAT:
        raise SignalError(f"the code has format {head >> 4}, this page reads format {FORMAT}")
    kind_index, setup_index = (head >> 2) & 3, head & 3
    if kind_index >= len(KINDS) or setup_index >= len(SETUPS):
        raise SignalError("the code is damaged (bad header)")
    try:
        ufrag = _ice_chars(r.take(r.byte()).decode("ascii"), "ICE ufrag", 4)
        pwd = _ice_chars(r.take(r.byte()).decode("ascii"), "ICE password", 22)
    except UnicodeDecodeError:
        raise SignalError("the code is damaged (bad ICE credentials)") from None
    fingerprint = r.take(32)
    count = r.byte()
    if count > MAX_CANDIDATES:
        raise SignalError(f"the code has {count} candidates (at most {MAX_CANDIDATES})")
    candidates = []
    for _ in range(count):
        flags = r.byte()
        ctype, tcp, tcptype_i, akind = flags & 3, (flags >> 2) & 1, (flags >> 3) & 3, (flags >> 5) & 3
        if flags & 0x80 or tcptype_i >= len(TCPTYPES) or bool(tcp) != bool(tcptype_i):
            raise SignalError("the code is damaged (bad candidate)")
        if akind == 0:
            address = str(ipaddress.IPv4Address(r.take(4)))
        elif akind == 1:
            address = str(ipaddress.IPv6Address(r.take(16)))
        elif akind == 2:
            address = f"{uuid.UUID(bytes=r.take(16))}.local"
        else:
            try:
                address = r.take(r.byte()).decode("ascii")
            except UnicodeDecodeError:
                address = ""
            if not _HOSTNAME.fullmatch(address):
                raise SignalError("the code is damaged (bad candidate host name)")
        port = int.from_bytes(r.take(2), "big")
        if port == 0:
            raise SignalError("the code is damaged (candidate port 0)")
        proto = "tcp" if tcp else "udp"
        candidates.append(Candidate(TYPES[ctype], proto, address, port, TCPTYPES[tcptype_i]))
    if r.at != len(body):
        raise SignalError("the code is damaged (extra bytes)")
    return Description(KINDS[kind_index], SETUPS[setup_index], ufrag, pwd, fingerprint, tuple(candidates))


# ---------------------------------------------------------------------------------------
# Connection codes


def encode(desc: Description) -> str:
    """A Description as a connection code."""
    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
    return _b64encode(squeeze.compress(pack(desc)) + squeeze.flush())


def decode(code: str) -> Description:
    """A connection code as a Description; SignalError if it is not one."""
    if not isinstance(code, str):
        raise SignalError("a code is text")
    code = code.strip()
    if not code:
        raise SignalError("the code is empty")
    if len(code) > MAX_CODE_CHARS:
        raise SignalError(f"the code is too long ({len(code)} characters, at most {MAX_CODE_CHARS})")
    data = _b64decode(code, "the code")
    inflate = zlib.decompressobj(-15)
    try:
        raw = inflate.decompress(data, MAX_RAW_BYTES + 1)
    except zlib.error:
        raise SignalError("the code is damaged (it does not inflate)") from None
    if len(raw) > MAX_RAW_BYTES:
        raise SignalError("the code is damaged (it inflates too much)")
    if not inflate.eof:
        raise SignalError("the code is cut short (incomplete data)")
    if inflate.unused_data:
        raise SignalError("the code is damaged (extra data after its end)")
    return unpack(raw)


def compact(sdp: str, kind: str) -> str:
    """The connection code of a data-channel-only SDP (`kind`: "offer" or "answer";
    an answer is always encoded as ``setup:passive``)."""
    return encode(parse_sdp(sdp, kind))


def build_sdp(desc: Description) -> str:
    """A complete SDP that Chromium accepts, from the parts a code keeps."""
    session = zlib.crc32(f"{desc.ufrag}:{desc.pwd}".encode("ascii")) or 1
    fingerprint = ":".join(f"{b:02X}" for b in desc.fingerprint)
    lines = [
        "v=0",
        f"o=- {session} 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        "a=group:BUNDLE 0",
        "a=msid-semantic: WMS",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
        *(c.line(i) for i, c in enumerate(desc.candidates)),
        f"a=ice-ufrag:{desc.ufrag}",
        f"a=ice-pwd:{desc.pwd}",
        f"a=fingerprint:sha-256 {fingerprint}",
        f"a=setup:{desc.setup}",
        "a=mid:0",
        f"a=sctp-port:{SCTP_PORT}",
        f"a=max-message-size:{MAX_MESSAGE_SIZE}",
    ]
    return "\r\n".join(lines) + "\r\n"


def expand(code: str) -> tuple[str, str]:
    """(kind, sdp) of a connection code; SignalError (with the reason) for anything else."""
    desc = decode(code)
    return desc.kind, build_sdp(desc)


def passive_answer(sdp: str) -> str:
    """The guest's own answer SDP with ``a=setup:passive`` (set it as the local description
    before making the reply code, so that both sides agree on the DTLS roles)."""
    return re.sub(r"(?m)^a=setup:(active|actpass)\s*$", "a=setup:passive\r", sdp)


# ---------------------------------------------------------------------------------------
# Invitations


def _clean(text: str, limit: int) -> str:
    if not isinstance(text, str):
        raise SignalError("expected text")
    return "".join(ch for ch in text[:limit] if ch not in _INVISIBLE)


def invitation_url(base_url: str, offer_code: str, seat: int, token: str, table: str, host_name: str) -> str:
    """``<base_url>#join=<payload>`` (see the module docstring); base_url's own fragment,
    if any, is replaced."""
    decode(offer_code)  # refuse to invite with a code that would not work
    if type(seat) is not int or seat not in SEATS:
        raise SignalError(f"seat must be {SEATS.start}..{SEATS.stop - 1}")
    if not token_ok(token):
        raise SignalError("the token is not 22..64 url-safe characters")
    if not _TABLE.fullmatch(table):
        raise SignalError("the table id is not 1..64 url-safe characters")
    name = _b64encode(host_name.strip()[:MAX_NAME_CHARS].encode("utf-8"))
    payload = f"{FORMAT}.{seat}.{table}.{token}.{name}.{offer_code.strip()}"
    return f"{base_url.split('#', 1)[0]}#{_JOIN_KEY}{payload}.{_check4(payload)}"


def parse_invitation(fragment: str) -> Invitation:
    """The Invitation in a URL fragment (with or without ``#``, or a whole URL, spaces and
    line breaks allowed); SignalError if there is none or it is damaged."""
    text = _clean(fragment, MAX_TEXT_CHARS)
    text = text.split("#", 1)[1] if "#" in text else text
    payload = None
    for part in text.split("&"):
        if part.startswith(_JOIN_KEY):
            payload = part[len(_JOIN_KEY) :]
    if payload is None:
        raise SignalError("this is not an invitation (no join=)")
    payload = payload.replace("%2E", ".").replace("%2e", ".")
    fields = payload.split(".")
    if len(fields) != 7:
        raise SignalError("the invitation is cut short or damaged")
    version, seat, table, token, name, offer, check = fields
    if version != str(FORMAT):
        raise SignalError(f"the invitation has format {version!r}, this page reads {FORMAT}")
    if check != _check4(payload[: -len(check) - 1]):
        raise SignalError("the invitation is damaged (its check does not match)")
    if not seat.isdigit() or int(seat) not in SEATS:
        raise SignalError("the invitation's seat is not valid")
    if not token_ok(token) or not _TABLE.fullmatch(table):
        raise SignalError("the invitation's token or table is not valid")
    try:
        host_name = _b64decode(name, "the host's name").decode("utf-8")
    except UnicodeDecodeError:
        raise SignalError("the invitation's host name is damaged") from None
    if len(host_name) > MAX_NAME_CHARS:
        raise SignalError("the invitation's host name is too long")
    if decode(offer).kind != "offer":
        raise SignalError("the invitation does not hold an offer")
    return Invitation(offer, int(seat), token, table, host_name)


def offer_id(offer_code: str) -> str:
    """A short id of an invitation's offer (8 hex digits of its CRC-32), so that a page can
    remember which invitations it already used without keeping them."""
    return f"{zlib.crc32(offer_code.strip().encode('ascii', 'replace')):08x}"


# ---------------------------------------------------------------------------------------
# Replies


def _base36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if n == 0:
            return out


def reply_code(answer_code: str, made_at_ms: int, invitation: str | None = None) -> str:
    """What a guest sends back: ``R2.<made_at_ms base 36>.<invitation>.<answer code>.<check>``,
    ``invitation`` being ``offer_id`` of the invitation's offer code (None: the ``R1.`` code
    of pages made before replies named their invitation)."""
    if decode(answer_code).kind != "answer":
        raise SignalError("a reply holds an answer, not an offer")
    if type(made_at_ms) is not int or not 0 <= made_at_ms < 2**53:
        raise SignalError("made_at_ms must be a time in ms")
    if invitation is None:
        body = f"{_OLD_REPLY_MARK}{_base36(made_at_ms)}.{answer_code.strip()}"
    elif isinstance(invitation, str) and _OFFER_ID.fullmatch(invitation):
        body = f"{_REPLY_MARK}{_base36(made_at_ms)}.{invitation}.{answer_code.strip()}"
    else:
        raise SignalError("the invitation id is not 8 hex digits (offer_id)")
    return f"{body}.{_check4(body)}"


def _runs_from(text: str, start: int) -> str:
    """The code characters from `start` on, skipping spaces, line breaks and quote marks
    at line starts, up to the first other character."""
    out = []
    i = start
    line_start = False
    while i < len(text):
        ch = text[i]
        if ch in "\r\n":
            line_start = True
        elif ch in _INVISIBLE or (ch == ">" and line_start):
            pass
        elif ch in _CODE_CHARS:
            line_start = False
            out.append(ch)
        else:
            break
        i += 1
    return "".join(out)


def read_reply(text: str) -> Reply:
    """The reply code in pasted text (``R2.`` or the older ``R1.``); SignalError if none."""
    if not isinstance(text, str):
        raise SignalError("a reply is text")
    text = text[:MAX_TEXT_CHARS]
    problem = "no reply code found (it starts with R2. or R1.)"
    for found in _REPLY_MARKS.finditer(text):
        named = found.group() == _REPLY_MARK
        fields = _runs_from(text, found.start()).split(".", 4 if named else 3)
        if len(fields) != (5 if named else 4) or len(fields[-1]) < 4:
            problem = "the reply code is cut short"
            continue
        _mark, made, *middle, rest = fields
        invitation = middle[0] if named else None
        body = ".".join(fields[:-1])
        if rest[:4] != _check4(body):
            problem = "the reply code is damaged or cut short (its check does not match)"
        elif not re.fullmatch(r"[0-9a-z]{1,11}", made):
            problem = "the reply code's time is not valid"
        elif invitation is not None and not _OFFER_ID.fullmatch(invitation):
            problem = "the reply code's invitation is not valid"
        else:
            answer = middle[-1]
            if decode(answer).kind != "answer":
                raise SignalError("this is not a reply (it holds an offer)")
            return Reply(answer, int(made, 36), invitation)
    raise SignalError(problem)


def parse_reply(text: str) -> tuple[str, int]:
    """(answer code, made_at_ms) of the reply code in pasted text (``read_reply``)."""
    reply = read_reply(text)
    return reply.answer_code, reply.made_at_ms
