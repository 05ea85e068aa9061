"""Dernier's "How to play" help (:attr:`web.shell.games.GameSpec.help`): its lines from the
match's rules (a 7 costs 1 card and the Jolly is wild with the traditional rules, RULES §6)
and, at the table, chi sbaglia paga when it is on (§12)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from web.shell.games import HelpLine
from web.shell.i18n import t


def help_lines(lang: str, session: Any, state: Mapping[str, Any] | None) -> list[HelpLine]:
    rules = session.match.rules if session is not None else None
    seven = rules.seven_penalty if rules is not None else 2
    jolly = rules.jolly if rules is not None else (state or {}).get("jolly", "")
    wild = t(lang, "help_jolly_wild" if jolly == "wild" else "help_jolly_suit")
    lines: list[HelpLine] = [
        ("", t(lang, "help_play")),
        ("", t(lang, "help_draw")),
        ("help-cards", t(lang, "help_cards", seven=seven, jolly=wild)),
    ]
    if state is not None and state.get("chi_sbaglia_paga"):
        lines.append(("help-wrong", t(lang, "help_wrong")))
    lines += [("", t(lang, "help_dernier")), ("", t(lang, "help_keys"))]
    return lines
