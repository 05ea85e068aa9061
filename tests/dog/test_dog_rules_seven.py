"""RULES §11: the 7 — splits, one part per pawn, passing sends home, the partner exception.

The one-part-per-pawn rule is checked against an independent brute force that lets a pawn
move in several parts, on sampled boards: both must reach the same set of boards.
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from dog_support import after, game, moves_with, pawns_of, position

from dog import Game, IllegalMove

N0, N1, N2, N3 = ["n0"] * 4, ["n1"] * 4, ["n2"] * 4, ["n3"] * 4


def test_seven_splits_among_pawns_section11() -> None:
    """§11: the seven steps are shared among one or more pawns, in parts totalling 7."""
    g = game([["10", "30", "n0", "n0"], N1, N2, N3], ["7H"])
    legal = moves_with(g, "7H")
    assert "7H 10-17" in legal and "7H 30-37" in legal
    assert "7H 10-15 30-32" in legal and "7H 30-32 10-15" in legal
    assert len(legal) == 2 + 2 * 6  # one pawn, or two in either order with 1…6 steps
    with pytest.raises(IllegalMove, match="total exactly 7"):
        g.play("7H 10-15 30-31")


def test_each_pawn_moves_in_at_most_one_part_section11() -> None:
    """§11 [decided]: a pawn moves in one part at most."""
    g = game([["10", "n0", "n0", "n0"], N1, N2, N3], ["7H"])
    assert moves_with(g, "7H") == ["7H 10-17"]
    with pytest.raises(IllegalMove, match="at most one part"):
        g.play("7H 10-13 13-17")


def test_seven_passing_sends_every_pawn_home_own_too_section11_section8() -> None:
    """§11, §8 (2): every pawn a 7's part passes goes home, own and partner's included."""
    g = game([["10", "12", "n0", "n0"], ["14", "n1", "n1", "n1"], ["15", "n2", "n2", "n2"], N3], ["7H"])
    g2 = after(g, "7H 10-17")
    assert pawns_of(g2)[0] == ["17", "n0", "n0", "n0"]
    assert pawns_of(g2)[1][0] == "n1" and pawns_of(g2)[2][0] == "n2"


def test_seven_order_matters_section11() -> None:
    """§11: a pawn already moved on escapes a later part; one sent home cannot move later."""
    g = game([["10", "12", "n0", "n0"], N1, N2, N3], ["7H"])
    escaped = after(g, "7H 12-16 10-13")  # 12 moves on first; 10 then passes 11, 12 (empty)
    assert pawns_of(escaped)[0][:2] == ["13", "16"]
    assert "7H 10-13 12-16" not in g.legal_moves()  # 10 passes 12 first: that pawn is home
    with pytest.raises(IllegalMove, match="no pawn on 12"):
        g.play("7H 10-13 12-16")
    assert pawns_of(after(g, "7H 10-17"))[0][:2] == ["17", "n0"]


def test_seven_cannot_pass_a_fresh_pawn_section11_section7() -> None:
    """§11, §7: a 7's part may not pass a protected pawn."""
    g = game([["10", "n0", "n0", "n0"], ["16*", "n1", "n1", "n1"], N2, N3], ["7H"])
    assert moves_with(g, "7H") == []
    assert g.legal_moves() == ["fold"]


def test_seven_usable_only_if_all_steps_used_section11() -> None:
    """§11: a 7 is usable only if some split uses all seven steps."""
    g = game([["h0.1", "n0", "n0", "n0"], N1, N2, N3], ["7H"])
    assert g.legal_moves() == ["fold"]
    g = game([["12", "n0", "n0", "n0"], ["16*", "n1", "n1", "n1"], N2, N3], ["7H", "3H"])
    assert moves_with(g, "7H") == []
    assert moves_with(g, "3H") == ["3H 12-15"]


def test_seven_may_enter_the_home_and_move_in_it_section11_section9() -> None:
    """§11: a part may enter the home; a home pawn may take a part further in."""
    g = game([["62", "h0.1", "n0", "n0"], N1, N2, N3], ["7H"])
    legal = moves_with(g, "7H")
    assert "7H h0.1-h0.4 62-h0.2" in legal  # h0.1 moves in first, clearing the way
    assert not any(m.startswith("7H 62-h0.2") for m in legal)  # it would pass h0.1
    assert "7H h0.1-h0.4 62-2" in legal
    assert "7H 62-5" in legal


def test_partner_exception_section11() -> None:
    """§11 (source): a part that brings the last own pawn home hands the rest to the partner's pawns."""
    pawns = [["h0.2", "h0.3", "h0.4", "62"], N1, ["40", "n2", "n2", "n2"], N3]
    g = game(pawns, ["7H"])
    legal = moves_with(g, "7H")
    assert legal == ["7H 62-5", "7H 62-h0.1 40-44"]
    g2 = after(g, "7H 62-h0.1 40-44")
    assert pawns_of(g2)[0] == ["h0.2", "h0.3", "h0.4", "h0.1"] and pawns_of(g2)[2][0] == "44"
    with pytest.raises(IllegalMove, match="partner"):
        g.play("7H 40-44 62-h0.1")  # partner pawns move only after that part


def test_partner_exception_needs_all_remaining_steps_section11() -> None:
    """§11: if the partner's pawns cannot use all remaining steps, that split is illegal."""
    pawns = [["h0.2", "h0.3", "h0.4", "62"], N1, N2, N3]  # the partner has no pawn out
    g = game(pawns, ["7H"])
    assert moves_with(g, "7H") == ["7H 62-5"]


def test_no_partner_pawns_before_finishing_section12() -> None:
    """§12: until finished, a player never moves the partner's pawns (but by §11's exception)."""
    g = game([["10", "n0", "n0", "n0"], N1, ["40", "n2", "n2", "n2"], N3], ["7H", "5H"])
    assert not any("40-" in m for m in g.legal_moves())


# -- brute force: a pawn may move in several parts --------------------------------------


def _succ(seat: int, at: tuple[str, int], may_enter: bool) -> list[tuple[str, int]]:
    kind, x = at
    if kind == "h":
        return [("h", x + 1)] if x < 4 else []
    nxt = [("t", (x + 1) % 64)]
    if may_enter and x == 16 * seat:
        nxt.append(("h", 1))
    return nxt


Board = tuple[tuple[tuple[str, int], bool], ...]


def _board_of(g: Game) -> Board:
    out = []
    for row in g.position()["pawns"]:
        for text in row:
            fresh = text.endswith("*")
            t = text.rstrip("*")
            if t.startswith("n"):
                out.append((("n", 0), False))
            elif t.startswith("h"):
                out.append((("h", int(t[-1])), False))
            else:
                out.append((("t", int(t)), fresh))
    return tuple(out)


def _parts(b: Board, p: int, most: int) -> list[tuple[int, Board]]:
    """(steps, board) for pawn ``p`` moving 1…``most`` steps forward as a 7's part, walked
    field by field from the rules text alone."""
    seat = p // 4
    start, fresh0 = b[p]
    if start[0] == "n":
        return []
    occupied = {(loc if loc[0] == "t" else (loc, q // 4)): q for q, (loc, _) in enumerate(b) if loc[0] != "n"}
    results = []

    def walk(at: tuple[str, int], steps: int, passed: list[int]) -> None:
        for nxt in _succ(seat, at, not fresh0):
            occ = occupied.get(nxt if nxt[0] == "t" else (nxt, seat), -1)
            if occ >= 0 and b[occ][1]:
                continue  # a fresh pawn: never passed, never landed on
            if nxt[0] == "h" and occ >= 0:
                continue  # nothing passed or landed on in a home
            new = list(b)
            for v in [*passed, occ]:
                if v >= 0:
                    new[v] = (("n", 0), False)
            new[p] = (nxt, False)
            results.append((steps + 1, tuple(new)))
            if steps + 1 < most:
                walk(nxt, steps + 1, [*passed, occ] if occ >= 0 else passed)

    walk(start, 0, [])
    return results


def _all_home(b: Board, seat: int) -> bool:
    return all(b[q][0][0] == "h" for q in range(4 * seat, 4 * seat + 4))


@cache
def _multi(b: Board, left: int, mover: int, can_switch: bool) -> frozenset[Board]:
    """Boards reachable by parts totalling ``left``, any pawn in any number of parts."""
    found: set[Board] = set()
    for p in range(4 * mover, 4 * mover + 4):
        for n, nb in _parts(b, p, left):
            if n == left:
                found.add(nb)
            elif can_switch and _all_home(nb, mover):
                found |= _multi(nb, left - n, (mover + 2) % 4, False)
            else:
                found |= _multi(nb, left - n, mover, can_switch)
    return frozenset(found)


def _random_board(rng: random.Random) -> list[list[str]]:
    taken: set[str] = set()
    rows = []
    for s in range(4):
        row = []
        for _ in range(4):
            r = rng.random()
            name = f"n{s}"
            if r < 0.55:
                base = rng.choice([16 * s, 16 * s - 3, 16 * ((s + 1) % 4), rng.randrange(64)])
                f = str((base + rng.randrange(-4, 8)) % 64)
                if f not in taken:
                    taken.add(f)
                    name = f + ("*" if f == str(16 * s) and rng.random() < 0.5 else "")
            elif r < 0.8:
                h = f"h{s}.{rng.randrange(1, 5)}"
                if h not in taken:
                    taken.add(h)
                    name = h
            row.append(name)
        rows.append(row)
    return rows


def test_one_part_per_pawn_loses_no_board_section11() -> None:
    """§11 [decided]: on sampled boards, one part per pawn reaches exactly the boards that
    a brute force letting a pawn move in several parts reaches."""
    rng = random.Random(11)
    compared = nonempty = 0
    while compared < 50:
        pawns = _random_board(rng)
        seat = rng.randrange(4)
        mine = pawns[seat]
        if not 2 <= sum(not f.startswith("n") for f in mine) <= 3:
            continue
        try:
            g = Game.from_position(position(pawns, ["7H"], seat=seat))
        except ValueError:
            continue
        b = _board_of(g)
        mover = (seat + 2) % 4 if _all_home(b, seat) else seat
        brute = _multi(b, 7, mover, mover == seat)
        engine = {_board_of(after(g, m)) for m in g.legal_moves() if m.startswith("7H")}
        assert engine == set(brute), f"boards differ for {pawns}, seat {seat}"
        compared += 1
        nonempty += bool(engine)
    _multi.cache_clear()
    assert nonempty > 25
