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
