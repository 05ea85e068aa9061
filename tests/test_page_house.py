"""The traditional house variants in the page (RULES §12): the start screen's house rules
panel reaches the engine, seat 0 jumps in (anticipo) and a wrong play costs 2 cards
(chi sbaglia paga)."""

from __future__ import annotations

import json

import pytest
from helpers import seek_match
from playwright.sync_api import Page, expect
from test_page_support import (
    SAVE_KEY,
    choose_first,
    open_with_storage,
    page_save,
    state,
    take_turn,
    wait_for_input,
)

import dernier

HOUSE = {"preset": "traditional", "anticipo": True, "chi_sbaglia_paga": True}


def jump_position() -> dernier.Match:
    """A traditional 3-player match with both house rules where a bot is to act and seat 0
    may jump in, reached by random legal moves from a fixed seed."""

    def ok(m: dernier.Match) -> bool:
        jumps = [x for x in m.legal_moves(0) if x != "dernier"]
        return m.game.turn != 0 and bool(jumps) and len(m.view(0)["hand"]) > 3

    return seek_match(HOUSE, ok)[0]


def house_save(match: dernier.Match) -> str:
    return page_save(
        match,
        levels=["easy"] * (match.players - 1),
        rules="traditional",
        anticipo=True,
        chi_sbaglia_paga=True,
    )


@pytest.mark.browser
def test_house_rules_panel_reaches_the_engine(page: Page, server_url: str) -> None:
    open_with_storage(page, server_url, {})
    expect(page.locator("#setup")).to_be_visible()
    panel = page.locator("#house-rules")
    expect(panel).to_be_visible()
    page.click("#house-rules summary")
    page.select_option("#opt-lang", "en")
    page.select_option("#opt-rules", "official")
    expect(page.locator("#opt-anticipo")).to_be_disabled()  # one deck: no anticipo
    expect(page.locator("#opt-jolly")).to_have_value("suit")
    expect(page.locator("#opt-hand_size")).to_have_value("5")
    expect(page.locator("#opt-hand_size option[value='9']")).to_be_disabled()
    expect(page.locator("#opt-play_after_draw")).to_have_value("true")
    page.select_option("#opt-rules", "traditional")
    expect(page.locator("#opt-anticipo")).to_be_enabled()
    # the traditional preset's values (RULES §5 §6 §8 §11), then one changed by hand
    expect(page.locator("#opt-jolly")).to_have_value("wild")
    expect(page.locator("#opt-play_after_draw")).to_have_value("false")
    expect(page.locator("#opt-seven_penalty")).to_have_value("1")
    expect(page.locator("#opt-empty_draw")).to_have_value("reshuffle")
    expect(page.locator("#help-jolly")).to_contain_text("name")
    page.select_option("#opt-jolly", "suit")
    # the cards dealt (RULES §2): 9 with two decks; one deck cannot deal 9 to six players
    expect(page.locator("#opt-hand_size")).to_have_value("9")
    expect(page.locator("#opt-hand_size option[value='10']")).to_be_enabled()
    page.select_option("#opt-hand_size", "7")
    expect(page.locator("#help-anticipo")).to_contain_text("out of turn")
    page.check("#opt-anticipo")
    page.check("#opt-chi_sbaglia_paga")
    page.select_option("#opt-delay", "0")
    # the explanations follow the language
    page.select_option("#opt-lang", "it")
    expect(page.locator("#help-anticipo")).to_contain_text("fuori turno")
    expect(page.locator("#opt-jolly option[value=suit]")).to_have_text("sceglie il seme, +4")
    expect(page.locator("#house-rules summary")).to_have_text("Regole della casa")
    page.select_option("#opt-lang", "en")
    page.click("#start")
    expect(page.locator("#table")).to_be_visible()
    saved = json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))
    assert saved["match"]["rules"]["anticipo"] is True
    assert saved["match"]["rules"]["chi_sbaglia_paga"] is True
    assert saved["settings"]["anticipo"] is True
    assert saved["match"]["rules"]["jolly"] == "suit"
    assert saved["match"]["rules"]["preset"] == "traditional"
    assert saved["settings"]["variants"] == {"jolly": "suit", "hand_size": 7}
    assert saved["match"]["rules"]["hand_size"] == 7
    # remembered like the other choices
    prefs = json.loads(page.evaluate("localStorage.getItem('dernier.prefs.v1')"))
    assert prefs["anticipo"] is True and prefs["chi_sbaglia_paga"] is True
    # the deal is random: if seat 0 deals and a Jack is turned up, its suit choice comes first
    wait_for_input(page)
    choose_first(page)
    page.click("#abandon")
    page.click("#abandon-yes")
    page.click("#change-settings")
    expect(page.locator("#opt-anticipo")).to_be_checked()
    expect(page.locator("#opt-chi_sbaglia_paga")).to_be_checked()
    expect(page.locator("#opt-jolly")).to_have_value("suit")
    expect(page.locator("#opt-seven_penalty")).to_have_value("1")
    expect(page.locator("#opt-hand_size")).to_have_value("7")


@pytest.mark.browser
def test_jump_in_and_chi_sbaglia_paga(page: Page, server_url: str) -> None:
    m = jump_position()
    card = next(x for x in m.legal_moves(0) if x != "dernier").rstrip("!")
    open_with_storage(page, server_url, {SAVE_KEY: house_save(m)})
    jump = page.locator("#hand button.card.jump")
    expect(jump).to_have_count(1, timeout=1000)
    assert jump.get_attribute("data-card") == card
    assert "out of turn" in (jump.get_attribute("aria-label") or "")
    before = len(state(page)["hand"])
    jump.click()
    expect(page.locator("#log")).to_contain_text(f"You jump in with {card[:-1]}")
    expect(page.locator("#discard")).not_to_have_attribute("data-card", "")
    # chi sbaglia paga: on seat 0's turn, click a card that may not be played
    for _ in range(60):
        st = wait_for_input(page)
        if st["over"]:
            pytest.skip("the hand ended before a wrong play could be tried")
        if st["turn"] != "0":
            continue
        wrong = [c for c in st["hand"] if c not in st["playable"]]
        if wrong:
            n = len(st["hand"])
            assert n <= before + 60
            log_before = page.locator("#log").inner_text()
            page.locator(f'#hand button[data-card="{wrong[0]}"]').click(force=True)
            try:
                expect(page.locator("#hand button[data-card]")).to_have_count(n + 2, timeout=3000)
            except AssertionError:
                if (
                    page.locator("#log").inner_text() != log_before
                    and " jumps in with " in page.locator("#log").inner_text()
                ):
                    continue  # a bot jumped in just before the click: try again
                raise
            expect(page.locator("#hint")).to_contain_text("+2 cards (chi sbaglia paga)")
            expect(page.locator("#notices")).to_contain_text("+2 cards (chi sbaglia paga)")
            expect(page.locator("#log")).to_contain_text(": +2 cards")
            expect(page.locator("#table")).to_have_attribute("data-turn", "0")  # still to act
            return
        take_turn(page)
        page.wait_for_timeout(50)
    raise AssertionError("no unplayable card came up")


@pytest.mark.browser
def test_official_links_unchanged(page: Page, server_url: str) -> None:
    """A plain link starts a match without house rules (they are not URL parameters)."""
    open_with_storage(page, server_url, {}, "players=3&rules=traditional&seed=3&delay=0&lang=en")
    saved = json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))
    rules = saved["match"]["rules"]
    assert rules == "traditional" or not rules.get("anticipo")
