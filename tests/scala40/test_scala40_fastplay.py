"""The fast play-out (scala40.bots.fastplay): medium's play for every seat on counts, faithful to
the engine driven by MediumBot (RULES §6–§11)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from scala40_helpers import position

import scala40
from scala40.bots.fastplay import FastHand
from scala40.bots.rollout import PLAYOUT_MOVES, state_seen
from scala40.bots.simple import MediumBot
from scala40.moves import parse_move
from scala40.position import from_position
from scala40.scoring import hand_scores
from scala40.state import State

#: rule sets the positions are dealt under (RULES §13): each changes what medium may do
RULES: list[Any] = [
    "classic",
    "strict",
    {"free_take": True},
    {"long_runs": True, "many_jokers": True},
    {"simple_scoring": True, "close_bonus": 10},
    {"no_discard_taken": True, "take_needs_open": True},
]


def positions(count: int, seed: int) -> list[State]:
    """``count`` states of medium-against-medium hands (2–4 players, every rule set in turn),
    each stopped after a random number of moves (0–40); in one of four, all but two cards of the
    stock are moved under the pile, so that the stock runs out soon."""
    medium = MediumBot()
    rng = random.Random(seed)
    out: list[State] = []
    i = 0
    while len(out) < count:
        g = scala40.Game.new(players=2 + i % 3, rules=RULES[i % len(RULES)], seed=seed * 1000 + i)
        i += 1
        st = g.state
        for _ in range(rng.randrange(40)):
            if st.phase == "over":
                break
            st.apply(st.turn, parse_move(medium.move(state_seen(st, st.turn), rng)))
        if st.phase != "over":
            if i % 4 == 0:
                st.discard[:0] = st.stock[:-2]
                del st.stock[:-2]
            out.append(st)
    return out


def engine_playout(st: State, seen: Counter[str]) -> tuple[object, ...]:
    """``st`` played to the end through the engine by MediumBot (each move judged), counting in
    ``seen`` the kinds of move made; the closer, the penalties, the close in hand and the moves."""
    medium = MediumBot()
    rng = random.Random(0)
    moves = 0
    while st.phase != "over" and moves < PLAYOUT_MOVES:
        seat = st.turn
        mv = medium.move(state_seen(st, seat), rng)
        before = len(st.stock)
        st.apply(seat, parse_move(mv))
        seen[mv.split()[0] + (" JK" if "JK=" in mv and mv.startswith("attach") else "")] += 1
        if len(st.stock) > before:
            seen["stock rebuilt"] += 1
        moves += 1
    if st.phase == "over":
        seen["in hand" if st.in_hand else "closed"] += 1
    return (st.closer, hand_scores(st), st.in_hand, moves)


def fast_playout(st: State) -> tuple[object, ...]:
    f = FastHand(st)
    moves = f.play(PLAYOUT_MOVES)
    scores = [f.penalty(s) for s in range(f.n)] if f.phase == "over" else None
    return (f.closer, scores, f.in_hand, moves)


def test_fast_playout_reaches_the_engines_end_from_seeded_positions() -> None:
    """§6–§11: from 180 positions (2–4 players, six rule sets), the fast play-out and the engine
    driven by MediumBot on the same stock order make as many moves and end the same way: the
    same closer, the same penalties, the same close in hand. The positions lead to takes, swaps,
    melds, natural and joker attachments, closes in hand and stocks rebuilt from the pile (§10),
    so each of those is compared."""
    seen: Counter[str] = Counter()
    differ = []
    for i, st in enumerate(positions(180, 3)):
        snapshot = (st.hands[0][:], st.stock[:], st.melds[:], st.phase)
        fast = fast_playout(st)
        assert (st.hands[0], st.stock, st.melds, st.phase) == snapshot, "the world is left as it was"
        slow = engine_playout(st, seen)
        if fast != slow:
            differ.append((i, fast, slow))
    assert not differ, differ[:3]
    for event in ("take", "open", "meld", "attach", "attach JK", "swap", "in hand", "stock rebuilt"):
        assert seen[event] > 0, (event, seen)


def test_fast_playout_pays_as_the_scoring_rules_say() -> None:
    """§11: a seat that has not opened pays 100 (10 under simple_scoring), an opened one its
    cards (an Ace alone 1), all doubled after a close in hand; the closer pays nothing but the
    bonus."""
    pos = position(
        [["AH"], ["KS", "KD", "JK"], ["5C", "6C"]],
        discard=["9C"],
        opened=[True, False, True],
    )
    f = FastHand(from_position(pos))
    f.phase, f.closer, f.in_hand = "over", 0, False
    assert [f.penalty(s) for s in range(3)] == [0, 100, 11]
    f.in_hand = True
    assert [f.penalty(s) for s in range(3)] == [0, 200, 22]
    f.closer = 1
    assert f.penalty(0) == 2  # an Ace alone counts 1


def test_fast_playout_breaks_ties_as_the_sorted_legal_moves_do() -> None:
    """§5: medium swaps with the first legal move in string order, so with a joker standing for
    5H in melds 2 and 10 it swaps into meld 10 ("swap 10 5H" < "swap 2 5H"); so does the fast
    play-out."""
    sets = [f"{r}C-{r}D-{r}S".split("-") for r in ("9", "10", "J", "Q", "K", "2", "8", "7", "A")]
    melds = [*sets[:2], ["3H", "4H", "JK=5H"], *sets[2:], ["JK=5H", "6H", "7H"]]
    pos = position(
        [["5H", "KH", "9H", "QH"], ["4C", "6D", "10H"]],
        melds=[(0, m) for m in melds],
        phase="play",
        opened=[True, False],
    )
    st = from_position(pos)
    assert MediumBot().move(state_seen(st, 0), random.Random(0)) == "swap 10 5H"
    f = FastHand(st)
    f.step()
    st.play(0, "swap 10 5H")
    assert f.melds == st.melds and f.counts[0][52] == 1


def test_rollout_scores_a_played_out_hand_by_the_close_and_the_penalties() -> None:
    """§11: a played-out hand is worth 1 to its closer, else minus ``per_point`` per penalty
    point paid, plus ``their_point`` per point the other seats pay on average; nothing if it did
    not end. The fast play-out and the engine score a hand alike."""
    from scala40.bots.rollout import fast_outcome, outcome, worth

    assert worth(0, 0, [0, 30, 50], 0.01, 0.01) == 1.0 + 0.4
    assert worth(1, 0, [40, 0], 0.01) == -0.4
    assert worth(1, 0, [40, 0], 0.01, 0.02) == -0.4
    assert worth(0, 0, None, 0.01, 0.01) == 0.0
    for st in positions(12, 5):
        f = FastHand(st)
        f.play(PLAYOUT_MOVES)
        engine_playout(st, Counter())
        for seat in range(st.n):
            assert fast_outcome(f, seat, 0.01, 0.005) == outcome(st, seat, 0.01, 0.005)


def test_rollout_without_holding_makes_mediums_table_moves_at_once() -> None:
    """§6: an opened seat that can lay a meld may lay it or hold it (discard instead); with
    ``hold=0`` the rollout bot lays it without a search and compares only discards and draws,
    with ``hold=1`` it also weighs holding (the 5 discards medium values least)."""
    from scala40.bots.base import Seen
    from scala40.bots.rollout import RolloutBot

    pos = position(
        [["5H", "6H", "7H", "KS", "QD", "2C"], ["4C", "6D", "10H", "9S"]],
        melds=[(0, ["AD", "AC", "AS"]), (0, ["9D", "10D", "JD"])],
        phase="play",
        opened=[True, True],
    )
    seen = Seen(scala40.Game.from_position(pos).view(0))
    rng = random.Random(0)
    assert RolloutBot(hold=0).candidates(seen, rng) == ["meld 5H-6H-7H"]
    held = RolloutBot(hold=1).candidates(seen, rng)
    assert held[0] == "meld 5H-6H-7H" and len(held) == 6 and all(m.startswith("discard ") for m in held[1:])
    seen.phase = "draw"
    seen.legal = ["draw", "take"]
    assert len(RolloutBot(hold=0).candidates(seen, rng)) == 2
