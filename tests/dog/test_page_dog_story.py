"""DOG's table tells what happens beside the pawn that moves: pawns sent home (RULES §8,
§11) said in the log and the live region, and warned of before a move (a 7's parts
included) is chosen; moves made with the partner's pawns (§11's exception, §12) said too."""

from __future__ import annotations

import re

import pytest
from dog_page_support import NAMES, open_saved, page_save, play_turn, race, seek
from playwright.sync_api import Page, expect

import dog
from web.dog import board as geo
from web.dog.words import STRINGS, card_words, pawns_words
from web.shell.i18n import STRINGS as SHELL
from web.shell.i18n import t


@pytest.fixture(autouse=True)
def dog_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """DOG's words over the shell's, as on a DOG page, for each test of this file only."""
    for key, words in STRINGS.items():
        monkeypatch.setitem(SHELL, key, words)


def sending(m: dog.Match, seven: bool) -> list[str]:
    """Seat 0's legal moves (7s in two parts with a choice left after the first, or single
    moves of other cards) whose first part sends another seat's pawn home."""
    g = m.game
    if g.state.phase != "play" or g.state.turn != 0:
        return []
    pawns = g.position()["pawns"]
    out = []
    for mv in m.legal_moves(0):
        toks = mv.split(" ")
        if (
            "=" in toks[0]
            or toks[0].startswith("7") != seven
            or len(toks) != (3 if seven else 2)
            or "-" not in toks[1]
        ):
            continue
        if not any(s != 0 for s, _i, _a in geo.sends_home(pawns, toks[1], seven)):
            continue
        after = [x for x in m.legal_moves(0) if x.startswith(f"{toks[0]} {toks[1]} ")]
        same = [x for x in m.legal_moves(0) if x.startswith(toks[0] + " ")]
        if len(after if seven else same) > 1:  # not played at once: a choice is left
            out.append(mv)
    return out


def click_target(page: Page, field: str) -> None:
    """Choose a lit target as a person taps it: the pawn standing there, else the field."""
    pawn = page.locator(f"#board [data-pawn][data-at='{field}'][data-target='true']")
    (pawn if pawn.count() else page.locator(f"#board [data-field='{field}']")).click()


def log_lines(page: Page) -> list[str]:
    return list(page.eval_on_selector_all("#log li", "e => e.map(x => x.textContent)"))


def named_targets(line: str, words: str) -> set[str]:
    """The fields "Moving to 12, 14–16 or home 1 sends {words} home." names (ranges expanded)."""
    found = re.search(r"Moving to (.+?) sends " + re.escape(words) + r" home\.", line)
    assert found, line
    out: set[str] = set()
    for part in re.split(r", | or ", found.group(1)):
        lo, _, hi = part.partition("–")
        out |= {str(f) for f in range(int(lo), int(hi) + 1)} if hi else {part}
    return out


@pytest.mark.browser
def test_a_seven_warns_and_tells_of_the_pawns_it_sends_home_s8_s11(page: Page, server_url: str) -> None:
    """§11, §8: while a 7 is built, a target that would send pawns home is marked, and the
    pawns too, in words before the part is played; the parts played so far say whom they
    sent home; once the 7 is played, the log and the live region say it."""
    m = seek(100, lambda m: bool(sending(m, True)))
    move = sending(m, True)[0]
    card, first, second = move.split(" ")
    a, b = first.split("-")
    c, d = second.split("-")
    hit = geo.sends_home(m.game.position()["pawns"], first, True)
    words = pawns_words("en", NAMES, 0, [list(v) for v in hit])
    open_saved(page, server_url, page_save(m, levels=["easy"] * 3, delay=4000))
    page.wait_for_function("document.querySelector('#table').dataset.turn === '0'")
    page.click(f"#hand [data-card='{card}']")
    page.click(f"#board [data-pawn][data-at='{a}']")
    for s, i, _at in hit:
        expect(page.locator(f"#board [data-pawn='{s}.{i}']")).to_have_attribute("data-threatened", "true")
    expect(page.locator("#turn-line")).to_contain_text(f" sends {words} home.")
    assert b in named_targets(page.inner_text("#turn-line"), words)  # its targets in one sentence
    target = page.locator(f"#board [data-field='{b}']")
    expect(target).to_have_attribute("data-sends", "true")
    assert f"sends {words} home" in (target.get_attribute("aria-label") or "")
    on_it = page.locator(f"#board [data-pawn][data-at='{b}']")
    if on_it.count():  # the pawn standing on the target is the target a person taps
        expect(on_it).to_have_attribute("data-sends", "true")
    click_target(page, b)
    for s, i, _at in hit:
        expect(page.locator(f"#board [data-pawn='{s}.{i}']")).to_have_attribute("data-at", f"n{s}")
    expect(page.locator("#seven-sent")).to_have_text(f"So far this 7 sends {words} home.")
    if page.get_attribute(f"#board [data-pawn][data-at='{c}']", "data-movable") == "true":
        page.click(f"#board [data-pawn][data-at='{c}']")
    click_target(page, d)
    expect(page.locator("#log li").last).to_contain_text(f"sends {words}")
    assert log_lines(page)[-1].startswith(f"You: {card_words(card, 'en', True)}")  # as its face shows it
    expect(page.locator("#announce")).to_contain_text(f"sends {words}")


@pytest.mark.browser
def test_a_move_landing_on_a_pawn_is_said_s8(page: Page, server_url: str) -> None:
    """§8 (1): a card landing on another seat's pawn sends it home: the pawn is marked
    before the move is chosen, and the log says whose pawn went home (in Italian here)."""
    m = seek(100, lambda m: bool(sending(m, False)))
    move = sending(m, False)[0]
    card, part = move.split(" ")
    a, b = part.split("-")
    (s, i, _at), *_ = geo.sends_home(m.game.position()["pawns"], part, False)
    words = pawns_words("it", NAMES, 0, [[s, i, b]])
    open_saved(page, server_url, page_save(m, levels=["easy"] * 3, delay=4000, lang="it"))
    page.wait_for_function("document.querySelector('#table').dataset.turn === '0'")
    page.click(f"#hand [data-card='{card}']")
    # told before the pawn is chosen (choosing it plays at once: its lone target)
    expect(page.locator(f"#board [data-pawn='{s}.{i}']")).to_have_attribute("data-threatened", "true")
    expect(page.locator("#turn-line")).to_contain_text(t("it", "dog_would_send_from", a=a, at=b, pawns=words))
    if page.locator(f"#board [data-pawn][data-at='{a}'][data-movable='true']").count():
        page.click(f"#board [data-pawn][data-at='{a}']")
    if page.locator(f"#board [data-pawn='{s}.{i}'][data-target='true']").count():
        page.click(f"#board [data-pawn='{s}.{i}']")
    expect(page.locator("#log li").last).to_contain_text(f"rimanda al nido {words}")


@pytest.mark.browser
def test_a_finished_player_is_told_they_move_the_partners_pawns_s12(page: Page, server_url: str) -> None:
    """§12: once one's four pawns are home, the turn line says one's cards now move the
    partner's pawns, the seat shows it, and the log says whose pawns a move moved."""

    def ok(m: dog.Match) -> bool:
        st = m.game.state
        return st.phase == "play" and st.turn == 0 and st.finished(0) and len(m.legal_moves(0)) > 1

    m = race(1, ok)
    open_saved(page, server_url, page_save(m, levels=["easy"] * 3, delay=4000))
    page.wait_for_function("document.querySelector('#table').dataset.turn === '0'")
    said = "Your four pawns are home: your cards now move Carlo's pawns (rules §12)."
    expect(page.locator("#turn-line")).to_contain_text(said)
    expect(page.locator("#dog-seats [data-seat='0'] .dog-helping")).to_have_text("all home")
    expect(page.locator("#announce")).to_contain_text(said)
    before = len(log_lines(page))
    play_turn(page)
    page.wait_for_function(f"document.querySelectorAll('#log li').length > {before}")
    assert "moving Carlo's pawns" in log_lines(page)[before]
