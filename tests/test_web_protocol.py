"""Playing with friends: the protocol between the host's page and a friend's page
(web/net/protocol.py), in CPython — a whole match with a friend whose moves come from its
received views only, with a leak check of everything it was sent, and one test per rule
of the referee (tokens, seats, stale views, replays, refusals, flood, size, drops, the
stand-in, rejoin, table talk, closing, saves)."""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from dernier.bots import make_bot  # noqa: E402
from dernier.cards import CODE_OF  # noqa: E402
from web.dernier.check import check_state  # noqa: E402
from web.dernier.describe import move_card, moves_of_card  # noqa: E402
from web.dernier.game import DERNIER  # noqa: E402
from web.net.protocol import (  # noqa: E402
    BURST,
    FLOOD_CLOSE,
    HELLO_TIMEOUT,
    MAX_MESSAGE,
    MAX_VIEW,
    SILENT_S,
    TALK_GAP_S,
    GuestClient,
    HostHub,
    encode,
    fit_view,
)

#: Dernier's table talk (its GameSpec's)
TALK_PHRASES = DERNIER.talk


def dernier_guest(seat: int, token: str, name: str, **kw: Any) -> GuestClient:
    """A friend's side of a Dernier table: Dernier's view check and table talk."""
    return GuestClient(seat, token, name, check=check_state, phrases=TALK_PHRASES, **kw)


from web.shell.params import Settings  # noqa: E402
from web.shell.session import MemoryStorage, Session, Store  # noqa: E402

TOKEN = "tok_" + "a1B2" * 5
TOKEN2 = "tok_" + "z9Y8" * 5


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


class Peer:
    """One end of a data channel on the host's side: what the hub sent, and whether it
    closed the link."""

    def __init__(self) -> None:
        self.inbox: list[str] = []
        self.closed = False

    def send(self, text: str) -> None:
        self.inbox.append(text)

    def close(self) -> None:
        self.closed = True

    def take(self) -> list[dict[str, Any]]:
        out = [json.loads(x) for x in self.inbox]
        self.inbox = []
        return out


class Table:
    """A host session with a hub, and helpers to link guests to it."""

    def __init__(self, **settings: Any) -> None:
        base: dict[str, Any] = {
            "players": 3,
            "levels": ("friend", "medium"),
            "delay": 0,
            "seed": 11,
            "hands": 2,
        }
        base.update(settings)
        self.clock = Clock()
        self.changes = 0
        self.said: list[tuple[int, str]] = []
        self.store = Store(MemoryStorage())
        self.s = Session.new(Settings(**base), self.store)
        self.hub = HostHub(self.s, now=self.clock, on_change=self.changed, on_talk=self.on_talk)
        for seat, token in zip(self.s.friend_seats(), (TOKEN, TOKEN2), strict=False):
            self.hub.set_token(seat, token)
        self.peers: dict[str, Peer] = {}

    def changed(self) -> None:
        self.changes += 1

    def on_talk(self, seat: int, phrase: str) -> None:
        self.said.append((seat, phrase))

    def connect(self, peer_id: str) -> Peer:
        p = self.peers[peer_id] = Peer()
        self.hub.connect(peer_id, lambda text: p.send(text), p.close)
        return p

    def join(
        self, peer_id: str, seat: int = 1, token: str = TOKEN, name: str = "Zoë", peer: Peer | None = None
    ) -> tuple[Peer, GuestClient]:
        p = peer or self.connect(peer_id)
        g = dernier_guest(seat, token, name, now=self.clock)
        self.hub.receive(peer_id, g.hello())
        events = deliver(p, g)
        assert [e[0] for e in events] == ["welcome", "view"], events
        return p, g

    def position(self) -> str:
        return json.dumps(self.s.match.position(), sort_keys=True)

    def advance(self, seat: int) -> None:
        """Play safe moves for the other seats (straight on the host's engine) until
        ``seat`` is to act."""
        for _ in range(200):
            if self.s.turn == seat:
                return
            assert not self.s.hand_over
            self.s.play(self.s.bot_fallback_move(self.s.turn), self.s.turn)
        raise AssertionError("seat never to act")


def deliver(peer: Peer, client: GuestClient) -> list[tuple[str, Any]]:
    events: list[tuple[str, Any]] = []
    for text in peer.inbox:
        events += client.receive(text)
    peer.inbox = []
    return events


def errors(msgs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [m for m in msgs if m["t"] == "error"]


def raw(t: str, **fields: Any) -> str:
    return encode(t, **fields)


# -- the leak check ------------------------------------------------------------------------

CARD = re.compile(r"^(10|[2-9AJQK])[HDCS]|^JK")
FORBIDDEN_KEYS = {"seed", "deck", "draw", "dealt", "tokens", "token", "position", "record"}


def cards_named(obj: Any, out: set[str] | None = None) -> set[str]:
    """Every card a message names: the card at the head of any string (a card code or a
    move string; what a Jolly stands for, after '=', is no card's whereabouts)."""
    out = set() if out is None else out
    if isinstance(obj, str):
        m = CARD.match(obj)
        if m:
            out.add(m.group(0))
    elif isinstance(obj, dict):
        for v in obj.values():
            cards_named(v, out)
    elif isinstance(obj, list):
        for v in obj:
            cards_named(v, out)
    return out


def keys_of(obj: Any, out: set[str] | None = None) -> set[str]:
    out = set() if out is None else out
    if isinstance(obj, dict):
        for k, v in obj.items():
            out.add(k)
            keys_of(v, out)
    elif isinstance(obj, list):
        for v in obj:
            keys_of(v, out)
    return out


def hidden_from(s: Session, seat: int) -> set[str]:
    """The cards ``seat`` may not know of now, from the host's true position: those in
    other hands and the draw pile, less any it may know (its hand, the discard pile,
    cards told in the public log, its own draws; every hand once the hand is over)."""
    g = s.match.game
    st = g.state
    if g.over:
        return set()
    secret = {CODE_OF[k] for h, hand in enumerate(st.hands) if h != seat for k in hand}
    secret |= {CODE_OF[k] for k in st.draw}
    known = {CODE_OF[k] for k in st.hands[seat]} | {CODE_OF[k] for k in st.discard}
    for ev in g.public_log(None):
        if ev["type"] == "draw":
            if ev["seat"] == seat:
                known |= set(ev["cards"])
        else:
            known |= cards_named(ev)
    return secret - known


class LeakWatch:
    """Wraps a guest's Peer: every message sent to it is checked against the host's true
    position at the moment it is sent."""

    def __init__(self, table: Table, peer: Peer, seat: int) -> None:
        self.table, self.seat, self.messages = table, seat, 0
        self.inner = peer.send
        peer.send = self.send  # type: ignore[method-assign]

    def send(self, text: str) -> None:
        msg = json.loads(text)
        self.messages += 1
        leaked = cards_named(msg) & hidden_from(self.table.s, self.seat)
        assert not leaked, (leaked, msg)
        assert not keys_of(msg) & FORBIDDEN_KEYS, msg
        assert str(self.table.s.match.seed) not in json.dumps(msg.get("state", {}).get("rules")), msg
        self.inner(text)


def test_the_leak_check_catches_a_leak() -> None:
    tb = Table()
    other = CODE_OF[tb.s.match.game.state.hands[2][0]]
    hidden = hidden_from(tb.s, 1)
    assert other in hidden
    assert other in cards_named({"state": {"log": [{"type": "move", "move": other + "!"}]}})
    assert CODE_OF[tb.s.match.game.state.draw[-1]] in hidden
    assert not set(tb.s.table_state(1)["hand"]) & hidden


# -- a whole match -------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [3, 20])
def test_a_whole_match_with_a_friend_playing_from_its_views_only(seed: int) -> None:
    tb = Table(levels=("friend", "hard"), seed=seed, hands=2)
    s = tb.s
    s.bots[2] = make_bot("hard", iterations=40)
    s.bots[2]._dernier_level = "hard"
    watch = LeakWatch(tb, tb.connect("p1"), 1)  # from the first message on
    peer, guest = tb.join("p1", peer=tb.peers["p1"])
    guest_bot, host_bot = make_bot("medium"), make_bot("medium")
    rng = random.Random(seed)
    declined: set[tuple[int, int]] = set()
    guest_moves = hands_seen = 0
    for _ in range(5000):
        tb.clock.t += 0.25  # a person's pace: never near the flood limit
        tb.hub.broadcast()
        events = deliver(peer, guest)
        assert not [e for e in events if e[0] == "error"], events
        st = guest.state
        assert st is not None and st == s.table_state(1)  # the guest is always up to date
        if s.match.over:
            break
        if s.hand_over:
            assert st["hands"] == [[CODE_OF[k] for k in h] for h in s.match.game.state.hands]
            hands_seen += 1
            s.next_hand()
            continue
        # the guest's Dernier window out of turn: its bot decides from its view only
        if 1 in st["dernier_due"] and st["turn"] != 1 and (st["hand_no"], st["move_no"]) not in declined:
            if guest_bot.choose(st, rng) == "dernier":
                tb.hub.receive("p1", guest.move("dernier"))
                continue
            declined.add((st["hand_no"], st["move_no"]))
        s.bot_calls()
        if s.human_due(0) and s.turn != 0:
            s.play("dernier", 0)
            continue
        turn = s.turn
        if turn == 1:
            tb.hub.receive("p1", guest.move(guest_bot.choose(st, rng)))
            guest_moves += 1
        elif turn == 0:
            move = host_bot.choose(s.view(0), rng)
            s.play(move if move in s.match.legal_moves(0) else s.bot_fallback_move(0), 0)
        else:
            s.play(s.bot(2).choose(s.view(2), s.bot_rng(2)), 2)
    assert s.match.over and s.match.hand_no == 2 and hands_seen == 1
    assert guest.state["match"]["over"] and guest.state["match"]["winner"] == s.match.winner
    assert guest_moves > 5 and watch.messages > guest_moves
    assert s.presence[1] == "connected" and s.names[1] == "Zoë"


# -- hello, tokens and seats -------------------------------------------------------------


def test_a_hello_with_a_wrong_token_is_refused_and_the_link_closed() -> None:
    tb = Table()
    p = tb.connect("x")
    tb.hub.receive("x", dernier_guest(1, "tok_" + "f" * 20, "Eve").hello())
    msgs = p.take()
    assert [m["t"] for m in msgs] == ["error"] and msgs[0]["code"] == "bad_token"
    assert p.closed and "x" not in tb.hub.links
    assert tb.s.presence[1] == "waiting" and tb.s.names[1] != "Eve"
    # a token for another seat does not open this one either
    tb2 = Table(players=4, levels=("friend", "friend", "medium"))
    p2 = tb2.connect("y")
    tb2.hub.receive("y", dernier_guest(1, TOKEN2, "Eve").hello())
    assert p2.take()[0]["code"] == "bad_token" and p2.closed


def test_anything_before_hello_is_refused() -> None:
    tb = Table()
    p = tb.connect("x")
    before = tb.position()
    move = tb.s.match.legal_moves(tb.s.turn)[0]
    tb.hub.receive("x", raw("move", id=1, n=0, move=move))
    tb.hub.receive("x", raw("talk", id=2, phrase="why"))
    assert [m["code"] for m in p.take()] == ["not_joined", "not_joined"]
    assert tb.position() == before


def test_a_guest_cannot_act_for_seat_0_by_any_message() -> None:
    tb = Table(seed=5)
    s = tb.s
    tb.advance(0)
    peer, guest = tb.join("p1")
    before, hand0 = tb.position(), list(s.view(0)["hand"])
    for move in s.match.legal_moves(0):
        tb.hub.receive("p1", guest.move(move))  # as its own move: not its turn
        tb.hub.receive("p1", raw("move", id=guest.next_id, n=guest.n, move=move, seat=0))  # no seat field
        guest.next_id += 1
    tb.hub.receive("p1", dernier_guest(0, TOKEN, "Eve").hello())  # the host's own seat
    tb.hub.receive("p1", raw("hello", seat=2, token=TOKEN, name="Eve"))  # a bot's seat
    msgs = peer.take()
    codes = [m["code"] for m in errors(msgs)]
    assert set(codes) <= {"illegal", "bad_message", "seat_taken"}, codes
    assert codes.count("bad_message") == len(s.match.legal_moves(0))
    assert "seat_taken" in codes
    assert tb.position() == before and s.view(0)["hand"] == hand0 and s.turn == 0
    # a fresh link with the right token for seat 1 cannot claim seat 0 either
    p = tb.connect("p2")
    tb.hub.receive("p2", raw("hello", seat=0, token=TOKEN, name="Eve"))
    assert p.take()[0]["code"] == "not_your_seat" and p.closed
    assert tb.position() == before


def test_a_stale_move_is_refused_and_the_guest_gets_the_new_view() -> None:
    tb = Table(seed=5)
    s = tb.s
    tb.advance(1)
    peer, guest = tb.join("p1")
    old = guest.move(guest.state["legal"][0])
    s.play(s.bot_fallback_move(1), 1)  # the position moves on before the guest's move arrives
    tb.advance(1)
    before = tb.position()
    tb.hub.receive("p1", old)
    msgs = peer.take()
    assert [m["t"] for m in msgs] == ["view", "error"] and msgs[1]["code"] == "stale"
    assert msgs[1]["ref"] == json.loads(old)["id"] and tb.position() == before
    for m in msgs:
        guest.receive(json.dumps(m))
    tb.hub.receive("p1", guest.move(guest.state["legal"][0]))
    assert not errors(peer.take()) and s.turn != 1


def test_a_replayed_id_is_refused() -> None:
    tb = Table(seed=5)
    tb.advance(1)
    peer, guest = tb.join("p1")
    legal = guest.state["legal"]
    tb.hub.receive("p1", raw("move", id=5, n=guest.n, move="pass" if "pass" not in legal else "dernier"))
    assert errors(peer.take())[0]["code"] == "illegal"
    before = tb.position()
    for i in (5, 3):
        tb.hub.receive("p1", raw("move", id=i, n=guest.n, move=legal[0]))
        e = errors(peer.take())
        assert e[0]["code"] == "replayed" and e[0]["ref"] == i
    tb.hub.receive("p1", raw("talk", id=4, phrase="why"))
    assert errors(peer.take())[0]["code"] == "replayed"
    assert tb.position() == before
    tb.hub.receive("p1", raw("move", id=6, n=guest.n, move=legal[0]))
    assert not errors(peer.take()) and tb.position() != before


def test_an_illegal_move_gets_the_engines_reason_to_that_guest_only() -> None:
    tb = Table(players=4, levels=("friend", "friend", "medium"), seed=8)
    s = tb.s
    tb.advance(1)
    p1, g1 = tb.join("p1", 1, TOKEN)
    p2, g2 = tb.join("p2", 2, TOKEN2)
    deliver(p1, g1)  # seat 2's arrival shows in seat 1's view
    before = tb.position()
    hand = g1.state["hand"]
    bad = next((c for c in hand if not moves_of_card(g1.state["legal"], c)), None)
    move = bad if bad is not None else "pass"
    reason = s.why_refused(move, 1)
    assert reason
    tb.hub.receive("p1", g1.move(move))
    e = p1.take()
    assert e == [{"v": 1, "t": "error", "code": "illegal", "text": reason, "ref": g1.next_id - 1}]
    assert p2.take() == [] and tb.position() == before
    # a move out of turn, a move that is not a move
    tb.hub.receive("p2", g2.move(g2.state["hand"][0]))
    tb.hub.receive("p2", g2.move("XX"))
    e2 = errors(p2.take())
    assert [x["code"] for x in e2] == ["illegal", "illegal"] and "turn" in e2[0]["text"]
    assert "not a move" in e2[1]["text"] and p1.take() == [] and tb.position() == before


def wrong_card(state: dict[str, Any]) -> str | None:
    return next((c for c in state["hand"] if not moves_of_card(state["legal"], c)), None)


def test_chi_sbaglia_paga_attempt_charges_two_cards() -> None:
    for seed in range(40):
        tb = Table(seed=seed, options={"chi_sbaglia_paga": True})
        tb.advance(1)
        peer, guest = tb.join("p1")
        card = wrong_card(guest.state)
        if card is not None:
            break
    else:
        pytest.fail("no deal with a card that may not be played")
    s = tb.s
    count = len(guest.state["hand"])
    before = tb.position()
    # a plain move of that card is refused, not charged
    tb.hub.receive("p1", guest.move(card))
    assert errors(peer.take())[0]["code"] == "illegal" and tb.position() == before
    # a playable card is no mistake
    good = next((move_card(m) for m in guest.state["legal"] if move_card(m)), None)
    if good is not None:
        tb.hub.receive("p1", guest.move(good, wrong=True))
        assert errors(peer.take())[0]["code"] == "illegal" and tb.position() == before
    tb.hub.receive("p1", guest.move(card, wrong=True))
    msgs = peer.take()
    assert not errors(msgs)
    deliver_all(msgs, guest)
    assert len(guest.state["hand"]) == count + 2 == len(s.view(1)["hand"])
    assert guest.state["log"][-2]["type"] == "wrong" or any(e["type"] == "wrong" for e in guest.state["log"])


def deliver_all(msgs: list[dict[str, Any]], guest: GuestClient) -> None:
    for m in msgs:
        guest.receive(json.dumps(m))


def test_a_wrong_attempt_without_the_house_rule_is_refused() -> None:
    tb = Table(seed=5)
    tb.advance(1)
    peer, guest = tb.join("p1")
    before = tb.position()
    tb.hub.receive("p1", guest.move(guest.state["hand"][0], wrong=True))
    e = errors(peer.take())
    assert e[0]["code"] == "illegal" and "chi sbaglia paga" in e[0]["text"] and tb.position() == before


# -- limits --------------------------------------------------------------------------------


def test_flood_one_error_then_dropped_then_closed() -> None:
    tb = Table()
    peer, guest = tb.join("p1")
    for _ in range(BURST - 1):  # the hello took one
        tb.hub.receive("p1", guest.ping())
    assert [m["t"] for m in peer.take()] == ["pong"] * (BURST - 1)
    for _ in range(5):
        tb.hub.receive("p1", guest.ping())
    msgs = peer.take()
    assert [m.get("code") for m in msgs] == ["flood"]
    tb.clock.t += 1.0  # the bucket refills
    tb.hub.receive("p1", guest.ping())
    assert [m["t"] for m in peer.take()] == ["pong"]
    for _ in range(BURST + FLOOD_CLOSE + 5):
        tb.hub.receive("p1", guest.ping())
    msgs = peer.take()
    assert msgs[-1] == {"v": 1, "t": "bye", "reason": "flood"} and peer.closed
    assert [m.get("code") for m in msgs].count("flood") == 1
    assert tb.s.presence[1] == "away" and "p1" not in tb.hub.links


def test_an_oversized_message_is_refused_before_parsing() -> None:
    tb = Table(seed=5)
    tb.advance(1)
    peer, guest = tb.join("p1")
    before = tb.position()
    big = raw("move", id=1, n=guest.n, move=guest.state["legal"][0], pad="x" * MAX_MESSAGE)
    tb.hub.receive("p1", big)
    # fewer characters than the limit, more bytes: 3 bytes each in UTF-8
    wide = '{"v":1,"t":"hello","seat":1,"token":"' + "€" * (MAX_MESSAGE // 3 + 10) + '","name":""}'
    assert len(wide) < MAX_MESSAGE
    tb.hub.receive("p1", wide)
    tb.hub.receive("p1", "[" * (MAX_MESSAGE + 1))
    assert [m["code"] for m in errors(peer.take())] == ["too_big"] * 3
    assert tb.position() == before and tb.s.presence[1] == "connected"
    tb.hub.receive("p1", "[" * 5000)  # deep, under the limit: not JSON it can use
    tb.hub.receive("p1", b"\xff\xfe")
    tb.hub.receive("p1", '{"v":2,"t":"ping","at":1}')
    tb.hub.receive("p1", '{"v":1,"t":"ping","at":NaN}')
    codes = [m["code"] for m in errors(peer.take())]
    assert codes[1:] == ["not_json", "version", "not_json"] and codes[0] in ("not_json", "bad_message")


# -- drops, the stand-in, rejoining ----------------------------------------------------------


def test_drop_then_grace_then_standin_then_rejoin() -> None:
    tb = Table(seed=5, levels=("friend", "medium"))
    s = tb.s
    tb.advance(1)
    _p1, _g1 = tb.join("p1")
    tb.hub.disconnect("p1")
    assert s.presence[1] == "away" and s.next_bot() is None
    changes = tb.changes
    tb.clock.t += s.settings.grace - 1
    tb.hub.tick()
    assert s.presence[1] == "away" and s.next_bot() is None
    tb.clock.t += 2
    tb.hub.tick()
    assert s.presence[1] == "standin" and tb.changes > changes
    assert s.next_bot() == 1 and s.is_bot(1)  # the driver now lets the stand-in play
    # the friend comes back with its token: the seat is theirs again at once
    p2 = tb.connect("p2")
    g2 = dernier_guest(1, TOKEN, "Zoë", now=tb.clock)
    g2.n = 57  # a page that saw views of an earlier link: the welcome starts a new count
    tb.hub.receive("p2", g2.hello())
    events = deliver(p2, g2)
    assert [e[0] for e in events] == ["welcome", "view"] and g2.state == s.table_state(1)
    assert s.presence[1] == "connected" and s.next_bot() is None and not s.is_bot(1)
    tb.hub.receive("p2", g2.move(g2.state["legal"][0]))
    assert not errors(p2.take()) and s.turn != 1


def test_a_second_link_with_the_token_replaces_the_first() -> None:
    tb = Table()
    p1, _ = tb.join("p1")
    _p2, _ = tb.join("p2")
    assert p1.take()[-1] == {"v": 1, "t": "bye", "reason": "replaced"} and p1.closed
    assert tb.hub.bound == {1: "p2"} and tb.s.presence[1] == "connected"
    tb.hub.disconnect("p1")  # the old channel's close arrives late: nothing happens
    assert tb.s.presence[1] == "connected"


def test_silent_links_and_links_without_hello_are_closed() -> None:
    tb = Table()
    p1, g1 = tb.join("p1")
    p0 = tb.connect("p0")
    tb.clock.t += 2.5
    tb.hub.tick()
    assert [m["t"] for m in p1.take()] == ["ping"] and p0.take() == []
    for _ in range(3):  # the guest's own pings keep its link alive
        tb.hub.receive("p1", g1.ping())
        tb.clock.t += HELLO_TIMEOUT / 3
        tb.hub.tick()
    assert p0.closed and p0.take()[-1]["reason"] == "no_hello"
    assert not p1.closed
    tb.clock.t += SILENT_S + 0.1
    tb.hub.tick()
    assert p1.closed and p1.take()[-1] == {"v": 1, "t": "bye", "reason": "silent"}
    assert tb.s.presence[1] == "away"


def test_standin_now_for_a_missing_friend() -> None:
    tb = Table(seed=5)
    tb.advance(1)
    assert tb.hub.standin_now(1) and tb.s.presence[1] == "standin" and tb.s.next_bot() == 1
    assert not tb.hub.standin_now(0) and not tb.hub.standin_now(2)
    tb.join("p1")
    assert not tb.hub.standin_now(1) and tb.hub.presence() == {1: "connected"}


# -- table talk ------------------------------------------------------------------------------


def test_table_talk_fixed_phrases_rate_limited() -> None:
    tb = Table(players=4, levels=("friend", "friend", "medium"))
    p1, g1 = tb.join("p1", 1, TOKEN)
    p2, g2 = tb.join("p2", 2, TOKEN2)
    p1.take(), p2.take()
    tb.hub.receive("p1", g1.talk("said_dernier"))
    assert p1.take() == p2.take() == [{"v": 1, "t": "talk", "seat": 1, "phrase": "said_dernier"}]
    assert tb.said == [(1, "said_dernier")]
    assert deliver(p2, g2) == [] and g2.receive(encode("talk", seat=1, phrase="said_dernier")) == [
        ("talk", (1, "said_dernier"))
    ]
    assert g1.talk("why") is None  # the guest's own pace
    tb.hub.receive("p1", raw("talk", id=g1.next_id, phrase="why"))
    tb.hub.receive("p1", raw("talk", id=g1.next_id + 1, phrase="You all cheat!"))
    tb.hub.receive("p1", raw("talk", id=g1.next_id + 2, phrase="<b>why</b>"))
    g1.next_id += 3
    assert [m["code"] for m in p1.take()] == ["too_soon", "bad_phrase", "bad_phrase"] and p2.take() == []
    tb.clock.t += TALK_GAP_S
    tb.hub.receive("p1", g1.talk("why"))
    assert p2.take() == [{"v": 1, "t": "talk", "seat": 1, "phrase": "why"}]
    # the host's own people
    assert tb.hub.local_talk(0, "well_played") and not tb.hub.local_talk(0, "hurry")
    assert not tb.hub.local_talk(1, "hurry") and not tb.hub.local_talk(0, "nope")
    assert p1.take()[-1] == {"v": 1, "t": "talk", "seat": 0, "phrase": "well_played"}
    with pytest.raises(ValueError):
        g1.talk("nope")
    assert len(TALK_PHRASES) == len(set(TALK_PHRASES)) >= 5


# -- closing, saves, a new match ----------------------------------------------------------


def test_close_table_says_bye_to_everyone() -> None:
    tb = Table(players=4, levels=("friend", "friend", "medium"))
    p1, g1 = tb.join("p1", 1, TOKEN)
    p2, _g2 = tb.join("p2", 2, TOKEN2)
    p0 = tb.connect("p0")
    tb.hub.close_table("host_left")
    for p in (p0, p1, p2):
        assert p.take()[-1] == {"v": 1, "t": "bye", "reason": "host_left"} and p.closed
    assert g1.receive(encode("bye", reason="host_left")) == [("bye", "host_left")]
    assert tb.hub.links == {} and tb.s.presence == {1: "away", 2: "away"}
    p3 = tb.connect("p3")
    assert p3.take() == [{"v": 1, "t": "bye", "reason": "closed"}] and p3.closed


def test_tokens_survive_save_and_load() -> None:
    tb = Table()
    text = tb.s.to_json()
    back = Session.from_json(text)
    assert back.tokens == {1: TOKEN}
    old = json.loads(text)
    del old["tokens"]
    assert Session.from_json(json.dumps(old)).tokens == {}  # older saves load
    bad = {**old, "tokens": {"1": 5}}
    with pytest.raises(Exception, match="tokens"):
        Session.from_json(json.dumps(bad))
    # a reloaded host takes the same friend back
    hub = HostHub(back, now=tb.clock)
    p = Peer()
    hub.connect("p", p.send, p.close)
    hub.receive("p", dernier_guest(1, TOKEN, "Zoë").hello())
    assert [m["t"] for m in p.take()] == ["welcome", "view"] and back.presence[1] == "connected"
    assert tb.s.again().tokens == {1: TOKEN}
    with pytest.raises(ValueError):
        tb.hub.set_token(1, "short")
    with pytest.raises(ValueError):
        tb.hub.set_token(0, TOKEN)


def test_attach_a_new_match_keeps_the_friends() -> None:
    tb = Table(seed=5)
    peer, guest = tb.join("p1")
    old_view = guest.move(guest.state["hand"][0])
    new = tb.s.again()
    tb.hub.attach(new)
    events = deliver(peer, guest)
    assert [e[0] for e in events] == ["welcome", "view"] and guest.state == new.table_state(1)
    assert new.presence[1] == "connected" and new.tokens == {1: TOKEN}
    before = json.dumps(new.match.position())
    tb.hub.receive("p1", old_view)  # made on the last match's view
    assert errors(peer.take())[0]["code"] in ("stale", "replayed")
    assert json.dumps(new.match.position()) == before


def test_a_failing_channel_does_not_crash_the_host() -> None:
    tb = Table()

    def broken(text: str) -> None:
        raise RuntimeError("channel closed")

    tb.hub.connect("x", broken, broken)  # type: ignore[arg-type]
    tb.hub.receive("x", dernier_guest(1, TOKEN, "Zoë").hello())
    tb.hub.broadcast()
    tb.clock.t += 3
    tb.hub.tick()
    tb.hub.close_table("bye")
    tb.hub.receive("nobody", "{}")
    tb.hub.disconnect("nobody")


# -- the guest's checks ----------------------------------------------------------------------


def test_the_guest_checks_what_the_host_sends() -> None:
    tb = Table()
    _peer, guest = tb.join("p1")
    good, n = guest.state, guest.n
    state = tb.s.table_state(1)
    bads: list[Any] = [
        encode("view", n=n + 1, state={**state, "seat": 0}),
        encode("view", n=n + 1, state={**state, "hand": ["ZZ"]}),
        encode("view", n=n + 1, state={**state, "names": [1, 2, 3]}),
        encode("view", n=n + 1, state={k: v for k, v in state.items() if k != "legal"}),
        encode("view", n=n + 1, state={**state, "counts": [5, 99, 5]}),
        encode("view", n=n + 1, state={**state, "turn": 7}),
        encode("view", n=n, state=state),  # not a newer view
        encode("view", n=True, state=state),
        encode("welcome", seat=2, names=["a", "b", "c"]),
        encode("talk", seat=1, phrase="free text"),
        encode("error", code="<b>", text="x"),
        '{"v":1,"t":"view","n":' + str(n + 1) + ',"state":' + "[" * 3000 + "]" * 3000 + "}",
        "x" * (MAX_VIEW + 1),
        '{"v":2,"t":"ping","at":1}',
        "not json",
        None,
    ]
    for text in bads:
        events = guest.receive(text)
        assert len(events) == 1 and events[0][0] == "error", (text, events)
        assert events[0][1]["code"] == "bad_host_message"
        assert guest.state is good and guest.n == n
    assert check_state(state, 1) is None
    assert guest.receive(encode("view", n=n + 1, state=state)) == [("view", state)] and guest.n == n + 1
    assert guest.receive(encode("pong", at=tb.clock() * 1000 - 40))[0] == ("pong", pytest.approx(40))


def test_a_view_too_big_leaves_out_the_oldest_log_entries() -> None:
    tb = Table()
    state = tb.s.table_state(1)
    state["log"] = [{"type": "move", "seat": i % 3, "move": "pass"} for i in range(3000)]
    text = fit_view(9, state)
    assert len(text) <= MAX_VIEW
    cut = json.loads(text)["state"]
    assert cut["log"] == state["log"][cut["log_from"] :] and cut["log_from"] > 0
    assert check_state(cut, 1) is None


def test_no_view_while_the_host_holds_the_table_in_its_lobby() -> None:
    """Issue 25: a friend linked before the host starts is welcomed but gets no view (no
    hand to play, no "Your turn"); a move then is refused as stale; the views come when the
    host starts."""
    tb = Table()
    tb.hub.holding = True
    p = tb.connect("a")
    g = dernier_guest(1, TOKEN, "Zoë", now=tb.clock)
    tb.hub.receive("a", g.hello())
    assert [e[0] for e in deliver(p, g)] == ["welcome"]
    assert g.state is None and tb.s.presence[1] == "connected"
    tb.hub.receive("a", g.move("draw"))
    assert [m["t"] for m in p.take()] == ["error"]
    tb.hub.holding = False
    tb.hub.broadcast()
    assert [e[0] for e in deliver(p, g)] == ["view"]
    assert g.state is not None and g.state["seat"] == 1


def test_the_stand_ins_moves_are_marked_in_the_friends_table_state() -> None:
    """Issue 25: the moves a stand-in bot makes for a friend are listed (log indices of
    the current hand), so the friend's log tells them as the stand-in's."""
    tb = Table(players=2, levels=("friend",))
    tb.s.presence[1] = "standin"
    tb.advance(1)
    at = len(tb.s.table_state(1)["log"])
    tb.s.play(tb.s.bot_fallback_move(1), 1)
    state = tb.s.table_state(1)
    assert state["standin_moves"] == [at]
    assert state["log"][at]["seat"] == 1
    tb.s.presence[1] = "connected"
    tb.advance(1)
    tb.s.play(tb.s.bot_fallback_move(1), 1)
    assert tb.s.table_state(1)["standin_moves"] == [at]
