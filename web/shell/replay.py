"""Replays without the browser: share links, the kept list, and the positions to step through.

Plain Python (tested in CPython by ``tests/test_web_replay.py``); the page's viewer is
:mod:`web.replay_ui`.

* **Share links.** :func:`encode_link` puts a whole match record (``Match.record()``) in a
  URL fragment: ``#replay=1.<data>``, where ``1`` is the link format and ``<data>`` the
  record's compact JSON compressed with zlib and written in URL-safe base64 without
  padding. The fragment never reaches a server. :func:`decode_link` reads it back,
  refusing a link longer than :data:`MAX_LINK_CHARS`, bad base64, bad or truncated zlib
  data and anything that inflates past :data:`dernier.review.MAX_RECORD_BYTES` (a
  decompression bomb stops there: the inflater is never asked for more). The record is
  then checked like an imported file (:func:`dernier.review.load_record`: every move
  replayed).
* **The kept list** (``localStorage`` key :data:`REPLAYS_KEY`): the last
  :data:`MAX_REPLAYS` matches (finished, abandoned, imported or opened from a link),
  newest first, each with its date, players, result and its record (compressed as in a
  link). :class:`ReplayShelf` reads and writes it; when the storage is full the oldest
  entries go first, and if even one does not fit the caller gets a reason to show.
* **Frames.** :func:`hand_frames` replays one hand of a match and keeps the position after
  the deal and after every recorded move (a cheap copy of the engine's state each), so the
  viewer steps in any order at no cost; :func:`board` is what a frame shows from one
  seat's view (the others' cards hidden) or with every hand face up.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from dernier.cards import SUITS
from dernier.errors import SaveError
from dernier.game import Game
from dernier.match import Match
from dernier.review import MAX_RECORD_BYTES, load_record, play_recorded, replayed_hands
from web.dernier.describe import log_lines
from web.shell.i18n import t

LINK_KEY = "replay="
LINK_VERSION = "1"
#: the longest fragment read (Chromium takes URLs of 2 MB; a 20-hand match is ~30 KB)
MAX_LINK_CHARS = 1_000_000
REPLAYS_KEY = "dernier.replays.v1"
APP = "dernier-page"
SHELF_VERSION = 1
MAX_REPLAYS = 20
KINDS = ("finished", "abandoned", "imported", "shared")

_B64URL = re.compile(r"[A-Za-z0-9_-]*")


class ReplayLinkError(SaveError):
    """A share link that cannot be read (the reason is in the message)."""


# -- share links --------------------------------------------------------------------------


def pack(record: dict[str, Any]) -> str:
    """A record as compressed URL-safe base64 (no padding)."""
    raw = json.dumps(record, separators=(",", ":"), ensure_ascii=False).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def unpack(data: str, limit: int = MAX_RECORD_BYTES) -> str:
    """The JSON text packed by :func:`pack`; :class:`ReplayLinkError` with the reason."""
    if not _B64URL.fullmatch(data):
        raise ReplayLinkError("the link's data has characters that do not belong in it")
    if not data:
        raise ReplayLinkError("the link holds no match")
    try:
        raw = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
    except (binascii.Error, ValueError):
        raise ReplayLinkError("the link's data is cut short or damaged") from None
    inflater = zlib.decompressobj()
    try:
        text = inflater.decompress(raw, limit + 1)
    except zlib.error:
        raise ReplayLinkError("the link's data is damaged (it does not decompress)") from None
    if len(text) > limit or inflater.unconsumed_tail:
        raise ReplayLinkError(f"the link's match is too large (over {limit / 1e6:.0f} MB once unpacked)")
    if not inflater.eof:
        raise ReplayLinkError("the link's data is cut short")
    try:
        return text.decode()
    except UnicodeDecodeError:
        raise ReplayLinkError("the link's data is not text") from None


def encode_link(record: dict[str, Any]) -> str:
    """The fragment (without ``#``) that opens ``record`` in the replay viewer."""
    return f"{LINK_KEY}{LINK_VERSION}.{pack(record)}"


def is_link(fragment: str) -> bool:
    return fragment.lstrip("#").startswith(LINK_KEY)


def decode_link(fragment: str, load: Callable[[str], Any] = load_record) -> Any:
    """The match of a ``#replay=`` fragment, checked by replaying every move (``load``: the
    game's reader of a record, Dernier's by default); :class:`SaveError` (a
    :class:`ReplayLinkError` for the link itself) with the reason."""
    frag = fragment.lstrip("#")
    if not frag.startswith(LINK_KEY):
        raise ReplayLinkError("this is not a replay link")
    body = frag[len(LINK_KEY) :]
    if len(body) > MAX_LINK_CHARS:
        raise ReplayLinkError(f"the link is too long ({len(body):,} characters)")
    version, dot, data = body.partition(".")
    if not dot:
        raise ReplayLinkError("the link has no format number")
    if version != LINK_VERSION:
        raise ReplayLinkError(
            f"link format {version[:8]!r} is not known to this Dernier (it reads {LINK_VERSION})"
        )
    return load(unpack(data))


# -- the kept list ------------------------------------------------------------------------


def record_id(record: dict[str, Any]) -> str:
    """The same record always has the same id (so keeping it twice keeps it once)."""
    import hashlib  # only here: not a cost at the page's start

    text = json.dumps(record, separators=(",", ":"), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def make_entry(match: Match, kind: str, at: int, hinted: bool = False) -> dict[str, Any]:
    """A kept replay: ``at`` in ms since 1970 (JavaScript's ``Date.now()``)."""
    record = match.record()
    return {
        "id": record_id(record),
        "kind": kind if kind in KINDS else "imported",
        "at": int(at),
        "names": list(match.names),
        "rules": match.rules.preset,
        "players": match.players,
        "hands": match.hand_no,
        "limit": match.hands_limit,  # the match's format: a number of hands, or a points target
        "target": match.target,
        "over": match.over,
        "winner": match.winner if match.over else None,
        "scores": match.scores,
        "result": dict(match.result) if match.result else None,
        "hinted": bool(hinted),
        "data": pack(record),
    }


def add_entry(
    entries: list[dict[str, Any]], entry: dict[str, Any], limit: int = MAX_REPLAYS
) -> list[dict[str, Any]]:
    """``entry`` added, newest first; the same match is kept once (the newest entry wins,
    and a match once played with hints stays marked); the oldest dropped past ``limit``."""
    rest = [e for e in entries if e.get("id") != entry["id"]]
    if any(e.get("id") == entry["id"] and e.get("hinted") for e in entries):
        entry = {**entry, "hinted": True}
    out = [entry, *rest]
    out.sort(key=lambda e: -int(e.get("at", 0)))
    return out[:limit]


def _good_entry(e: object) -> bool:
    if not isinstance(e, dict):
        return False
    names = e.get("names")
    return (
        isinstance(e.get("id"), str)
        and isinstance(e.get("data"), str)
        and isinstance(e.get("at"), int)
        and not isinstance(e.get("at"), bool)
        and isinstance(names, list)
        and all(isinstance(n, str) for n in names)
        and isinstance(e.get("players"), int)
        and e.get("kind") in KINDS
    )


def parse_shelf(text: str | None) -> list[dict[str, Any]]:
    """The kept replays in ``text``; whatever cannot be read is left out (never raises)."""
    if not text:
        return []
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return []
    if not isinstance(data, dict) or data.get("app") != APP or data.get("version") != SHELF_VERSION:
        return []
    items = data.get("replays")
    if not isinstance(items, list):
        return []
    good = [e for e in items if _good_entry(e)]
    good.sort(key=lambda e: -int(e["at"]))
    return good[:MAX_REPLAYS]


def dump_shelf(entries: list[dict[str, Any]]) -> str:
    return json.dumps({"app": APP, "version": SHELF_VERSION, "replays": entries}, separators=(",", ":"))


class Storage(Protocol):
    """The part of the Web Storage API the page uses (``window.localStorage`` fits; also
    :class:`web.session.Store`'s storage)."""

    def getItem(self, key: str) -> Any: ...
    def setItem(self, key: str, value: str) -> None: ...
    def removeItem(self, key: str) -> None: ...


@dataclass
class Kept:
    """What :meth:`ReplayShelf.add` did: the list now kept, how many older entries had to
    go to make room (the storage was full), and whether the new one could not be kept."""

    entries: list[dict[str, Any]] = field(default_factory=list)
    dropped: int = 0
    failed: bool = False


class ReplayShelf:
    """The kept replays in a Storage (``localStorage`` in the page)."""

    def __init__(self, storage: Storage, key: str = REPLAYS_KEY) -> None:
        self.storage = storage
        #: the storage key: each game keeps its own list (``<game>.replays.v1``)
        self.key = key

    def load(self) -> list[dict[str, Any]]:
        try:
            text = self.storage.getItem(self.key)
        except Exception:
            return []
        return parse_shelf(text if isinstance(text, str) else None)

    def _write(self, entries: list[dict[str, Any]]) -> bool:
        try:
            self.storage.setItem(self.key, dump_shelf(entries))
            return True
        except Exception:  # the quota (or storage turned off)
            return False

    def add(self, entry: dict[str, Any]) -> Kept:
        before = self.load()
        entries = add_entry(before, entry)
        full = len(entries)
        while entries:
            if self._write(entries):
                kept = any(e["id"] == entry["id"] for e in entries)
                return Kept(entries, full - len(entries), not kept)
            if len(entries) == 1:
                break
            entries = entries[:-1]
        return Kept(before, 0, True)

    def remove(self, entry_id: str) -> list[dict[str, Any]]:
        entries = [e for e in self.load() if e["id"] != entry_id]
        self._write(entries)
        return entries

    def get(self, entry_id: str) -> dict[str, Any] | None:
        return next((e for e in self.load() if e["id"] == entry_id), None)


def entry_match(entry: dict[str, Any]) -> Match:
    """The match of a kept entry, checked again (the storage may have been edited)."""
    return load_record(unpack(str(entry.get("data", ""))))


# -- frames -------------------------------------------------------------------------------


@dataclass
class HandFrames:
    """One hand, ready to step through: ``frames[0]`` is the position after the deal (the
    turned-up card applied), ``frames[k]`` after the k-th recorded move."""

    hand_no: int
    frames: list[Any]  # the game's positions (Dernier's: a Game)
    moves: list[tuple[int, str]]
    totals: list[int]  # the running scores once this hand is over (or as it was left)
    result: dict[str, Any] | None = None  # an abandon or timeout that ended the match here

    @property
    def steps(self) -> int:
        return len(self.frames) - 1


def hand_frames(match: Match, hand_no: int) -> HandFrames:
    """Replay ``match`` (from :func:`dernier.review.load_record`, so it replays) up to hand
    ``hand_no`` (1-based) and keep every position of that hand."""
    rec = match.record()
    history = rec["history"]
    if not 1 <= hand_no <= len(history):
        raise ValueError(f"there is no hand {hand_no} (the match has {len(history)})")
    for i, m, recorded in replayed_hands(match):
        if i < hand_no - 1:
            for seat, move in recorded:
                play_recorded(m, seat, move)
            continue
        frames = [m.game.copy()]
        moves: list[tuple[int, str]] = []
        for seat, move in recorded:
            play_recorded(m, seat, move)
            frames.append(m.game.copy())
            moves.append((seat, move))
        for g in frames:
            g.state.reshuffles = None
        end = rec["result"] if hand_no == len(history) else None
        return HandFrames(hand_no, frames, moves, m.scores, end)
    raise AssertionError("unreachable")  # pragma: no cover


def board(g: Game, names: list[str], seat: int | None, lang: str) -> dict[str, Any]:
    """What a frame shows: from ``seat``'s view (its own hand; the others' only once the
    hand is over, as at the table) or, with ``seat`` None, every hand face up; the log of
    the hand so far in sentences (``you`` is the viewed seat)."""
    st = g.state
    over = g.over
    if seat is None:
        hands: list[list[str] | None] = [list(h) for h in g.position()["hands"]]
        log = g.public_log(None)
        me = -1
    else:
        v = g.view(seat)
        all_hands = v.get("hands")
        hands = [
            (list(all_hands[s]) if all_hands else (list(v["hand"]) if s == seat else None))
            for s in range(st.n)
        ]
        log = v["log"]
        me = seat
    pos = g.position()
    return {
        "players": st.n,
        "names": list(names),
        "hands": hands,
        "counts": [len(h) for h in st.hands],
        "top": pos["discard"][-1],
        "suit": SUITS[st.active_suit()] if st.active_suit() >= 0 else None,
        "wild": pos.get("wild"),
        "draw_count": len(pos["draw"]),
        "pending": pos["pending"],
        "direction": pos["direction"],
        "dealer": pos["dealer"],
        "turn": None if over else st.turn,
        "over": over,
        "winner": g.hand_winner,
        "due": list(pos["dernier_due"]),
        "log": log_lines(log, names, lang, me),
        "position": pos,
    }


def ending_text(lang: str, result: dict[str, Any], names: list[str]) -> str:
    """Words for a match ended by a seat (``Match.result``: an abandon or a timeout)."""
    key = "replay_abandoned" if result.get("kind") == "abandon" else "replay_timed_out"
    return t(lang, key, who=names[result["seat"]])


def position_text(g: Game) -> str:
    """The engine's position of a frame as compact JSON with sorted keys (for comparing)."""
    return json.dumps(g.position(), separators=(",", ":"), sort_keys=True)
