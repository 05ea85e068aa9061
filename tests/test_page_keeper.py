"""No match lost (issue 40), in the page: a link that would start a match over an unfinished
saved match asks first (``dialog#link-ask``: ``#link-keep`` resumes it, Escape too;
``#link-new`` starts the link's and keeps the saved one in the Replays list as unfinished), in
the three games; a match open in two tabs stays one match (web/shell/keeper.py)."""

from __future__ import annotations

import json

import pytest
from browser_support import open_page, open_with_storage
from playwright.sync_api import Page, expect
from test_page_support import state, take_turn, wait_for_input
from test_web_keeper import LINKS, first_move, opened

from web.shell.params import parse_query
from web.shell.session import MemoryStorage, Store

#: (game, language, how the question is answered "keep": #link-keep or Escape)
CASES = [("dernier", "en", "Escape"), ("scala40", "it", "click"), ("dog", "en", "click")]
WORDS = {
    "en": {"keep": "Resume my match", "new": "Start the link's match", "saved": "is saved in this browser"},
    "it": {"keep": "Riprendi la mia partita", "new": "Inizia la partita del link", "saved": "è salvata"},
}


def saved_of(page: Page, game: str) -> dict[str, object]:
    text = page.evaluate(f"localStorage.getItem('{game}.match.v1')")
    data: dict[str, object] = json.loads(text)
    return data


@pytest.mark.browser
@pytest.mark.parametrize(("game", "lang", "keep"), CASES, ids=[c[0] for c in CASES])
def test_a_link_over_a_saved_match_asks_and_both_answers_do_what_they_say(
    page: Page, server_url: str, game: str, lang: str, keep: str
) -> None:
    first, other = LINKS[game]
    store = Store(MemoryStorage(), game)
    s, origin = opened(store, first)
    first_move(s)
    save = store.saved_text() or ""
    link = f"{other}&lang={lang}&delay=0"
    open_with_storage(page, server_url, {f"{game}.match.v1": save}, link)
    words = WORDS[lang]
    dialog = page.locator("#link-ask")
    expect(dialog).to_be_visible()
    # in the game's words: the game, the hand, the seats (a bot's level)
    text = page.locator("#link-ask-saved").inner_text()
    assert words["saved"] in text
    assert s.game.title(lang) in text
    for name in s.match.names[1:]:
        assert name in text
    expect(page.locator("#link-keep")).to_have_text(words["keep"])
    expect(page.locator("#link-new")).to_have_text(words["new"])
    assert page.evaluate("document.activeElement.id") == "link-keep"
    # the question is open: the saved match waits, as it was
    assert saved_of(page, game)["match"] == json.loads(save)["match"]
    expect(page.locator("#table")).to_be_visible()

    # keep: the saved match goes on; the URL no longer starts another match
    if keep == "Escape":
        page.keyboard.press("Escape")
    else:
        page.click("#link-keep")
    expect(dialog).to_be_hidden()
    assert saved_of(page, game)["origin"] == origin
    assert "seed=" not in page.evaluate("location.search")
    page.reload()
    page.wait_for_function("document.body.dataset.ready === 'true'")
    expect(dialog).to_be_hidden()
    assert saved_of(page, game)["origin"] == origin

    # the link again, and this time its match: the saved one is in the Replays list, unfinished
    open_page(page, server_url, link)
    expect(dialog).to_be_visible()
    page.click("#link-new")
    expect(dialog).to_be_hidden()
    expect(page.locator("#table")).to_be_visible()
    assert saved_of(page, game)["origin"] == parse_query(other).given
    replays = json.loads(page.evaluate(f"localStorage.getItem('{game}.replays.v1')"))
    assert [e["kind"] for e in replays["replays"]] == ["unfinished"]
    assert replays["replays"][0]["names"] == s.match.names
    expect(page.locator("#notices")).to_contain_text("Replays" if lang == "en" else "replay")


@pytest.mark.browser
def test_links_that_resume_or_only_set_the_language_never_ask(page: Page, server_url: str) -> None:
    first, _ = LINKS["scala40"]
    store = Store(MemoryStorage(), "scala40")
    s, _origin = opened(store, first)
    first_move(s)
    save = store.saved_text() or ""
    open_with_storage(page, server_url, {"scala40.match.v1": save}, "game=scala40&lang=en")
    expect(page.locator("#table")).to_be_visible()
    assert not page.evaluate("document.getElementById('link-ask').open")
    open_page(page, server_url, first + "&lang=it")  # the saved match's own link: it resumes
    expect(page.locator("#table")).to_be_visible()
    assert not page.evaluate("document.getElementById('link-ask').open")


HAND_IS = (
    "hand => JSON.stringify([...document.querySelectorAll('#hand button[data-card]')]"
    ".map(b => b.dataset.card)) === JSON.stringify(hand)"
)


@pytest.mark.browser
def test_two_tabs_of_one_match_lose_no_move(page: Page, server_url: str) -> None:
    """Tab A holds a Dernier match; tab B opens the plain page (it resumes it) and plays; tab A,
    not reloaded, follows it (the storage event) and says so, and the next move made in tab A
    is played on that, followed by tab B. A move made on an older copy of the match (a save
    tab A was not told of) is not played: tab A follows the newer save and says so."""
    a = page
    open_page(a, server_url, "players=2&levels=medium&seed=11&lang=en&delay=0")
    wait_for_input(a)
    b = a.context.new_page()
    open_page(b, server_url, "lang=en&delay=0")  # the plain page: it resumes the match
    assert wait_for_input(b)["hand"] == state(a)["hand"]
    assert take_turn(b) != "wait"
    expect(a.locator("#notices")).to_contain_text("continued in another tab")
    after_b = wait_for_input(b)
    a.wait_for_function(HAND_IS, arg=after_b["hand"])
    # back in tab A: its move is played on tab B's, and tab B follows
    assert take_turn(a) != "wait"
    expect(b.locator("#notices")).to_contain_text("continued in another tab")
    after_a = wait_for_input(a)
    b.wait_for_function(HAND_IS, arg=after_a["hand"])
    assert (
        json.loads(a.evaluate("localStorage.getItem('dernier.match.v1')"))["match"]
        == json.loads(b.evaluate("localStorage.getItem('dernier.match.v1')"))["match"]
    )
    b.close()
    # a save tab A was not told of (written from its own document: no storage event there)
    newer = a.evaluate(
        """() => {
          const data = JSON.parse(localStorage.getItem('dernier.match.v1'));
          data.settings.delay = 5;
          const text = JSON.stringify(data);
          localStorage.setItem('dernier.match.v1', text);
          return text;
        }"""
    )
    hand = state(a)["hand"]
    assert take_turn(a) != "wait"
    expect(a.locator("#notices")).to_contain_text("Your move was not played")
    assert a.evaluate("localStorage.getItem('dernier.match.v1')") == newer
    a.wait_for_function(HAND_IS, arg=hand)
