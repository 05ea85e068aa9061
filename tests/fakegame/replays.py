"""Ten's replay book (:class:`web.shell.replaybook.EngineBook`): a kept match is its
:meth:`fakegame.Match.record` with the page's names; a position is the engine's, drawn as
each seat's row and the total."""

from __future__ import annotations

from typing import Any

from fakegame import Match
from web.shell.i18n import t
from web.shell.replaybook import EngineBook, Replayed

#: a card's back: a plain rounded box (Ten has no cards of its own)
BACK_SVG = (
    '<svg viewBox="0 0 10 14" width="10" height="14"><rect width="10" height="14" rx="1" fill="#345"/></svg>'
)


def log_line(lang: str, names: list[str], seat: int, move: str) -> str:
    """One move in words."""
    key = "ten_log_add" if move.isdigit() else f"ten_log_{move}"
    return t(lang, key, who=names[seat], n=move)


class TenBook(EngineBook):
    game = "ten"

    def back_svg(self) -> str:
        return BACK_SVG

    def engine_load(self, record: dict[str, Any]) -> Match:
        return Match.load(record)

    def parts(self, match: Match) -> Replayed:
        return Replayed(match, match.record(), list(match.names), match.result)

    def outcome(self, r: Replayed) -> tuple[bool, list[int], list[int]]:
        m: Match = r.match
        return m.over, [] if m.winner is None else [m.winner], list(m.wins)

    def replay_start(self, record: dict[str, Any]) -> Match:
        return Match.new(players=record["players"], hands=record["hands"], seed=record["seed"])

    def next_deal(self, match: Match, hand: dict[str, Any]) -> None:
        match.next_hand()

    def frame(self, match: Match, moves: list[tuple[int, str]]) -> dict[str, Any]:
        return match.position()

    def totals(self, match: Match) -> list[int]:
        return list(match.wins)

    def board(self, frame: dict[str, Any], names: list[str], seat: int | None, lang: str) -> dict[str, Any]:
        moves = frame["history"][-1]["moves"]
        m = Match.from_position(frame)
        return {
            "players": m.players,
            "names": list(names),
            "turn": None if m.game.over or m.result else m.game.turn,
            "over": m.game.over,
            "winner": m.game.winner,
            "total": m.game.total,
            "log": [t(lang, "ten_start")] + [log_line(lang, names, s, mv) for s, mv in moves],
            "position": frame,
        }

    def dealt_text(self, m: Replayed, frames: Any, lang: str) -> str:
        return t(lang, "ten_start")


BOOK = TenBook()
