"""Ten's session in the page's shell: only the hooks a game must fill in."""

from __future__ import annotations

from typing import ClassVar

from fakegame import IllegalMove, Match
from web.shell.params import Settings
from web.shell.session import HandInPlay, Session


class TenSession(HandInPlay, Session):
    GAME: ClassVar[str] = "ten"
    Illegal: ClassVar[type[ValueError]] = IllegalMove
    match: Match

    @classmethod
    def new_match(cls, settings: Settings, seed: int, names: list[str]) -> Match:
        return Match.new(players=settings.players, hands=settings.hands or 1, seed=seed, names=names)

    @classmethod
    def load_match(cls, data: object) -> Match:
        return Match.load(data)

    def match_ended(self) -> bool:
        return self.match.result is not None
