"""Dernier's choices on the start screen and in links, as its :class:`~web.shell.games.GameSpec`
gives them to the shell (plain Python, no browser): its two presets, the house rules a player
switches on (anticipo, chi sbaglia paga: RULES §12), the preset fields the house rules panel
changes one by one (RULES §2 §5 §6 §8 §11), and what its rules say against a match's settings.

Nothing here imports the rules package at import time (every visit registers Dernier's spec);
:func:`check_settings` reads it when a Dernier match's settings are checked."""

from __future__ import annotations

from functools import cache
from typing import Any

#: the presets (``?rules=``), each with its fewest and most players (RULES §1 §2), the
#: first the default
RULE_SETS: dict[str, tuple[int, int]] = {"official": (2, 6), "traditional": (3, 8)}
#: the house rules (RULES §12) the start screen can turn on, off by default: settings of the
#: same name, at the top level of a save's settings as they always were
HOUSE_RULES: dict[str, Any] = {"anticipo": False, "chi_sbaglia_paga": False}
#: house rules that need two decks (the traditional preset)
TWO_DECK_RULES = ("anticipo",)
#: the differences between the presets that the house rules panel can change one by one
#: (RULES §5 §6 §8 §11), with the values it offers
VARIANTS: dict[str, tuple[Any, ...]] = {
    "play_after_draw": (True, False),
    "seven_penalty": (2, 1),
    "jolly": ("suit", "wild"),
    "empty_draw": ("end", "reshuffle"),
    "jolly_can_close": (True, False),
    "hand_size": (4, 5, 6, 7, 8, 9, 10),
    "timeout": ("lose", "penalty"),
}
#: the preset with two decks: the one the two-deck house rules need
TWO_DECKS = "traditional"


@cache
def max_hand_sizes() -> dict[str, int]:
    """The most cards each preset can deal to each of its most players and still turn one
    up (RULES §1 §2)."""
    from dernier.rules import PRESETS, max_hand_size

    return {name: max_hand_size(r) for name, r in PRESETS.items()}


def check_settings(settings: Any) -> list[str]:
    """What Dernier's rules say against a match's settings (``GameSpec.check_settings``),
    beyond the shell's checks of each value: anticipo needs two decks, and a preset's decks
    deal at most so many cards (a value the panel does not offer is the shell's to report)."""
    out: list[str] = []
    options = settings.options if isinstance(settings.options, dict) else {}
    for name in TWO_DECK_RULES:
        if options.get(name) is True and settings.rules != TWO_DECKS:
            out.append(f"{name} needs two decks ({TWO_DECKS} rules)")
    variants = settings.variants if isinstance(settings.variants, dict) else {}
    size = variants.get("hand_size")
    if (
        isinstance(size, int)
        and not isinstance(size, bool)
        and size in VARIANTS["hand_size"]
        and size > max_hand_sizes().get(settings.rules, 0)
    ):
        out.append(f"hand_size {size} is too many cards for the {settings.rules} rules")
    return out
