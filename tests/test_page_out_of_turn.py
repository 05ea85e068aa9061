"""Chi sbaglia paga out of turn in the page (RULES §12): with the house rule on, a card of
your hand clicked during another player's turn costs 2 cards, and the turn stays."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from test_page_support import SAVE_KEY, open_with_storage, page_save, state, two_player_deck

import dernier

SEAT1 = ["2H", "3H", "4H", "5H", "6H"]  # seat 1 acts first (dealer 0) and can play
SEAT0 = ["8C", "8S", "10C", "10S", "QC"]  # nothing of seat 0 fits 9H


@pytest.mark.browser
def test_s12_card_clicked_out_of_turn_costs_two_cards(page: Page, server_url: str) -> None:
    deck = two_player_deck(SEAT1, SEAT0, "9H", ["9C", "9S", "9D", "4C"])
    rules = {"preset": "official", "chi_sbaglia_paga": True}
    m = dernier.Match.new(players=2, rules=rules, dealer=0, deck=deck, seed=1, names=["Ada", "Bianca"])
    assert m.game.turn == 1
    save = page_save(m, delay=10_000, chi_sbaglia_paga=True)  # the bot waits: seat 0 may click
    open_with_storage(page, server_url, {SAVE_KEY: save})
    page.wait_for_function("document.body.dataset.ready === 'true'")
    expect(page.locator("#table")).to_have_attribute("data-turn", "1")
    assert len(state(page)["hand"]) == 5
    page.locator('#hand button[data-card="8C"]').click(force=True)
    expect(page.locator("#hand button[data-card]")).to_have_count(7)
    expect(page.locator("#hint")).to_contain_text("+2 cards (chi sbaglia paga)")
    expect(page.locator("#hint")).to_contain_text("Bianca")  # whose turn it was
    expect(page.locator("#notices")).to_contain_text("+2 cards")
    expect(page.locator("#table")).to_have_attribute("data-turn", "1")  # the turn did not change
