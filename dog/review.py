"""Review a recorded match: each card decision next to what a bot would have played.

``python -m dog review SAVE.json [--level hard] [--json]``: the match is replayed; at every
turn with a choice the reviewing bot decides from the same view, and both moves are
judged on the true board by the bots' evaluation (the team's worth after the move).
"""

from __future__ import annotations

import json
import random
from typing import Any

from .board import team_of
from .bots import make_bot
from .bots.value import evaluate
from .match import _replay
from .moves import parse_move
from .state import META_MOVES, PLAY, State


def _worth(st: State, seat: int, move: str) -> float:
    after = st.board_copy()
    after.effect(seat, parse_move(move))
    return evaluate(after, team_of(seat))


def review(data: object, level: str = "medium", seed: int = 0) -> dict[str, Any]:
    """Per seat: decisions with a choice, how often the bot agreed, the mean worth lost."""
    bot = make_bot(level)
    rng = random.Random(seed)
    seats: list[dict[str, Any]] = [
        {"seat": s, "decisions": 0, "agreed": 0, "lost": 0.0, "worst": None} for s in range(4)
    ]
    pending: tuple[int, str, float, State] | None = None
    prev_moves = 0
    games = 0
    for m, _ in _replay(data):
        g = m.game
        moves = m.history[-1]["moves"]
        if pending is not None and len(moves) > prev_moves:
            seat, best, best_worth, before = pending
            played = moves[-1][1]
            row = seats[seat]
            row["decisions"] += 1
            worth = _worth(before, seat, played)
            lost = max(0.0, best_worth - worth)
            row["lost"] += lost
            if played == best:
                row["agreed"] += 1
            if row["worst"] is None or lost > row["worst"]["lost"]:
                row["worst"] = {
                    "game": len(m.history),
                    "move_no": len(moves),
                    "played": played,
                    "bot": best,
                    "lost": round(lost, 2),
                }
        pending = None
        prev_moves = len(moves)
        games = len(m.history)
        st = g.state
        if st.phase == PLAY and st.turn >= 0:
            choices = [x for x in st.legal(st.turn) if x not in META_MOVES]
            if len(choices) > 1:
                seat = st.turn
                best = bot.choose(g.view(seat), rng)
                before = st.copy()
                pending = (seat, best, _worth(before, seat, best), before)
    for row in seats:
        n = row["decisions"]
        row["agreement"] = round(row["agreed"] / n, 4) if n else None
        row["lost_per_decision"] = round(row["lost"] / n, 3) if n else None
        row["lost"] = round(row["lost"], 2)
    return {"level": level, "games": games, "seats": seats}


def read_record(path: str) -> object:
    with open(path, encoding="utf-8") as f:
        return json.load(f)
