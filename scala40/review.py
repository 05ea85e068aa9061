"""Post-hand review: each choice of a recorded match judged with the true hands (RULES §6–§11).

Once a hand is over every hand is known, so each choice a seat made can be judged against
the other moves it had, *with the true hands*: the position before the choice is played on
in ``worlds`` worlds, each with every hand as it really was and the stock shuffled (nobody
knew its order), every candidate move made then the hand played out to its end by medium's
rule of thumb for every seat (:class:`~scala40.bots.fastplay.FastHand`). A candidate's value
is the **penalty points** the seat pays for the hand on average over the worlds (RULES §11:
its cards' points, 100 if it never opened, doubled after a close in hand; the closer 0, less
``close_bonus``). Every candidate meets the same worlds, so their differences are not luck.

The candidates of a choice (a move of the seat with two or more to weigh):

* drawing: ``draw`` and ``take`` (when the pile's top card may be taken);
* any other move: the move played, medium's move in its place (an opening laying the most
  cards, a meld, an attachment, a swap or its discard) and the :data:`DISCARDS` discards that
  medium values least (when a discard is allowed); in phase ``use``, the moves laying the
  taken card.

For each choice: ``cost``, the points the played move costs against the best candidate (0 when
it is the best; never negative: the played move is a candidate), ``best`` and each
candidate's ``values``. Per seat and hand: ``choices``, ``best`` (how many cost less than
:data:`TOLERANCE`), ``accuracy`` (their share), ``lost`` (the sum of the costs of the other
choices, those of :data:`TOLERANCE` or more, in points: a best choice loses nothing, so the
figures add up) and ``worst``: the :data:`WORST` costliest of those.

Deterministic for a record, ``worlds`` and ``seed``: a choice's figures do not depend on which
seats or hands are reviewed with it, nor on where :func:`review_steps` (the same in slices,
for a page that keeps its main thread free) pauses.
"""

from __future__ import annotations

import random
import time
from collections.abc import Generator
from typing import Any, cast

from tabletop import engine
from tabletop.bots import result_of
from tabletop.saves import json_object, read_record_file

from .bots.fastplay import after_move
from .bots.rollout import PLAYOUT_MOVES, state_seen
from .bots.simple import MediumBot, keep_value
from .cards import CODE_OF, KIND_OF
from .errors import SaveError
from .match import SAVES, first_hand, next_recorded_hand
from .melds import meld_str
from .moves import parse_move
from .state import State

REVIEW_FORMAT = "scala40-review"
REVIEW_VERSION = 1
#: worlds (stock orders) each candidate is played out in
DEFAULT_WORLDS = 64
#: discards weighed beside the move played and medium's: those medium values least
DISCARDS = 4
#: at most this many moves laying a taken card are weighed (phase ``use``)
USES = 6
#: a choice that costs less than this (penalty points) counts as the best: the play-outs' noise
TOLERANCE = 3.0
#: how many costliest choices are named per seat and hand
WORST = 3
_MATCH_MOVES = ("reenter", "retire", *engine.META_MOVES)


def candidates(st: State, seat: int, played: str) -> list[str]:
    """The moves weighed against ``played`` by ``seat`` in ``st`` (see the module), the played
    move first; one move: no choice."""
    seen = state_seen(st, seat)
    legal = seen.legal
    if st.phase == "draw":
        return [played] + [m for m in legal if m != played]
    out = [played, MediumBot().move(seen, random.Random(0))]
    if st.phase == "use":
        out += [m for m in legal if not m.startswith("discard ")][:USES]
    else:
        kinds = sorted({KIND_OF[m[8:]] for m in legal if m.startswith("discard ")})
        kinds.sort(key=lambda k: (keep_value(seen, k), k))
        out += ["discard " + CODE_OF[k] for k in kinds[:DISCARDS]]
    seen_keys: set[object] = set()
    cands = []
    for move in out:
        key = _same(move)
        if key not in seen_keys:
            seen_keys.add(key)
            cands.append(move)
    return cands


def _same(move: str) -> object:
    """What two ways of writing one move share (the melds' cards in any order)."""
    mv = parse_move(move)
    if mv[0] == "open":
        return ("open", tuple(sorted(tuple(sorted(g)) for g in cast("list[list[int]]", mv[1]))))
    if mv[0] == "meld":
        return ("meld", tuple(sorted(cast("list[int]", mv[1]))))
    return move


def play_out(world: State, seat: int, move: str) -> int:
    """What ``seat`` pays for the hand (RULES §11) when ``move`` is made in ``world`` and every
    seat plays on by medium's rule of thumb (``world`` is left as it was); a hand that does not
    end counts what the seat would pay then, nobody having closed."""
    hand = after_move(world, seat, move)
    hand.play(PLAYOUT_MOVES)
    return hand.penalty(seat)


def judge_steps(
    st: State, seat: int, played: str, worlds: int, seed: str, slice_ms: float | None = None
) -> Generator[None, None, dict[str, Any] | None]:
    """The choice of ``played`` by ``seat`` in ``st`` judged (see the module), None when the
    seat had no other move to weigh; yields None each time about ``slice_ms`` have passed."""
    cands = candidates(st, seat, played)
    if len(cands) < 2:
        return None
    rng = random.Random(seed)
    totals = [0] * len(cands)
    began = time.perf_counter()
    for _ in range(worlds):
        world = st.copy()
        rng.shuffle(world.stock)
        for i, move in enumerate(cands):
            totals[i] += play_out(world, seat, move)
            if slice_ms is not None and (time.perf_counter() - began) * 1000 >= slice_ms:
                yield None
                began = time.perf_counter()
    means = [round(t / worlds, 2) for t in totals]
    best = min(range(len(cands)), key=lambda i: (means[i], i))  # the played move on a tie
    found: dict[str, Any] = {
        "phase": st.phase,
        "played": played,
        "best": cands[best],
        "cost": round(means[0] - means[best], 2),
        "values": dict(zip(cands, means, strict=True)),
        "top": CODE_OF[st.discard[-1]] if st.discard else None,
    }
    if any(m.split(" ")[0] in ("attach", "swap") for m in (played, cands[best])):
        found["melds"] = [meld_str(m) for m in st.melds]
    return found


def judge(
    st: State, seat: int, played: str, worlds: int = DEFAULT_WORLDS, seed: str = "0"
) -> dict[str, Any] | None:
    """:func:`judge_steps` at once."""
    return result_of(judge_steps(st, seat, played, worlds, seed))


def review(
    data: object,
    worlds: int = DEFAULT_WORLDS,
    seed: int = 0,
    hands: list[int] | None = None,
    seats: list[int] | None = None,
) -> dict[str, Any]:
    """Per hand and seat: each choice judged, the accuracy, the points lost, the worst."""
    return result_of(review_steps(data, worlds, seed, hands, seats))


def review_steps(
    data: object,
    worlds: int = DEFAULT_WORLDS,
    seed: int = 0,
    hands: list[int] | None = None,
    seats: list[int] | None = None,
    slice_ms: float | None = None,
) -> Generator[tuple[int, int], None, dict[str, Any]]:
    """:func:`review` in slices: yields (moves judged, moves to judge) after each of the
    reviewed seats' moves and each time about ``slice_ms`` have passed, and returns the
    result; only ``seats`` in ``hands`` (1-based) are reviewed (default all)."""
    if isinstance(worlds, bool) or not isinstance(worlds, int) or worlds < 1:
        raise ValueError(f"worlds must be a whole number from 1, not {worlds!r}")
    # the record is checked as Match.load checks it, move by move as it is replayed here
    data = SAVES.open(data)
    history = SAVES.history(data, ("dealer", "deck", "moves"))

    def reviewed(hand_no: int, entry: object) -> bool:
        return (
            (hands is None or hand_no in hands)
            and isinstance(entry, list)
            and len(entry) == 2
            and (seats is None or entry[0] in seats)
            and entry[1] not in _MATCH_MOVES
        )

    total = sum(reviewed(i, e) for i, h in enumerate(history, 1) for e in h["moves"])
    done = 0
    out: list[dict[str, Any]] = []
    m = first_hand(data, history)
    began = time.perf_counter()
    for i, h in enumerate(history, 1):
        next_recorded_hand(m, i - 1, h)
        rows: dict[int, list[dict[str, Any]]] = {}
        for s in range(m.players):
            if s not in m.game.state.out and (seats is None or s in seats) and (hands is None or i in hands):
                rows[s] = []
        play = SAVES.moves(h, i - 1, m.play)  # each move checked: SaveError naming it
        for move_no, entry in enumerate(h["moves"], 1):
            if reviewed(i, entry):
                seat, move = entry
                if not m.game.over and m.is_legal(move, seat):
                    steps = judge_steps(
                        m.game.state, seat, move, worlds, f"scala40-review/{seed}/{i}/{move_no}", slice_ms
                    )
                    while True:
                        try:
                            next(steps)
                        except StopIteration as stop:
                            found = stop.value
                            break
                        yield done, total
                    if found is not None:
                        rows[seat].append({"move_no": move_no, **found})
                done += 1
                yield done, total
                began = time.perf_counter()
            next(play)
            if slice_ms is not None and (time.perf_counter() - began) * 1000 >= slice_ms:
                yield done, total  # a long replay between the reviewed moves
                began = time.perf_counter()
        if rows:
            out.append({"hand": i, "seats": [_seat_row(s, d) for s, d in rows.items()]})
    SAVES.check_position(data.get("position"), m.position)
    return {
        "format": REVIEW_FORMAT,
        "version": REVIEW_VERSION,
        "worlds": worlds,
        "seed": seed,
        "tolerance": TOLERANCE,
        "hands": out,
    }


def _seat_row(seat: int, decisions: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(decisions)
    good = sum(d["cost"] < TOLERANCE for d in decisions)
    costly = sorted(
        (j for j, d in enumerate(decisions) if d["cost"] >= TOLERANCE),
        key=lambda j: (-decisions[j]["cost"], j),
    )
    return {
        "seat": seat,
        "choices": n,
        "best": good,
        "accuracy": round(good / n, 4) if n else None,
        "lost": round(sum(decisions[j]["cost"] for j in costly), 1),
        "worst": costly[:WORST],
        "decisions": decisions,
    }


def read_record(path: str) -> object:
    """The record or save in the file ``path`` (:func:`tabletop.saves.read_record_file`)."""
    return json_object(read_record_file(path, SaveError, "Scala 40"), SaveError, "record")


__all__ = ["DEFAULT_WORLDS", "TOLERANCE", "WORST", "candidates", "judge", "review", "review_steps"]
