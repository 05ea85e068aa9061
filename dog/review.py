"""Review a recorded match: each card decision next to what a bot would have played.

``python -m dog review SAVE.json [--level hard] [--json]``: the match is replayed; at every
turn with a choice the reviewing bot decides from the same view, and both moves are
judged on the true board by the bots' evaluation (the team's worth after the move).
"""

from __future__ import annotations

import json
import random
from collections.abc import Generator
from typing import Any

from tabletop.bots import result_of
from tabletop.saves import json_object, read_record_file

from .board import team_of
from .bots import make_bot
from .bots.value import evaluate
from .errors import SaveError
from .match import SAVES, _replay
from .moves import parse_move
from .state import META_MOVES, PLAY, State


def _worth(st: State, seat: int, move: str) -> float:
    after = st.board_copy()
    after.effect(seat, parse_move(move))
    return evaluate(after, team_of(seat))


def review(data: object, level: str = "medium", seed: int = 0) -> dict[str, Any]:
    """Per seat: decisions with a choice, how often the bot agreed, the mean worth lost."""
    return result_of(review_steps(data, level, seed))


def review_steps(
    data: object,
    level: str = "medium",
    seed: int = 0,
    games: list[int] | None = None,
    seats: list[int] | None = None,
) -> Generator[tuple[int, int], None, dict[str, Any]]:
    """:func:`review` one decision at a time, for a page that keeps its main thread free:
    yields (moves replayed, moves in the record) after each decision judged and returns the
    result; only the decisions of ``seats`` in ``games`` (1-based) are judged (default all)."""
    bot = make_bot(level)
    rng = random.Random(seed)
    rows: list[dict[str, Any]] = [
        {"seat": s, "decisions": 0, "agreed": 0, "lost": 0.0, "worst": None} for s in range(4)
    ]
    pending: tuple[int, str, float, State] | None = None
    prev_moves = 0
    played = 0
    total = _moves_in(data)
    for m in _replay(SAVES.open(data)):
        g = m.game
        moves = m.history[-1]["moves"]
        played += len(moves) > prev_moves
        if pending is not None and len(moves) > prev_moves:
            seat, best, best_worth, before = pending
            move = moves[-1][1]
            row = rows[seat]
            row["decisions"] += 1
            worth = _worth(before, seat, move)
            lost = max(0.0, best_worth - worth)
            row["lost"] += lost
            if move == best:
                row["agreed"] += 1
            if row["worst"] is None or lost > row["worst"]["lost"]:
                row["worst"] = {
                    "game": len(m.history),
                    "move_no": len(moves),
                    "played": move,
                    "bot": best,
                    "lost": round(lost, 2),
                }
            yield played, total
        pending = None
        prev_moves = len(moves)
        st = g.state
        judged = (games is None or len(m.history) in games) and (seats is None or st.turn in seats)
        if st.phase == PLAY and st.turn >= 0 and judged:
            choices = [x for x in st.legal(st.turn) if x not in META_MOVES]
            if len(choices) > 1:
                seat = st.turn
                best = bot.choose(g.view(seat), rng)
                before = st.copy()
                pending = (seat, best, _worth(before, seat, best), before)
    for row in rows:
        n = row["decisions"]
        row["agreement"] = round(row["agreed"] / n, 4) if n else None
        row["lost_per_decision"] = round(row["lost"] / n, 3) if n else None
        row["lost"] = round(row["lost"], 2)
    return {"level": level, "games": len(m.history), "seats": rows}


def _moves_in(data: object) -> int:
    if isinstance(data, str | bytes):
        data = json.loads(data)
    history = data.get("history") if isinstance(data, dict) else None
    return (
        sum(len(h.get("moves") or ()) for h in history if isinstance(h, dict))
        if isinstance(history, list)
        else 0
    )


def read_record(path: str) -> object:
    """The record or save in the file ``path`` (:func:`tabletop.saves.read_record_file`)."""
    return json_object(read_record_file(path, SaveError, "DOG"), SaveError, "record")
