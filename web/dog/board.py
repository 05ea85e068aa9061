"""DOG's board as the page draws it (plain Python, no browser): where each field stands
in the SVG, the fields a move visits one by one, and the board after a 7's parts played so
far (RULES §2, §6, §8, §9, §11).

The track runs counter-clockwise (RULES §2): the shown seat's start field is at the bottom,
the next seat's start at the right. Coordinates are in the SVG's ``viewBox`` of
``0 0 100 100``."""

from __future__ import annotations

import math

from dog.board import HOME_FIELDS, SEATS, SPACING, TRACK, partner, start_of, team_of

CENTER = 50.0
RADIUS = 41.0
#: the radius of a track field's circle
FIELD_R = 1.85

__all__ = ["HOME_FIELDS", "SEATS", "SPACING", "TRACK", "partner", "start_of", "team_of"]


def _angle(field: float, shown: int) -> float:
    return math.pi / 2 - (field - start_of(shown)) * 2 * math.pi / TRACK


def track_xy(field: int, shown: int = 0) -> tuple[float, float]:
    a = _angle(field, shown)
    return round(CENTER + RADIUS * math.cos(a), 2), round(CENTER + RADIUS * math.sin(a), 2)


def home_xy(seat: int, k: int, shown: int = 0) -> tuple[float, float]:
    """``h<seat>.<k>``: from the start field towards the middle."""
    a = _angle(start_of(seat), shown)
    r = RADIUS - 4.6 * k
    return round(CENTER + r * math.cos(a), 2), round(CENTER + r * math.sin(a), 2)


def nest_xy(seat: int, index: int, shown: int = 0) -> tuple[float, float]:
    """The place of pawn ``index`` in the nest of ``seat``: a 2×2 block beside the start,
    on the side the pawns come from."""
    a = _angle(start_of(seat) - 3.6, shown)
    r = RADIUS - 8.5
    cx, cy = CENTER + r * math.cos(a), CENTER + r * math.sin(a)
    dx, dy = (-1.9 if index % 2 == 0 else 1.9), (-1.9 if index < 2 else 1.9)
    return round(cx + dx, 2), round(cy + dy, 2)


def number_xy(field: int, shown: int = 0) -> tuple[float, float]:
    """Where a track field's number is written: just outside the ring."""
    a = _angle(field, shown)
    r = RADIUS + 4.4
    return round(CENTER + r * math.cos(a), 2), round(CENTER + r * math.sin(a), 2)


def nest_label_xy(seat: int, shown: int = 0) -> tuple[float, float]:
    """Where a nest's letter stands: beside the nest, towards the middle of the board (clear
    of the track whichever way the board is turned)."""
    a = _angle(start_of(seat) - 3.6, shown)
    r = RADIUS - 8.5 - 7.0
    return round(CENTER + r * math.cos(a), 2), round(CENTER + r * math.sin(a), 2)


def nest_center(seat: int, shown: int = 0) -> tuple[float, float]:
    a = _angle(start_of(seat) - 3.6, shown)
    r = RADIUS - 8.5
    return round(CENTER + r * math.cos(a), 2), round(CENTER + r * math.sin(a), 2)


def field_xy(field: str, shown: int = 0, index: int = 0) -> tuple[float, float]:
    """Where a field name stands: ``"12"``, ``"h2.1"``, ``"n3"`` (``index``: the pawn's
    place in a nest)."""
    if field.startswith("n"):
        return nest_xy(int(field[1:]), index, shown)
    if field.startswith("h"):
        seat, k = field[1:].split(".")
        return home_xy(int(seat), int(k), shown)
    return track_xy(int(field), shown)


def is_track(field: str) -> bool:
    return field.isdigit()


def path(start: str, end: str, backward: bool = False) -> list[str]:
    """The fields a pawn visits moving from ``start`` to ``end``, the end included, the
    start left out (RULES §6, §9): forward along the track, into the home at its own start
    field, or backward (a 4). A move out of the nest or a swap goes in one step."""
    if start.startswith("n") or end.startswith("n"):
        return [end]
    if backward:
        a, b = int(start), int(end)
        out = []
        while a != b:
            a = (a - 1) % TRACK
            out.append(str(a))
            if len(out) > TRACK:
                return [end]
        return out
    if end.startswith("h"):
        seat_s, k_s = end[1:].split(".")
        seat, k = int(seat_s), int(k_s)
        out = []
        if start.startswith("h"):
            j = int(start.split(".")[1])
            return [f"h{seat}.{i}" for i in range(j + 1, k + 1)]
        a = int(start)
        while a != start_of(seat):
            a = (a + 1) % TRACK
            out.append(str(a))
        return out + [f"h{seat}.{i}" for i in range(1, k + 1)]
    if start.startswith("h"):
        return [end]
    a, b = int(start), int(end)
    out = []
    while a != b:
        a = (a + 1) % TRACK
        out.append(str(a))
    return out


def steps(start: str, end: str) -> int:
    """The steps of a forward part ``start-end`` (a 7's part)."""
    return len(path(start, end))


def parse_pawn(text: str) -> tuple[str, bool]:
    """A pawn of a position: its field and whether it is fresh (``"16*"``)."""
    return (text[:-1], True) if text.endswith("*") else (text, False)


Board = list[list[str]]


def placed(pawns: Board) -> list[tuple[int, int, str, bool, int]]:
    """Every pawn as (seat, its number, field, fresh, its place in a nest: the pawns in one
    nest stand side by side)."""
    out: list[tuple[int, int, str, bool, int]] = []
    for s, row in enumerate(pawns):
        in_nest = 0
        for i, p in enumerate(row):
            at, fresh = parse_pawn(str(p))
            out.append((s, i, at, fresh, in_nest if at.startswith("n") else 0))
            in_nest += at.startswith("n")
    return out


def after_parts(pawns: Board, parts: list[tuple[str, str]]) -> Board:
    """The pawns (position notation) after a 7's parts played so far: each part moves its
    pawn, and every pawn it passes or lands on goes to its nest (RULES §8, §11)."""
    board = [list(row) for row in pawns]
    for a, b in parts:
        passed = path(a, b)
        for s, row in enumerate(board):
            for i, p in enumerate(row):
                at, _fresh = parse_pawn(p)
                if at in passed and at != a and is_track(at):
                    row[i] = f"n{s}"
        for row in board:
            for i, p in enumerate(row):
                if parse_pawn(p)[0] == a:
                    row[i] = b
                    break
            else:
                continue
            break
    return board


#: a pawn a move would send to its nest: (seat, its number, the field it stands on)
Victim = tuple[int, int, str]


def sends_home(pawns: Board, token: str, seven: bool, nest: str = "") -> list[Victim]:
    """The pawns one step of a move would send to their nests (RULES §8): ``token`` is
    ``a-b`` (the pawn landed on, and for a 7's part every pawn passed, §11) or ``out``
    (a pawn on the start field of ``nest``'s seat, §10); a swap sends nobody."""
    if token == "out":
        if not nest.startswith("n"):
            return []
        start = str(start_of(int(nest[1:])))
        return [(s, i, at) for s, i, at, _fresh, _n in placed(pawns) if at == start]
    if "-" not in token:
        return []
    a, b = token.split("-")
    hit = {f for f in path(a, b) if is_track(f)} if seven else ({b} if is_track(b) else set())
    hit.discard(a)
    return [(s, i, at) for s, i, at, _fresh, _n in placed(pawns) if at in hit]


#: the least distance, in CSS pixels, between the centres of two lit targets on a zoomed
#: board: their 24 px circles (WCAG 2.5.8) stay clear of each other, with a pixel to spare
TARGET_GAP_PX = 26.0
#: the room, in board units, kept around the part of the board in play when zoomed
ZOOM_MARGIN = 6.0


def zoom_box(points: list[tuple[float, float]], width_px: float) -> tuple[float, float, float] | None:
    """The part of the board to show (``x``, ``y`` and ``size`` of a square ``viewBox``) so
    that the lit targets at ``points`` (board units) stand at least :data:`TARGET_GAP_PX`
    apart on a board drawn ``width_px`` wide, or ``None`` when the whole board already does
    (a desktop, or targets far apart). The square holds every point with a margin; when the
    points are too far apart for both, it holds them all, as close as they allow."""
    spots = sorted(set(points))
    if len(spots) < 2 or width_px <= 0:
        return None
    least = min(math.dist(a, b) for k, a in enumerate(spots) for b in spots[k + 1 :])
    if least * width_px / 100 >= TARGET_GAP_PX:
        return None
    size = width_px * least / TARGET_GAP_PX
    xs, ys = [p[0] for p in spots], [p[1] for p in spots]
    span = max(max(xs) - min(xs), max(ys) - min(ys)) + 2 * ZOOM_MARGIN
    size = min(100.0, max(size, span))
    cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    x = min(max(cx - size / 2, 0.0), 100.0 - size)
    y = min(max(cy - size / 2, 0.0), 100.0 - size)
    return round(x, 2), round(y, 2), round(size, 2)
