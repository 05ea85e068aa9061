"""Positions as JSON-ready dicts (CONTRACT "Position"), written and read with full checks."""

from __future__ import annotations

from typing import Any

from tabletop import engine

from .cards import CODE_OF, DECK_COUNT, JOKER, JOKER_AS, meld_card_code, parse_card, parse_meld_card
from .errors import NotationError, PositionError
from .melds import check_meld
from .rules import ruleset
from .state import PHASES, State

HAND_FIELDS = (
    "rules",
    "dealer",
    "turn",
    "phase",
    "hands",
    "stock",
    "discard",
    "melds",
    "opened",
    "taken",
    "out",
    "closer",
    "in_hand",
)
MATCH_FIELDS = ("scores", "reentered", "decide", "out_hand", "hand_no", "seed")


def melds_json(st: State) -> list[dict[str, Any]]:
    """The table's melds by number: ``{"owner": seat, "cards": ["5H", "JK=6H", "7H"]}``."""
    return [
        {"owner": o, "cards": [meld_card_code(c) for c in m]}
        for o, m in zip(st.meld_owner, st.melds, strict=True)
    ]


def to_position(st: State) -> dict[str, Any]:
    over = st.phase == "over"
    return {
        "rules": st.rules.spec(),
        "dealer": st.dealer,
        "turn": None if over else st.turn,
        "phase": st.phase,
        "hands": [[CODE_OF[k] for k in h] for h in st.hands],
        "stock": [CODE_OF[k] for k in reversed(st.stock)],
        "discard": [CODE_OF[k] for k in st.discard],
        "melds": melds_json(st),
        "opened": list(st.opened),
        "taken": CODE_OF[st.taken] if st.taken >= 0 else None,
        "out": list(st.out),
        "closer": st.closer if over else None,
        "in_hand": st.in_hand if over else False,
    }


def _cards(v: object, where: str) -> list[int]:
    if not isinstance(v, list):
        raise PositionError(f"{where} must be a list of card codes")
    try:
        return [parse_card(c) for c in v]
    except NotationError as e:
        raise PositionError(f"{where}: {e}") from None


FIELDS = engine.Fields(PositionError)
_seat = FIELDS.seat


def from_position(pos: object, extra: tuple[str, ...] = MATCH_FIELDS) -> State:
    """A :class:`State` from a position; :class:`PositionError` naming the first problem."""
    if not isinstance(pos, dict):
        raise PositionError(f"a position is a JSON object, not {type(pos).__name__}")
    missing = [f for f in HAND_FIELDS if f not in pos]
    if missing:
        raise PositionError(f"missing field(s): {', '.join(missing)}")
    unknown = sorted(str(k) for k in pos if k not in HAND_FIELDS and k not in extra)
    if unknown:
        raise PositionError(f"unknown field(s): {', '.join(unknown)}")
    try:
        rules = ruleset(pos["rules"])
    except ValueError as e:
        raise PositionError(f"rules: {e}") from None
    hands_in = pos["hands"]
    if not isinstance(hands_in, list) or not 2 <= len(hands_in) <= 6:
        raise PositionError("hands must be a list of 2 to 6 hands (one per seat)")
    n = len(hands_in)
    hands = [_cards(h, f"hands[{i}]") for i, h in enumerate(hands_in)]
    out_in = pos["out"]
    if not isinstance(out_in, list):
        raise PositionError("out must be a list of seats")
    out = tuple(_seat(s, n, "out[]") for s in out_in)
    if list(out) != sorted(set(out)):
        raise PositionError("out must list distinct seats in increasing order")
    if n - len(out) < 2:
        raise PositionError("at least two seats must be in the match")
    dealer = _seat(pos["dealer"], n, "dealer")
    if dealer in out:
        raise PositionError(f"the dealer (seat {dealer}) is out of the match")
    phase = pos["phase"]
    if phase not in PHASES:
        raise PositionError(f"phase must be one of {', '.join(PHASES)}, not {phase!r}")
    over = phase == "over"
    if over:
        if pos["turn"] is not None:
            raise PositionError("turn must be null once the hand is over")
        turn = -1
    else:
        turn = _seat(pos["turn"], n, "turn")
        if turn in out:
            raise PositionError(f"seat {turn} is to act but out of the match")
    stock = _cards(pos["stock"], "stock")
    discard = _cards(pos["discard"], "discard")
    opened = pos["opened"]
    if not isinstance(opened, list) or len(opened) != n or not all(isinstance(b, bool) for b in opened):
        raise PositionError(f"opened must be a list of {n} true/false values")
    melds_in = pos["melds"]
    if not isinstance(melds_in, list):
        raise PositionError("melds must be a list")
    melds = []
    owners = []
    for i, m in enumerate(melds_in):
        if not isinstance(m, dict) or set(m) != {"owner", "cards"}:
            raise PositionError(f"melds[{i}] must be an object with owner and cards")
        owner = _seat(m["owner"], n, f"melds[{i}].owner")
        if owner in out or not opened[owner]:
            raise PositionError(f"melds[{i}] is owned by seat {owner}, which has not opened")
        if not isinstance(m["cards"], list):
            raise PositionError(f"melds[{i}].cards must be a list")
        try:
            cards = [parse_meld_card(c) for c in m["cards"]]
        except NotationError as e:
            raise PositionError(f"melds[{i}]: {e}") from None
        meld = check_meld(cards, rules)
        if isinstance(meld, str):
            raise PositionError(f"melds[{i}]: {meld}")
        melds.append(meld)
        owners.append(owner)
    taken_in = pos["taken"]
    if taken_in is None:
        taken = -1
    else:
        try:
            taken = parse_card(taken_in)
        except NotationError as e:
            raise PositionError(f"taken: {e}") from None
    counts = [0] * 53
    for group in (*hands, stock, discard):
        for k in group:
            counts[k] += 1
    for meld in melds:
        for c in meld:
            counts[JOKER if c >= JOKER_AS else c] += 1
    for k in range(53):
        if counts[k] != DECK_COUNT[k]:
            raise PositionError(
                f"card {CODE_OF[k]} appears {counts[k]} times, not {DECK_COUNT[k]} "
                "(the 108 cards exactly once: each suited card twice, four jokers)"
            )
    for s in out:
        if hands[s] or opened[s]:
            raise PositionError(f"seat {s} is out of the match: no cards, not opened")
    closer_in, in_hand = pos["closer"], pos["in_hand"]
    if not isinstance(in_hand, bool):
        raise PositionError("in_hand must be true or false")
    if over:
        closer = _seat(closer_in, n, "closer")
        if closer in out or hands[closer]:
            raise PositionError("the closer must be a seat in the match with an empty hand")
        if not opened[closer]:
            raise PositionError("the closer must have opened")
    else:
        if closer_in is not None or in_hand:
            raise PositionError("closer must be null and in_hand false while the hand goes on")
        closer = -1
    for s in range(n):
        if s not in out and s != closer and not hands[s]:
            raise PositionError(f"seat {s} has no cards but the hand is not closed by it")
    if not over:
        if phase == "draw":
            if not stock:
                raise PositionError(f"the stock is empty while seat {turn} must draw")
            if not discard:
                raise PositionError("the discard pile is empty at the start of a turn")
            if taken >= 0:
                raise PositionError("taken must be null in phase draw")
        if phase == "use":
            if taken < 0:
                raise PositionError("phase use needs the taken card")
            if taken not in hands[turn]:
                raise PositionError(f"the taken card {CODE_OF[taken]} is not in seat {turn}'s hand")
        if phase == "discard" and not opened[turn]:
            raise PositionError("phase discard follows an opening: the seat must have opened")
        if phase == "play" and taken >= 0 and not opened[turn]:
            raise PositionError("a seat that has not opened keeps no taken card in phase play")
    return State(
        rules,
        n,
        dealer,
        turn,
        str(phase),
        hands,
        list(reversed(stock)),
        discard,
        melds,
        owners,
        list(opened),
        taken,
        out,
        closer,
        bool(in_hand),
    )
