"""Replays without the browser: share links, the kept list, and a hand's positions to step through.

Plain Python (tested in CPython by ``tests/test_web_replay.py``); the page's viewer is
:mod:`web.shell.replay_ui`. Nothing here knows a game: each game's replay book
(:class:`web.shell.replaybook.ReplayBook`, named by :attr:`web.shell.games.GameSpec.replays`)
reads its records, makes its kept entries and gives its positions.

* **Share links.** :func:`encode_link` puts a whole match record (what the game's book gives)
  in a URL fragment: ``#replay=1.<data>``, where ``1`` is the link format and ``<data>`` the
  record's compact JSON compressed with zlib and written in URL-safe base64 without
  padding. The fragment never reaches a server. :func:`decode_link` reads it back,
  refusing a link longer than :data:`MAX_LINK_CHARS`, bad base64, bad or truncated zlib
  data and anything that inflates past :data:`MAX_RECORD_BYTES` (a decompression bomb
  stops there: the inflater is never asked for more). The record is then checked like an
  imported file by the game's book (every move replayed).
* **The kept list** (``localStorage`` key ``<game>.replays.v1``): the last
  :data:`MAX_REPLAYS` matches (finished, abandoned, imported, opened from a link, or set
  aside unfinished for a link's match),
  newest first, each with its date, players, result and its record (compressed as in a
  link). :class:`ReplayShelf` reads and writes it; when the storage is full the oldest
  entries go first, and if even one does not fit the caller gets a reason to show.
* **Frames.** :class:`HandFrames`: the positions of one hand, after the deal and after every
  recorded move, as the game's book replays them, so the viewer steps in any order at no cost.
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

from web.shell.i18n import about

LINK_KEY = "replay="
LINK_VERSION = "1"
#: the longest fragment read (Chromium takes URLs of 2 MB; a 20-hand match is ~30 KB)
MAX_LINK_CHARS = 1_000_000
#: the largest record a replay may hold, in bytes of JSON (a file, a link once unpacked)
MAX_RECORD_BYTES = 2_000_000
#: the kept list's ``app`` is the page's that wrote it (``<game>-page``)
APP_SUFFIX = "-page"
SHELF_VERSION = 1
MAX_REPLAYS = 20
KINDS = ("finished", "abandoned", "imported", "shared", "unfinished")

_B64URL = re.compile(r"[A-Za-z0-9_-]*")


class ReplayError(ValueError):
    """A record the viewer cannot open: a file, a link, a kept entry (the reason is in the
    message). A game's replay book raises it for a record its rules refuse."""


class ReplayLinkError(ReplayError):
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


def decode_link(fragment: str, load: Callable[[str], Any]) -> Any:
    """The match of a ``#replay=`` fragment, checked by replaying every move (``load``: the
    game's reader of a record, its book's ``load``); :class:`ReplayError` (a
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
            f"link format {version[:8]!r} is not known to this page (it reads {LINK_VERSION})"
        )
    return load(unpack(data))


# -- the kept list ------------------------------------------------------------------------


def record_id(record: dict[str, Any]) -> str:
    """The same record always has the same id (so keeping it twice keeps it once)."""
    import hashlib  # only here: not a cost at the page's start

    text = json.dumps(record, separators=(",", ":"), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


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


def _page_app(app: object) -> bool:
    """A kept list written by a page (``<game>-page``; every game's list said the first
    game's page before each game had its own)."""
    return isinstance(app, str) and app.endswith(APP_SUFFIX) and len(app) > len(APP_SUFFIX)


def parse_shelf(text: str | None) -> list[dict[str, Any]]:
    """The kept replays in ``text`` (any game's: the storage key says whose); whatever cannot
    be read is left out (never raises)."""
    if not text:
        return []
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return []
    if not isinstance(data, dict) or not _page_app(data.get("app")) or data.get("version") != SHELF_VERSION:
        return []
    items = data.get("replays")
    if not isinstance(items, list):
        return []
    good = [e for e in items if _good_entry(e)]
    good.sort(key=lambda e: -int(e["at"]))
    return good[:MAX_REPLAYS]


def dump_shelf(entries: list[dict[str, Any]], app: str) -> str:
    """The kept list as stored; ``app``: the page's that writes it (``<game>-page``)."""
    return json.dumps({"app": app, "version": SHELF_VERSION, "replays": entries}, separators=(",", ":"))


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

    def __init__(self, storage: Storage, key: str, app: str) -> None:
        self.storage = storage
        #: the storage key: each game keeps its own list (``<game>.replays.v1``)
        self.key = key
        #: the list's ``app`` (``<game>-page``)
        self.app = app

    def load(self) -> list[dict[str, Any]]:
        try:
            text = self.storage.getItem(self.key)
        except Exception:
            return []
        return parse_shelf(text if isinstance(text, str) else None)

    def _write(self, entries: list[dict[str, Any]]) -> bool:
        try:
            self.storage.setItem(self.key, dump_shelf(entries, self.app))
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


# -- frames -------------------------------------------------------------------------------


@dataclass
class HandFrames:
    """One hand, ready to step through: ``frames[0]`` is the position after the deal (the
    turned-up card applied), ``frames[k]`` after the k-th recorded move."""

    hand_no: int
    frames: list[Any]  # the game's positions (opaque to the shell: its book draws them)
    moves: list[tuple[int, str]]
    totals: list[int]  # the running scores once this hand is over (or as it was left)
    result: dict[str, Any] | None = None  # an abandon or timeout that ended the match here

    @property
    def steps(self) -> int:
        return len(self.frames) - 1


def ending_text(lang: str, result: dict[str, Any], names: list[str]) -> str:
    """Words for a match ended by a seat (``Match.result``: an abandon or a timeout)."""
    key = "replay_abandoned" if result.get("kind") == "abandon" else "replay_timed_out"
    return about(lang, key, names[result["seat"]])
