"""The board: track fields, start fields, nests and homes, and their names (RULES §2, §3).

Inside the engine a pawn is ``seat * 4 + index`` and stands at a *location*: ``NEST`` (-1),
a track field ``0``–``63``, or ``HOME + k`` (k = 0…3 for ``h<s>.1``…``h<s>.4`` of its own seat).
"""

from __future__ import annotations

from .errors import NotationError

SEATS = 4
PAWNS = 4
TRACK = 64
SPACING = 16
NEST = -1
HOME = 64
HOME_FIELDS = 4


def start_of(seat: int) -> int:
    """The start field of ``seat`` (RULES §2)."""
    return SPACING * seat


def partner(seat: int) -> int:
    return (seat + 2) % SEATS


def team_of(seat: int) -> int:
    """Team 0 = seats 0 & 2, team 1 = seats 1 & 3 (RULES §3)."""
    return seat % 2


def field_name(seat: int, loc: int) -> str:
    """The name of a location of one of ``seat``'s pawns: ``"12"``, ``"h0.3"``, ``"n0"``."""
    if loc == NEST:
        return f"n{seat}"
    if loc >= HOME:
        return f"h{seat}.{loc - HOME + 1}"
    return str(loc)


#: names of the track fields, by number
TRACK_NAMES: tuple[str, ...] = tuple(str(i) for i in range(TRACK))
TRACK_INDEX: dict[str, int] = {name: i for i, name in enumerate(TRACK_NAMES)}
HOME_INDEX: dict[str, tuple[int, int]] = {
    f"h{s}.{k + 1}": (s, HOME + k) for s in range(SEATS) for k in range(HOME_FIELDS)
}
NEST_INDEX: dict[str, int] = {f"n{s}": s for s in range(SEATS)}


def parse_field(text: object) -> tuple[int | None, int]:
    """``(owner, location)`` of a field name: owner ``None`` on the track.

    ``"12"`` → ``(None, 12)``, ``"h2.1"`` → ``(2, HOME)``, ``"n3"`` → ``(3, NEST)``."""
    if isinstance(text, str):
        if text in TRACK_INDEX:
            return None, TRACK_INDEX[text]
        if text in HOME_INDEX:
            return HOME_INDEX[text]
        if text in NEST_INDEX:
            return NEST_INDEX[text], NEST
    raise NotationError(f"{text!r} is not a field ('0'…'63', 'h<seat>.<1-4>' or 'n<seat>')")
