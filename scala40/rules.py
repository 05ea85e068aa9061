"""Rule sets: every variant is a field (RULES §13); presets ``classic`` and ``strict``."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cached_property
from typing import Any

#: the fields a rule-set spec may set, with their types
BOOL_FIELDS: tuple[str, ...] = (
    "take_needs_open",
    "free_take",
    "open_without_jokers",
    "no_discard_taken",
    "no_discard_attachable",
    "no_joker_attach",
    "long_runs",
    "many_jokers",
    "simple_scoring",
)
INT_FIELDS: tuple[str, ...] = ("close_bonus", "out_at", "reentries")


@dataclass(frozen=True)
class Ruleset:
    """The rules of one game as data (RULES §13). Build one with :func:`ruleset`."""

    preset: str = "classic"
    take_needs_open: bool = False
    free_take: bool = False
    open_without_jokers: bool = False
    no_discard_taken: bool = False
    no_discard_attachable: bool = False
    no_joker_attach: bool = False
    long_runs: bool = False
    many_jokers: bool = False
    simple_scoring: bool = False
    close_bonus: int = 0
    out_at: int = 101
    reentries: int = 0

    @cached_property
    def max_run(self) -> int:
        """The longest run allowed (RULES §4)."""
        return 14 if self.long_runs else 5

    @cached_property
    def joker_limit(self) -> int:
        """Most jokers in one meld (RULES §5)."""
        return 12 if self.many_jokers else 1

    def __hash__(self) -> int:
        return self._hash

    @cached_property
    def _hash(self) -> int:
        return hash(tuple(getattr(self, f.name) for f in dataclasses.fields(self)))

    def spec(self) -> str | dict[str, Any]:
        """The preset name, or ``{"preset": …, field: value …}`` for the fields that differ."""
        spec = self._spec
        return spec if isinstance(spec, str) else dict(spec)

    @cached_property
    def _spec(self) -> str | dict[str, Any]:
        base = PRESETS[self.preset]
        diff = {
            f.name: getattr(self, f.name)
            for f in dataclasses.fields(self)
            if f.name != "preset" and getattr(self, f.name) != getattr(base, f.name)
        }
        if not diff:
            return self.preset
        return {"preset": self.preset, **diff}


CLASSIC = Ruleset()
STRICT = Ruleset(
    preset="strict",
    take_needs_open=True,
    open_without_jokers=True,
    no_discard_taken=True,
    no_discard_attachable=True,
    no_joker_attach=True,
)
PRESETS: dict[str, Ruleset] = {"classic": CLASSIC, "strict": STRICT}


def ruleset(spec: str | dict[str, Any] | Ruleset | None = "classic") -> Ruleset:
    """A rule set from a preset name, ``{"preset": name, field: value …}`` or a Ruleset.

    Unknown presets, unknown fields and bad values raise ``ValueError``."""
    if spec is None:
        return CLASSIC
    if isinstance(spec, Ruleset):
        return spec
    if isinstance(spec, str):
        if spec not in PRESETS:
            raise ValueError(f"unknown rules preset {spec!r} (classic, strict)")
        return PRESETS[spec]
    if not isinstance(spec, dict):
        raise ValueError(f"rules must be a preset name or an object, not {type(spec).__name__}")
    preset = spec.get("preset", "classic")
    if not isinstance(preset, str) or preset not in PRESETS:
        raise ValueError(f"unknown rules preset {preset!r} (classic, strict)")
    changes: dict[str, Any] = {}
    for key, value in spec.items():
        if key == "preset":
            continue
        if key in BOOL_FIELDS:
            if not isinstance(value, bool):
                raise ValueError(f"rule field {key} must be true or false, not {value!r}")
        elif key in INT_FIELDS:
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"rule field {key} must be a whole number, not {value!r}")
            if key == "close_bonus" and value not in (0, 10, 20):
                raise ValueError(f"close_bonus must be 0, 10 or 20, not {value}")
            if key == "out_at" and not 1 <= value <= 100000:
                raise ValueError(f"out_at must be from 1 to 100000, not {value}")
            if key == "reentries" and not 0 <= value <= 100:
                raise ValueError(f"reentries must be from 0 to 100, not {value}")
        else:
            raise ValueError(f"unknown rule field {key!r}")
        changes[key] = value
    return dataclasses.replace(PRESETS[preset], **changes)
