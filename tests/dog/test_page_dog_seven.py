"""The 7 split over two pawns on DOG's board (RULES §11; CONTRACT "In the page": the 7 is
built part by part, ``#seven[data-left]`` counts the steps left, ``#seven-undo`` drops the
last part, only prefixes of legal moves are offered, it is sent at 0), and the Jolly's
rank chooser (§10: ranks without a move disabled)."""

from __future__ import annotations

import pytest
from dog_page_support import open_saved, page_save, seek, table_data
from playwright.sync_api import Page, expect

import dog
from web.dog.board import steps
from web.dog.words import card_words


def own_track(m: dog.Match, field: str) -> bool:
    return field.isdigit() and any(p.rstrip("*") == field for p in m.game.position()["pawns"][0])


def split_sevens(m: dog.Match) -> list[str]:
    """Seat 0's legal 7s (a 7 card, not a Jolly) in two parts over two own track pawns."""
    out = []
    for mv in m.legal_moves(0):
        toks = mv.split(" ")
        if toks[0].startswith("7") and len(toks) == 3:
            (a, _b), (c, _d) = (p.split("-") for p in toks[1:])
            more = [x for x in m.legal_moves(0) if x.startswith(f"{toks[0]} {toks[1]} ")]
            if a != c and own_track(m, a) and own_track(m, c) and len(more) > 1:
                out.append(mv)  # after the first part a choice is left (no lone option)
    return out


def seven_position() -> dog.Match:
    return seek(
        100, lambda m: m.game.state.phase == "play" and m.game.state.turn == 0 and bool(split_sevens(m))
    )


@pytest.mark.browser
def test_a_seven_split_over_two_pawns(page: Page, server_url: str) -> None:
    """§11: the first part moves one pawn (shown at once, the steps left counted), undo
    takes it back, then two parts over two pawns are sent as one move."""
    m = seven_position()
    legal = m.legal_moves(0)
    move = split_sevens(m)[0]
    card, first, second = move.split(" ")
    a, b = first.split("-")
    c, d = second.split("-")
    open_saved(page, server_url, page_save(m, levels=["easy"] * 3))
    page.wait_for_function("document.querySelector('#table').dataset.turn === '0'")
    page.click(f"#hand [data-card='{card}']")
    expect(page.locator(f"#hand [data-card='{card}'][aria-pressed='true']")).to_have_count(1)
    expect(page.locator("#seven")).to_have_attribute("data-left", "7")
    movable = set(
        page.eval_on_selector_all("#board [data-pawn][data-movable='true']", "e => e.map(x => x.dataset.at)")
    )
    starts = {x.split(" ")[1].split("-")[0] for x in legal if x.startswith(card + " ")}
    assert {a, c} <= movable and movable == starts  # only pawns some legal 7 moves
    pawn = page.get_attribute(f"#board [data-pawn][data-at='{a}']", "data-pawn")
    page.click(f"#board [data-pawn][data-at='{a}']")
    targets = set(
        page.eval_on_selector_all(
            "#board [data-field][data-target='true']", "e => e.map(x => x.dataset.field)"
        )
    )
    ends = {x.split(" ")[1].split("-")[1] for x in legal if x.startswith(f"{card} {a}-")}
    assert b in targets and targets == ends
    page.click(f"#board [data-field='{b}']")
    left = 7 - steps(a, b)
    expect(page.locator("#seven")).to_have_attribute("data-left", str(left))
    expect(page.locator(f"#board [data-pawn='{pawn}']")).to_have_attribute(
        "data-at", b
    )  # shown provisionally
    page.click("#seven-undo")
    expect(page.locator("#seven")).to_have_attribute("data-left", "7")
    expect(page.locator(f"#board [data-pawn='{pawn}']")).to_have_attribute("data-at", a)
    # again, by keyboard this time (lit pawns and fields take the focus, Enter chooses),
    # then the second pawn: only the continuations of legal 7s light up
    page.focus(f"#board [data-pawn][data-at='{a}']")
    page.keyboard.press("Enter")
    page.focus(f"#board [data-field='{b}'][tabindex='0']")
    page.keyboard.press("Enter")
    expect(page.locator(f"#board [data-pawn='{pawn}']")).to_have_attribute("data-at", b)
    if table_data(page).get("turn") == "0" and page.is_visible("#seven"):
        rest = {x.split(" ")[2].split("-")[0] for x in legal if x.startswith(f"{card} {a}-{b} ")}
        lit = set(page.eval_on_selector_all("#board [data-movable='true']", "e => e.map(x => x.dataset.at)"))
        assert lit <= rest | {c}
        if page.get_attribute(f"#board [data-pawn][data-at='{c}']", "data-movable") == "true":
            page.click(f"#board [data-pawn][data-at='{c}']")
        page.click(f"#board [data-field='{d}']")
    page.wait_for_function(
        """m => JSON.parse(localStorage.getItem('dog.match.v1')).match.match.history[0].moves
               .some(([s, x]) => s === 0 && x === m)""",
        arg=move,
    )
    expect(page.locator("#seven")).to_be_hidden()
    face = card_words(card, "en", True)  # the log shows the card as its face does: 7♥
    assert any(
        face in x and "→" in x for x in page.eval_on_selector_all("#log li", "e => e.map(x => x.textContent)")
    )


def jolly_position() -> dog.Match:
    def ok(m: dog.Match) -> bool:
        g = m.game
        if g.state.phase != "play" or g.state.turn != 0 or "JK" not in m.view(0)["hands"][0]:
            return False
        ranks = {x.split(" ")[0][3:] for x in m.legal_moves(0) if x.startswith("JK=")}
        return 1 < len(ranks) < 13

    return seek(300, ok)


@pytest.mark.browser
def test_the_jolly_asks_for_a_rank(page: Page, server_url: str) -> None:
    """§10: the Jolly names its rank; ranks with no move are disabled; Escape clears."""
    m = jolly_position()
    ranks = {x.split(" ")[0][3:] for x in m.legal_moves(0) if x.startswith("JK=")}
    open_saved(page, server_url, page_save(m, levels=["easy"] * 3))
    page.wait_for_function("document.querySelector('#table').dataset.turn === '0'")
    page.click("#hand [data-card='JK']")
    expect(page.locator("#ranks")).to_be_visible()
    enabled = set(
        page.eval_on_selector_all("#ranks [data-rank]:not([disabled])", "e => e.map(x => x.dataset.rank)")
    )
    assert enabled == ranks
    page.keyboard.press("Escape")
    expect(page.locator("#ranks")).to_be_hidden()
    expect(page.locator("#hand [data-card][aria-pressed='true']")).to_have_count(0)
