"""Scala 40's "How to play" help (:attr:`web.shell.games.GameSpec.help`): a turn, the melds,
the 40-point opening, attaching and jokers, closing and the penalties (RULES §4–§12)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from web.shell.games import HelpLine
from web.shell.i18n import t

KEYS = ("s40_help_turn", "s40_help_melds", "s40_help_open", "s40_help_after", "s40_help_close")


def help_lines(lang: str, session: Any, state: Mapping[str, Any] | None) -> list[HelpLine]:
    engine = getattr(session.match, "m", None) if session is not None else None
    out_at = int(engine.rules.out_at) if engine is not None else 101
    long_runs = bool(engine.rules.long_runs) if engine is not None else False
    keys = [k + "_long" if k == "s40_help_melds" and long_runs else k for k in KEYS]
    lines: list[HelpLine] = [("", t(lang, key)) for key in keys]
    lines.append(("", t(lang, "s40_help_match", out_at=out_at)))
    lines.append(("", t(lang, "s40_keys")))
    return lines
