"""The match controller of the page, without the browser, for any registered game.

:class:`Session` holds a game's match (:class:`web.shell.games.GameMatch`: the engines' common
interface, :class:`tabletop.engine.MatchInPlay`, with the seats' names) with the page's
settings (bots' levels, delay, language …): seat 0 is the person holding this device; every
other seat is a bot, another person on this device (pass-and-play) or a friend online. It
applies every seat's moves, tells the driver which bot acts next, and saves everything
through an injected storage object (``localStorage`` in the page, a dict in tests) after
every move. :class:`Store` reads and writes that storage, under the game's own keys: the
saved match, the remembered setup choices and the local statistics.

Each game's session class (its :attr:`~web.shell.games.GameSpec.session`, e.g.
:class:`web.dernier.session.DernierSession`) fills in the hooks: how a match is made from
the settings and loaded from a save, and what happens out of turn (the moves bots make
out of turn, the windows people are given before the bots go on). ``Session.new`` and
``Session.from_json`` hand over to the game's class.

Saved match (key :data:`SAVE_KEY` for Dernier, ``<game>.match.v1`` for any game)::

    {"app": "dernier-page", "version": 1, "settings": {...}, "origin": {...} | null,
     "stats_counted": false, "match": <Match.save()>, "tokens": {"1": "…"}, "hinted": true}

``hinted`` (optional) marks a match in which a person on this device asked for a hint:
such a match counts in the statistics as one played with hints. A match that ends is kept
in the Replays list (:class:`web.replay.ReplayShelf`).

``tokens`` (optional: older saves have none) holds the invitation token of each friend
seat (``web.protocol``), so that a reloaded host can take the same friends back.

``origin`` holds the match parameters of the URL that started the match (or null): a URL
with the same parameters resumes the save, a URL with other parameters starts anew.
"""

from __future__ import annotations

import contextlib
import json
import random
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any, ClassVar, Generic, TypeVar

from tabletop.engine import MatchInPlay
from web.shell import games
from web.shell.games import GameMatch, GameSpec
from web.shell.i18n import bot_names, t
from web.shell.params import Settings, read_prefs
from web.shell.replay import Kept, ReplayShelf, Storage

SAVE_VERSION = 1
SAVE_KEY = "dernier.match.v1"
PREFS_KEY = "dernier.prefs.v1"
STATS_KEY = "dernier.stats.v1"
HUMAN = 0


class MemoryStorage:
    """A dict-backed Storage (tests; the page's fallback when localStorage is refused)."""

    def __init__(self, data: dict[str, str] | None = None) -> None:
        self.data = dict(data or {})

    def getItem(self, key: str) -> str | None:
        return self.data.get(key)

    def setItem(self, key: str, value: str) -> None:
        self.data[key] = str(value)

    def removeItem(self, key: str) -> None:
        self.data.pop(key, None)


class SaveProblem(Exception):
    """The saved match cannot be resumed (bad JSON, another program's data, a broken match)."""


class Store:
    """Reads and writes the page's data in a Storage; never raises on a storage failure
    (``ok`` turns False and the page says, once, that this table cannot keep the match).

    What the storage refused to write (full, or denied) is kept for this visit
    (:attr:`unsaved`) and read back from there, so that nothing of the match in play is lost:
    "Resume later" then "Resume" finds the match as it was; only a reload loses it."""

    def __init__(self, storage: Storage | None, game: str = "") -> None:
        self.storage: Storage = storage if storage is not None else MemoryStorage()
        self.ok = storage is not None
        #: the saved match as this page last read or wrote it: another page of the same
        #: browser (a second tab) that saved since is seen by :meth:`moved_on`
        self.seen: str | None = None
        #: a save refused because the match had moved on elsewhere (the page then follows it)
        self.stale = False
        #: the game whose data this store reads and writes (its keys: ``<game>.<what>.v1``;
        #: the default game's when none is named)
        self.game = game or games.default_name()
        #: why the remembered choices were set aside (:meth:`prefs`), for the page's notice
        self.prefs_problem: str | None = None
        #: the values the storage refused, by key (None: a removal it refused)
        self.unsaved: dict[str, str | None] = {}
        #: called once, when the storage first refuses a write (the page then says so)
        self.on_off: Callable[[], None] | None = None

    def key(self, what: str) -> str:
        """The storage key of ``what`` (``match``, ``prefs``, ``stats``, ``replays``) for this
        store's game: Dernier's are the keys it always had."""
        return f"{self.game}.{what}.v1"

    def shelf(self) -> ReplayShelf:
        """This game's kept replays."""
        return ReplayShelf(self.storage, self.key("replays"), f"{self.game}-page")

    def _off(self) -> None:
        was, self.ok = self.ok, False
        if was and self.on_off is not None:
            self.on_off()

    def _get(self, key: str) -> str | None:
        if key in self.unsaved:
            return self.unsaved[key]
        try:
            v = self.storage.getItem(key)
        except Exception:
            self._off()
            return None
        # JS null arrives as pyodide's ``jsnull`` (falsy, not None): only text counts.
        return v if isinstance(v, str) else None

    def _set(self, key: str, value: str) -> None:
        try:
            self.storage.setItem(key, value)
        except Exception:
            self.unsaved[key] = value
            self._off()
        else:
            self.unsaved.pop(key, None)

    def remove(self, key: str) -> None:
        try:
            self.storage.removeItem(key)
        except Exception:
            self.unsaved[key] = None
            self._off()
        else:
            self.unsaved.pop(key, None)

    def use(self, storage: Storage) -> bool:
        """Keep this game's data in ``storage`` from now on (the browser granted it, e.g.
        through the Storage Access API), with what this visit could not save written there;
        False (nothing changed) if it refuses a write too."""
        held: dict[str, str | None] = {}
        if isinstance(self.storage, MemoryStorage):
            held.update(self.storage.data)
        held.update(self.unsaved)
        try:
            for key, value in held.items():
                if value is None:
                    storage.removeItem(key)
                else:
                    storage.setItem(key, value)
        except Exception:
            return False
        self.storage = storage
        self.unsaved.clear()
        self.ok = True
        return True

    # the saved match
    def saved_text(self) -> str | None:
        text = self._get(self.key("match"))
        self.seen = text
        return text

    def moved_on(self) -> bool:
        """The saved match changed since this page last read or wrote it: another tab of
        the same browser played on (a save dropped there is no match to follow)."""
        if self.seen is None:
            return False
        now = self._get(self.key("match"))
        return now is not None and now != self.seen

    def save_match(self, text: str, new: bool = False) -> bool:
        """Write the saved match; a ``new`` match takes the place of whatever was saved.
        A match that moved on in another tab is never written over by this page's older
        copy of it: False, and :attr:`stale` is set (the page then follows the newer save)."""
        if not new and self.moved_on():
            self.stale = True
            return False
        self._set(self.key("match"), text)  # a refused write is kept for the visit (:attr:`unsaved`)
        self.seen = text
        self.stale = False
        return True

    def drop_match(self) -> None:
        self.remove(self.key("match"))
        self.seen = None

    # remembered setup choices
    def prefs(self, lang: str = "en") -> Settings | None:
        """The remembered choices of this store's game, None when there are none. Choices that
        are another game's or cannot be read are set aside (:func:`web.shell.params.read_prefs`:
        the game's defaults, the house's own preferences kept), written back in their place and
        the reason kept in :attr:`prefs_problem` for the page to say: never a failed start.
        ``lang`` is the language of choices set aside that said none (the browser's)."""
        text = self._get(self.key("prefs"))
        if not text:
            return None
        data: object = None
        problem: str | None = None
        try:
            data = json.loads(text)
        except Exception as e:
            problem = f"not JSON: {e}"
        settings, why = read_prefs(data, self.game, lang)
        problem = problem or why
        if problem:
            self.prefs_problem = problem
            self.save_prefs(settings)
        return settings

    def save_prefs(self, settings: Settings) -> None:
        self._set(self.key("prefs"), json.dumps(replace(settings, seed=None).to_dict()))

    # statistics
    def stats(self) -> dict[str, int]:
        """``played``, ``won``, ``points``, and ``hinted``: the matches played with hints."""
        base = {"played": 0, "won": 0, "points": 0, "hinted": 0}
        text = self._get(self.key("stats"))
        if not text:
            return base
        try:
            data = json.loads(text)
        except ValueError:
            return base
        if not isinstance(data, dict):
            return base
        for k in base:
            v = data.get(k)
            if isinstance(v, int) and not isinstance(v, bool):
                base[k] = v
        return base

    def add_result(self, won: bool, points: int, hinted: bool = False) -> dict[str, int]:
        s = self.stats()
        s["played"] += 1
        s["hinted"] += 1 if hinted else 0
        s["won"] += 1 if won else 0
        s["points"] += points
        self._set(self.key("stats"), json.dumps(s))
        return s


def player_names(settings: Settings) -> list[str]:
    """Seat 0's name, the people's names (``settings.names``, else "Player N"), and bot
    names for the bots: seat N's own (the start screen shows it), or another one when a
    person already has that name."""
    lang = settings.lang
    people = any(settings.kind(seat) != "bot" for seat in range(1, settings.players))
    # "You" is no name to pass the device to, or to show on a friend's page
    human = settings.name.strip() or t(lang, "player_name" if people else "default_name", n=1)
    names = [human]
    for seat in range(1, settings.players):
        kind = settings.kind(seat)
        given = settings.names[seat - 1].strip() if seat - 1 < len(settings.names) else ""
        if kind == "bot":
            names.append("")
        elif given:
            names.append(given)
        else:
            names.append(t(lang, "friend_name" if kind == "friend" else "player_name", n=seat + 1))
    defaults = bot_names()
    free = [n for n in defaults if n not in names]
    out = []
    for seat, name in enumerate(names):
        if not name:
            own = defaults[seat - 1]
            name = own if own in free else free[0]
            free.remove(name)
        out.append(name)
    return out


E = TypeVar("E", bound=MatchInPlay)


class Seated(Generic[E]):
    """A rules package's match ``m`` (:class:`tabletop.engine.MatchInPlay`) with what the page
    keeps beside it when the engine does not: the seats' names and the match's seed (a
    :class:`~web.shell.games.GameMatch`). Every name of the common interface passes to ``m``;
    a game's class changes only what its page makes differ, and gives its page save
    (:meth:`save`, and a ``load`` of its own)."""

    def __init__(self, match: E, names: list[str], seed: int) -> None:
        self.m = match
        self.names = list(names)
        self._seed = seed

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def players(self) -> int:
        return self.m.players

    @property
    def hand_no(self) -> int:
        return self.m.hand_no

    @property
    def over(self) -> bool:
        return self.m.over

    @property
    def winner(self) -> int | None:
        return self.m.winner

    def next_hand(self) -> None:
        self.m.next_hand()

    def legal_moves(self, seat: int | None = None) -> list[str]:
        return self.m.legal_moves(seat)

    def play(self, move: str, seat: int | None = None) -> None:
        self.m.play(move, seat)

    def why_refused(self, move: str, seat: int | None = None) -> str | None:
        return self.m.why_refused(move, seat)

    def abandon(self, seat: int) -> None:
        self.m.abandon(seat)

    def timeout(self, seat: int) -> None:
        self.m.timeout(seat)

    def view(self, seat: int) -> dict[str, Any]:
        return self.m.view(seat)

    def position(self) -> dict[str, Any]:
        return self.m.position()

    def record(self) -> dict[str, Any]:
        return self.m.record()

    def save(self) -> dict[str, Any]:
        """The page's save of the match (its game's format, read back by its ``load``)."""
        raise NotImplementedError


class HandInPlay:
    """:attr:`Session.hand_over` and :attr:`Session.turn` for a game whose match keeps the hand
    in play as ``match.game``, with ``over`` and ``turn``: its session class lists this before
    :class:`Session`."""

    match: Any

    @property
    def hand_over(self) -> bool:
        return bool(self.match.over or self.match.game.over)

    @property
    def turn(self) -> int | None:
        turn: int | None = None if self.hand_over else self.match.game.turn
        return turn


#: what a seat's controller is, as the page shows it (``Session.presence``)
WAITING, CONNECTED, AWAY, STANDIN = "waiting", "connected", "away", "standin"


class Session:
    """One match in the page. Every seat has a controller: ``human`` (a person on this
    device; seat 0 always is), ``bot``, or ``friend`` (a person on another device, whose
    moves arrive over the network; while they are missing a stand-in bot may play for
    them). The engine here is the only referee: every move, whoever makes it, goes
    through :meth:`play`.

    This class knows no game: a game's session class (named by its
    :class:`~web.shell.games.GameSpec`) fills in the hooks marked *hook* below."""

    #: the registered name of the game this class plays (set by each game's class; "" for
    #: :class:`Session` itself: the default game)
    GAME: ClassVar[str] = ""
    #: the exception the game's engine raises for a move it refuses (a ValueError)
    Illegal: ClassVar[type[ValueError]] = ValueError
    #: the match (each game's class narrows it to its own)
    match: GameMatch

    def __new__(
        cls, settings: Settings, match: Any, store: Store | None = None, *args: Any, **kw: Any
    ) -> Session:
        """``Session(...)`` makes a session of the store's game (its registered class)."""
        if cls is Session:
            cls = Session.class_for(store.game if store else games.default_name())
        return super().__new__(cls)

    def __init__(
        self,
        settings: Settings,
        match: GameMatch,
        store: Store | None = None,
        origin: dict[str, Any] | None = None,
        stats_counted: bool = False,
        tokens: dict[int, str] | None = None,
        hinted: bool = False,
    ) -> None:
        self.settings = settings
        self.match = match
        self.store = store or Store(None, self.GAME)
        self.origin = origin
        self.stats_counted = stats_counted
        #: a person on this device asked the coach for a hint during this match: the match is
        #: marked so in the statistics and in the Replays list
        self.hinted = hinted
        #: what keeping the finished match in the Replays list did (for the page to tell)
        self.kept: Kept | None = None
        self.kinds = [settings.kind(seat) for seat in range(settings.players)]
        #: friend seats: waiting (never came), connected, away (dropped), standin (a bot plays)
        self.presence: dict[int, str] = {s: WAITING for s, k in enumerate(self.kinds) if k == "friend"}
        #: friend seats' invitation tokens (made by the page, checked by web.net.protocol.HostHub)
        self.tokens: dict[int, str] = dict(tokens or {})
        #: (hand number, log index) of the moves a stand-in bot made for a friend: the
        #: friend's log tells them as the stand-in's, not as "You play …"
        self.standin_moves: set[tuple[int, int]] = set()
        self.bots: dict[int, Any] = {}
        #: grows by one with every change of the match (the driver's windows end on a move)
        self.changes = 0

    @property
    def game(self) -> GameSpec:
        return games.get(self.GAME)

    @staticmethod
    def class_for(game: str) -> type[Session]:
        """The session class of a registered game."""
        cls: type[Session] = games.get(game).session_class()
        return cls

    # -- hooks: the game's rules package ---------------------------------------------------

    @classmethod
    def new_match(cls, settings: Settings, seed: int, names: list[str]) -> GameMatch:
        """*hook*: a new match of the game from the page's settings."""
        raise NotImplementedError

    @classmethod
    def load_match(cls, data: object) -> GameMatch:
        """*hook*: the match of a save (``match.save()``); ValueError with the reason."""
        raise NotImplementedError

    def stats_result(self) -> tuple[bool, int]:
        """*hook*: for the statistics, once the match is over: (seat 0 won, its points)."""
        return self.match.winner == HUMAN, 0

    def replay_entry(self, kind: str, at_ms: int) -> dict[str, Any] | None:
        """*hook*: the Replays list's entry of the finished match (None: none kept); by
        default its game's replay book's (:attr:`~web.shell.games.GameSpec.replays`)."""
        book = self.game.replay_book()
        if book is None:
            return None
        entry: dict[str, Any] = book.entry(self.match, kind, at_ms, self.hinted)
        return entry

    def end_kind(self) -> str:
        """*hook*: how the match ended, for the Replays list (``finished``, ``abandoned``)."""
        return "finished"

    def public_facts(self) -> dict[str, Any]:
        """*hook*: the match's public facts every page is sent (``table_state()["match"]``)."""
        m = self.match
        return {
            "over": m.over,
            "winner": m.winner if m.over else None,
            "players": m.players,
        }

    def table_extras(self, state: dict[str, Any]) -> None:
        """*hook*: add the game's own fields to a seat's table state."""

    @property
    def hand_over(self) -> bool:
        """*hook*: the hand (or round) is over: nobody acts until the next one is dealt."""
        raise NotImplementedError

    @property
    def turn(self) -> int | None:
        """*hook*: the seat to act, or None."""
        raise NotImplementedError

    def bot_rng(self, seat: int) -> random.Random:
        """*hook*: a deterministic rng per decision: a resumed match decides the same way."""
        return random.Random(f"{self.match.seed}/{self.changes}/{seat}")

    def bot_fallback_move(self, seat: int) -> str:
        """*hook*: a safe move if a bot fails."""
        return self.match.legal_moves(seat)[0]

    # -- hooks: out of turn (the driver asks these; a game without moves out of turn keeps
    # them). Who may act out of turn, with which moves, is the game's engine's to say:
    # ``match.actors()`` (:class:`tabletop.engine.WhoActs`).

    def bot_side_moves(self) -> list[int]:
        """*hook*: let bots make the moves they may make out of turn without waiting (the
        engine's ``actors()`` besides the seat to act that keep the turn where it is); the
        seats that moved."""
        return []

    def people_window(self) -> bool:
        """*hook*: some person may act out of turn now (one of the engine's ``actors()``)
        and the bots give them a grace window before the next move."""
        return False

    def people_may_interrupt(self) -> bool:
        """*hook*: some person may cut in before the seat to act (a move out of turn that
        takes the turn): the bots wait the interrupt window, cut short by any move."""
        return False

    def bot_may_interrupt(self) -> bool:
        """*hook*: a bot may cut in on a person's turn (and has not considered it yet)."""
        return False

    def bot_interrupt(self) -> int | None:
        """*hook*: let the bots cut in before the seat to act; the seat that did, or None."""
        return None

    def why_refused(self, move: str, seat: int) -> str | None:
        """*hook*: why the engine refuses ``move`` by ``seat`` now, or None when it is one of
        the seat's legal moves (never plays)."""
        if self.match_ended():
            return "the match is over"
        if move in self.match.legal_moves(seat):
            return None
        return f"{move!r} may not be played now"

    def position_key(self) -> tuple[Any, ...]:
        """*hook*: what a move is made on: any move (anyone's) changes it (a friend's move
        made on an older view is stale)."""
        return (self.changes,)

    def wrong_refusal(self, seat: int, move: str) -> str | None:
        """*hook*: why a mistake charged as a penalty (a friend's ``wrong`` move) is refused
        outright, else None (the engine's ``why_not_charged``); :meth:`try_wrong` then
        charges it."""
        return "this table charges no mistakes"

    def try_wrong(self, code: str, seat: int = HUMAN) -> str | None:
        """*hook*: ``seat`` makes a mistake the rules charge; the reason, or None when it is
        not charged (state unchanged)."""
        return None

    def on_move(self, move: str, seat: int) -> None:
        """*hook*: after ``seat`` played ``move`` (before saving)."""

    def log_mark(self) -> tuple[int, int] | None:
        """*hook*: (hand number, index in that hand's public log) of the next move, so that a
        friend's log tells a stand-in bot's moves as the stand-in's; None: not told apart."""
        return None

    def on_next_hand(self) -> None:
        """*hook*: after the next hand was dealt (before saving)."""

    # -- building -------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        settings: Settings,
        store: Store | None = None,
        origin: dict[str, Any] | None = None,
        seed: int | None = None,
    ) -> Session:
        """A new match of the store's game (of this class's game when called on it)."""
        if cls is Session:
            game = store.game if store else games.default_name()
            return Session.class_for(game).new(settings, store, origin, seed)
        lo, hi = games.get(cls.GAME).seats  # the game's seat limits (DOG: four only)
        if not lo <= settings.players <= hi:
            settings = settings.with_players(min(max(settings.players, lo), hi))
        if seed is None:
            seed = settings.seed if settings.seed is not None else random.randrange(2**31)
        match = cls.new_match(settings, seed, player_names(settings))
        s = cls(settings, match, store, origin)
        s.save(new=True)
        return s

    def again(self) -> Session:
        """A new match with the same settings and a new deal."""
        seed = random.randrange(2**31)
        while seed == self.match.seed:
            seed = random.randrange(2**31)
        s = type(self).new(self.settings, self.store, self.origin, seed=seed)
        for seat in s.presence:  # friends still at the table keep their names and links
            s.match.names[seat] = self.match.names[seat]
            s.presence[seat] = self.presence.get(seat, WAITING)
        s.tokens = dict(self.tokens)
        s.save(new=True)
        return s

    # -- saving ---------------------------------------------------------------------

    def to_json(self) -> str:
        data: dict[str, Any] = {
            "app": self.game.app,
            "version": SAVE_VERSION,
            "settings": self.settings.to_dict(),
            "origin": self.origin,
            "stats_counted": self.stats_counted,
            "match": self.match.save(),
        }
        if self.hinted:
            data["hinted"] = True
        if self.tokens:
            data["tokens"] = {str(seat): token for seat, token in sorted(self.tokens.items())}
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str, store: Store | None = None) -> Session:
        """A session from :meth:`to_json` (of the store's game when called on
        :class:`Session`); :class:`SaveProblem` with the reason otherwise."""
        if cls is Session:
            return Session.class_for(store.game if store else games.default_name()).from_json(text, store)
        try:
            data = json.loads(text)
        except (ValueError, TypeError) as e:
            raise SaveProblem(f"not JSON: {e}") from None
        if not isinstance(data, dict) or data.get("app") != games.get(cls.GAME).app:
            raise SaveProblem("not a save of this page")
        if data.get("version") != SAVE_VERSION:
            raise SaveProblem(f"save version {data.get('version')!r} is not supported")
        raw = data.get("settings")
        if isinstance(raw, dict):
            if raw.get("game", cls.GAME) != cls.GAME:  # never read with another game's code
                raise SaveProblem("bad settings: they are another game's")
            raw = {**raw, "game": cls.GAME}  # settings that name no game are this save's game's
        try:
            settings = Settings.from_dict(raw)
        except Exception as e:  # whatever the reason, the save is set aside: never a failed start
            raise SaveProblem(f"bad settings: {e}") from None
        try:
            match = cls.load_match(data.get("match"))
        except Exception as e:
            raise SaveProblem(str(e) or type(e).__name__) from None
        if match.players != settings.players:
            raise SaveProblem("the match and its settings disagree on the players")
        origin = data.get("origin")
        if origin is not None and not isinstance(origin, dict):
            raise SaveProblem("bad origin")
        tokens = _tokens(data.get("tokens"), match.players)
        hinted = data.get("hinted") is True
        return cls(settings, match, store, origin, bool(data.get("stats_counted")), tokens, hinted)

    def save(self, new: bool = False) -> bool:
        """Save the match (False: not written, as it moved on in another tab: see
        :meth:`Store.save_match`)."""
        return self.store.save_match(self.to_json(), new)

    # -- reading --------------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        return list(self.match.names)

    @property
    def lang(self) -> str:
        return self.settings.lang

    def level(self, seat: int) -> str:
        """The bot level of a bot seat (or of a friend's stand-in), else ""."""
        if self.kinds[seat] == "bot":
            return self.settings.levels[seat - 1]
        if self.kinds[seat] == "friend":
            return self.settings.standin
        return ""

    def is_bot(self, seat: int) -> bool:
        """A bot moves for ``seat`` now: a bot seat, or a friend's seat with its stand-in."""
        kind = self.kinds[seat]
        return kind == "bot" or (kind == "friend" and self.presence.get(seat) == STANDIN)

    def is_local(self, seat: int) -> bool:
        """A person on this device plays ``seat``."""
        return self.kinds[seat] == "human"

    def is_person(self, seat: int) -> bool:
        """A person plays ``seat`` (here or online), and no stand-in bot."""
        return not self.is_bot(seat)

    def local_seats(self) -> list[int]:
        return [s for s, k in enumerate(self.kinds) if k == "human"]

    def friend_seats(self) -> list[int]:
        return [s for s, k in enumerate(self.kinds) if k == "friend"]

    @property
    def multi_local(self) -> bool:
        """Two or more people share this device (pass-and-play: the curtain)."""
        return len(self.local_seats()) > 1

    def relabel(self, old: Settings) -> None:
        """The page's language changed (``old``: the settings before, this session's hold the
        new language): a seat the page named by its own words in the old language ("Tu",
        "Giocatore 2") is named in the new one; names people gave stay."""
        before, after = player_names(old), player_names(self.settings)
        names = self.match.names
        renamed = False
        for seat, (was, now) in enumerate(zip(before, after, strict=False)):
            if seat < len(names) and names[seat] == was != now and self.kinds[seat] != "bot":
                names[seat] = now
                renamed = True
        if renamed:
            self.save()

    def rename(self, seat: int, name: str) -> None:
        """A friend told their name (only ever shown as text)."""
        from web.shell.params import clean_name

        name = clean_name(name)
        if name and self.kinds[seat] == "friend":
            self.match.names[seat] = name
            self.save()

    def view(self, seat: int = HUMAN) -> dict[str, Any]:
        return self.match.view(seat)

    def table_state(self, seat: int) -> dict[str, Any]:
        """Everything a page needs to draw the table from ``seat``'s place: the engine's
        view of that seat (its own hand only) and the match's public facts. This is
        exactly what a friend's page receives."""
        m = self.match
        v = m.view(seat)
        v["kinds"] = list(self.kinds)
        v["levels"] = [self.level(s) for s in range(m.players)]
        v["presence"] = {str(k): p for k, p in self.presence.items()}
        mark = self.log_mark()
        v["standin_moves"] = sorted(i for h, i in self.standin_moves if mark is not None and h == mark[0])
        v["turn"] = self.turn
        v["hand_over"] = self.hand_over
        v["legal"] = [] if self.match_ended() else m.legal_moves(seat)
        self.table_extras(v)
        v["timer"] = self.settings.timer
        v["match"] = self.public_facts()
        return v

    def match_ended(self) -> bool:
        """*hook*: the match ended before its hands were played out (abandon, timeout)."""
        return False

    @property
    def begun(self) -> bool:
        """The match has moves already (a hand after the first, or a move in its record's
        hand in play): a host's page reloaded during the match."""
        return self.match.hand_no > 1 or bool(self.match.record()["history"][-1]["moves"])

    def next_bot(self) -> int | None:
        """The seat to act when a bot moves for it, else None (a person's turn, or over)."""
        turn = self.turn
        if turn is None or not self.is_bot(turn):
            return None
        return turn

    def bot(self, seat: int) -> Any:
        b = self.bots.get(seat)
        if b is None or getattr(b, "_seat_level", None) != self.level(seat):
            b = self.bots[seat] = self.game.make_bot(self.level(seat))
            with contextlib.suppress(Exception):
                b._seat_level = self.level(seat)
        return b

    # -- acting ---------------------------------------------------------------------

    def _after(self) -> None:
        self.changes += 1
        self.save()
        self.count_stats()

    def play(self, move: str, seat: int = HUMAN) -> None:
        """Play ``move`` for ``seat``; the engine's IllegalMove (a ValueError; state
        unchanged) if not allowed."""
        if self.match_ended():
            raise self.Illegal("the match is over")
        at = self.log_mark() if self.presence.get(seat) == STANDIN else None
        self.match.play(move, seat)
        if at is not None:
            self.standin_moves.add(at)
        self.on_move(move, seat)
        self._after()

    def next_hand(self) -> None:
        self.match.next_hand()
        self.changes += 1
        self.on_next_hand()
        self.save()

    def abandon(self, seat: int = HUMAN) -> None:
        self.match.abandon(seat)
        self._after()

    def timeout(self, seat: int = HUMAN) -> None:
        """A person's turn timer ran out."""
        self.match.timeout(seat)
        self._after()

    def count_stats(self) -> None:
        if self.match.over and not self.stats_counted:
            won, points = self.stats_result()
            self.store.add_result(won, points, self.hinted)
            self.stats_counted = True
            self.save()
            entry = self.replay_entry(self.end_kind(), int(time.time() * 1000))
            if entry is not None:
                self.kept = self.store.shelf().add(entry)


def _tokens(data: object, players: int) -> dict[int, str]:
    """The saved invitation tokens (``{"seat": token}``; absent in older saves)."""
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise SaveProblem("bad tokens")
    out: dict[int, str] = {}
    for key, token in data.items():
        if not (isinstance(key, str) and key.isdigit() and int(key) < players and isinstance(token, str)):
            raise SaveProblem("bad tokens")
        out[int(key)] = token
    return out


def link_over_save(store: Store, start: bool, origin: dict[str, Any] | None) -> Session | None:
    """The saved match a link would start a new match over, or None: a link that starts a
    match (``start``) other than the one saved (another ``origin``), while the save is an
    unfinished match with moves already played. The page asks before it is set aside; a link
    that resumes (the same match parameters) or only sets preferences never asks."""
    if not start:
        return None
    text = store.saved_text()
    if not text:
        return None
    try:
        saved = Session.from_json(text, store)
    except SaveProblem:
        return None
    if saved.origin == origin or saved.match.over or saved.match_ended() or not saved.begun:
        return None
    return saved


def resume_or_new(
    store: Store,
    settings: Settings,
    start: bool,
    origin: dict[str, Any] | None,
) -> tuple[Session | None, str | None]:
    """What the page opens with: (session, problem).

    * a URL that starts a match (``start``) resumes the save only when the save was started
      by a URL with the same match parameters; otherwise it starts that match;
    * a plain URL resumes the save if there is one, else (None, None): the setup screen;
    * a save that cannot be read gives (None, reason) — unless a URL starts a match anyway.
    Preferences from the URL (lang, delay, name, timer) apply to a resumed match too."""
    text = store.saved_text()
    saved: Session | None = None
    problem: str | None = None
    if text:
        try:
            saved = Session.from_json(text, store)
        except SaveProblem as e:
            problem = str(e) or "unreadable"
    if start:
        if saved is not None and saved.origin == origin:
            return saved, None
        return Session.new(settings, store, origin), problem
    if saved is not None:
        return saved, None
    return None, problem
