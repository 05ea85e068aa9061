"""Dernier's choices on the start screen and in links, as its :class:`~web.shell.games.GameSpec`
gives them to the shell (plain Python, no browser): its two presets, the house rules a player
switches on (anticipo, chi sbaglia paga: RULES §12), the preset fields the house rules panel
changes one by one (RULES §2 §5 §6 §8 §11), and what its rules say against a match's settings.

The presets, house rules and variants themselves are plain data in Dernier's spec
(:mod:`web.dernier.game`, which every visit registers); this module, in Dernier's own zip, adds
what only a Dernier match needs. Nothing here imports the rules package at import time:
:func:`check_settings` reads it when a Dernier match's settings are checked."""

from __future__ import annotations

from functools import cache
from typing import Any

# the choices themselves are in its spec (every visit registers it: web/dernier/game.py)
from web.dernier.game import HOUSE_RULES, RULE_SETS, VARIANTS

__all__ = [
    "HOUSE_RULES",
    "RULE_SETS",
    "TWO_DECKS",
    "TWO_DECK_RULES",
    "VARIANTS",
    "check_settings",
    "max_hand_sizes",
]

#: house rules that need two decks (the traditional preset)
TWO_DECK_RULES = ("anticipo",)
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
