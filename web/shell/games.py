"""The seam between the page's shell and the games (plain Python, no browser).

The shell (start screen, seats and their controllers, the driver of bots, the friends'
referee hub and client, saves, statistics, replays, the menu) never asks which game it
runs. Each game is described once by a :class:`GameSpec` and registered with
:func:`register` (one line per game, in :mod:`web.games`); the shell asks the registry.

A game brings (by module name, imported only when a match of that game is played, so a
visit loads only its own game's code):

* its **rules package** (``dernier``, ``scala40``, ``dog``: standard library only, the same
  shape: ``Game``/``Match``, move strings, a JSON position, ``view(seat)``, a match record
  that replays, ``make_bot(level)``);
* its **session** class: a :class:`web.shell.session.Session` whose hooks hold the rules
  package's match as the shell asks (:class:`GameMatch`): a new match from the page's
  settings, a save loaded back, who may act now, the moves bots make out of turn (Dernier
  calls, a Scala 40 ``reenter``, DOG's simultaneous ``give``), the windows people get;
* its **table**: a :class:`web.shell.table.GameTable` that draws one seat's view and turns
  clicks into move strings (:attr:`GameSpec.table`);
* its **words** (``STRINGS = {key: (English, Italian)}``, added over the shell's) and its
  **rules page** (``RULES_HTML[lang]``);
* its **bots** (``make_bot(level)``), its seat limits and the URL parameters it reads.

Storage keys are per game: ``<name>.match.v1``, ``<name>.prefs.v1``, ``<name>.stats.v1``,
``<name>.replays.v1``; Dernier's are the ones it always had.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from tabletop.engine import MatchInPlay
from web.shell.paramspec import (
    BOOL,
    CHOICE,
    FORMAT,
    INT,
    OPTION,
    SAME,
    VARIANT,
    Param,
    check_list,
    format_entries,
)


class GameMatch(MatchInPlay, Protocol):
    """What the shell's :class:`~web.shell.session.Session` holds: a match in play on the
    engines' common interface (:class:`tabletop.engine.MatchInPlay`, the instance side of
    :class:`~tabletop.engine.MatchProtocol`) with its seats' names and its seed. A rules
    package whose match keeps neither is held by a :class:`web.shell.session.Seated`."""

    @property
    def names(self) -> list[str]:
        """The seats' names (a friend's page tells its own: the list changes)."""
        ...

    @property
    def seed(self) -> int: ...


#: the words of the flows the shell owns that each game says in its own rules (its
#: :attr:`GameSpec.words` must hold them all; the shell has none of its own): the Abandon
#: dialog's consequence, the statistics line (``{played}``, ``{won}``, ``{points}``), the
#: summary's next-hand and new-match buttons, and a friend's page's wait for the host's
GAME_WORDS: tuple[str, ...] = (
    "abandon_text",
    "stats",
    "next_hand",
    "play_again",
    "wait_host_hand",
    "wait_host_match",
)


@dataclass(frozen=True)
class NumberChoice:
    """How the start screen offers one of a game's whole-number variants
    (:attr:`GameSpec.variants`): its label and one-line help per language, the value a new
    match has unless the player changes it, and the values worth a tap. A field whose range
    holds more values than ``common`` gets a number box (any value of the range) with
    ``common`` as its suggestions; a short range is a plain choice of every value."""

    label: Mapping[str, str]
    default: int
    common: tuple[int, ...] = ()
    help: Mapping[str, str] = field(default_factory=dict)
    #: the words at the table and in the menu, per language, with ``{n}`` for the value
    shown: Mapping[str, str] = field(default_factory=dict)


class OptionsPanel(Protocol):
    """A game's own panel on the start screen (:attr:`GameSpec.options_panel`, browser only):
    its house rules and rule-set variants, drawn and read by the game; the shell says when."""

    def build(self, container: Any) -> None:
        """Put the panel's controls in the start screen's ``container`` (``#game-options``),
        once: the page holds no game's markup of its own."""

    def translate(self, lang: str) -> None:
        """The panel's words in ``lang``."""

    def sync(self, rules: str) -> None:
        """What the rule set ``rules`` allows (a house rule that needs another is turned off)."""

    def fill_options(self, options: Mapping[str, Any]) -> None:
        """Show the game's own settings ``options`` (:attr:`GameSpec.options`)."""

    def fill_variants(self, rules: str, variants: Mapping[str, Any]) -> None:
        """Show the rule set ``rules``'s values, changed by ``variants``."""

    def read_options(self, rules: str) -> dict[str, Any]:
        """The game's own settings as the panel has them, for the rule set ``rules``."""

    def read_variants(self, rules: str) -> dict[str, Any]:
        """The rule-set fields that differ from ``rules``'s own values."""


#: the phrases of table talk that suit any game (a game's :attr:`GameSpec.talk` adds its own)
TABLE_TALK: tuple[str, ...] = (
    "not_careful",
    "why",
    "who_last",
    "who_threw",
    "well_played",
    "hurry",
    "good_game",
)

#: one line of a game's "How to play" help: the element's id ("" for none) and its text
HelpLine = tuple[str, str]


def in_lang(words: Mapping[str, str], lang: str) -> str:
    """``words`` in ``lang``, else in English, else empty (a game's words per language)."""
    return words.get(lang) or words.get("en") or ""


@dataclass(frozen=True)
class GameSpec:
    """One game as the shell knows it: names of modules (imported on first use) and plain
    facts. ``name`` is the ``?game=`` value, the storage keys' prefix and the saves' app."""

    name: str
    #: the game's name as the start screen shows it, per language
    titles: Mapping[str, str]
    #: the fewest and the most seats of any of its rule sets
    seats: tuple[int, int]
    #: ``module:Class`` of its :class:`~web.shell.session.Session`
    session: str
    #: ``module`` whose ``make_bot(level)`` seats its bots
    bots: str
    #: ``module:Class`` of its table: a :class:`web.shell.table.GameTable` (drawing, input)
    table: str
    #: ``module`` with ``STRINGS = {key: (English, Italian)}``: its words, over the shell's
    words: str
    #: ``module`` with ``RULES_HTML = {lang: html}``: its rules page
    rules_page: str
    #: ``module:function(lang, session, table_state) -> [(element id or "", text)]``: the lines
    #: of its "How to play" help (the first-time help and the menu's), from the match's session
    #: and the shown table state when a match is on the table (None on the start screen)
    help: str
    #: ``module:function(state, seat) -> reason | None``: a friend's page checks every table
    #: state the host sends with it (the shell's fields and the game's view)
    check_view: str
    #: its table talk with friends online: fixed phrases (word keys ``talk_<phrase>``, never
    #: free text), most often :data:`TABLE_TALK` and its own
    talk: tuple[str, ...]
    #: the URL parameters it reads besides the shell's (``game``, ``lang``, ``delay``, …)
    params: tuple[str, ...] = ()
    #: the bot levels it offers (the shell's seat choices add ``human`` and ``friend``)
    levels: tuple[str, ...] = ("easy", "medium", "hard")
    #: its rules package: the import name, shipped in the game's own code bundle
    package: str = ""
    #: its rule sets (``?rules=``, the start screen's choice), each with its fewest and most
    #: seats, the first the default (required: at least one)
    rule_sets: Mapping[str, tuple[int, int]] = field(kw_only=True)
    #: its own settings, one typed description (:class:`web.shell.paramspec.Param`: its match
    #: formats, house rules and rule-set variants, their values, defaults, words and link keys),
    #: from which the shell reads links, checks saves, fills the start form and writes
    #: invitations. A spec written the older way (``variants``, ``options``, ``formats``,
    #: ``url_defaults``, ``numbers`` below) has its list made from those; either is required
    settings: tuple[Param, ...] | None = field(default=None, kw_only=True)
    #: keys that older links, saves and remembered choices of this game hold and that mean
    #: nothing now, with the value they held: read and set aside (a link's still starts a match;
    #: a save's that is one of its :attr:`settings` is read as that setting)
    retired: Mapping[str, Any] = field(default_factory=dict, kw_only=True)
    #: its own settings for a match of one deal (a lesson's): those left out are a link's
    #: (:attr:`Param.link_default`); given alone, a match format sets the others of its group to none
    one_deal: Mapping[str, Any] = field(default_factory=lambda: UNSAID, kw_only=True)
    #: the players, levels and rule set of a new match before any choice is remembered (the
    #: start screen's; its own settings' defaults are in :attr:`settings`); those it leaves out
    #: are its first rule set's fewest seats and medium bots: the shell has no default of its own
    defaults: Mapping[str, Any] = field(default_factory=dict)
    # -- made from :attr:`settings` (a view for the game's own code), or the older way of
    # writing them (a spec without ``settings``: each of these but ``numbers`` required)
    #: its rule-set fields the page may change (``Settings.variants``), each with its values
    variants: Mapping[str, Sequence[Any]] = field(default_factory=lambda: UNSAID, kw_only=True)
    #: its own settings (house rules) with their defaults (``Settings.options``)
    options: Mapping[str, Any] = field(default_factory=lambda: UNSAID, kw_only=True)
    #: how the start screen offers its whole-number variants
    numbers: Mapping[str, NumberChoice] = field(default_factory=lambda: UNSAID)
    #: the start screen's match formats (``#opt-format``: ``<name>:<value>``) with their words
    formats: Mapping[str, Mapping[str, str]] = field(default_factory=lambda: UNSAID, kw_only=True)
    #: what a link that starts a match plays for the format it leaves out
    url_defaults: Mapping[str, Any] = field(default_factory=lambda: UNSAID, kw_only=True)
    #: ``module:function(settings) -> [problem]``: what its own rules say against a match's
    #: settings beyond the shell's checks (a house rule that needs another rule set, too many
    #: cards for the decks); empty: nothing more
    check_settings: str = ""
    #: ``module:PANEL`` of its own panel on the start screen (:class:`OptionsPanel`: its house
    #: rules and variants); empty: none
    options_panel: str = ""
    #: ``module:BOOK`` of its replays (:class:`web.shell.replaybook.ReplayBook`): kept finished
    #: matches, the viewer's positions; empty: the game keeps none
    replays: str = ""
    #: ``module:COACH`` of its hint (:class:`web.shell.coach.Coach`); empty: no Hint button
    coach: str = ""
    #: ``module:REVIEW`` of its post-hand review (:class:`web.shell.reviewbook.Review`); empty:
    #: no review
    review: str = ""
    #: the start screen's fan of cards (codes drawn with :attr:`faces`; required)
    fan: tuple[str, ...] = field(kw_only=True)
    #: ``module:function(code) -> svg`` of its own card faces (a game whose cards carry marks);
    #: empty: the house's plain faces (:mod:`web.cards.faces`)
    faces: str = ""
    #: ``module:LESSONS`` of its lessons (:class:`web.shell.lessons.Lesson`, played at its own
    #: table with a fixed deal and scripted bots); empty: no lessons
    lessons: str = ""
    #: ``module:function(match, lang) -> str`` that says which match is meant in the game's
    #: words (the start screen's "Resume the match (…)", a new match's "The match in progress
    #: (…) will be lost"); empty: the shell's, from the match's number of hands or points
    #: target ("Hand 2 of 3")
    match_info: str = ""
    #: its own stylesheet (the path from the site's root, ``web/<name>/style.css``), loaded
    #: with the game (web/boot.js links it at first paint on the built site, else
    #: :func:`web.shell.page.main` before the page starts): ``web/style.css`` holds only the
    #: house's style; empty: none
    style: str = ""
    #: what it is, in one line per language (the start screen's choice of game)
    blurb: Mapping[str, str] = field(default_factory=dict)
    #: extra facts a game's table may need; never read by the shell
    extra: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.settings is None:
            missing = [n for n in OLDER_REQUIRED if getattr(self, n) is UNSAID]
            if missing:
                raise TypeError(f"the game {self.name!r} gives neither its settings nor {', '.join(missing)}")
            object.__setattr__(self, "settings", older_settings(self))
        own = self.settings or ()
        check_list(self.name, own)
        views: dict[str, Any] = {
            "variants": {p.name: p.values for p in own if p.role == VARIANT},
            "options": {p.name: p.default for p in own if p.role == OPTION},
            "numbers": {
                p.name: NumberChoice(
                    label=p.label, default=p.default, common=p.common, help=p.help, shown=p.shown
                )
                for p in own
                if p.role == VARIANT and p.kind == INT and p.label and p.default is not None
            },
            "formats": format_entries(own),
            "url_defaults": {p.name: p.link_value() for p in own if p.role == FORMAT},
            "one_deal": {},
        }
        for name, view in views.items():
            if getattr(self, name) is UNSAID:
                object.__setattr__(self, name, view)
        reads = [p.name for p in own if p.url and p.name not in self.params]
        if reads:
            object.__setattr__(self, "params", (*self.params, *reads))

    def param(self, name: str) -> Param | None:
        """Its setting called ``name`` (:attr:`settings`), or None."""
        return next((p for p in self.settings or () if p.name == name), None)

    def number_words(self, variants: Mapping[str, Any], lang: str) -> list[str]:
        """Its whole-number variants as a match has them (``variants``, else the start
        screen's default), in words: ``["out at 201", "re-entries 2"]``."""
        out = []
        for name, offer in self.numbers.items():
            words = in_lang(offer.shown, lang) or in_lang(offer.label, lang) + " {n}"
            out.append(words.format(n=variants.get(name, offer.default)))
        return out

    def title(self, lang: str) -> str:
        return in_lang(self.titles, lang) or self.name

    def key(self, what: str) -> str:
        """The storage key of ``what`` (``match``, ``prefs``, ``stats``, ``replays``)."""
        return f"{self.name}.{what}.v1"

    @property
    def app(self) -> str:
        """The ``app`` field of its saves and kept replays."""
        return f"{self.name}-page"

    def load(self, ref: str) -> Any:
        """The object named by ``module`` or ``module:attr`` (imported now)."""
        module, _, attr = ref.partition(":")
        mod = importlib.import_module(module)
        return getattr(mod, attr) if attr else mod

    def session_class(self) -> Any:
        return self.load(self.session)

    def make_bot(self, level: str) -> Any:
        return self.load(self.bots).make_bot(level)

    def replay_book(self) -> Any:
        """Its :class:`~web.shell.replaybook.ReplayBook`, or None."""
        return self.load(self.replays) if self.replays else None

    def hint_coach(self) -> Any:
        """Its :class:`~web.shell.coach.Coach`, or None."""
        return self.load(self.coach) if self.coach else None

    def reviewer(self) -> Any:
        """Its post-hand review (:class:`~web.shell.reviewbook.Review`), or None."""
        return self.load(self.review) if self.review else None

    def lesson_list(self) -> list[Any]:
        """Its lessons (:attr:`lessons`), in order; empty when it has none."""
        return list(self.load(self.lessons)) if self.lessons else []

    def match_words(self, match: Any, lang: str) -> str | None:
        """Which match ``match`` is, in the game's words (:attr:`match_info`), or None."""
        if not self.match_info:
            return None
        words: Callable[[Any, str], str] = self.load(self.match_info)
        return words(match, lang)

    def settings_problems(self, settings: Any) -> list[str]:
        """What its own rules say against ``settings`` (:attr:`check_settings`)."""
        if not self.check_settings:
            return []
        check: Callable[[Any], list[str]] = self.load(self.check_settings)
        return check(settings)

    def panel(self) -> OptionsPanel | None:
        """Its start screen panel (:attr:`options_panel`), or None."""
        panel: OptionsPanel | None = self.load(self.options_panel) if self.options_panel else None
        return panel

    def view_check(self) -> Callable[[object, int], str | None]:
        check: Callable[[object, int], str | None] = self.load(self.check_view)
        return check

    def help_lines(self, lang: str, session: Any, state: Mapping[str, Any] | None) -> list[HelpLine]:
        """The lines of its "How to play" help (:attr:`help`)."""
        lines: Callable[[str, Any, Mapping[str, Any] | None], list[HelpLine]] = self.load(self.help)
        return lines(lang, session, state)

    def card_svg(self, code: str) -> str:
        """The face of the card ``code`` as the game draws it (:attr:`faces`)."""
        draw: Callable[[str], str] = self.load(self.faces or "web.cards.faces:card_svg")
        return draw(code)

    def strings(self) -> Mapping[str, tuple[str, str]]:
        """Its words (:attr:`words`), each of :data:`GAME_WORDS` among them; else a TypeError
        that names those it lacks (the shell says none of them for a game)."""
        words: Mapping[str, tuple[str, str]] = self.load(self.words).STRINGS
        missing = [key for key in GAME_WORDS if key not in words]
        if missing:
            raise TypeError(f"the words of {self.name!r} lack {', '.join(missing)}")
        return words

    def rules_html(self, lang: str) -> str | None:
        pages: Mapping[str, str] = self.load(self.rules_page).RULES_HTML
        return in_lang(pages, lang) or None


class _Unsaid(Mapping[str, Any]):
    """A field of a spec that it did not give (the older way of writing a spec)."""

    def __getitem__(self, key: str) -> Any:
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0

    def __hash__(self) -> int:
        return 0

    def __eq__(self, other: object) -> bool:
        return self is other


UNSAID: Any = _Unsaid()
#: the fields a spec written the older way must give
OLDER_REQUIRED = ("variants", "options", "url_defaults", "formats")
#: the older way's two match formats (``hands:N``, ``target:P``) and the values each took
OLDER_FORMATS: dict[str, range] = {"hands": range(1, 100), "target": range(50, 10001)}


def format_value(value: str) -> tuple[str, int] | None:
    """A match format of a spec written the older way (``hands:3``, ``target:200``) read, or
    None if it is not one."""
    kind, _, n = value.partition(":")
    if kind not in OLDER_FORMATS or not n.isdigit() or int(n) < 1:
        return None
    return kind, int(n)


def older_settings(spec: GameSpec) -> tuple[Param, ...]:
    """The typed description (:class:`Param`) of a spec written the older way: its
    ``formats`` (the two kinds of :data:`OLDER_FORMATS`, exclusive), ``options`` and
    ``variants`` (with their ``numbers``). ValueError for a format that is not one of those."""
    if not spec.formats or any(not format_value(v) for v in spec.formats):
        raise ValueError(f"{spec.name}: its match formats must be given, each hands:N or target:P")
    offered: dict[str, dict[int, Mapping[str, str]]] = {kind: {} for kind in OLDER_FORMATS}
    for value, words in spec.formats.items():
        kind, n = format_value(value) or ("", 0)
        offered[kind][n] = words
    first = format_value(next(iter(spec.formats))) or ("", 0)
    out: list[Param] = []
    values: Sequence[Any]
    for kind, values in OLDER_FORMATS.items():
        default = spec.defaults.get(kind, first[1] if first[0] == kind else None)
        link = spec.url_defaults.get(kind, SAME)
        out.append(
            Param(
                kind,
                INT,
                default,
                values=values,
                role=FORMAT,
                group="format",
                optional=True,
                url=kind in spec.params,
                link_default=link,
                offer=offered[kind],
            )
        )
    for name, default in spec.options.items():
        kind = BOOL if isinstance(default, bool) else CHOICE
        out.append(Param(name, kind, default, values=() if kind == BOOL else (default,)))
    numbers = spec.numbers if spec.numbers is not UNSAID else {}
    for name, values in spec.variants.items():
        whole = bool(values) and all(isinstance(v, int) and not isinstance(v, bool) for v in values)
        offer = numbers.get(name)
        out.append(
            Param(
                name,
                INT if whole else CHOICE,
                offer.default if offer is not None and offer.default in values else None,
                values=values,
                role=VARIANT,
                url=whole and name in spec.params,
                label=offer.label if offer else {},
                help=offer.help if offer else {},
                shown=offer.shown if offer else {},
                common=offer.common if offer else (),
            )
        )
    return tuple(out)


_GAMES: dict[str, GameSpec] = {}
_LOADED: list[bool] = []
#: the name of the game registered as the default (``register(..., default=True)``)
_DEFAULT: list[str] = []


def register(spec: GameSpec, *, default: bool = False) -> GameSpec:
    """Add a game (once per name: registering the same name again replaces it). The
    ``default`` game is the one of a URL without ``game=`` (every older link, save and
    invitation); without one, the first registered."""
    if not spec.name.isidentifier() or spec.name != spec.name.lower():
        raise ValueError(f"a game's name is a lowercase identifier, not {spec.name!r}")
    lo, hi = spec.seats
    if not 1 <= lo <= hi:
        raise ValueError(f"bad seat limits {spec.seats!r}")
    if not spec.rule_sets or any(not lo <= a <= b <= hi for a, b in spec.rule_sets.values()):
        raise ValueError(f"{spec.name}: its rule sets must be given, within its seat limits")
    for name, offer in spec.numbers.items():
        values = spec.variants.get(name)
        if values is None or any(v not in values for v in (offer.default, *offer.common)):
            raise ValueError(f"{spec.name}: {name} offers values its variants do not accept")
    _GAMES[spec.name] = spec
    if default:
        _DEFAULT[:] = [spec.name]
    return spec


def unregister(name: str) -> None:
    """Drop a game (tests)."""
    _GAMES.pop(name, None)


def _ensure() -> None:
    if not _LOADED:
        _LOADED.append(True)
        importlib.import_module("web.games")  # the registration lines


def default_name() -> str:
    """The name of the default game (:func:`register`); LookupError if no game is registered."""
    _ensure()
    if _DEFAULT and _DEFAULT[0] in _GAMES:
        return _DEFAULT[0]
    for name in _GAMES:
        return name
    raise LookupError("no game is registered")


def registered() -> list[GameSpec]:
    """The registered games, the default first, then by name."""
    first = default_name()
    return sorted(_GAMES.values(), key=lambda g: (g.name != first, g.name))


def get(name: str | None = None) -> GameSpec:
    """The game called ``name`` (the default game for None); KeyError if not registered."""
    _ensure()
    return _GAMES[name or default_name()]


def known(name: str) -> bool:
    _ensure()
    return name in _GAMES
