"""One hand of Scala 40 behind the public API (CONTRACT "Python API")."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import Any

from tabletop import engine

from .cards import CODE_OF, FULL_DECK, parse_card
from .errors import IllegalMove, NotationError, PositionError
from .finder import all_melds, counts_of, iter_openings, opening_exists
from .melds import meld_str
from .moves import parse_move
from .position import from_position, melds_json, to_position
from .rules import Ruleset, ruleset
from .scoring import hand_scores
from .state import State


def _seat_of(st: State, seat: int | None) -> int:
    if seat is None:
        if st.phase == "over":
            raise IllegalMove("the hand is over")
        return st.turn
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < st.n:
        raise IllegalMove(f"there is no seat {seat!r}")
    return seat


def check_deck(deck: Iterable[object]) -> list[int]:
    """A 108-card deck order as kinds; PositionError unless it is the full deck exactly once."""
    try:
        kinds = [parse_card(c) if isinstance(c, str) else -1 for c in deck]
    except NotationError as e:
        raise PositionError(f"deck: {e}") from None
    if -1 in kinds:
        raise PositionError("deck: cards are given as codes ('AH', 'JK')")
    if sorted(kinds) != sorted(FULL_DECK):
        raise PositionError("the deck must hold the 108 cards exactly once (two decks and four jokers)")
    return kinds


def check_seed(seed: object) -> int:
    """A whole-number seed (a fresh random one for None); PositionError otherwise."""
    return engine.check_seed(seed, PositionError)


def check_players(players: object, out: Iterable[object]) -> tuple[int, tuple[int, ...]]:
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 6:
        raise PositionError(f"Scala 40 is played by 2 to 6 players, not {players!r}")
    seats = []
    for s in out:
        if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < players:
            raise PositionError(f"out: there is no seat {s!r}")
        seats.append(s)
    res = tuple(sorted(set(seats)))
    if players - len(res) < 2:
        raise PositionError("at least two seats must be in the match")
    return players, res


class Game:
    """One hand: deal, moves, end and scores (RULES §2–§11)."""

    def __init__(self, state: State, deck: list[int] | None = None) -> None:
        self.state = state
        #: the deck order this hand was dealt from (None for a game built from a position)
        self.deck = deck
        #: the moves made, ``(seat, move)``, in order
        self.moves: list[tuple[int, str]] = []
        #: per move, the pile's top card before it (public: what a take took, a draw passed)
        self.tops: list[str | None] = []

    # -- building ---------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        players: int = 4,
        rules: str | dict[str, Any] | Ruleset | None = "classic",
        seed: int | None = None,
        dealer: int | None = None,
        deck: Sequence[str] | None = None,
        out: Iterable[int] = (),
    ) -> Game:
        """A dealt hand. Without ``deck`` the seed shuffles; without ``dealer`` it draws one
        (RULES §2, §3). Bad players, rules, dealer or deck: ``ValueError``."""
        rs = ruleset(rules)
        n, outs = check_players(players, out)
        seed = check_seed(seed)
        rng = random.Random(f"scala40/{seed}")
        seats_in = [s for s in range(n) if s not in outs]
        if dealer is None:
            dealer = rng.choice(seats_in)
        elif isinstance(dealer, bool) or not isinstance(dealer, int) or dealer not in seats_in:
            raise PositionError(f"the dealer must be a seat in the match, not {dealer!r}")
        if deck is None:
            kinds = list(FULL_DECK)
            rng.shuffle(kinds)
        else:
            kinds = check_deck(deck)
        return cls(State.deal(rs, n, dealer, kinds, outs), kinds)

    @classmethod
    def from_position(cls, pos: dict[str, Any]) -> Game:
        return cls(from_position(pos))

    def position(self) -> dict[str, Any]:
        return to_position(self.state)

    def copy(self) -> Game:
        g = Game(self.state.copy(), self.deck)
        g.moves = list(self.moves)
        g.tops = list(self.tops)
        return g

    # -- reading ----------------------------------------------------------------------

    @property
    def rules(self) -> Ruleset:
        return self.state.rules

    @property
    def players(self) -> int:
        return self.state.n

    @property
    def over(self) -> bool:
        return self.state.phase == "over"

    @property
    def turn(self) -> int | None:
        return None if self.over else self.state.turn

    @property
    def phase(self) -> str:
        return self.state.phase

    @property
    def dealer(self) -> int:
        return self.state.dealer

    @property
    def hand_scores(self) -> list[int] | None:
        return hand_scores(self.state)

    @property
    def hand_winner(self) -> int | None:
        return self.state.closer if self.over else None

    def hand(self, seat: int) -> list[str]:
        return [CODE_OF[k] for k in self.state.hands[seat]]

    # -- moves ------------------------------------------------------------------------

    def legal_moves(self, seat: int | None = None) -> list[str]:
        """Every legal move but ``open``, sorted (CONTRACT "Legal moves")."""
        st = self.state
        if seat is None:
            if st.phase == "over":
                return []
            seat = st.turn
        return st.legal(seat)

    def _can_open_now(self, seat: int) -> bool:
        st = self.state
        return st.phase in ("play", "use") and seat == st.turn and not st.opened[seat]

    def iter_openings(self, seat: int | None = None) -> Iterator[str]:
        """The legal ``open`` moves, lazily, in a fixed order."""
        st = self.state
        if st.phase == "over":
            return iter(())
        s = _seat_of(st, seat)
        if not self._can_open_now(s):
            return iter(())
        must = st.taken if st.phase == "use" else -1
        counts = counts_of(st.hands[s])
        if not (opening_exists(counts, st.rules, must) if must >= 0 else st.opening_exists(s)):
            return iter(())
        it = iter_openings(counts, st.rules, must)
        return ("open " + " ".join(meld_str(m) for m in melds) for melds in it)

    def openings(self, seat: int | None = None, limit: int | None = None) -> list[str]:
        """The legal ``open`` moves: all, sorted; or the first ``limit`` in a fixed order."""
        st = self.state
        if seat is None and (st.phase not in ("play", "use") or st.opened[st.turn]):
            return []  # not a seat that can open now (the common case, answered at once)
        it = self.iter_openings(seat)
        if limit is not None:
            return list(islice(it, max(0, limit)))
        return sorted(it)

    def melds(self, seat: int | None = None) -> list[str]:
        """Every valid single meld the hand can form now, canonical, sorted."""
        st = self.state
        if seat is None and st.phase == "over":
            return []
        s = _seat_of(st, seat)
        return sorted({meld_str(m) for m in all_melds(counts_of(st.hands[s]), st.rules)})

    def is_legal(self, move: str, seat: int | None = None) -> bool:
        try:
            mv = parse_move(move)
            st = self.state
            if st.phase == "over":
                return False
            st.check(_seat_of(st, seat), mv)
        except (NotationError, IllegalMove):
            return False
        return True

    def play(self, move: str, seat: int | None = None) -> None:
        """Make ``move`` (NotationError for a non-move, IllegalMove if forbidden: nothing changes)."""
        mv = parse_move(move)
        st = self.state
        s = st.turn if seat is None and st.phase != "over" else _seat_of(st, seat)
        top = CODE_OF[st.discard[-1]] if st.discard else None
        st.apply(s, mv)
        self.moves.append((s, move))
        self.tops.append(top)

    # -- views ------------------------------------------------------------------------

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know: its hand and everything public (never other hands, the
        stock's order or the seed)."""
        st = self.state
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < st.n:
            raise IllegalMove(f"there is no seat {seat!r}")
        over = st.phase == "over"
        return {
            "seat": seat,
            "players": st.n,
            "rules": st.rules.spec(),
            "dealer": st.dealer,
            "turn": None if over else st.turn,
            "phase": st.phase,
            "hand": [CODE_OF[k] for k in st.hands[seat]],
            "hand_sizes": [len(h) for h in st.hands],
            "stock_size": len(st.stock),
            "discard": [CODE_OF[k] for k in st.discard],
            "melds": melds_json(st),
            "opened": list(st.opened),
            "taken": CODE_OF[st.taken] if st.taken >= 0 else None,
            "out": list(st.out),
            "over": over,
            "closer": st.closer if over else None,
            "in_hand": st.in_hand if over else False,
            "hand_scores": self.hand_scores,
            "hands_shown": [[CODE_OF[k] for k in h] for h in st.hands] if over else None,
            "legal": self.legal_moves(seat),
            "history": [[s, mv, top] for (s, mv), top in zip(self.moves, self.tops, strict=True)],
        }

    def __repr__(self) -> str:
        return f"<scala40.Game {self.state.n}p turn={self.turn} phase={self.phase}>"


__all__ = ["Game", "check_deck", "check_players", "check_seed"]
