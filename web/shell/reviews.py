"""The post-hand review without the browser: what the shell's review dialog asks of a game
(:attr:`web.shell.games.GameSpec.review`, a :class:`Review`).

A review judges one seat's choices of one hand (a DOG game) of a match as the game's replay
book loaded it, in slices between which the page's event loop runs, and gives its findings
as :class:`Section` s the shell draws (``#review-dialog``): a heading, a line of figures and
the costliest choices, each with its ``data-*`` facts.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any

#: a review in slices: (done, total) between slices, the result last
Steps = Generator[tuple[int, int], None, dict[str, Any]]


@dataclass
class Section:
    """One seat's review of one hand: ``figures`` (a line, with ``figures_data``), ``items``
    (the costliest choices: text and ``data-*``), ``empty`` (said when there are no items)."""

    hand: int
    seat: int
    heading: str
    figures: str | None = None
    figures_data: dict[str, str] = field(default_factory=dict)
    items: list[tuple[str, dict[str, str]]] = field(default_factory=list)
    empty: str = ""


class Review:
    """A game's post-hand review (see the module)."""

    def steps(self, m: Any, seat: int, hands: list[int], slice_ms: float) -> Steps:
        """Review ``seat``'s choices in ``hands`` of ``m`` (the replay book's match)."""
        raise NotImplementedError

    def sections(self, result: dict[str, Any], names: list[str], lang: str) -> list[Section]:
        raise NotImplementedError
