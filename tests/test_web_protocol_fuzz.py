"""Fuzz tests of the friends' protocol (web/net/protocol.py): the host's hub against anything a
guest may send, and a guest's client against anything a host may send.

``HostHub.receive`` never raises, never answers ``internal`` (a bug), changes the match
only by a legal move of the sender's own seat, and every reply to the sender is a valid
protocol message of at most MAX_MESSAGE bytes. ``GuestClient.receive`` never raises, and
keeps its last good state unless a new view passes its checks.

Random bytes, random JSON and structure-aware mutations of valid messages, from hypothesis
and from a seeded generator (DERNIER_FUZZ_EXAMPLES / DERNIER_FUZZ_ROUNDS for longer runs).
"""

from __future__ import annotations

import json
import os
import random
import sys
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from web.dernier.check import check_state  # noqa: E402
from web.dernier.describe import move_card  # noqa: E402
from web.dernier.game import DERNIER  # noqa: E402
from web.net.protocol import (  # noqa: E402
    HOST_MESSAGES,
    MAX_MESSAGE,
    GuestClient,
    HostHub,
    encode,
)

#: Dernier's table talk (its GameSpec's)
TALK_PHRASES = DERNIER.talk


def dernier_guest(seat: int, token: str, name: str, **kw: Any) -> GuestClient:
    """A friend's side of a Dernier table: Dernier's view check and table talk."""
    return GuestClient(seat, token, name, check=check_state, phrases=TALK_PHRASES, **kw)


from web.shell.params import Settings  # noqa: E402
from web.shell.session import Session  # noqa: E402

TOKEN = "tok_" + "Q7" * 10
FUZZ = settings(
    max_examples=int(os.environ.get("DERNIER_FUZZ_EXAMPLES", "300")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
ROUNDS = int(os.environ.get("DERNIER_FUZZ_ROUNDS", "2500"))
GUEST_EVENTS = {"welcome", "view", "error", "talk", "bye", "pong", "ping"}


class Host:
    """A 3-player table (seat 1 a friend, chi sbaglia paga on), a hub, and one link "f"."""

    def __init__(self, seed: int, joined: bool) -> None:
        self.t = 0.0
        self.s = Session.new(
            Settings(
                players=3,
                levels=("friend", "medium"),
                delay=0,
                seed=seed,
                hands=2,
                options={"chi_sbaglia_paga": True},
            )
        )
        self.hub = HostHub(self.s, now=lambda: self.t)
        self.hub.set_token(1, TOKEN)
        self.out: list[str] = []
        self.hub.connect("f", self.out.append, lambda: None)
        self.guest = dernier_guest(1, TOKEN, "Fuzz", now=lambda: self.t)
        if joined:
            self.hub.receive("f", self.guest.hello())
            for text in self.out:
                self.guest.receive(text)
            self.out.clear()
        # some play, so that seat 1 may be to act or not
        for _ in range(seed % 5):
            if not self.s.hand_over:
                self.s.play(self.s.bot_fallback_move(self.s.turn), self.s.turn)
        self.hub.broadcast()
        for text in self.out:
            self.guest.receive(text)
        self.out.clear()

    def position(self) -> str:
        return json.dumps(self.s.match.position(), sort_keys=True)

    def feed(self, text: Any, dt: float = 0.11) -> None:
        """One message from the fuzzing peer (``dt`` s after the last), and the checks."""
        self.t += dt
        before = self.position()
        legal = set(self.s.match.legal_moves(1)) if self.s.match.result is None else set()
        hand = list(self.s.view(1)["hand"])
        self.hub.receive("f", text)
        replies, self.out[:] = list(self.out), []
        refused = False
        for r in replies:
            assert isinstance(r, str) and len(r.encode("utf-8")) <= MAX_MESSAGE, r[:200]
            msg = json.loads(r)
            assert isinstance(msg, dict) and msg["v"] == 1 and msg["t"] in HOST_MESSAGES, msg
            if msg["t"] == "error":
                assert msg["code"] != "internal", (text, msg)
                refused = True
            if msg["t"] == "view":
                assert check_state(msg["state"], 1) is None
        after = self.position()
        if refused or after == before:
            assert after == before, (text, replies)
            return
        # the match changed: only by a legal move of seat 1, or a wrong card it held
        data = json.loads(text if isinstance(text, str) else text.decode("utf-8"))
        assert data["t"] == "move", data
        if data.get("wrong"):
            assert data["move"] in hand and not any(move_card(m) == data["move"] for m in legal), data
        else:
            assert data["move"] in legal, data


# -- what a guest might send ---------------------------------------------------------------

JSON_LEAF = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=40),
)
JSON = st.recursive(
    JSON_LEAF,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=20,
)
FIELD_NAMES = st.sampled_from(
    ["v", "t", "id", "n", "move", "wrong", "seat", "token", "name", "phrase", "at", "x"]
)
TYPES = st.sampled_from(["hello", "move", "talk", "ping", "bye", "welcome", "view", "", "MOVE"])


def valid_messages(h: Host) -> list[dict[str, Any]]:
    """Well-formed messages a guest might send now (some legal, some not)."""
    g = h.guest
    legal = h.s.match.legal_moves(1) or ["draw"]
    hand = h.s.view(1)["hand"]
    return [
        {"v": 1, "t": "hello", "seat": 1, "token": TOKEN, "name": "Fuzz"},
        {"v": 1, "t": "move", "id": g.next_id, "n": g.n, "move": legal[0]},
        {"v": 1, "t": "move", "id": g.next_id, "n": g.n, "move": hand[0], "wrong": True},
        {"v": 1, "t": "move", "id": g.next_id, "n": g.n, "move": "pass"},
        {"v": 1, "t": "talk", "id": g.next_id, "phrase": TALK_PHRASES[0]},
        {"v": 1, "t": "ping", "at": 12.5},
        {"v": 1, "t": "bye"},
    ]


@st.composite
def guest_messages(draw: st.DrawFn, h: Host) -> Any:
    kind = draw(st.integers(0, 4))
    if kind == 0:
        return draw(st.binary(max_size=200))
    if kind == 1:
        return draw(st.text(max_size=200))
    if kind == 2:
        return json.dumps(draw(JSON))
    msg = dict(draw(st.sampled_from(valid_messages(h))))
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.integers(0, 3))
        key = draw(FIELD_NAMES)
        if op == 0:
            msg.pop(key, None)
        elif op == 1:
            msg[key] = draw(JSON)
        elif op == 2:
            msg["t"] = draw(TYPES)
        else:
            msg[key] = draw(st.integers(min_value=-5, max_value=2**60))
    return json.dumps(msg)


@FUZZ
@given(seed=st.integers(0, 40), joined=st.booleans(), data=st.data())
def test_the_hub_survives_anything_a_guest_sends(seed: int, joined: bool, data: st.DataObject) -> None:
    h = Host(seed, joined)
    for _ in range(data.draw(st.integers(1, 6))):
        h.feed(data.draw(guest_messages(h)))


def mutate(obj: Any, rng: random.Random, depth: int = 0) -> Any:
    """``obj`` with one random change somewhere inside."""
    if isinstance(obj, dict) and obj and rng.random() < 0.7 and depth < 6:
        key = rng.choice(sorted(obj))
        out = dict(obj)
        r = rng.random()
        if r < 0.15:
            del out[key]
        elif r < 0.25:
            out[rng.choice(["x", "seat", "id", "n", key + "_"])] = random_value(rng)
        else:
            out[key] = mutate(obj[key], rng, depth + 1)
        return out
    if isinstance(obj, list) and obj and rng.random() < 0.7 and depth < 6:
        out = list(obj)
        i = rng.randrange(len(out))
        r = rng.random()
        if r < 0.2:
            del out[i]
        elif r < 0.3:
            out.append(random_value(rng))
        else:
            out[i] = mutate(out[i], rng, depth + 1)
        return out
    return random_value(rng)


def random_value(rng: random.Random) -> Any:
    return rng.choice(
        [
            None,
            True,
            False,
            0,
            -1,
            1,
            2**31,
            2**64,
            1.5,
            float("1e308"),
            "",
            "x" * rng.randrange(1, 50),
            "AH",
            "JK:H",
            "dernier",
            "draw",
            "10S!",
            "\u0000",
            "\ud800",
            [],
            {},
            [1, "a"],
            {"v": 1},
            rng.choice(TALK_PHRASES),
        ]
    )


def test_the_hub_survives_seeded_mutations() -> None:
    rng = random.Random(2026)
    h = Host(1, True)
    for i in range(ROUNDS):
        if i % 300 == 0:
            h = Host(i % 41, rng.random() < 0.8)
        r = rng.random()
        if r < 0.1:
            text: Any = bytes(rng.randrange(256) for _ in range(rng.randrange(60)))
        elif r < 0.15:
            text = "".join(chr(rng.randrange(0x20, 0x3000)) for _ in range(rng.randrange(60)))
        else:
            text = json.dumps(mutate(rng.choice(valid_messages(h)), rng))
        h.feed(text, 0.0 if i % 500 < 30 else 0.11)  # now and then a burst: the flood limit
        if rng.random() < 0.05:  # and now and then a good move, so that the match moves on
            for text in h.out:
                h.guest.receive(text)
            h.out.clear()
            legal = h.s.match.legal_moves(1)
            if legal:
                h.feed(h.guest.move(rng.choice(legal)))
            elif not h.s.hand_over and h.s.turn is not None:
                h.s.play(h.s.bot_fallback_move(h.s.turn), h.s.turn)
                h.hub.broadcast()
                h.out.clear()
        if h.hub.links.get("f") is None:  # closed (bye, bad token, flood): a fresh table
            h = Host(i % 41, True)


# -- what a host might send ----------------------------------------------------------------


def guest_with_state(seed: int) -> tuple[GuestClient, dict[str, Any]]:
    h = Host(seed, True)
    assert h.guest.state is not None
    return h.guest, h.s.table_state(1)


def host_messages(g: GuestClient, state: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {"v": 1, "t": "view", "n": g.n + 1, "state": state},
        {"v": 1, "t": "welcome", "seat": 1, "names": list(state["names"])},
        {"v": 1, "t": "error", "code": "illegal", "text": "no", "ref": 3},
        {"v": 1, "t": "talk", "seat": 0, "phrase": "why"},
        {"v": 1, "t": "ping", "at": 5},
        {"v": 1, "t": "pong", "at": 5},
        {"v": 1, "t": "bye", "reason": "closed"},
    ]


def check_guest(g: GuestClient, text: Any) -> None:
    before, n = g.state, g.n
    events = g.receive(text)
    assert isinstance(events, list) and len(events) == 1
    kind, data = events[0]
    assert kind in GUEST_EVENTS
    if kind == "view":
        assert check_state(data, 1) is None and g.state is data and g.n > n
    else:
        assert g.state is before
        if kind == "welcome":
            assert g.n == 0
            g.n = n
        else:
            assert g.n == n


@FUZZ
@given(seed=st.integers(0, 20), data=st.data())
def test_the_guest_survives_anything_a_host_sends(seed: int, data: st.DataObject) -> None:
    g, state = guest_with_state(seed)
    kind = data.draw(st.integers(0, 3))
    if kind == 0:
        text: Any = data.draw(st.binary(max_size=300))
    elif kind == 1:
        text = json.dumps(data.draw(JSON))
    else:
        msg = dict(data.draw(st.sampled_from(host_messages(g, state))))
        key = data.draw(st.sampled_from(["v", "t", "n", "state", "seat", "names", "code", "at", "reason"]))
        msg[key] = data.draw(JSON)
        text = json.dumps(msg)
    check_guest(g, text)


def test_the_guest_survives_seeded_mutations_of_views() -> None:
    rng = random.Random(7)
    g, state = guest_with_state(3)
    accepted = 0
    for _ in range(ROUNDS):
        msg = rng.choice(host_messages(g, state))
        if msg["t"] == "view" and rng.random() < 0.8:
            msg = {**msg, "state": mutate(state, rng)}
        else:
            msg = mutate(msg, rng)
        before = g.state
        check_guest(g, json.dumps(msg))
        if g.state is not before:
            accepted += 1
    assert accepted > 0  # some mutations leave a usable state (e.g. another name)
    assert g.receive(encode("view", n=g.n + 1, state=state)) == [("view", state)]
