"""Rule sets: every rule that varies between the sources is a field (RULES §1–§12)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, fields
from typing import Any, Literal

from .errors import PositionError

JollyMode = Literal["suit", "wild"]
EmptyDraw = Literal["end", "reshuffle"]
TimeoutMode = Literal["lose", "penalty"]


@dataclass(frozen=True)
class Ruleset:
    """The rules of one game, as data. Use :data:`OFFICIAL`, :data:`TRADITIONAL` or
    :func:`ruleset` to build one from a preset name and overrides."""

    preset: str = "official"
    #: number of 54-card decks (RULES §1)
    decks: int = 1
    #: Jollies in each deck (RULES §1)
    jollies_per_deck: int = 2
    #: fewest and most players (RULES §2)
    min_players: int = 2
    max_players: int = 6
    #: cards dealt to each player (RULES §2)
    hand_size: int = 5
    #: cards the previous player draws for a 7 (RULES §6)
    seven_penalty: int = 2
    #: cards an Ace adds to the chain (RULES §6)
    ace_penalty: int = 2
    #: cards an official Jolly adds to the chain (RULES §6)
    jolly_penalty: int = 4
    #: a card just drawn may be played at once (RULES §5)
    play_after_draw: bool = True
    #: "suit": the Jolly chooses the suit and makes the next player draw 4;
    #: "wild": it becomes the card its player names (RULES §6)
    jolly: JollyMode = "suit"
    #: "end": the hand ends when the draw pile is empty; "reshuffle": the discard pile
    #: (but its top card) becomes the new draw pile (RULES §8)
    empty_draw: EmptyDraw = "end"
    #: a Jolly may be the last card played (RULES §8)
    jolly_can_close: bool = True
    #: cards drawn for a missed Dernier call (RULES §7)
    dernier_penalty: int = 2
    #: bonus for going out (RULES §9)
    out_bonus: int = 50
    #: "lose": timing out loses the match; "penalty": it costs the turn and a card (RULES §11)
    timeout: TimeoutMode = "lose"
    #: per-turn time limit in seconds, 0 = none (RULES §11)
    turn_seconds: int = 0
    #: jump-in with an identical card (RULES §12)
    anticipo: bool = False
    #: an attempted illegal play costs cards instead of being refused (RULES §12)
    chi_sbaglia_paga: bool = False
    #: cards such an illegal attempt costs (RULES §12)
    chi_sbaglia_penalty: int = 2

    def __post_init__(self) -> None:
        problems = _check(self)
        if problems:
            raise PositionError("bad rule set: " + "; ".join(problems))

    @property
    def deck_size(self) -> int:
        return self.decks * (52 + self.jollies_per_deck)

    def spec(self) -> str | dict[str, Any]:
        """The position form: the preset name, or ``{"preset": name, field: value, …}``."""
        base = PRESETS[self.preset]
        diff = {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if f.name != "preset" and getattr(self, f.name) != getattr(base, f.name)
        }
        if not diff:
            return self.preset
        return {"preset": self.preset, **diff}

    def replace(self, **changes: Any) -> Ruleset:
        return dataclasses.replace(self, **changes)


def max_hand_size(r: Ruleset) -> int:
    """The most cards ``r`` can deal to each of its most players and still turn one up
    (RULES §1 §2: one deck and six players, 8; two decks and eight players, 13)."""
    return (r.decks * (52 + r.jollies_per_deck) - 2) // r.max_players


def _check(r: Ruleset) -> list[str]:
    p: list[str] = []
    for f in fields(r):
        v = getattr(r, f.name)
        if f.type in ("int",) and (not isinstance(v, int) or isinstance(v, bool)):
            p.append(f"{f.name} must be a whole number, not {v!r}")
        if f.type in ("bool",) and not isinstance(v, bool):
            p.append(f"{f.name} must be true or false, not {v!r}")
    if p:
        return p
    if r.preset not in ("official", "traditional"):
        p.append(f"unknown preset {r.preset!r} (official, traditional)")
    if r.decks not in (1, 2):
        p.append("decks must be 1 or 2")
    if not 0 <= r.jollies_per_deck <= 4:
        p.append("jollies_per_deck must be 0 to 4")
    if not 2 <= r.min_players <= r.max_players <= 10:
        p.append("players must satisfy 2 <= min_players <= max_players <= 10")
    if not 1 <= r.hand_size <= 15:
        p.append("hand_size must be 1 to 15")
    elif r.hand_size > max_hand_size(r):
        p.append("not enough cards to deal hand_size cards to max_players and turn one up")
    for name in ("seven_penalty", "ace_penalty", "jolly_penalty", "dernier_penalty"):
        if not 0 <= getattr(r, name) <= 10:
            p.append(f"{name} must be 0 to 10")
    if r.ace_penalty < 1 or r.jolly_penalty < 1:
        p.append("ace_penalty and jolly_penalty must be at least 1")
    if not 0 <= r.chi_sbaglia_penalty <= 10:
        p.append("chi_sbaglia_penalty must be 0 to 10")
    if not 0 <= r.out_bonus <= 1000:
        p.append("out_bonus must be 0 to 1000")
    if not 0 <= r.turn_seconds <= 3600:
        p.append("turn_seconds must be 0 to 3600")
    if r.jolly not in ("suit", "wild"):
        p.append(f"jolly must be 'suit' or 'wild', not {r.jolly!r}")
    if r.empty_draw not in ("end", "reshuffle"):
        p.append(f"empty_draw must be 'end' or 'reshuffle', not {r.empty_draw!r}")
    if r.timeout not in ("lose", "penalty"):
        p.append(f"timeout must be 'lose' or 'penalty', not {r.timeout!r}")
    if r.anticipo and r.decks < 2:
        p.append("anticipo needs two decks (RULES §12)")
    return p


OFFICIAL = Ruleset()
TRADITIONAL = Ruleset(
    preset="traditional",
    decks=2,
    min_players=3,
    max_players=8,
    hand_size=9,
    seven_penalty=1,
    play_after_draw=False,
    jolly="wild",
    empty_draw="reshuffle",
    jolly_can_close=False,
    timeout="penalty",
)
PRESETS: dict[str, Ruleset] = {"official": OFFICIAL, "traditional": TRADITIONAL}
FIELD_NAMES = frozenset(f.name for f in fields(Ruleset)) - {"preset"}


def ruleset(spec: str | dict[str, Any] | Ruleset | None = None, **overrides: Any) -> Ruleset:
    """A rule set from a preset name, a position-style object, or a Ruleset, plus overrides.

    Raises :class:`PositionError` (a ``ValueError``) naming the problem."""
    if spec is None:
        spec = "official"
    extra: dict[str, Any]
    if isinstance(spec, Ruleset):
        base, extra = spec, {}
    elif isinstance(spec, str):
        if spec not in PRESETS:
            raise PositionError(f"unknown rules preset {spec!r} (official, traditional)")
        base, extra = PRESETS[spec], {}
    elif isinstance(spec, dict):
        preset = spec.get("preset", "official")
        if not isinstance(preset, str) or preset not in PRESETS:
            raise PositionError(f"unknown rules preset {preset!r} (official, traditional)")
        base = PRESETS[preset]
        extra = {k: v for k, v in spec.items() if k != "preset"}
    else:
        raise PositionError(f"rules must be a preset name or an object, not {type(spec).__name__}")
    extra.update(overrides)
    unknown = sorted(str(k) for k in extra if k not in FIELD_NAMES)
    if unknown:
        raise PositionError(f"unknown rule field(s): {', '.join(unknown)}")
    if not extra:
        return base
    return dataclasses.replace(base, **extra)
