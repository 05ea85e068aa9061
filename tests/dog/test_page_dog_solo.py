"""DOG in the page, solo against three bots (one of them the partner): the board's hooks
(CONTRACT "In the page"), a whole game played by clicking only, its save resumed after a
reload, and the result with #new-game (RULES §3, §4, §12)."""

from __future__ import annotations

import json

import pytest
from browser_support import open_page
from dog_page_support import READY_JS, SAVE_KEY, play_turn, play_until_over, table_data
from playwright.sync_api import Page, expect

URL = "game=dog&levels=medium,easy,medium&seed=5&delay=0"

#: records, per pawn, the places it was drawn at between two fields it stood on, and how
#: many pawns went to a nest with the "going home" look
WATCH_JS = """() => {
  const w = window.__walks = {longest: {}, home: 0, steps: {}};
  new MutationObserver(list => {
    for (const m of list) {
      const el = m.target, id = el.dataset && el.dataset.pawn;
      if (!id) continue;
      const now = el.getAttribute(m.attributeName);
      if (m.oldValue === now) continue;
      if (m.attributeName === 'data-at') {
        w.steps[id] = 0;
        if (el.dataset.at.startsWith('n') && el.classList.contains('going-home')) w.home++;
      } else if (m.attributeName === 'class' && el.classList.contains('going-home')) {
        if (el.dataset.at.startsWith('n')) w.home++;
      } else if (m.attributeName === 'transform') {
        w.steps[id] = (w.steps[id] || 0) + 1;
        w.longest[id] = Math.max(w.longest[id] || 0, w.steps[id]);
      }
    }
  }).observe(document.querySelector('#dog-pawns'), {subtree: true, attributes: true,
             attributeOldValue: true, attributeFilter: ['transform', 'data-at', 'class']});
}"""


@pytest.mark.browser
def test_the_board_has_the_contracts_hooks(page: Page, server_url: str) -> None:
    """§2: 64 track fields, four nests and four homes of four fields, the start fields
    marked; 16 pawns in their nests, each with its seat's letter."""
    open_page(page, server_url, URL)
    assert page.evaluate("document.body.dataset.game") == "dog"
    expect(page.locator("#table")).to_be_visible()
    assert page.locator("svg#board [data-field]").count() == 64 + 16 + 4
    starts = page.eval_on_selector_all("svg#board [data-start]", "els => els.map(e => e.dataset.field)")
    assert starts == ["0", "16", "32", "48"]
    for s in range(4):
        assert page.locator(f"svg#board [data-field='n{s}']").count() == 1
        assert page.locator(f"svg#board [data-field^='h{s}.']").count() == 4
        pawns = page.locator(f"svg#board [data-pawn^='{s}.']")
        assert pawns.count() == 4
        assert {pawns.nth(i).get_attribute("data-at") for i in range(4)} == {f"n{s}"}
    letters = page.eval_on_selector_all("svg#board [data-pawn] text", "els => els.map(e => e.textContent)")
    assert sorted(set(letters)) == ["B", "G", "R", "Y"]
    data = table_data(page)
    assert data["phase"] == "exchange" and data["seat"] == "0"
    assert page.locator("#hand [data-card]").count() == 6
    expect(page.locator("#give")).to_be_disabled()  # §4: a card is chosen first
    assert page.is_disabled("#fold")


@pytest.mark.browser
def test_a_whole_game_solo_by_clicking(page: Page, server_url: str) -> None:
    """§4 the exchange (the card received shown only once one's own is given), §5 turns,
    §12 the end: a whole game, seat 0 clicking, three bots; a reload resumes the save."""
    open_page(page, server_url, URL)
    page.wait_for_function(READY_JS)
    # §4: before giving, nothing received; the partner's card comes once both gave
    save = json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))
    assert save["app"] == "dog-page"
    assert "received" not in page.text_content("#turn-line")
    play_turn(page)  # the give
    page.wait_for_function("document.querySelector('#table').dataset.phase === 'play'")
    logs = page.eval_on_selector_all("#log li", "els => els.map(e => e.textContent)")
    mine = [x for x in logs if x.startswith("You give ") and x.endswith(" to your partner")]
    others = [x for x in logs if "gives a card to the partner" in x]
    assert len(mine) == 1 and len(others) == 3, logs

    reloaded = False

    def reload_once(p: Page) -> None:
        nonlocal reloaded
        if not reloaded and table_data(p)["over"] != "true" and table_data(p)["phase"] == "play":
            before = p.evaluate("document.querySelectorAll('#log li').length")
            open_page(p, server_url, "game=dog")  # a plain visit resumes the save
            assert p.evaluate("document.querySelectorAll('#log li').length") == before
            p.evaluate(WATCH_JS)
            reloaded = True

    turns = play_until_over(page, on_turn=reload_once)
    assert reloaded and turns > 10
    data = table_data(page)
    assert data["over"] == "true" and data["winner"] in ("0", "1")
    expect(page.locator("#new-game")).to_be_visible()
    text = page.text_content("#turn-line") or ""
    assert ("Your team wins" in text) == (data["winner"] == "0"), text
    # the pawns walked field by field, and pawns sent home were seen going home (§6, §8)
    walks = page.evaluate("window.__walks")
    assert max(walks["longest"].values()) >= 3, walks
    assert walks["home"] >= 1, walks
    stats = json.loads(page.evaluate("localStorage.getItem('dog.stats.v1')"))
    assert stats["played"] == 1 and stats["won"] == (1 if data["winner"] == "0" else 0)
    page.click("#new-game")
    page.wait_for_function("document.querySelector('#table').dataset.over === 'false'")
    assert table_data(page)["phase"] == "exchange"


@pytest.mark.browser
def test_the_start_screen_deals_dog_for_four(page: Page, server_url: str) -> None:
    """§3: four seats only; the start screen offers 4 players and three seats, and the
    page's URL keeps the game after the deal (a reload resumes DOG, not Dernier)."""
    open_page(page, server_url, "game=dog&delay=0&lang=it")
    expect(page.locator("#setup")).to_be_visible()
    values = page.eval_on_selector_all("#opt-players option", "els => els.map(e => e.value)")
    assert values == ["4"]
    assert page.locator("#opt-levels select").count() == 3
    expect(page.locator("#opt-rules")).to_be_hidden()  # Dernier's rules, format and house rules
    expect(page.locator("#opt-format")).to_be_hidden()
    expect(page.locator("#house-rules")).to_be_hidden()
    page.click("#show-rules")
    expect(page.locator("#rules-title")).to_have_text("Regole di DOG")
    assert "§11 Il 7" in (page.text_content("#rules-body") or "")
    page.click("#rules-close")
    page.click("#start")
    page.wait_for_function("document.body.dataset.screen === 'table'")
    assert page.evaluate("location.search") == "?game=dog"
    expect(page.locator("#give")).to_have_text("Dai")
    open_page(page, server_url, "game=dog")
    assert page.evaluate("document.body.dataset.screen") == "table"
    assert page.locator("svg#board [data-pawn]").count() == 16
