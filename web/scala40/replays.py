"""Scala 40's replay book (:class:`web.shell.replaybook.EngineBook`): a kept match is its
:meth:`scala40.Match.record` with the page's names, its one-hand format and an abandon;
each hand is replayed from its dealt deck, and a position shows the melds on the table,
the discard pile, the stock and each seat's hand (its own only, from a seat's view, until
the hand is over)."""

from __future__ import annotations

from typing import Any

import scala40
from web.cards import faces
from web.scala40.session import PageMatch
from web.scala40.words import log_words
from web.shell.i18n import t
from web.shell.replaybook import EngineBook, Replayed


class Scala40Book(EngineBook):
    game = "scala40"

    def back_svg(self) -> str:
        return faces.back_svg()  # the house's card back

    def engine_load(self, record: dict[str, Any]) -> scala40.Match:
        return scala40.Match.load(record)

    def parts(self, match: PageMatch) -> Replayed:
        return Replayed(
            match.m, match.record(), list(match.names), match.result, {"one_hand": match.one_hand}
        )

    def page_match(self, r: Replayed) -> PageMatch:
        return PageMatch(r.match, r.names, bool(r.page.get("one_hand")), r.result)

    def outcome(self, r: Replayed) -> tuple[bool, list[int], list[int]]:
        pm = self.page_match(r)
        winner = pm.winner
        return pm.over, [] if winner is None else [winner], list(r.match.scores)

    def replay_start(self, record: dict[str, Any]) -> scala40.Match:
        first = record["history"][0]
        return scala40.Match.new(
            players=record["players"],
            rules=record["rules"],
            seed=record["seed"],
            dealer=first["dealer"],
            deck=first["deck"],
        )

    def next_deal(self, match: scala40.Match, hand: dict[str, Any]) -> None:
        match.next_hand(deck=hand["deck"])

    def frame(self, match: scala40.Match, moves: list[tuple[int, str]]) -> scala40.Game:
        return match.game.copy()

    def totals(self, match: scala40.Match) -> list[int]:
        return list(match.scores)

    def board(self, frame: scala40.Game, names: list[str], seat: int | None, lang: str) -> dict[str, Any]:
        g = frame
        pos = g.position()
        over = g.over
        n = g.players
        all_hands = [list(h) for h in pos["hands"]]
        view = g.view(0 if seat is None else seat)
        if seat is None or over:
            hands: list[list[str] | None] = list(all_hands)
        else:
            hands = [list(view["hand"]) if s == seat else None for s in range(n)]
        return {
            "players": n,
            "names": list(names),
            "hands": hands,
            "counts": [len(h) for h in all_hands],
            "melds": [{"owner": m["owner"], "cards": list(m["cards"])} for m in pos["melds"]],
            "discard": list(pos["discard"]),
            "stock": len(pos["stock"]),
            "opened": list(pos["opened"]),
            "out": list(pos["out"]),
            "turn": None if over else g.turn,
            "phase": g.phase,
            "over": over,
            "winner": g.hand_winner,
            "hand_scores": g.hand_scores,
            "dealer": g.dealer,
            # line 0 the deal, line n move n: as the list's numbers and "Move n of N" count
            "log": [t(lang, "replay_dealt", who=names[g.dealer])]
            + [log_words(e, names, lang) for e in view["history"]],
            "position": pos,
        }

    def dealt_text(self, m: Replayed, frames: Any, lang: str) -> str:
        return t(lang, "replay_dealt", who=m.names[frames.frames[0].dealer])


BOOK = Scala40Book()
