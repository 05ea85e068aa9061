"""Bots (scala40.bots): legal moves only, from the view only, and a seeded arena check that
cannot pass by chance."""

from __future__ import annotations

import copy
import json
import random

import pytest
from scala40_helpers import position

import scala40
from scala40.arena import run_arena
from scala40.bots import LEVELS, make_bot


@pytest.mark.parametrize("level", LEVELS)
def test_bots_always_play_legal_moves(level: str) -> None:
    """Every move a bot makes is legal (Game.play would raise), in hands of 2–4 players."""
    for seed in range(3):
        rules = ["classic", "strict", {"free_take": True, "many_jokers": True}][seed]
        g = scala40.Game.new(players=2 + seed, rules=rules, seed=100 + seed)
        bot = make_bot(level)
        rng = random.Random(seed)
        moves = 0
        while not g.over and moves < 1500:
            s = g.turn
            assert s is not None
            mv = bot.choose(g.view(s), rng)
            assert g.is_legal(mv, s), mv
            g.play(mv, s)
            moves += 1


@pytest.mark.parametrize("level", LEVELS)
def test_bots_read_nothing_beyond_the_view(level: str) -> None:
    """Two positions that differ only in what seat 0 cannot see give seat 0 the same view and
    the bot the same move; the bot works from a JSON copy of the view alone and leaves it as is."""
    hand = ["10H", "JH", "QH", "5S", "5D", "2C", "9D", "3S", "4D", "6C", "7D", "AS", "KD", "8C"]
    pos = position(
        [hand, ["AD", "4C", "KC", "2H", "3H"], ["6H", "7H", "8H"]],
        melds=[(1, ["9S", "10S", "JS"])],
        turn=0,
        phase="play",
        opened=[False, True, False],
    )
    other = json.loads(json.dumps(pos))
    other["hands"][1], other["stock"][:5] = other["stock"][:5], other["hands"][1]
    other["stock"].reverse()
    views = [scala40.Game.from_position(p).view(0) for p in (pos, other)]
    assert views[0] == views[1]
    view = json.loads(json.dumps(views[0]))
    kept = copy.deepcopy(view)
    bot = make_bot(level, **({"seconds": 60.0} if level == "hard" else {}))  # no time cut: repeatable
    moves = [bot.choose(v, random.Random(7)) for v in (views[0], views[1], view)]
    assert moves[0] == moves[1] == moves[2]
    assert view == kept
    assert scala40.Game.from_position(pos).is_legal(moves[0])


def test_bots_decide_reentries() -> None:
    m = scala40.Match.new(players=2, rules={"preset": "classic", "reentries": 1}, seed=1)
    view = m.view(0)
    view["decide"] = [0]
    assert make_bot("medium").choose(view, random.Random(1)) in ("reenter", "retire")


def test_arena_medium_beats_easy_and_hard_beats_easy() -> None:
    """Seeded: with even chances, 40+ closes in 50 hands has probability < 0.0001."""
    r = run_arena(["medium", "easy"], hands=50, seed=3, players=2)
    assert r["levels"]["medium"]["won"] >= 40, r
    r = run_arena(["hard", "easy"], hands=40, seed=4, players=2)
    assert r["levels"]["hard"]["won"] >= 28, r  # P(>= 28 of 40 | 1/2) ≈ 0.008


def test_arena_runs_repeat_whatever_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """The arena's hard bot samples by count, not by wall time: a clock that jumps a second at
    every reading (a loaded machine) changes nothing, where it changes the play of a bot with the
    page's guard. The page's bot keeps its 0.1 s guard."""
    import scala40.bots.search as search

    def strip(r: dict[str, object]) -> str:
        levels = r["levels"]
        assert isinstance(levels, dict)
        return json.dumps([(lv, row["won"], row.get("avg_penalty")) for lv, row in levels.items()])

    quiet = strip(run_arena(["hard", "medium"], hands=6, seed=2, players=2))
    ticks = iter(range(10**9))
    monkeypatch.setattr(search.time, "perf_counter", lambda: float(next(ticks)))
    assert strip(run_arena(["hard", "medium"], hands=6, seed=2, players=2)) == quiet
    # the page's guard (``clock=True``) under the same clock samples 4 hands, not 24: other play
    assert strip(run_arena(["hard", "medium"], hands=6, seed=2, players=2, clock=True)) != quiet
    bot = make_bot("hard")
    assert bot.seconds == 0.1  # the page's guard stays the default


def test_hard_samples_hands_consistent_with_what_each_seat_took_and_passed() -> None:
    """RULES §6: a seat takes the pile's top card only to use it. The hard bot's hidden hands
    keep the cards a seat took and has not laid, the next draw excludes them, and a card the next
    seat left on the pile (it drew instead) is one its sampled hands could rarely have used."""
    from scala40.bots.base import Seen
    from scala40.bots.search import HardBot, _draws, _known, _passed, _unseen
    from scala40.cards import KIND_OF

    pos = position(
        [["2H", "5C", "9D", "KD", "QH", "4S", "8C"], ["AD", "4C", "KC", "2S", "3D", "6H"]],
        melds=[(1, ["9S", "10S", "JS"])],
        discard=["3C", "7D"],
        turn=0,
        phase="play",
        opened=[False, True],
    )
    view = scala40.Game.from_position(pos).view(0)
    view["history"] = [[1, "take", "KC"], [1, "discard", "3H"], [0, "take", "3H"], [1, "draw", "7D"]]
    seen = Seen(view)
    assert _known(seen) == {1: [KIND_OF["KC"]]}
    assert _passed(seen, 1) == KIND_OF["7D"]
    unseen = _unseen(seen)
    assert _draws(seen, unseen)[KIND_OF["KC"]] == unseen[KIND_OF["KC"]] - 1
    seven = KIND_OF["7D"]
    bot = HardBot(samples=48, evaluations=1000, seconds=60.0)
    with_pass = bot.danger(seen, [seven], unseen, random.Random(5))[seven]
    view["history"] = view["history"][:-1]
    without = bot.danger(Seen(view), [seven], unseen, random.Random(5))[seven]
    assert without >= 0.1 and with_pass < without / 2, (with_pass, without)


def test_rollout_worlds_fit_the_view_and_how_each_seat_played() -> None:
    """RULES §3, §6, §7: a sampled world keeps this seat's hand, the table and the pile, gives
    every other seat a hand of its size holding the card it took and has not laid, fills the
    stock to its size with the 108 cards each there once, and (drawn again when it does not fit)
    gives a seat that has not opened a hand with no opening (it would have opened, as medium
    does) and an opened seat a hand with no meld to lay."""
    from collections import Counter

    from scala40.bots.base import Seen
    from scala40.bots.rollout import plausible, sample_world
    from scala40.bots.search import _known, _unseen
    from scala40.cards import DECK_COUNT, JOKER, JOKER_AS, KIND_OF
    from scala40.finder import counts_of, opening_exists

    pos = position(
        [
            ["2H", "5C", "9D", "KD", "QH", "4S", "8C"],
            ["AD", "4C", "KC", "2S", "3D", "6H"],
            ["5H", "6H", "7H", "8H", "2D", "3D", "4D", "JC", "QC", "KC", "9H", "10H", "AH"],
        ],
        melds=[(1, ["9S", "10S", "JS"])],
        discard=["3C", "7D"],
        turn=0,
        phase="play",
        opened=[False, True, False],
    )
    view = scala40.Game.from_position(pos).view(0)
    view["history"] = [[1, "take", "KC"], [1, "discard", "3H"], [2, "draw", "3H"]]
    seen = Seen(view)
    known, unseen = _known(seen), _unseen(seen)
    plain = fits = 0
    for i in range(60):
        w = sample_world(seen, known, unseen, random.Random(i), tries=20)
        assert w.hands[0] == seen.hand and w.discard == seen.discard and w.melds == seen.melds
        assert [len(h) for h in w.hands] == view["hand_sizes"] and len(w.stock) == view["stock_size"]
        assert KIND_OF["KC"] in w.hands[1]
        cards = Counter(k for h in w.hands for k in h) + Counter(w.stock) + Counter(w.discard)
        cards.update(JOKER if c >= JOKER_AS else c for m in w.melds for c in m)
        assert cards == Counter({k: DECK_COUNT[k] for k in range(53)}), i
        fits += plausible(seen, 1, w.hands[1], -1) and plausible(seen, 2, w.hands[2], KIND_OF["3H"])
        plain += opening_exists(
            counts_of(sample_world(seen, known, unseen, random.Random(i)).hands[2]), seen.rules
        )
    assert fits >= 55 and plain >= 5, (fits, plain)


def test_rollout_reads_a_state_as_medium_reads_the_view() -> None:
    """The played-out hands are medium's play: from the state read directly, medium makes the
    move it makes from the view, at every move of whole hands."""
    from scala40.bots.rollout import state_seen

    medium = make_bot("medium")
    rng = random.Random(1)
    for seed in range(4):
        g = scala40.Game.new(players=2 + seed % 2, seed=seed)
        while not g.over:
            s = g.turn
            assert s is not None
            move = medium.choose(g.view(s), rng)
            assert medium.move(state_seen(g.state, s), rng) == move  # type: ignore[attr-defined]
            g.play(move, s)


def test_rollout_keeps_mediums_move_unless_another_is_clearly_better() -> None:
    """The search plays medium's move (the first candidate) unless another beats it on the same
    worlds by more than ``z`` standard errors, and drops candidates clearly behind the best."""
    from scala40.bots.rollout import RolloutBot

    bot = RolloutBot(z=1.0, cut=2.0)
    even = [[1.0, 0.0] * 10, [0.0, 1.0] * 10]
    assert bot.pick(even, [0, 1]) == 0
    better = [[1.0, 0.0] * 10, [1.0, 1.0] * 10, [1.0, 0.0, 1.0, 1.0] * 5]
    assert bot.pick(better, [0, 1, 2]) == 1
    assert bot.pick(better, [1, 2]) == 1
    assert bot.prune([[0.0] * 20, [1.0] * 20, [1.0, 0.0] * 10], [0, 1, 2]) == [1]
    assert bot.prune([[1.0, 0.0] * 4, [0.0, 1.0] * 4], [0, 1]) == [0, 1]


def test_rollout_bot_plays_legal_moves_from_the_view_only() -> None:
    """The rollout bot (one world a decision here) makes legal moves in hands of 2 and 3 players,
    classic and strict, and the same view and rng give it the same move (no time cut)."""
    from scala40.bots.rollout import RolloutBot

    bot = RolloutBot(playouts=6, seconds=60.0)
    for seed in range(2):
        g = scala40.Game.new(players=2 + seed, rules=["classic", "strict"][seed], seed=100 + seed)
        rng = random.Random(seed)
        moves = 0
        while not g.over and moves < 400:
            s = g.turn
            assert s is not None
            view = g.view(s)
            mv = bot.choose(view, rng)
            assert g.is_legal(mv, s), mv
            if moves % 25 == 0:
                assert bot.choose(json.loads(json.dumps(view)), random.Random(moves)) == bot.choose(
                    view, random.Random(moves)
                )
            g.play(mv, s)
            moves += 1
