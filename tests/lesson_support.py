"""What the lessons' tests share: a lesson walked through its engine, step by step."""

from __future__ import annotations

from web.shell import games
from web.shell.lessons import PERSON, Lesson, LessonPlay, install_bots, lesson_session
from web.shell.params import Settings


def walk_to(game: games.GameSpec, lesson: Lesson, steps: int) -> LessonPlay:
    """``lesson`` after its first ``steps`` steps (the person's expected moves) and the
    others' scripted moves after each."""
    session = lesson_session(game, lesson, Settings())
    play = LessonPlay(lesson, 1, session)
    install_bots(play)
    for step in lesson.steps[:steps]:
        session.play(step.expect[0], PERSON)
        play.made(step.expect[0])
        while play.queue:
            seat, move = play.queue.popleft()
            session.play(move, seat)
    return play
