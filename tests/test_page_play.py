"""The table's interaction through the page: suit chooser, the Dernier window, refused
clicks with their reason, keyboard play, reload, damaged saves, names as text, phones."""

from __future__ import annotations

import json
import re

import pytest
from browser_support import PageLog, open_page
from playwright.sync_api import Page, expect
from test_page_support import (
    FAST,
    SAVE_KEY,
    open_with_storage,
    page_save,
    state,
    two_player_deck,
    wait_for_input,
)

import dernier

# seat 0 holds five hearts, seat 1 nothing that fits; 9H turned up; the pile feeds seat 1
# cards that never fit, so the hand is fully scripted until seat 0 plays.
HEARTS = ["2H", "3H", "4H", "5H", "6H"]
BLANKS = ["8C", "8S", "10C", "10S", "QC"]
FEED = ["9C", "9S", "9D", "4C", "4S", "4D", "3C", "3S"]


def hearts_match() -> dernier.Match:
    deck = two_player_deck(HEARTS, BLANKS, "9H", FEED)
    return dernier.Match.new(players=2, dealer=1, deck=deck, seed=1, names=["Ada", "Bianca"])


def two_left_match() -> dernier.Match:
    """Seat 0 to act with 5H 6H on top of a heart: the next play leaves one card."""
    m = hearts_match()
    for mv, seat in [("2H", 0), ("draw", 1), ("pass", 1)] * 1 + [("3H", 0), ("draw", 1), ("pass", 1)]:
        m.play(mv, seat)
    m.play("4H", 0)
    m.play("draw", 1)
    m.play("pass", 1)
    assert sorted(m.view(0)["hand"]) == ["5H", "6H"] and m.game.turn == 0
    return m


def open_match(page: Page, server_url: str, m: dernier.Match, **kw: object) -> None:
    open_with_storage(page, server_url, {SAVE_KEY: page_save(m, **kw)})  # type: ignore[arg-type]
    wait_for_input(page)


@pytest.mark.browser
def test_suit_chooser_for_a_jack(page: Page, server_url: str) -> None:
    deck = two_player_deck(["JS", "3H", "4H", "5H", "6H"], BLANKS, "9H", FEED)
    m = dernier.Match.new(players=2, dealer=1, deck=deck, seed=1)
    open_match(page, server_url, m)
    page.click('#hand button[data-card="JS"]')
    chooser = page.locator("#chooser")
    expect(chooser).to_be_visible()
    for suit in "HDCS":
        expect(chooser.locator(f'button[data-suit="{suit}"]')).to_have_count(1)
    # what is left in the hand once the J is played, per suit
    expect(chooser.locator('button[data-suit="H"] .suit-held')).to_have_text("4 in your hand")
    expect(chooser.locator('button[data-suit="S"] .suit-held')).to_have_text("0 in your hand")
    # cancel keeps the card
    page.click("#chooser-cancel")
    expect(chooser).to_be_hidden()
    assert "JS" in state(page)["hand"]
    page.click('#hand button[data-card="JS"]')
    page.click('#chooser button[data-suit="D"]')
    expect(page.locator("#discard")).to_have_attribute("data-card", "JS")
    expect(page.locator("#discard")).to_have_attribute("data-suit", "D")
    assert "JS" not in state(page)["hand"]
    expect(page.locator("#suit-indicator")).to_have_attribute("data-suit", "D")


@pytest.mark.browser
def test_dernier_called_in_time_avoids_the_penalty(page: Page, server_url: str) -> None:
    open_match(page, server_url, two_left_match())
    dernier_btn = page.locator("#dernier")
    page.click('#hand button[data-card="5H"]')
    # the window is open: the button is enabled until the next seat moves
    expect(dernier_btn).to_be_enabled()
    expect(page.locator("#turn-line")).to_contain_text("Call Dernier")
    dernier_btn.click()
    expect(dernier_btn).to_be_disabled()
    st = wait_for_input(page)  # Bianca draws and passes
    assert st["hand"] == ["6H"]
    expect(page.locator("#log")).to_contain_text("You call Dernier!")
    expect(page.locator("#me-badge")).to_be_visible()


@pytest.mark.browser
def test_dernier_forgotten_costs_two_cards(page: Page, server_url: str) -> None:
    open_match(page, server_url, two_left_match())
    page.click('#hand button[data-card="5H"]')
    expect(page.locator("#dernier")).to_be_enabled()
    # nobody presses it: after the grace window Bianca moves and the window closes
    page.wait_for_function(
        "document.querySelectorAll('#hand button[data-card]').length === 3", timeout=10_000
    )
    expect(page.locator("#dernier")).to_be_disabled()
    expect(page.locator("#log")).to_contain_text("You forgot to call Dernier: you draw 2")


@pytest.mark.browser
def test_dernier_armed_before_the_play(page: Page, server_url: str) -> None:
    open_match(page, server_url, two_left_match())
    btn = page.locator("#dernier")
    expect(btn).to_be_enabled()  # the next play leaves one card: it may be armed
    btn.click()
    expect(btn).to_have_attribute("aria-pressed", "true")
    page.click('#hand button[data-card="5H"]')
    expect(page.locator("#log")).to_contain_text("You play 5♥ — Dernier!")
    st = wait_for_input(page)
    assert st["hand"] == ["6H"]


@pytest.mark.browser
def test_illegal_click_is_refused_with_its_reason(page: Page, server_url: str) -> None:
    deck = two_player_deck(["2H", "8C", "4H", "5H", "6H"], ["3D", "8S", "10C", "10S", "QC"], "9H", FEED)
    open_match(page, server_url, dernier.Match.new(players=2, dealer=1, deck=deck, seed=1))
    card = page.locator('#hand button[data-card="8C"]')
    expect(card).to_have_attribute("aria-disabled", "true")
    expect(card).to_have_attribute("title", "Needs ♥ or a 9")
    assert "Needs ♥ or a 9" in (card.get_attribute("aria-label") or "")
    card.click(force=True)  # Playwright treats aria-disabled as disabled; a person can click it
    expect(page.locator("#hint")).to_have_text("Needs ♥ or a 9")
    st = state(page)
    assert "8C" in st["hand"] and st["top"] == "9H" and st["turn"] == "0"
    # a playable card is not disabled and plays
    expect(page.locator('#hand button[data-card="2H"]')).not_to_have_attribute("aria-disabled", "true")


@pytest.mark.browser
def test_keyboard_only_play(page: Page, server_url: str) -> None:
    deck = two_player_deck(["7C", "2H", "QD", "KS", "5S"], BLANKS, "9H", FEED)
    open_match(page, server_url, dernier.Match.new(players=2, dealer=1, deck=deck, seed=1))
    page.keyboard.press("ArrowRight")  # into the hand: the first playable card
    focused = page.evaluate("document.activeElement.dataset.card")
    assert focused == "2H"
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.card") == "2H"
    page.keyboard.press("Enter")
    expect(page.locator("#discard")).to_have_attribute("data-card", "2H")
    expect(page.locator("#discard .pile-card")).to_have_class(re.compile(r"\bfly\b"))  # it moves in
    st = wait_for_input(page)
    assert "2H" not in st["hand"]
    # D draws, P passes
    before = len(st["hand"])
    page.keyboard.press("d")
    page.wait_for_function(f"document.querySelectorAll('#hand button[data-card]').length === {before + 1}")
    st = state(page)
    if st["pass"]:
        page.keyboard.press("p")
        # (with delay=0 the bot may already have moved again: look at the log)
        expect(page.locator("#log")).to_contain_text("You pass")


@pytest.mark.browser
def test_keyboard_space_calls_dernier(page: Page, server_url: str) -> None:
    open_match(page, server_url, two_left_match())
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.card") == "5H"
    page.keyboard.press("Enter")
    expect(page.locator("#dernier")).to_be_enabled()
    page.keyboard.press(" ")
    expect(page.locator("#log")).to_contain_text("You call Dernier!")
    st = wait_for_input(page)
    assert st["hand"] == ["6H"]


@pytest.mark.browser
def test_reload_mid_hand_resumes_the_same_position(page: Page, server_url: str) -> None:
    open_page(page, server_url, FAST.replace("delay=0", "delay=0") + "&hands=3")
    for _ in range(3):
        st = wait_for_input(page)
        if st["over"]:
            break
        if st["playable"]:
            page.click(f'#hand button[data-card="{st["playable"][0]}"]')
            if state(page)["chooser"]:
                page.click("#chooser [data-suit]")
        else:
            page.click("#draw")
    st = wait_for_input(page)
    log = page.locator("#log").inner_text()
    counts = page.eval_on_selector_all("#opponents .seat-count", "els => els.map(e => e.textContent)")
    saved = page.evaluate(f"localStorage.getItem('{SAVE_KEY}')")
    page.reload()
    page.wait_for_function("document.body.dataset.ready === 'true'")
    st2 = wait_for_input(page)
    for key in ("hand", "top", "suit", "turn", "over"):
        assert st2[key] == st[key], key
    assert page.locator("#log").inner_text() == log
    assert page.eval_on_selector_all("#opponents .seat-count", "els => els.map(e => e.textContent)") == counts
    assert (
        json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))["match"]
        == json.loads(saved)["match"]
    )


#: the heading's text at every animation frame (a frame's callbacks run just before it is
#: painted) until the page is ready: what the person saw in it while the page started
BRANDS_PAINTED = """(() => {
  window.__brands = [];
  const look = () => {
    const brand = document.querySelector(".brand");
    const text = brand ? brand.textContent : null;
    if (text !== null && window.__brands[window.__brands.length - 1] !== text) window.__brands.push(text);
    if (!document.body || document.body.dataset.ready !== "true") requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();"""


@pytest.mark.browser
def test_plain_url_resumes_and_other_url_starts_anew(page: Page, server_url: str) -> None:
    """The plain page over a saved match resumes it, its heading the game's from the first
    paint (issue 38: the house's name showed until the runtime was up)."""
    m = hearts_match()
    page.add_init_script(BRANDS_PAINTED)
    open_with_storage(page, server_url, {SAVE_KEY: page_save(m)})
    assert state(page)["hand"] == HEARTS
    assert page.evaluate("window.__brands") == ["Dernier"]
    open_page(page, server_url, "lang=en&delay=0")  # preferences only: still resumes
    assert state(page)["hand"] == HEARTS
    open_page(page, server_url, FAST)  # a match link: that match
    expect(page.locator("#opponents .seat")).to_have_count(2)


@pytest.mark.browser
@pytest.mark.parametrize(
    "text",
    [
        "{not json",
        json.dumps({"app": "someone-else", "data": [1, 2, 3]}),
        json.dumps({"app": "dernier-page", "version": 1, "settings": {}, "match": {"format": "x"}}),
    ],
    ids=["bad-json", "foreign", "broken-match"],
)
def test_corrupted_save_shows_a_notice(page: Page, server_url: str, text: str) -> None:
    open_with_storage(page, server_url, {SAVE_KEY: text})
    panel = page.locator("#save-problem")
    expect(panel).to_be_visible()
    expect(panel).to_contain_text("could not be resumed")
    expect(page.locator("#table")).to_be_hidden()
    page.click("#save-problem-new")
    expect(page.locator("#setup")).to_be_visible()
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") is None
    page.click("#start")
    expect(page.locator("#table")).to_be_visible()


@pytest.mark.browser
def test_corrupted_save_with_a_match_url_starts_that_match(page: Page, server_url: str) -> None:
    open_with_storage(page, server_url, {SAVE_KEY: "{oops"}, FAST)
    expect(page.locator("#table")).to_be_visible()
    expect(page.locator("#notices")).to_contain_text("could not be resumed")


XSS = "<img src=x onerror=alert(1)>"


@pytest.mark.browser
def test_player_name_is_text_not_html(page: Page, server_url: str) -> None:
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    open_page(page, server_url)
    page.fill("#opt-name", XSS)
    page.click("#start")
    expect(page.locator("#me-name")).to_have_text(XSS)
    assert page.locator("#me-name img").count() == 0
    assert page.locator("img:not(.card-face)").count() == 0  # the hand's faces are pictures
    # a name from a save, in every place names are shown (the summary included)
    m = dernier.Match.new(players=2, hands=1, seed=3, names=[XSS, "<b>Bot</b>"])
    while not m.game.over:
        m.play(m.legal_moves()[0])
    open_with_storage(page, server_url, {SAVE_KEY: page_save(m)})
    expect(page.locator("#summary")).to_be_visible()
    expect(page.locator("#summary-table")).to_contain_text(XSS)
    assert page.locator("img:not(.card-face)").count() == 0 and page.locator("#summary-table b").count() == 0
    assert not dialogs


@pytest.mark.browser
def test_name_from_the_url_is_text(page: Page, server_url: str) -> None:
    open_page(page, server_url, FAST + "&name=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E")
    expect(page.locator("#me-name")).to_have_text(XSS)
    assert page.locator("img:not(.card-face)").count() == 0  # the hand's faces are pictures


@pytest.mark.browser
def test_bad_parameters_are_ignored_with_a_notice(page: Page, server_url: str) -> None:
    open_page(page, server_url, "players=12&levels=medium,genius&lang=en&delay=0&seed=x&foo=1")
    notices = page.locator("#notices .notice")
    expect(notices).to_have_count(1)  # one notice lists every problem of the URL
    text = page.locator("#notices").inner_text()
    for bit in ("players=12", "levels=medium,genius", "seed=x", "foo"):
        assert bit in text
    expect(page.locator("#table")).to_be_visible()  # the match still starts, with defaults
    expect(page.locator("#opponents .seat")).to_have_count(2)


@pytest.mark.browser
@pytest.mark.parametrize(
    "query",
    [
        "",
        FAST + "&players=6&levels=easy,easy,medium,medium,hard",
        FAST.replace("lang=en", "lang=it")
        + "&players=6&levels=easy,easy,easy,easy,easy&name=Massimiliano%20Bartolomeo",
    ],
)
def test_phone_viewport_has_no_horizontal_scroll(page: Page, server_url: str, query: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    open_page(page, server_url, query)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, width
    if query:
        # many cards in hand still wrap inside the screen
        for _ in range(6):
            st = wait_for_input(page)
            if st["over"] or not st["draw"]:
                break
            page.click("#draw")
            if state(page)["pass"]:
                page.click("#pass")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360


@pytest.mark.browser
def test_italian_table(page: Page, server_url: str, page_log: PageLog) -> None:
    open_page(page, server_url, FAST.replace("lang=en", "lang=it"))
    expect(page.locator("#draw")).to_have_text("Pesca")
    expect(page.locator("html")).to_have_attribute("lang", "it")
