"""DOG's replay book (:class:`web.shell.replaybook.EngineBook`): a kept match is its
:meth:`dog.Match.record` with the page's names; each game (the shell's *hand*) is replayed
from its seed, and a position shows the board, the last card played and each seat's cards
(its own only, from a seat's view, and the cards given in the exchange only to their
givers: RULES §4)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import dog
from dog.board import team_of
from dog.rules import ruleset
from web.cards import faces
from web.dog.session import DogMatch, public_moves
from web.dog.words import log_line, round_words
from web.shell.i18n import t
from web.shell.replaybook import EngineBook, Replayed

SEATS = 4


@dataclass
class DogFrame:
    """A position of a replayed game: the game's first ``made`` moves of ``moves`` (the
    whole game's list, shared by its frames) led to it."""

    game: dog.Game
    moves: list[tuple[int, str]]
    made: int
    #: what each move of the game did beside its own pawn (the match's, shared)
    effects: list[Any]


def log_texts(lang: str, names: list[str], seat: int | None, log: list[list[Any]]) -> list[str]:
    """The log's lines as ``seat`` reads them, with a line where each new round begins."""
    out: list[str] = []
    for e in log:
        fx = e[2] if len(e) > 2 else None
        out.append(log_line(lang, names, int(e[0]), str(e[1]), fx=fx, me=seat))
        dealt = round_words(lang, fx)
        if dealt:
            out.append(dealt)
    return out


class DogBook(EngineBook):
    game = "dog"
    winner_kind = "team"

    def back_svg(self) -> str:
        return faces.back_svg()  # the house's card back

    def engine_load(self, record: dict[str, Any]) -> dog.Match:
        return dog.Match.load(record)

    def seats(self, match: Any) -> int:
        return SEATS

    def parts(self, match: DogMatch) -> Replayed:
        return Replayed(match.m, match.m.record(), list(match.names))

    def outcome(self, r: Replayed) -> tuple[bool, list[int], list[int]]:
        m: dog.Match = r.match
        if not m.over or m.winner is None:
            return m.over, [], list(m.score)
        return True, [s for s in range(SEATS) if team_of(s) == m.winner], list(m.score)

    def replay_start(self, record: dict[str, Any]) -> dog.Match:
        first = record["history"][0]
        return dog.Match.new(
            rules=ruleset(record["rules"]), games=record["games"], seed=first["seed"], dealer=first["dealer"]
        )

    def next_deal(self, match: dog.Match, hand: dict[str, Any]) -> None:
        match.next_game()

    def frame(self, match: dog.Match, moves: list[tuple[int, str]]) -> DogFrame:
        return DogFrame(match.game.copy(), moves, len(moves), match.effects)

    def totals(self, match: dog.Match) -> list[int]:
        return list(match.score)

    def board(self, frame: DogFrame, names: list[str], seat: int | None, lang: str) -> dict[str, Any]:
        g = frame.game
        made = frame.moves[: frame.made]
        pos = g.position()
        over = g.over
        all_hands = [list(h) for h in pos["hands"]]
        if seat is None or over:
            hands: list[list[str] | None] = list(all_hands)
            given = list(pos["given"])
        else:
            v = g.view(seat)
            hands = [list(v["hands"][seat]) if s == seat else None for s in range(SEATS)]
            given = [x if s == seat else None for s, x in enumerate(pos["given"])]
        return {
            "players": SEATS,
            "names": list(names),
            "hands": hands,
            "counts": [len(h) for h in all_hands],
            "pawns": [list(row) for row in pos["pawns"]],
            "discard": list(pos["discard"]),
            "given": given,
            "round": pos["round"],
            "cards": pos["cards"],
            "phase": pos["phase"],
            "turn": None if over else g.turn,
            "over": over,
            "winner": g.winner,  # the team (0: seats 0 and 2)
            "winners": [] if g.winner is None else [x for x in range(SEATS) if team_of(x) == g.winner],
            "dealer": pos["dealer"],
            "log": log_texts(lang, names, seat, public_moves(made, seat, frame.effects[: frame.made])),
            "position": pos,
        }

    def dealt_text(self, m: Replayed, frames: Any, lang: str) -> str:
        return t(lang, "replay_dealt", who=m.names[int(frames.frames[0].game.position()["dealer"])])

    def file_name(self, m: Replayed) -> str:
        return f"dog-match-{m.record['history'][0]['seed']}.json"


BOOK = DogBook()
