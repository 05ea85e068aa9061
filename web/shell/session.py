"""The match controller of the page, without the browser.

:class:`Session` holds a :class:`dernier.Match` with the page's settings (bots' levels,
delay, language …): seat 0 is the person holding this device; every other seat is a bot,
another person on this device (pass-and-play) or a friend online. It applies every seat's
moves, tells the driver which bot acts next, lets bots call Dernier, and saves
everything through an injected storage object (``localStorage`` in the page, a dict in
tests) after every move. :class:`Store` reads and writes that storage: the saved match,
the remembered setup choices and the local statistics.

Saved match (key :data:`SAVE_KEY`)::

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
from dataclasses import replace
from typing import Any

import dernier
from dernier import Match
from dernier.errors import DernierError, IllegalMove
from dernier.moves import parse_move
from web.dernier.describe import move_card
from web.dernier.players import make_bot
from web.dernier.seatview import SeatView
from web.shell.i18n import bot_names, t
from web.shell.params import Settings
from web.shell.replay import Kept, ReplayShelf, Storage, make_entry

APP = "dernier-page"
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
    (``ok`` turns False and the page says that saving is off)."""

    def __init__(self, storage: Storage | None) -> None:
        self.storage: Storage = storage if storage is not None else MemoryStorage()
        self.ok = storage is not None

    def _get(self, key: str) -> str | None:
        try:
            v = self.storage.getItem(key)
        except Exception:
            self.ok = False
            return None
        # JS null arrives as pyodide's ``jsnull`` (falsy, not None): only text counts.
        return v if isinstance(v, str) else None

    def _set(self, key: str, value: str) -> None:
        try:
            self.storage.setItem(key, value)
        except Exception:
            self.ok = False

    def remove(self, key: str) -> None:
        try:
            self.storage.removeItem(key)
        except Exception:
            self.ok = False

    # the saved match
    def saved_text(self) -> str | None:
        return self._get(SAVE_KEY)

    def save_match(self, text: str) -> None:
        self._set(SAVE_KEY, text)

    def drop_match(self) -> None:
        self.remove(SAVE_KEY)

    # remembered setup choices
    def prefs(self) -> Settings | None:
        text = self._get(PREFS_KEY)
        if not text:
            return None
        try:
            return Settings.from_dict(json.loads(text))
        except (ValueError, TypeError):
            return None

    def save_prefs(self, settings: Settings) -> None:
        self._set(PREFS_KEY, json.dumps(replace(settings, seed=None).to_dict()))

    # statistics
    def stats(self) -> dict[str, int]:
        """``played``, ``won``, ``points``, and ``hinted``: the matches played with hints."""
        base = {"played": 0, "won": 0, "points": 0, "hinted": 0}
        text = self._get(STATS_KEY)
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
        self._set(STATS_KEY, json.dumps(s))
        return s


def player_names(settings: Settings) -> list[str]:
    """Seat 0's name, the people's names (``settings.names``, else "Player N"), and bot
    names for the bots (never one a person already has)."""
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
    free = [n for n in bot_names() if n not in names]
    return [n if n else free.pop(0) for n in names]


def rules_spec(settings: Settings) -> str | dict[str, Any]:
    spec: dict[str, Any] = {"preset": settings.rules}
    if settings.timer:
        spec["turn_seconds"] = settings.timer
    spec.update(settings.house_rules())
    return spec if len(spec) > 1 else settings.rules


#: what a seat's controller is, as the page shows it (``Session.presence``)
WAITING, CONNECTED, AWAY, STANDIN = "waiting", "connected", "away", "standin"


class Session:
    """One match in the page. Every seat has a controller: ``human`` (a person on this
    device; seat 0 always is), ``bot``, or ``friend`` (a person on another device, whose
    moves arrive over the network; while they are missing a stand-in bot may play for
    them). The engine here is the only referee: every move, whoever makes it, goes
    through :meth:`play`."""

    def __init__(
        self,
        settings: Settings,
        match: Match,
        store: Store | None = None,
        origin: dict[str, Any] | None = None,
        stats_counted: bool = False,
        tokens: dict[int, str] | None = None,
        hinted: bool = False,
    ) -> None:
        self.settings = settings
        self.match = match
        self.store = store or Store(None)
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
        #: friend seats' invitation tokens (made by the page, checked by web.protocol.HostHub)
        self.tokens: dict[int, str] = dict(tokens or {})
        #: (hand number, log index) of the moves a stand-in bot made for a friend: the
        #: friend's log tells them as the stand-in's, not as "You play …"
        self.standin_moves: set[tuple[int, int]] = set()
        self.bots: dict[int, Any] = {}
        self.declined: set[int] = set()  # bots that let this Dernier window pass
        self.armed_seats: set[int] = set()  # people who armed Dernier for their next play
        self.jump_checked: tuple[int, int, str] | None = None  # top card the bots considered

    # -- building -------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        settings: Settings,
        store: Store | None = None,
        origin: dict[str, Any] | None = None,
        seed: int | None = None,
    ) -> Session:
        if seed is None:
            seed = settings.seed if settings.seed is not None else random.randrange(2**31)
        match = Match.new(
            players=settings.players,
            rules=rules_spec(settings),
            hands=settings.hands,
            target=settings.target,
            seed=seed,
            names=player_names(settings),
        )
        s = cls(settings, match, store, origin)
        s.save()
        return s

    def again(self) -> Session:
        """A new match with the same settings and a new deal."""
        seed = random.randrange(2**31)
        while seed == self.match.seed:
            seed = random.randrange(2**31)
        s = Session.new(self.settings, self.store, self.origin, seed=seed)
        for seat in s.presence:  # friends still at the table keep their names and links
            s.match.names[seat] = self.match.names[seat]
            s.presence[seat] = self.presence.get(seat, WAITING)
        s.tokens = dict(self.tokens)
        s.save()
        return s

    # -- saving ---------------------------------------------------------------------

    def to_json(self) -> str:
        data: dict[str, Any] = {
            "app": APP,
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
        """A session from :meth:`to_json`; :class:`SaveProblem` with the reason otherwise."""
        try:
            data = json.loads(text)
        except (ValueError, TypeError) as e:
            raise SaveProblem(f"not JSON: {e}") from None
        if not isinstance(data, dict) or data.get("app") != APP:
            raise SaveProblem("not a save of this page")
        if data.get("version") != SAVE_VERSION:
            raise SaveProblem(f"save version {data.get('version')!r} is not supported")
        try:
            settings = Settings.from_dict(data.get("settings"))
        except (ValueError, TypeError) as e:
            raise SaveProblem(f"bad settings: {e}") from None
        try:
            match = Match.load(data.get("match"))
        except (DernierError, ValueError, TypeError) as e:
            raise SaveProblem(str(e)) from None
        if match.players != settings.players:
            raise SaveProblem("the match and its settings disagree on the players")
        origin = data.get("origin")
        if origin is not None and not isinstance(origin, dict):
            raise SaveProblem("bad origin")
        tokens = _tokens(data.get("tokens"), match.players)
        hinted = data.get("hinted") is True
        return cls(settings, match, store, origin, bool(data.get("stats_counted")), tokens, hinted)

    def save(self) -> None:
        self.store.save_match(self.to_json())

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
        view of that seat (its own hand only; the hands are revealed once the hand is over)
        and the match's public facts. This is exactly what a friend's page receives."""
        m = self.match
        v = m.view(seat)
        over = m.over
        v["kinds"] = list(self.kinds)
        v["levels"] = [self.level(s) for s in range(m.players)]
        v["presence"] = {str(k): p for k, p in self.presence.items()}
        v["standin_moves"] = sorted(i for h, i in self.standin_moves if h == m.hand_no)
        v["turn"] = self.turn
        v["hand_over"] = self.hand_over
        v["legal"] = [] if m.result is not None else m.legal_moves(seat)
        v["anticipo"] = bool(m.rules.anticipo)
        v["chi_sbaglia_paga"] = bool(m.rules.chi_sbaglia_paga)
        v["jolly"] = m.rules.jolly
        v["timer"] = self.settings.timer
        v["match"] = {
            "over": over,
            "winner": m.winner if over else None,
            "ranking": m.ranking if over else None,
            "match_points": m.match_points,
            "tiebreak": m.tiebreak,
            "result": dict(m.result) if m.result else None,
            "dealer": m.dealer,
            "players": m.players,
        }
        return v

    @property
    def hand_over(self) -> bool:
        return self.match.game.over or self.match.result is not None

    @property
    def turn(self) -> int | None:
        if self.match.result is not None:
            return None
        return self.match.game.turn

    def human_due(self, seat: int = HUMAN) -> bool:
        """``seat`` owes a Dernier call (its window is open)."""
        return not self.hand_over and seat in self.match.game.state.due

    def people_due(self) -> bool:
        """Some person (here or online, not the seat to act) owes a Dernier call: the bots
        give them the grace window."""
        if self.hand_over:
            return False
        st = self.match.game.state
        return any(s != st.turn and self.is_person(s) for s in st.due)

    def seat_view(self, seat: int) -> SeatView:
        """What ``seat`` may do now, worked out as its page does (:class:`SeatView`)."""
        return SeatView(self.table_state(seat))

    def can_arm(self, seat: int = HUMAN) -> bool:
        """``seat`` may arm Dernier: it is their turn (or they may jump in) and some play
        leaves one card."""
        return self.seat_view(seat).can_arm()

    @property
    def armed(self) -> bool:
        """Seat 0 armed Dernier (the solo page's button)."""
        return HUMAN in self.armed_seats

    @armed.setter
    def armed(self, on: bool) -> None:
        self.set_armed(HUMAN, on)

    def set_armed(self, seat: int, on: bool) -> None:
        if on:
            self.armed_seats.add(seat)
        else:
            self.armed_seats.discard(seat)

    def jump_moves(self, seat: int) -> list[str]:
        """The anticipo plays ``seat`` may make now, out of turn (RULES §12), else []."""
        if self.hand_over or not self.match.rules.anticipo or seat == self.match.game.turn:
            return []
        return [m for m in self.match.legal_moves(seat) if move_card(m) is not None]

    def human_jumps_for(self, code: str, seat: int = HUMAN) -> list[str]:
        """``seat``'s jump-ins with ``code``: with ``!`` when armed, else without."""
        return self.seat_view(seat).jumps_for(code, seat in self.armed_seats)

    def jump_card(self, seat: int = HUMAN) -> str | None:
        """The card ``seat`` may jump in with now, or None."""
        for m in self.jump_moves(seat):
            return move_card(m)
        return None

    def people_may_jump(self) -> bool:
        """Some person may jump in now (anticipo): the bots leave them the jump window."""
        return any(self.jump_card(s) is not None for s in range(self.match.players) if self.is_person(s))

    def dernier_enabled(self, seat: int = HUMAN) -> bool:
        return self.seat_view(seat).dernier_enabled()

    def next_bot(self) -> int | None:
        """The seat to act when a bot moves for it, else None (a person's turn, or over)."""
        turn = self.turn
        if turn is None or not self.is_bot(turn):
            return None
        return turn

    def bot(self, seat: int) -> Any:
        b = self.bots.get(seat)
        if b is None or getattr(b, "_dernier_level", None) != self.level(seat):
            b = self.bots[seat] = make_bot(self.level(seat))
            with contextlib.suppress(Exception):
                b._dernier_level = self.level(seat)
        return b

    def bot_rng(self, seat: int) -> random.Random:
        """A deterministic rng per decision: a resumed match decides the same way."""
        g = self.match.game
        return random.Random(f"{self.match.seed}/{self.match.hand_no}/{g.state.move_no}/{seat}")

    # -- acting ---------------------------------------------------------------------

    def _after(self) -> None:
        self.declined &= set(self.match.game.state.due)
        self.save()
        self.count_stats()

    def play(self, move: str, seat: int = HUMAN) -> None:
        """Play ``move`` for ``seat``; IllegalMove (state unchanged) if not allowed."""
        if self.match.result is not None:
            raise IllegalMove("the match is over")
        standin = self.presence.get(seat) == STANDIN
        at = (self.match.hand_no, len(self.match.game.public_log())) if standin else None
        self.match.play(move, seat)
        if at is not None:
            self.standin_moves.add(at)
        if move != "dernier":
            self.armed_seats.discard(seat)
        self._after()

    def why_refused(self, move: str, seat: int) -> str | None:
        """Why the engine refuses ``move`` by ``seat`` now (its own reason), or None when
        it is one of the seat's legal moves. Never plays: under chi sbaglia paga a refused
        card would otherwise cost the penalty, which only :meth:`try_wrong` may charge."""
        m = self.match
        if m.result is not None:
            return "the match is over"
        if move in m.legal_moves(seat):
            return None
        try:
            code = parse_move(move)
            return str(m.game._reason(seat, code))
        except DernierError as e:
            return str(e)
        except Exception:
            return f"{move!r} may not be played now"

    def human_moves_for(self, code: str, seat: int = HUMAN) -> list[str]:
        """``seat``'s legal plays of ``code``: with ``!`` when armed and possible, else without."""
        return self.seat_view(seat).moves_for(code, seat in self.armed_seats)

    def press_dernier(self, seat: int = HUMAN) -> str:
        """The Dernier button: call now (``called``), or arm/disarm the next play
        (``armed``/``disarmed``), or ``refused``."""
        sv = self.seat_view(seat)
        if sv.due():
            self.play("dernier", seat)
            return "called"
        if sv.can_arm():
            on = seat not in self.armed_seats
            self.set_armed(seat, on)
            return "armed" if on else "disarmed"
        return "refused"

    def bot_calls(self) -> list[int]:
        """Let every bot that owes a Dernier call (and is not the seat to act) call or let
        it pass (asked once per window). Returns the seats that called."""
        called: list[int] = []
        if self.hand_over:
            return called
        st = self.match.game.state
        for seat in list(st.due):
            if not self.is_bot(seat) or seat == st.turn or seat in self.declined:
                continue
            view = self.match.view(seat)
            try:
                move = self.bot(seat).choose(view, self.bot_rng(seat))
            except Exception:
                move = "dernier"
            if move == "dernier":
                self.play("dernier", seat)
                called.append(seat)
            else:
                self.declined.add(seat)
        return called

    def try_wrong(self, code: str, seat: int = HUMAN) -> str | None:
        """Chi sbaglia paga (RULES §12): ``seat`` plays ``code``, a card it holds that may
        not be played; the engine charges the penalty. The reason (``game.last_penalty``),
        or None when the rule is off or the attempt is refused anyway (state unchanged)."""
        if not self.match.rules.chi_sbaglia_paga or self.hand_over:
            return None
        if code not in self.match.view(seat)["hand"]:
            return None
        for move in (code, code + ":H", code + "=2H"):
            try:
                self.match.play(move, seat)
            except IllegalMove:
                continue
            self.armed_seats.discard(seat)
            reason = self.match.game.last_penalty or ""
            self._after()
            return reason
        return None

    def _jump_key(self) -> tuple[int, int, str]:
        return (self.match.hand_no, len(self.match.game.state.discard), str(self.match.view(HUMAN)["top"]))

    def bot_may_jump(self) -> bool:
        """Some bot may jump in on the top card, and the bots have not considered it yet."""
        if self.hand_over or not self.match.rules.anticipo or self.jump_checked == self._jump_key():
            return False
        return any(self.is_bot(seat) for seat in self.match.game.state.jump_seats())

    def bot_jump(self) -> int | None:
        """Let the bots jump in on the top card (anticipo), at most once per top card: each
        bot that may, in turn order after the seat to act, decides (``bot.jump``).
        Returns the seat that jumped, or None."""
        if self.hand_over or not self.match.rules.anticipo:
            return None
        st = self.match.game.state
        key = self._jump_key()
        if self.jump_checked == key:
            return None
        self.jump_checked = key
        for seat in st.jump_seats():
            if not self.is_bot(seat):
                continue
            rng = random.Random(f"{self.match.seed}/{self.match.hand_no}/{st.move_no}/{seat}/jump")
            move = self.bot(seat).jump(self.match.view(seat), rng)
            if move in self.jump_moves(seat):
                self.play(move, seat)
                return seat
        return None

    def bot_fallback_move(self, seat: int) -> str:
        """A safe move if a bot fails: its first play, else draw/pass."""
        legal = self.match.legal_moves(seat)
        plays = [m for m in legal if move_card(m) is not None and not m.endswith("!")]
        if plays:
            return plays[0]
        for m in ("pass", "draw"):
            if m in legal:
                return m
        return legal[0]

    def next_hand(self) -> None:
        self.match.next_hand()
        self.declined.clear()
        self.jump_checked = None
        self.armed_seats.clear()
        self.save()

    def abandon(self, seat: int = HUMAN) -> None:
        self.match.abandon(seat)
        self._after()

    def timeout(self, seat: int = HUMAN) -> None:
        """A person's turn timer ran out (RULES §11)."""
        self.match.timeout(seat)
        self._after()

    def count_stats(self) -> None:
        m = self.match
        if m.over and not self.stats_counted:
            pts = m.match_points or [0] * m.players
            self.store.add_result(m.winner == HUMAN, pts[HUMAN], self.hinted)
            self.stats_counted = True
            self.save()
            kind = "abandoned" if m.result is not None and m.result["kind"] == "abandon" else "finished"
            entry = make_entry(m, kind, int(time.time() * 1000), self.hinted)
            self.kept = ReplayShelf(self.store.storage).add(entry)


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


def version() -> str:
    return str(getattr(dernier, "__version__", "?"))
