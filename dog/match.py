"""Matches: games in a row until a team has won N, saves and replays (RULES §12, §13)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from tabletop import engine
from tabletop.saves import Saved, SaveFormat

from .board import NEST, PAWNS, SEATS, field_name, partner
from .errors import DogError, IllegalMove, PositionError, SaveError
from .game import Game, first_dealer
from .rules import Ruleset, ruleset

SAVE_FORMAT = "dog-match"
SAVE_VERSION = 1
SAVES = SaveFormat(
    name=SAVE_FORMAT,
    version=SAVE_VERSION,
    fields=("format", "version", "rules", "games", "history", "position"),
    game="DOG",
    reader="this DOG",
    unit="game",
    save_error=SaveError,
    game_error=DogError,
)
MAX_GAMES = 1000


def next_seed(seed: int) -> int:
    """The seed of the game after one seeded ``seed``."""
    return engine.derived(2**31, "dog", seed, "next")


def move_effects(
    before: list[int], after: list[int], seat: int, mover: int, move: str
) -> dict[str, Any] | None:
    """What a move did beside moving its own pawns, from the pawns' locations before and
    after it, or None: ``sent``, the pawns it sent to their nests (RULES §8), each as
    ``[seat, index, field it stood on]``; ``for``, the partner whose pawns it moved (§11's
    exception, §12's finished player)."""
    sent = [
        [p // PAWNS, p % PAWNS, field_name(p // PAWNS, at)]
        for p, at in enumerate(before)
        if at != NEST and after[p] == NEST
    ]
    mate = partner(seat)
    helped = mover == mate or (
        "-" in move and any(p // PAWNS == mate and after[p] not in (at, NEST) for p, at in enumerate(before))
    )
    fx: dict[str, Any] = {}
    if sent:
        fx["sent"] = sent
    if helped:
        fx["for"] = mate
    return fx or None


def _count(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_GAMES:
        raise PositionError(f"{what} must be a whole number 1–{MAX_GAMES}, not {value!r}")
    return value


class Match(engine.Actors, engine.Refusals, Saved):
    """First team to ``games`` won games (RULES §12). ``m.game`` is the game in play."""

    def __init__(self, rules: Ruleset, games: int, game: Game, score: list[int], game_no: int) -> None:
        self.rules = rules
        self.games = games
        self.game = game
        self.score = score
        self.game_no = game_no
        #: per game: its seed, first dealer, the moves played (``[seat, move]``) and what each
        #: did beside its own pawn (``effects``, see :func:`move_effects`)
        self.history: list[dict[str, Any]] = [self._start_record()]
        self._counted = game.over

    def _start_record(self) -> dict[str, Any]:
        st = self.game.state
        return {"seed": st.seed, "dealer": st.dealer, "moves": [], "effects": []}

    @classmethod
    def new(
        cls,
        rules: str | dict[str, Any] | Ruleset = "standard",
        games: int = 1,
        seed: int | None = None,
        dealer: int | None = None,
        deck: Sequence[str] | None = None,
        players: int = SEATS,
    ) -> Match:
        """A new match, its first game dealt (``dealer`` and ``deck`` as in :meth:`Game.new`;
        ``players`` can only be 4, as there)."""
        rs = ruleset(rules)
        _count(games, "games")
        game = Game.new(players, rs, seed=engine.check_seed(seed, PositionError), dealer=dealer, deck=deck)
        return cls(rs, games, game, [0, 0], 1)

    # -- reading ----------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return max(self.score) >= self.games

    @property
    def winner(self) -> int | None:
        """The team that won the match, once over."""
        for team in (0, 1):
            if self.score[team] >= self.games:
                return team
        return None

    @property
    def dealer(self) -> int:
        return self.game.state.dealer

    @property
    def players(self) -> int:
        return SEATS

    @property
    def hand_no(self) -> int:
        """The game in play, from 1 (:attr:`game_no`: a DOG game is a match's *hand*)."""
        return self.game_no

    @property
    def turn(self) -> int | None:
        """The game's seat to act (in the exchange, where every seat gives, the first seat to
        play after it: :meth:`actors` names all who may give); None once the game is over."""
        return None if self.game.over else self.game.turn

    def legal_moves(self, seat: int | None = None) -> list[str]:
        return [] if self.over and self.game.over else self.game.legal_moves(seat)

    def view(self, seat: int) -> dict[str, Any]:
        v = self.game.view(seat)
        v.update(score=self.score[:], game_no=self.game_no, games=self.games)
        return v

    # -- playing ----------------------------------------------------------------------

    def play(self, move: str, seat: int | None = None) -> None:
        """Play a move in the current game (see :meth:`Game.play`) and keep the record."""
        g = self.game
        st = g.state
        who = st.turn if seat is None else seat
        before, round_no = st.loc[:], st.round
        mover = st.mover(who) if isinstance(who, int) and 0 <= who < SEATS else who
        g.play(move, seat)
        self.history[-1]["moves"].append([who, move])
        fx = move_effects(before, st.loc, who, mover, move)
        if st.round != round_no:  # the move ended the round: the next one is dealt (§4, §5)
            fx = {**(fx or {}), "dealt": [st.round, st.cards]}
        self.history[-1]["effects"].append(fx)
        self._count_game()

    @property
    def effects(self) -> list[dict[str, Any] | None]:
        """The current game's :func:`move_effects`, one per move played; a move that ended
        the round adds ``dealt``: ``[round, cards]`` of the round it dealt."""
        fx: list[dict[str, Any] | None] = self.history[-1]["effects"]
        return fx

    def abandon(self, seat: int) -> None:
        self.play("abandon", seat)

    def timeout(self, seat: int | None = None) -> None:
        self.play("timeout", seat)

    def _count_game(self) -> None:
        if self.game.over and not self._counted:
            winner = self.game.winner
            assert winner is not None
            self.score[winner] += 1
            self._counted = True

    def next_game(self) -> None:
        """Deal the next game: the next dealer is the previous dealer's right, ``dealer + 1``."""
        if self.over:
            raise IllegalMove("the match is over")
        if not self.game.over:
            raise IllegalMove("the current game is not over yet")
        st = self.game.state
        seed = next_seed(st.seed if st.seed is not None else 0)
        self.game = Game.new(4, self.rules, seed=seed, dealer=(st.dealer + 1) % SEATS)
        self.game_no += 1
        self._counted = False
        self.history.append(self._start_record())

    def next_hand(self) -> None:
        """:meth:`next_game`, under the name every game's match has."""
        self.next_game()

    # -- positions and saves ----------------------------------------------------------

    def position(self) -> dict[str, Any]:
        """The current game's position plus ``score``, ``game_no`` and ``games``."""
        pos = self.game.position()
        pos.update(score=self.score[:], game_no=self.game_no, games=self.games)
        return pos

    @classmethod
    def from_position(cls, pos: object) -> Match:
        if not isinstance(pos, dict):
            raise PositionError(f"a match position is a JSON object, not {type(pos).__name__}")
        for key in ("score", "game_no", "games"):
            if key not in pos:
                raise PositionError(f"a match position needs {key}")
        games = _count(pos["games"], "games")
        score = pos["score"]
        if (
            not isinstance(score, list)
            or len(score) != 2
            or any(isinstance(s, bool) or not isinstance(s, int) or not 0 <= s <= games for s in score)
            or min(score) >= games
            or sum(s >= games for s in score) > 1
        ):
            raise PositionError(f"score must be games won per team, 0–{games}, at most one team at {games}")
        game_no = _count(pos["game_no"], "game_no")
        game = Game.from_position({k: v for k, v in pos.items() if k not in ("score", "game_no", "games")})
        if game.over:
            winner = game.winner
            assert winner is not None
            if score[winner] < 1:
                raise PositionError("the game is over, so its winner's score counts it")
        if game_no != sum(score) + (0 if game.over else 1):
            raise PositionError(f"game_no {game_no} does not follow from the score {score}")
        m = cls(game.rules, games, game, score[:], game_no)
        m._counted = True
        return m

    def record(self) -> dict[str, Any]:
        """A versioned record: settings and every game's seed, dealer and moves."""
        return {
            **SAVES.head(),
            "rules": self.rules.spec(),
            "games": self.games,
            "history": [
                {"seed": h["seed"], "dealer": h["dealer"], "moves": [m[:] for m in h["moves"]]}
                for h in self.history
            ],
        }

    @classmethod
    def load(cls, data: object) -> Match:
        """A match from :meth:`save` or :meth:`record` output; :class:`SaveError` otherwise."""
        return SAVES.load_match(_replay, data)

    @classmethod
    def replay(cls, record: dict[str, Any] | str) -> Iterator[dict[str, Any]]:
        """Every position of a recorded match, in order: each game's start, then after each
        move (:func:`replay_positions`, every failure a :class:`SaveError`)."""
        return SAVES.each(replay_positions, record)


def replay_positions(data: object) -> Iterator[dict[str, Any]]:
    """Every position of a recorded match, in order: each game's start, then after each move."""
    for m in _replay(SAVES.open(data)):
        yield m.position()


def _replay(data: dict[str, Any]) -> Iterator[Match]:
    """The match of an opened save or record, yielded after each deal and each move (the
    same object, played on)."""
    history = SAVES.history(data, ("seed", "dealer", "moves"))
    first = history[0]
    if isinstance(first["seed"], bool) or not isinstance(first["seed"], int):
        raise SaveError("history[0].seed must be an integer")
    rules, games = data.get("rules"), data.get("games")
    if isinstance(games, bool) or not isinstance(games, int):
        raise SaveError(f"games must be a whole number, not {games!r}")
    m = Match.new(rules=ruleset(rules), games=games, seed=first["seed"], dealer=first["dealer"])

    def deal(i: int, h: dict[str, Any]) -> None:
        if i:
            m.next_game()
            st = m.game.state
            if h["seed"] != st.seed or h["dealer"] != st.dealer:
                raise SaveError(f"history[{i}]: seed and dealer must follow from the previous game's")

    yield from SAVES.replay(m, history, deal)


if TYPE_CHECKING:  # the shared interface of the three games' matches
    _: type[engine.MatchProtocol] = Match
    _who: type[engine.WhoActs] = Match

__all__ = [
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "Match",
    "first_dealer",
    "move_effects",
    "next_seed",
    "replay_positions",
]
