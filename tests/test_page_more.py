"""More of the table: abandon, the turn timer, the dealer's suit choice, the traditional
wild Jolly, remembered choices, statistics and the rules page."""

from __future__ import annotations

import pytest
from browser_support import open_page
from playwright.sync_api import Page, expect
from test_page_support import (
    FAST,
    SAVE_KEY,
    open_with_storage,
    page_save,
    play_to_end,
    state,
    two_player_deck,
    wait_for_input,
)

import dernier

FEED = ["9C", "9S", "9D", "4C", "4S", "4D", "3C", "3S"]


@pytest.mark.browser
def test_abandon_with_confirmation(page: Page, server_url: str) -> None:
    open_page(page, server_url, FAST + "&hands=3")
    wait_for_input(page)
    page.click("#abandon")
    dialog = page.locator("#confirm-abandon")
    expect(dialog).to_be_visible()
    page.click("#abandon-no")  # changed my mind
    expect(dialog).to_be_hidden()
    expect(page.locator("#table")).to_have_attribute("data-match-over", "false")
    page.click("#abandon")
    page.click("#abandon-yes")
    table = page.locator("#table")
    expect(table).to_have_attribute("data-match-over", "true")
    expect(page.locator("#result-tiebreak")).to_contain_text("You abandoned the match")
    # the two others tie on match points: the result says so, and how first place was decided
    expect(page.locator("#result-tiebreak")).to_contain_text("each get +1 match point")
    expect(page.locator("#result-winner")).to_contain_text("comes first")
    expect(page.locator("#result")).to_have_attribute("data-tiebreak", "abandon")
    # −1 for the one who left, +1 for every other player (RULES §11)
    points = page.eval_on_selector_all(
        "#summary-table tbody tr:not(.cards-row) td:last-child", "els => els.map(e => e.textContent)"
    )
    assert sorted(points) == ["+1", "+1", "-1"]
    expect(page.locator("#abandon")).to_be_hidden()
    page.click("#change-settings")
    expect(page.locator("#setup")).to_be_visible()
    expect(page.locator("#stats")).to_contain_text("Matches played: 1")


@pytest.mark.browser
def test_turn_timer_runs_out(page: Page, server_url: str) -> None:
    deck = two_player_deck(["2H", "3H", "4H", "5H", "6H"], ["8C", "8S", "10C", "10S", "QC"], "9H", FEED)
    m = dernier.Match.new(
        players=2, dealer=1, deck=deck, seed=1, rules={"preset": "official", "turn_seconds": 2}
    )
    open_with_storage(page, server_url, {SAVE_KEY: page_save(m).replace('"timer": 0', '"timer": 2')})
    expect(page.locator("#timer")).to_be_visible()
    expect(page.locator("#table")).to_have_attribute("data-match-over", "true", timeout=8000)
    expect(page.locator("#result")).to_have_attribute("data-tiebreak", "timeout")
    expect(page.locator("#result-tiebreak")).to_have_text("You ran out of time")


@pytest.mark.browser
def test_dealer_chooses_the_suit_of_a_turned_up_jack(page: Page, server_url: str) -> None:
    # seat 0 deals: seat 1 gets the first card; JD is turned up
    deck = two_player_deck(["8C", "8S", "10C", "10S", "QC"], ["2H", "3H", "4H", "5H", "6H"], "JD", FEED)
    m = dernier.Match.new(players=2, dealer=0, deck=deck, seed=1)
    assert m.legal_moves() == [":C", ":D", ":H", ":S"]
    open_with_storage(page, server_url, {SAVE_KEY: page_save(m)})
    chooser = page.locator("#chooser")
    expect(chooser).to_be_visible()
    expect(page.locator("#chooser-cancel")).to_be_hidden()  # the dealer must choose
    # the dialog covers the hand: each suit says how many of it the dealer holds
    expect(chooser.locator('button[data-suit="H"] .suit-held')).to_have_text("5 in your hand")
    expect(chooser.locator('button[data-suit="C"] .suit-held')).to_have_text("0 in your hand")
    page.keyboard.press("Escape")
    expect(chooser).to_be_visible()
    # the modal chooser covers the header's Abandon: it offers its own (§11)
    page.click("#chooser-abandon")
    expect(page.locator("#confirm-abandon")).to_be_visible()
    page.click("#abandon-no")  # keep playing: the suit is still owed
    expect(chooser).to_be_visible()
    page.click("#chooser-abandon")
    page.keyboard.press("Escape")
    expect(chooser).to_be_visible()
    page.click('#chooser button[data-suit="S"]')
    expect(page.locator("#discard")).to_have_attribute("data-suit", "S")
    expect(page.locator("#log")).to_contain_text("You choose ♠")


@pytest.mark.browser
def test_abandon_while_the_dealer_owes_a_suit(page: Page, server_url: str) -> None:
    deck = two_player_deck(["8C", "8S", "10C", "10S", "QC"], ["2H", "3H", "4H", "5H", "6H"], "JD", FEED)
    m = dernier.Match.new(players=2, dealer=0, deck=deck, seed=1)
    open_with_storage(page, server_url, {SAVE_KEY: page_save(m)})
    expect(page.locator("#chooser")).to_be_visible()
    page.click("#chooser-abandon")
    page.click("#abandon-yes")
    expect(page.locator("#chooser")).to_be_hidden()
    expect(page.locator("#table")).to_have_attribute("data-match-over", "true")
    expect(page.locator("#result")).to_have_attribute("data-tiebreak", "abandon")


def traditional_deck(seat0: list[str], up: str) -> list[str]:
    """3 players, dealer 2: seat 0 gets deck[0], deck[3] … (9 cards each)."""
    full = [r + s for s in "HDCS" for r in ("A", *map(str, range(2, 11)), "J", "Q", "K")]
    full = (full + ["JK", "JK"]) * 2
    others = [c for c in full if c not in seat0 and c != up and c[:-1] not in ("J",) and c != "JK"]
    order: list[str] = []
    o = iter(others)
    for i in range(9):
        order += [seat0[i], next(o), next(o)]
    order.append(up)
    rest = list(full)
    for c in order:
        rest.remove(c)
    return order + rest


@pytest.mark.browser
def test_traditional_wild_jolly_names_a_card(page: Page, server_url: str) -> None:
    hand = ["JK", "2C", "3C", "4C", "5C", "6C", "2S", "3S", "4S"]
    deck = traditional_deck(hand, "9H")
    m = dernier.Match.new(players=3, rules="traditional", dealer=2, deck=deck, seed=1)
    assert sorted(m.view(0)["hand"]) == sorted(hand) and m.game.turn == 0
    save = page_save(m).replace('"rules": "official"', '"rules": "traditional"', 1)
    open_with_storage(page, server_url, {SAVE_KEY: save.replace('"delay": 0', '"delay": 5000')})
    wait_for_input(page)
    page.click('#hand button[data-card="JK"]')
    chooser = page.locator("#chooser")
    expect(chooser).to_be_visible()
    expect(chooser.locator('button[data-named="5H"]')).to_have_count(1)
    chooser.locator('button[data-named="5H"]').click()
    expect(page.locator("#discard")).to_have_attribute("data-card", "JK")
    expect(page.locator("#discard")).to_have_attribute("data-suit", "H")
    expect(page.locator("#log")).to_contain_text("You play a Jolly as 5♥")


@pytest.mark.browser
def test_traditional_match_plays_through(page: Page, server_url: str) -> None:
    open_page(page, server_url, "players=3&rules=traditional&levels=easy,medium&seed=5&lang=en&delay=0")
    assert len(state(page)["hand"]) == 9
    assert play_to_end(page) == 1


@pytest.mark.browser
def test_setup_choices_are_remembered(page: Page, server_url: str) -> None:
    open_page(page, server_url)
    page.select_option("#opt-players", "4")
    page.locator('#opt-levels select[data-bot="1"]').select_option("hard")
    page.select_option("#opt-format", "target:200")
    page.select_option("#opt-lang", "it")
    expect(page.locator("#start")).to_have_text("Distribuisci le carte")
    page.fill("#opt-name", "Zoë")
    page.click("#start")
    expect(page.locator("#opponents .seat")).to_have_count(3)
    expect(page.locator("#me-name")).to_have_text("Zoë")
    expect(page.locator("#hand-info")).to_contain_text("200")
    # a reload resumes the match (the URL carries no match parameters)
    page.reload()
    page.wait_for_function("document.body.dataset.ready === 'true'")
    expect(page.locator("#opponents .seat")).to_have_count(3)
    # without a save, the start screen comes back with the last choices
    page.evaluate(f"localStorage.removeItem('{SAVE_KEY}')")
    page.reload()
    page.wait_for_function("document.body.dataset.ready === 'true'")
    expect(page.locator("#setup")).to_be_visible()
    assert page.input_value("#opt-players") == "4"
    assert page.input_value('#opt-levels select[data-bot="1"]') == "hard"
    assert page.input_value("#opt-format") == "target:200"
    assert page.input_value("#opt-name") == "Zoë"
    expect(page.locator("#start")).to_have_text("Distribuisci le carte")


@pytest.mark.browser
def test_rules_page_in_both_languages(page: Page, server_url: str) -> None:
    open_page(page, server_url, "lang=it")
    page.click("#show-rules")
    body = page.locator("#rules-body")
    expect(body).to_contain_text("Dernier")
    expect(body.locator("h3").first).to_be_visible()
    it_text = body.inner_text()
    page.click("#rules-close")
    page.select_option("#opt-lang", "en")
    page.click("#show-rules")
    assert body.inner_text() != it_text
    expect(body).to_contain_text("§7")


NAMELESS_JS = """() => [...document.querySelectorAll('button, select, input')]
  .filter(el => el.offsetParent !== null)
  .filter(el => {
    const label = el.getAttribute('aria-label') || el.textContent.trim() ||
      (el.id && document.querySelector(`label[for="${el.id}"]`)?.textContent.trim());
    return !label;
  })
  .map(el => el.outerHTML.slice(0, 80))"""


@pytest.mark.browser
def test_every_control_and_card_has_a_name(page: Page, server_url: str) -> None:
    open_page(page, server_url)
    assert page.evaluate(NAMELESS_JS) == []
    open_page(page, server_url, FAST)
    st = wait_for_input(page)
    assert page.evaluate(NAMELESS_JS) == []
    for code in st["hand"]:
        label = page.get_attribute(f'#hand button[data-card="{code}"]', "aria-label") or ""
        assert " of " in label or "Jolly" in label, label
    for seat in page.eval_on_selector_all(
        "#opponents .seat", "els => els.map(e => e.getAttribute('aria-label'))"
    ):
        assert "cards" in seat or "card" in seat
    assert page.get_attribute("#discard", "aria-label")
    assert page.get_attribute("#drawpile", "aria-label")
    # the live region tells the moves
    take = st["playable"][0] if st["playable"] else None
    if take:
        page.click(f'#hand button[data-card="{take}"]')
        if state(page)["chooser"]:
            page.click("#chooser-options button >> nth=0")
    else:
        page.click("#draw")
    expect(page.locator("#announce")).not_to_be_empty()
