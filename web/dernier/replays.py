"""Dernier's replay book (:class:`web.shell.replaybook.ReplayBook`): the functions of
:mod:`web.shell.replay` over :class:`dernier.Match` records."""

from __future__ import annotations

from typing import Any

from dernier.match import Match
from dernier.review import load_record
from web.shell.i18n import t
from web.shell.replay import HandFrames, board, ending_text, hand_frames, make_entry
from web.shell.replaybook import ReplayBook


class DernierBook(ReplayBook):
    game = "dernier"

    def load(self, data: str | bytes | dict[str, Any]) -> Match:
        return load_record(data)

    def of_match(self, match: Match) -> Match:
        return Match.load(match.record())

    def data(self, m: Match) -> dict[str, Any]:
        return m.record()

    def file_name(self, m: Match) -> str:
        return f"dernier-match-{m.seed}.json"

    def names(self, m: Match) -> list[str]:
        return list(m.names)

    def hands(self, m: Match) -> int:
        return m.hand_no

    def frames(self, m: Match, hand: int) -> HandFrames:
        return hand_frames(m, hand)

    def board(self, frame: Any, names: list[str], seat: int | None, lang: str) -> dict[str, Any]:
        return board(frame, names, seat, lang)

    def dealt_text(self, m: Match, frames: HandFrames, lang: str) -> str:
        return t(lang, "replay_dealt", who=m.names[frames.frames[0].state.dealer])

    def result_text(self, m: Match, lang: str) -> str:
        names = m.names
        parts = [t(lang, "rules_" + m.rules.preset), ", ".join(names)]
        if m.over and m.winner is not None:
            parts.append(t(lang, "replay_winner", who=names[m.winner]))
        elif not m.over:
            parts.append(t(lang, "replay_unfinished"))
        if m.result is not None:
            parts.append(ending_text(lang, m.result, names))
        return " · ".join(p for p in parts if p)

    def entry(self, match: Match, kind: str, at: int, hinted: bool = False) -> dict[str, Any]:
        return make_entry(match, kind, at, hinted)

    def kept_entry(self, m: Match, kind: str, at: int) -> dict[str, Any]:
        return make_entry(m, kind, at)


BOOK = DernierBook()
