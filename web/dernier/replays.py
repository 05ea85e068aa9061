"""Dernier's replays (:class:`web.shell.replaybook.ReplayBook`, named by
:attr:`web.dernier.game.DERNIER`'s ``replays``): the kept list's entries of
:class:`dernier.Match` records, a hand's positions to step through (each a
:class:`dernier.game.Game`) and what one of them shows (:func:`board`, drawn by
:mod:`web.dernier.replay_board`).

A Dernier replay is the engine's ``Match.record()`` itself: a share link, a kept entry and
an exported file hold it, and :func:`dernier.review.load_record` reads it back (every move
replayed)."""

from __future__ import annotations

import json
from typing import Any

from dernier.cards import SUITS
from dernier.errors import SaveError
from dernier.game import Game
from dernier.match import Match
from dernier.review import load_record, play_recorded, replayed_hands
from web.dernier import faces
from web.dernier.describe import log_lines
from web.dernier.game import DERNIER
from web.shell.i18n import about, t
from web.shell.replay import KINDS, HandFrames, ReplayError, ending_text, pack, record_id, unpack
from web.shell.replaybook import ReplayBook

#: the kept list's storage key and its ``app`` (the ones it always had)
REPLAYS_KEY = DERNIER.key("replays")
APP = DERNIER.app


def load(data: str | bytes | dict[str, Any]) -> Match:
    """A kept, imported or shared record, checked by replaying every move;
    :class:`~web.shell.replay.ReplayError` with the reason."""
    try:
        return load_record(data)
    except SaveError as e:
        raise ReplayError(str(e)) from None


def make_entry(match: Match, kind: str, at: int, hinted: bool = False) -> dict[str, Any]:
    """A kept replay: ``at`` in ms since 1970 (JavaScript's ``Date.now()``)."""
    record = match.record()
    return {
        "id": record_id(record),
        "kind": kind if kind in KINDS else "imported",
        "at": int(at),
        "names": list(match.names),
        "rules": match.rules.preset,
        "players": match.players,
        "hands": match.hand_no,
        "limit": match.hands_limit,  # the match's format: a number of hands, or a points target
        "target": match.target,
        "over": match.over,
        "winner": match.winner if match.over else None,
        "scores": match.scores,
        "result": dict(match.result) if match.result else None,
        "hinted": bool(hinted),
        "data": pack(record),
    }


def entry_match(entry: dict[str, Any]) -> Match:
    """The match of a kept entry, checked again (the storage may have been edited)."""
    return load(unpack(str(entry.get("data", ""))))


def hand_frames(match: Match, hand_no: int) -> HandFrames:
    """Replay ``match`` (from :func:`dernier.review.load_record`, so it replays) up to hand
    ``hand_no`` (1-based) and keep every position of that hand (a cheap copy of the engine's
    game each)."""
    rec = match.record()
    history = rec["history"]
    if not 1 <= hand_no <= len(history):
        raise ValueError(f"there is no hand {hand_no} (the match has {len(history)})")
    for i, m, recorded in replayed_hands(match):
        if i < hand_no - 1:
            for seat, move in recorded:
                play_recorded(m, seat, move)
            continue
        frames = [m.game.copy()]
        moves: list[tuple[int, str]] = []
        for seat, move in recorded:
            play_recorded(m, seat, move)
            frames.append(m.game.copy())
            moves.append((seat, move))
        for g in frames:
            g.state.reshuffles = None
        end = rec["result"] if hand_no == len(history) else None
        return HandFrames(hand_no, frames, moves, m.scores, end)
    raise AssertionError("unreachable")  # pragma: no cover


def board(g: Game, names: list[str], seat: int | None, lang: str) -> dict[str, Any]:
    """What a frame shows: from ``seat``'s view (its own hand; the others' only once the
    hand is over, as at the table) or, with ``seat`` None, every hand face up; the log of
    the hand so far in sentences (``you`` is the viewed seat)."""
    st = g.state
    over = g.over
    if seat is None:
        hands: list[list[str] | None] = [list(h) for h in g.position()["hands"]]
        log = g.public_log(None)
        me = -1
    else:
        v = g.view(seat)
        all_hands = v.get("hands")
        hands = [
            (list(all_hands[s]) if all_hands else (list(v["hand"]) if s == seat else None))
            for s in range(st.n)
        ]
        log = v["log"]
        me = seat
    pos = g.position()
    return {
        "players": st.n,
        "names": list(names),
        "hands": hands,
        "counts": [len(h) for h in st.hands],
        "top": pos["discard"][-1],
        "suit": SUITS[st.active_suit()] if st.active_suit() >= 0 else None,
        "wild": pos.get("wild"),
        "draw_count": len(pos["draw"]),
        "pending": pos["pending"],
        "direction": pos["direction"],
        "dealer": pos["dealer"],
        "turn": None if over else st.turn,
        "over": over,
        "winner": g.hand_winner,
        "due": list(pos["dernier_due"]),
        "log": log_lines(log, names, lang, me),
        "position": pos,
    }


def position_text(g: Game) -> str:
    """The engine's position of a frame as compact JSON with sorted keys (for comparing)."""
    return json.dumps(g.position(), separators=(",", ":"), sort_keys=True)


class DernierBook(ReplayBook):
    game = "dernier"

    def load(self, data: str | bytes | dict[str, Any]) -> Match:
        return load(data)

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

    def back_svg(self) -> str:
        return faces.back_svg()

    def dealt_text(self, m: Match, frames: HandFrames, lang: str) -> str:
        return t(lang, "replay_dealt", who=m.names[frames.frames[0].state.dealer])

    def result_text(self, m: Match, lang: str) -> str:
        names = m.names
        parts = [t(lang, "rules_" + m.rules.preset), ", ".join(names)]
        if m.over and m.winner is not None:
            parts.append(about(lang, "replay_winner", names[m.winner]))
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
