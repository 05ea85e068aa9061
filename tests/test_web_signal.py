"""web/net/signal.py: connection codes, invitations and replies (CPython)."""

from __future__ import annotations

import base64
import contextlib
import random
import re
import sys
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from web.net import signal as sig
from web.net.signal import SignalError

# Descriptions made by Debian's Chromium here: without and with
# --allow-loopback-in-peer-connection (+ camera/microphone permission, so raw IPs).
PLAIN_OFFER = (
    "v=0\r\n"
    "o=- 6228000490528439534 2 IN IP4 127.0.0.1\r\n"
    "s=-\r\n"
    "t=0 0\r\n"
    "a=group:BUNDLE 0\r\n"
    "a=extmap-allow-mixed\r\n"
    "a=msid-semantic: WMS\r\n"
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n"
    "c=IN IP4 0.0.0.0\r\n"
    "a=candidate:4016800913 1 udp 2113937151 77d269a4-75d0-4b7b-a092-59470fffc566.loc"
    "al 40969 typ host generation 0 network-cost 999\r\n"
    "a=candidate:3894011937 1 udp 2113942271 bcd42d32-3c47-468f-9521-8464544a685c.loc"
    "al 54714 typ host generation 0 network-cost 999\r\n"
    "a=ice-ufrag:Cjce\r\n"
    "a=ice-pwd:cKL32C2cVuHkLs1HOpOVt9vs\r\n"
    "a=ice-options:trickle\r\n"
    "a=fingerprint:sha-256 48:2F:D7:3E:F9:0A:64:20:F4:02:BF:DD:82:E6:D6:1F:96:D9:88:8"
    "7:EF:98:DE:FB:EC:58:C4:6D:28:8D:90:7B\r\n"
    "a=setup:actpass\r\n"
    "a=mid:0\r\n"
    "a=sctp-port:5000\r\n"
    "a=max-message-size:262144\r\n"
)
PLAIN_ANSWER = (
    "v=0\r\n"
    "o=- 5558243963260991797 2 IN IP4 127.0.0.1\r\n"
    "s=-\r\n"
    "t=0 0\r\n"
    "a=group:BUNDLE 0\r\n"
    "a=extmap-allow-mixed\r\n"
    "a=msid-semantic: WMS\r\n"
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n"
    "c=IN IP4 0.0.0.0\r\n"
    "a=candidate:4112772234 1 udp 2113937151 77d269a4-75d0-4b7b-a092-59470fffc566.loc"
    "al 42457 typ host generation 0 network-cost 999\r\n"
    "a=candidate:4065427514 1 udp 2113942271 bcd42d32-3c47-468f-9521-8464544a685c.loc"
    "al 55144 typ host generation 0 network-cost 999\r\n"
    "a=ice-ufrag:m1VC\r\n"
    "a=ice-pwd:dkOeKQ2KcS+t+4EL5A+ni76k\r\n"
    "a=ice-options:trickle\r\n"
    "a=fingerprint:sha-256 10:AA:AB:9C:6C:73:75:D9:03:B1:1E:C7:1B:CF:52:C9:D1:7C:40:C"
    "D:F1:D5:CB:FE:1C:CB:66:FB:64:F6:59:B6\r\n"
    "a=setup:active\r\n"
    "a=mid:0\r\n"
    "a=sctp-port:5000\r\n"
    "a=max-message-size:262144\r\n"
)
LOOPBACK_OFFER = (
    "v=0\r\n"
    "o=- 4770820834654733301 2 IN IP4 127.0.0.1\r\n"
    "s=-\r\n"
    "t=0 0\r\n"
    "a=group:BUNDLE 0\r\n"
    "a=extmap-allow-mixed\r\n"
    "a=msid-semantic: WMS\r\n"
    "m=application 48090 UDP/DTLS/SCTP webrtc-datachannel\r\n"
    "c=IN IP4 127.0.0.1\r\n"
    "a=candidate:375673585 1 udp 2122194687 127.0.0.1 48090 typ host generation 0 net"
    "work-id 3 network-cost 50\r\n"
    "a=candidate:3092893053 1 udp 2122063615 192.0.2.2 53677 typ host generation 0 network-id 1\r\n"
    "a=candidate:998082090 1 udp 2122267903 ::1 55164 typ host generation 0 network-id 4 network-cost 50\r\n"
    "a=candidate:3207307725 1 udp 2122134271 fd00::2 55629 typ host generation 0 network-id 2\r\n"
    "a=candidate:1756082281 1 tcp 1518214911 127.0.0.1 9 typ host tcptype active gene"
    "ration 0 network-id 3 network-cost 50\r\n"
    "a=candidate:3331731429 1 tcp 1518083839 192.0.2.2 9 typ host tcptype active gene"
    "ration 0 network-id 1\r\n"
    "a=candidate:1169319090 1 tcp 1518288127 ::1 9 typ host tcptype active generation"
    " 0 network-id 4 network-cost 50\r\n"
    "a=candidate:3252962133 1 tcp 1518154495 fd00::2 9 typ host tcptype active generation 0 network-id 2\r\n"
    "a=ice-ufrag:J4+X\r\n"
    "a=ice-pwd:Hg+KVYg0qgDOrojdXokJ2690\r\n"
    "a=ice-options:trickle\r\n"
    "a=fingerprint:sha-256 38:AE:BC:A8:6E:02:25:46:05:14:F7:78:AF:5B:7E:0F:45:25:8A:7"
    "5:42:BC:A3:38:E8:5B:31:51:C7:9D:5B:C4\r\n"
    "a=setup:actpass\r\n"
    "a=mid:0\r\n"
    "a=sctp-port:5000\r\n"
    "a=max-message-size:262144\r\n"
)

SYNTHETIC_OFFER = (
    "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n"
    "a=fingerprint:sha-1 AA:BB\r\n"
    "a=fingerprint:sha-256 " + ":".join(["0F"] * 32) + "\r\n"
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n"
    "a=candidate:1 1 udp 1686052607 203.0.113.7 61000 typ srflx raddr 192.168.1.2 rport 5000 generation 0\r\n"
    "a=candidate:2 1 udp 41885439 198.51.100.9 3478 typ relay raddr 203.0.113.7 rport 61000\r\n"
    "a=candidate:3 1 udp 2122260223 2001:db8::1 50000 typ host\r\n"
    "a=candidate:4 1 tcp 1518280447 192.168.1.2 443 typ host tcptype passive\r\n"
    "a=candidate:5 1 tcp 1518280446 192.168.1.2 9 typ host tcptype active\r\n"
    "a=candidate:6 2 udp 2122260222 192.168.1.2 50001 typ host\r\n"
    "a=candidate:7 1 udp 2122260224 peer.example.org 50002 typ host\r\n"
    "a=ice-ufrag:abcdEFGH\r\na=ice-pwd:0123456789abcdefghij+/XY\r\n"
    "a=setup:actpass\r\na=mid:0\r\na=sctp-port:5000\r\n"
)


def _lines(sdp: str, prefix: str) -> list[str]:
    return [line for line in sdp.split("\r\n") if line.startswith(prefix)]


@pytest.mark.parametrize(
    ("sdp", "kind"), [(PLAIN_OFFER, "offer"), (PLAIN_ANSWER, "answer"), (LOOPBACK_OFFER, "offer")]
)
def test_round_trip_keeps_what_a_connection_needs(sdp: str, kind: str) -> None:
    code = sig.compact(sdp, kind)
    assert re.fullmatch(r"[A-Za-z0-9_-]+", code)
    got_kind, full = sig.expand(code)
    assert got_kind == kind
    original = sig.parse_sdp(sdp, kind)
    again = sig.parse_sdp(full, kind)
    assert again == original
    assert sig.compact(full, kind) == code  # expand then compact is the identity
    for needed in (
        "v=0",
        "a=group:BUNDLE 0",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
        "a=mid:0",
        "a=sctp-port:5000",
        "a=max-message-size:262144",
    ):
        assert needed in full.split("\r\n")
    assert full.endswith("\r\n")
    assert _lines(full, "a=fingerprint:") == _lines(sdp, "a=fingerprint:")
    assert _lines(full, "a=ice-ufrag:") == _lines(sdp, "a=ice-ufrag:")
    assert _lines(full, "a=ice-pwd:") == _lines(sdp, "a=ice-pwd:")


def test_answers_are_always_passive_offers_keep_actpass() -> None:
    assert "a=setup:active\r\n" in PLAIN_ANSWER
    assert "a=setup:passive" in sig.expand(sig.compact(PLAIN_ANSWER, "answer"))[1]
    assert "a=setup:actpass" in sig.expand(sig.compact(PLAIN_OFFER, "offer"))[1]
    assert "a=setup:passive\r\n" in sig.passive_answer(PLAIN_ANSWER)
    assert "a=setup:active" not in sig.passive_answer(PLAIN_ANSWER)
    assert sig.parse_sdp(sig.passive_answer(PLAIN_ANSWER), "answer") == sig.parse_sdp(PLAIN_ANSWER, "answer")


def test_candidates_are_minimal_ordered_and_all_kinds_survive() -> None:
    desc = sig.decode(sig.compact(SYNTHETIC_OFFER, "offer"))
    assert [(c.type, c.proto, c.address, c.port, c.tcptype) for c in desc.candidates] == [
        ("host", "udp", "peer.example.org", 50002, ""),
        ("host", "udp", "2001:db8::1", 50000, ""),
        ("srflx", "udp", "203.0.113.7", 61000, ""),
        ("host", "tcp", "192.168.1.2", 443, "passive"),  # TCP active and component 2 dropped
        ("relay", "udp", "198.51.100.9", 3478, ""),
    ]
    assert desc.fingerprint == bytes([0x0F]) * 32  # the sha-256 one, not the sha-1
    full = sig.build_sdp(desc)
    cands = _lines(full, "a=candidate:")
    assert cands[0] == "a=candidate:1 1 udp 2130706431 peer.example.org 50002 typ host generation 0"
    assert cands[2].endswith("typ srflx raddr 0.0.0.0 rport 0 generation 0")
    assert "tcptype passive" in cands[3]
    priorities = [int(line.split()[3]) for line in cands]
    assert len(set(priorities)) == len(priorities)


def test_loopback_tcp_active_candidates_are_dropped() -> None:
    desc = sig.parse_sdp(LOOPBACK_OFFER, "offer")
    assert [c.address for c in desc.candidates] == ["::1", "127.0.0.1", "fd00::2", "192.0.2.2"]
    assert all(c.proto == "udp" for c in desc.candidates)


def test_code_sizes() -> None:
    # two mDNS host candidates, what a browser without camera permission gathers
    assert len(sig.compact(PLAIN_OFFER, "offer")) <= 150
    assert len(sig.compact(PLAIN_ANSWER, "answer")) <= 150
    many = SYNTHETIC_OFFER.replace(
        "a=ice-ufrag",
        "".join(f"a=candidate:{i} 1 udp {100 + i} 10.0.0.{i} {1000 + i} typ host\r\n" for i in range(40))
        + "a=ice-ufrag",
    )
    assert len(sig.decode(sig.compact(many, "offer")).candidates) == sig.MAX_CANDIDATES


@pytest.mark.parametrize(
    ("sdp", "reason"),
    [
        ("", "media sections"),
        (PLAIN_OFFER.replace("a=ice-pwd", "a=x-pwd"), "ice-pwd"),
        (PLAIN_OFFER.replace("sha-256", "sha-512"), "sha-256"),
        (PLAIN_OFFER.replace("a=setup:actpass", "a=setup:holdconn"), "setup"),
        (PLAIN_OFFER + "m=audio 9 UDP/TLS/RTP/SAVPF 111\r\n", "data-channel-only"),
        (PLAIN_OFFER.replace("a=ice-ufrag:Cjce", "a=ice-ufrag:C!ce"), "ufrag"),
        (PLAIN_OFFER.replace(" 40969 typ host", " 99999 typ host"), "port"),
        (PLAIN_OFFER.replace(" typ host", " typ nope"), "candidate"),
        (PLAIN_OFFER.replace("77d269a4-75d0-4b7b-a092-59470fffc566.local", "bad_name!"), "address"),
    ],
)
def test_compact_refuses_what_it_cannot_keep(sdp: str, reason: str) -> None:
    with pytest.raises(SignalError, match=reason):
        sig.compact(sdp, "offer")
    with pytest.raises(SignalError):
        sig.compact(PLAIN_OFFER, "pranswer")


def _deflate(data: bytes) -> str:
    z = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.urlsafe_b64encode(z.compress(data) + z.flush()).decode().rstrip("=")


@pytest.mark.parametrize(
    ("code", "reason"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("not a code!", "base64url"),
        ("A" * (sig.MAX_CODE_CHARS + 1), "too long"),
        ("AAAAA", "impossible length"),
        ("____", "inflate"),
        (_deflate(bytes(100_000)), "inflates too much"),
        (_deflate(b"\x10\x04abcd"), "cut short|check"),
        (_deflate(b"hello world, this is not a code"), "check"),
    ],
)
def test_expand_refuses_garbage_with_a_reason(code: str, reason: str) -> None:
    with pytest.raises(SignalError, match=reason):
        sig.expand(code)


def test_expand_refuses_damaged_and_truncated_codes() -> None:
    code = sig.compact(PLAIN_OFFER, "offer")
    for cut in range(1, len(code)):
        with pytest.raises(SignalError):
            sig.expand(code[:cut])
    rng = random.Random(5)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    refused = 0
    for _ in range(400):
        i = rng.randrange(len(code))
        damaged = code[:i] + rng.choice(alphabet.replace(code[i], "")) + code[i + 1 :]
        try:
            sig.expand(damaged)
        except SignalError:
            refused += 1
    assert refused >= 396  # a 16-bit check (+ deflate) lets almost nothing through
    with pytest.raises(SignalError, match="extra data"):
        sig.expand(sig.compact(PLAIN_OFFER, "offer") + "AAAA")


def test_unpack_checks_every_field() -> None:
    good = sig.pack(sig.parse_sdp(SYNTHETIC_OFFER, "offer"))

    def resealed(body: bytes) -> bytes:
        return body + (zlib.crc32(body) & 0xFFFF).to_bytes(2, "big")

    body = good[:-2]
    with pytest.raises(SignalError, match="format"):
        sig.unpack(resealed(bytes([0x20]) + body[1:]))
    with pytest.raises(SignalError, match="header"):
        sig.unpack(resealed(bytes([0x13]) + body[1:]))
    with pytest.raises(SignalError, match="extra bytes"):
        sig.unpack(resealed(body + b"\0"))
    with pytest.raises(SignalError, match="cut short"):
        sig.unpack(resealed(body[:-1]))
    with pytest.raises(SignalError, match="ufrag"):
        sig.unpack(resealed(body[:1] + bytes([2]) + body[2:]))


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_expand_never_crashes_on_text(text: str) -> None:
    try:
        kind, sdp = sig.expand(text)
    except SignalError:
        return
    assert kind in sig.KINDS and sdp.startswith("v=0")


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200))
def test_expand_never_crashes_on_deflated_bytes(data: bytes) -> None:
    for code in (_deflate(data), _deflate(data + (zlib.crc32(data) & 0xFFFF).to_bytes(2, "big"))):
        with contextlib.suppress(SignalError):
            sig.expand(code)


def test_token_ok() -> None:
    assert sig.token_ok("A" * 22)
    assert sig.token_ok("aZ09-_" * 10)
    for bad in ("A" * 21, "A" * 65, "A" * 21 + "=", "A" * 21 + ".", None, 12345, "Ü" * 22):
        assert not sig.token_ok(bad)


def test_token_from_bytes() -> None:
    token = sig.token_from_bytes(bytes(range(17)))
    assert sig.token_ok(token) and len(token) == 23
    assert sig.token_ok(sig.token_from_bytes(bytes(200)))
    with pytest.raises(SignalError):
        sig.token_from_bytes(bytes(15))


TOKEN = "q3Yx-8_bTRnZcD0aP2kW1v"
BASE = "https://example.github.io/dernier/index.html"


def test_invitation_round_trip_in_the_fragment() -> None:
    offer = sig.compact(PLAIN_OFFER, "offer")
    url = sig.invitation_url(BASE + "#old", offer, 3, TOKEN, "tbl7", "  Giulia Rossi  ")
    assert url.startswith(BASE + "#join=1.3.tbl7.")
    assert "?" not in url and url.count("#") == 1
    assert len(url) <= 260  # measured: 246 characters
    inv = sig.parse_invitation(url.split("#", 1)[1])
    assert inv == sig.Invitation(offer, 3, TOKEN, "tbl7", "Giulia Rossi")
    # with '#', as a whole URL, with line breaks and spaces, with other parameters
    assert sig.parse_invitation("#" + url.split("#", 1)[1]) == inv
    assert sig.parse_invitation(url) == inv
    broken = url[:60] + "\n  " + url[60:120] + " \u200b" + url[120:]
    assert sig.parse_invitation(broken) == inv
    assert sig.parse_invitation(url.replace("#join=", "#lang=it&join=") + "&x=1") == inv
    unicode_name = sig.invitation_url(BASE, offer, 1, TOKEN, "t", "Zoë 🃏" + "x" * 60)
    assert sig.parse_invitation(unicode_name).host_name == ("Zoë 🃏" + "x" * 60)[:40]


def test_invitation_refuses_bad_input() -> None:
    offer = sig.compact(PLAIN_OFFER, "offer")
    answer = sig.compact(PLAIN_ANSWER, "answer")
    for args in [
        (offer, 0, TOKEN, "t", ""),
        (offer, 16, TOKEN, "t", ""),
        (offer, True, TOKEN, "t", ""),
        (offer, 2, "short", "t", ""),
        (offer, 2, TOKEN, "", ""),
        (offer, 2, TOKEN, "a.b", ""),
        ("garbage", 2, TOKEN, "t", ""),
    ]:
        with pytest.raises(SignalError):
            sig.invitation_url(BASE, *args)
    url = sig.invitation_url(BASE, offer, 2, TOKEN, "t", "Al")
    fragment = url.split("#", 1)[1]
    for bad, reason in [
        ("", "no join"),
        ("#lang=it", "no join"),
        (fragment[:-30], "cut short|damaged"),
        (fragment.replace("join=1.", "join=2."), "format"),
        (fragment.replace(".2.t.", ".3.t."), "check"),
        (fragment[:-4] + "AAAA", "check"),
    ]:
        with pytest.raises(SignalError, match=reason):
            sig.parse_invitation(bad)
    # an answer where the offer belongs
    forged = f"1.2.t.{TOKEN}.QWw.{answer}"
    with pytest.raises(SignalError, match="offer"):
        sig.parse_invitation(f"join={forged}.{sig._check4(forged)}")


def test_reply_round_trip_and_what_messengers_do_to_it() -> None:
    answer = sig.compact(PLAIN_ANSWER, "answer")
    made = 1_795_000_123_456
    reply = sig.reply_code(answer, made)
    assert reply.startswith("R1.")  # a reply that names no invitation (see below)
    assert len(reply) <= 170  # measured: 163 characters
    assert sig.parse_reply(reply) == (answer, made)
    pasted = [
        f"  {reply}\n",
        f"“{reply}”",
        f'"{reply}"',
        f"Here is my code: {reply} see you!",
        f"{reply[:50]}\n{reply[50:100]}\r\n{reply[100:]}",
        f"> {reply[:70]}\n> {reply[70:]}\n> thanks",
        f"{reply}\nthanks",
        f"{reply}. Mr.Smith",
        f"https://example.github.io/dernier/#reply={reply}",
        f"[12:01] Anna: {reply[:10]} {reply[10:]}",
        f"R1.zz garbage first, then {reply}",
    ]
    for text in pasted:
        assert sig.parse_reply(text) == (answer, made), text


def test_reply_refuses_bad_input() -> None:
    answer = sig.compact(PLAIN_ANSWER, "answer")
    offer = sig.compact(PLAIN_OFFER, "offer")
    reply = sig.reply_code(answer, 42)
    with pytest.raises(SignalError, match="answer"):
        sig.reply_code(offer, 42)
    for bad_time in (-1, 2**53, 1.5, "7"):
        with pytest.raises(SignalError):
            sig.reply_code(answer, bad_time)  # type: ignore[arg-type]
    for text, reason in [
        ("", "no reply code"),
        ("hello", "no reply code"),
        (reply[:-6], "cut short|check"),
        (reply[:40] + "x" + reply[41:], "check"),
        (reply[:-1], "cut short|check"),
        ("R1.", "cut short"),
        ("x" * 100_000, "no reply code"),
    ]:
        with pytest.raises(SignalError, match=reason):
            sig.parse_reply(text)
    body = f"R1.1.{offer}"
    with pytest.raises(SignalError, match="offer"):
        sig.parse_reply(f"{body}.{sig._check4(body)}")


# Made before replies named their invitation (issue 33): an R1 reply and an invitation link
# of that time, kept as text so that pages which made them keep working with this one.
OLD_REPLY = (
    "R1.mwm0q7gg.AWgAl_8WBG0xVkMYZGtPZUtRMktjUyt0KzRFTDVBK25pNzZrEKqrnGxzddkDsR7HG89SydF8QM3x1cv"
    "-HMtm-2T2WbYCQLzULTI8R0aPlSGEZFRKaFzXaEB30mmkddBLe6CSWUcP_8VmpdkSVg.kkGQ"
)
OLD_INVITATION = (
    "https://example.github.io/dernier/index.html#join=1.2.tbl7.q3Yx-8_bTRnZcD0aP2kW1v.QW5uYQ.AWgA"
    "l_8QBENqY2UYY0tMMzJDMmNWdUhrTHMxSE9wT1Z0OXZzSC_XPvkKZCD0Ar_dgubWH5bZiIfvmN777FjEbSiNkHsCQLzULT"
    "I8R0aPlSGEZFRKaFzVukB30mmkddBLe6CSWUcP_8VmoAl4fw.WEBU"
)


def test_a_reply_names_the_invitation_it_answers() -> None:
    """Issue 33: the reply echoes its invitation's id (``offer_id`` of the offer, which an
    invitation link of any age carries), covered by the reply's check."""
    answer = sig.compact(PLAIN_ANSWER, "answer")
    offer = sig.compact(PLAIN_OFFER, "offer")
    made = 1_795_000_123_456
    inv = sig.parse_invitation(sig.invitation_url(BASE, offer, 2, TOKEN, "tbl7", "Anna"))
    named = sig.offer_id(inv.offer_code)
    assert re.fullmatch(r"[0-9a-f]{8}", named)
    reply = sig.reply_code(answer, made, named)
    assert reply.startswith("R2.") and f".{named}." in reply
    assert len(reply) <= 180  # measured: 172 characters (QR version 9 at level M holds 180)
    assert sig.read_reply(reply) == sig.Reply(answer, made, named)
    assert sig.parse_reply(reply) == (answer, made)
    for text in (
        f"> {reply[:70]}\n> {reply[70:]}\n> thanks",
        f"“{reply}”. Mr.Smith",
        f"R1.zz, R2.yy then {reply}",
    ):
        assert sig.read_reply(text) == sig.Reply(answer, made, named), text
    # another invitation's reply names another id
    other = sig.compact(LOOPBACK_OFFER, "offer")
    assert sig.offer_id(other) != named
    assert sig.read_reply(sig.reply_code(answer, made, sig.offer_id(other))).invitation == sig.offer_id(other)
    # the id is covered by the check, and must be an id
    flipped = reply.replace(f".{named}.", f".{named[:-1]}{'0' if named[-1] != '0' else '1'}.")
    with pytest.raises(SignalError, match="check"):
        sig.read_reply(flipped)
    body = f"R2.1.XYZ.{answer}"
    with pytest.raises(SignalError, match="invitation"):
        sig.read_reply(f"{body}.{sig._check4(body)}")
    for bad in ("", "ABCDEF12", "abc", 12345):
        with pytest.raises(SignalError, match="invitation id"):
            sig.reply_code(answer, made, bad)  # type: ignore[arg-type]
    with pytest.raises(SignalError, match="cut short"):
        sig.read_reply("R2.1.abcdef12.")


def test_replies_and_invitations_of_before_keep_working() -> None:
    """Issue 33: an R1 reply (no invitation id) is still read, as naming none; an invitation
    link of that time is read as it was, and its id is that of its offer."""
    answer = sig.compact(PLAIN_ANSWER, "answer")
    offer = sig.compact(PLAIN_OFFER, "offer")
    assert sig.read_reply(OLD_REPLY) == sig.Reply(answer, 1_795_000_123_456, None)
    assert sig.read_reply("Here:\n> " + OLD_REPLY[:60] + "\n> " + OLD_REPLY[60:]).invitation is None
    assert sig.reply_code(answer, 1_795_000_123_456) == OLD_REPLY  # None: the R1 code, as before
    inv = sig.parse_invitation(OLD_INVITATION)
    assert inv == sig.Invitation(offer, 2, TOKEN, "tbl7", "Anna")
    assert sig.invitation_url(BASE, offer, 2, TOKEN, "tbl7", "Anna") == OLD_INVITATION  # unchanged
    assert sig.offer_id(inv.offer_code) == "9cdb4263"


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=400))
def test_parse_reply_and_invitation_never_crash(text: str) -> None:
    for parse in (sig.parse_reply, sig.read_reply, sig.parse_invitation):
        for variant in (text, "R1." + text, "R2." + text, "R2.1.0123abcd." + text, "join=1." + text):
            with contextlib.suppress(SignalError):
                parse(variant)
