"""Post-hand review and coach: each decision scored against the true hands, and hints.

Once a hand is over every card is known, so each choice a seat made can be scored *with
the true hands*: :class:`Truth` plays every candidate move on, ``playouts`` times, with
the hard bot's kind of playout (the draw pile shuffled each time, as nobody knew its
order; the same look-ahead and win estimate), which gives the move's true chance to win
the hand. ``benchmarks/decision_regret.py`` scores the bots with the same class.

:func:`review` does that for every decision of a recorded match (``Match.record()``)
where the seat to act had two or more candidate moves (the hard bot's
:func:`~dernier.bots.search.candidates`). For each decision:

* ``cost``: the best candidate's chance to win the hand minus the chosen move's (0 when
  the choice was the best; never negative, the chosen move counts among the candidates);
* ``best``: the better move, and ``reason``: why, as structured data (a ``code`` and its
  fields; :func:`reason_text` words it in English, the page has it/en texts).

Per seat and hand, the overall figures:

* ``accuracy``: the share of the seat's decisions whose cost was below :data:`TOLERANCE`
  (within the scoring's noise of the best), ``None`` without decisions: the headline;
* ``lost``: the **chances lost per decision**, the mean cost of the seat's decisions
  (0.05 = on average five percentage points of win chance given away by each choice),
  ``None`` without decisions; ``lost_total`` is their sum (it can pass 1: each cost is
  measured from the position the seat was really in);
* ``worst``: the indices of the three costliest decisions that cost more than
  :data:`TOLERANCE`, costliest first.

Deterministic for a given ``seed`` and ``playouts``; a decision's figures do not depend on
which other seats or hands are reviewed with it. :func:`review_steps` does the same
in slices (a generator), for a page that must keep its main thread free.

:func:`coach` is the hint: the hard bot's search from a seat's *view only* (never the
hidden cards), naming its move and each candidate's estimated chance to win.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Generator, Iterator
from typing import Any

from tabletop.bots import result_of
from tabletop.saves import MAX_RECORD_BYTES, read_record_file, record_text

from .bots.search import DEFAULT_ITERATIONS, POINTS_WEIGHT, HardBot, candidates, judge
from .bots.value import weights_for
from .cards import ACE, JACK, JOKER, KIND_OF, KING, QUEEN, RANK_OF, SEVEN, SUITS
from .errors import SaveError
from .match import Match
from .moves import CALL_FLAG, CHOOSE, DRAW, MOVE_TEXT, PASS, SUIT_MASK, TEXT_MOVE, card_of, is_play, suit_of
from .state import State

REVIEW_FORMAT = "dernier-review"
REVIEW_VERSION = 1
#: playouts per candidate move at the default budget
DEFAULT_PLAYOUTS = 400
#: at most this many playouts per decision at the default budget: a choice among many
#: candidates (a traditional wild Jolly names many cards) gets fewer playouts per candidate
DEFAULT_PER_CHOICE = 2400
#: but never fewer than this per candidate
MIN_PLAYOUTS = 100
#: a choice that costs less than this (in win chance) counts as accurate: the scoring's noise
TOLERANCE = 0.02
#: how many costliest decisions are marked per seat and hand
WORST = 3


class Truth:
    """True values of moves in one position (computed once per move, on demand).

    ``st`` holds every hand as it really was; each playout shuffles only the draw pile.
    Every move's playouts start from the same ``seed``, so the moves meet the same luck."""

    def __init__(self, st: State, playouts: int, seed: int) -> None:
        self.st = st
        self.playouts = playouts
        self.seed = seed
        self.depth = HardBot().look_ahead(st.rules.decks)
        self.weights = weights_for(st.rules.decks, st.n)
        self.values: dict[int, float] = {}

    def value(self, m: int) -> float:
        """The chance to win the hand (plus the search's small points term) after ``m``."""
        return result_of(self.value_steps(m))

    def value_steps(self, m: int, slice_ms: float | None = None) -> Generator[None, None, float]:
        """:meth:`value` in slices: yields ``None`` each time about ``slice_ms`` have passed
        (never with ``None``); the value does not depend on where it was sliced."""
        if m not in self.values:
            rng = random.Random(self.seed)
            total = 0.0
            began = time.perf_counter()
            for _ in range(self.playouts):
                det = self.st.copy()
                rng.shuffle(det.draw)
                total += judge(det, m, self.st.turn, rng, self.depth, self.weights, POINTS_WEIGHT)
                if slice_ms is not None and (time.perf_counter() - began) * 1000 >= slice_ms:
                    yield None
                    began = time.perf_counter()
            self.values[m] = total / self.playouts
        return self.values[m]


# -- records ------------------------------------------------------------------------------


def load_record(data: dict[str, Any] | str | bytes) -> Match:
    """The match of a record or save (text or parsed), checked by replaying every move.

    Raises :class:`SaveError` with a readable reason: too large, not JSON, not a Dernier
    record, or a move the rules do not allow."""
    return Match.load(record_text(data, SaveError, "Dernier", MAX_RECORD_BYTES))


def read_record(path: str) -> Match:
    """:func:`load_record` of a file, read no further than :data:`MAX_RECORD_BYTES` + 1."""
    return load_record(read_record_file(path, SaveError, "Dernier", MAX_RECORD_BYTES))


def replayed_hands(match: Match) -> Iterator[tuple[int, Match, list[list[Any]]]]:
    """Replay ``match``'s record from its first deal, hand by hand.

    Yields ``(hand index, m, moves)``: ``m`` is a fresh match dealt that hand as recorded
    (its reshuffles in place), ``moves`` the hand's recorded ``[seat, move]`` pairs, which
    the caller plays on ``m`` (:func:`play_recorded`) before asking for the next hand.
    ``match`` comes from :func:`load_record`, so its record replays without error. Shared
    by the review and the page's replay viewer (``web/replay.py``)."""
    rec = match.record()
    history = rec["history"]
    m = Match.new(
        players=match.players,
        rules=match.rules,
        hands=match.hands_limit,
        target=match.target,
        seed=match.seed,
        dealer=history[0]["dealer"],
        deck=history[0]["deck"],
        names=match.names,
    )
    for i, h in enumerate(history):
        if i:
            m.next_hand(deck=h["deck"])
        st = m.game.state
        st.reshuffles = [[KIND_OF[c] for c in o] for o in h.get("reshuffles", [])]
        yield i, m, h["moves"]
        st.reshuffles = None


def play_recorded(m: Match, seat: int, move: str) -> None:
    """Play one recorded move (a timeout is recorded as the move ``timeout``)."""
    if move == "timeout":
        m.timeout(seat)
    else:
        m.play(move, seat)


def _positions(match: Match) -> list[list[tuple[State, str]]]:
    """Per hand, the state before each recorded move by the seat to act, with that move.

    ``match`` comes from :func:`load_record`, so its record replays without error."""
    out: list[list[tuple[State, str]]] = []
    for _i, m, moves in replayed_hands(match):
        st = m.game.state
        hand: list[tuple[State, str]] = []
        for seat, move in moves:
            if move != "timeout" and seat == st.turn and move != "dernier":
                hand.append((st.copy(), move))
            play_recorded(m, seat, move)
        out.append(hand)
    return out


# -- the review ---------------------------------------------------------------------------


def review_steps(
    record: dict[str, Any] | str | bytes | Match,
    seats: list[int] | None = None,
    playouts: int = DEFAULT_PLAYOUTS,
    seed: int = 0,
    hands: list[int] | None = None,
    per_choice: int | None = DEFAULT_PER_CHOICE,
    slice_ms: float | None = None,
) -> Generator[tuple[int, int], None, dict[str, Any]]:
    """:func:`review` in slices: yields ``(decisions done, decisions in all)`` after each
    candidate move scored (``playouts`` playouts), and with ``slice_ms`` also each time
    about that many milliseconds of playouts have passed, and returns the review
    (``StopIteration.value``; the same whatever the slicing)."""
    if isinstance(playouts, bool) or not isinstance(playouts, int) or playouts < 1:
        raise ValueError(f"playouts must be a whole number from 1, not {playouts!r}")
    match = record if isinstance(record, Match) else load_record(record)
    wanted = set(range(match.players) if seats is None else seats)
    bad = sorted(s for s in wanted if not (isinstance(s, int) and 0 <= s < match.players))
    if bad:
        raise ValueError(f"there is no seat {bad[0]!r} in a {match.players}-player match")
    positions = _positions(match)
    chosen = set(range(1, len(positions) + 1) if hands is None else hands)
    todo: list[tuple[int, State, str]] = []
    for h, hand in enumerate(positions):
        if h + 1 not in chosen:
            continue
        for st, move in hand:
            if st.turn not in wanted:
                continue
            legal = st.legal()
            if len(candidates(legal)) >= 2 and TEXT_MOVE[move] in legal:
                todo.append((h, st, move))
    total = len(todo)
    scored: list[dict[str, Any]] = []
    for n, (h, st, move) in enumerate(todo):
        # each decision's luck depends on the decision only: a seat's review is the same
        # whichever other seats and hands are reviewed with it
        played = TEXT_MOVE[move]
        arms = candidates(st.legal())
        if played not in arms:
            arms.append(played)
        each = playouts
        if per_choice is not None:
            each = max(min(playouts, MIN_PLAYOUTS), min(playouts, per_choice // len(arms)))
        truth = Truth(st, each, random.Random(f"dernier/review/{seed}/{h}/{st.move_no}").randrange(2**31))
        for m in arms:
            for _ in truth.value_steps(m, slice_ms):
                yield n, total
            yield n, total
        scored.append(_score(st, move, arms, truth, h))
        yield n + 1, total
    out_hands = []
    for h in range(len(positions)):
        if h + 1 not in chosen:
            continue
        seats_out = []
        for s in sorted(wanted):
            mine = [d for d in scored if d["hand"] == h + 1 and d["seat"] == s]
            seats_out.append(_summary(s, match.names[s], mine))
        out_hands.append({"hand": h + 1, "seats": seats_out})
    return {
        "format": REVIEW_FORMAT,
        "version": REVIEW_VERSION,
        "playouts": playouts,
        "per_choice": per_choice,
        "seed": seed,
        "tolerance": TOLERANCE,
        "players": match.players,
        "names": list(match.names),
        "rules": match.rules.spec(),
        "hands": out_hands,
    }


def review(
    record: dict[str, Any] | str | bytes | Match,
    seats: list[int] | None = None,
    playouts: int = DEFAULT_PLAYOUTS,
    seed: int = 0,
    hands: list[int] | None = None,
    per_choice: int | None = DEFAULT_PER_CHOICE,
) -> dict[str, Any]:
    """The review of every decision of ``seats`` (default: all) in the ``hands`` (numbers
    from 1; default: all) of a recorded match.

    ``record``: ``Match.record()`` or ``Match.save()`` output (a dict or JSON text), or a
    :class:`Match`. ``playouts``: the budget, playouts per candidate move (the standard
    error of a cost is roughly ``0.3 / sqrt(playouts)``, less thanks to shared luck), and
    ``per_choice`` the most per decision (``None``: no cap): a decision among many
    candidates gives each ``per_choice // candidates`` playouts, at least
    :data:`MIN_PLAYOUTS` (each decision says how many it used, ``playouts``).
    Raises :class:`SaveError` for a record that cannot be replayed.

    Returns ``{"format": "dernier-review", "version", "playouts", "seed", "tolerance",
    "players", "names", "rules", "hands": [{"hand": 1, "seats": [{"seat", "name",
    "decisions": [...], "accuracy", "lost", "lost_total", "worst": [...]}]}]}``; a decision is
    ``{"hand", "move_no", "seat", "played", "best", "cost", "win_played", "win_best", "playouts",
    "choices": [{"move", "win"}] (best first), "reason": {"code", ...}}``."""
    return result_of(review_steps(record, seats, playouts, seed, hands, per_choice))


def _score(st: State, move: str, arms: list[int], truth: Truth, hand: int) -> dict[str, Any]:
    played = TEXT_MOVE[move]
    values = {m: truth.value(m) for m in arms}
    order = sorted(arms, key=lambda m: (-values[m], m != played, m))
    best = order[0]
    cost = max(0.0, values[best] - values[played])
    return {
        "hand": hand + 1,
        "move_no": st.move_no + 1,
        "seat": st.turn,
        "played": move,
        "best": MOVE_TEXT[best],
        "cost": round(cost, 4),
        "win_played": round(_clamp(values[played]), 4),
        "win_best": round(_clamp(values[best]), 4),
        "playouts": truth.playouts,
        "choices": [{"move": MOVE_TEXT[m], "win": round(_clamp(values[m]), 4)} for m in order],
        "reason": reason(st, played, best) if cost >= TOLERANCE else {"code": "best"},
    }


def _clamp(v: float) -> float:
    return min(1.0, max(0.0, v))


def _summary(seat: int, name: str, decisions: list[dict[str, Any]]) -> dict[str, Any]:
    costs = [d["cost"] for d in decisions]
    worst = sorted((i for i, c in enumerate(costs) if c >= TOLERANCE), key=lambda i: (-costs[i], i))[:WORST]
    n = len(costs)
    return {
        "seat": seat,
        "name": name,
        "decisions": decisions,
        "accuracy": round(sum(c < TOLERANCE for c in costs) / n, 4) if n else None,
        "lost": round(sum(costs) / n, 4) if n else None,
        "lost_total": round(sum(costs), 4),
        "worst": worst,
    }


# -- reasons ------------------------------------------------------------------------------

_EFFECT = {ACE: "ace", SEVEN: "seven", QUEEN: "queen", KING: "king"}


def reason(st: State, played: int, best: int) -> dict[str, Any]:
    """Why ``best`` beats ``played`` in ``st``, as data: ``{"code": ..., fields}``.

    Codes: ``call`` (the better move calls Dernier with the play), ``answer_chain``
    (answer the pending draw instead of drawing it), ``play_not_draw`` (a card fitted:
    play it rather than draw), ``draw_not_play`` (keep the cards and draw),
    ``play_drawn`` / ``keep_drawn`` (the card just drawn), ``suit`` (the same J or Jolly
    with another suit, or another suit for a J or Jolly turned up), ``keep_wild`` (keep
    the J or Jolly, play ``move``), ``wild``
    (the J or Jolly now), ``effect`` (an action card's effect, ``effect`` one of ace,
    seven, queen, king), ``keep_action`` (keep the action card played, ``effect`` its
    effect, and play ``move``), ``other`` (the better odds, nothing simpler to say)."""
    out: dict[str, Any] = {"code": "other", "move": MOVE_TEXT[best], "played": MOVE_TEXT[played]}
    if is_play(best) and is_play(played) and card_of(best) == card_of(played):
        if best & CALL_FLAG and not played & CALL_FLAG:
            out["code"] = "call"
        elif suit_of(best) != suit_of(played):
            out.update(code="suit", suit=SUITS[suit_of(best)])
        return out
    if best & ~SUIT_MASK == CHOOSE and played & ~SUIT_MASK == CHOOSE:  # the first card's suit
        out.update(code="suit", suit=SUITS[suit_of(best)])
        return out
    if st.pending and played == DRAW and is_play(best):
        out["code"] = "answer_chain"
        out["pending"] = st.pending
        return out
    if st.drawn >= 0:
        if played == PASS and is_play(best):
            out["code"] = "play_drawn"
            return out
        if best == PASS:
            out["code"] = "keep_drawn"
            return out
    if played == DRAW and is_play(best):
        out["code"] = "play_not_draw"
        return out
    if best == DRAW:
        out["code"] = "draw_not_play"
        return out
    if is_play(best) and is_play(played):
        kb, kp = card_of(best), card_of(played)
        wild_b = kb == JOKER or RANK_OF[kb] == JACK
        wild_p = kp == JOKER or RANK_OF[kp] == JACK
        if wild_p and not wild_b:
            out["code"] = "keep_wild"
            return out
        if wild_b and not wild_p:
            out["code"] = "wild"
            return out
        if kb != JOKER and RANK_OF[kb] in _EFFECT:
            out["code"] = "effect"
            out["effect"] = _EFFECT[RANK_OF[kb]]
            return out
        if kp != JOKER and RANK_OF[kp] in _EFFECT:
            out["code"] = "keep_action"
            out["effect"] = _EFFECT[RANK_OF[kp]]
            return out
    return out


_TEXTS = {
    "best": "the best choice",
    "call": "{move}: call Dernier with the play, or it costs two cards",
    "answer_chain": "{move}: answer the chain instead of drawing {pending} cards",
    "play_not_draw": "{move}: a card fitted, play it instead of drawing",
    "draw_not_play": "draw: keeping your cards was worth more than {played}",
    "play_drawn": "{move}: play the card you drew instead of passing",
    "keep_drawn": "pass: keep the card you drew",
    "suit": "{move}: {suit} suit your hand better",
    "keep_wild": "{move}: keep your J or Jolly for later",
    "wild": "{move}: the J or Jolly now was worth more",
    "effect": "{move}: its effect ({effect}) helps you most now",
    "keep_action": "{move}: keep {played} for later ({effect})",
    "other": "{move} gives a better chance to win",
}
_SUIT_NAMES = {"H": "hearts", "D": "diamonds", "C": "clubs", "S": "spades"}
_EFFECT_TEXT = {
    "ace": "the next player draws",
    "seven": "the previous player draws",
    "queen": "the next player is skipped",
    "king": "play turns back",
}


def reason_text(r: dict[str, Any]) -> str:
    """An English sentence for a :func:`reason` (the page has its own it/en texts)."""
    fields = dict(r)
    if "suit" in fields:
        fields["suit"] = _SUIT_NAMES.get(fields["suit"], fields["suit"])
    if "effect" in fields:
        fields["effect"] = _EFFECT_TEXT.get(fields["effect"], fields["effect"])
    return _TEXTS.get(str(r.get("code")), _TEXTS["other"]).format_map(_Blank(fields))


class _Blank(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "?"


# -- the coach ----------------------------------------------------------------------------


def coach_steps(
    view: dict[str, Any],
    iterations: int | None = None,
    seconds: float | None = None,
    seed: int = 0,
    slice_ms: float = 8.0,
) -> Generator[None, None, dict[str, Any]]:
    """:func:`coach` in slices of about ``slice_ms``: yields ``None`` between slices and
    returns the hint (``StopIteration.value``), for a page that keeps its main thread free."""
    legal = list(view.get("legal", ()))
    if not legal or view.get("turn") != view.get("seat"):
        return {"move": None, "candidates": [], "playouts": 0}
    bot = HardBot(iterations=iterations or DEFAULT_ITERATIONS, seconds=seconds, slice_ms=slice_ms)
    move = ""
    for step in bot.steps(view, random.Random(seed)):
        if step is not None:
            move = step
            break
        yield None
    cands: list[dict[str, Any]] = [
        {"move": m, "win": round(_clamp(v), 4), "playouts": n} for m, (n, v) in bot.last_stats.items() if n
    ]
    cands.sort(key=lambda c: (c["move"] != move, -c["win"], c["move"]))
    if not cands:
        cands = [{"move": move, "win": None, "playouts": 0}]
    return {"move": move, "candidates": cands, "playouts": bot.last_playouts}


def coach(
    view: dict[str, Any],
    iterations: int | None = None,
    seconds: float | None = None,
    seed: int = 0,
) -> dict[str, Any]:
    """A hint from ``view`` only (``Game.view(seat)`` / ``Match.view(seat)``, or a page's
    table state, which holds the same keys): the hard bot's search names its move and
    each candidate's estimated chance to win the hand (its mean playout reward: the win
    chance plus the search's small points term, clipped to 0–1).

    ``iterations``: playouts (default the hard bot's); ``seconds``: a time limit on top
    (the page sets it; the search stops at whichever comes first, so the result may then
    depend on the machine's speed). Returns ``{"move", "candidates": [{"move", "win",
    "playouts"}] (its move first, then the best estimates), "playouts"}``; ``move`` is
    ``None`` when the seat is not to act (nothing to choose), and a single candidate
    (only move, or a Dernier call owed) has ``win`` ``None``."""
    return result_of(coach_steps(view, iterations, seconds, seed))


def to_json(result: dict[str, Any]) -> str:
    return json.dumps(result, separators=(",", ":"))
