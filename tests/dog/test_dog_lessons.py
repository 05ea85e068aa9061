"""DOG's lessons (issue 32) in CPython: each one reaches the point it teaches when its script is
played through the engine (tests/test_lessons.py checks every move legal and every word in
both languages), the wrong moves the page test makes are refused as it expects, and each
step's taps lead from the card to the move it waits for."""

from __future__ import annotations

from typing import Any

import pytest
from lesson_support import walk_to

from web.dog.lessons import LESSONS, card
from web.shell import games
from web.shell.lessons import PERSON, Lesson, LessonPlay, Step

DOG = games.get("dog")
BY_ID = {lesson.id: lesson for lesson in LESSONS}


def play_to(lesson: Lesson, steps: int) -> LessonPlay:
    """``lesson`` after its first ``steps`` steps and the others' scripted moves after them."""
    return walk_to(DOG, lesson, steps)


def pawns(play: LessonPlay) -> list[list[str]]:
    rows: list[list[str]] = play.session.match.game.position()["pawns"]
    return rows


def hand(play: LessonPlay, seat: int = PERSON) -> list[str]:
    cards: list[str] = play.session.match.game.position()["hands"][seat]
    return cards


def test_dog_has_the_eight_lessons_of_issue_32() -> None:
    assert [lesson.id for lesson in DOG.lesson_list()] == [
        "exchange",
        "out",
        "four-backwards",
        "fresh-blocks",
        "send-home",
        "seven-split",
        "jack-swap",
        "for-the-partner",
    ]
    for lesson in LESSONS:
        assert lesson.players == 4 and lesson.rules and all(r.startswith("§") for r in lesson.rules)


def test_exchange_gives_then_gets_the_partners_card() -> None:
    """§4: the partner's card (AS) comes only once the person has given theirs."""
    lesson = BY_ID["exchange"]
    play = play_to(lesson, 0)
    assert "AS" not in hand(play) and play.session.match.game.state.phase == "exchange"
    play = play_to(lesson, 1)
    assert "AS" in hand(play) and "KH" in hand(play, 2)
    assert play.session.match.game.state.phase == "play"


def test_out_with_ace_and_jolly_after_the_fresh_pawn_moved() -> None:
    """§7, §10: the Ace brings a pawn out; while it is fresh on the start field no other comes
    out; the Jolly named K brings the second out once the first has moved on."""
    lesson = BY_ID["out"]
    play = play_to(lesson, 1)
    assert pawns(play)[0][0] == "0*"
    assert not any(m.endswith(" out") for m in play.session.match.legal_moves(PERSON))
    play = play_to(lesson, 3)
    assert sorted(pawns(play)[0][:2]) == ["0*", "5"]


def test_four_backwards_then_home() -> None:
    """§9, §10: 4 backwards from the start field to 60, then into the home without a lap."""
    lesson = BY_ID["four-backwards"]
    assert pawns(play_to(lesson, 1))[0][0] == "60"
    assert pawns(play_to(lesson, 2))[0][0] == "h0.2"


def test_fresh_pawn_blocks_until_it_moves() -> None:
    """§7: Blue's fresh pawn on 16 may not be passed (5H from 12 refused, with the reason);
    once it has left its start field, the same 5 passes it."""
    lesson = BY_ID["fresh-blocks"]
    play = play_to(lesson, 0)
    why = play.session.why_refused("5H 12-17", PERSON)
    assert why is not None and "fresh" in why.lower()
    assert not any(m.startswith("5H") for m in play.session.match.legal_moves(PERSON))
    play = play_to(lesson, 1)
    assert pawns(play)[1][0] == "18" and "5H 15-20" in play.session.match.legal_moves(PERSON)


def test_send_home_by_landing_and_by_coming_out() -> None:
    """§8: landing on Blue's pawn sends it to its nest; coming out onto Yellow's pawn on the
    person's start field sends it home too."""
    lesson = BY_ID["send-home"]
    play = play_to(lesson, 1)
    assert pawns(play)[0][0] == "26" and pawns(play)[1][0] == "16*"  # home, then out again (AD)
    play = play_to(lesson, 2)
    assert pawns(play)[3][0] == "n3" and "0*" in pawns(play)[0]


def test_seven_split_passes_and_sends_home() -> None:
    """§11: 2 steps for one pawn (passing Blue's on 11 sends it home), 5 for the other."""
    play = play_to(BY_ID["seven-split"], 1)
    assert pawns(play)[0][:2] == ["h0.1", "12"]
    assert pawns(play)[1][0] in ("n1", "16*")  # home, then out again with the Ace


def test_jack_swaps_then_home() -> None:
    """§10: the Jack swaps the person's pawn on 5 with Yellow's on 62; then home with a 3."""
    lesson = BY_ID["jack-swap"]
    play = play_to(lesson, 1)
    assert pawns(play)[0][0] == "62"
    assert pawns(play_to(lesson, 2))[0][0] == "h0.1"


def test_partner_played_once_all_home() -> None:
    """§12: the last pawn home, the person's cards move the partner's pawns (home, out)."""
    lesson = BY_ID["for-the-partner"]
    play = play_to(lesson, 1)
    assert all(p.startswith("h0.") for p in pawns(play)[0])
    play = play_to(lesson, 3)
    assert "h2.4" in pawns(play)[2] and "32*" in pawns(play)[2]


def tap_path(play: LessonPlay, step: Step) -> str:
    """The move the step's first expected string is, as the table builds it from the taps
    (:class:`web.dog.pick.Pick`): the card's head, then each token; a 7 part by part."""
    from web.dog.pick import Pick

    move = step.expect[0]
    legal = play.session.match.legal_moves(PERSON)
    head, *tokens = move.split(" ")
    if head.startswith("give"):
        return move
    pick = Pick(head)
    for tok in tokens:
        whole = pick.choose(legal, tok)
        if whole is not None:
            return whole
    raise AssertionError(f"{move}: the taps do not end in a move")


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
def test_each_step_is_built_by_taps(lesson: Lesson) -> None:
    """Every step's move is one the table builds from taps (a 7's parts as prefixes of legal
    moves), and a step of several taps names a selector per tap, the first its card."""
    for k, step in enumerate(lesson.steps):
        play = play_to(lesson, k)
        assert tap_path(play, step) == step.expect[0]
        taps: Any = step.taps
        head = step.expect[0].split(" ")[1 if step.expect[0].startswith("give") else 0]
        assert taps[0] == card(head.split("=")[0])
        assert len(set(taps)) == len(taps)
