"""How good a board is for a team: progress, safety, threats, the start field (bots' judgement)."""

from __future__ import annotations

from dataclasses import dataclass

from ..board import HOME, PAWNS, SEATS, team_of
from ..cards import JOLLY, rank_of
from ..state import State

WIN = 100000.0
OUT_BASE = 16.0
HOME_BASE = 96.0
HOME_STEP = 3.0
FRESH_GUARD = 3.0
#: share of a threatened pawn's worth counted as lost
RISK_WEIGHT = 0.45
#: share of an opponent's threatened pawn counted as won
THREAT_WEIGHT = 0.2
#: chance that one unseen card lands on (or, a 7, passes) a pawn ``d`` fields ahead
HIT_CHANCE: tuple[float, ...] = tuple(
    0.0
    if d == 0 or d > 13
    else (
        8 * (d in (1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13))  # the rank with that value (A for 1 and 11)
        + 8 * (d <= 7)  # a 7 lands on or passes it
        + 6  # a Jolly
    )
    / 110
    for d in range(64)
)
BACK4_CHANCE = (8 + 6) / 110
OUT_CHANCE = (16 + 6) / 110
#: how much keeping a card in hand is worth (the bots spend cheap cards first)
KEEP: dict[str, float] = {"JK": 6.0, "7": 4.0, "A": 3.0, "K": 3.0, "4": 2.0, "J": 1.5}


@dataclass(frozen=True)
class Weights:
    """The knobs of :func:`evaluate` (the medium and hard bots use different ones)."""

    out_base: float = OUT_BASE
    home_base: float = HOME_BASE
    home_step: float = HOME_STEP
    fresh_guard: float = FRESH_GUARD
    risk: float = RISK_WEIGHT
    threat: float = THREAT_WEIGHT
    #: how much the opponents' progress counts against the team's
    opponents: float = 1.0
    #: scale of the card keep values
    keep: float = 1.0


MEDIUM = Weights()


def keep_value(card: str) -> float:
    return KEEP.get(JOLLY if card == JOLLY else rank_of(card), 1.0)


def progress(st: State, p: int, w: Weights = MEDIUM) -> float:
    """How far pawn ``p`` has come: 0 in the nest, more along its lap, most in the home."""
    at = st.loc[p]
    if at < 0:
        return 0.0
    if at >= HOME:
        return w.home_base + w.home_step * (at - HOME)
    d = (at - ((p >> 2) << 4)) & 63
    if d == 0 and not st.fresh[p]:
        d = 64
    return w.out_base + d


def _risk(st: State, p: int, hand_counts: list[int]) -> float:
    """The chance that an opponent of ``p``'s team sends it home before its next move."""
    at = st.loc[p]
    if at < 0 or at >= HOME or st.fresh[p]:
        return 0.0
    team = team_of(p >> 2)
    miss = 1.0
    loc = st.loc
    for q in range(SEATS * PAWNS):
        o = q >> 2
        if team_of(o) == team:
            continue
        y = loc[q]
        if 0 <= y < HOME:
            d = (at - y) & 63
            if HIT_CHANCE[d]:
                miss *= (1.0 - HIT_CHANCE[d]) ** max(1, hand_counts[o])
            elif (y - at) & 63 == 4:
                miss *= (1.0 - BACK4_CHANCE) ** max(1, hand_counts[o])
    for o in range(SEATS):
        if team_of(o) != team and at == o << 4 and -1 in loc[o * PAWNS : o * PAWNS + PAWNS]:
            miss *= (1.0 - OUT_CHANCE) ** max(1, hand_counts[o])
    return 1.0 - miss


def evaluate(st: State, team: int, hand_counts: list[int] | None = None, w: Weights = MEDIUM) -> float:
    """The worth of the board for ``team`` (higher is better), in pawn-steps."""
    if st.team_home(team):
        return WIN
    if st.team_home(1 - team):
        return -WIN
    counts = hand_counts if hand_counts is not None else [max(1, len(h)) for h in st.hands]
    total = 0.0
    for p in range(SEATS * PAWNS):
        worth = progress(st, p, w)
        risk = _risk(st, p, counts) if worth else 0.0
        if team_of(p >> 2) == team:
            total += worth - w.risk * risk * worth
            if st.fresh[p]:
                total += w.fresh_guard
        else:
            total -= w.opponents * (worth - w.threat * risk * worth)
    return total
