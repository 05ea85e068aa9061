"""Rule sets: the preset ``standard`` and the variant fields of RULES §14, as data."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from .cards import DECK_SIZE
from .errors import PositionError

SHUFFLES = ("cycle", "short")


@dataclass(frozen=True)
class Ruleset:
    """The rules of one game. Build one with :func:`ruleset`; bad fields raise ``ValueError``."""

    preset: str = "standard"
    #: cards per round, one cycle (RULES §4, §14)
    deal: tuple[int, ...] = (6, 5, 4, 3, 2)
    #: "cycle": shuffle all cards before each cycle; "short": only when the stock runs short
    shuffle: str = "cycle"
    #: a J (or Jolly as J) with no swap may be played without effect when nothing else is usable
    idle_jack: bool = False
    #: a pawn in the home never moves again
    home_fixed: bool = False

    def __post_init__(self) -> None:
        problems = _check(self)
        if problems:
            raise PositionError("bad rule set: " + "; ".join(problems))

    def cards_in_round(self, round_no: int) -> int:
        """Cards dealt to each player in round ``round_no`` (1, 2, …)."""
        return self.deal[(round_no - 1) % len(self.deal)]

    def spec(self) -> str | dict[str, Any]:
        """The position form: ``"standard"`` or ``{"preset": "standard", field: value, …}``."""
        base = PRESETS[self.preset]
        diff: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name != "preset" and value != getattr(base, f.name):
                diff[f.name] = list(value) if isinstance(value, tuple) else value
        if not diff:
            return self.preset
        return {"preset": self.preset, **diff}


def _check(r: Ruleset) -> list[str]:
    problems: list[str] = []
    if r.preset not in ("standard",):
        problems.append(f"unknown preset {r.preset!r} (standard)")
    deal = r.deal
    if (
        not isinstance(deal, tuple)
        or not deal
        or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in deal)
    ):
        problems.append(f"deal must be a non-empty list of positive card counts, not {deal!r}")
    elif 4 * sum(deal) > DECK_SIZE:
        problems.append(f"deal {list(deal)}: 4 × {sum(deal)} cards is more than the {DECK_SIZE} in the deck")
    if r.shuffle not in SHUFFLES:
        problems.append(f"shuffle must be 'cycle' or 'short', not {r.shuffle!r}")
    for name in ("idle_jack", "home_fixed"):
        if not isinstance(getattr(r, name), bool):
            problems.append(f"{name} must be true or false, not {getattr(r, name)!r}")
    return problems


STANDARD = Ruleset()
PRESETS: dict[str, Ruleset] = {"standard": STANDARD}
_FIELDS = ("deal", "shuffle", "idle_jack", "home_fixed")


def ruleset(spec: object = "standard") -> Ruleset:
    """A rule set from a preset name, a ``{"preset": …, field: value}`` dict or a Ruleset.

    Unknown presets or fields and bad values raise :class:`~dog.PositionError` (a ValueError)."""
    if isinstance(spec, Ruleset):
        return spec
    if isinstance(spec, str):
        if spec not in PRESETS:
            raise PositionError(f"unknown rules {spec!r} (standard, or a dict of fields)")
        return PRESETS[spec]
    if not isinstance(spec, dict):
        raise PositionError(f"rules must be a preset name or a dict, not {spec!r}")
    unknown = [k for k in spec if k != "preset" and k not in _FIELDS]
    if unknown:
        raise PositionError(f"unknown rule fields {unknown} (known: {', '.join(_FIELDS)})")
    preset = spec.get("preset", "standard")
    if preset not in PRESETS:
        raise PositionError(f"unknown preset {preset!r} (standard)")
    kwargs: dict[str, Any] = {k: v for k, v in spec.items() if k != "preset"}
    if "deal" in kwargs and isinstance(kwargs["deal"], list):
        kwargs["deal"] = tuple(kwargs["deal"])
    return Ruleset(preset=preset, **kwargs)
