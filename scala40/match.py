"""Matches: hands in a row, totals, elimination at ``out_at``, re-entries, saves and replays
(RULES §12)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from tabletop import engine
from tabletop.saves import Saved, SaveFormat

from .cards import CODE_OF
from .errors import IllegalMove, PositionError, SaveError, Scala40Error
from .game import Game, check_players, check_seed
from .moves import parse_move
from .position import MATCH_FIELDS
from .rules import Ruleset, ruleset

SAVE_FORMAT = "scala40-match"
SAVE_VERSION = 1
SAVES = SaveFormat(
    name=SAVE_FORMAT,
    version=SAVE_VERSION,
    fields=("format", "version", "rules", "players", "seed", "history", "position"),
    game="Scala 40",
    reader="this",
    unit="hand",
    save_error=SaveError,
    game_error=Scala40Error,
)


def _hand_seed(seed: int, hand_no: int) -> int:
    return engine.hand_seed("scala40", seed, hand_no)


def _first_dealer(seed: int, players: int) -> int:
    return engine.first_dealer("scala40", seed, players)


class Match(engine.Actors, engine.Refusals, Saved):
    """A match played to ``out_at`` (RULES §12). A seat may leave it (:meth:`abandon`): the
    match ends at once, that seat last; ``result`` then says who and how."""

    def __init__(self, rules: Ruleset, players: int, seed: int) -> None:
        self.rules = rules
        self.players = players
        self.seed = seed
        self.hand_no = 0
        self.game: Game = None  # type: ignore[assignment]
        self._scores = [0] * players
        self._reentered = [0] * players
        self._decide: list[int] = []
        self._out_hand: list[int | None] = [None] * players
        self._gone: list[int] = []  # seats that went out in this hand (§12: not "still in")
        self._scored = False
        self._moves: list[tuple[int, str]] = []
        self._history: list[dict[str, Any]] | None = []  # None: built from a position
        #: ``{"kind": "abandon", "seat": s}`` once a seat has left the match, else None
        self.result: dict[str, Any] | None = None

    # -- building ---------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        players: int = 4,
        rules: str | dict[str, Any] | Ruleset | None = "classic",
        seed: int | None = None,
        dealer: int | None = None,
        deck: Sequence[str] | None = None,
    ) -> Match:
        """A new match with its first hand dealt (the first dealer drawn from the seed)."""
        rs = ruleset(rules)
        n, _ = check_players(players, ())
        m = cls(rs, n, check_seed(seed))
        m._deal(_first_dealer(m.seed, n) if dealer is None else dealer, deck)
        return m

    def _out_seats(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if self._out_hand[s] is not None)

    def _deal(self, dealer: int, deck: Sequence[str] | None) -> None:
        self.hand_no += 1
        self.game = Game.new(
            self.players,
            self.rules,
            seed=_hand_seed(self.seed, self.hand_no),
            dealer=dealer,
            deck=deck,
            out=self._out_seats(),
        )
        self._scored = False
        self._gone = []
        self._moves = []

    def next_hand(self, deck: Sequence[str] | None = None) -> None:
        """Deal the next hand; the deal passes to the next seat still in (RULES §2)."""
        if self.over:
            raise IllegalMove("the match is over")
        if not self.game.over:
            raise IllegalMove("the current hand is not over yet")
        if self._decide:
            raise IllegalMove(f"seat(s) {self._decide} must first reenter or retire (§12)")
        if self._history is not None and self.game.deck is not None:
            self._history.append(self._hand_record())
        else:
            self._history = None
        out = self._out_seats()
        d = self.game.dealer
        for _ in range(self.players):
            d = (d + 1) % self.players
            if d not in out:
                break
        self._deal(d, deck)

    # -- reading ----------------------------------------------------------------------

    @property
    def scores(self) -> list[int]:
        """Running totals, the finished hand included."""
        return list(self._scores)

    @property
    def reentered(self) -> list[int]:
        return list(self._reentered)

    @property
    def decide(self) -> list[int]:
        """Seats that went out in this hand and still have to reenter or retire."""
        return list(self._decide)

    @property
    def out_hand(self) -> list[int | None]:
        return list(self._out_hand)

    def still_in(self) -> list[int]:
        return [s for s in range(self.players) if self._out_hand[s] is None]

    @property
    def over(self) -> bool:
        if self.result is not None:
            return True
        return self.game.over and not self._decide and len(self.still_in()) <= 1

    @property
    def winner(self) -> int | None:
        if not self.over:
            return None
        if self.result is not None:  # the best of those who stayed
            return self.ranking[0]
        return self.still_in()[0]

    @property
    def ranking(self) -> list[int]:
        """Seats best first (RULES §12): who is still in, then by the hand in which each went out
        for good (later is better), then by lower total."""

        def key(s: int) -> tuple[int, int, int]:
            oh = self._out_hand[s]
            return (-(oh if oh is not None else 1 << 30), self._scores[s], s)

        order = sorted(range(self.players), key=key)
        if self.result is not None:  # who left the match is last
            seat = self.result["seat"]
            order = [s for s in order if s != seat] + [seat]
        return order

    @property
    def turn(self) -> int | None:
        """The seat to act; None once the hand or the match is over (then the seats in
        :attr:`decide` still act: :meth:`actors`)."""
        return None if self.result is not None else self.game.turn

    # -- acting -----------------------------------------------------------------------

    def legal_moves(self, seat: int | None = None) -> list[str]:
        """The seat's moves now (default: the seat to act); never ``abandon``/``timeout``,
        which :meth:`play` takes too."""
        if self.result is not None:
            return []
        if self.game.over:
            if seat is not None and seat in self._decide:
                return ["reenter", "retire"]
            return []
        return self.game.legal_moves(seat)

    def is_legal(self, move: str, seat: int | None = None) -> bool:
        if move in engine.META_MOVES or self.result is not None:
            return self.why_refused(move, seat) is None
        return self._legal(move, seat)

    def allows(self, move: str, seat: int | None = None) -> bool:
        """:meth:`why_refused`'s check without a copy: an opening too (the hand's check)."""
        return self.result is None and move not in engine.META_MOVES and self._legal(move, seat)

    def _legal(self, move: str, seat: int | None) -> bool:
        if move in ("reenter", "retire"):
            return self.game.over and (seat in self._decide if seat is not None else bool(self._decide))
        return self.game.is_legal(move, seat)

    def play(self, move: str, seat: int | None = None) -> None:
        """A move of the hand, or ``reenter``/``retire`` by a seat in ``decide`` (any order), or
        ``abandon`` (:meth:`abandon`) or ``timeout`` (:meth:`timeout`)."""
        if engine.leave_or_time_out(self, move, seat):
            return
        if self.result is not None:
            raise IllegalMove("the match is over")
        mv = parse_move(move)
        if mv[0] in ("reenter", "retire"):
            if seat is None:
                if not self._decide:
                    raise IllegalMove("nobody has to decide on a re-entry (§12)")
                seat = self._decide[0]
            if seat not in self._decide:
                raise IllegalMove(f"seat {seat!r} has no re-entry to decide (§12)")
            if mv[0] == "reenter":
                still = [s for s in self.still_in() if s not in self._gone]
                self._scores[seat] = max(self._scores[s] for s in still)
                self._reentered[seat] += 1
            else:
                self._out_hand[seat] = self.hand_no
            self._decide.remove(seat)
            self._moves.append((seat, move))
            return
        if self.game.over:
            raise IllegalMove("the hand is over: deal the next one (next_hand)")
        s = self.game.turn if seat is None else seat
        assert s is not None
        self.game.play(move, seat)
        self._moves.append((s, move))
        self._after_move()

    def abandon(self, seat: int | None) -> None:
        """``seat`` leaves the match: it ends at once, that seat last (kept in the record as
        its move ``abandon``)."""
        if self.over:
            raise IllegalMove("the match is over")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalMove(f"there is no seat {seat!r}")
        self.result = {"kind": "abandon", "seat": seat}
        self._moves.append((seat, "abandon"))

    def timeout(self, seat: int | None = None) -> None:
        """``seat`` (default: the seat to act, else the first deciding on a re-entry) ran out
        of time: a plain move is made for it, the easy bot's (drawn from the stock, a meld it
        sees, its highest card thrown; §12's choice as that bot makes it). The record keeps
        that move."""
        if self.over:
            raise IllegalMove("the match is over")
        if seat is None:
            seat = self.game.turn if not self.game.over else next(iter(self._decide), None)
        if seat is None or (seat not in self._decide and (self.game.over or seat != self.game.turn)):
            raise IllegalMove(f"seat {seat!r} is not to act, so it cannot run out of time")
        from .bots import make_bot  # the bots build on this module

        view = self.view(seat)
        rng = random.Random(f"{self.seed}/{self.hand_no}/{len(view['history'])}")
        self.play(make_bot("easy").choose(view, rng), seat)

    def _after_move(self) -> None:
        g = self.game
        if not g.over or self._scored:
            return
        self._scored = True
        scores = g.hand_scores
        assert scores is not None
        out = g.state.out
        for s, v in enumerate(scores):
            if s in out:
                continue
            self._scores[s] += v
            if self._scores[s] >= self.rules.out_at:
                self._gone.append(s)
                if self._reentered[s] < self.rules.reentries:
                    self._decide.append(s)
                else:
                    self._out_hand[s] = self.hand_no

    # -- positions, views, records -----------------------------------------------------

    def position(self) -> dict[str, Any]:
        pos = self.game.position()
        pos["scores"] = self.scores
        pos["reentered"] = self.reentered
        pos["decide"] = self.decide
        pos["out_hand"] = self.out_hand
        pos["hand_no"] = self.hand_no
        pos["seed"] = self.seed
        if self.result is not None:
            pos["result"] = dict(self.result)
        return pos

    @classmethod
    def from_position(cls, pos: dict[str, Any]) -> Match:
        """A match from :meth:`position` (all match fields but ``seed`` required; ``result``
        once a seat has left)."""
        if not isinstance(pos, dict):
            raise PositionError("a position is a JSON object")
        missing = [f for f in MATCH_FIELDS if f != "seed" and f not in pos]
        if missing:
            raise PositionError(f"missing match field(s): {', '.join(missing)}")
        result = pos.get("result")
        g = Game.from_position({k: v for k, v in pos.items() if k != "result"})
        n = g.players
        seed = pos.get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise PositionError("seed must be a whole number")
        m = cls(g.rules, n, seed)
        m.game = g
        hand_no = pos["hand_no"]
        if isinstance(hand_no, bool) or not isinstance(hand_no, int) or hand_no < 1:
            raise PositionError("hand_no must be a whole number from 1")
        m.hand_no = hand_no
        for name in ("scores", "reentered"):
            v = pos[name]
            if not isinstance(v, list) or len(v) != n or not all(type(x) is int for x in v):
                raise PositionError(f"{name} must be a list of {n} whole numbers")
        if not all(0 <= x <= m.rules.reentries for x in pos["reentered"]):
            raise PositionError(f"reentered counts must be from 0 to reentries ({m.rules.reentries})")
        m._scores = list(pos["scores"])
        m._reentered = list(pos["reentered"])
        oh = pos["out_hand"]
        if not isinstance(oh, list) or len(oh) != n:
            raise PositionError(f"out_hand must be a list of {n} hand numbers or nulls")
        for s, h in enumerate(oh):
            if h is not None and (type(h) is not int or not 1 <= h <= hand_no):
                raise PositionError(f"out_hand[{s}] must be null or a hand number from 1 to {hand_no}")
            if s in g.state.out and (h is None or h >= hand_no):
                raise PositionError(f"seat {s} is out of this hand but out_hand[{s}] is {h!r}")
            if s not in g.state.out and h is not None and (h != hand_no or not g.over):
                raise PositionError(f"seat {s} plays this hand but went out in hand {h}")
        m._out_hand = list(oh)
        dec = pos["decide"]
        if not isinstance(dec, list) or len(set(map(str, dec))) != len(dec):
            raise PositionError("decide must be a list of distinct seats")
        for s in dec:
            if type(s) is not int or not 0 <= s < n:
                raise PositionError(f"decide: there is no seat {s!r}")
            if not g.over or m._scores[s] < m.rules.out_at or oh[s] is not None:
                raise PositionError(f"seat {s} cannot be deciding on a re-entry now")
            if m._reentered[s] >= m.rules.reentries:
                raise PositionError(f"seat {s} has no re-entry left")
        m._decide = list(dec)
        m._scored = g.over
        if g.over:
            m._gone = [s for s in range(n) if s in dec or (oh[s] == hand_no)]
        if result is not None:
            if not isinstance(result, dict) or set(result) != {"kind", "seat"} or result["kind"] != "abandon":
                raise PositionError('result must be {"kind": "abandon", "seat": s} or absent')
            try:
                m.abandon(result["seat"])
            except IllegalMove as e:
                raise PositionError(f"result: {e}") from None
        return m

    def view(self, seat: int) -> dict[str, Any]:
        v = self.game.view(seat)
        v["scores"] = self.scores
        v["reentered"] = self.reentered
        v["decide"] = self.decide
        v["out_hand"] = self.out_hand
        v["hand_no"] = self.hand_no
        v["match_over"] = self.over
        v["winner"] = self.winner
        v["out_at"] = self.rules.out_at
        v["legal"] = self.legal_moves(seat)
        v["result"] = dict(self.result) if self.result else None
        return v

    def _hand_record(self) -> dict[str, Any]:
        g = self.game
        if g.deck is None or self._history is None:
            raise SaveError("a match built from a position has no record of its deals")
        return {
            "dealer": g.dealer,
            "deck": [CODE_OF[k] for k in g.deck],
            "moves": [[s, mv] for s, mv in self._moves],
        }

    def record(self) -> dict[str, Any]:
        """Everything needed to replay the match: rules, players, seed, dealt decks, moves."""
        return {
            **SAVES.head(),
            "rules": self.rules.spec(),
            "players": self.players,
            "seed": self.seed,
            "history": [*(self._history or []), self._hand_record()],
        }

    @classmethod
    def load(cls, data: dict[str, Any] | str | bytes) -> Match:
        """A match from :meth:`save`/:meth:`to_json` or :meth:`record`; SaveError otherwise."""
        return SAVES.load_match(_replay, data)

    @classmethod
    def replay(cls, record: dict[str, Any] | str) -> Iterator[dict[str, Any]]:
        """Every position of a recorded match (:meth:`record` or :meth:`save`), in order:
        each hand's start, then after each move; :class:`SaveError` on a bad record."""
        return SAVES.positions(_replay, record)

    def __repr__(self) -> str:
        return f"<scala40.Match {self.players}p hand {self.hand_no} scores={self._scores} over={self.over}>"


def _replay(data: dict[str, Any]) -> Iterator[Match]:
    """The match of an opened save or record, yielded after each deal and each move (the
    same object, played on)."""
    history = SAVES.history(data, ("dealer", "deck", "moves"))
    m = first_hand(data, history)
    yield from SAVES.replay(m, history, lambda i, h: next_recorded_hand(m, i, h))


def first_hand(data: dict[str, Any], history: list[dict[str, Any]]) -> Match:
    """The match of an opened save or record, its first hand dealt as recorded."""
    return Match.new(
        players=data.get("players"),  # type: ignore[arg-type]
        rules=data.get("rules"),
        seed=data.get("seed"),
        dealer=history[0]["dealer"],
        deck=history[0]["deck"],
    )


def next_recorded_hand(m: Match, i: int, h: dict[str, Any]) -> None:
    """Readies history entry ``i`` of a replay: from the second on, its hand dealt as
    recorded, the deal checked to pass to the next seat still in."""
    if i:
        m.next_hand(deck=h["deck"])
        if m.game.dealer != h["dealer"]:
            raise SaveError(f"history[{i}]: the deal passes to the next seat still in")


def replay(record: dict[str, Any] | str) -> Match:
    """Replay a :meth:`Match.record` to the identical position (the match; its positions one
    by one: :meth:`Match.replay`)."""
    return Match.load(record)


if TYPE_CHECKING:  # the shared interface of the three games' matches
    _: type[engine.MatchProtocol] = Match
    _who: type[engine.WhoActs] = Match
