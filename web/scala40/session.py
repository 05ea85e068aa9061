"""Scala 40's :class:`~web.shell.session.Session`: the shell's hooks filled in with
:mod:`scala40`'s match (RULES §1–§13). :class:`PageMatch` gives the rules package's match
what the shell asks of every match that the engine does not know (names, one hand or a
whole match, the page's save); the seats that went out decide on a re-entry out of turn
(§12): bots at once, people by ``#reenter``/``#retire``."""

from __future__ import annotations

import random
from typing import Any, ClassVar

import scala40
from scala40 import IllegalMove, Scala40Error
from scala40.bots import make_bot
from tabletop.engine import META_MOVES
from web.shell.params import Settings
from web.shell.session import HUMAN, HandInPlay, Seated, Session

SAVE_FORMAT = "scala40-page-match"


def rules_spec(settings: Settings) -> str | dict[str, Any]:
    """The rules of a match from the page's settings: the preset and its changed fields."""
    spec: dict[str, Any] = {"preset": settings.rules}
    spec.update({k: v for k, v in settings.variants.items() if k in ("out_at", "reentries")})
    return spec if len(spec) > 1 else settings.rules


class PageMatch(Seated[scala40.Match]):
    """A :class:`scala40.Match` with the names of its seats and one hand or a whole match
    (``one_hand``). How it ended early (``result``: abandoned) is the engine's; ``result``
    given here is that of a save or a replay kept before the engine knew it, given to the
    engine (ValueError when it cannot be)."""

    def __init__(
        self, match: scala40.Match, names: list[str], one_hand: bool, result: dict[str, Any] | None = None
    ) -> None:
        super().__init__(match, names, match.seed)
        self.one_hand = one_hand
        if result is not None and match.result is None:
            match.abandon(int(result["seat"]))

    @property
    def result(self) -> dict[str, Any] | None:
        return self.m.result

    @property
    def game(self) -> scala40.Game:
        return self.m.game

    @property
    def over(self) -> bool:
        if self.m.over:  # played out, or a seat left (the engine's result)
            return True
        return self.one_hand and self.m.game.over and not self.m.decide

    @property
    def winner(self) -> int | None:
        if self.m.over:
            return self.m.winner
        if self.over:
            return self.m.game.hand_winner
        return None

    @property
    def ranking(self) -> list[int]:
        """Seats best first: the match's ranking (§12), or by this hand's total after one hand."""
        if self.m.over:
            return list(self.m.ranking)
        scores = self.m.scores
        return sorted(range(self.players), key=lambda s: (self.m.out_hand[s] is not None, scores[s], s))

    def view(self, seat: int) -> dict[str, Any]:
        v = self.m.view(seat)
        v["names"] = list(self.names)
        v["one_hand"] = self.one_hand
        return v

    def legal_moves(self, seat: int | None = None) -> list[str]:
        return [] if self.over else self.m.legal_moves(seat)

    def next_hand(self) -> None:
        if self.over:
            raise IllegalMove("the match is over")
        self.m.next_hand()

    def save(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "match": self.m.save(),
            "names": list(self.names),
            "one_hand": self.one_hand,
            "result": self.result,
        }

    @classmethod
    def load(cls, data: object) -> PageMatch:
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise ValueError("not a Scala 40 match of this page")
        names = data.get("names")
        result = data.get("result")
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise ValueError("bad names")
        if result is not None and not (isinstance(result, dict) and isinstance(result.get("seat"), int)):
            raise ValueError("bad result")
        try:
            m = scala40.Match.load(data.get("match"))  # type: ignore[arg-type]
        except Scala40Error as e:
            raise ValueError(str(e)) from None
        if len(names) != m.players:
            raise ValueError("bad names")
        return cls(m, names, bool(data.get("one_hand")), result)


class Scala40Session(HandInPlay, Session):
    """A Scala 40 match in the page (see :class:`~web.shell.session.Session`)."""

    GAME: ClassVar[str] = "scala40"
    Illegal: ClassVar[type[ValueError]] = IllegalMove
    match: PageMatch

    @classmethod
    def new_match(cls, settings: Settings, seed: int, names: list[str]) -> PageMatch:
        m = scala40.Match.new(players=settings.players, rules=rules_spec(settings), seed=seed)
        return PageMatch(m, names, one_hand=settings.hands == 1)

    @classmethod
    def load_match(cls, data: object) -> PageMatch:
        return PageMatch.load(data)

    def match_ended(self) -> bool:
        return self.match.result is not None

    def end_kind(self) -> str:
        return "abandoned" if self.match.result is not None else "finished"

    def stats_result(self) -> tuple[bool, int]:
        return self.match.winner == HUMAN, self.match.m.scores[HUMAN]

    def bot_rng(self, seat: int) -> random.Random:
        return random.Random(
            f"{self.match.seed}/{self.match.hand_no}/{len(self.match.game.view(seat)['history'])}/{seat}"
        )

    def bot_fallback_move(self, seat: int) -> str:
        view = self.match.view(seat)
        return str(make_bot("easy").choose(view, self.bot_rng(seat)))

    def play(self, move: str, seat: int = HUMAN) -> None:
        super().play(move, seat)
        if self.hand_over and self.match.m.decide:
            # the driver rests once a hand is over: bots decide on their re-entry now (§12)
            self.bot_side_moves()

    def bot_side_moves(self) -> list[int]:
        """Bots that went out decide on a re-entry at once (§12)."""
        moved: list[int] = []
        if self.match.result is not None:
            return moved
        for seat in self.match.m.decide:
            if self.is_bot(seat):
                move = self.bot(seat).choose(self.match.view(seat), self.bot_rng(seat))
                self.play(move if move in ("reenter", "retire") else "retire", seat)
                moved.append(seat)
        return moved

    def why_refused(self, move: str, seat: int) -> str | None:
        """The engine's own reason (§n, :meth:`scala40.Match.why_refused`: the match is never
        touched). Leaving and the turn timer are this page's, never a move sent to it."""
        if self.match.result is not None:
            return "the match is over"
        if move in META_MOVES:
            return f"{move!r} is not a move (draw, take, open, meld, attach, swap, discard)"
        return self.match.why_refused(move, seat)

    def public_facts(self) -> dict[str, Any]:
        m = self.match
        facts = super().public_facts()
        facts["ranking"] = m.ranking if m.over else None
        facts["result"] = dict(m.result) if m.result else None
        return facts

    def table_extras(self, state: dict[str, Any]) -> None:
        """The seat's own possible melds (from its own hand: RULES §4) for the table to
        light what a selection could form."""
        seat = int(state["seat"])
        g = self.match.game
        state["can_meld"] = [] if g.over or seat in g.state.out else g.melds(seat)
