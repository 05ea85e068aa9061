"""What every game's bot tournament (``python -m <game> arena``) reports: win rates with
their 95% Wilson interval and the bots' decision times. Terminal only (the build leaves
``arena.py`` out of the page)."""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

from .bots import Chooser


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of ``wins`` out of ``n``."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


def timed_choice(bot: Chooser, view: dict[str, Any], rng: random.Random, times: list[float] | None) -> str:
    """``bot.choose(view, rng)``, its time (seconds) appended to ``times``."""
    t0 = time.perf_counter()
    move = bot.choose(view, rng)
    if times is not None:
        times.append(time.perf_counter() - t0)
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
