"""Ten's session in the page's shell: only the hooks a game must fill in."""

from __future__ import annotations

from typing import Any, ClassVar

from fakegame import IllegalMove, Match
from web.shell.params import Settings
from web.shell.replay import pack, record_id
from web.shell.session import Session


class TenSession(Session):
    GAME: ClassVar[str] = "ten"
    Illegal: ClassVar[type[ValueError]] = IllegalMove

    @classmethod
    def new_match(cls, settings: Settings, seed: int, names: list[str]) -> Any:
        return Match.new(settings.players, settings.hands or 1, seed, names)

    @classmethod
    def load_match(cls, data: object) -> Any:
        return Match.load(data)

    def match_ended(self) -> bool:
        return self.match.result is not None

    def replay_entry(self, kind: str, at_ms: int) -> dict[str, Any] | None:
        record = self.match.record()
        names = list(self.match.names)
        players = self.match.players
        return {
            "id": record_id(record),
            "kind": kind,
            "at": at_ms,
            "names": names,
            "players": players,
            "data": pack(record),
        }
