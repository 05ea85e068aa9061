"""The hard level's opening choice (scala40.bots.tuned, RULES §7), from the view only."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from scala40_helpers import position

import scala40
from scala40.bots import TunedBot, make_bot
from scala40.bots.base import Seen
from scala40.melds import parse_meld

OTHER = ["2D", "9C", "KD", "6S", "10D", "4C", "6D", "9H", "2C", "KH", "10C", "4D", "6C"]
HAND = ["3S", "4S", "5C", "5D", "5S", "7C", "7H", "7H", "8H", "AH", "JD", "JK", "JS", "QS"]


def _view(hand: list[str], phase: str = "play", taken: str | None = None) -> dict[str, object]:
    pos = position([hand, OTHER], discard=["JC", "8C"], phase=phase, taken=taken)
    return scala40.Game.from_position(pos).view(0)


def test_s7_hard_opens_laying_as_many_cards_and_keeping_the_hand_that_fits_best() -> None:
    """§7: both openings lay 6 cards and reach 40; medium lays its first (5-5-5 and a run of
    spades with the joker for 10S), hard the one that leaves two pairs and a 7-8 of hearts."""
    view = _view(HAND)
    medium = make_bot("medium").choose(view, random.Random(1))
    hard = make_bot("hard").choose(view, random.Random(1))
    assert medium == "open 5D-5C-5S JK=10S-JS-QS"
    assert hard == "open 3S-4S-5S JD-JK=JC-JS"
    assert scala40.Game.from_position(position([HAND, OTHER], discard=["JC", "8C"], phase="play")).is_legal(
        hard
    )
    bot = TunedBot()
    seen = Seen(view)
    draws: Counter[int] = Counter()
    scores = [bot.score(seen.counts, [parse_meld(m) for m in mv.split()[1:]], draws) for mv in (medium, hard)]
    assert scores[1] > scores[0]


def test_s7_hard_lays_the_taken_card_in_its_opening() -> None:
    """§6/§7: after a take the opening holds the taken card, whichever opening is chosen."""
    hand = [c for c in HAND if c != "5S"] + ["5S"]
    view = _view(hand, phase="use", taken="5S")
    move = make_bot("hard").choose(view, random.Random(1))
    assert move.startswith("open ") and "5S" in move


def test_hard_options_are_checked_and_the_weighers_passed_on() -> None:
    bot = TunedBot(seconds=60.0, open_slack=0)
    assert bot.seconds == 60.0 and bot.w["open_slack"] == 0
    with pytest.raises(TypeError):
        TunedBot(no_such_weight=1.0)


def test_open_slack_zero_and_no_alternatives_lay_mediums_opening() -> None:
    """With no other opening looked at, hard lays medium's opening (the most cards)."""
    view = _view(HAND)
    assert TunedBot(open_alt=0).choose(view, random.Random(1)) == "open 5D-5C-5S JK=10S-JS-QS"


def _match_view(hand: list[str], scores: list[int] | None) -> dict[str, object]:
    """Seat 0 opened, in its play phase; ``scores``: the match's totals as ``Match.view`` gives
    them (None: a single hand's view, no totals)."""
    other = ["3C", "4D", "9S", "QD", "6H", "6S", "KD", "2H"]
    melds = [(0, ["10H", "JH", "QH"]), (1, ["4S", "5S", "6S"])]
    pos = position([hand, other], melds=melds, discard=["9C"], phase="play", opened=[True, True])
    view = scala40.Game.from_position(pos).view(0)
    if scores is not None:
        view["scores"], view["out_at"] = scores, 101
    return view


def test_s11_s12_hard_near_going_out_throws_its_highest_penalty() -> None:
    """§11/§12: with 21 points left before 101 the hand's penalty decides the match, so hard
    throws the king (10 points) rather than the 2 it throws otherwise."""
    hand = ["KS", "2S", "10D", "10C", "8D"]
    bot = make_bot("hard", seconds=60.0)
    assert bot.choose(_match_view(hand, None), random.Random(1)) == "discard 2S"
    assert bot.choose(_match_view(hand, [20, 20]), random.Random(1)) == "discard 2S"
    assert bot.choose(_match_view(hand, [80, 20]), random.Random(1)) == "discard KS"
    assert make_bot("hard", seconds=60.0, room=0).choose(_match_view(hand, [80, 20]), random.Random(1)) == (
        "discard 2S"
    )


def test_s5_s12_hard_near_going_out_lays_its_joker() -> None:
    """§5/§11/§12: hard keeps a joker in hand for the end, but not when a joker caught in hand
    (25 points) would put it out of the match."""
    hand = ["JK", "2S", "10D", "5C", "7D"]
    bot = make_bot("hard", seconds=60.0)
    far = bot.choose(_match_view(hand, [20, 20]), random.Random(1))
    near = bot.choose(_match_view(hand, [80, 20]), random.Random(1))
    assert far.startswith("discard ") and far != "discard JK"
    assert near.startswith("attach ") and "JK=" in near
