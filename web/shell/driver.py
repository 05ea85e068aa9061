"""Drives the bots of a :class:`~web.shell.session.Session` from an asyncio loop (the browser's
event loop under Pyodide) without ever holding the main thread for long.

A bot thinks through ``bot.steps(view, rng)``, a generator that yields ``None`` every few
milliseconds and finally the move; the driver runs it in slices of at most
:data:`SLICE_MS` and awaits ``pause()`` between slices, so the browser can paint and
handle input (no task longer than ~50 ms). Between moves it waits the bots' delay, or a
longer grace while a person has a window to act out of turn, so that a person can press
the button. It knows no game and none of a game's moves: who may act out of turn is the
game's engine's to say (``actors()``, :class:`tabletop.engine.WhoActs`), and the session's
hooks ask it (``bot_side_moves``, ``people_window``, ``people_may_interrupt``,
``bot_may_interrupt``, ``bot_interrupt``).

Everything here is testable in CPython: pass ``sleep``/``now`` and an ``on_change``
callback (the page re-renders there).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

from web.shell.session import Session

SLICE_MS = 4.0
GRACE_MS = 1500
POLL_MS = 40
#: the least pause before the next bot acts while a person may cut in before the seat to act
JUMP_WINDOW_MS = 1200
#: the least pause before a bot cuts in while a person is to act
HUMAN_TURN_JUMP_MS = 600


async def _sleep_ms(ms: float) -> None:
    await asyncio.sleep(ms / 1000)


def _now_ms() -> float:
    return time.perf_counter() * 1000


class Driver:
    def __init__(
        self,
        get_session: Callable[[], Session | None],
        on_change: Callable[[str, int | None], None],
        sleep: Callable[[float], Awaitable[Any]] = _sleep_ms,
        now: Callable[[], float] = _now_ms,
        grace_ms: int = GRACE_MS,
        held: Callable[[], bool] = lambda: False,
    ) -> None:
        self.get_session = get_session
        self.on_change = on_change  # (what happened, seat): "move", "call", "idle", "error"
        self.sleep = sleep
        self.now = now
        self.grace_ms = grace_ms
        self.gen = 0  # bumped to stop a running loop (new match, abandon …)
        self.running = False
        self.thinking: int | None = None  # the bot seat thinking now
        self.max_slice_ms = 0.0  # the longest slice of bot thinking seen (for tests)
        self.paused = False
        #: a person is reading what the page shows them (the first-time help, any dialog):
        #: no bot moves, calls or cuts in until it is closed
        self.held = held

    def stop(self) -> None:
        self.gen += 1
        self.thinking = None

    def kick(self) -> asyncio.Task[None] | None:
        """Start the loop if it is not running (call after every change of the match)."""
        if self.running:
            return None
        return asyncio.ensure_future(self.run())

    async def run(self) -> None:
        if self.running:
            return
        self.running = True
        gen = self.gen
        try:
            await self._loop(gen)
        finally:
            self.running = False
            self.thinking = None
        if gen != self.gen:  # stopped for a new match: serve it
            self.kick()

    def _live(self, gen: int, s: Session) -> bool:
        return gen == self.gen and self.get_session() is s

    async def _loop(self, gen: int) -> None:
        while True:
            s = self.get_session()
            if s is None or gen != self.gen:
                return
            if s.hand_over:
                self.on_change("idle", None)
                return
            if self.held() or self.paused:  # no bot moves, calls or cuts in meanwhile
                while self._live(gen, s) and (self.held() or self.paused):
                    await self.sleep(POLL_MS)
                continue
            called = s.bot_side_moves()
            seat: int | None
            for seat in called:
                self.on_change("call", seat)
            seat = s.next_bot()
            if seat is None:
                turn = s.turn
                if turn is not None and s.bot_may_interrupt():
                    # on a person's turn a bot may cut in after a short pause
                    await self._wait_jump(gen, s)
                    if not self._live(gen, s):
                        return
                    held = self.paused or self.held()
                    jumped = s.bot_interrupt() if s.turn == turn and not held else None
                    if jumped is not None:
                        self.on_change("move", jumped)
                        await self.sleep(0)
                    continue
                self.on_change("idle", None)
                return
            await self._wait_before(gen, s)
            if not self._live(gen, s):
                return
            if self.held():
                continue  # a dialog opened during the delay: the person reads it first
            if not s.hand_over and s.next_bot() == seat:
                jumped = s.bot_interrupt()  # a bot may cut in before the seat to act moves
                if jumped is not None:
                    self.on_change("move", jumped)
                    await self.sleep(0)
                    continue
            if not self._live(gen, s) or s.next_bot() != seat or s.hand_over:
                if not self._live(gen, s):
                    return
                continue
            move = await self._think(gen, s, seat)
            if move is None or not self._live(gen, s) or s.next_bot() != seat:
                if not self._live(gen, s):
                    return
                continue
            try:
                s.play(move, seat)
            except ValueError:
                s.play(s.bot_fallback_move(seat), seat)
            self.on_change("move", seat)
            await self.sleep(0)  # let the browser paint the move

    async def _wait_jump(self, gen: int, s: Session) -> None:
        """Before a bot cuts in on a person's turn: the bots' delay, at least
        :data:`HUMAN_TURN_JUMP_MS`; cut short by any move."""
        wait = max(s.settings.delay, HUMAN_TURN_JUMP_MS)
        start = self.now()
        moves = s.changes
        while self._live(gen, s) and s.changes == moves and self.now() - start < wait:
            await self.sleep(min(POLL_MS, wait - (self.now() - start)))

    async def _wait_before(self, gen: int, s: Session) -> None:
        """The bots' delay; while a person's window to act out of turn is open, at
        least the grace window (cut short to the normal delay once it closes); while a
        person may cut in, at least :data:`JUMP_WINDOW_MS` (cut short by any move)."""
        delay = max(0, s.settings.delay)
        jump_window = s.people_may_interrupt()
        if jump_window:
            delay = max(delay, JUMP_WINDOW_MS)
        start = self.now()
        moves = s.changes
        if s.people_window():
            grace = max(self.grace_ms, delay)
            while self._live(gen, s) and s.people_window() and self.now() - start < grace:
                await self.sleep(min(POLL_MS, grace - (self.now() - start)))
        while self._live(gen, s) and (self.paused or self.held()):
            await self.sleep(POLL_MS)
        left = delay - (self.now() - start)
        while left > 0 and self._live(gen, s) and not (jump_window and s.changes != moves):
            await self.sleep(min(left, 100))
            left = delay - (self.now() - start)
        if delay == 0:
            await self.sleep(0)

    async def _think(self, gen: int, s: Session, seat: int) -> str | None:
        view = s.view(seat)
        rng = s.bot_rng(seat)
        self.thinking = seat
        self.on_change("thinking", seat)
        try:
            steps = s.bot(seat).steps(view, rng)
            start = self.now()
            while True:
                try:
                    step = next(steps)
                except StopIteration as stop:
                    return str(stop.value) if stop.value else s.bot_fallback_move(seat)
                if step is not None:
                    return str(step)
                elapsed = self.now() - start
                if elapsed >= SLICE_MS:
                    self.max_slice_ms = max(self.max_slice_ms, elapsed)
                    await self.sleep(0)
                    if not self._live(gen, s):
                        return None
                    start = self.now()
        except Exception:
            return s.bot_fallback_move(seat)
        finally:
            self.thinking = None
