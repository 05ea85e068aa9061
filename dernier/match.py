"""Matches: hands in a row, running scores, tie-breaks, abandon, saves and replays (RULES §10, §11)."""

from __future__ import annotations

import copy
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from tabletop import engine
from tabletop.saves import Saved, SaveFormat

from .cards import CODE_OF, KIND_OF, Card
from .errors import DernierError, IllegalMove, PositionError, SaveError
from .game import Game, check_players
from .moves import card_of, is_play, parse_move
from .rules import Ruleset, ruleset
from .scoring import match_ranking

SAVE_FORMAT = "dernier-match"
SAVE_VERSION = 1
SAVES = SaveFormat(
    name=SAVE_FORMAT,
    version=SAVE_VERSION,
    fields=("format", "version", "rules", "players", "hands", "target", "seed", "names", "history")
    + ("result", "position"),
    game="Dernier",
    reader="this Dernier",
    unit="hand",
    save_error=SaveError,
    game_error=DernierError,
)
MAX_NAME = 40
#: the fields of a match's format that :meth:`Match.from_position` reads besides its position's
MATCH_SETTINGS = ("hands_limit", "target", "names")


def _hand_seed(seed: int, hand_no: int) -> int:
    return engine.hand_seed("dernier", seed, hand_no)


def _first_dealer(seed: int, players: int) -> int:
    return engine.first_dealer("dernier", seed, players)


class Match(engine.Actors, Saved):
    """A match: a fixed number of hands, or up to a points target (RULES §10)."""

    def __init__(
        self,
        rules: Ruleset,
        players: int,
        hands: int | None,
        target: int | None,
        seed: int,
        names: list[str],
    ) -> None:
        self.rules = rules
        self.players = players
        self.hands_limit = hands
        self.target = target
        self.seed = seed
        self.names = names
        self.hand_no = 0
        self.game: Game = None  # type: ignore[assignment]
        self._totals = [0] * players
        self._won = [0] * players
        self._scored = False
        self._history: list[dict[str, Any]] | None = []  # None: built from a position
        self.result: dict[str, Any] | None = None

    # -- building ---------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        players: int = 2,
        rules: str | dict[str, Any] | Ruleset | None = "official",
        hands: int | None = None,
        target: int | None = None,
        seed: int | None = None,
        dealer: int | None = None,
        deck: Sequence[str | Card] | None = None,
        names: Sequence[str] | None = None,
    ) -> Match:
        """A new match with its first hand dealt. ``hands`` (default 1) or ``target`` points."""
        rs = ruleset(rules)
        check_players(rs, players)
        if hands is not None and target is not None:
            raise PositionError("a match has either a number of hands or a points target, not both")
        if target is None and hands is None:
            hands = 1
        for name, v in (("hands", hands), ("target", target)):
            if v is not None and (isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 100000):
                raise PositionError(f"{name} must be a whole number from 1, not {v!r}")
        seed = engine.check_seed(seed, PositionError)
        m = cls(rs, players, hands, target, seed, _names(names, players))
        if dealer is None:
            dealer = _first_dealer(seed, players)
        m._deal(dealer, deck)
        return m

    def _deal(self, dealer: int, deck: Sequence[str | Card] | None) -> None:
        earlier = self.game.state.draw_order if self.hand_no else None
        self.hand_no += 1
        self.game = Game.new(
            self.players, self.rules, seed=_hand_seed(self.seed, self.hand_no), dealer=dealer, deck=deck
        )
        if earlier is not None:  # RULES §10 (2): the latest draws count over the whole match
            self.game.state.carry_draw_order(earlier)
        self._scored = False

    def next_hand(self, deck: Sequence[str | Card] | None = None) -> None:
        """Deal the next hand; the dealer moves one seat counter-clockwise (RULES §2)."""
        if self.over:
            raise IllegalMove("the match is over")
        if not self.game.over:
            raise IllegalMove("the current hand is not over yet")
        if self._history is not None:
            self._history.append(self._hand_record())
        self._deal((self.game.state.dealer + 1) % self.players, deck)

    # -- reading ----------------------------------------------------------------------

    @property
    def dealer(self) -> int:
        return self.game.state.dealer

    @property
    def scores(self) -> list[int]:
        """Running totals, the current hand included once it is over."""
        return list(self._totals)

    @property
    def hands_won(self) -> list[int]:
        return list(self._won)

    @property
    def over(self) -> bool:
        if self.result is not None:
            return True
        if not self.game.over:
            return False
        if self.hands_limit is not None:
            return self.hand_no >= self.hands_limit
        assert self.target is not None
        return max(self._totals) >= self.target

    def _order(self) -> tuple[list[int], str]:
        st = self.game.state
        return match_ranking(
            self._totals,
            self._won,
            [len(h) for h in st.hands],
            st.draw_order,
            st.dealer,
            one_hand=self.hands_limit == 1,
        )

    @property
    def ranking(self) -> list[int]:
        """Seats best first (RULES §10); a seat that abandoned or timed out comes last."""
        order, _ = self._order()
        if self.result is not None:
            loser = self.result["seat"]
            order = [s for s in order if s != loser] + [loser]
        return order

    @property
    def tiebreak(self) -> str | None:
        """The step that decided first place, once the match is over."""
        if not self.over:
            return None
        if self.result is not None:
            return str(self.result["kind"])
        return self._order()[1]

    @property
    def winner(self) -> int | None:
        if not self.over:
            return None
        return self.ranking[0]

    @property
    def match_points(self) -> list[int] | None:
        """+1/−1 per seat once over (RULES §11): who abandoned or timed out gets −1 and every
        other +1; [decided] a normal end gives the winner +1 and every other −1."""
        if not self.over:
            return None
        if self.result is not None:
            loser = self.result["seat"]
            return [-1 if s == loser else 1 for s in range(self.players)]
        w = self.winner
        return [1 if s == w else -1 for s in range(self.players)]

    @property
    def turn(self) -> int | None:
        """The seat to act; None once the hand or the match is over."""
        return None if self.result is not None else self.game.turn

    # -- acting -----------------------------------------------------------------------

    def legal_moves(self, seat: int | None = None) -> list[str]:
        if self.result is not None:
            return []
        return self.game.legal_moves(seat)

    def play(self, move: str, seat: int | None = None) -> None:
        """Play in the current hand; scores are added when the hand ends. ``abandon`` and
        ``timeout`` are :meth:`abandon` and :meth:`timeout` (RULES §11)."""
        if engine.leave_or_time_out(self, move, seat):
            return
        if self.result is not None:
            raise IllegalMove("the match is over")
        self.game.play(move, seat)
        self._after_move()

    def why_refused(self, move: str, seat: int | None = None) -> str | None:
        """None when ``seat`` may play ``move`` now (a legal move, or ``abandon``/``timeout``
        as :meth:`play` takes them), else the engine's reason. Never plays: under chi sbaglia
        paga (RULES §12) a wrong card is not refused by :meth:`play` but costs the penalty,
        and here it is only explained."""
        if not isinstance(move, str):
            return f"{move!r} is not a move"
        if move in ("abandon", "timeout"):
            try:
                copy.deepcopy(self).play(move, seat)
            except IllegalMove as e:
                return str(e)
            return None
        if self.result is not None:
            return "the match is over"
        if move in self.legal_moves(seat):
            return None
        try:
            code = parse_move(move)
            who = self.game.turn if seat is None else seat
            if who is None:
                return "the hand is over"
            return str(self.game._reason(who, code))
        except DernierError as e:
            return str(e)

    def why_not_charged(self, card: str, seat: int) -> str | None:
        """None when ``seat`` playing ``card`` now would cost the chi sbaglia paga penalty
        (RULES §12: a card of its hand it may not play, by any seat while the hand is on),
        else why not. Never plays."""
        if not self.rules.chi_sbaglia_paga or not self.rules.chi_sbaglia_penalty:
            return "chi sbaglia paga is not played at this table"
        if not isinstance(card, str) or card not in KIND_OF:
            return "a chi sbaglia paga attempt names a card of your hand"
        if self.turn is None:
            return "the hand is over"
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            return f"there is no seat {seat!r}"
        if card not in self.view(seat)["hand"]:
            return f"you do not hold {card}"
        if any(_plays(move, card) for move in self.legal_moves(seat)):
            return f"{card} may be played: that is no mistake"
        return None

    def _after_move(self) -> None:
        g = self.game
        if g.over and not self._scored:
            self._scored = True
            scores = g.hand_scores
            assert scores is not None
            for s, v in enumerate(scores):
                self._totals[s] += v
            w = g.hand_winner
            assert w is not None
            self._won[w] += 1

    def abandon(self, seat: int | None) -> None:
        """``seat`` leaves: it loses the match at once (RULES §11)."""
        self._lose(seat, "abandon")

    def timeout(self, seat: int | None = None) -> None:
        """The seat to act ran out of time (RULES §11): it loses the match, or under
        ``timeout = "penalty"`` it loses its turn and draws a card."""
        g = self.game
        if seat is None:
            seat = g.turn
        if seat is None or self.result is not None:
            raise IllegalMove("nobody is to act")
        if seat != g.turn:
            raise IllegalMove(f"only the seat to act can time out, not seat {seat}")
        if self.rules.timeout == "lose":
            self._lose(seat, "timeout")
            return
        g.timeout()
        self._after_move()

    def _lose(self, seat: int | None, kind: str) -> None:
        if self.over:
            raise IllegalMove("the match is over")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalMove(f"there is no seat {seat!r}")
        self.result = {"kind": kind, "seat": seat}

    # -- views, saves, records ---------------------------------------------------------

    def position(self) -> dict[str, Any]:
        pos = self.game.position()
        pos["scores"] = self.scores
        pos["hands_won"] = self.hands_won
        pos["hand_no"] = self.hand_no
        return pos

    def view(self, seat: int) -> dict[str, Any]:
        v = self.game.view(seat)
        v["scores"] = self.scores
        v["hands_won"] = self.hands_won
        v["hand_no"] = self.hand_no
        v["names"] = list(self.names)
        v["hands_limit"] = self.hands_limit
        v["target"] = self.target
        v["match_over"] = self.over
        if self.result is not None:
            v["legal"] = []
        return v

    def _hand_record(self) -> dict[str, Any]:
        g = self.game
        return {
            "dealer": g.state.dealer,
            "deck": list(g.dealt or []),
            "moves": [[s, mv] for s, mv in g.moves],
            "reshuffles": g.reshuffle_orders(),
        }

    def _records(self) -> list[dict[str, Any]]:
        if self._history is None:
            raise SaveError("a match built from a position has no record of its deals")
        return self._history

    def record(self) -> dict[str, Any]:
        """Everything needed to replay the match exactly: rules, players, dealt orders, moves."""
        return {
            **SAVES.head(),
            "rules": self.rules.spec(),
            "players": self.players,
            "hands": self.hands_limit,
            "target": self.target,
            "seed": self.seed,
            "names": list(self.names),
            "history": [*self._records(), self._hand_record()],
            "result": dict(self.result) if self.result else None,
        }

    @classmethod
    def load(cls, data: dict[str, Any] | str | bytes) -> Match:
        """A match from :meth:`save` or :meth:`record` output; :class:`SaveError` otherwise."""
        return SAVES.load_match(_replay, data, _replayed)

    @classmethod
    def from_position(cls, pos: dict[str, Any]) -> Match:
        """A match from :meth:`position` (``scores``, ``hands_won`` and ``hand_no`` required);
        the match's format may be added as ``hands_limit`` (a number of hands) or ``target``
        (points; default: this hand is the last), and ``names``, as :meth:`view` has them.
        The position's ``seed`` (the hand's) seeds the next hands. Such a match has no record
        of its deals (:meth:`record` raises :class:`SaveError`)."""
        if not isinstance(pos, dict):
            raise PositionError(f"a position is a JSON object, not {type(pos).__name__}")
        missing = [f for f in ("scores", "hands_won", "hand_no") if f not in pos]
        if missing:
            raise PositionError(f"missing match field(s): {', '.join(missing)}")
        g = Game.from_position({k: v for k, v in pos.items() if k not in MATCH_SETTINGS})
        extra, g._extra = g._extra, {}
        hand_no = extra["hand_no"]
        hands, target = pos.get("hands_limit"), pos.get("target")
        if hands is None and target is None:
            hands = hand_no
        m = cls.new(
            players=g.players,
            rules=g.rules,
            hands=hands,
            target=target,
            seed=g.state.seed,
            dealer=g.state.dealer,
            names=pos.get("names"),
        )
        if m.hands_limit is not None and m.hands_limit < hand_no:
            raise PositionError(f"hands_limit: a match of {m.hands_limit} hand(s) has no hand {hand_no}")
        m.game = g
        m.hand_no = hand_no
        m._totals = list(extra["scores"])
        m._won = list(extra["hands_won"])
        m._scored = g.over
        m._history = None
        return m

    @classmethod
    def replay(cls, record: dict[str, Any] | str) -> Iterator[dict[str, Any]]:
        """Every position of a recorded match (:meth:`record` or :meth:`save`), in order:
        each hand's start, then after each move; :class:`SaveError` on a bad record."""
        return SAVES.positions(_replay, record)

    def __repr__(self) -> str:
        return (
            f"<Match {self.rules.preset} {self.players}p hand {self.hand_no} "
            f"scores={self._totals} over={self.over}>"
        )


def _plays(move: str, card: str) -> bool:
    """``move`` plays ``card``."""
    code = parse_move(move)
    return is_play(code) and CODE_OF[card_of(code)] == card


def _names(names: Sequence[str] | None, n: int) -> list[str]:
    if names is None:
        return [f"Player {i + 1}" for i in range(n)]
    if isinstance(names, str) or len(names) != n:
        raise PositionError(f"names must be a list of {n} names")
    out = []
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise PositionError(f"a name must be non-empty text, not {name!r}")
        out.append(name.strip()[:MAX_NAME])
    return out


def _replayed(m: Match, saved: object) -> dict[str, Any]:
    """The replay's position as a save compares it with its own."""
    mine = m.position()
    if isinstance(saved, dict) and "draw_order" not in saved:
        del mine["draw_order"]  # a save written before draw_order: the replay rebuilds it
    return mine


def _replay(data: dict[str, Any]) -> Iterator[Match]:
    """The match of an opened save or record, yielded after each deal and each move (the
    same object, played on), its result (an abandon or a timeout) set last."""
    history = SAVES.history(data, ("dealer", "deck", "moves"), exact=False)
    for i, h in enumerate(history):
        if not isinstance(h["moves"], list) or not isinstance(h.get("reshuffles", []), list):
            raise SaveError(f"history[{i}]: moves and reshuffles must be lists")
    try:
        m = Match.new(
            players=data.get("players"),  # type: ignore[arg-type]
            rules=data.get("rules"),
            hands=data.get("hands"),
            target=data.get("target"),
            seed=data.get("seed"),
            dealer=history[0]["dealer"],
            deck=history[0]["deck"],
            names=data.get("names"),
        )
    except DernierError as e:
        raise SaveError(f"bad match settings or first hand: {e}") from None

    def deal(i: int, h: dict[str, Any]) -> None:
        if i:
            if h["dealer"] != (m.dealer + 1) % m.players:
                raise SaveError(f"history[{i}]: the dealer must move one seat on")
            try:
                m.next_hand(deck=h["deck"])
            except DernierError as e:
                raise SaveError(f"history[{i}]: {e}") from None
        m.game.state.reshuffles = [_kinds(o, f"history[{i}].reshuffles") for o in h.get("reshuffles", [])]

    def done(i: int, h: dict[str, Any]) -> None:
        m.game.state.reshuffles = None

    yield from SAVES.replay(m, history, deal, done)  # a "timeout" move too (RULES §11, penalty)
    result = data.get("result")
    if result is not None:
        if (
            not isinstance(result, dict)
            or result.get("kind") not in ("abandon", "timeout")
            or set(result) != {"kind", "seat"}
        ):
            raise SaveError("result must be null or {kind: abandon|timeout, seat}")
        m._lose(result["seat"], result["kind"])


def _kinds(order: object, where: str) -> list[int]:
    if not isinstance(order, list) or not all(isinstance(c, str) and c in KIND_OF for c in order):
        raise SaveError(f"{where} must be lists of card codes")
    return [KIND_OF[c] for c in order]


def replay(record: dict[str, Any] | str) -> Match:
    """Replay a :meth:`Match.record` to the identical final position (the match; its
    positions one by one: :meth:`Match.replay`)."""
    return Match.load(record)


if TYPE_CHECKING:  # the shared interface of the three games' matches
    _: type[engine.MatchProtocol] = Match
    _who: type[engine.WhoActs] = Match
