"""A game's replays as the shell's Replays list and viewer use them (plain Python, no browser).

Each game names its *replay book* (:attr:`web.shell.games.GameSpec.replays`): how a kept,
imported or shared record is read back and checked, how a finished match becomes an entry
of the Replays list, the positions of one hand (or game) to step through, and what a
position shows from one seat's view or with every hand face up. The viewer
(:mod:`web.shell.replay_ui`) asks only this; the drawing of a position is the game's table's
(``draw_replay_board``).

:class:`EngineBook` is the book of a rules package whose ``Match.record()`` replays
(Scala 40, DOG): what is kept is a small wrapper around that record with what only the page
knows (the seats' names, an abandon)::

    {"format": "<game>-page-replay", "version": 1, "names": [...], "result": null | {...},
     "page": {...}, "record": <Match.record()>}

A bare ``Match.record()`` (a file from ``python -m <game> play``) is read too, its seats
named by number. Files exported from the page are the bare record, which the game's CLI
(``python -m <game> review``) reads.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from web.shell.i18n import about, t
from web.shell.replay import KINDS, MAX_RECORD_BYTES, HandFrames, ReplayError, ending_text, pack, record_id

PAGE_VERSION = 1

#: a hand replayed: its positions (after the deal, after each move), its moves, the totals after it
HandReplay = tuple[list[Any], list[tuple[int, str]], list[int]]


__all__ = ["EngineBook", "HandReplay", "ReplayBook", "ReplayError", "Replayed", "entry_result"]


@dataclass
class Replayed:
    """A match to watch: the engine's match replayed from ``record`` (every move checked),
    the seats' names, how the page ended it early (``result``: an abandon), and the page's
    own facts about it (``page``: e.g. Scala 40's one hand)."""

    match: Any
    record: dict[str, Any]
    names: list[str]
    result: dict[str, Any] | None = None
    page: dict[str, Any] = field(default_factory=dict)


class ReplayBook:
    """What the viewer and the Replays list ask of a game; ``m`` is what :meth:`load`
    returns (opaque to the shell)."""

    #: the game's registered name
    game = ""

    def load(self, data: str | bytes | dict[str, Any]) -> Any:
        """A kept, imported or shared record, checked by replaying every move;
        :class:`~web.shell.replay.ReplayError` with the reason (never another error)."""
        raise NotImplementedError

    def of_match(self, match: Any) -> Any:
        """The page's match (a session's) as a replay."""
        raise NotImplementedError

    def data(self, m: Any) -> dict[str, Any]:
        """What a share link holds (read back by :meth:`load`)."""
        raise NotImplementedError

    def file_data(self, m: Any) -> dict[str, Any]:
        """What an exported file holds (read back by :meth:`load`)."""
        return self.data(m)

    def file_name(self, m: Any) -> str:
        raise NotImplementedError

    def names(self, m: Any) -> list[str]:
        raise NotImplementedError

    def hands(self, m: Any) -> int:
        """How many hands (games) the record holds."""
        raise NotImplementedError

    def frames(self, m: Any, hand: int) -> HandFrames:
        """Every position of hand ``hand`` (1-based)."""
        raise NotImplementedError

    def board(self, frame: Any, names: list[str], seat: int | None, lang: str) -> dict[str, Any]:
        """What a position shows: from ``seat``'s view, or every hand face up (None); the
        game's table draws it. Always holds ``position`` (the engine's) and ``log`` (lines)."""
        raise NotImplementedError

    def back_svg(self) -> str:
        """The markup of a card the viewed seat does not see (the game's card back)."""
        raise NotImplementedError

    def dealt_text(self, m: Any, frames: HandFrames, lang: str) -> str:
        """The words of step 0."""
        raise NotImplementedError

    def result_text(self, m: Any, lang: str) -> str:
        """One line over the viewer: the rules, the players, who won or how it ended."""
        raise NotImplementedError

    def entry(self, match: Any, kind: str, at: int, hinted: bool = False) -> dict[str, Any]:
        """The Replays list's entry of the page's match."""
        raise NotImplementedError

    def kept_entry(self, m: Any, kind: str, at: int) -> dict[str, Any]:
        """The Replays list's entry of a replay opened from a file or a link."""
        raise NotImplementedError


class EngineBook(ReplayBook):
    """The book of a rules package whose ``Match.record()`` replays (see the module)."""

    #: how a finished match's winners are told: ``seat`` (one seat) or ``team`` (partners)
    winner_kind = "seat"

    @property
    def format(self) -> str:
        return f"{self.game}-page-replay"

    # -- the game's part --------------------------------------------------------------

    def engine_load(self, record: dict[str, Any]) -> Any:
        """The rules package's ``Match.load(record)``."""
        raise NotImplementedError

    def seats(self, match: Any) -> int:
        """How many seats the engine's match has."""
        return int(match.players)

    def parts(self, match: Any) -> Replayed:
        """The page's match as (engine match, its record, names, early end, page facts)."""
        raise NotImplementedError

    def outcome(self, r: Replayed) -> tuple[bool, list[int], list[int]]:
        """(over, the winning seats, the totals) of a replayed match."""
        raise NotImplementedError

    def replay_start(self, record: dict[str, Any]) -> Any:
        """A new engine match dealt as the record's first hand."""
        raise NotImplementedError

    def next_deal(self, match: Any, hand: dict[str, Any]) -> None:
        """Deal the record's next hand ``hand`` in ``match``."""
        raise NotImplementedError

    def frame(self, match: Any, moves: list[tuple[int, str]]) -> Any:
        """A position of the hand in play, once ``moves`` (the hand's moves so far) are made."""
        raise NotImplementedError

    def totals(self, match: Any) -> list[int]:
        """The match's totals."""
        raise NotImplementedError

    def replay_hand(self, record: dict[str, Any], hand: int) -> HandReplay:
        """The positions of hand ``hand`` (after the deal, after each move), its moves and
        the totals once it is over: the record's hands played again from the first."""
        m = self.replay_start(record)
        frames: list[Any] = []
        moves: list[tuple[int, str]] = []
        for i, h in enumerate(record["history"][:hand]):
            if i:
                self.next_deal(m, h)
            keep = i == hand - 1
            if keep:
                frames.append(self.frame(m, moves))
            for seat, move in h["moves"]:
                m.play(move, seat)
                if keep:
                    moves.append((seat, move))
                    frames.append(self.frame(m, moves))
        return frames, moves, self.totals(m)

    # -- the book ----------------------------------------------------------------------

    def load(self, data: str | bytes | dict[str, Any]) -> Replayed:
        if isinstance(data, str | bytes):
            if len(data) > MAX_RECORD_BYTES:
                raise ReplayError(f"the record is too large (over {MAX_RECORD_BYTES / 1e6:.0f} MB)")
            try:
                data = json.loads(data)
            except (ValueError, RecursionError) as e:
                raise ReplayError(f"not JSON: {e}") from None
        if not isinstance(data, dict):
            raise ReplayError("a record is a JSON object")
        names: object = None
        result: object = None
        page: object = {}
        record: object = data
        if data.get("format") == self.format:
            if data.get("version") != PAGE_VERSION:
                raise ReplayError(f"replay version {data.get('version')!r} is not supported")
            names, result = data.get("names"), data.get("result")
            page, record = data.get("page"), data.get("record")
        if not isinstance(record, dict):
            raise ReplayError("the replay holds no match record")
        try:
            match = self.engine_load(record)
        except ValueError as e:  # the engines' SaveError (a ValueError), with the reason
            raise ReplayError(str(e)) from None
        players = self.seats(match)
        if names is None:
            names = [t("en", "player_name", n=s + 1) for s in range(players)]
        if not (isinstance(names, list) and len(names) == players and all(isinstance(n, str) for n in names)):
            raise ReplayError("bad names")
        ended: dict[str, Any] | None = None
        if result is not None:
            if not (isinstance(result, dict) and result.get("seat") in range(players)):
                raise ReplayError("bad result")
            if not isinstance(result.get("kind"), str):
                raise ReplayError("bad result")
            ended = result
        if not isinstance(page, dict):
            raise ReplayError("bad page facts")
        return Replayed(match, match.record(), [n[:40] for n in names], ended, page)

    def of_match(self, match: Any) -> Replayed:
        return self.parts(match)

    def data(self, m: Replayed) -> dict[str, Any]:
        return {
            "format": self.format,
            "version": PAGE_VERSION,
            "names": list(m.names),
            "result": dict(m.result) if m.result else None,
            "page": dict(m.page),
            "record": m.record,
        }

    def file_data(self, m: Replayed) -> dict[str, Any]:
        return m.record

    def file_name(self, m: Replayed) -> str:
        return f"{self.game}-match-{m.record.get('seed', m.record['history'][0].get('seed', 0))}.json"

    def names(self, m: Replayed) -> list[str]:
        return list(m.names)

    def hands(self, m: Replayed) -> int:
        return len(m.record["history"])

    def frames(self, m: Replayed, hand: int) -> HandFrames:
        history = m.record["history"]
        if not 1 <= hand <= len(history):
            raise ValueError(f"there is no hand {hand} (the match has {len(history)})")
        frames, moves, totals = self.replay_hand(m.record, hand)
        end = m.result if hand == len(history) else None
        return HandFrames(hand, frames, moves, totals, end)

    def winners_text(self, lang: str, names: list[str], winners: list[int]) -> str:
        if len(winners) == 1 and 0 <= winners[0] < len(names):
            return about(lang, "replay_winner", names[winners[0]])
        return t(lang, "replay_winners", who=" & ".join(names[s] for s in winners if 0 <= s < len(names)))

    def result_text(self, m: Replayed, lang: str) -> str:
        over, winners, _ = self.outcome(m)
        rules = m.record.get("rules")
        preset = rules if isinstance(rules, str) else rules.get("preset") if isinstance(rules, dict) else None
        word = t(lang, f"rules_{preset}") if preset else ""
        parts = [word if word != f"rules_{preset}" else "", ", ".join(m.names)]
        if m.result is not None:
            parts.append(ending_text(lang, m.result, m.names))
        elif over and winners:
            parts.append(self.winners_text(lang, m.names, winners))
        elif not over:
            parts.append(t(lang, "replay_unfinished"))
        return " · ".join(p for p in parts if p)

    def _entry(self, m: Replayed, kind: str, at: int, hinted: bool) -> dict[str, Any]:
        data = self.data(m)
        over, winners, totals = self.outcome(m)
        rules = m.record.get("rules")
        return {
            "id": record_id(data),
            "kind": kind if kind in KINDS else "imported",
            "at": int(at),
            "game": self.game,
            "names": list(m.names),
            "rules": rules if isinstance(rules, str) else (rules or {}).get("preset"),
            "players": len(m.names),
            "hands": self.hands(m),
            "limit": None,
            "target": None,
            "over": over,
            "winner": winners[0] if over and len(winners) == 1 else None,
            "winners": winners if over else [],
            "scores": totals,
            "result": dict(m.result) if m.result else None,
            "hinted": bool(hinted),
            "data": pack(data),
        }

    def entry(self, match: Any, kind: str, at: int, hinted: bool = False) -> dict[str, Any]:
        return self._entry(self.parts(match), kind, at, hinted)

    def kept_entry(self, m: Replayed, kind: str, at: int) -> dict[str, Any]:
        return self._entry(m, kind, at, False)


def entry_result(entry: dict[str, Any], lang: str) -> str | None:
    """The result words of a kept entry whose winners are several seats (a team), else None."""
    winners, names = entry.get("winners"), entry.get("names") or []
    if not (isinstance(winners, list) and len(winners) > 1 and all(isinstance(s, int) for s in winners)):
        return None
    return t(lang, "replay_winners", who=" & ".join(str(names[s]) for s in winners if 0 <= s < len(names)))
