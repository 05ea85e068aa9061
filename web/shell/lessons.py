"""Lessons: a game taught at its own table, one step at a time (plain Python, no browser).

A game's lessons are data beside its table (:attr:`web.shell.games.GameSpec.lessons`,
``module:LESSONS``): a list of :class:`Lesson`. A lesson deals a fixed position (its
:attr:`Lesson.deal` builds the game's own match from the seats' names), then walks through
its :class:`Step`\\ s: each says what to try (a word key of the game's words), which move(s)
of the person's seat it waits for, which element of the table to point at (a CSS selector
the page resolves, marked ``data-lesson-target``) and the other seats' moves that follow,
played by scripted bots (:class:`ScriptBot`) so that the lesson always reaches its point.

:class:`LessonPlay` is the runner's state, whatever the game: the step, the scripted moves
still to come, whether the lesson is over, and the decision on a move of the person
(:meth:`LessonPlay.check`). The page (``web/shell/lessons_ui.py``) draws it; the tests walk
every lesson of every game through its engine (``tests/test_lessons.py``).

Progress is remembered per game (``<game>.lessons.v1``: the ids of the lessons finished).
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from web.shell.games import GameSpec
from web.shell.params import Settings, one_deal
from web.shell.session import Session, Store, player_names

#: the person's seat in a lesson
PERSON = 0


@dataclass(frozen=True)
class Step:
    """One thing to try: ``words`` (a word key) say it, ``expect`` lists the move strings
    of the person's seat that do it (the first is the one the lesson means), ``target`` is
    the CSS selector of the element to tap, ``then`` the other seats' moves that follow, in
    order (``(seat, move)``), until the person's next step.

    A move made of several taps (cards selected, then a button) gives ``target`` as the
    taps' selectors in order: the page marks the first one that matches an element, so each
    selector says when its tap is still to make (e.g. a card not yet selected, a button once
    the cards are)."""

    words: str
    expect: tuple[str, ...]
    target: str | tuple[str, ...]
    then: tuple[tuple[int, str], ...] = ()
    #: a word key said when the person makes another legal move ("" : the shell's own)
    instead: str = ""
    #: a word key said after the person's move, while the others play ("" : the shell's own)
    after: str = ""

    @property
    def taps(self) -> tuple[str, ...]:
        """The selectors of the step's taps, in order (one for a one-tap step)."""
        return (self.target,) if isinstance(self.target, str) else self.target


@dataclass(frozen=True)
class Lesson:
    """A lesson: its ``id`` (kept in the progress, ``body[data-lesson]``), its title (a word
    key), its seats, the fixed deal (``deal(names)`` returns the game's match, the person in
    seat 0), its steps, and the word key of what it taught (said at its end)."""

    id: str
    title: str
    players: int
    deal: Callable[[Sequence[str]], Any]
    steps: tuple[Step, ...]
    done: str
    #: the rule clauses it teaches (shown nowhere; for the tests' names and the reader)
    rules: tuple[str, ...] = field(default_factory=tuple)
    #: the other seats' scripted moves before the person's first step (a game whose first
    #: player is not seat 0)
    opening: tuple[tuple[int, str], ...] = ()


class LessonPlay:
    """One lesson being played on ``session`` (any game's :class:`~web.shell.session.Session`):
    the step the person is on, and the scripted moves of the other seats still to come."""

    def __init__(self, lesson: Lesson, number: int, session: Session) -> None:
        self.lesson = lesson
        self.number = number  # from 1
        self.session = session
        self.index = 0  # the step the person is on (len(steps): every step made)
        self.queue: deque[tuple[int, str]] = deque(lesson.opening)

    @property
    def step(self) -> Step | None:
        """The step the person is on, None once every step is made."""
        steps = self.lesson.steps
        return steps[self.index] if self.index < len(steps) else None

    @property
    def waiting(self) -> bool:
        """The person is to make the step's move now (the others' scripted moves are made)."""
        return self.step is not None and not self.queue and self.session.turn == PERSON

    @property
    def done(self) -> bool:
        """Every step made and every scripted move after them played."""
        return self.step is None and not self.queue

    def check(self, move: str) -> str | None:
        """The word key refusing the person's ``move``, or None when the page lets the
        engine decide (the step's move, one the engine refuses with its own reason, or any
        move once the lesson is over: the table plays on)."""
        step = self.step
        if step is None:
            return None if self.done else "lesson_wait"
        if self.queue:
            return "lesson_wait"
        if move in step.expect:
            return None
        if self.session.why_refused(move, PERSON) is not None:
            return None  # the engine's reason, in the table's own words
        return step.instead or "lesson_not_this"

    def made(self, move: str) -> None:
        """The person's ``move`` was played: the next step, after the others' moves."""
        step = self.step
        if step is not None and move in step.expect:
            self.queue.extend(step.then)
            self.index += 1

    def next_move(self, seat: int) -> str | None:
        """The scripted move of ``seat`` now (taken from the script), or None."""
        if self.queue and self.queue[0][0] == seat:
            return self.queue.popleft()[1]
        return None


class ScriptBot:
    """A bot that plays a lesson's script for its seat: the shell's bots' interface
    (``steps(view, rng)``), and any other decision a game asks of its bots (a call, a move
    out of turn: every other method) answered with the seat's scripted move, else None.
    Once the lesson is over the table plays on: the game's own easy bot decides."""

    def __init__(self, play: LessonPlay, seat: int) -> None:
        self.play = play
        self.seat = seat
        self.real: Any = None
        self._seat_level = ""  # the level Session.bot keeps its bot for

    def own_bot(self) -> Any:
        if self.real is None:
            self.real = self.play.session.game.make_bot("easy")
        return self.real

    def steps(self, view: Any, rng: Any) -> Generator[None, None, str | None]:
        if self.play.done:
            move: str | None = yield from self.own_bot().steps(view, rng)
            return move
        move = self.play.next_move(self.seat)
        if False:  # pragma: no cover - a generator that never pauses
            yield None
        return move

    def __getattr__(self, name: str) -> Callable[..., Any]:
        if name.startswith("_"):
            raise AttributeError(name)

        def decide(*args: Any, **kw: Any) -> Any:
            if self.play.done:
                return getattr(self.own_bot(), name)(*args, **kw)
            return self.play.next_move(self.seat)

        return decide


def lesson_session(game: GameSpec, lesson: Lesson, base: Settings) -> Session:
    """A session of ``game`` for ``lesson``: its fixed deal, the person in seat 0 (with
    ``base``'s name, language and bots' speed), every other seat a bot playing the script;
    saved nowhere (the person's own saved match stays as it was)."""
    n = lesson.players
    # no turn timer: a lesson waits for the person
    settings = replace(
        base,
        game=game.name,
        players=n,
        levels=("easy",) * (n - 1),
        names=(),
        seed=None,
        match_format=one_deal(game.name),
        timer=0,
    )
    cls = Session.class_for(game.name)
    return cls(settings, lesson.deal(player_names(settings)), Store(None, game.name))


def install_bots(play: LessonPlay) -> None:
    """Every seat but the person's plays the lesson's script."""
    s = play.session
    for seat in range(len(s.kinds)):
        if seat != PERSON:
            bot = ScriptBot(play, seat)
            bot._seat_level = s.level(seat)  # kept by Session.bot
            s.bots[seat] = bot


def progress_key(game: str) -> str:
    return f"{game}.lessons.v1"


def read_progress(text: str | None) -> list[str]:
    """The ids of the lessons finished, from what was stored (anything else: none)."""
    try:
        data = json.loads(text or "[]")
    except ValueError:
        return []
    if not isinstance(data, list):
        return []
    return [x for x in data if isinstance(x, str)]


def with_done(done: list[str], lesson_id: str) -> str:
    """The stored progress once ``lesson_id`` is finished too."""
    return json.dumps(done if lesson_id in done else [*done, lesson_id])


def lesson_number(value: str, count: int) -> int | None:
    """The ``?lesson=`` value as a lesson's number (1…count), else None."""
    text = value.strip()
    if not text.isdigit() or not text.isascii():
        return None
    n = int(text)
    return n if 1 <= n <= count else None
