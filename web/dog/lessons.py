"""DOG's lessons (:class:`web.shell.lessons.Lesson`, named by ``GameSpec.lessons``): each starts
from a fixed position (CONTRACT "Position": a JSON object loaded by :meth:`dog.Match.from_position`)
where its point is near, the person in seat 0 (red, start field 0) and the other three seats'
moves scripted. Their words are in :mod:`web.dog.words` (``lesson_dog_*`` keys). The rules they
teach are cited by § of DOG's RULES.md; ``tests/test_lessons.py`` walks every step through the
engine.

A move takes several taps at DOG's table (a card, a Jolly's rank, a pawn, a field): a step names
one selector per tap (:attr:`web.shell.lessons.Step.taps`), the page marks the first that
matches, so each matches only while its tap is still to make: the card while not chosen
(``aria-pressed="false"``), a pawn lit (``data-movable``) for the card chosen before any pawn is
(no target lit), a field lit as a target (``data-target``), a 7's parts by the steps left
(``#seven[data-left]``). A choice the table makes by itself (a lone pawn or target) skips its
tap."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import dog
from web.dog.session import DogMatch
from web.shell.lessons import Lesson, Step

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
#: the 110 cards (RULES §1): two 52-card decks and six Jolly
FULL = [r + s for s in "HDCS" for r in RANKS] * 2 + ["JK"] * 6
NESTS = [["n0"] * 4, ["n1"] * 4, ["n2"] * 4, ["n3"] * 4]
SEED = 1


def position(
    hands: Sequence[Sequence[str]],
    pawns: Sequence[Sequence[str]],
    *,
    phase: str = "play",
    given: Sequence[str | None] = (None, None, None, None),
    received: Sequence[str | None] = (None, None, None, None),
    exchanged: tuple[bool, bool] = (True, True),
    discard: Sequence[str] = (),
) -> dict[str, Any]:
    """A position of round 1 (six cards each, seat 3 dealing: seat 0 opens and is to act),
    the stock every card not in a hand, given or discarded."""
    rest = list(FULL)
    for c in [*(c for h in hands for c in h), *(g for g in given if g), *(d.split("=")[0] for d in discard)]:
        rest.remove(c)
    return {
        "rules": "standard",
        "dealer": 3,
        "round": 1,
        "cards": 6,
        "phase": phase,
        "turn": 0,
        "winner": None,
        "hands": [list(h) for h in hands],
        "given": list(given),
        "exchanged": list(exchanged),
        "received": list(received),
        "pawns": [list(p) for p in pawns],
        "deck": rest,
        "discard": list(discard),
        "laid": [],
        "out": [],
        "seed": SEED,
        "score": [0, 0],
        "game_no": 1,
        "games": 1,
    }


def at(pos: dict[str, Any]) -> Callable[[Sequence[str]], DogMatch]:
    """``deal(names)`` of a lesson: a one-game match at ``pos``."""

    def deal(names: Sequence[str]) -> DogMatch:
        return DogMatch(dog.Match.from_position(pos), list(names), SEED)

    return deal


# -- the taps' selectors (CONTRACT "In the page"): the page marks the first that matches, so
# each matches only while its tap is still to make ------------------------------------------

#: no Jolly's rank is being chosen
RANKS_SHUT = ":not(:has(#ranks:not([hidden])))"
#: no pawn chosen yet (a chosen pawn lights its targets)
NO_PAWN = ':not(:has(#board [data-target="true"]))'


def pressed(code: str) -> str:
    return f':has(#hand [data-card="{code}"][aria-pressed="true"])'


def card(code: str) -> str:
    """A card of the person's hand, not chosen yet."""
    return f'#table{RANKS_SHUT} #hand button[data-card="{code}"][aria-pressed="false"]'


def rank(name: str) -> str:
    """A rank of the Jolly's chooser, once it is open."""
    return f'#ranks:not([hidden]) [data-rank="{name}"]'


def pawn(code: str, field: str, left: int | None = None) -> str:
    """The pawn on ``field`` (``n0``: one in the nest), lit as movable once ``code`` is chosen,
    before a pawn is (and while a 7 has ``left`` steps to move)."""
    seven = f':has(#seven[data-left="{left}"])' if left is not None else ""
    return f'#table{pressed(code)}{NO_PAWN}{seven} #board [data-pawn][data-at="{field}"][data-movable="true"]'


def field(code: str, name: str, left: int | None = None) -> str:
    """A field lit as the chosen pawn's target (while a 7 has ``left`` steps to move)."""
    seven = f':has(#seven[data-left="{left}"])' if left is not None else ""
    return f'#table{pressed(code)}{seven} #board [data-field="{name}"][data-target="true"]'


def onto(code: str, name: str) -> str:
    """The pawn standing on a field lit as the target (it is drawn over the field)."""
    return f'#table{pressed(code)} #board [data-pawn][data-at="{name}"][data-target="true"]'


EXCHANGE = Lesson(
    id="exchange",
    title="lesson_t_dog_exchange",
    players=4,
    deal=at(
        position(
            [
                ["KH", "KC", "5C", "9D", "3S", "QH"],
                ["4H", "6C", "8D", "2S", "KD", "JD"],
                ["9S", "2D", "7C", "QS", "5H"],
                ["3H", "8S", "10D", "4C", "6D", "AD"],
            ],
            NESTS,
            phase="exchange",
            given=(None, None, "AS", None),
            received=(None, "6C", None, "AD"),
            exchanged=(False, True),
        )
    ),
    steps=(
        Step(
            "lesson_dog_exchange_1",
            ("give KH", "give KC"),
            (card("KH"), "#give:not([disabled])"),
            instead="lesson_dog_exchange_1_no",
        ),
        Step(
            "lesson_dog_exchange_2",
            ("AS out",),
            card("AS"),
            ((1, "KD out"), (2, "KH out"), (3, "AD out")),
            instead="lesson_dog_exchange_2_no",
        ),
    ),
    done="lesson_dog_exchange_done",
    rules=("§4",),
)

OUT = Lesson(
    id="out",
    title="lesson_t_dog_out",
    players=4,
    deal=at(
        position(
            [
                ["AH", "5C", "JK", "9D", "3S", "QC"],
                ["KD", "3D", "6H", "10S", "8H", "2C"],
                ["AS", "2D", "8C", "QH", "9H", "4D"],
                ["KS", "4H", "9C", "10D", "3C", "5D"],
            ],
            NESTS,
        )
    ),
    steps=(
        Step("lesson_dog_out_1", ("AH out",), card("AH"), ((1, "KD out"), (2, "AS out"), (3, "KS out"))),
        Step(
            "lesson_dog_out_2", ("5C 0-5",), card("5C"), ((1, "3D 16-19"), (2, "2D 32-34"), (3, "4H 48-52"))
        ),
        Step(
            "lesson_dog_out_3",
            ("JK=K out", "JK=A out"),
            (card("JK"), rank("K"), pawn("JK", "n0")),
            ((1, "6H 19-25"), (2, "8C 34-42"), (3, "9C 52-61")),
        ),
    ),
    done="lesson_dog_out_done",
    rules=("§7", "§10"),
)

BACKWARDS = Lesson(
    id="four-backwards",
    title="lesson_t_dog_four",
    players=4,
    deal=at(
        position(
            [
                ["4S", "6H", "9C", "2D", "QS", "8H"],
                ["3D", "5S", "10H", "6C", "2H", "9S"],
                ["2C", "3H", "5D", "8S", "10C", "QD"],
                ["3S", "6D", "9D", "10S", "2S", "5C"],
            ],
            [
                ["0*", "n0", "n0", "n0"],
                ["20", "n1", "n1", "n1"],
                ["36", "n2", "n2", "n2"],
                ["50", "n3", "n3", "n3"],
            ],
            discard=["AH"],
        )
    ),
    steps=(
        Step(
            "lesson_dog_four_1",
            ("4S 0-60",),
            (card("4S"), field("4S", "60")),
            ((1, "3D 20-23"), (2, "2C 36-38"), (3, "3S 50-53")),
            "lesson_dog_four_1_no",
        ),
        Step(
            "lesson_dog_four_2",
            ("6H 60-h0.2",),
            (card("6H"), field("6H", "h0.2")),
            ((1, "5S 23-28"), (2, "3H 38-41"), (3, "6D 53-59")),
            "lesson_dog_four_2_no",
        ),
    ),
    done="lesson_dog_four_done",
    rules=("§9", "§10"),
)

FRESH = Lesson(
    id="fresh-blocks",
    title="lesson_t_dog_fresh",
    players=4,
    deal=at(
        position(
            [
                ["8D", "5H", "3C", "2S", "9H", "QC"],
                ["2H", "6S", "10D", "3D", "8C", "9C"],
                ["4C", "6D", "10H", "5S", "2C", "8S"],
                ["3S", "5D", "9S", "QD", "6C", "10C"],
            ],
            [
                ["12", "n0", "n0", "n0"],
                ["16*", "n1", "n1", "n1"],
                ["40", "n2", "n2", "n2"],
                ["54", "n3", "n3", "n3"],
            ],
            discard=["KD"],
        )
    ),
    steps=(
        Step(
            "lesson_dog_fresh_1",
            ("3C 12-15",),
            card("3C"),
            ((1, "2H 16-18"), (2, "4C 40-44"), (3, "3S 54-57")),
            "lesson_dog_fresh_1_no",
        ),
        Step(
            "lesson_dog_fresh_2",
            ("5H 15-20",),
            card("5H"),
            ((1, "6S 18-24"), (2, "6D 44-50"), (3, "5D 57-62")),
        ),
    ),
    done="lesson_dog_fresh_done",
    rules=("§6", "§7"),
)

SEND_HOME = Lesson(
    id="send-home",
    title="lesson_t_dog_home",
    players=4,
    deal=at(
        position(
            [
                ["6H", "KH", "10C", "2D", "9S", "5C"],
                ["AD", "3C", "8H", "4S", "10H", "QS"],
                ["2H", "5D", "9C", "6S", "3D", "8D"],
                ["3S", "2C", "9D", "6C", "10S", "QH"],
            ],
            [
                ["20", "n0", "n0", "n0"],
                ["26", "n1", "n1", "n1"],
                ["38", "n2", "n2", "n2"],
                ["0", "50", "n3", "n3"],
            ],
            discard=["KC", "AC"],
        )
    ),
    steps=(
        Step(
            "lesson_dog_home_1",
            ("6H 20-26",),
            card("6H"),
            ((1, "AD out"), (2, "2H 38-40"), (3, "3S 50-53")),
            "lesson_dog_home_1_no",
        ),
        Step(
            "lesson_dog_home_2",
            ("KH out",),
            (card("KH"), pawn("KH", "n0")),
            ((1, "3C 16-19"), (2, "5D 40-45"), (3, "2C 53-55")),
            "lesson_dog_home_2_no",
        ),
    ),
    done="lesson_dog_home_done",
    rules=("§6", "§8", "§10"),
)

SEVEN = Lesson(
    id="seven-split",
    title="lesson_t_dog_seven",
    players=4,
    deal=at(
        position(
            [
                ["7H", "3C", "9D", "5S", "QH", "2H"],
                ["4D", "8C", "10S", "6H", "2C", "AH"],
                ["3S", "6D", "10H", "8S", "2D", "QC"],
                ["5H", "3D", "9S", "6C", "10D", "8H"],
            ],
            [
                ["60", "10", "n0", "n0"],
                ["11", "n1", "n1", "n1"],
                ["42", "n2", "n2", "n2"],
                ["52", "n3", "n3", "n3"],
            ],
            discard=["KS", "AD", "KC"],
        )
    ),
    steps=(
        Step(
            "lesson_dog_seven_1",
            ("7H 10-12 60-h0.1", "7H 60-h0.1 10-12"),
            (
                card("7H"),
                pawn("7H", "10", 7),
                field("7H", "12", 7),
                field("7H", "h0.1", 5),
            ),
            ((1, "AH out"), (2, "3S 42-45"), (3, "5H 52-57")),
            "lesson_dog_seven_1_no",
        ),
    ),
    done="lesson_dog_seven_done",
    rules=("§8", "§11"),
)

JACK = Lesson(
    id="jack-swap",
    title="lesson_t_dog_jack",
    players=4,
    deal=at(
        position(
            [
                ["JC", "3D", "8S", "2H", "QC", "9D"],
                ["4H", "6C", "10S", "3C", "5D", "9H"],
                ["2C", "6D", "10H", "5S", "8C", "QD"],
                ["3S", "6H", "9S", "2D", "10D", "8H"],
            ],
            [
                ["5", "n0", "n0", "n0"],
                ["20", "n1", "n1", "n1"],
                ["40", "n2", "n2", "n2"],
                ["62", "n3", "n3", "n3"],
            ],
            discard=["KH", "AS", "KS"],
        )
    ),
    steps=(
        Step(
            "lesson_dog_jack_1",
            ("JC 5x62",),
            (card("JC"), onto("JC", "62")),
            ((1, "3C 20-23"), (2, "2C 40-42"), (3, "3S 5-8")),
            "lesson_dog_jack_1_no",
        ),
        Step(
            "lesson_dog_jack_2",
            ("3D 62-h0.1",),
            (card("3D"), field("3D", "h0.1")),
            ((1, "5D 23-28"), (2, "6D 42-48"), (3, "6H 8-14")),
            "lesson_dog_jack_2_no",
        ),
    ),
    done="lesson_dog_jack_done",
    rules=("§9", "§10"),
)

PARTNER = Lesson(
    id="for-the-partner",
    title="lesson_t_dog_partner",
    players=4,
    deal=at(
        position(
            [
                ["3H", "6D", "KS", "9C", "QD", "8H"],
                ["4H", "5C", "10S", "2S", "9D", "3C"],
                ["2C", "5S", "10H", "8S", "6C", "QH"],
                ["3S", "6H", "9S", "2D", "10D", "8D"],
            ],
            [
                ["h0.2", "h0.3", "h0.4", "62"],
                ["22", "n1", "n1", "n1"],
                ["28", "44", "n2", "n2"],
                ["50", "n3", "n3", "n3"],
            ],
            discard=["KH", "AS", "KC", "AH"],
        )
    ),
    steps=(
        Step(
            "lesson_dog_partner_1",
            ("3H 62-h0.1",),
            (card("3H"), field("3H", "h0.1")),
            ((1, "4H 22-26"), (2, "2C 28-30"), (3, "3S 50-53")),
            "lesson_dog_partner_1_no",
        ),
        Step(
            "lesson_dog_partner_2",
            ("6D 30-h2.4",),
            (card("6D"), pawn("6D", "30"), field("6D", "h2.4")),
            ((1, "3C 26-29"), (2, "10H 44-54"), (3, "6H 53-59")),
            "lesson_dog_partner_2_no",
        ),
        Step(
            "lesson_dog_partner_3",
            ("KS out",),
            (card("KS"), pawn("KS", "n2")),
            ((1, "2S 29-31"), (2, "8S 54-62"), (3, "2D 59-61")),
            "lesson_dog_partner_3_no",
        ),
    ),
    done="lesson_dog_partner_done",
    rules=("§12",),
)

LESSONS: tuple[Lesson, ...] = (EXCHANGE, OUT, BACKWARDS, FRESH, SEND_HOME, SEVEN, JACK, PARTNER)
