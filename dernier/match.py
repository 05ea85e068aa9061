"""Matches: hands in a row, running scores, tie-breaks, abandon, saves and replays (RULES §10, §11)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tabletop.saves import Saved, SaveFormat

from .cards import KIND_OF, Card
from .errors import DernierError, IllegalMove, PositionError, SaveError
from .game import Game, check_players
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


def _hand_seed(seed: int, hand_no: int) -> int:
    return random.Random(f"dernier/{seed}/hand/{hand_no}").randrange(2**31)


def _first_dealer(seed: int, players: int) -> int:
    return random.Random(f"dernier/{seed}/dealer").randrange(players)


class Match(Saved):
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
        self._history: list[dict[str, Any]] = []
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
        if seed is None:
            seed = random.randrange(2**31)
        elif isinstance(seed, bool) or not isinstance(seed, int):
            raise PositionError(f"seed must be a whole number, not {seed!r}")
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

    # -- acting -----------------------------------------------------------------------

    def legal_moves(self, seat: int | None = None) -> list[str]:
        if self.result is not None:
            return []
        return self.game.legal_moves(seat)

    def play(self, move: str, seat: int | None = None) -> None:
        """Play in the current hand; scores are added when the hand ends."""
        if self.result is not None:
            raise IllegalMove("the match is over")
        self.game.play(move, seat)
        self._after_move()

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

    def abandon(self, seat: int) -> None:
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

    def _lose(self, seat: int, kind: str) -> None:
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
            "history": [*self._history, self._hand_record()],
            "result": dict(self.result) if self.result else None,
        }

    @classmethod
    def load(cls, data: dict[str, Any] | str | bytes) -> Match:
        """A match from :meth:`save` or :meth:`record` output; :class:`SaveError` otherwise."""
        return SAVES.load(_load, data)

    def __repr__(self) -> str:
        return (
            f"<Match {self.rules.preset} {self.players}p hand {self.hand_no} "
            f"scores={self._totals} over={self.over}>"
        )


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


def _load(data: object) -> Match:
    data = SAVES.open(data)
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
    for i, h in enumerate(history):
        if i:
            if h["dealer"] != (m.dealer + 1) % m.players:
                raise SaveError(f"history[{i}]: the dealer must move one seat on")
            try:
                m.next_hand(deck=h["deck"])
            except DernierError as e:
                raise SaveError(f"history[{i}]: {e}") from None
        m.game.state.reshuffles = [_kinds(o, f"history[{i}].reshuffles") for o in h.get("reshuffles", [])]
        SAVES.play_all(h, i, lambda move, seat: m.timeout(seat) if move == "timeout" else m.play(move, seat))
        m.game.state.reshuffles = None
    result = data.get("result")
    if result is not None:
        if (
            not isinstance(result, dict)
            or result.get("kind") not in ("abandon", "timeout")
            or set(result) != {"kind", "seat"}
        ):
            raise SaveError("result must be null or {kind: abandon|timeout, seat}")
        m._lose(result["seat"], result["kind"])
    pos = data.get("position")

    def replayed() -> dict[str, Any]:
        mine = m.position()
        if isinstance(pos, dict) and "draw_order" not in pos:
            del mine["draw_order"]  # a save written before draw_order: the replay rebuilds it
        return mine

    SAVES.check_position(pos, replayed)
    return m


def _kinds(order: object, where: str) -> list[int]:
    if not isinstance(order, list) or not all(isinstance(c, str) and c in KIND_OF for c in order):
        raise SaveError(f"{where} must be lists of card codes")
    return [KIND_OF[c] for c in order]


def replay(record: dict[str, Any] | str) -> Match:
    """Replay a :meth:`Match.record` to the identical final position."""
    return Match.load(record)
