"""What every game's bot tournament (``python -m <game> arena``) shares: the seeds and rngs
of a run (:func:`seed_of`, :func:`rng_of`: the same on every machine), win rates with their
95% Wilson interval (:func:`rate`) and the bots' decision times. Terminal only (the build
leaves ``arena.py`` out of the page)."""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any, Protocol

from .bots import Chooser
from .engine import derived
from .errors import GameError


class Table(Protocol):
    """A game (or match) as an arena's bots play it."""

    def view(self, seat: int) -> dict[str, Any]: ...

    def play(self, move: str, seat: int | None = None) -> None: ...


def seed_of(*parts: object) -> int:
    """The seed a run draws from the text ``parts`` joined by ``/`` (``seed_of("arena",
    seed, "deal", 3)``: deal 3 of the run seeded ``seed``)."""
    return derived(2**31, *parts)


def rng_of(*parts: object) -> random.Random:
    """A bot's rng in a run, seeded with the text ``parts`` joined by ``/``."""
    return random.Random("/".join(str(p) for p in parts))


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of ``wins`` out of ``n``."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate(wins: int, n: int, digits: int | None = 4) -> dict[str, Any]:
    """``win_rate`` (``wins`` of ``n``, rounded to ``digits`` when given; 0.0 for no games)
    and ``ci95``, its 95% Wilson interval (:func:`wilson`) rounded to four digits."""
    lo, hi = wilson(wins, n)
    share = wins / n if n else 0.0
    return {
        "win_rate": share if digits is None else round(share, digits),
        "ci95": [round(lo, 4), round(hi, 4)],
    }


def timed_choice(bot: Chooser, view: dict[str, Any], rng: random.Random, times: list[float] | None) -> str:
    """``bot.choose(view, rng)``, its time (seconds) appended to ``times``."""
    t0 = time.perf_counter()
    move = bot.choose(view, rng)
    if times is not None:
        times.append(time.perf_counter() - t0)
    return move


def bot_plays(
    table: Table, bot: Chooser, seat: int, rng: random.Random, times: list[float] | None, who: str
) -> str:
    """``bot`` at ``seat`` chooses from its view (:func:`timed_choice`) and plays; the move.
    A move the engine refuses is a bot's bug: ``RuntimeError`` naming ``who`` (the bot and
    where: ``"hard bot at seat 2 in hand 7"``), the move and the engine's reason."""
    move = timed_choice(bot, table.view(seat), rng, times)
    try:
        table.play(move, seat)
    except GameError as e:
        raise RuntimeError(f"{who} made an illegal move {move!r}: {e}") from None
    return move


def median_ms(times: Sequence[float], digits: int) -> float | None:
    """The median of decision times (seconds) in milliseconds; None without any."""
    return round(1000 * statistics.median(times), digits) if times else None


def p90_ms(times: Sequence[float], digits: int) -> float | None:
    """The 90th percentile (the lower of the two nearest) in milliseconds; None without any."""
    if not times:
        return None
    ordered = sorted(times)
    return round(1000 * ordered[int(0.9 * (len(ordered) - 1))], digits)
