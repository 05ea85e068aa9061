"""Match settings, and reading them from the page's URL (CONTRACT "In the page").

Pure Python (no browser): ``parse_query("players=3&levels=medium,hard&seed=7")`` returns a
:class:`Parsed` with the settings, whether the URL asks to start a match at once, and a
list of :class:`Notice` for every parameter that was ignored (shown on the page).

URL parameters:

* ``players`` within the game's rule set's seats (:attr:`GameSpec.rule_sets`); ``rules`` one
  of the game's rule sets (Dernier: ``official`` 2–6 | ``traditional`` 3–8); ``levels`` a
  comma list, one entry per seat after seat 0: a bot's level (``easy``, ``medium``,
  ``hard``), ``human`` (a person on this device: pass-and-play) or ``friend`` (a person on
  another device: this page hosts the table, CONTRACT "Playing with friends");
  ``seed`` a whole number; ``hands`` N or ``target`` P (the match format).
  Any of these starts that match at once, skipping the setup screen.
* ``lang`` ``it`` | ``en``; ``delay`` the bots' pause in ms (0–10000); ``name`` the
  human's name; ``timer`` seconds per turn (0 = off). These are preferences: alone
  they do not start a match (a saved match resumes with them).
* ``game`` one of the registered games (:mod:`web.shell.games`), ``dernier`` when left out:
  the game this visit plays (its own saves, preferences, statistics and replays). Alone it
  does not start a match.

A bad parameter is ignored (its default is used) with a notice.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from web.shell import games
from web.shell.games import default_name

LEVELS = ("easy", "medium", "hard")
#: who else a seat can be: a person on this device (pass-and-play) or a friend online
PEOPLE = ("human", "friend")
SEAT_CHOICES = LEVELS + PEOPLE
#: seconds a dropped friend is waited for before a stand-in bot plays for them
GRACE_DEFAULT = 30
GRACE_RANGE = (5, 600)
LANGS = ("it", "en")
TIMER_CHOICES = (0, 30, 60)
MAX_HANDS = 99
TARGET_RANGE = (50, 10000)
MAX_DELAY = 10000
MAX_SEED = 2**31 - 1
MAX_NAME = 40
DEFAULT_DELAY = 700

#: parameters that describe a match: any of them in the URL starts that match at once
MATCH_KEYS = ("players", "rules", "levels", "seed", "hands", "target")
PREF_KEYS = ("lang", "delay", "name", "timer")
#: the game of the visit (not a match parameter: a link without it means Dernier, as always)
GAME_PARAM = "game"
#: ``?lesson=<n>``: open the game's lesson n (web/shell/lessons_ui.py); it starts no match
LESSON_PARAM = "lesson"
KNOWN_KEYS = MATCH_KEYS + PREF_KEYS + (GAME_PARAM, LESSON_PARAM)


@dataclass(frozen=True)
class Settings:
    """Everything needed to start (or resume the look of) a match in the page."""

    players: int = 3
    rules: str = "official"
    levels: tuple[str, ...] = ("medium", "medium")
    seed: int | None = None
    hands: int | None = 3
    target: int | None = None
    lang: str = "en"
    delay: int = DEFAULT_DELAY
    name: str = ""
    timer: int = 0
    #: the game's own settings (:attr:`GameSpec.options`: its house rules), each game's
    #: missing ones at their default; written at the top level of :meth:`to_dict`
    options: dict[str, Any] = field(default_factory=dict)
    #: rule-set fields that differ from the preset (keys of :attr:`GameSpec.variants`)
    variants: dict[str, Any] = field(default_factory=dict)
    #: names of seats 1…n-1 for people (``human`` / ``friend`` seats); "" = a default name
    names: tuple[str, ...] = ()
    #: the level of the bot that stands in for a friend who is away or never came
    standin: str = "medium"
    #: seconds a dropped friend is waited for before the stand-in plays (RULES §11 aside)
    grace: int = GRACE_DEFAULT
    #: the registered game these settings are for (its rule sets and variants)
    game: str = field(default_factory=default_name)

    def __post_init__(self) -> None:
        own = _options(self.game)
        if isinstance(self.options, dict) and any(k not in self.options for k in own):
            object.__setattr__(self, "options", {**own, **self.options})

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {}
        for k, v in asdict(self).items():
            if k == "options":  # the game's own settings beside the shell's (the shape saves had)
                d.update(self.options)
            else:
                d[k] = v
        if self.game == default_name():
            del d["game"]  # the default game's saves and choices keep the shape they always had
        d["levels"] = list(self.levels)
        d["variants"] = dict(self.variants)
        d["names"] = list(self.names)
        return d

    @classmethod
    def from_dict(cls, data: object) -> Settings:
        """Settings from :meth:`to_dict` output (e.g. a save or remembered choices);
        ValueError if anything is off."""
        if not isinstance(data, dict):
            raise ValueError("settings must be an object")
        game = data.get("game", default_name())
        own = _options(game) if isinstance(game, str) else {}
        known = {f for f in cls.__dataclass_fields__} - {"options"}
        # saves from when every game's settings had every game's options: another game's
        # option at its default says nothing
        others = _other_options(game)
        data = {k: v for k, v in data.items() if k in known or k in own or k not in others or others[k] != v}
        extra = sorted(str(k) for k in data if k not in known and k not in own)
        if extra:
            raise ValueError(f"unknown settings: {', '.join(extra)}")
        # what the data leaves out: the game's own defaults, never another game's
        base = game_defaults(game) if isinstance(game, str) and games.known(game) else cls()
        values = {k: data.get(k, getattr(base, k)) for k in known}
        values["options"] = {k: data.get(k, default) for k, default in own.items()}
        levels = values["levels"]
        if not isinstance(levels, list | tuple) or not all(isinstance(x, str) for x in levels):
            raise ValueError("levels must be a list of names")
        values["levels"] = tuple(levels)
        names = values["names"]
        if not isinstance(names, list | tuple) or not all(isinstance(x, str) for x in names):
            raise ValueError("names must be a list of names")
        values["names"] = tuple(names)
        s = cls(**values)
        problems = s.problems()
        if problems:
            raise ValueError("; ".join(problems))
        return s

    def problems(self) -> list[str]:
        p: list[str] = []

        def whole(name: str, v: object) -> bool:
            ok = isinstance(v, int) and not isinstance(v, bool)
            if not ok:
                p.append(f"{name} must be a whole number")
            return ok

        sets = rule_sets(self.game)
        if not isinstance(self.game, str) or not games.known(self.game):
            p.append(f"unknown game {self.game!r}")
        elif self.rules not in sets:
            p.append(f"unknown rules {self.rules!r}")
        elif whole("players", self.players):
            lo, hi = sets[self.rules]
            if not lo <= self.players <= hi:
                p.append(f"players must be {lo} to {hi}")
            elif len(self.levels) != self.players - 1:
                p.append("one level per bot")
        if any(lv not in SEAT_CHOICES for lv in self.levels):
            p.append("unknown bot level")
        if len(self.names) > len(self.levels) or any(
            not isinstance(n, str) or len(n) > MAX_NAME for n in self.names
        ):
            p.append("bad names")
        if self.standin not in LEVELS:
            p.append("unknown stand-in level")
        if whole("grace", self.grace) and not GRACE_RANGE[0] <= self.grace <= GRACE_RANGE[1]:
            p.append("grace out of range")
        if self.seed is not None and whole("seed", self.seed) and not 0 <= self.seed <= MAX_SEED:
            p.append("seed out of range")
        if (self.hands is None) == (self.target is None):
            p.append("a match has either hands or a target")
        if self.hands is not None and whole("hands", self.hands) and not 1 <= self.hands <= MAX_HANDS:
            p.append("hands out of range")
        if (
            self.target is not None
            and whole("target", self.target)
            and not TARGET_RANGE[0] <= self.target <= TARGET_RANGE[1]
        ):
            p.append("target out of range")
        if self.lang not in LANGS:
            p.append("unknown language")
        if whole("delay", self.delay) and not 0 <= self.delay <= MAX_DELAY:
            p.append("delay out of range")
        if not isinstance(self.name, str) or len(self.name) > MAX_NAME:
            p.append("bad name")
        if whole("timer", self.timer) and not 0 <= self.timer <= 3600:
            p.append("timer out of range")
        own = _options(self.game)
        if not isinstance(self.options, dict):
            p.append("options must be an object")
        else:
            for k, v in self.options.items():
                if k not in own:
                    p.append(f"unknown setting {k!r}")
                elif isinstance(own[k], bool) and not isinstance(v, bool):
                    p.append(f"{k} must be true or false")
                elif type(v) is not type(own[k]):
                    p.append(f"bad value for {k}")
        if not isinstance(self.variants, dict):
            p.append("variants must be an object")
        else:
            own = variant_choices(self.game)
            for k, v in self.variants.items():
                choices = own.get(k)
                if choices is None:
                    p.append(f"unknown rule {k!r}")
                elif not any(v == c and type(v) is type(c) for c in choices):
                    p.append(f"bad value for {k}")
        if games.known(self.game):
            p.extend(games.get(self.game).settings_problems(self))
        return p

    def house_rules(self) -> dict[str, Any]:
        """The game's own settings that differ from their default (its house rules that are
        on) and its variants (for ``Match.new(rules={"preset": …, **these})``)."""
        own = _options(self.game)
        options = self.options if isinstance(self.options, dict) else {}
        on: dict[str, Any] = {k: v for k, v in options.items() if k in own and v != own[k]}
        if isinstance(self.variants, dict):
            changeable = variant_choices(self.game)
            on.update({k: v for k, v in self.variants.items() if k in changeable})
        return on

    def with_players(self, players: int) -> Settings:
        """Same settings for ``players`` players: levels padded with the last one or cut."""
        levels = list(self.levels[: players - 1])
        while len(levels) < players - 1:
            levels.append(levels[-1] if levels else "medium")
        return replace(self, players=players, levels=tuple(levels), names=self.names[: players - 1])

    def kind(self, seat: int) -> str:
        """``human`` (a person on this device: seat 0 always), ``friend`` or ``bot``."""
        if seat == 0:
            return "human"
        lv = self.levels[seat - 1]
        return lv if lv in PEOPLE else "bot"

    @property
    def online(self) -> bool:
        """Some seat is a friend on another device: this page hosts the table."""
        return "friend" in self.levels

    def match_key(self) -> dict[str, Any]:
        """The fields that define the match (compared to decide whether a URL resumes a save)."""
        own = _options(self.game)
        options = self.options if isinstance(self.options, dict) else {}
        return {
            "players": self.players,
            "rules": self.rules,
            "levels": list(self.levels),
            "seed": self.seed,
            "hands": self.hands,
            "target": self.target,
            **{k: v for k, v in options.items() if v != own.get(k)},
            **({"variants": dict(self.variants)} if self.variants else {}),
        }


#: the house's own preferences (not the game's: its language, speed, name, turn timer, the
#: stand-in for an absent friend and how long a friend is waited for), each with its check:
#: kept from remembered choices that are set aside (:func:`read_prefs`)
HOUSE_PREFS: dict[str, Any] = {
    "lang": lambda v: v in LANGS,
    "delay": lambda v: _whole(v) and 0 <= v <= MAX_DELAY,
    "name": lambda v: isinstance(v, str) and clean_name(v) == v,
    "timer": lambda v: _whole(v) and 0 <= v <= 3600,
    "standin": lambda v: v in LEVELS,
    "grace": lambda v: _whole(v) and GRACE_RANGE[0] <= v <= GRACE_RANGE[1],
}


def _whole(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def game_defaults(game: str) -> Settings:
    """The settings a match of ``game`` has when nothing is chosen, from its own spec
    (:attr:`GameSpec.defaults`): what the spec leaves out is its first rule set, that rule
    set's fewest seats, medium bots and its first match format (:attr:`GameSpec.formats`),
    its own settings at their defaults, no variant. No game's default is another's."""
    spec = _spec(game)
    if spec is None:
        return Settings(game=game)
    own = dict(spec.defaults)
    rules = own.pop("rules", next(iter(spec.rule_sets)))
    lo, hi = spec.rule_sets[rules]
    players = min(max(int(own.pop("players", lo)), lo), hi)
    levels = tuple(own.pop("levels", ()))
    kind, n = games.format_value(next(iter(spec.formats))) or ("hands", 1)
    fmt = {"hands": n if kind == "hands" else None, "target": n if kind == "target" else None}
    s = Settings(
        game=game, rules=rules, players=players, levels=levels, options=dict(spec.options), variants={}
    )
    s = replace(s, **{**fmt, **own})
    return s.with_players(players)


def read_prefs(data: object, game: str, lang: str = "en") -> tuple[Settings, str | None]:
    """Remembered choices (a ``<game>.prefs.v1``, JSON-decoded) read for ``game``:
    ``(settings, None)``, or, when they are another game's (they name it, or name none on a
    game other than the default one, whose choices never did) or cannot be read, the game's
    defaults (:func:`game_defaults`) with the house's own preferences that were in them
    (:data:`HOUSE_PREFS`; ``lang`` when they said none) and the reason they were set aside.
    Never raises."""
    base = replace(game_defaults(game), lang=lang if lang in LANGS else "en")
    if not isinstance(data, dict):
        return base, "not an object"
    kept = {k: data[k] for k, ok in HOUSE_PREFS.items() if k in data and _safe_check(ok, data[k])}
    base = replace(base, **kept)  # every kept value was checked
    named = data.get("game", default_name())
    if named != game:
        return base, f"another game's ({named!r})" if isinstance(named, str) else "bad game"
    try:
        return Settings.from_dict({**data, "game": game}), None
    except Exception as e:  # whatever the reason: set aside, never a failed start
        return base, str(e) or type(e).__name__


def _safe_check(check: Any, value: object) -> bool:
    try:
        return bool(check(value))
    except Exception:
        return False


def _spec(game: object) -> games.GameSpec | None:
    return games.get(game) if isinstance(game, str) and games.known(game) else None


def _options(game: object) -> Mapping[str, Any]:
    """A game's own settings with their defaults (:attr:`GameSpec.options`); none for a game
    that is not registered."""
    spec = _spec(game)
    return spec.options if spec is not None else {}


def _other_options(game: object) -> dict[str, Any]:
    """The other registered games' own settings with their defaults."""
    own = _options(game)
    return {k: v for g in games.registered() for k, v in g.options.items() if k not in own}


def rule_sets(game: str) -> Mapping[str, tuple[int, int]]:
    """A game's rule sets with their fewest and most seats (:attr:`GameSpec.rule_sets`),
    the first the default; none for a game that is not registered."""
    spec = _spec(game)
    return spec.rule_sets if spec is not None else {}


def variant_choices(game: str) -> Mapping[str, Sequence[Any]]:
    """A game's changeable rule-set fields and the values each accepts
    (:attr:`GameSpec.variants`); none for a game that is not registered."""
    spec = _spec(game)
    return spec.variants if spec is not None else {}


def number_params(game: str) -> dict[str, tuple[int, int]]:
    """A game's own whole-number rule-set fields that it reads from the URL as match
    parameters (:attr:`GameSpec.params`: ``?out_at=101``), each with its least and greatest
    value."""
    spec = _spec(game)
    if spec is None:
        return {}
    out: dict[str, tuple[int, int]] = {}
    for name, choices in spec.variants.items():
        whole = all(isinstance(c, int) and not isinstance(c, bool) for c in choices)
        if name in spec.params and choices and whole:
            out[name] = (min(choices), max(choices))
    return out


def start_params(game: str) -> tuple[str, ...]:
    """The parameters any of which in a link starts a match of ``game`` at once: the shared
    :data:`MATCH_KEYS` and the game's own whole-number ones (:func:`number_params`).
    scripts/build.py writes them for web/boot.js, which then shows such a link's table at
    first paint instead of the start form."""
    return (*MATCH_KEYS, *number_params(game))


def number_value(text: str, accepted: Sequence[int], default: int) -> int:
    """A number field's value as typed: a whole number ``accepted`` takes, else the nearest
    that it takes (a number out of range), else ``default``."""
    n = _int(text)
    if n is None:
        return default
    if n in accepted:
        return n
    return min(accepted, key=lambda v: (abs(v - n), v), default=default)


@dataclass(frozen=True)
class Notice:
    """A URL parameter that was ignored: ``code`` is an i18n key (``bad_param`` …)."""

    code: str
    param: str
    value: str
    detail: str = ""


@dataclass
class Parsed:
    settings: Settings
    start: bool  # the URL asks for a match at once
    given: dict[str, str] = field(default_factory=dict)  # the accepted match parameters
    notices: list[Notice] = field(default_factory=list)
    prefs_given: set[str] = field(default_factory=set)  # preference keys the URL set
    #: the registered game the URL names (``game=``), else the default
    game: str = field(default_factory=default_name)


def _int(text: str) -> int | None:
    t = text.strip()
    if not t or len(t) > 12:
        return None
    sign = -1 if t.startswith("-") else 1
    digits = t[1:] if t[:1] in "+-" else t
    if not digits.isdigit() or not digits.isascii():
        return None
    return sign * int(digits)


_ESCAPES = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


def _unquote(text: str) -> str:
    """``%XX`` escapes decoded as UTF-8 (a bad sequence becomes U+FFFD), as
    ``urllib.parse.unquote`` does."""
    if "%" not in text:
        return text
    return _ESCAPES.sub(lambda m: bytes.fromhex(m.group(0).replace("%", "")).decode("utf-8", "replace"), text)


def query_pairs(query: str) -> list[tuple[str, str]]:
    """The ``name=value`` pairs of a query string (without its ``?``), decoded, blank
    values kept: ``urllib.parse.parse_qsl(query, keep_blank_values=True)``, without
    importing ``urllib.parse`` (and ``ipaddress``) at the page's start."""
    pairs = []
    for part in query.split("&"):
        if not part:
            continue
        name, _, value = part.partition("=")
        pairs.append((_unquote(name.replace("+", " ")), _unquote(value.replace("+", " "))))
    return pairs


def parse_query(query: str, base: Settings | None = None) -> Parsed:
    """Read a URL query string (with or without the leading ``?``) over ``base`` settings.

    Match parameters that are missing take the defaults of :class:`Settings` (so a link
    always starts the same match); preferences that are missing keep ``base``'s."""
    q = query[1:] if query.startswith("?") else query
    game = game_of(q)
    base = base or game_defaults(game)
    pairs = query_pairs(q)
    notices: list[Notice] = []
    raw: dict[str, str] = {}
    numbers = number_params(game)
    sets = rule_sets(game)
    for key, value in pairs:
        if key not in KNOWN_KEYS and key not in numbers:
            notices.append(Notice("unknown_param", key, value))
            continue
        if key in raw:
            notices.append(Notice("repeated_param", key, value))
            continue
        raw[key] = value

    start = any(k in raw for k in start_params(game))
    first_rules = next(iter(sets))
    own = _options(game)
    if start:  # the game's own match (its defaults, its link's), the base's preferences kept
        match = game_defaults(game)
        defaults = {k: getattr(match, k) for k in ("players", "rules", "levels", "hands", "target", "game")}
        defaults.update(seed=None, variants={}, names=(), options=dict(own))
        defaults.update(games.get(game).url_defaults if games.known(game) else {})
        s = replace(base, **defaults)
    else:
        kept = {k: v for k, v in base.options.items() if k in own} if isinstance(base.options, dict) else {}
        s = replace(base, game=game, options={**own, **kept})
        if s.rules not in sets:  # choices remembered for another game's rules
            s = replace(s, rules=first_rules, variants={})
    given: dict[str, str] = {}

    def bad(key: str, detail: str = "") -> None:
        notices.append(Notice("bad_param", key, raw[key], detail))

    # rules first: the players' range depends on it
    if "rules" in raw:
        if raw["rules"] in sets:
            s = replace(s, rules=raw["rules"])
            given["rules"] = raw["rules"]
        else:
            bad("rules", ", ".join(sets))
    lo, hi = sets[s.rules]
    if s.players < lo or s.players > hi:
        s = s.with_players(min(max(s.players, lo), hi))

    levels: list[str] | None = None
    miscounted = False  # every value known, too many or too few: adjusted with a notice
    if "levels" in raw:
        items = [x.strip().lower() for x in raw["levels"].split(",")]
        seats = _int(raw["players"]) if "players" in raw else None
        if len(items) > 1 and items[0] == "human" and len(items) in (hi, seats):
            items = items[1:]  # one value a seat, the page's own first: the others' follow
        if items and all(x in SEAT_CHOICES for x in items):
            levels = items
            miscounted = not lo - 1 <= len(items) <= hi - 1
        else:
            bad("levels", "easy, medium, hard, human, friend")

    players: int | None = None
    if "players" in raw:
        n = _int(raw["players"])
        if n is not None and lo <= n <= hi:
            players = n
            given["players"] = str(n)
        else:
            bad("players", f"{lo}–{hi}")

    if players is None and levels is not None:
        players = min(max(len(levels) + 1, lo), hi)
    if players is not None:
        s = s.with_players(players)
    if levels is not None:
        if len(levels) == s.players - 1 and not miscounted:
            s = replace(s, levels=tuple(levels))
            given["levels"] = ",".join(levels)
        else:
            notices.append(Notice("levels_count", "levels", raw["levels"], str(s.players - 1)))
            s = replace(s, levels=tuple(levels[: s.players - 1]))
            s = s.with_players(s.players)
            given["levels"] = ",".join(s.levels)

    if "seed" in raw:
        n = _int(raw["seed"])
        if n is not None and 0 <= n <= MAX_SEED:
            s = replace(s, seed=n)
            given["seed"] = str(n)
        else:
            bad("seed", f"0–{MAX_SEED}")

    if "hands" in raw and "target" in raw:
        notices.append(Notice("hands_and_target", "target", raw["target"]))
        del raw["target"]
    if "hands" in raw:
        n = _int(raw["hands"])
        if n is not None and 1 <= n <= MAX_HANDS:
            s = replace(s, hands=n, target=None)
            given["hands"] = str(n)
        else:
            bad("hands", f"1–{MAX_HANDS}")
    elif "target" in raw:
        n = _int(raw["target"])
        if n is not None and TARGET_RANGE[0] <= n <= TARGET_RANGE[1]:
            s = replace(s, hands=None, target=n)
            given["target"] = str(n)
        else:
            bad("target", f"{TARGET_RANGE[0]}–{TARGET_RANGE[1]}")

    if numbers:
        chosen = dict(s.variants)
        for key, (least, most) in numbers.items():
            if key not in raw:
                continue
            n = _int(raw[key])
            if n is not None and least <= n <= most and n in variant_choices(game)[key]:
                chosen[key] = n
                given[key] = str(n)
            else:
                bad(key, f"{least}–{most}")
        s = replace(s, variants=chosen)

    if GAME_PARAM in raw and not games.known(raw[GAME_PARAM].strip().lower()):
        bad(GAME_PARAM, ", ".join(g.name for g in games.registered()))

    prefs: set[str] = set()
    if "lang" in raw:
        if raw["lang"].lower() in LANGS:
            s = replace(s, lang=raw["lang"].lower())
            prefs.add("lang")
        else:
            bad("lang", "it, en")
    if "delay" in raw:
        n = _int(raw["delay"])
        if n is not None and 0 <= n <= MAX_DELAY:
            s = replace(s, delay=n)
            prefs.add("delay")
        else:
            bad("delay", f"0–{MAX_DELAY}")
    if "name" in raw:
        name = clean_name(raw["name"])
        if name:
            s = replace(s, name=name)
            prefs.add("name")
        else:
            bad("name")
    if "timer" in raw:
        n = _int(raw["timer"])
        if n is not None and 0 <= n <= 3600:
            s = replace(s, timer=n)
            prefs.add("timer")
        else:
            bad("timer", "0–3600")
    return Parsed(settings=s, start=start, given=given, notices=notices, prefs_given=prefs, game=game)


def clean_name(text: object) -> str:
    """A player's name as typed: control characters dropped, spaces collapsed, cut to
    :data:`MAX_NAME`. Only ever shown as text (never as HTML)."""
    if not isinstance(text, str):
        return ""
    out = "".join(ch if ch.isprintable() else " " for ch in text)
    return " ".join(out.split())[:MAX_NAME]


def language_of(accept: str | None) -> str:
    """``it`` when the browser prefers Italian, else ``en``."""
    return "it" if (accept or "").lower().startswith("it") else "en"


def game_query(game: str) -> str:
    """The query that names ``game`` in the page's own URLs (a reload after the start
    screen, invitations, share links): none for the default game, so that every Dernier URL
    stays what it always was, else ``?game=<name>``."""
    return "" if game == default_name() else f"?{GAME_PARAM}={game}"


def match_query(s: Settings) -> str:
    """The query of a link that starts a match like ``s`` (CONTRACT "In the page"): the
    game, then each match parameter the game reads (:attr:`GameSpec.params`) and its
    whole-number variants (``out_at=101``), without the seed (each visit deals anew) and
    without preferences (language, name, speed: the visitor's own). ``parse_query`` of it
    gives back these match settings."""
    spec = games.get(s.game) if games.known(s.game) else games.get()
    reads = set(spec.params)
    pairs: list[tuple[str, str]] = []
    if s.game != default_name():
        pairs.append((GAME_PARAM, s.game))
    if "players" in reads:
        pairs.append(("players", str(s.players)))
    if "rules" in reads:
        pairs.append(("rules", s.rules))
    if "levels" in reads and s.levels:
        pairs.append(("levels", ",".join(s.levels)))
    if "hands" in reads and s.hands is not None:
        pairs.append(("hands", str(s.hands)))
    elif "target" in reads and s.target is not None:
        pairs.append(("target", str(s.target)))
    for key in number_params(s.game):
        if key in s.variants:
            pairs.append((key, str(s.variants[key])))
    return "&".join(f"{k}={v}" for k, v in pairs)


def share_query(s: Settings) -> str | None:
    """:func:`match_query` when a link can say the whole match ``s`` is (its house rules and
    variants included: they are not all URL parameters), else None."""
    query = match_query(s)
    back = parse_query(query).settings
    reads = set(games.get(s.game).params) - {"seed"} if games.known(s.game) else set()

    def key(settings: Settings) -> dict[str, Any]:
        return {k: v for k, v in settings.match_key().items() if k in reads or k not in MATCH_KEYS}

    return query if back.game == s.game and key(back) == key(s) else None


def game_of(query: str) -> str:
    """The registered game a URL's query names (``game=``), else the default: read before
    anything else, as it decides which game's code, saves and table the page uses."""
    q = query[1:] if query.startswith("?") else query
    for key, value in query_pairs(q):
        if key == GAME_PARAM and games.known(value.strip().lower()):
            return value.strip().lower()
    return default_name()
