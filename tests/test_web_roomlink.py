"""Room-code invitations (web/net/roomlink.py): the URL round-trips, and anything damaged,
foreign or hostile is refused with a reason."""

from __future__ import annotations

import pytest

from web.net.roomlink import RoomLinkError, Server, new_room, parse_room, parse_server, room_ok, room_url

TOKEN = "AbCdEfGhIjKlMnOpQrStUvWx"


def test_server_addresses() -> None:
    assert parse_server("127.0.0.1:9000") == Server("127.0.0.1", 9000, "/", False)
    assert parse_server("http://127.0.0.1:9000/dernier") == Server("127.0.0.1", 9000, "/dernier", False)
    assert parse_server("peer.example.org") == Server("peer.example.org", 443, "/", True)
    assert parse_server("wss://peer.example.org:8443/x/").secure
    for bad in (
        "",
        "ftp://x",
        "http://",
        "http://a:b@host",
        "http://host/?q=1",
        "h" * 300,
        "http://host/<x>",
    ):
        with pytest.raises(RoomLinkError):
            parse_server(bad)


def test_room_url_round_trip() -> None:
    room = new_room(bytes(range(6)))
    assert room_ok(room) and len(room) == 6
    server = parse_server("http://127.0.0.1:9000/")
    url = room_url("http://127.0.0.1:8000/index.html?x=1#old", room, 2, TOKEN, server)
    assert url.startswith("http://127.0.0.1:8000/index.html?x=1#room=1.")
    inv = parse_room(url)
    assert (inv.room, inv.seat, inv.token, inv.server) == (room, 2, TOKEN, server)
    # pasted with line breaks from a messenger
    assert parse_room(url[:40] + "\n  " + url[40:]).room == room


@pytest.mark.parametrize(
    "fragment",
    [
        "",
        "#join=1.2.3",
        "#room=",
        "#room=1.ABC.2." + TOKEN + ".aHR0cDovLzEyNy4wLjAuMTo5MDAwLw",  # room too short
        "#room=1.ABCDEF.0." + TOKEN + ".aHR0cDovLzEyNy4wLjAuMTo5MDAwLw",  # seat 0 is the host
        "#room=1.ABCDEF.2.short.aHR0cDovLzEyNy4wLjAuMTo5MDAwLw",
        "#room=2.ABCDEF.2." + TOKEN + ".aHR0cDovLzEyNy4wLjAuMTo5MDAwLw",
        "#room=1.ABCDEF.2." + TOKEN + ".%%%",
        "#room=1.ABCDEF.2." + TOKEN + ".ZnRwOi8veA",  # ftp://x
    ],
)
def test_bad_room_invitations_are_refused(fragment: str) -> None:
    with pytest.raises(RoomLinkError):
        parse_room(fragment)


def test_ice_servers_setting() -> None:
    from web.net.roomlink import ice_text, parse_ice

    assert parse_ice("") == []
    text = "stun:stun.example.org:3478\n# comment\n\nturn:turn.example.org:3478?transport=tcp ada s3cret"
    servers = parse_ice(text)
    assert servers == [
        {"urls": "stun:stun.example.org:3478"},
        {"urls": "turn:turn.example.org:3478?transport=tcp", "username": "ada", "credential": "s3cret"},
    ]
    assert parse_ice(ice_text(servers)) == servers
    for bad in ("http://x", "turn:t.example.org", "stun:s.example.org user", "stun:<script>"):
        with pytest.raises(RoomLinkError):
            parse_ice(bad)


def test_invitations_carry_the_hosts_ice_servers() -> None:
    """Issue 25: a friend never types STUN/TURN lines: the invitation carries them, and a
    damaged setting is refused with a reason."""
    from web.net.roomlink import DEFAULT_ICE, ice_in, with_ice

    server = parse_server("https://0.peerjs.com/")
    url = room_url("https://x.github.io/dernier/index.html", "ABCDEF", 1, TOKEN, server)
    assert with_ice(url, []) == url and ice_in(url) is None
    carried = with_ice(url, DEFAULT_ICE)
    assert ice_in(carried) == [dict(s) for s in DEFAULT_ICE]
    assert parse_room(carried).room == "ABCDEF"  # the room link still reads
    with pytest.raises(RoomLinkError):
        ice_in(url + "&ice=%%%")
    with pytest.raises(RoomLinkError):  # base64url of "http://evil" is not a stun:/turn: line
        ice_in(url + "&ice=aHR0cDovL2V2aWw")


def test_the_defaults_for_play_between_homes() -> None:
    """The one-click server is the public PeerJS one over wss on 443, and the default ICE
    list has public STUN and a TURN fallback (what the lab answers: tests/netlab.py)."""
    from web.net.roomlink import CLOUD_SERVER, DEFAULT_ICE, ice_text, parse_ice

    assert (CLOUD_SERVER.host, CLOUD_SERVER.port, CLOUD_SERVER.secure) == ("0.peerjs.com", 443, True)
    kinds = {s["urls"].split(":")[0] for s in DEFAULT_ICE}
    assert kinds == {"stun", "turn"}
    assert parse_ice(ice_text(list(DEFAULT_ICE))) == [dict(s) for s in DEFAULT_ICE]
