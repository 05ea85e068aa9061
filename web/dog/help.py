"""DOG's "How to play" help (:attr:`web.shell.games.GameSpec.help`): the teams, the
exchange, moving, the cards that do something else, sending home and finishing (RULES §3–§12)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from web.shell.games import HelpLine
from web.shell.i18n import t

KEYS = (
    "dog_help_team",
    "dog_help_give",
    "dog_help_tap",
    "dog_help_cards",
    "dog_help_seven",
    "dog_help_fresh",
    "dog_help_home",
    "dog_help_partner",
    "dog_help_keys",
)


def help_lines(lang: str, session: Any, state: Mapping[str, Any] | None) -> list[HelpLine]:
    return [("", t(lang, key)) for key in KEYS]
