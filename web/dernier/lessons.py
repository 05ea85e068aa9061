"""Dernier's lessons (:class:`web.shell.lessons.Lesson`, named by ``GameSpec.lessons``): a fixed
deal of three players, the person in seat 0 playing first, and the bots' moves scripted.
Their words are in :mod:`web.dernier.words` (``lesson_*`` keys). The rules they teach are
cited by § of RULES.md; ``tests/test_lessons.py`` walks every step through the engine."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from dernier import Match
from web.shell.lessons import Lesson, Step

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
FULL = [r + s for s in "HDCS" for r in RANKS] + ["JK", "JK"]


def card(code: str) -> str:
    """The CSS selector of a card of the person's hand."""
    return f'#hand button[data-card="{code}"]'


def suit(code: str) -> str:
    """The CSS selector of the suit chooser's button for ``code``, while the chooser is open
    (the second tap of a J's or a Jolly's step: the card is the first)."""
    return f'#chooser[open] button[data-suit="{code}"]'


#: the Dernier! button before it is pressed (the first tap of a step that calls: the card is
#: the second, marked once the call is armed)
CALL_UNARMED = '#dernier[aria-pressed="false"]'


def deck(hands: Sequence[Sequence[str]], up: str, then: Sequence[str] = ()) -> list[str]:
    """The order of an official deck dealt by seat 2 to three players: seat 0 (the first to
    play) gets ``hands[0]``, seat 1 ``hands[1]``, seat 2 ``hands[2]``, one card at a time;
    ``up`` is turned up; the draw pile begins with ``then``, every other card after it."""
    order: list[str] = []
    for cards in zip(*hands, strict=True):
        order += cards
    order.append(up)
    order += then
    rest = list(FULL)
    for c in order:
        rest.remove(c)
    return order + rest


def dealing(
    hands: Sequence[Sequence[str]], up: str, then: Sequence[str] = ()
) -> Callable[[Sequence[str]], Match]:
    """``deal(names)`` of a lesson: a one-hand official match of three, seat 2 dealing."""
    order = deck(hands, up, then)

    def deal(names: Sequence[str]) -> Match:
        return Match.new(players=3, rules="official", dealer=2, deck=order, seed=1, names=list(names))

    return deal


SUIT_OR_RANK = Lesson(
    id="suit-or-rank",
    title="lesson_t_basics",
    players=3,
    deal=dealing(
        [["9H", "4C", "3S", "6D", "2D"], ["9C", "5S", "8S", "2S", "6C"], ["3C", "5D", "8H", "6H", "4D"]],
        "4H",
        ["10C", "10S"],
    ),
    steps=(
        Step("lesson_basics_1", ("9H",), card("9H"), ((1, "9C"), (2, "3C")), "lesson_basics_1_no"),
        Step("lesson_basics_2", ("3S",), card("3S"), ((1, "8S"), (2, "8H")), "lesson_basics_2_no"),
        Step("lesson_basics_3", ("draw",), "#draw", ()),
        Step("lesson_basics_4", ("pass",), "#pass", ((1, "draw"), (1, "pass"), (2, "6H"))),
    ),
    done="lesson_basics_done",
    rules=("§4", "§5"),
)

ACTIONS = Lesson(
    id="action-cards",
    title="lesson_t_actions",
    players=3,
    # the next player answers the person's 7 with a 7 of their own, so the person (the player
    # before them) draws 2 (§6): after the four action cards the person still holds three, and
    # no play of the lesson leaves them one card without the call of lesson 4 (§7)
    deal=dealing(
        [["AH", "7H", "QS", "KS", "5C"], ["9H", "8C", "7S", "4S", "6S"], ["6H", "2H", "8S", "2S", "9S"]],
        "3H",
        ["2C", "3C", "4C", "6C", "10D", "3D"],
    ),
    steps=(
        Step("lesson_actions_1", ("AH",), card("AH"), ((1, "draw"), (2, "6H"))),
        Step("lesson_actions_2", ("7H",), card("7H"), ((1, "7S"), (2, "9S")), after="lesson_actions_2_after"),
        Step("lesson_actions_3", ("QS",), card("QS"), ((2, "2S"),)),
        Step("lesson_actions_4", ("KS",), card("KS"), ((2, "8S"), (1, "8C"))),
    ),
    done="lesson_actions_done",
    rules=("§6",),
)

WILD = Lesson(
    id="jack-and-jolly",
    title="lesson_t_wild",
    players=3,
    deal=dealing(
        [["JS", "JK", "4D", "6S", "9C"], ["3D", "8C", "5S", "2C", "10C"], ["3C", "2S", "4S", "10H", "9H"]],
        "5H",
        ["5D", "6D", "8D", "9D"],
    ),
    steps=(
        Step("lesson_wild_1", ("JS:D",), (suit("D"), card("JS")), ((1, "3D"), (2, "3C")), "lesson_wild_1_no"),
        Step(
            "lesson_wild_2", ("JK:S",), (suit("S"), card("JK")), ((1, "draw"), (2, "2S")), "lesson_wild_2_no"
        ),
    ),
    done="lesson_wild_done",
    rules=("§4", "§6"),
)

CALL = Lesson(
    id="dernier-call",
    title="lesson_t_call",
    players=3,
    deal=dealing(
        [["5H", "9C", "6H", "6C", "2S"], ["5S", "10C", "8H", "4D", "3D"], ["9S", "10H", "8C", "6S", "3C"]],
        "4H",
        ["KD", "QD"],
    ),
    steps=(
        Step("lesson_call_1", ("5H",), card("5H"), ((1, "5S"), (2, "9S"))),
        Step("lesson_call_2", ("9C",), card("9C"), ((1, "10C"), (2, "10H"))),
        Step("lesson_call_3", ("6H",), card("6H"), ((1, "8H"), (2, "8C"))),
        Step(
            "lesson_call_4",
            ("6C!",),
            (CALL_UNARMED, card("6C")),
            ((1, "draw"), (1, "pass"), (2, "6S!")),
            "lesson_call_4_no",
            "lesson_call_4_after",
        ),
    ),
    done="lesson_call_done",
    rules=("§7",),
)

LESSONS: tuple[Lesson, ...] = (SUIT_OR_RANK, ACTIONS, WILD, CALL)
