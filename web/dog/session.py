"""DOG's :class:`~web.shell.session.Session`: the shell's hooks filled in with :mod:`dog`'s
match (RULES §3–§5, §12, §13), and :class:`DogMatch`, which gives :class:`dog.Match` the
names, seat count and seed the shell asks of a match.

A DOG game is the shell's *hand*; the match is first team to N games (one by default). The
exchange (RULES §4) is simultaneous: bots give as soon as the cards are dealt
(:meth:`DogSession.bot_side_moves`); people give when they like."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

import dog
from web.shell.params import Settings
from web.shell.session import HUMAN, Seated, Session

SEATS = 4
APP_MATCH = "dog-page-match"


class DogMatch(Seated[dog.Match]):
    """A :class:`dog.Match` with the players' names and its seed (the shell's
    :class:`~web.shell.games.GameMatch`)."""

    @property
    def game(self) -> dog.Game:
        return self.m.game

    @property
    def over(self) -> bool:
        """The match is over: a team has won its games, or a seat abandoned or ran out of
        time (RULES §13: that ends the series too)."""
        return self.m.over or self.game.state.ended in ("abandon", "timeout")

    @property
    def games(self) -> int:
        """The games a team needs to win the match (RULES §12)."""
        return self.m.games

    def record(self) -> dict[str, Any]:
        data = self.m.record()
        data["names"] = list(self.names)
        data["seed"] = self.seed
        return data

    def save(self) -> dict[str, Any]:
        return {"app": APP_MATCH, "names": list(self.names), "seed": self.seed, "match": self.m.save()}

    @classmethod
    def load(cls, data: object) -> DogMatch:
        if not isinstance(data, dict) or data.get("app") != APP_MATCH:
            raise ValueError("not a DOG match")
        names, seed = data.get("names"), data.get("seed")
        if not isinstance(names, list) or len(names) != SEATS or not all(isinstance(n, str) for n in names):
            raise ValueError("bad names")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError("bad seed")
        try:
            match = dog.Match.load(data.get("match"))
        except dog.DogError as e:
            raise ValueError(str(e)) from None
        return cls(match, names, seed)


def public_log(match: DogMatch, seat: int) -> list[list[Any]]:
    """The current game's moves as ``[seat, move]``, a card given shown only to its giver
    and, once the team's cards have changed hands, its receiver (RULES §4); a move that sent
    pawns home or moved the partner's adds what it did (:func:`dog.match.move_effects`)."""
    h = match.m.history[-1]
    return public_moves(h["moves"], seat, h.get("effects"))


def public_moves(
    moves: Sequence[Sequence[Any]], seat: int | None, effects: Sequence[Any] | None = None
) -> list[list[Any]]:
    """``moves`` as ``seat`` may read them: another seat's given card hidden (RULES §4);
    every card shown for None (a replay with every hand face up). ``effects``, one per
    move, are public (the board shows them): each one not None is the entry's third item."""
    out: list[list[Any]] = []
    for k, (who, move) in enumerate(moves):
        if seat is not None and move.startswith("give ") and who != seat:
            move = "give"
        fx = effects[k] if effects is not None and k < len(effects) else None
        out.append([who, move] if fx is None else [who, move, fx])
    return out


class DogSession(Session):
    """A DOG match in the page (see :class:`~web.shell.session.Session`)."""

    GAME: ClassVar[str] = "dog"
    Illegal: ClassVar[type[ValueError]] = dog.IllegalMove

    #: the match, narrowed to DOG's (set by :class:`~web.shell.session.Session`)
    match: DogMatch

    # -- the shell's hooks ------------------------------------------------------------

    @classmethod
    def new_match(cls, settings: Settings, seed: int, names: list[str]) -> DogMatch:
        games = settings.variants.get("games", 1) if isinstance(settings.variants, dict) else 1
        if isinstance(games, bool) or not isinstance(games, int) or games < 1:
            games = 1
        return DogMatch(dog.Match.new(rules="standard", games=games, seed=seed), names, seed)

    @classmethod
    def load_match(cls, data: object) -> DogMatch:
        return DogMatch.load(data)

    @property
    def hand_over(self) -> bool:
        return bool(self.match.game.over)

    @property
    def turn(self) -> int | None:
        if self.match.game.over:
            return None
        turn: int | None = self.match.game.state.turn
        return turn

    def match_ended(self) -> bool:
        return self.match.over

    def stats_result(self) -> tuple[bool, int]:
        m = self.match
        if m.m.over:
            return m.winner == 0, 0
        return m.game.winner == 0, 0  # a series ended by an abandon (§13): that game decides

    def end_kind(self) -> str:
        ended = self.match.game.position().get("ended")
        return "abandoned" if ended in ("abandon", "timeout") else "finished"

    def public_facts(self) -> dict[str, Any]:
        m = self.match
        return {**super().public_facts(), "score": list(m.m.score), "games": m.m.games}

    def table_extras(self, state: dict[str, Any]) -> None:
        m = self.match
        state["names"] = list(m.names)
        state["players"] = SEATS
        state["hand_no"] = m.hand_no
        state["log"] = public_log(m, int(state["seat"]))

    def bot_rng(self, seat: int) -> random.Random:
        st = self.match.game.position()
        return random.Random(f"{self.match.seed}/{self.match.hand_no}/{st.get('move_no')}/{seat}")

    def bot_fallback_move(self, seat: int) -> str:
        legal = [m for m in self.match.legal_moves(seat) if m not in ("abandon", "timeout")]
        return legal[0]

    def bot_side_moves(self) -> list[int]:
        """The exchange (RULES §4): every bot that has not given yet gives now."""
        gave: list[int] = []
        g = self.match.game
        if g.over or g.state.phase != "exchange":
            return gave
        for seat in range(SEATS):
            if not self.is_bot(seat) or not any(m.startswith("give ") for m in g.legal_moves(seat)):
                continue
            view = self.match.view(seat)
            try:
                move = str(self.bot(seat).choose(view, self.bot_rng(seat)))
            except Exception:
                move = ""
            if not move.startswith("give "):
                move = next(m for m in g.legal_moves(seat) if m.startswith("give "))
            self.play(move, seat)
            gave.append(seat)
        return gave

    def position_key(self) -> tuple[Any, ...]:
        m = self.match
        return (m.hand_no, len(m.m.history[-1]["moves"]), m.over)

    def people_window(self) -> bool:
        return False

    def why_refused(self, move: str, seat: int) -> str | None:
        """The engine's reason (:meth:`dog.Match.why_refused`: nothing changes here)."""
        if self.match.over:
            return "the match is over"
        return self.match.why_refused(move, seat)


def _strs(v: object, n: int | None = None) -> bool:
    return isinstance(v, list) and (n is None or len(v) == n) and all(isinstance(x, str) for x in v)


def _log_entry(e: object) -> bool:
    """``[seat, move]`` or ``[seat, move, effects]`` (:func:`public_moves`)."""
    if not isinstance(e, list) or len(e) not in (2, 3):
        return False
    if not (isinstance(e[0], int) and isinstance(e[1], str)):
        return False
    return len(e) == 2 or isinstance(e[2], dict)


def check_state(state: object, seat: int) -> str | None:
    """Why a DOG table state a friend's page receives is unusable, or None (its shape: the
    keys the table draws from). A friend's own hand is a list, every other hand a count."""
    if not isinstance(state, dict):
        return "state is not an object"
    if state.get("seat") != seat or state.get("players") != SEATS:
        return f"state is not seat {seat}'s of four"
    hands = state.get("hands")
    if not (isinstance(hands, list) and len(hands) == SEATS and _strs(hands[seat])):
        return "bad hands"
    if any(not isinstance(h, int) or isinstance(h, bool) for i, h in enumerate(hands) if i != seat):
        return "another hand is not a count"
    pawns = state.get("pawns")
    if not (isinstance(pawns, list) and len(pawns) == SEATS and all(_strs(row, 4) for row in pawns)):
        return "bad pawns"
    checks = [
        ("names", _strs(state.get("names"), SEATS)),
        ("legal", _strs(state.get("legal"))),
        ("discard", _strs(state.get("discard"))),
        ("phase", state.get("phase") in ("exchange", "play", "over")),
        ("log", isinstance(log := state.get("log"), list) and all(_log_entry(e) for e in log)),
        ("hand_over", isinstance(state.get("hand_over"), bool)),
        ("match", isinstance(state.get("match"), dict)),
        ("turn", state.get("turn") is None or state.get("turn") in range(SEATS)),
    ]
    for key, ok in checks:
        if not ok:
            return f"bad {key}"
    return None


__all__ = ["HUMAN", "DogMatch", "DogSession", "check_state"]
