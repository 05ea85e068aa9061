"""Scala 40's table in the page, solo against bots (CONTRACT "In the page"): hands played
by clicking only — drawing, drafting an opening with its live count, the take-back,
discarding — to the summary of penalties (RULES §6, §7, §9, §11)."""

from __future__ import annotations

import os
from typing import Any

import pytest
from browser_support import open_page, open_with_storage
from playwright.sync_api import Page, expect
from s40_page import find_opening, find_save, hand, play_turn, select, table, wait_turn_or_over
from test_page_scala40_layout import SAVE_KEY

from web.scala40.words import STRINGS
from web.shell.i18n import rule_refs
from web.shell.session import Session

SHOTS = os.environ.get("S40_SHOTS")


@pytest.mark.browser
def test_solo_hand_played_by_clicking(page: Page, server_url: str) -> None:
    """§6 draw and discard, §7 an opening drafted and sent as one move, §11 the summary."""
    open_page(page, server_url, "game=scala40&players=2&levels=easy&seed=11&delay=0&hands=1")
    assert page.evaluate("document.body.dataset.game") == "scala40"
    page.wait_for_selector("#hand button.card")
    assert page.get_attribute("#discard", "data-card")
    assert page.get_attribute("[data-score-seat='1']", "data-score-seat") == "1"
    opened = False
    turns = 0
    state = wait_turn_or_over(page)
    while state["over"] != "true" and turns < 60:
        if play_turn(page) == "open":
            opened = True
            if SHOTS:
                page.screenshot(path=f"{SHOTS}/solo-opened.png", full_page=True)
        turns += 1
        state = wait_turn_or_over(page)
    assert state["over"] == "true", "the hand did not end"
    page.wait_for_selector("#summary[open]")
    rows = page.locator("#summary-table tr[data-seat]")
    assert rows.count() == 2
    assert page.is_visible("#new-match")  # one hand: the match is over
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/solo-summary.png", full_page=True)
    assert opened or turns > 0


@pytest.mark.browser
def test_draft_count_take_back_and_refusal_in_words(page: Page, server_url: str) -> None:
    """§7: the draft shows "n / 40" and goes back to the hand; §6: a refused take says why."""
    open_page(page, server_url, "game=scala40&players=2&levels=easy&seed=26&delay=0&hands=1&lang=it")
    state = wait_turn_or_over(page)
    assert state["phase"] == "draw"
    # §6: taking the pile's 3H is refused (it does not open at once): the reason, in Italian
    page.click("#discard")
    assert page.is_visible("#hint.refused")
    assert "§6" in page.text_content("#hint")
    assert "aperto" in page.text_content("#hint")
    assert table(page)["phase"] == "draw"  # nothing changed
    page.click("#stock")
    page.wait_for_function("document.querySelector('#table').dataset.phase === 'play'")
    cards = hand(page)
    melds = find_opening(cards) or []
    if not melds:
        pytest.skip("no opening in this deal")
    select(page, melds[0].split("-"))
    page.click("#meld")
    if page.is_visible("#chooser"):
        page.locator("#chooser-options [data-represents]").first.click()
    assert page.is_visible("#opening")
    assert "/ 40" in page.text_content("#opening")
    assert len(hand(page)) == len(cards) - len(melds[0].split("-"))
    page.click("#cancel-open")
    assert page.is_hidden("#opening")
    assert sorted(hand(page)) == sorted(cards)
    # the hand reordered by hand: ▶ moves the one selected card, Shift+← moves it back
    order = hand(page)
    page.locator("#hand button.card").first.click()
    page.click("#move-right")
    assert hand(page) == [order[1], order[0], *order[2:]]
    assert page.get_attribute("#hand button.card >> nth=1", "aria-pressed") == "true"
    page.locator("#hand button.card").nth(1).press("Shift+ArrowLeft")
    assert hand(page) == order
    page.click("#sort")  # by rank now: the order changes, the cards stay
    assert sorted(hand(page)) == sorted(order)
    assert page.locator("#hand button.card[aria-pressed='true']").count() == 0
    # a discard with nothing selected: the table says what to do, in Italian
    page.click("#discard")
    assert "carta" in page.text_content("#hint")


@pytest.mark.browser
def test_start_screen_offers_scala40_and_its_rule_sets(page: Page, server_url: str) -> None:
    """The shell's start screen: the choice of game, then Scala 40's own rule sets (§13)."""
    open_page(page, server_url)
    page.select_option("#opt-game", "scala40")
    page.wait_for_url("**/index.html?game=scala40")
    open_page(page, server_url, "game=scala40&delay=0")
    options = page.eval_on_selector_all("#opt-rules option", "els => els.map(e => e.value)")
    assert options == ["classic", "strict"]
    assert page.is_hidden("#house-rules")
    page.select_option("#opt-rules", "strict")
    page.select_option("#opt-players", "2")
    page.click("#start")
    page.wait_for_function("document.body.dataset.screen === 'table'")
    page.wait_for_selector("#hand button.card")
    assert page.locator("#hand button.card").count() in (13, 14)
    save = page.evaluate("JSON.parse(localStorage.getItem('scala40.match.v1'))")
    assert save["settings"]["rules"] == "strict" and save["settings"]["game"] == "scala40"
    assert "strict" in str(save["match"]["match"]["rules"])


def take_save(lang: str) -> str:
    """A saved 2-player match at seat 0's draw, not opened, where the pile's card may be taken
    (it opens at once, §6): a tap on the pile with nothing selected would take it."""

    def never_opens(s: Session) -> None:  # seat 0 draws and discards
        s.play("draw", 0)
        s.play(next(m for m in s.match.legal_moves(0) if m.startswith("discard")), 0)

    def takeable(s: Session, v: dict[str, Any]) -> str | None:
        if s.turn == 0 and v["phase"] == "draw" and not v["opened"][0] and "take" in v["legal"]:
            return s.to_json()
        return None

    found: str = find_save(
        f"game=scala40&players=2&levels=medium&lang={lang}&delay=0", takeable, seat0=never_opens
    )
    return found


@pytest.mark.browser
def test_a_tap_on_the_pile_with_cards_selected_before_drawing_takes_nothing(
    page: Page, server_url: str
) -> None:
    """Issue 38, RULES §6: before drawing, a tap on the pile with a card selected (the player
    meant to discard) takes nothing, even where the take would be legal: it says to draw first
    (the stock, or the pile with nothing selected, only to open at once); with two cards
    selected after drawing it asks for just one (Italian, as it was seen)."""
    open_with_storage(page, server_url, {SAVE_KEY: take_save("it")}, "game=scala40")
    page.wait_for_selector("#hand button.card")
    before = table(page)
    assert before["phase"] == "draw" and before["turn"] == before["seat"] == "0"
    held, top = hand(page), page.get_attribute("#discard", "data-card")
    draw_first = rule_refs(STRINGS["s40_draw_first_unopened"][1], "it")
    for n in (1, 2):
        page.locator("#hand button.card[aria-pressed='false']").first.click()
        page.click("#discard")
        expect(page.locator("#hint.refused")).to_have_text(draw_first)
        assert "regole §6" in draw_first and "Prima scegli" not in draw_first
        assert table(page)["phase"] == "draw" and table(page)["moves"] == before["moves"]
        assert hand(page) == held and page.get_attribute("#discard", "data-card") == top
        expect(page.locator("#hand button.card[aria-pressed='true']")).to_have_count(n)  # kept
    page.click("#stock")  # drawn: two cards selected, the pile asks for just one
    page.wait_for_function("document.querySelector('#table').dataset.phase === 'play'")
    for _ in range(2):
        page.locator("#hand button.card[aria-pressed='false']").first.click()
    page.click("#discard")
    expect(page.locator("#hint.refused")).to_have_text(STRINGS["s40_select_just_one_discard"][1].format(n=2))
    assert table(page)["phase"] == "play"
