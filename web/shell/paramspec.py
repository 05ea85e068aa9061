"""A game's own settings as one typed description (plain Python, no browser), as OpenSpiel's
games give their parameter spec: each game lists its :class:`Param` records in its spec
(:attr:`web.shell.games.GameSpec.settings`, declared in ``web/<game>/game.py``), and the shell
reads links, checks saves and remembered choices, fills the start form and writes invitations
from that list only: it names no game's setting of its own.

A parameter has a name (its key in the settings, in saves and, when :attr:`Param.url`, in
links), a kind (a whole number of a range, a choice among values, on/off), a default, the
values it accepts, its words per language for the start form, and a role saying where the
settings keep it:

* :data:`FORMAT`: how long a match is played (a number of hands, a points target): kept at the
  top level of saved settings; the parameters of one :attr:`Param.group` exclude each other
  (one holds a value, the others none) and the start form offers them together as one choice
  (``#opt-format``, each entry ``<name>:<value>``);
* :data:`OPTION`: a house rule or any other setting of the game's own: at the top level of
  saved settings (``Settings.options``);
* :data:`VARIANT`: a field of the game's rule set a match may change (``Settings.variants``):
  left out, the rule set's own value.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

#: the kinds of a parameter
INT, CHOICE, BOOL = "int", "choice", "bool"
#: the roles of a parameter (where the settings keep it)
FORMAT, OPTION, VARIANT = "format", "option", "variant"


class _Same:
    """:attr:`Param.link_default` when a link's is the start form's."""

    def __repr__(self) -> str:
        return "SAME"


SAME: Any = _Same()


@dataclass(frozen=True)
class Param:
    """One setting of a game: what it is, the values it takes, its words."""

    name: str
    kind: str
    #: a new match's value from the start form (None: none; a variant's None is its rule set's)
    default: Any
    #: the values it accepts (a ``range`` for whole numbers, the choices for a choice)
    values: Sequence[Any] = ()
    role: str = OPTION
    #: read from links (``?<name>=…``) and written in invitations
    url: bool = False
    #: what a link that leaves it out plays (a whole match, one hand); :data:`SAME`: :attr:`default`
    link_default: Any = SAME
    #: FORMAT parameters of one group exclude each other (``"format"``: the match's length)
    group: str = ""
    #: None is a value (a format left unset, a variant at its rule set's own value)
    optional: bool = False
    #: the start form's label and one-line help, per language
    label: Mapping[str, str] = field(default_factory=dict)
    help: Mapping[str, str] = field(default_factory=dict)
    #: the words at the table and in the menu, per language, with ``{n}`` for the value
    shown: Mapping[str, str] = field(default_factory=dict)
    #: the whole numbers worth a tap (a number box's suggestions)
    common: tuple[int, ...] = ()
    #: a FORMAT's entries in the start form's choice: value → words per language, in order
    offer: Mapping[Any, Mapping[str, str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.kind not in (INT, CHOICE, BOOL):
            raise ValueError(f"{self.name}: unknown kind {self.kind!r}")
        if self.role not in (FORMAT, OPTION, VARIANT):
            raise ValueError(f"{self.name}: unknown role {self.role!r}")
        if self.kind == BOOL and not self.values:
            object.__setattr__(self, "values", (False, True))
        if not self.name.isidentifier():
            raise ValueError(f"a setting's name is an identifier, not {self.name!r}")
        for v in (self.default, *self.common, *self.offer):
            if not self.accepts(v) and not (v is None and self.role == VARIANT):
                raise ValueError(f"{self.name}: {v!r} is not one of its values")
        if self.link_default is not SAME and not self.accepts(self.link_default):
            raise ValueError(f"{self.name}: its link default {self.link_default!r} is not one of its values")

    def accepts(self, value: object) -> bool:
        """``value`` is one this parameter takes (None only when :attr:`optional`)."""
        if value is None:
            return self.optional
        if self.kind == BOOL:
            return isinstance(value, bool)
        if self.kind == INT and (not isinstance(value, int) or isinstance(value, bool)):
            return False
        return any(value == v and type(value) is type(v) for v in self.values)

    def problem(self, value: object) -> str | None:
        """What is wrong with ``value`` for this parameter, in the words saves' checks use."""
        if self.accepts(value):
            return None
        if self.kind == BOOL:
            return f"{self.name} must be true or false"
        if self.kind == INT and self.role != VARIANT:
            if not isinstance(value, int) or isinstance(value, bool):
                return f"{self.name} must be a whole number"
            return f"{self.name} out of range"
        return f"bad value for {self.name}"

    def read(self, text: str) -> Any:
        """The value a link's ``text`` says, or None when it says none this parameter takes."""
        t = text.strip()
        if self.kind == BOOL:
            value: Any = {"1": True, "true": True, "0": False, "false": False}.get(t.lower())
        elif self.kind == INT:
            value = whole(t)
        else:
            value = next((v for v in self.values if str(v) == t), None)
        return value if value is not None and self.accepts(value) else None

    def expected(self) -> str:
        """The values it takes, as a notice says them (``1–99``, ``a, b``)."""
        if self.kind == INT and self.values:
            return f"{min(self.values)}–{max(self.values)}"
        return ", ".join(str(v).lower() if isinstance(v, bool) else str(v) for v in self.values)

    def link_value(self) -> Any:
        """What a link that leaves it out plays."""
        return self.default if self.link_default is SAME else self.link_default

    def text(self, value: Any) -> str:
        """``value`` as a link writes it."""
        return str(value).lower() if isinstance(value, bool) else str(value)


def whole(text: str) -> int | None:
    """A whole number as typed (an optional sign, ASCII digits, at most 12 characters), else None."""
    t = text.strip()
    if not t or len(t) > 12:
        return None
    sign = -1 if t.startswith("-") else 1
    digits = t[1:] if t[:1] in "+-" else t
    if not digits.isdigit() or not digits.isascii():
        return None
    return sign * int(digits)


def by_role(params: Sequence[Param], role: str) -> dict[str, Param]:
    """The parameters of one role, by name, in their order."""
    return {p.name: p for p in params if p.role == role}


def check_list(game: str, params: Sequence[Param]) -> None:
    """A game's list: each name once; a format group's members optional whole numbers or
    choices, exactly one of them with a default; ValueError naming what is wrong."""
    names = [p.name for p in params]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise ValueError(f"{game}: settings named twice: {', '.join(twice)}")
    groups: dict[str, list[Param]] = {}
    for p in params:
        if p.role == FORMAT:
            groups.setdefault(p.group or p.name, []).append(p)
    for group, members in groups.items():
        if len(members) > 1 and not all(p.optional for p in members):
            raise ValueError(f"{game}: the settings of the group {group} must each be optional")
        if len(members) > 1 and sum(p.default is not None for p in members) != 1:
            raise ValueError(f"{game}: one setting of the group {group} has the default")
        if len(members) > 1 and sum(p.link_value() is not None for p in members) != 1:
            raise ValueError(f"{game}: one setting of the group {group} has the links' default")


def format_groups(params: Sequence[Param]) -> dict[str, list[Param]]:
    """The FORMAT parameters by group (a parameter without a group is its own)."""
    out: dict[str, list[Param]] = {}
    for p in params:
        if p.role == FORMAT:
            out.setdefault(p.group or p.name, []).append(p)
    return out


def format_entries(params: Sequence[Param]) -> dict[str, Mapping[str, str]]:
    """The start form's choice of match format: ``"<name>:<value>"`` → words per language, in
    the order the parameters and their :attr:`Param.offer` give them."""
    return {
        f"{p.name}:{p.text(v)}": words for p in params if p.role == FORMAT for v, words in p.offer.items()
    }


def format_entry(params: Sequence[Param], values: Mapping[str, Any]) -> str:
    """The start form's entry for a match's format ``values`` (the group member that holds a
    value), or "" when none does."""
    for p in params:
        if p.role == FORMAT and values.get(p.name) is not None:
            return f"{p.name}:{p.text(values[p.name])}"
    return ""


def read_format_entry(params: Sequence[Param], entry: str) -> dict[str, Any] | None:
    """A start form entry ``<name>:<value>`` read: the format values it means (the others of
    its group none), or None when it names no parameter or a value it does not take."""
    name, _, text = entry.partition(":")
    own = by_role(params, FORMAT)
    p = own.get(name)
    if p is None:
        return None
    value = p.read(text)
    if value is None:
        return None
    group = p.group or p.name
    return {q.name: (value if q.name == name else None) for q in own.values() if (q.group or q.name) == group}
