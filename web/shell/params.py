"""Match settings, and reading them from the page's URL (CONTRACT "In the page").

Pure Python (no browser): ``parse_query("players=3&levels=medium,hard&seed=7")`` returns a
:class:`Parsed` with the settings, whether the URL asks to start a match at once, and a
list of :class:`Notice` for every parameter that was ignored (shown on the page).

URL parameters:

* ``players`` within the game's rule set's seats (:attr:`GameSpec.rule_sets`); ``rules`` one
  of the game's rule sets; ``levels`` a comma list, one entry per seat after seat 0: a bot's
  level (``easy``, ``medium``, ``hard``), ``human`` (a person on this device: pass-and-play)
  or ``friend`` (a person on another device: this page hosts the table, CONTRACT "Playing
  with friends"); ``seed`` a whole number; and the game's own settings that links carry
  (:attr:`GameSpec.settings`, each a :class:`~web.shell.paramspec.Param` with ``url``: a
  match format, a rule-set field). Any of these starts that match at once, skipping the
  setup screen.
* ``lang`` ``it`` | ``en``; ``delay`` the bots' pause in ms (0–10000); ``name`` the
  human's name; ``timer`` seconds per turn (0 = off). These are preferences: alone
  they do not start a match (a saved match resumes with them).
* ``game`` one of the registered games (:mod:`web.shell.games`), the default game when left
  out: the game this visit plays (its own saves, preferences, statistics and replays). Alone it
  does not start a match.

A bad parameter is ignored (its default is used) with a notice. The shell names no game's
setting: what a game's settings are, their values, defaults and words, is its spec's list.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any

from web.shell import games
from web.shell.games import default_name
from web.shell.paramspec import FORMAT, OPTION, VARIANT, Param, format_groups, whole

LEVELS = ("easy", "medium", "hard")
#: who else a seat can be: a person on this device (pass-and-play) or a friend online
PEOPLE = ("human", "friend")
SEAT_CHOICES = LEVELS + PEOPLE
#: seconds a dropped friend is waited for before a stand-in bot plays for them
GRACE_DEFAULT = 30
GRACE_RANGE = (5, 600)
LANGS = ("it", "en")
TIMER_CHOICES = (0, 30, 60)
MAX_DELAY = 10000
MAX_SEED = 2**31 - 1
MAX_NAME = 40
DEFAULT_DELAY = 700

#: the house's parameters that describe a match: any of them in the URL starts that match at
#: once (and so does any of the game's own that links carry: :func:`start_params`)
MATCH_KEYS = ("players", "rules", "levels", "seed")
PREF_KEYS = ("lang", "delay", "name", "timer")
#: the game of the visit (not a match parameter: a link without it means the default game)
GAME_PARAM = "game"
#: ``?lesson=<n>``: open the game's lesson n (web/shell/lessons_ui.py); it starts no match
LESSON_PARAM = "lesson"
KNOWN_KEYS = MATCH_KEYS + PREF_KEYS + (GAME_PARAM, LESSON_PARAM)


@dataclass(frozen=True, init=False)
class Settings:
    """Everything needed to start (or resume the look of) a match in the page: the house's
    fields, and the game's own settings (its :class:`~web.shell.paramspec.Param` list) in
    ``match_format``, ``options`` and ``variants``. A game's setting is read as an attribute
    too (``settings.hands``), and given as a keyword (``Settings(hands=1)``): a match format
    given alone sets the others of its group to none. What is not given is the game's default
    (its spec's): no game's default is another's."""

    players: int
    rules: str
    levels: tuple[str, ...]
    seed: int | None
    lang: str
    delay: int
    name: str
    timer: int
    #: the game's own settings of role OPTION (its house rules), each game's missing ones at
    #: their default; written at the top level of :meth:`to_dict`
    options: dict[str, Any]
    #: rule-set fields that differ from the preset (the game's settings of role VARIANT)
    variants: dict[str, Any]
    #: names of seats 1…n-1 for people (``human`` / ``friend`` seats); "" = a default name
    names: tuple[str, ...]
    #: the level of the bot that stands in for a friend who is away or never came
    standin: str
    #: seconds a dropped friend is waited for before the stand-in plays (RULES §11 aside)
    grace: int
    #: the registered game these settings are for (its rule sets and settings)
    game: str
    #: the game's own settings of role FORMAT (how long the match is played), each of its
    #: own present; written at the top level of :meth:`to_dict`
    match_format: dict[str, Any]

    def __init__(
        self,
        players: int | None = None,
        rules: str | None = None,
        levels: Sequence[str] | None = None,
        seed: int | None = None,
        lang: str = "en",
        delay: int = DEFAULT_DELAY,
        name: str = "",
        timer: int = 0,
        options: dict[str, Any] | None = None,
        variants: dict[str, Any] | None = None,
        names: tuple[str, ...] = (),
        standin: str = "medium",
        grace: int = GRACE_DEFAULT,
        game: str | None = None,
        match_format: dict[str, Any] | None = None,
        **own: Any,
    ) -> None:
        game = default_name() if game is None else game
        spec = _spec(game)
        start = dict(spec.defaults) if spec is not None else {}
        if rules is None:
            rules = str(start.get("rules") or (next(iter(spec.rule_sets)) if spec is not None else ""))
        if players is None:
            lo, hi = spec.rule_sets.get(rules, spec.seats) if spec is not None else (1, 1)
            players = min(max(int(start.get("players", lo)), lo), hi)
        if levels is None:
            first = list(start.get("levels", ()))[: max(players - 1, 0)]
            levels = (*first, *(["medium"] * (players - 1 - len(first))))
        params = _params(game)
        fmt = (
            {p.name: p.default for p in params if p.role == FORMAT} if match_format is None else match_format
        )
        opts = {p.name: p.default for p in params if p.role == OPTION} if options is None else options
        if isinstance(opts, dict):
            opts = {**{p.name: p.default for p in params if p.role == OPTION and p.name not in opts}, **opts}
        if own:
            fmt, opts = (
                dict(fmt) if isinstance(fmt, dict) else fmt,
                dict(opts) if isinstance(opts, dict) else opts,
            )
            groups = format_groups(params)
            for key, value in own.items():
                p = next((q for q in params if q.name == key), None)
                if p is not None and p.role == FORMAT and isinstance(fmt, dict):
                    fmt[key] = value
                    for q in groups.get(p.group or p.name, ()):
                        if q.name != key and q.name not in own and value is not None:
                            fmt[q.name] = None
                elif p is not None and p.role == OPTION and isinstance(opts, dict):
                    opts[key] = value
                elif p is not None and p.role == VARIANT:
                    raise TypeError(f"{key} is a rule-set field: give it in variants")
                elif spec is None or key not in spec.retired:
                    raise TypeError(f"no setting {key!r} for the game {game!r}")
        values = {
            "players": players,
            "rules": rules,
            "levels": tuple(levels) if isinstance(levels, list | tuple) else levels,
            "seed": seed,
            "lang": lang,
            "delay": delay,
            "name": name,
            "timer": timer,
            "options": opts,
            "variants": {} if variants is None else variants,
            "names": names,
            "standin": standin,
            "grace": grace,
            "game": game,
            "match_format": fmt,
        }
        for key, value in values.items():
            object.__setattr__(self, key, value)

    def __getattr__(self, key: str) -> Any:
        """A game's own setting by its name (``settings.hands``)."""
        own = self.__dict__.get("match_format")
        if isinstance(own, dict) and key in own:
            return own[key]
        raise AttributeError(key)

    def to_dict(self) -> dict[str, Any]:
        """The settings as saves and remembered choices keep them: the game's own settings
        of role FORMAT and OPTION at the top level (the shape saves have always had)."""
        d: dict[str, Any] = {
            "players": self.players,
            "rules": self.rules,
            "levels": list(self.levels),
            "seed": self.seed,
            **(dict(self.match_format) if isinstance(self.match_format, dict) else {}),
            "lang": self.lang,
            "delay": self.delay,
            "name": self.name,
            "timer": self.timer,
            **(dict(self.options) if isinstance(self.options, dict) else {}),
            "variants": dict(self.variants) if isinstance(self.variants, dict) else self.variants,
            "names": list(self.names),
            "standin": self.standin,
            "grace": self.grace,
        }
        if self.game != default_name():
            d["game"] = self.game  # the default game's saves and choices keep the shape they always had
        return d

    @classmethod
    def from_dict(cls, data: object) -> Settings:
        """Settings from :meth:`to_dict` output (e.g. a save or remembered choices);
        ValueError if anything is off."""
        if not isinstance(data, dict):
            raise ValueError("settings must be an object")
        game = data.get("game", default_name())
        spec = _spec(game)
        params = _params(game)
        top = {p.name: p for p in params if p.role in (FORMAT, OPTION)}
        known = {f.name for f in fields(cls)} - {"options", "match_format"}
        retired = spec.retired if spec is not None else {}
        # saves from when every game's settings had every game's options: another game's
        # option at its default says nothing; and keys this game's older saves held
        others = _other_options(game)
        data = {
            k: v
            for k, v in data.items()
            if (k not in retired or k in top)
            and (k in known or k in top or k not in others or others[k] != v)
        }
        extra = sorted(str(k) for k in data if k not in known and k not in top)
        if extra:
            raise ValueError(f"unknown settings: {', '.join(extra)}")
        # what the data leaves out: the game's own defaults, never another game's
        base = game_defaults(game) if spec is not None else cls(game=game if isinstance(game, str) else "")
        values = {k: data.get(k, getattr(base, k)) for k in known}
        values["game"] = game
        values["options"] = {p.name: data.get(p.name, p.default) for p in params if p.role == OPTION}
        values["match_format"] = {
            p.name: data.get(p.name, base.match_format.get(p.name)) for p in params if p.role == FORMAT
        }
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

        def whole_number(name: str, v: object) -> bool:
            ok = isinstance(v, int) and not isinstance(v, bool)
            if not ok:
                p.append(f"{name} must be a whole number")
            return ok

        sets = rule_sets(self.game)
        if not isinstance(self.game, str) or not games.known(self.game):
            p.append(f"unknown game {self.game!r}")
        elif self.rules not in sets:
            p.append(f"unknown rules {self.rules!r}")
        elif whole_number("players", self.players):
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
        if whole_number("grace", self.grace) and not GRACE_RANGE[0] <= self.grace <= GRACE_RANGE[1]:
            p.append("grace out of range")
        if self.seed is not None and whole_number("seed", self.seed) and not 0 <= self.seed <= MAX_SEED:
            p.append("seed out of range")
        params = _params(self.game)
        p.extend(_own_problems(params, self.match_format, FORMAT, "match format"))
        if isinstance(self.match_format, dict):
            for members in format_groups(params).values():
                if len(members) > 1 and sum(self.match_format.get(q.name) is not None for q in members) != 1:
                    p.append(f"a match has either {' or '.join(q.name for q in members)}")
        if self.lang not in LANGS:
            p.append("unknown language")
        if whole_number("delay", self.delay) and not 0 <= self.delay <= MAX_DELAY:
            p.append("delay out of range")
        if not isinstance(self.name, str) or len(self.name) > MAX_NAME:
            p.append("bad name")
        if whole_number("timer", self.timer) and not 0 <= self.timer <= 3600:
            p.append("timer out of range")
        p.extend(_own_problems(params, self.options, OPTION, "options"))
        p.extend(_own_problems(params, self.variants, VARIANT, "variants"))
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
            **(dict(self.match_format) if isinstance(self.match_format, dict) else {}),
            **{k: v for k, v in options.items() if v != own.get(k)},
            **({"variants": dict(self.variants)} if self.variants else {}),
        }


def _own_problems(params: Sequence[Param], values: object, role: str, what: str) -> list[str]:
    """What is wrong with the game's own settings of one role (``values``: name → value)."""
    if not isinstance(values, dict):
        return [f"{what} must be an object"]
    own = {p.name: p for p in params if p.role == role}
    out: list[str] = []
    for k, v in values.items():
        p = own.get(k)
        if p is None:
            out.append(f"unknown rule {k!r}" if role == VARIANT else f"unknown setting {k!r}")
        else:
            problem = p.problem(v)
            if problem:
                out.append(problem)
    return out


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
    """The settings a match of ``game`` has when nothing is chosen, from its own spec: its
    :attr:`GameSpec.defaults` (what they leave out: its first rule set, that rule set's fewest
    seats, medium bots), its own settings at their defaults (:attr:`GameSpec.settings`), no
    variant. No game's default is another's."""
    spec = _spec(game)
    if spec is None:
        return Settings(game=game)
    shell = {"players", "rules", "levels"}
    own = {k: v for k, v in spec.defaults.items() if k not in shell}
    s = Settings(game=game)
    return replace(s, **own) if own else s


def one_deal(game: str) -> dict[str, Any]:
    """The match format of one deal of ``game`` (a lesson's: :attr:`GameSpec.one_deal`)."""
    spec = _spec(game)
    own = dict(spec.one_deal) if spec is not None else {}
    fmt = {p.name: p.link_value() for p in _params(game) if p.role == FORMAT}
    return dict(Settings(game=game, match_format=fmt, **own).match_format) if spec is not None else {}


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


def _params(game: object) -> tuple[Param, ...]:
    """A game's own settings (:attr:`GameSpec.settings`); none for a game not registered."""
    spec = _spec(game)
    return (spec.settings or ()) if spec is not None else ()


def _options(game: object) -> Mapping[str, Any]:
    """A game's own settings of role OPTION with their defaults; none for a game that is not
    registered."""
    return {p.name: p.default for p in _params(game) if p.role == OPTION}


def _other_options(game: object) -> dict[str, Any]:
    """The other registered games' own settings of role OPTION with their defaults."""
    own = _options(game)
    return {k: v for g in games.registered() for k, v in _options(g.name).items() if k not in own}


def rule_sets(game: str) -> Mapping[str, tuple[int, int]]:
    """A game's rule sets with their fewest and most seats (:attr:`GameSpec.rule_sets`),
    the first the default; none for a game that is not registered."""
    spec = _spec(game)
    return spec.rule_sets if spec is not None else {}


def variant_choices(game: str) -> Mapping[str, Sequence[Any]]:
    """A game's changeable rule-set fields (its settings of role VARIANT) and the values each
    accepts; none for a game that is not registered."""
    return {p.name: p.values for p in _params(game) if p.role == VARIANT}


def url_params(game: str) -> dict[str, Param]:
    """A game's own settings that links carry (``?out_at=101``), by name, in its order."""
    return {p.name: p for p in _params(game) if p.url}


def start_params(game: str) -> tuple[str, ...]:
    """The parameters any of which in a link starts a match of ``game`` at once: the shared
    :data:`MATCH_KEYS`, the game's own that links carry (:func:`url_params`) and the keys its
    older links had (:attr:`GameSpec.retired`). scripts/build.py writes them for web/boot.js,
    which then shows such a link's table at first paint instead of the start form."""
    spec = _spec(game)
    carried = url_params(game)
    retired = tuple(k for k in spec.retired if k not in MATCH_KEYS and k not in carried) if spec else ()
    return (*MATCH_KEYS, *carried, *retired)


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


_int = whole


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

    Match parameters that are missing take the game's defaults for links (so a link always
    starts the same match); preferences that are missing keep ``base``'s. The game's own
    parameters are read from its description (:attr:`GameSpec.settings`) only."""
    q = query[1:] if query.startswith("?") else query
    game = game_of(q)
    spec = games.get(game)
    base = base or game_defaults(game)
    pairs = query_pairs(q)
    notices: list[Notice] = []
    raw: dict[str, str] = {}
    carried = url_params(game)
    params = _params(game)
    retired = spec.retired
    sets = rule_sets(game)
    for key, value in pairs:
        if key not in KNOWN_KEYS and key not in carried and key not in retired:
            notices.append(Notice("unknown_param", key, value))
            continue
        if key in raw:
            notices.append(Notice("repeated_param", key, value))
            continue
        raw[key] = value

    start = any(k in raw for k in start_params(game))
    first_rules = next(iter(sets))
    own = _options(game)
    own_format = {p.name for p in params if p.role == FORMAT}
    if start:  # the game's own match (its defaults, its link's), the base's preferences kept
        match = game_defaults(game)
        s = replace(
            base,
            players=match.players,
            rules=match.rules,
            levels=match.levels,
            game=game,
            seed=None,
            variants={},
            names=(),
            options=dict(own),
            match_format={p.name: p.link_value() for p in params if p.role == FORMAT},
        )
    else:
        kept = {k: v for k, v in base.options.items() if k in own} if isinstance(base.options, dict) else {}
        fmt = base.match_format if isinstance(base.match_format, dict) else {}
        kept_format = {p.name: fmt.get(p.name, p.default) for p in params if p.role == FORMAT}
        fitting = set(fmt) == own_format and all(
            p.accepts(kept_format[p.name]) for p in params if p.role == FORMAT
        )
        if not fitting:  # choices remembered for another game: its own defaults
            kept_format = {p.name: p.default for p in params if p.role == FORMAT}
        s = replace(base, game=game, options={**own, **kept}, match_format=kept_format)
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

    # the game's own: a match format (one of its group: the first the link names), then the rest
    for members in format_groups(params).values():
        named = [p for p in members if p.url and p.name in raw]
        for other in named[1:]:
            notices.append(Notice("one_format", other.name, raw[other.name], named[0].name))
        if named:
            p = named[0]
            value = p.read(raw[p.name])
            if value is not None:
                s = replace(
                    s, match_format={**s.match_format, **{q.name: None for q in members}, p.name: value}
                )
                given[p.name] = p.text(value)
            else:
                bad(p.name, p.expected())
    chosen, options = dict(s.variants), dict(s.options)
    for p in carried.values():
        if p.role == FORMAT or p.name not in raw:
            continue
        value = p.read(raw[p.name])
        if value is None:
            bad(p.name, p.expected())
            continue
        (chosen if p.role == VARIANT else options)[p.name] = value
        given[p.name] = p.text(value)
    s = replace(s, variants=chosen, options=options)

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
    game, then each of the house's match parameters the game reads (:attr:`GameSpec.params`)
    and its own settings that links carry (:attr:`GameSpec.settings`: a match format that has
    a value, a rule-set field the match changes), without the seed (each visit deals anew) and
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
    fmt = s.match_format if isinstance(s.match_format, dict) else {}
    for p in url_params(spec.name).values():
        if p.role == FORMAT and fmt.get(p.name) is not None:
            pairs.append((p.name, p.text(fmt[p.name])))
        elif p.role == VARIANT and p.name in s.variants:
            pairs.append((p.name, p.text(s.variants[p.name])))
        elif (
            p.role == OPTION and isinstance(s.options, dict) and s.options.get(p.name, p.default) != p.default
        ):
            pairs.append((p.name, p.text(s.options[p.name])))
    return "&".join(f"{k}={v}" for k, v in pairs)


def share_query(s: Settings) -> str | None:
    """:func:`match_query` when a link can say the whole match ``s`` is (its house rules and
    variants included: they are not all URL parameters), else None."""
    query = match_query(s)
    back = parse_query(query).settings
    spec = _spec(s.game)
    reads = set(spec.params) - {"seed"} if spec is not None else set()
    # what a link of this game does not say: the house's keys it does not read, and its own
    # match formats that links do not carry
    unsaid = (set(MATCH_KEYS) - reads) | {p.name for p in _params(s.game) if p.role == FORMAT and not p.url}

    def key(settings: Settings) -> dict[str, Any]:
        return {k: v for k, v in settings.match_key().items() if k not in unsaid}

    return query if back.game == s.game and key(back) == key(s) else None


def game_of(query: str) -> str:
    """The registered game a URL's query names (``game=``), else the default: read before
    anything else, as it decides which game's code, saves and table the page uses."""
    q = query[1:] if query.startswith("?") else query
    for key, value in query_pairs(q):
        if key == GAME_PARAM and games.known(value.strip().lower()):
            return value.strip().lower()
    return default_name()
