"""Playing with friends: the messages between the host's page and a friend's page.

Plain Python (no browser): the page's network code (:mod:`web.net`) feeds text in and sends
the text that comes out; everything here runs and is tested in CPython.

The host's page runs the only engine (a :class:`web.session.Session`). Each friend's page
(a *guest*) is linked to it by a WebRTC data channel carrying JSON text, one message per
data-channel message. :class:`HostHub` is the host's referee; :class:`GuestClient` is the
guest's side. Neither trusts the other: every message is checked before it is used.

Every message is a JSON object ``{"v": 1, "t": <type>, …fields}``, at most
:data:`MAX_MESSAGE` bytes (UTF-8) — a ``view`` from the host at most :data:`MAX_VIEW`.

Guest → host (fields exactly these; anything else is refused):

* ``hello {seat, token, name}`` — the first message on a link: the seat of the invitation,
  its secret token, the friend's name (cleaned like any name: ≤ 40 characters, no control
  characters; only ever shown as text). A wrong token: ``error bad_token`` and the link is
  closed. A right token for a seat already connected replaces the old link (rejoin: the
  old one gets ``bye replaced``); a seat played by its stand-in bot is taken back at once.
* ``move {id, n, move, wrong?}`` — ``id`` a whole number, strictly increasing per link
  (shared with ``talk``: else ``replayed``); ``n`` the number of the last view the guest
  received: a move made on a view of another position is refused (``stale``); ``move`` a
  move string (CONTRACT "Moves"). The move is always for the link's own seat (there is
  no seat field) and the engine decides: a refused move gets ``illegal`` with the
  engine's reason, never a substitute. ``wrong: true``: ``move`` is a card of the guest's
  hand played as a mistake the game's rules charge instead of refusing (the engine says
  which: ``why_not_charged``, :class:`tabletop.engine.WhoActs`; the session's
  ``wrong_refusal`` and ``try_wrong``). Who may act, in turn or out of it, is the engine's
  to say too: a move out of turn is a ``move`` like any other.
* ``talk {id, phrase}`` — table talk, one of the game's phrases, ``GameSpec.talk`` (never free text), at
  most one per :data:`TALK_GAP_S` seconds per seat (else ``too_soon``).
* ``ping {at}`` — ``at`` any number (the guest's clock); the host answers ``pong {at}``.
* ``bye {}`` — the friend leaves: the seat is away (the grace clock starts).

Host → guest:

* ``welcome {seat, names}`` — the hello was accepted.
* ``view {n, state}`` — ``state`` is ``Session.table_state(seat)``: exactly what the seat
  may see (its own hand, never another hand, the draw pile's order or the seed; every
  hand once the hand is over). ``n`` counts the views of the seat (it grows by one with
  each, also across links and matches of one host; a ``welcome`` starts a new count on
  the guest). A view is sent only when the seat's state changed. Should a view exceed
  :data:`MAX_VIEW` the oldest log entries are left out (``state["log_from"]`` = how many).
* ``error {code, text, ref?}`` — to that guest only; ``ref`` = the refused message's
  ``id``. Codes (:data:`ERROR_CODES`): ``not_json``, ``too_big``, ``bad_message``,
  ``version``, ``bad_token``, ``seat_taken`` (this link already plays another seat),
  ``not_your_seat`` (not a friend's seat), ``stale``, ``replayed``, ``illegal`` (text =
  the engine's reason), ``flood``, ``not_joined``, ``too_soon``, ``bad_phrase``,
  ``internal``.
* ``talk {seat, phrase}`` — to every guest (the speaker too).
* ``ping {at}`` every :data:`PING_S` s; ``pong {at}`` answers a guest's ping.
* ``bye {reason}`` — the link is closed by the host: ``closed``/the host's reason (the
  table is closed), ``replaced``, ``flood``, ``silent``, ``no_hello``.

Limits: a message over :data:`MAX_MESSAGE` bytes is refused before it is parsed; each
link has a token bucket (:data:`BURST` messages, :data:`RATE` a second): over it one
``flood`` error, then messages are dropped, and after :data:`FLOOD_CLOSE` dropped in a row
the link is closed. A link that has not said hello within :data:`HELLO_TIMEOUT` s, or that
is silent for more than :data:`SILENT_S` s, is closed. A dropped friend's seat is
``away``; after the grace (``Settings.grace`` seconds) a stand-in bot plays it
(``standin``) until the friend comes back with its token.
"""

from __future__ import annotations

import contextlib
import hmac
import json
import math
import re
import time
from collections.abc import Callable
from typing import Any, TypeGuard

from web.shell.fields import is_int, text_list
from web.shell.session import AWAY, CONNECTED, STANDIN, WAITING, Session

VERSION = 1
#: the most bytes (UTF-8) of one message; checked before parsing
MAX_MESSAGE = 16 * 1024
#: the most bytes of a ``view`` (a long traditional hand's log passes 16 KB); every
#: browser's data channel carries 64 KiB messages
MAX_VIEW = 64 * 1024
#: seconds a new link has to say hello
HELLO_TIMEOUT = 10.0
#: seconds between the host's pings
PING_S = 2.0
#: a link silent longer than this (seconds) is treated as dropped
SILENT_S = 6.0
#: per-link token bucket: burst, refill per second
BURST = 20
RATE = 10.0
#: messages dropped in a row (over the bucket) that close the link
FLOOD_CLOSE = 100
#: seconds between two phrases of one seat
TALK_GAP_S = 3.0
ERROR_CODES = frozenset(
    {
        "not_json",
        "too_big",
        "bad_message",
        "version",
        "bad_token",
        "seat_taken",
        "not_your_seat",
        "stale",
        "replayed",
        "illegal",
        "flood",
        "not_joined",
        "too_soon",
        "bad_phrase",
        "internal",
    }
)
#: the fields of each guest message (required, optional)
GUEST_MESSAGES: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "hello": (frozenset({"seat", "token", "name"}), frozenset()),
    "move": (frozenset({"id", "n", "move"}), frozenset({"wrong"})),
    "talk": (frozenset({"id", "phrase"}), frozenset()),
    "ping": (frozenset({"at"}), frozenset()),
    "bye": (frozenset(), frozenset()),
}
HOST_MESSAGES = frozenset({"welcome", "view", "error", "talk", "ping", "pong", "bye"})
TOKEN_RE = re.compile(r"[A-Za-z0-9_-]{16,128}")
MAX_ID = 2**53
MAX_MOVE = 160  # a Scala 40 opening names up to 14 cards in several melds
MAX_NAME_FIELD = 200
MAX_PLAYERS = 10
#: views whose position a move may still name (older ones are stale anyway)
KEEP_VIEWS = 16
_ERROR_TEXT = 300


class ProtocolError(Exception):
    """A message refused: ``code`` (one of :data:`ERROR_CODES`) and a reason."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(text)
        self.code = code
        self.text = text


def encode(t: str, **fields: Any) -> str:
    """A message as JSON text (ASCII only: its length is its size in bytes)."""
    return json.dumps({"v": VERSION, "t": t, **fields}, separators=(",", ":"))


def utf8_size(text: str) -> int:
    """The UTF-8 size of ``text`` (a lone surrogate counts 3, as the browser's would)."""
    if len(text) > 4 * MAX_VIEW:
        return len(text)  # at least one byte a character: surely too big
    return len(text.encode("utf-8", "surrogatepass"))


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def decode(text: object, limit: int = MAX_MESSAGE) -> dict[str, Any]:
    """The object of one message, checked for size, JSON, ``v`` and ``t`` (not fields);
    :class:`ProtocolError` otherwise."""
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("not_json", "a message is UTF-8 text") from None
    if not isinstance(text, str):
        raise ProtocolError("bad_message", "a message is text")
    if utf8_size(text) > limit:
        raise ProtocolError("too_big", f"a message is at most {limit} bytes")
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise ProtocolError("not_json", "a message is a JSON object") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", "a message is a JSON object")
    if "v" not in data:
        raise ProtocolError("bad_message", "a message has a version 'v'")
    if not is_int(data["v"]) or data["v"] != VERSION:
        raise ProtocolError("version", f"this table speaks version {VERSION}")
    if not isinstance(data.get("t"), str):
        raise ProtocolError("bad_message", "a message has a type 't'")
    return data


def _is_number(v: object) -> TypeGuard[int | float]:
    if isinstance(v, bool) or not isinstance(v, int | float):
        return False
    return math.isfinite(v) and abs(v) < 1e16


def check_guest_message(data: dict[str, Any]) -> None:
    """The fields of a guest's message (after :func:`decode`); ProtocolError if off."""
    t = data["t"]
    shape = GUEST_MESSAGES.get(t)
    if shape is None:
        raise ProtocolError("bad_message", f"unknown message type {t[:20]!r}")
    required, optional = shape
    keys = set(data) - {"v", "t"}
    if not required <= keys or not keys <= required | optional:
        fields = ", ".join(sorted(required)) or "no fields"
        raise ProtocolError("bad_message", f"{t} takes {fields}")
    if "id" in data and not (is_int(data["id"]) and 1 <= data["id"] <= MAX_ID):
        raise ProtocolError("bad_message", "id is a whole number from 1")
    if t == "hello":
        if not is_int(data["seat"]) or not 0 <= data["seat"] < MAX_PLAYERS:
            raise ProtocolError("bad_message", "seat is a seat number")
        if not isinstance(data["token"], str) or len(data["token"]) > MAX_NAME_FIELD:
            raise ProtocolError("bad_message", "token is text")
        if not isinstance(data["name"], str) or len(data["name"]) > MAX_NAME_FIELD:
            raise ProtocolError("bad_message", f"name is text of at most {MAX_NAME_FIELD} characters")
    elif t == "move":
        if not (is_int(data["n"]) and 0 <= data["n"] <= MAX_ID):
            raise ProtocolError("bad_message", "n is the number of a view")
        if not isinstance(data["move"], str) or not 0 < len(data["move"]) <= MAX_MOVE:
            raise ProtocolError("bad_message", "move is a move string")
        if not isinstance(data.get("wrong", False), bool):
            raise ProtocolError("bad_message", "wrong is true or false")
    elif t == "talk":
        if not isinstance(data["phrase"], str):
            raise ProtocolError("bad_message", "phrase is text")
    elif t == "ping" and not _is_number(data["at"]):
        raise ProtocolError("bad_message", "at is a number")


class _Link:
    __slots__ = (
        "bucket",
        "close",
        "dropped",
        "flood_told",
        "last_id",
        "last_ping",
        "last_seen",
        "opened",
        "peer",
        "refilled",
        "seat",
        "send",
    )

    def __init__(self, peer: str, send: Callable[[str], None], close: Callable[[], None], now: float) -> None:
        self.peer = peer
        self.send = send
        self.close = close
        self.opened = self.last_seen = self.last_ping = self.refilled = now
        self.bucket = float(BURST)
        self.dropped = 0
        self.flood_told = False
        self.last_id = 0
        self.seat: int | None = None


class HostHub:
    """The host's referee: links to the friends' pages, their seats, their moves.

    The page calls :meth:`connect`/:meth:`receive`/:meth:`disconnect` for its links,
    :meth:`tick` about four times a second and :meth:`broadcast` after every change of
    the match. No guest message can raise out of :meth:`receive` or change the match
    unless the engine accepts it as that guest's own move."""

    def __init__(
        self,
        session: Session,
        *,
        now: Callable[[], float] = time.monotonic,
        on_change: Callable[[], None] = lambda: None,
        grace_s: float | None = None,
        on_talk: Callable[[int, str], None] | None = None,
    ) -> None:
        self.session = session
        self.now = now
        self.on_change = on_change
        self.on_talk = on_talk
        self._grace_given = grace_s
        self.grace_s = float(grace_s if grace_s is not None else session.settings.grace)
        self.links: dict[str, _Link] = {}
        self.bound: dict[int, str] = {}  # seat: peer
        self.away_since: dict[int, float] = {}
        self.talk_at: dict[int, float] = {}
        #: the latest phrases said at the table: (seat, phrase), oldest first
        self.talk_log: list[tuple[int, str]] = []
        self.closed = False
        #: True while the host's page is in its lobby before the match starts: friends are
        #: welcomed but get no view (no hand to play before the host starts)
        self.holding = False
        self._sent: dict[int, str] = {}  # seat: the last state sent (JSON)
        self._n: dict[int, int] = {}  # seat: the number of its last view
        self._pos: dict[int, dict[int, tuple[Any, ...]]] = {}  # seat: {n: position key}
        self._epoch = 0  # bumped by attach: a view of another match is stale
        self._normalise()

    # -- the match ----------------------------------------------------------------------

    def attach(self, session: Session) -> None:
        """A new match (e.g. ``Session.again``) with the same friends: bound links keep
        their seats, each gets a ``welcome`` (names) and a view of the new match."""
        for seat, token in self.session.tokens.items():
            session.tokens.setdefault(seat, token)
        self.session = session
        self._epoch += 1
        if self._grace_given is None:
            self.grace_s = float(session.settings.grace)
        self._sent.clear()
        friends = set(session.friend_seats())
        for seat, peer in list(self.bound.items()):
            link = self.links.get(peer)
            if link is None:
                continue
            if seat not in friends:
                self._drop(link, "closed")
                continue
            self._send(link, encode("welcome", seat=seat, names=session.names))
        self._normalise()
        self.broadcast()

    def _normalise(self) -> None:
        """Presence agrees with the links: a bound seat is connected, a connected seat
        without a link is away (its grace clock starts now)."""
        s = self.session
        for seat in s.friend_seats():
            if seat in self.bound:
                s.presence[seat] = CONNECTED
                self.away_since.pop(seat, None)
            elif s.presence.get(seat) == CONNECTED:
                s.presence[seat] = AWAY
            if s.presence.get(seat) == AWAY:
                self.away_since.setdefault(seat, self.now())

    def _key(self) -> tuple[Any, ...]:
        """The position a move is made on: any move (anyone's) changes it."""
        return (self._epoch, *self.session.position_key())

    def _changed(self) -> None:
        with contextlib.suppress(Exception):
            self.on_change()

    # -- tokens and seats ----------------------------------------------------------------

    def set_token(self, seat: int, token: str) -> None:
        """The invitation token of friend seat ``seat`` (made by the page with
        ``crypto.getRandomValues``; 16-128 characters of ``A-Z a-z 0-9 _ -``). Kept in
        the session, so a save keeps it."""
        if seat not in self.session.friend_seats():
            raise ValueError(f"seat {seat!r} is not a friend's seat")
        if not isinstance(token, str) or not TOKEN_RE.fullmatch(token):
            raise ValueError("a token is 16-128 characters of A-Z a-z 0-9 _ -")
        self.session.tokens[seat] = token
        self.session.save()

    def seat_token(self, seat: int) -> str | None:
        return self.session.tokens.get(seat)

    def presence(self) -> dict[int, str]:
        """Each friend seat's presence: waiting, connected, away or standin."""
        return dict(self.session.presence)

    def standin_now(self, seat: int) -> bool:
        """The host lets a bot play a missing friend's seat at once (waiting or away).
        False if ``seat`` is no such seat."""
        s = self.session
        if seat not in s.friend_seats() or s.presence.get(seat) not in (WAITING, AWAY):
            return False
        s.presence[seat] = STANDIN
        self.away_since.pop(seat, None)
        self.broadcast()
        self._changed()
        return True

    # -- links ----------------------------------------------------------------------------

    def connect(self, peer_id: str, send: Callable[[str], None], close: Callable[[], None]) -> None:
        """A link opened; it must say hello within :data:`HELLO_TIMEOUT` seconds."""
        now = self.now()
        if self.closed:
            link = _Link(peer_id, send, close, now)
            self._send(link, encode("bye", reason="closed"))
            self._close(link)
            return
        old = self.links.get(peer_id)
        if old is not None:
            self._drop(old, "replaced")
        self.links[peer_id] = _Link(peer_id, send, close, now)

    def disconnect(self, peer_id: str) -> None:
        """The link closed or failed: its seat is away and the grace clock starts."""
        link = self.links.get(peer_id)
        if link is not None:
            self._drop(link, None, close=False)

    def close_table(self, reason: str = "closed") -> None:
        """The host closes the table: ``bye {reason}`` to every link, all closed."""
        reason = reason if isinstance(reason, str) and reason else "closed"
        for link in list(self.links.values()):
            self._drop(link, reason[:64], notify=False)
        self.closed = True
        self._changed()

    def _send(self, link: _Link, text: str) -> None:
        # a failed channel closes itself: the page then calls disconnect
        with contextlib.suppress(Exception):
            link.send(text)

    def _close(self, link: _Link) -> None:
        with contextlib.suppress(Exception):
            link.close()

    def _error(self, link: _Link, code: str, text: str, ref: int | None = None) -> None:
        fields: dict[str, Any] = {"code": code, "text": text[:_ERROR_TEXT]}
        if ref is not None:
            fields["ref"] = ref
        self._send(link, encode("error", **fields))

    def _drop(self, link: _Link, reason: str | None, *, close: bool = True, notify: bool = True) -> None:
        """Forget ``link`` (telling it ``bye reason`` first when given); its seat is away."""
        if self.links.get(link.peer) is link:
            del self.links[link.peer]
        if reason is not None:
            self._send(link, encode("bye", reason=reason))
        if close:
            self._close(link)
        seat = link.seat
        if seat is None or self.bound.get(seat) != link.peer:
            return
        del self.bound[seat]
        s = self.session
        if s.presence.get(seat) == CONNECTED:
            s.presence[seat] = AWAY
            self.away_since[seat] = self.now()
        if notify:
            self.broadcast()
            self._changed()

    def tick(self) -> None:
        """Heartbeat (call ~4 times a second): pings, silent links, the grace clock."""
        now = self.now()
        for link in list(self.links.values()):
            if link.seat is None:  # only the hello timeout: nothing to keep alive yet
                if now - link.opened > HELLO_TIMEOUT:
                    self._error(link, "not_joined", f"no hello within {HELLO_TIMEOUT:g} s")
                    self._drop(link, "no_hello")
            elif now - link.last_seen > SILENT_S:
                self._drop(link, "silent")
            elif now - link.last_ping >= PING_S:
                link.last_ping = now
                self._send(link, encode("ping", at=round(now * 1000)))
        s = self.session
        changed = False
        for seat, since in list(self.away_since.items()):
            if s.presence.get(seat) != AWAY:
                del self.away_since[seat]
            elif now - since >= self.grace_s:
                s.presence[seat] = STANDIN
                del self.away_since[seat]
                changed = True
        if changed:
            self.broadcast()
            self._changed()

    # -- views --------------------------------------------------------------------------

    def broadcast(self) -> None:
        """Send each bound guest its view if its table state changed."""
        for seat, peer in list(self.bound.items()):
            link = self.links.get(peer)
            if link is not None:
                self._view(link, seat)

    def _view(self, link: _Link, seat: int, force: bool = False) -> bool:
        if self.holding:
            return False
        state = self.session.table_state(seat)
        text = json.dumps(state, sort_keys=True, separators=(",", ":"))
        if not force and self._sent.get(seat) == text:
            return False
        self._sent[seat] = text
        n = self._n[seat] = self._n.get(seat, 0) + 1
        pos = self._pos.setdefault(seat, {})
        pos[n] = self._key()
        for old in [k for k in pos if k <= n - KEEP_VIEWS]:
            del pos[old]
        self._send(link, fit_view(n, state))
        return True

    # -- guest messages -----------------------------------------------------------------

    def receive(self, peer_id: str, text: object) -> None:
        """A message from a link. Never raises; a refused message gets an ``error`` to
        that link only and changes nothing."""
        link = self.links.get(peer_id)
        if link is None:
            return
        try:
            self._receive(link, text)
        except ProtocolError as e:
            self._error(link, e.code, e.text)
        except Exception:
            self._error(link, "internal", "the host could not handle that message")

    def _take(self, link: _Link, now: float) -> bool:
        link.bucket = min(float(BURST), link.bucket + max(0.0, now - link.refilled) * RATE)
        link.refilled = now
        if link.bucket >= 1:
            link.bucket -= 1
            link.dropped = 0
            link.flood_told = False
            return True
        link.dropped += 1
        if not link.flood_told:
            link.flood_told = True
            self._error(link, "flood", f"at most {RATE:g} messages a second")
        if link.dropped >= FLOOD_CLOSE:
            self._drop(link, "flood")
        return False

    def _receive(self, link: _Link, text: object) -> None:
        now = self.now()
        link.last_seen = now
        if not self._take(link, now):
            return
        data = decode(text)
        check_guest_message(data)
        t = data["t"]
        if t == "ping":
            self._send(link, encode("pong", at=data["at"]))
            return
        if t == "bye":
            self._drop(link, None)
            return
        if t == "hello":
            self._hello(link, data)
            return
        seat = link.seat
        if seat is None:
            raise ProtocolError("not_joined", "say hello first")
        ref = data["id"]
        if ref <= link.last_id:
            self._error(link, "replayed", f"id {ref} is not after {link.last_id}", ref)
            return
        link.last_id = ref
        if t == "talk":
            self._guest_talk(link, seat, data["phrase"], ref)
        else:
            self._move(link, seat, data, ref)

    def _hello(self, link: _Link, data: dict[str, Any]) -> None:
        s = self.session
        seat = data["seat"]
        if link.seat is not None and link.seat != seat:
            raise ProtocolError("seat_taken", f"this link plays seat {link.seat}")
        if seat >= s.match.players or s.kinds[seat] != "friend":
            self._error(link, "not_your_seat", f"seat {seat} is not a friend's seat")
            self._drop(link, None)
            return
        expected = s.tokens.get(seat)
        given = data["token"]
        if not expected or not hmac.compare_digest(
            expected.encode("utf-8", "surrogatepass"), given.encode("utf-8", "surrogatepass")
        ):
            self._error(link, "bad_token", f"this invitation is not for seat {seat}")
            self._drop(link, None)
            return
        old_peer = self.bound.get(seat)
        if old_peer is not None and old_peer != link.peer:
            old = self.links.get(old_peer)
            del self.bound[seat]
            if old is not None:
                old.seat = None
                self._drop(old, "replaced")
        link.seat = seat
        self.bound[seat] = link.peer
        s.presence[seat] = CONNECTED
        self.away_since.pop(seat, None)
        if data["name"]:
            s.rename(seat, data["name"])
        self._send(link, encode("welcome", seat=seat, names=s.names))
        self._view(link, seat, force=True)
        self.broadcast()
        self._changed()

    def _move(self, link: _Link, seat: int, data: dict[str, Any], ref: int) -> None:
        s = self.session
        self._view(link, seat)  # a change not yet broadcast makes the move stale
        if self._pos.get(seat, {}).get(data["n"]) != self._key():
            self._error(link, "stale", "the table changed: look at the latest view", ref)
            return
        move: str = data["move"]
        if data.get("wrong"):
            reason = s.wrong_refusal(seat, move)
            if reason is None and s.try_wrong(move, seat) is None:
                reason = "that card cannot be charged as a mistake now"
        else:
            reason = s.why_refused(move, seat)
            if reason is None:
                try:
                    s.play(move, seat)
                except ValueError as e:  # IllegalMove and notation errors
                    reason = str(e) or "that move may not be played now"
        if reason is not None:
            self._error(link, "illegal", reason, ref)
            return
        self.broadcast()
        self._changed()

    # -- table talk ---------------------------------------------------------------------

    def _may_talk(self, seat: int) -> bool:
        last = self.talk_at.get(seat)
        return last is None or self.now() - last >= TALK_GAP_S

    def _say(self, seat: int, phrase: str) -> None:
        self.talk_at[seat] = self.now()
        self.talk_log = [*self.talk_log[-49:], (seat, phrase)]
        text = encode("talk", seat=seat, phrase=phrase)
        for peer in list(self.bound.values()):
            link = self.links.get(peer)
            if link is not None:
                self._send(link, text)
        if self.on_talk is not None:
            with contextlib.suppress(Exception):
                self.on_talk(seat, phrase)

    def _guest_talk(self, link: _Link, seat: int, phrase: str, ref: int) -> None:
        if phrase not in self.session.game.talk:
            self._error(link, "bad_phrase", "table talk is one of the game's phrases", ref)
        elif not self._may_talk(seat):
            self._error(link, "too_soon", f"one phrase every {TALK_GAP_S:g} s", ref)
        else:
            self._say(seat, phrase)

    def local_talk(self, seat: int, phrase: str) -> bool:
        """A person on the host's device says ``phrase``: to every guest. False if it is
        no phrase of the game, not a local seat, or too soon."""
        s = self.session
        if phrase not in s.game.talk or not (0 <= seat < s.match.players and s.is_local(seat)):
            return False
        if not self._may_talk(seat):
            return False
        self._say(seat, phrase)
        return True


def fit_view(n: int, state: dict[str, Any]) -> str:
    """The ``view`` message of ``state``, within :data:`MAX_VIEW` (oldest log entries
    left out if need be; ``state["log_from"]`` then says how many)."""
    text = encode("view", n=n, state=state)
    log = state.get("log")
    if len(text) <= MAX_VIEW or not isinstance(log, list):
        return text
    keep = len(log)
    while keep > 0:
        keep //= 2
        cut = {**state, "log": log[len(log) - keep :], "log_from": len(log) - keep}
        text = encode("view", n=n, state=cut)
        if len(text) <= MAX_VIEW:
            break
    return text


# -- the guest's side -------------------------------------------------------------------


class GuestClient:
    """A friend's side of the link: makes the messages to send, and checks every message
    from the host before using it (the host is not trusted either).

    ``state`` is the last good table state (None before the first), ``n`` its number."""

    def __init__(
        self,
        seat: int,
        token: str,
        name: str,
        *,
        check: Callable[[object, int], str | None],
        phrases: tuple[str, ...],
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.seat = seat
        #: why a table state from the host is unusable (the game's check: GameSpec.view_check)
        self.check = check
        #: the game's table talk (:attr:`web.shell.games.GameSpec.talk`)
        self.phrases = phrases
        self.token = token
        self.name = name
        self.now = now
        self.state: dict[str, Any] | None = None
        self.n = 0
        self.names: list[str] = []
        self.joined = False
        #: the host's reason once it said bye
        self.bye_reason: str | None = None
        self.next_id = 1
        self.talk_at: float | None = None
        self.rtt_ms: float | None = None

    def _next_id(self) -> int:
        i = self.next_id
        self.next_id += 1
        return i

    def hello(self) -> str:
        return encode("hello", seat=self.seat, token=self.token, name=self.name[:MAX_NAME_FIELD])

    def move(self, move: str, wrong: bool = False) -> str:
        """A move for this seat, on the last view received."""
        fields: dict[str, Any] = {"id": self._next_id(), "n": self.n, "move": move}
        if wrong:
            fields["wrong"] = True
        return encode("move", **fields)

    def talk(self, phrase: str) -> str | None:
        """A phrase of the game's table talk, or None if the last was under
        :data:`TALK_GAP_S` seconds ago (ValueError for a phrase that is not one)."""
        if phrase not in self.phrases:
            raise ValueError(f"{phrase!r} is not a phrase of the game")
        now = self.now()
        if self.talk_at is not None and now - self.talk_at < TALK_GAP_S:
            return None
        self.talk_at = now
        return encode("talk", id=self._next_id(), phrase=phrase)

    def ping(self) -> str:
        return encode("ping", at=round(self.now() * 1000))

    def bye(self) -> str:
        return encode("bye")

    def receive(self, text: object) -> list[tuple[str, Any]]:
        """The events of one host message: ``("welcome", {"seat", "names"})``,
        ``("view", state)``, ``("error", {"code", "text", "ref"})``, ``("talk", (seat,
        phrase))``, ``("bye", reason)``, ``("pong", rtt_ms)``, ``("ping", at)``. A
        message that is off gives ``("error", {"code": "bad_host_message", "text":
        reason, "ref": None})`` and changes nothing. Never raises."""
        try:
            return self._receive(text)
        except ProtocolError as e:
            return [("error", {"code": "bad_host_message", "text": f"{e.code}: {e.text}", "ref": None})]
        except Exception as e:  # a bug here must not break the page
            return [("error", {"code": "bad_host_message", "text": type(e).__name__, "ref": None})]

    def _receive(self, text: object) -> list[tuple[str, Any]]:
        data = decode(text, MAX_VIEW)
        t = data["t"]
        if t not in HOST_MESSAGES:
            raise ProtocolError("bad_message", f"unknown message type {t[:20]!r}")
        if t == "view":
            n = data.get("n")
            if not is_int(n) or not 1 <= n <= MAX_ID:
                raise ProtocolError("bad_message", "a view has a number n")
            if n <= self.n:
                raise ProtocolError("bad_message", f"view {n} is not after view {self.n}")
            state = data.get("state")
            why = self.check(state, self.seat)
            if why is not None:
                raise ProtocolError("bad_message", why)
            assert isinstance(state, dict)
            self.state = state
            self.n = n
            return [("view", state)]
        if t == "welcome":
            names = data.get("names")
            if data.get("seat") != self.seat or not is_int(data.get("seat")):
                raise ProtocolError("bad_message", "welcome for another seat")
            if not text_list(names) or not 2 <= len(names) <= MAX_PLAYERS:
                raise ProtocolError("bad_message", "bad names")
            self.joined = True
            self.names = list(names)
            self.n = 0  # a (new) host numbers its views from 1
            return [("welcome", {"seat": self.seat, "names": list(self.names)})]
        if t == "error":
            code, why, ref = data.get("code"), data.get("text"), data.get("ref")
            if not isinstance(code, str) or not re.fullmatch(r"[a-z_]{1,40}", code):
                raise ProtocolError("bad_message", "bad error code")
            if not isinstance(why, str) or len(why) > 1000:
                raise ProtocolError("bad_message", "bad error text")
            if ref is not None and not is_int(ref):
                raise ProtocolError("bad_message", "bad error ref")
            return [("error", {"code": code, "text": why, "ref": ref})]
        if t == "talk":
            seat, phrase = data.get("seat"), data.get("phrase")
            players = len(self.names) or MAX_PLAYERS
            if not is_int(seat) or not 0 <= seat < players or phrase not in self.phrases:
                raise ProtocolError("bad_message", "bad talk")
            return [("talk", (seat, phrase))]
        if t == "bye":
            reason = data.get("reason")
            if not isinstance(reason, str) or len(reason) > MAX_NAME_FIELD:
                raise ProtocolError("bad_message", "bad bye")
            self.bye_reason = reason
            return [("bye", reason)]
        at = data.get("at")
        if not _is_number(at):
            raise ProtocolError("bad_message", f"bad {t}")
        if t == "pong":
            self.rtt_ms = max(0.0, self.now() * 1000 - float(at))
            return [("pong", self.rtt_ms)]
        return [("ping", at)]
