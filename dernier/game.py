"""The public, validated API of one hand: :class:`Game` (CONTRACT "Python API")."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tabletop import engine

from .cards import (
    ACE,
    CODE_OF,
    JACK,
    JOKER,
    KIND_OF,
    RANK_OF,
    RANKS,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    deck_kinds,
)
from .errors import IllegalMove, MoveNotationError, PositionError
from .moves import (
    CALL,
    CALL_FLAG,
    CHOOSE,
    DRAW,
    MOVE_TEXT,
    PASS,
    SPECIAL,
    SUIT_MASK,
    TEXT_MOVE,
    card_of,
    named_of,
    parse_move,
)
from .position import check_deck, parse_position, write_position
from .rules import Ruleset, ruleset
from .scoring import hand_ranking
from .state import State


def check_players(rs: Ruleset, players: object) -> int:
    """``players``, a whole number the rule set ``rs`` plays with; else :class:`PositionError`."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise PositionError(f"players must be a whole number, not {players!r}")
    if not rs.min_players <= players <= rs.max_players:
        raise PositionError(
            f"{rs.preset} rules play with {rs.min_players} to {rs.max_players} players, not {players}"
        )
    return players


def _describe_need(st: State) -> str:
    """What the pile asks for, e.g. '♥ or a 9' (RULES §4)."""
    eff = st.effective_top()
    suit = SUITS[st.active_suit()] if st.active_suit() >= 0 else None
    parts = []
    if suit:
        parts.append(f"{SUIT_SYMBOLS[suit]} ({suit})")
    if eff != JOKER and RANK_OF[eff] != JACK:
        parts.append(f"a {RANKS[RANK_OF[eff]]}")
    parts.append("a J or a Jolly")
    return ", ".join(parts[:-1]) + " or " + parts[-1] if len(parts) > 1 else parts[0]


class Game:
    """One hand of Dernier.

    >>> g = Game.new(players=3, rules="official", seed=7)
    >>> moves = g.legal_moves()
    >>> g.play(moves[0])
    """

    __slots__ = ("_extra", "_moves", "dealt", "last_penalty", "state")

    state: State
    dealt: list[str] | None
    _moves: list[tuple[int, str]]
    _extra: dict[str, Any]
    #: under chi sbaglia paga, the reason of the last illegal play that cost cards
    last_penalty: str | None

    def __init__(self, state: State, dealt: list[str] | None = None) -> None:
        self.state = state
        self.last_penalty = None
        self.dealt = dealt
        self._moves = []
        self._extra = {}

    # -- building ---------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        players: int = 2,
        rules: str | dict[str, Any] | Ruleset | None = "official",
        seed: int | None = None,
        dealer: int | None = None,
        deck: Sequence[str | Card] | None = None,
    ) -> Game:
        """Deal a new hand: shuffled with ``seed``, or from the exact order ``deck``."""
        rs = ruleset(rules)
        check_players(rs, players)
        seed = engine.check_seed(seed, PositionError)
        rng = random.Random(seed)
        if dealer is None:
            dealer = rng.randrange(players)
        elif isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
            raise PositionError(f"dealer must be a seat 0..{players - 1}, not {dealer!r}")
        if deck is None:
            order = deck_kinds(rs.decks, rs.jollies_per_deck)
            rng.shuffle(order)
        else:
            if isinstance(deck, str | bytes) or not hasattr(deck, "__iter__"):
                raise PositionError(f"deck must be a list of card codes, not {type(deck).__name__}")
            order = []
            for i, c in enumerate(deck):
                code = c.code if isinstance(c, Card) else c
                kind = KIND_OF.get(code, -1) if isinstance(code, str) else -1
                if kind < 0:
                    raise PositionError(f"deck[{i}]: {c!r} is not a card code")
                order.append(kind)
            check_deck(rs, order, "deck")
        state = State.deal(rs, players, dealer, order, seed=seed)
        return cls(state, [CODE_OF[k] for k in order])

    @classmethod
    def from_position(cls, pos: dict[str, Any] | str) -> Game:
        """A game from a position (CONTRACT); :class:`PositionError` naming any problem."""
        state, extra = parse_position(pos)
        g = cls(state)
        g._extra = extra
        return g

    def position(self) -> dict[str, Any]:
        return write_position(self.state, self._extra)

    def copy(self) -> Game:
        g = Game(self.state.copy(), self.dealt)
        g.state.log = list(self.state.log) if self.state.log is not None else None
        g._moves = list(self._moves)
        g.last_penalty = self.last_penalty
        g._extra = dict(self._extra)
        return g

    # -- reading ----------------------------------------------------------------------

    @property
    def rules(self) -> Ruleset:
        return self.state.rules

    @property
    def players(self) -> int:
        return self.state.n

    @property
    def turn(self) -> int | None:
        """The seat to act; ``None`` once the hand is over."""
        t = self.state.turn
        return None if t < 0 else t

    @property
    def over(self) -> bool:
        return self.state.turn < 0

    @property
    def moves(self) -> list[tuple[int, str]]:
        """Every accepted move of this hand as ``(seat, move)``."""
        return list(self._moves)

    @property
    def hand_scores(self) -> list[int] | None:
        """Each seat's points for the hand (RULES §9), once it is over."""
        if not self.over:
            return None
        return self.state.hand_scores()

    @property
    def hand_winner(self) -> int | None:
        """Who went out, or the best seat by RULES §10 (1) when the draw pile ran out."""
        if not self.over:
            return None
        if self.state.winner >= 0:
            return self.state.winner
        return hand_ranking(self.state)[0]

    @property
    def went_out(self) -> bool:
        """The hand ended by a player going out (not by an empty draw pile)."""
        return self.over and self.state.winner >= 0

    def legal_moves(self, seat: int | None = None) -> list[str]:
        """Sorted move strings ``seat`` may play now (default: the seat to act)."""
        st = self.state
        if st.turn < 0:
            return []
        if seat is None or seat == st.turn:
            return sorted([MOVE_TEXT[m] for m in st.legal()])
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < st.n:
            return []
        moves = [MOVE_TEXT[m] for m in st.jump_moves(seat)] if st.rules.anticipo else []
        if seat in st.due:
            moves.append("dernier")
        return sorted(moves)

    def play(self, move: str, seat: int | None = None) -> None:
        """Play ``move`` for ``seat`` (default: the seat to act).

        Raises :class:`IllegalMove` with the reason; the game is then unchanged."""
        st = self.state
        self.last_penalty = None
        m = TEXT_MOVE.get(move) if isinstance(move, str) else None
        if m is None:
            parse_move(move)  # raises MoveNotationError with the reason
            raise MoveNotationError(f"{move!r} is not a move")  # pragma: no cover
        if seat is None:
            seat = st.turn
        elif isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < st.n:
            raise IllegalMove(f"there is no seat {seat!r} in a {st.n}-player game")
        if seat == st.turn and seat >= 0:
            if m in st.legal():
                self._moves.append((seat, move))
                st.apply(m)
                return
        elif m == CALL and seat in st.due:
            self._moves.append((seat, move))
            st.call(seat)
            return
        elif st.rules.anticipo and m in st.jump_moves(seat):
            self._moves.append((seat, move))
            st.jump(seat, m)
            return
        reason = self._reason(seat, m)
        if (  # chi sbaglia paga (RULES §12): by the seat to act or, out of turn, by any seat
            st.rules.chi_sbaglia_paga
            and st.turn >= 0
            and m < SPECIAL
            and card_of(m) in st.hands[seat]
            and st.rules.chi_sbaglia_penalty
        ):
            self._moves.append((seat, move))
            self.last_penalty = f"{reason} — it costs {st.rules.chi_sbaglia_penalty} cards (RULES §12)"
            st.wrong(seat, m)
            return
        raise IllegalMove(reason)

    def timeout(self) -> None:
        """The seat to act ran out of time under ``timeout = "penalty"`` (RULES §11)."""
        st = self.state
        if st.turn < 0:
            raise IllegalMove("the hand is over")
        if st.rules.timeout != "penalty":
            raise IllegalMove("under these rules a timeout loses the match: use Match.timeout")
        self.last_penalty = None
        self._moves.append((st.turn, "timeout"))
        st.timeout()

    def _reason(self, seat: int, m: int) -> str:
        st = self.state
        text = MOVE_TEXT[m]
        if st.turn < 0:
            return "the hand is over"
        if m == CALL:
            if seat in st.due:
                return f"seat {seat} owes a Dernier call"  # pragma: no cover - accepted above
            return (
                f"seat {seat} has no Dernier call to make: it is called by a player left with "
                "one card, before the next player begins (RULES §7)"
            )
        if seat != st.turn:
            if st.rules.anticipo and m < SPECIAL:
                return (
                    f"it is not seat {seat}'s turn (seat {st.turn} is to act), and {MOVE_TEXT[m]} is "
                    "not a jump-in: only the card identical to the top one, not J Q K 7 A or a "
                    "Jolly, by a player with more than one card (RULES §12)"
                )
            return f"it is not seat {seat}'s turn: seat {st.turn} is to act"
        if st.choosing:
            top = CODE_OF[st.discard[-1]]
            return f"the dealer first chooses the suit for the turned-up {top}: ':H', ':D', ':C' or ':S'"
        if m & ~SUIT_MASK == CHOOSE:
            return "':H' etc. only choose the suit for a J or Jolly turned up as the first card"
        hand = st.hands[seat]
        if m == PASS:
            return "you may pass only after drawing a card (RULES §5)"
        if st.drawn >= 0:
            drawn = CODE_OF[st.drawn]
            if m == DRAW:
                return f"you have already drawn this turn: play {drawn} or pass"
            if card_of(m) != st.drawn:
                return f"after drawing you may only play the card you drew ({drawn}) or pass (RULES §5)"
        if m == DRAW:  # pragma: no cover - drawing is always legal otherwise
            return "you may not draw now"
        kind = card_of(m)
        code = CODE_OF[kind]
        if kind not in hand:
            return f"you do not hold {code}"
        if st.pending:
            if st.chain_rank() == JOKER:
                return (
                    f"a Jolly chain is pending (+{st.pending}): answer with a Jolly or draw "
                    "the cards (RULES §6)"
                )
            extra = " (a Jolly never answers an Ace)" if kind == JOKER else ""
            return (
                f"an Ace chain is pending (+{st.pending}): answer with an Ace or draw the "
                f"cards{extra} (RULES §6)"
            )
        rules = st.rules
        if kind == JOKER:
            if rules.jolly == "wild" and named_of(m) < 0:
                return "the traditional Jolly names the card it stands for, e.g. 'JK=7H' (RULES §6)"
            if rules.jolly == "suit" and named_of(m) >= 0:
                return "the official Jolly chooses a suit, e.g. 'JK:H' (RULES §6)"
            if len(hand) == 1 and not rules.jolly_can_close:
                return "a Jolly may not be the last card played (RULES §8)"
        if not st.playable(kind):
            return f"{code} does not match {self._top_text()}: it needs {_describe_need(st)} (RULES §4)"
        if m & CALL_FLAG:
            return f"'!' calls Dernier with a play that leaves you one card; you hold {len(hand)}"
        return f"{text} is not a legal move now"

    def _top_text(self) -> str:
        st = self.state
        top = CODE_OF[st.discard[-1]]
        if st.wild >= 0:
            top += f" (as {CODE_OF[st.wild]})"
        if st.suit >= 0:
            top += f" with {SUIT_SYMBOLS[SUITS[st.suit]]} chosen"
        return top

    # -- views and logs ---------------------------------------------------------------

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see (its own hand, counts, piles' sizes, the public log …)."""
        st = self.state
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < st.n:
            raise ValueError(f"there is no seat {seat!r} in a {st.n}-player game")
        over = st.turn < 0
        v: dict[str, Any] = {
            "seat": seat,
            "players": st.n,
            "rules": st.rules.spec(),
            "dealer": st.dealer,
            "turn": None if over else st.turn,
            "direction": st.direction,
            "hand": [CODE_OF[k] for k in st.hands[seat]],
            "counts": [len(h) for h in st.hands],
            "draw_count": len(st.draw),
            "discard": [CODE_OF[k] for k in st.discard],
            "top": CODE_OF[st.discard[-1]],
            "suit": SUITS[st.active_suit()] if st.active_suit() >= 0 else None,
            "chosen_suit": SUITS[st.suit] if st.suit >= 0 else None,
            "wild": CODE_OF[st.wild] if st.wild >= 0 else None,
            "pending": st.pending,
            "chain": {ACE: "ace", JOKER: "jolly"}.get(st.chain_rank()),
            "choosing": st.choosing,
            "has_drawn": st.drawn >= 0,
            "drawn": CODE_OF[st.drawn] if st.drawn >= 0 and st.turn == seat else None,
            "dernier_due": list(st.due),
            "move_no": st.move_no,
            "last_draw": list(st.last_draw),
            "draw_order": list(st.draw_order),
            "legal": self.legal_moves(seat),
            "over": over,
            "hand_scores": self.hand_scores,
            "hand_winner": self.hand_winner,
            "went_out": self.went_out,
            "log": self.public_log(seat),
        }
        if over:
            v["hands"] = [[CODE_OF[k] for k in h] for h in st.hands]
        for key in ("scores", "hands_won", "hand_no"):
            if key in self._extra:
                v[key] = self._extra[key]
        return v

    def public_log(self, seat: int | None = None) -> list[dict[str, Any]]:
        """The hand's events; drawn cards are shown only to ``seat`` (all when ``None``)."""
        out: list[dict[str, Any]] = []
        for ev in self.state.log or ():
            kind = ev[0]
            if kind == "move":
                out.append({"type": "move", "seat": ev[1], "move": MOVE_TEXT[ev[2]]})
            elif kind == "jump":  # anticipo (RULES §12): a play out of turn
                out.append({"type": "move", "seat": ev[1], "move": MOVE_TEXT[ev[2]], "jump": True})
            elif kind == "draw":
                e: dict[str, Any] = {
                    "type": "draw",
                    "seat": ev[1],
                    "count": len(ev[2]),
                    "reason": ev[3],
                }
                if seat is None or seat == ev[1]:
                    e["cards"] = [CODE_OF[k] for k in ev[2]]
                out.append(e)
            elif kind == "turned":
                out.append({"type": "turned", "seat": ev[1], "card": CODE_OF[ev[2]]})
            elif kind == "wrong":  # chi sbaglia paga (RULES §12): an illegal play that cost cards
                w: dict[str, Any] = {"type": "wrong", "seat": ev[1], "move": MOVE_TEXT[ev[2]]}
                if ev[3:]:
                    w["out_of_turn"] = True
                out.append(w)
            elif kind == "reshuffle":
                out.append({"type": "reshuffle", "count": len(ev[1])})
            elif kind == "end":
                out.append({"type": "end", "winner": None if ev[1] < 0 else ev[1]})
        return out

    def reshuffle_orders(self) -> list[list[str]]:
        """The orders of every reshuffled draw pile (traditional), for records."""
        return [[CODE_OF[k] for k in ev[1]] for ev in self.state.log or () if ev[0] == "reshuffle"]

    def __repr__(self) -> str:
        st = self.state
        return (
            f"<Game {st.rules.preset} {st.n}p turn={self.turn} top={CODE_OF[st.discard[-1]]} "
            f"move_no={st.move_no}>"
        )
