"""Ten's session in the page's shell: only the hooks a game must fill in."""

from __future__ import annotations

from typing import ClassVar

from fakegame import IllegalMove, Match
from web.shell.params import Settings
from web.shell.session import Session


class TenSession(Session):
    GAME: ClassVar[str] = "ten"
    Illegal: ClassVar[type[ValueError]] = IllegalMove
    match: Match

    @classmethod
    def new_match(cls, settings: Settings, seed: int, names: list[str]) -> Match:
        return Match.new(players=settings.players, hands=settings.hands or 1, seed=seed, names=names)

    @classmethod
    def load_match(cls, data: object) -> Match:
        return Match.load(data)

    @property
    def hand_over(self) -> bool:
        return self.match.over or self.match.game.over

    @property
    def turn(self) -> int | None:
        return None if self.hand_over else self.match.game.turn

    def match_ended(self) -> bool:
        return self.match.result is not None
