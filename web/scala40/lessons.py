"""Scala 40's lessons (:class:`web.shell.lessons.Lesson`, named by ``GameSpec.lessons``): two
players, the person in seat 0 to draw first, each lesson a fixed position (CONTRACT
"Position") and the other seat's moves scripted. A step that takes several taps (cards
selected, then *To opening*, *Meld*, a meld or the pile) gives its taps in order: the page
marks the first one still to make. Their words are in :mod:`web.scala40.words` (``lesson_s40_*``
keys); the rules they teach are cited by § of RULES.md, and ``tests/test_lessons.py`` walks
every step through the engine."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import permutations
from typing import Any

import scala40
from web.shell.lessons import Lesson, Step

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
#: the 108 cards (RULES §1): two French decks and four jokers
DECK = [r + s for s in "HDCS" for r in RANKS] * 2 + ["JK"] * 4


def card(code: str) -> str:
    """A card of the person's hand not selected yet."""
    return f'#hand button[data-card="{code}"][aria-pressed="false"]'


def once_selected(code: str, then: str) -> str:
    """``then`` (a button, a meld, the pile) once ``code`` is selected in the hand."""
    return f'#table:has(#hand button[data-card="{code}"][aria-pressed="true"]) {then}'


def meld_taps(cards: Sequence[str]) -> tuple[str, ...]:
    """Select ``cards``, then *Meld* (or *Add to opening* before opening)."""
    return (*(card(c) for c in cards), once_selected(cards[0], "#meld"))


def on_meld(code: str, n: int) -> tuple[str, ...]:
    """Select ``code``, then tap meld ``n`` on the table (attach or swap)."""
    return card(code), once_selected(code, f'#melds [data-meld="{n}"]')


def discard(code: str) -> tuple[str, ...]:
    """Select ``code``, then tap the discard pile."""
    return card(code), once_selected(code, "#discard")


def opening(*melds: str) -> tuple[str, ...]:
    """The ``open`` moves of ``melds`` in any order (the page sends them as drafted)."""
    return tuple("open " + " ".join(p) for p in permutations(melds))


def bare(meld: str) -> list[str]:
    """The cards a meld takes from a hand (``JK=9D`` is a ``JK``)."""
    return ["JK" if c.startswith("JK") else c for c in meld.split("-")]


def dealing(
    hand: Sequence[str],
    bot: Sequence[str],
    *,
    opens: Sequence[str] = (),
    bot_opens: Sequence[str],
    draws: tuple[str, str] = ("3D", "4S"),
    stock: Sequence[str] = (),
    up: str = "2C",
) -> Callable[[Sequence[str]], Any]:
    """``deal(names)`` of a lesson: a real two-player hand, seat 1 dealing (RULES §3), and a
    first round played before the lesson: the person (seat 0) draws ``draws[0]``, lays
    ``opens`` (when given) and discards the card drawn; the other seat draws ``draws[1]``,
    opens with ``bot_opens`` and discards the card drawn. The lesson starts at the person's
    next turn, holding ``hand`` (the other seat ``bot``), the stock beginning with ``stock``.
    The table's melds are numbered ``opens`` first, then ``bot_opens`` (CONTRACT)."""
    dealt = [
        list(hand) + [c for m in opens for c in bare(m)],
        list(bot) + [c for m in bot_opens for c in bare(m)],
    ]
    if any(len(cards) != 13 for cards in dealt):
        raise ValueError(f"a lesson deals 13 cards a seat, not {[len(c) for c in dealt]}")
    order = [c for pair in zip(*dealt, strict=True) for c in pair] + [up, *draws, *stock]
    rest = list(DECK)
    for c in order:
        rest.remove(c)
    deck = order + rest
    first = [(0, "draw")]
    if opens:
        first.append((0, "open " + " ".join(opens)))
    first += [
        (0, f"discard {draws[0]}"),
        (1, "draw"),
        (1, "open " + " ".join(bot_opens)),
        (1, f"discard {draws[1]}"),
    ]

    def deal(names: Sequence[str]) -> Any:
        from web.scala40.session import PageMatch  # the page's match: names, one hand

        m = scala40.Match.new(players=2, rules="classic", dealer=1, deck=deck, seed=1)
        for seat, move in first:
            m.play(move, seat)
        return PageMatch(m, list(names), one_hand=True)

    return deal


#: the other seat's turn: it draws and discards the card drawn
def bot_turn(drawn: str) -> tuple[tuple[int, str], ...]:
    return ((1, "draw"), (1, f"discard {drawn}"))


#: the other seat's cards besides its opening (it draws and discards, never melds again)
BOT = ("4C", "8H", "2D", "6S", "10D", "JD", "5C")

RUNS_AND_SETS = Lesson(
    id="runs-and-sets",
    title="lesson_s40_t_melds",
    players=2,
    deal=dealing(
        ["5H", "6H", "7H", "9C", "9D", "9S", "QD", "2S", "7C"],
        BOT,
        opens=["KH-KD-KC-KS"],
        bot_opens=["10S-JS-QS", "AH-AD-AC"],
        stock=["2H", "6D"],
    ),
    steps=(
        Step("lesson_s40_melds_1", ("draw",), "#stock"),
        Step("lesson_s40_melds_2", ("meld 5H-6H-7H",), meld_taps(["5H", "6H", "7H"])),
        Step("lesson_s40_melds_3", ("meld 9D-9C-9S",), meld_taps(["9C", "9D", "9S"])),
        Step("lesson_s40_melds_4", ("discard QD",), discard("QD"), bot_turn("6D")),
    ),
    done="lesson_s40_melds_done",
    rules=("§4", "§6"),
)

OPENING = Lesson(
    id="opening-40",
    title="lesson_s40_t_open",
    players=2,
    deal=dealing(
        ["10H", "JH", "QH", "5D", "5C", "5S", "JC", "3D", "KS", "7D", "2H", "9S", "6C"],
        BOT,
        bot_opens=["8C-9C-10C", "KH-KD-KC"],
        draws=("8D", "4S"),
        stock=["AS", "6D"],
    ),
    steps=(
        Step("lesson_s40_open_1", ("draw",), "#stock"),
        Step(
            "lesson_s40_open_2",
            opening("10H-JH-QH", "5D-5C-5S"),
            (*meld_taps(["10H", "JH", "QH"]), *meld_taps(["5D", "5C", "5S"]), "#open"),
        ),
        Step("lesson_s40_open_3", ("discard KS",), discard("KS"), bot_turn("6D")),
    ),
    done="lesson_s40_open_done",
    rules=("§1", "§7"),
)

TAKE = Lesson(
    id="take-to-open",
    title="lesson_s40_t_take",
    players=2,
    deal=dealing(
        ["9D", "10D", "JD", "QH", "QC", "4H", "6H", "2S", "7S", "3C", "AS", "KD", "8C"],
        BOT,
        bot_opens=["AH-AD-AC", "7C-8C-9C"],
        draws=("5D", "QS"),
        stock=["6D"],
    ),
    steps=(
        Step("lesson_s40_take_1", ("take",), "#discard", instead="lesson_s40_take_1_no"),
        Step(
            "lesson_s40_take_2",
            opening("QH-QC-QS", "9D-10D-JD"),
            (*meld_taps(["QS", "QH", "QC"]), *meld_taps(["9D", "10D", "JD"]), "#open"),
        ),
        Step("lesson_s40_take_3", ("discard 4H",), discard("4H"), bot_turn("6D")),
    ),
    done="lesson_s40_take_done",
    rules=("§6", "§7"),
)

ATTACH = Lesson(
    id="attach",
    title="lesson_s40_t_attach",
    players=2,
    deal=dealing(
        ["7H", "JH", "3C", "9S", "AD", "8S", "QC"],
        BOT,
        opens=["4H-5H-6H", "KH-KD-KC"],
        bot_opens=["JC-JD-JS", "5S-6S-7S"],
        stock=["10S", "6D"],
    ),
    steps=(
        Step("lesson_s40_attach_1", ("draw",), "#stock"),
        Step("lesson_s40_attach_2", ("attach 0 7H",), on_meld("7H", 0)),
        Step("lesson_s40_attach_3", ("attach 2 JH",), on_meld("JH", 2)),
        Step("lesson_s40_attach_4", ("discard 9S",), discard("9S"), bot_turn("6D")),
    ),
    done="lesson_s40_attach_done",
    rules=("§8",),
)

JOKER = Lesson(
    id="swap-joker",
    title="lesson_s40_t_joker",
    players=2,
    deal=dealing(
        ["9D", "AS", "2S", "3H", "6C", "7D", "5H", "8H", "10S"],
        BOT,
        opens=["10C-JC-QC-KC"],
        bot_opens=["8D-JK=9D-10D", "QH-QD-QS"],
        stock=["4D", "6D"],
    ),
    steps=(
        Step("lesson_s40_joker_1", ("draw",), "#stock"),
        Step("lesson_s40_joker_2", ("swap 1 9D",), on_meld("9D", 1)),
        Step("lesson_s40_joker_3", ("meld AS-2S-JK=3S",), meld_taps(["AS", "2S", "JK"])),
        Step("lesson_s40_joker_4", ("discard 6C",), discard("6C"), bot_turn("6D")),
    ),
    done="lesson_s40_joker_done",
    rules=("§5",),
)

CLOSING = Lesson(
    id="closing",
    title="lesson_s40_t_close",
    players=2,
    deal=dealing(
        ["10C", "JC"],
        BOT,
        opens=["7C-8C-9C", "KH-KD-KC-KS", "3D-4D-5D-6D"],
        bot_opens=["4H-4S-4C", "QH-QD-QS"],
        stock=["4D"],
    ),
    steps=(
        Step("lesson_s40_close_1", ("draw",), "#stock"),
        Step("lesson_s40_close_2", ("attach 0 10C",), on_meld("10C", 0)),
        Step("lesson_s40_close_3", ("attach 3 4D",), on_meld("4D", 3)),
        Step("lesson_s40_close_4", ("discard JC",), discard("JC")),
    ),
    done="lesson_s40_close_done",
    rules=("§6", "§9", "§11"),
)

IN_HAND_MELDS = (["6S", "7S", "8S", "9S", "10S"], ["5H", "5D", "5C", "5S"], ["JH", "JD", "JC", "JS"])

IN_HAND = Lesson(
    id="close-in-hand",
    title="lesson_s40_t_in_hand",
    players=2,
    deal=dealing(
        [c for m in IN_HAND_MELDS for c in m],
        BOT,
        bot_opens=["QH-QD-QS", "AH-AD-AC"],
        draws=("3D", "9C"),
        stock=["KS"],
    ),
    steps=(
        Step("lesson_s40_in_hand_1", ("draw",), "#stock"),
        Step(
            "lesson_s40_in_hand_2",
            opening(*("-".join(m) for m in IN_HAND_MELDS)),
            (*(tap for m in IN_HAND_MELDS for tap in meld_taps(m)), "#open"),
            instead="lesson_s40_in_hand_2_no",
        ),
        Step("lesson_s40_in_hand_3", ("discard KS",), discard("KS")),
    ),
    done="lesson_s40_in_hand_done",
    rules=("§7", "§9", "§11"),
)

LESSONS: tuple[Lesson, ...] = (RUNS_AND_SETS, OPENING, TAKE, ATTACH, JOKER, CLOSING, IN_HAND)
