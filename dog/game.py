"""The public, validated API of one game: :class:`Game` (CONTRACT "Python API")."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from tabletop import engine

from .board import HOME, PAWNS, SEATS, TRACK, partner, team_of
from .cards import COPIES, DECK_SIZE, FORWARD, JOLLY, OUT_RANKS, full_deck, parse_card, rank_of
from .errors import IllegalMove, PositionError
from .moves import ABANDON, FOLD, GIVE, IDLE, OUT, STEP, SWAP, TIMEOUT, Move, parse_move
from .position import parse_position, write_position
from .rules import Ruleset, ruleset
from .state import EXCHANGE, META_MOVES, OVER, PLAY, State, shuffle_seed


def first_dealer(seed: int) -> int:
    """The dealer drawn at random for a game seeded ``seed`` (RULES §3)."""
    return engine.first_dealer("dog", seed, SEATS)


def check_deck(deck: object) -> list[str]:
    """A deck order given to :meth:`Game.new`: the 110 codes, each exactly as often as in the deck."""
    if not isinstance(deck, list | tuple):
        raise PositionError(f"deck must be a list of the {DECK_SIZE} card codes")
    try:
        cards = [parse_card(c) for c in deck]
    except ValueError as e:
        raise PositionError(f"deck: {e}") from None
    counts = Counter(cards)
    if len(cards) != DECK_SIZE or any(counts[c] != n for c, n in COPIES.items()):
        raise PositionError(f"deck must hold the {DECK_SIZE} cards, each code twice and JK six times")
    return cards


class Game:
    """One game of DOG: four players, two teams, until a team has eight pawns home.

    >>> g = Game.new(players=4, rules="standard", seed=7)
    >>> g.play(g.legal_moves()[0])
    """

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    # -- building ---------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        players: int = 4,
        rules: str | dict[str, Any] | Ruleset = "standard",
        seed: int | None = None,
        dealer: int | None = None,
        deck: Sequence[str] | None = None,
    ) -> Game:
        """A new game, round 1 dealt and the exchange open.

        ``dealer`` defaults to a seeded random seat; ``deck`` (the 110 codes, ``deck[0]`` to
        ``dealer + 1``) to a seeded shuffle. Later shuffles derive from ``seed``."""
        if players != 4 or isinstance(players, bool):
            raise ValueError(f"DOG is played by 4 players (two teams of two), not {players!r}")
        rs = ruleset(rules)
        seed = engine.check_seed(seed, PositionError)
        if dealer is None:
            dealer = first_dealer(seed)
        elif isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < SEATS:
            raise ValueError(f"dealer must be a seat 0–3, not {dealer!r}")
        st = State(rs, dealer, seed)
        if deck is None:
            cards = full_deck()
            random.Random(shuffle_seed(seed, 0)).shuffle(cards)
        else:
            cards = check_deck(list(deck))
        st.deck = cards
        st.shuffles = 1
        st.next_round()
        return cls(st)

    @classmethod
    def from_position(cls, pos: object) -> Game:
        """The game at a position (CONTRACT "Position"); :class:`PositionError` on bad input."""
        return cls(parse_position(pos))

    def position(self) -> dict[str, Any]:
        return write_position(self.state)

    def copy(self) -> Game:
        return Game(self.state.copy())

    # -- reading ----------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.state.phase == OVER

    @property
    def winner(self) -> int | None:
        """The winning team (0: seats 0 & 2, 1: seats 1 & 3), or None."""
        return self.state.winner

    @property
    def turn(self) -> int | None:
        return self.state.turn if self.state.turn >= 0 else None

    @property
    def phase(self) -> str:
        return self.state.phase

    @property
    def rules(self) -> Ruleset:
        return self.state.rules

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: the position with other hands as counts, other ``given``
        as true/null, ``deck`` and ``laid`` as counts, no seed; plus ``seat``, ``gave``, ``got``."""
        seat = _seat(seat)
        st = self.state
        pos = write_position(st)
        pos.pop("seed", None)
        pos["hands"] = [h if s == seat else len(h) for s, h in enumerate(pos["hands"])]
        pos["given"] = [
            g if s == seat else (True if g is not None else None) for s, g in enumerate(pos["given"])
        ]
        pos["received"] = [r if s == seat else None for s, r in enumerate(pos["received"])]
        pos["deck"] = len(st.deck)
        pos["laid"] = len(st.laid)
        pos["seat"] = seat
        mate = partner(seat)
        pos["gave"] = st.given[seat] if st.given[seat] is not None else st.received[mate]
        pos["got"] = st.received[seat]
        return pos

    def legal_moves(self, seat: int | None = None) -> list[str]:
        """Every move string ``seat`` (default: the seat to act) may play now, sorted: the
        moves of the game (cards, ``give``, ``fold``); ``[]`` for a seat that may not act.
        ``abandon`` and ``timeout`` (RULES §13) are accepted from any seat until the game is
        over and never listed, so that a player (or a random playout) chooses among the
        game's moves only."""
        st = self.state
        if seat is None:
            if st.turn < 0:
                return []
            seat = st.turn
        elif isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < SEATS:
            return []
        return st.play_moves(seat)

    # -- playing ----------------------------------------------------------------------

    def play(self, move: str, seat: int | None = None) -> None:
        """Play ``move`` for ``seat`` (default: the seat to act), in place.

        :class:`IllegalMove` with the reason (state unchanged); a string that is no move
        at all raises :class:`MoveNotationError` (both a NotationError and an IllegalMove)."""
        mv = parse_move(move)
        st = self.state
        if st.phase == OVER:
            raise IllegalMove("the game is over")
        if seat is None:
            seat = st.turn
        elif isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < SEATS:
            raise IllegalMove(f"there is no seat {seat!r} (seats 0–3)")
        if move not in st.legal(seat):
            raise IllegalMove(explain(st, seat, mv))
        st.apply(seat, mv)

    def abandon(self, seat: int) -> None:
        """``seat`` abandons: its team loses at once (RULES §13)."""
        self.play(ABANDON, _seat(seat))

    def timeout(self, seat: int | None = None) -> None:
        """``seat`` (default: the seat to act) ran out of time: its team loses (RULES §13)."""
        self.play(TIMEOUT, seat)


def _seat(seat: object) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < SEATS:
        raise ValueError(f"there is no seat {seat!r} (seats 0–3)")
    return seat


def explain(st: State, seat: int, mv: Move) -> str:
    """Why a well-formed move is not legal for ``seat`` now (it is not in ``st.legal(seat)``)."""
    if mv.kind == GIVE:
        if st.phase != EXCHANGE:
            return "cards are given only in the exchange, after the deal (§4)"
        if st.exchanged[team_of(seat)] or st.given[seat] is not None:
            return f"seat {seat} has already given its card this round (§4)"
        return f"seat {seat} does not hold {mv.card}"
    if st.phase == EXCHANGE:
        return "the exchange comes first: every seat gives a card to its partner ('give <card>', §4)"
    if seat != st.turn:
        return f"it is seat {st.turn}'s turn, not seat {seat}'s (out of turn only give, abandon, timeout)"
    hand = st.hands[seat]
    if mv.kind == FOLD:
        return "a player may give up the round only when no card is usable (§5)"
    if mv.card not in hand:
        return f"seat {seat} does not hold {mv.card} (hand: {' '.join(hand)})"
    rank = mv.rank
    if mv.kind == IDLE:
        if rank != "J":
            return "only a J (or a Jolly as J) is played without effect"
        if not st.rules.idle_jack:
            return "a J must swap: playing it without effect needs the idle_jack variant (§10, §14)"
        return "a J is played without effect only when no other card is usable (§14)"
    if mv.kind == OUT:
        if rank not in OUT_RANKS:
            return f"only an A, a K or a Jolly as one brings a pawn out, not a {rank} (§10)"
        mover = st.mover(seat)
        if not st.can_come_out(mover):
            b = mover * PAWNS
            if min(st.loc[b : b + PAWNS]) >= 0:
                return f"seat {mover} has no pawn in its nest"
            return f"a fresh pawn stands on seat {mover}'s start field (§7, §10)"
        return "no pawn can come out now"  # pragma: no cover
    if mv.kind == SWAP:
        if rank != "J":
            return f"only a J swaps, not a {rank} (§10)"
        return _explain_swap(st, seat, mv)
    assert mv.kind == STEP
    if rank == "J":
        return "a J swaps two pawns ('JH 12x40'); it does not move one (§10)"
    if rank != "7" and len(mv.parts) > 1:
        return f"only a 7 moves several pawns; a {rank} moves one (§10, §11)"
    return _explain_steps(st, seat, mv)


def _owned(st: State, seat: int, mover: int, f: tuple[int | None, int], text: str) -> str | None:
    p = st.pawn_at(f)
    if p < 0:
        return f"there is no pawn on {text}"
    if p >> 2 != mover:
        who = "the partner's" if p >> 2 == partner(seat) else f"seat {p >> 2}'s"
        return f"the pawn on {text} is {who}, not one seat {seat} moves now (§12)"
    return None


def _explain_swap(st: State, seat: int, mv: Move) -> str:
    assert mv.swap is not None
    a, b = mv.swap
    mover = st.mover(seat)
    why = _owned(st, seat, mover, a, _name(a))
    if why:
        return why + " (a J names its own pawn first)"
    pb = st.pawn_at(b)
    if pb < 0:
        return f"there is no pawn on {_name(b)}"
    if pb >> 2 in (mover, seat):
        return "a J swaps an own pawn with a pawn of another seat (§10)"
    for f, p in ((a, st.pawn_at(a)), (b, pb)):
        if st.loc[p] >= HOME:
            return f"the pawn on {_name(f)} is in its home and cannot be swapped (§9, §10)"
        if st.fresh[p]:
            return f"the pawn on {_name(f)} is fresh on its start field: protected (§7)"
    return "that swap is not possible now"  # pragma: no cover


def _name(f: tuple[int | None, int]) -> str:
    owner, at = f
    return str(at) if owner is None else f"h{owner}.{at - HOME + 1}"


def _explain_steps(st: State, seat: int, mv: Move) -> str:
    rank = mv.rank
    trial = st.copy()
    mover = trial.mover(seat)
    can_switch = mover == seat
    left = 7
    moved: set[int] = set()
    for frm, to in mv.parts:
        why = _owned(trial, seat, mover, frm, _name(frm))
        if why:
            if rank == "7" and trial.pawn_at(frm) >= 0 and trial.pawn_at(frm) >> 2 == partner(seat):
                why += "; the partner's pawns move in a 7 only after the last own pawn is home (§11)"
            return why
        p = trial.pawn_at(frm)
        if p in moved:
            return f"each pawn moves in at most one part of a 7 (§11): {_name(frm)} moved already"
        moved.add(p)
        at = trial.loc[p]
        if to[0] is not None and to[0] != p >> 2:
            return f"only seat {p >> 2}'s pawns enter h{p >> 2}: {_name(to)} is another seat's home"
        if rank == "4" and to[0] is None and at < TRACK and to[1] == (at - 4) & 63:
            opt = trial.backward_option(p)
            if opt is None:
                return f"a fresh pawn on its start field blocks the way back from {_name(frm)} (§7)"
        else:
            seven = rank == "7"
            options = trial.forward_options(p, left if seven else 13, seven)
            hit = [o for o in options if o[1] == to[1]]
            if not hit:
                return _no_path(trial, p, frm, to)
            opt = hit[0]
            if not seven and opt[0] not in FORWARD[rank]:
                steps = " or ".join(map(str, FORWARD[rank]))
                return f"a {rank} moves {steps} steps, and {_name(frm)}-{_name(to)} is {opt[0]}"
        for v in opt[2]:
            trial._move(v, -1)
        trial._move(p, to[1])
        left -= opt[0]
        if rank == "7" and can_switch and to[1] >= HOME and trial.finished(mover):
            mover, can_switch = partner(mover), False
    if rank == "7" and left != 0:
        return f"a 7's parts must total exactly 7 steps (these make {7 - left}, §11)"
    return "that move is not legal now"  # pragma: no cover


def _no_path(st: State, p: int, frm: tuple[int | None, int], to: tuple[int | None, int]) -> str:
    at = st.loc[p]
    if at >= HOME:
        if st.rules.home_fixed:
            return "under home_fixed a pawn in the home never moves again (§14)"
        if to[0] is None:
            return "a pawn in the home never leaves it (§9)"
        return (
            f"{_name(frm)}-{_name(to)}: in the home a pawn moves forward, passing and landing on nobody (§9)"
        )
    if to[0] is not None:
        if st.fresh[p]:
            return "a fresh pawn must leave its start field before it may enter the home (§9)"
        return (
            f"{_name(frm)}-{_name(to)} is not a way into the home: field taken, too far or blocked (§6, §9)"
        )
    return (
        f"{_name(frm)}-{_name(to)} is blocked or out of reach: a fresh pawn on its start field can be "
        "neither passed nor landed on (§6, §7)"
    )


__all__ = ["Game", "check_deck", "explain", "first_dealer"]
_ = (JOLLY, META_MOVES, PLAY, rank_of)
