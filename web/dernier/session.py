"""Dernier's :class:`~web.shell.session.Session`: the hooks of the shell's session filled in
with :mod:`dernier`'s match (RULES), and what only Dernier has: the Dernier call (the
bots' calls, the grace window people get, arming a call before a play), jumping in out of
turn (anticipo) and chi sbaglia paga (RULES §7, §12)."""

from __future__ import annotations

import random
from typing import Any, ClassVar, cast

from dernier import Match
from dernier.errors import DernierError, IllegalMove
from tabletop.engine import META_MOVES
from web.dernier.describe import move_card
from web.dernier.replays import make_entry
from web.dernier.seatview import SeatView
from web.shell.params import Settings
from web.shell.session import HUMAN, Session


def rules_spec(settings: Settings) -> str | dict[str, Any]:
    spec: dict[str, Any] = {"preset": settings.rules}
    if settings.timer:
        spec["turn_seconds"] = settings.timer
    spec.update(settings.house_rules())
    return spec if len(spec) > 1 else settings.rules


class DernierSession(Session):
    """A Dernier match in the page (see :class:`~web.shell.session.Session`)."""

    GAME: ClassVar[str] = "dernier"
    Illegal: ClassVar[type[ValueError]] = IllegalMove
    match: Match

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.declined: set[int] = set()  # bots that let this Dernier window pass
        self.armed_seats: set[int] = set()  # people who armed Dernier for their next play
        self.jump_checked: tuple[int, int, str] | None = None  # top card the bots considered

    # -- the shell's hooks ------------------------------------------------------------

    @classmethod
    def new_match(cls, settings: Settings, seed: int, names: list[str]) -> Match:
        return Match.new(
            players=settings.players,
            rules=rules_spec(settings),
            hands=settings.hands,
            target=settings.target,
            seed=seed,
            names=names,
        )

    @classmethod
    def load_match(cls, data: object) -> Match:
        try:
            return Match.load(cast("dict[str, Any]", data))  # Match.load checks what it is given
        except DernierError as e:
            raise ValueError(str(e)) from None

    def stats_result(self) -> tuple[bool, int]:
        m = self.match
        pts = m.match_points or [0] * m.players
        return m.winner == HUMAN, pts[HUMAN]

    def end_kind(self) -> str:
        m = self.match
        return "abandoned" if m.result is not None and m.result["kind"] == "abandon" else "finished"

    def replay_entry(self, kind: str, at_ms: int) -> dict[str, Any] | None:
        return make_entry(self.match, kind, at_ms, self.hinted)

    def match_ended(self) -> bool:
        return self.match.result is not None

    def position_key(self) -> tuple[object, ...]:
        m = self.match
        return (m.hand_no, m.game.state.move_no, len(m.game.moves), m.result is None)

    def public_facts(self) -> dict[str, Any]:
        m = self.match
        over = m.over
        return {
            "over": over,
            "winner": m.winner if over else None,
            "ranking": m.ranking if over else None,
            "match_points": m.match_points,
            "tiebreak": m.tiebreak,
            "result": dict(m.result) if m.result else None,
            "dealer": m.dealer,
            "players": m.players,
        }

    def table_extras(self, state: dict[str, Any]) -> None:
        m = self.match
        state["anticipo"] = bool(m.rules.anticipo)
        state["chi_sbaglia_paga"] = bool(m.rules.chi_sbaglia_paga)
        state["jolly"] = m.rules.jolly

    @property
    def hand_over(self) -> bool:
        return self.match.game.over or self.match.result is not None

    @property
    def turn(self) -> int | None:
        if self.match.result is not None:
            return None
        return self.match.game.turn

    def bot_rng(self, seat: int) -> random.Random:
        """A deterministic rng per decision: a resumed match decides the same way."""
        g = self.match.game
        return random.Random(f"{self.match.seed}/{self.match.hand_no}/{g.state.move_no}/{seat}")

    def bot_fallback_move(self, seat: int) -> str:
        """A safe move if a bot fails: its first play, else draw/pass."""
        legal = self.match.legal_moves(seat)
        plays = [m for m in legal if move_card(m) is not None and not m.endswith("!")]
        if plays:
            return plays[0]
        for m in ("pass", "draw"):
            if m in legal:
                return m
        return legal[0]

    def bot_side_moves(self) -> list[int]:
        return self.bot_calls()

    def people_window(self) -> bool:
        return self.people_due()

    def people_may_interrupt(self) -> bool:
        return self.people_may_jump()

    def bot_may_interrupt(self) -> bool:
        return self.bot_may_jump()

    def bot_interrupt(self) -> int | None:
        return self.bot_jump()

    def on_move(self, move: str, seat: int) -> None:
        if move != "dernier":
            self.armed_seats.discard(seat)

    def log_mark(self) -> tuple[int, int] | None:
        return self.match.hand_no, len(self.match.game.public_log())

    def on_next_hand(self) -> None:
        self.declined.clear()
        self.jump_checked = None
        self.armed_seats.clear()

    def wrong_refusal(self, seat: int, code: str) -> str | None:
        """Why a chi sbaglia paga attempt of ``code`` is refused outright, else None: the
        engine's word (``Match.why_not_charged``)."""
        return self.match.why_not_charged(code, seat)

    def _after(self) -> None:
        self.declined &= set(self.match.game.state.due)
        super()._after()

    # -- Dernier's own ----------------------------------------------------------------

    def human_due(self, seat: int = HUMAN) -> bool:
        """``seat`` owes a Dernier call (its window is open)."""
        return not self.hand_over and seat in self.match.game.state.due

    def people_due(self) -> bool:
        """Some person (here or online, not the seat to act) owes a Dernier call: the bots
        give them the grace window."""
        if self.hand_over:
            return False
        turn = self.match.turn
        return any(
            s != turn and "dernier" in moves and self.is_person(s) for s, moves in self.match.actors().items()
        )

    def seat_view(self, seat: int) -> SeatView:
        """What ``seat`` may do now, worked out as its page does (:class:`SeatView`)."""
        return SeatView(self.table_state(seat))

    def can_arm(self, seat: int = HUMAN) -> bool:
        """``seat`` may arm Dernier: it is their turn (or they may jump in) and some play
        leaves one card."""
        return self.seat_view(seat).can_arm()

    @property
    def armed(self) -> bool:
        """Seat 0 armed Dernier (the solo page's button)."""
        return HUMAN in self.armed_seats

    @armed.setter
    def armed(self, on: bool) -> None:
        self.set_armed(HUMAN, on)

    def set_armed(self, seat: int, on: bool) -> None:
        if on:
            self.armed_seats.add(seat)
        else:
            self.armed_seats.discard(seat)

    def jump_moves(self, seat: int) -> list[str]:
        """The anticipo plays ``seat`` may make now, out of turn (RULES §12), else []."""
        if self.hand_over or not self.match.rules.anticipo or seat == self.match.turn:
            return []
        return [m for m in self.match.actors().get(seat, []) if move_card(m) is not None]

    def human_jumps_for(self, code: str, seat: int = HUMAN) -> list[str]:
        """``seat``'s jump-ins with ``code``: with ``!`` when armed, else without."""
        return self.seat_view(seat).jumps_for(code, seat in self.armed_seats)

    def jump_card(self, seat: int = HUMAN) -> str | None:
        """The card ``seat`` may jump in with now, or None."""
        for m in self.jump_moves(seat):
            return move_card(m)
        return None

    def people_may_jump(self) -> bool:
        """Some person may jump in now (anticipo): the bots leave them the jump window."""
        return any(self.jump_card(s) is not None for s in range(self.match.players) if self.is_person(s))

    def dernier_enabled(self, seat: int = HUMAN) -> bool:
        return self.seat_view(seat).dernier_enabled()

    def why_refused(self, move: str, seat: int) -> str | None:
        """Why the engine refuses ``move`` by ``seat`` now (its own reason), or None when
        it is one of the seat's legal moves. Never plays: under chi sbaglia paga a refused
        card would otherwise cost the penalty, which only :meth:`try_wrong` may charge."""
        if self.match.result is not None:
            return "the match is over"
        if move in META_MOVES:  # leaving and the turn timer are this page's, never a move sent
            return f"{move!r} is not a move"
        return self.match.why_refused(move, seat)

    def human_moves_for(self, code: str, seat: int = HUMAN) -> list[str]:
        """``seat``'s legal plays of ``code``: with ``!`` when armed and possible, else without."""
        return self.seat_view(seat).moves_for(code, seat in self.armed_seats)

    def press_dernier(self, seat: int = HUMAN) -> str:
        """The Dernier button: call now (``called``), or arm/disarm the next play
        (``armed``/``disarmed``), or ``refused``."""
        sv = self.seat_view(seat)
        if sv.due():
            self.play("dernier", seat)
            return "called"
        if sv.can_arm():
            on = seat not in self.armed_seats
            self.set_armed(seat, on)
            return "armed" if on else "disarmed"
        return "refused"

    def bot_calls(self) -> list[int]:
        """Let every bot that owes a Dernier call (and is not the seat to act) call or let
        it pass (asked once per window). Returns the seats that called."""
        called: list[int] = []
        if self.hand_over:
            return called
        st = self.match.game.state
        for seat in list(st.due):
            if not self.is_bot(seat) or seat == st.turn or seat in self.declined:
                continue
            view = self.match.view(seat)
            try:
                move = self.bot(seat).choose(view, self.bot_rng(seat))
            except Exception:
                move = "dernier"
            if move == "dernier":
                self.play("dernier", seat)
                called.append(seat)
            else:
                self.declined.add(seat)
        return called

    def try_wrong(self, code: str, seat: int = HUMAN) -> str | None:
        """Chi sbaglia paga (RULES §12): ``seat`` plays ``code``, a card it holds that may
        not be played; the engine charges the penalty. The reason (``game.last_penalty``),
        or None when the rule is off or the attempt is refused anyway (state unchanged)."""
        if not self.match.rules.chi_sbaglia_paga or self.hand_over:
            return None
        if code not in self.match.view(seat)["hand"]:
            return None
        for move in (code, code + ":H", code + "=2H"):
            try:
                self.match.play(move, seat)
            except IllegalMove:
                continue
            self.armed_seats.discard(seat)
            reason = self.match.game.last_penalty or ""
            self._after()
            return reason
        return None

    def _jump_key(self) -> tuple[int, int, str]:
        return (self.match.hand_no, len(self.match.game.state.discard), str(self.match.view(HUMAN)["top"]))

    def bot_may_jump(self) -> bool:
        """Some bot may jump in on the top card, and the bots have not considered it yet."""
        if self.hand_over or not self.match.rules.anticipo or self.jump_checked == self._jump_key():
            return False
        return any(self.is_bot(seat) for seat in self.match.game.state.jump_seats())

    def bot_jump(self) -> int | None:
        """Let the bots jump in on the top card (anticipo), at most once per top card: each
        bot that may, in turn order after the seat to act, decides (``bot.jump``).
        Returns the seat that jumped, or None."""
        if self.hand_over or not self.match.rules.anticipo:
            return None
        st = self.match.game.state
        key = self._jump_key()
        if self.jump_checked == key:
            return None
        self.jump_checked = key
        for seat in st.jump_seats():
            if not self.is_bot(seat):
                continue
            rng = random.Random(f"{self.match.seed}/{self.match.hand_no}/{st.move_no}/{seat}/jump")
            move = self.bot(seat).jump(self.match.view(seat), rng)
            if move in self.jump_moves(seat):
                self.play(move, seat)
                return seat
        return None
