"""Lessons (issue 32) in CPython: every scripted step of every game's lessons is a legal move of
its engine at that point (the person's expected moves and the bots' scripted moves), every
step ends on the person's turn, every word a lesson names exists in both languages, and the
runner's decisions (a wrong move refused, the step kept; progress remembered)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from lesson_support import walk_to

from web.shell import games
from web.shell.i18n import STRINGS
from web.shell.lessons import (
    PERSON,
    Lesson,
    LessonPlay,
    install_bots,
    lesson_number,
    lesson_session,
    read_progress,
    with_done,
)
from web.shell.params import Settings
from web.shell.session import MemoryStorage

WITH_LESSONS = [g for g in games.registered() if g.lessons]
ALL = [(g.name, i, lesson) for g in WITH_LESSONS for i, lesson in enumerate(g.lesson_list(), 1)]


#: the lessons that end the hand (the person closes), every other ends on the person's turn
ENDS_THE_HAND = {"closing", "close-in-hand"}


def words_of(game: games.GameSpec) -> dict[str, tuple[str, str]]:
    return {**STRINGS, **game.strings()}


def test_dernier_has_lessons() -> None:
    ids = [lesson.id for lesson in games.get("dernier").lesson_list()]
    assert ids == ["suit-or-rank", "action-cards", "jack-and-jolly", "dernier-call"]


def test_lesson_ids_unique() -> None:
    for g in WITH_LESSONS:
        ids = [lesson.id for lesson in g.lesson_list()]
        assert len(ids) == len(set(ids)), g.name


def scripted(play: LessonPlay, k: int) -> None:
    """The others' scripted moves after step ``k`` (0: the opening), each checked legal and
    played by the seat's scripted bot as the driver asks it."""
    session = play.session
    while play.queue:
        seat, move = play.queue[0]
        session.bot_side_moves()  # the moves a game asks of bots out of turn
        if not play.queue or play.queue[0] != (seat, move):
            continue
        assert session.next_bot() == seat, f"after step {k}: {seat} is not to play {move!r}"
        assert session.why_refused(move, seat) is None, f"after step {k}: seat {seat} may not play {move!r}"
        got = session.bot(seat).steps(session.view(seat), None)
        with pytest.raises(StopIteration) as stop:
            next(got)
        assert stop.value.value == move
        session.play(move, seat)
    assert session.bot_side_moves() == []


def walk(game: games.GameSpec, lesson: Lesson, base: Settings | None = None) -> LessonPlay:
    """Play ``lesson`` as its script says, the bots through the session's own bot hooks,
    checking every move against the engine."""
    session = lesson_session(game, lesson, base or Settings())
    play = LessonPlay(lesson, 1, session)
    install_bots(play)
    scripted(play, 0)
    for k, step in enumerate(lesson.steps, 1):
        assert session.turn == PERSON, f"step {k}: the person is not to play"
        assert not session.hand_over, f"step {k}: the hand is over"
        for move in step.expect:
            assert session.why_refused(move, PERSON) is None, f"step {k}: {move!r} is not legal"
        assert play.waiting
        session.play(step.expect[0], PERSON)
        play.made(step.expect[0])
        scripted(play, k)
    assert play.done
    if lesson.id in ENDS_THE_HAND:
        assert session.hand_over and session.match.game.hand_winner == PERSON, "the person closes"
    else:
        assert session.turn == PERSON and not session.hand_over, "a lesson ends on the person's turn"
    return play


@pytest.mark.parametrize(("game", "n", "lesson"), ALL, ids=[f"{g}-{n}-{lesson.id}" for g, n, lesson in ALL])
def test_every_scripted_step_is_legal(game: str, n: int, lesson: Lesson) -> None:
    walk(games.get(game), lesson)


@pytest.mark.parametrize(("game", "n", "lesson"), ALL, ids=[f"{g}-{n}-{lesson.id}" for g, n, lesson in ALL])
def test_lesson_words_in_both_languages(game: str, n: int, lesson: Lesson) -> None:
    words = words_of(games.get(game))
    keys = [lesson.title, lesson.done]
    for step in lesson.steps:
        keys += [step.words] + [k for k in (step.instead, step.after) if k]
    for key in keys:
        en, it = words[key]
        assert en and it and en != it, key


def test_shell_lesson_words() -> None:
    for key in ("lesson_not_this", "lesson_wait", "lesson_over", "lesson_watch", "lesson_offer"):
        en, it = STRINGS[key]
        assert en and it


def test_wrong_move_keeps_the_step() -> None:
    """§4: a legal move that is not the lesson's is refused with the step's words and the
    step stays; an illegal one is left to the engine (its own reason)."""
    game = games.get("dernier")
    lesson = game.lesson_list()[0]
    session = lesson_session(game, lesson, Settings())
    play = LessonPlay(lesson, 1, session)
    assert play.check("4C") == "lesson_basics_1_no"  # legal (same rank), not this step's
    assert play.check("3S") is None and session.why_refused("3S", PERSON)  # the engine refuses
    assert play.check("draw") == "lesson_basics_1_no"
    assert play.index == 0 and play.check("9H") is None


def test_call_lesson_refuses_a_play_without_the_call() -> None:
    """§7: the last-but-one card played without "Dernier!" is refused, with the reason."""
    game = games.get("dernier")
    lesson = game.lesson_list()[3]
    play = walk_to(game, lesson, 3)
    assert play.check("6C") == "lesson_call_4_no"
    assert play.check("6C!") is None


def test_lesson_session_saves_nothing() -> None:
    """A lesson never overwrites the person's saved match: its store is in memory."""
    game = games.get("dernier")
    session = lesson_session(game, game.lesson_list()[0], Settings(lang="it", delay=0, timer=30))
    assert isinstance(session.store.storage, MemoryStorage) and not session.store.ok
    assert session.settings.timer == 0  # a lesson waits for the person
    assert session.settings.lang == "it" and session.settings.delay == 0
    assert session.match.players == 3


def test_progress() -> None:
    assert read_progress(None) == []
    assert read_progress("not json") == []
    assert read_progress('{"a": 1}') == []
    assert read_progress('["a", 3]') == ["a"]
    assert read_progress(with_done(["a"], "b")) == ["a", "b"]
    assert read_progress(with_done(["a"], "a")) == ["a"]


@pytest.mark.parametrize(
    ("text", "n"),
    [("1", 1), ("4", 4), (" 2", 2), ("0", None), ("5", None), ("x", None), ("", None), ("²", None)],
)
def test_lesson_number(text: str, n: int | None) -> None:
    assert lesson_number(text, 4) == n


def test_table_plays_on_after_the_lesson() -> None:
    """Once the lesson is over, the bots are the game's own (easy) bots: the hand plays on."""
    game = games.get("dernier")
    lesson = game.lesson_list()[0]
    play = walk(game, lesson)
    session = play.session
    session.play(session.match.legal_moves(PERSON)[0], PERSON)
    seat = session.next_bot()
    assert seat is not None
    steps = session.bot(seat).steps(session.view(seat), session.bot_rng(seat))
    move = None
    try:
        while True:
            next(steps)
    except StopIteration as stop:
        move = stop.value
    assert move in session.match.legal_moves(seat)
    assert session.bot(seat).choose(session.view(seat), session.bot_rng(seat)) in session.match.legal_moves(
        seat
    )


@pytest.mark.parametrize(("game", "n", "lesson"), ALL, ids=[f"{g}-{n}-{lesson.id}" for g, n, lesson in ALL])
def test_each_steps_own_refusal_is_reachable(game: str, n: int, lesson: Lesson) -> None:
    """A step that words its own refusal (``instead``) has another legal move to refuse: the
    person meets those words, not only the reader of the data."""
    spec = games.get(game)
    for k, step in enumerate(lesson.steps):
        if not step.instead:
            continue
        play = walk_to(spec, lesson, k)
        others = [m for m in play.session.match.legal_moves(PERSON) if m not in step.expect]
        assert others, f"step {k + 1}: no other legal move to refuse"
        assert {play.check(m) for m in others} == {step.instead}


def test_the_person_waits_while_the_others_play() -> None:
    """While the bots play their part of the script, a move of the person is refused."""
    game = games.get("dernier")
    lesson = game.lesson_list()[0]
    session = lesson_session(game, lesson, Settings())
    play = LessonPlay(lesson, 1, session)
    session.play("9H", PERSON)
    play.made("9H")
    assert play.queue and not play.waiting and not play.done
    assert play.check("4C") == "lesson_wait"


def test_an_opening_is_played_before_the_first_step() -> None:
    """A lesson whose first player is not the person: the others' opening moves come first."""
    game = games.get("dernier")
    first = game.lesson_list()[0]
    # the same deal, the person has played: seat 1 draws and passes, seat 2 plays 8H
    lesson = replace(first, opening=((1, "draw"), (1, "pass"), (2, "8H")), steps=first.steps[:0])
    session = lesson_session(game, first, Settings())
    session.match.play("9H", PERSON)  # seat 1 to play, as a deal where the person is not first
    play = LessonPlay(lesson, 1, session)
    install_bots(play)
    assert not play.waiting and list(play.queue) == list(lesson.opening)
    scripted(play, 0)
    assert session.turn == PERSON and play.done


def test_scala40_has_lessons() -> None:
    """Issue 32: runs and sets (§4), the opening (§7), taking to open (§6), attaching (§8), the
    joker's swap (§5), closing and closing in hand (§9)."""
    lessons = games.get("scala40").lesson_list()
    assert [lesson.id for lesson in lessons] == [
        "runs-and-sets",
        "opening-40",
        "take-to-open",
        "attach",
        "swap-joker",
        "closing",
        "close-in-hand",
    ]
    assert all(lesson.rules for lesson in lessons)


def test_a_step_of_several_taps() -> None:
    """A step's target may be its taps in order (``Step.taps``); a one-tap step is one."""
    one = games.get("dernier").lesson_list()[0].steps[0]
    assert one.taps == (one.target,)
    opening = games.get("scala40").lesson_list()[1].steps[1]
    assert len(opening.taps) == 9 and opening.taps[-1] == "#open"
    assert opening.taps[3].endswith("#meld") and 'data-card="10H"][aria-pressed="true"]' in opening.taps[3]


def test_scala40_opening_lesson_counts_to_40() -> None:
    """§7: the first meld alone (30) does not open; with the set of 5s (45) it does, in either
    order of the draft."""
    game = games.get("scala40")
    lesson = game.lesson_list()[1]
    play = walk_to(game, lesson, 1)
    session = play.session
    assert "under 40" in (session.why_refused("open 10H-JH-QH", PERSON) or "")
    assert set(lesson.steps[1].expect) == {"open 10H-JH-QH 5D-5C-5S", "open 5D-5C-5S 10H-JH-QH"}
    assert play.check("open 10H-JH-QH") is None  # the engine's own reason is said


def test_scala40_closing_lessons_end_the_hand_and_save() -> None:
    """§9, §11: the closing lessons end the hand, the person closing (in hand: the others'
    penalties doubled); a lesson's hand is a real one, so it saves and replays like any."""
    game = games.get("scala40")
    lessons = {lesson.id: lesson for lesson in game.lesson_list()}
    base = Settings(game="scala40", rules="classic")  # the page's settings of a Scala 40 table
    closing = walk(game, lessons["closing"], base).session
    in_hand = walk(game, lessons["close-in-hand"], base).session
    assert not closing.match.m.game.position()["in_hand"]
    assert in_hand.match.m.game.position()["in_hand"]
    assert in_hand.match.m.scores[1] == 2 * closing.match.m.scores[1] == 90
    for session in (closing, in_hand):
        again = type(session).from_json(session.to_json(), session.store)
        assert again.match.m.position() == session.match.m.position()


def test_scala40_close_in_hand_refuses_a_plain_opening() -> None:
    """§7, §9: an opening that leaves more than one card is legal, but it is no close in hand:
    the step says so in its own words."""
    game = games.get("scala40")
    lesson = game.lesson_list()[6]
    play = walk_to(game, lesson, 1)
    partial = "open 6S-7S-8S 5H-5D-5C-5S JH-JD-JC-JS"
    assert play.session.why_refused(partial, PERSON) is None
    assert play.check(partial) == "lesson_s40_in_hand_2_no"
    assert play.check("open 6S-7S-8S-9S-10S 5H-5D-5C-5S JH-JD-JC-JS") is None


@pytest.mark.parametrize("lesson", games.get("dernier").lesson_list(), ids=lambda lesson: lesson.id)
def test_no_dernier_lesson_costs_the_person_a_forgotten_call(lesson: Lesson) -> None:
    """§7: no step of a lesson leaves the person one card without the call (lesson 2 ended
    with the K as the last-but-one card: "you did not say Dernier: draw 2" beside its end);
    the only call is lesson 4's, made with its card."""
    game = games.get("dernier")
    for k, step in enumerate(lesson.steps, 1):
        session = walk_to(game, lesson, k - 1).session
        session.play(step.expect[0], PERSON)  # the step's move, before the others answer
        position = session.match.game.position()
        assert PERSON not in position["dernier_due"], f"step {k} leaves one card without the call"
    assert PERSON not in walk_to(game, lesson, len(lesson.steps)).session.match.game.position()["dernier_due"]


def test_two_tap_steps_mark_the_second_tap() -> None:
    """A J's or a Jolly's step marks the suit chooser's button while it is open, before the
    card; a call's step marks Dernier! only until it is pressed, then the card (§6, §7)."""
    wild, call = games.get("dernier").lesson_list()[2:4]
    for step in wild.steps:
        assert len(step.taps) == 2 and "#chooser[open]" in step.taps[0], step
    assert call.steps[-1].taps[0] == '#dernier[aria-pressed="false"]'
    assert call.steps[-1].taps[1].endswith('[data-card="6C"]')
