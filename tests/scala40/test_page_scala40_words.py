"""Scala 40's table says what a new player needs (issue 31.6), in both languages: one card
is "1 card", the turn line before opening speaks of opening, and Open stays greyed until
the draft reaches 40 (RULES §7)."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import open_page, open_with_storage
from playwright.sync_api import Page, expect
from s40_page import find_save
from test_page_scala40_layout import SAVE_KEY, draft_save

from web.scala40 import hand as H
from web.scala40.words import STRINGS, why
from web.shell.i18n import rule_refs
from web.shell.session import Session


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "it"])
def test_before_opening_the_table_speaks_of_opening(page: Page, server_url: str, lang: str) -> None:
    k = 1 if lang == "it" else 0
    saved, meld = draft_save(lang)
    open_with_storage(page, server_url, {SAVE_KEY: saved}, "game=scala40")
    page.wait_for_selector("#hand button.card")
    chips = page.eval_on_selector_all(".s40-seat .chip", "els => els.map(e => e.textContent)")
    assert STRINGS["s40_card_one"][k] in chips, chips  # a seat holds one card
    assert not [c for c in chips if c in ("1 cards", "1 carte")]
    expect(page.locator("#turn-line")).to_have_text(STRINGS["s40_turn_unopened"][k])
    for c in meld.split("-"):
        page.locator(f"#hand button.card[data-card='{c}'][aria-pressed='false']").first.click()
    page.click("#meld")
    points = int(page.get_attribute("#opening", "data-points") or 0)
    assert points < 40
    expect(page.locator("#open")).to_be_disabled()  # §7: greyed until 40


def hand_order(page: Page) -> list[str]:
    return list(page.eval_on_selector_all("#hand button.card", "els => els.map(e => e.dataset.card)"))


@pytest.mark.browser
def test_a_reload_keeps_the_draft_and_the_players_order(page: Page, server_url: str) -> None:
    """Issue 31.6: a half-built opening and the order the player gave the hand survive a
    reload of the page (they live on this device only: nothing is sent before Open)."""
    saved, meld = draft_save("en")
    open_with_storage(page, server_url, {SAVE_KEY: saved}, "game=scala40")
    page.wait_for_selector("#hand button.card")
    for c in meld.split("-"):
        page.locator(f"#hand button.card[data-card='{c}'][aria-pressed='false']").first.click()
    page.click("#meld")
    page.locator("#hand button.card").first.click()
    page.click("#move-right")
    page.click("#move-right")
    order = hand_order(page)
    draft = page.get_attribute("#opening", "data-points")
    open_page(page, server_url, "game=scala40")
    page.wait_for_selector("#hand button.card")
    assert hand_order(page) == order
    assert page.get_attribute("#opening", "data-points") == draft
    expect(page.locator("#opening [data-draft]")).to_have_count(1)


@pytest.mark.browser
def test_a_card_dragged_onto_another_takes_its_place(page: Page, server_url: str) -> None:
    """Issue 31.6: cards are reordered by dragging, as players expect (besides ◀ ▶); the drag
    selects nothing."""
    saved, _ = draft_save("en")
    open_with_storage(page, server_url, {SAVE_KEY: saved}, "game=scala40")
    page.wait_for_selector("#hand button.card")
    before = hand_order(page)
    cards = page.locator("#hand button.card")
    a, b = cards.nth(0).bounding_box(), cards.nth(3).bounding_box()
    assert a and b
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=8)
    page.mouse.up()
    after = before[1:4] + before[:1] + before[4:]
    page.wait_for_function(
        "o => [...document.querySelectorAll('#hand button.card')].map(e => e.dataset.card).join() === o",
        arg=",".join(after),
    )
    expect(page.locator("#hand button.card[aria-pressed='true']")).to_have_count(0)


@pytest.mark.browser
def test_the_table_shows_what_just_happened(page: Page, server_url: str) -> None:
    """Issue 31.3: the card just drawn is marked and flies in from the stock; the moves list
    shows its newest move (numbered as the replay counts: move n)."""
    open_page(page, server_url, "game=scala40&players=2&levels=medium&seed=26&delay=0&hands=1&lang=en")
    page.wait_for_function(
        "(d => d.turn === d.seat && d.phase === 'draw')(document.querySelector('#table').dataset)"
    )
    before = hand_order(page)
    page.click("#stock")
    drawn = page.locator("#hand button.card[data-drawn='true']")
    expect(drawn).to_have_count(1)
    code = drawn.get_attribute("data-card")
    assert sorted([*before, code]) == sorted(hand_order(page))
    assert drawn.get_attribute("data-from") == "stock"  # it flew in from the stock
    assert "just drawn" in (drawn.get_attribute("aria-label") or "")
    log = page.locator("#log li")
    moves = int(page.get_attribute("#table", "data-moves") or 0)
    expect(log.last).to_have_attribute("value", str(moves))
    # the newest line is in the box's view, however long the list
    assert page.evaluate(
        """() => { const ol = document.querySelector('#log'), li = ol.lastElementChild;
                   const a = ol.getBoundingClientRect(), b = li.getBoundingClientRect();
                   return b.bottom <= a.bottom + 1 && b.top >= a.top - 1; }"""
    )
    open_page(page, server_url, "game=scala40")  # a reload still marks the card just drawn
    expect(drawn).to_have_count(1)
    assert drawn.get_attribute("data-card") == code
    page.locator("#hand button.card").first.click()  # discard: the bot plays on
    page.click("#discard")
    page.wait_for_function(
        "(d => d.turn === d.seat || d.over === 'true')(document.querySelector('#table').dataset)"
    )
    expect(drawn).to_have_count(0)  # the mark lasts for the turn of the draw


def last_three_save() -> tuple[str, list[str]]:
    """A saved match where seat 0, opened, has drawn and holds three cards: a joker and two of
    one rank in two suits (a set whose joker's card would be asked)."""

    def last_three(s: Session, v: dict[str, Any]) -> tuple[str, list[str]] | None:
        hand = v["hand"]
        if (
            s.turn == 0
            and v["phase"] == "play"
            and v["opened"][0]
            and len(hand) == 3
            and hand.count("JK") == 1
        ):
            a, b = sorted(c for c in hand if c != "JK")
            if a[:-1] == b[:-1] and a[-1] != b[-1]:
                return s.to_json(), hand
        return None

    found: tuple[str, list[str]] = find_save(
        "game=scala40&players=2&levels=medium&lang=en&delay=0", last_three, 300
    )
    return found


@pytest.mark.browser
def test_a_meld_that_would_empty_the_hand_is_refused_before_its_jokers_card(
    page: Page, server_url: str
) -> None:
    """Issue 31.6, RULES §6: no move may leave the hand empty; a set of one's last three cards
    with a joker is refused at once, not after the joker's card has been chosen."""
    saved, cards = last_three_save()
    open_with_storage(page, server_url, {SAVE_KEY: saved}, "game=scala40&lang=en")
    page.wait_for_selector("#hand button.card")
    for c in cards:
        page.locator(f"#hand button.card[data-card='{c}'][aria-pressed='false']").first.click()
    page.click("#meld")
    expect(page.locator("#hint.refused")).to_have_text(why("no move may leave the hand empty", "en"))
    expect(page.locator("#chooser")).to_be_hidden()


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_person_who_abandons_is_spoken_to(page: Page, server_url: str, lang: str) -> None:
    """The summary after one's own abandon speaks to the person ("Hai abbandonato", never
    "Tu ha abbandonato")."""
    k = 1 if lang == "it" else 0
    open_page(page, server_url, f"game=scala40&players=2&levels=medium&delay=4000&lang={lang}")
    page.wait_for_selector("#hand button.card")
    page.click("#abandon")
    expect(page.locator("#confirm-abandon")).to_be_visible()
    page.click("#abandon-yes")
    summary = page.locator("#summary")
    expect(summary).to_be_visible()
    expect(summary).to_contain_text(STRINGS["s40_abandoned_you"][k])
    expect(summary).not_to_contain_text("Tu ha")


def run_of_five_save() -> tuple[str, str, list[str]]:
    """A saved 4-player match at seat 0's draw, opened, holding a card that fits a run of 5
    on the table (attached, the run of 6 splits, RULES §4): the save, the card, the run."""

    def fits_five(s: Session, v: dict[str, Any]) -> tuple[str, str, list[str]] | None:
        if not (s.turn == 0 and v["phase"] == "draw" and v["opened"][0] and len(v["hand"]) > 1):
            return None
        melds = [list(m["cards"]) for m in v["melds"]]
        for c in v["hand"]:
            for i in H.fits_melds(c, melds, "classic") if c != "JK" else ():
                if H.splits(melds[i], "classic"):
                    return s.to_json(), c, melds[i]
        return None

    found: tuple[str, str, list[str]] = find_save(
        "game=scala40&players=4&levels=medium,medium,medium&lang=en&delay=0", fits_five
    )
    return found


@pytest.mark.browser
def test_a_runs_length_is_said_as_rules_4_and_a_card_that_cannot_go_says_why(
    page: Page, server_url: str
) -> None:
    """Issue 38, RULES §4: every text says a run holds 3 to 5 cards and splits at 6 (How to
    play, lesson 1); a selected card that fits a run of 5 but may not go there now says why
    (draw first), and once it may, that the run of 6 splits in two; attached, it does."""
    for key in ("s40_help_melds", "lesson_s40_melds_2", "lesson_s40_melds_done"):
        for k, lang in enumerate(("en", "it")):
            text = STRINGS[key][k]
            assert ("3 to 5", "da 3 a 5")[k] in text, (key, lang)
            assert ("3 or more", "3 o più")[k] not in text, (key, lang)
    saved, card, run = run_of_five_save()
    open_with_storage(page, server_url, {SAVE_KEY: saved}, "game=scala40&lang=en")
    page.wait_for_selector("#hand button.card")
    page.click("#menu-button")
    page.click("#menu-help")
    expect(page.locator("#help")).to_contain_text(STRINGS["s40_help_melds"][0])
    page.click("#help-close")
    shown, run_text = H.card_text(card), " ".join(H.card_text(c) for c in run)
    cards = page.locator(f"#hand button.card[data-card='{card}']")
    cards.first.click()
    expect(page.locator("#hint")).to_have_text(
        rule_refs(STRINGS["s40_fits_draw_first"][0].format(card=shown, meld=run_text), "en")
    )
    expect(page.locator("#melds .s40-meld.lit")).to_have_count(0)
    cards.first.click()
    melds = page.locator("#melds [data-meld]").count()
    page.click("#stock")
    page.wait_for_function("document.querySelector('#table').dataset.phase === 'play'")
    cards.first.click()
    expect(page.locator("#hint")).to_contain_text(rule_refs(STRINGS["s40_attach_splits"][0], "en"))
    lit = page.locator("#melds .s40-meld.lit")
    target = next(
        i
        for i in range(lit.count())
        if lit.nth(i).locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
        == [H.bare(c) for c in run]
    )
    lit.nth(target).click()
    expect(page.locator("#melds [data-meld]")).to_have_count(melds + 1)  # 6 cards: two runs of 3
