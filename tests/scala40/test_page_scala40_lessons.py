"""Scala 40's lessons in the page (issue 32): every lesson played to its end by clicking, in
English and Italian, from ``?game=scala40&lesson=1`` through each lesson's "Next lesson" to
"Play your first game". A step of several taps (cards, then *Add to opening*, *Meld*, a meld
or the pile) marks each tap in turn; one wrong move per lesson gets its explanation (the
engine's reason in the player's words, or the step's own) while the step stays; axe-core finds
nothing serious in a lesson's step and at its end."""

from __future__ import annotations

import json

import pytest
from browser_support import open_page
from playwright.sync_api import Page, expect
from s40_page import hand
from test_page_newcomers import serious_violations

from web.scala40.words import why
from web.shell import games
from web.shell.i18n import STRINGS, rule_refs

pytestmark = pytest.mark.browser

SCALA40 = games.get("scala40")
LESSONS = SCALA40.lesson_list()
WORDS = {**STRINGS, **SCALA40.strings()}


def word(key: str, lang: str) -> str:
    en, it = WORDS[key]
    return rule_refs(it if lang == "it" else en, lang)


def engine(reason: str) -> dict[str, str]:
    return {lang: why(reason, lang) for lang in ("en", "it")}


def own(key: str) -> dict[str, str]:
    return {lang: word(key, lang) for lang in ("en", "it")}


#: per lesson: the step and the taps made in it before the wrong move, the clicks of the wrong
#: move, what the refusal says, and the clicks that undo what the wrong move left selected
WRONG: dict[str, tuple[int, int, tuple[str, ...], dict[str, str], tuple[str, ...]]] = {
    # §6: an opened player takes only a card that goes on the table at once
    "runs-and-sets": (1, 0, ("#discard",), engine("take: the card has no use on the table now (§6)"), ()),
    # §6, §7: no attaching before opening
    "opening-40": (
        2,
        0,
        ('#hand button[data-card="JC"]', '#melds [data-meld="0"]'),
        engine("open first: 'attach' needs an opening in an earlier turn (§6, §7)"),
        ('#hand button[data-card="JC"]',),
    ),
    # §6: the stock is legal, but the lesson is about the pile
    "take-to-open": (1, 0, ("#stock",), own("lesson_s40_take_1_no"), ()),
    # §8: 7♥ does not fit the set of Jacks
    "attach": (2, 1, ('#melds [data-meld="2"]',), engine("cannot attach to meld 2: x"), ()),
    # §4, §8: 3♥ fits nowhere
    "swap-joker": (
        2,
        0,
        ('#hand button[data-card="3H"]', '#melds [data-meld="1"]'),
        engine("cannot attach to meld 1: x"),
        ('#hand button[data-card="3H"]',),
    ),
    # §6: the last card is discarded, never laid
    "closing": (4, 1, ('#melds [data-meld="0"]',), engine("no move may leave the hand empty"), ()),
    # §6: before opening, a card from the pile must open at once
    "close-in-hand": (
        1,
        0,
        ("#discard",),
        engine("take: not opened, and the card does not open at once (§6)"),
        (),
    ),
}


def wrong_move(page: Page, lesson_id: str, lang: str) -> None:
    _, _, clicks, says, undo = WRONG[lesson_id]
    body = page.locator("body")
    step = body.get_attribute("data-lesson-step")
    moves = page.locator("#table").get_attribute("data-moves")
    for sel in clicks:
        page.locator(sel).click()
    expect(page.locator("#hint")).to_have_text(says[lang])  # as said, nothing before it
    expect(body).to_have_attribute("data-lesson-step", str(step))
    expect(page.locator("#table")).to_have_attribute("data-moves", str(moves))  # nothing played
    for sel in undo:
        page.locator(sel).click()


def opening_count(page: Page, lesson_id: str, k: int, i: int) -> None:
    """§7: the opening's count under the hand grows as melds go into it (30, then 45); Open is
    greyed until it reaches 40."""
    if lesson_id != "opening-40" or k != 2:
        return
    if i == 4:
        expect(page.locator("#opening")).to_have_attribute("data-points", "30")
        expect(page.locator("#open")).to_be_disabled()
    if i == 8:
        expect(page.locator("#opening")).to_have_attribute("data-points", "45")
        expect(page.locator("#open")).to_be_enabled()


@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_scala40_lesson_by_clicking(page: Page, server_url: str, lang: str) -> None:
    open_page(page, server_url, f"game=scala40&lang={lang}&delay=0&lesson=1")
    body = page.locator("body")
    for n, lesson in enumerate(LESSONS, 1):
        expect(body).to_have_attribute("data-lesson", lesson.id)
        expect(page.locator("#lesson-title")).to_contain_text(word(lesson.title, lang))
        wrong_at = WRONG[lesson.id]
        for k, step in enumerate(lesson.steps, 1):
            expect(body).to_have_attribute("data-lesson-step", str(k))
            expect(page.locator("#lesson-text")).to_have_text(word(step.words, lang))
            for i, sel in enumerate(step.taps):
                if (k, i) == wrong_at[:2]:
                    wrong_move(page, lesson.id, lang)
                marked = page.locator(sel + "[data-lesson-target]")
                expect(marked).to_have_count(1)
                expect(page.locator("[data-lesson-target]")).to_have_count(1)
                marked.click()
                opening_count(page, lesson.id, k, i + 1)
                if lang == "it" and (lesson.id, k, i + 1) == ("opening-40", 2, 4):
                    assert serious_violations(page) == []  # cards selected, a meld drafted, a mark
        expect(body).to_have_attribute("data-lesson-done", "true")
        expect(page.locator("#lesson-text")).to_contain_text(word(lesson.done, lang))
        expect(page.locator("[data-lesson-target]")).to_have_count(0)
        last = n == len(LESSONS)
        if lesson.id in ("closing", "close-in-hand"):  # the hand is over: its end is in the box
            expect(page.locator("#table")).to_have_attribute("data-over", "true")
            expect(page.locator("#summary")).to_be_hidden()
            expect(page.locator("#show-summary")).to_be_visible()
            expect(page.locator("#lesson-play-on")).to_be_hidden()
            if lang == "it" and last:
                assert serious_violations(page) == []  # the lesson's end over the hand's
        nxt = page.locator("#lesson-next")
        if last:  # a lesson keeps no order of the hand (the saved match's stays as it was)
            assert page.evaluate("() => localStorage.getItem('scala40.hand.v1')") is None
        expect(nxt).to_have_text(word("lesson_first_game" if last else "lesson_next", lang))
        nxt.click()
    # after the last lesson: a real match against easy bots, no lesson on the page
    expect(body).not_to_have_attribute("data-lesson", LESSONS[-1].id)
    expect(page.locator("#lesson")).to_be_hidden()
    expect(page.locator("#table")).to_be_visible()
    assert "lesson=" not in page.url
    done = json.loads(page.evaluate("() => localStorage.getItem('scala40.lessons.v1')"))
    assert done == [lesson.id for lesson in LESSONS]
    save = json.loads(page.evaluate("() => localStorage.getItem('scala40.match.v1')"))
    assert save["settings"]["levels"] == ["easy"] * (save["settings"]["players"] - 1)


def test_new_match_after_a_lesson_is_saved_and_a_reload_resumes_it(page: Page, server_url: str) -> None:
    """A lesson is saved nowhere, but the match that "New match" deals from its hand's summary is
    a real one: saved under the game's keys like any other, a reload resumes it."""
    open_page(page, server_url, "game=scala40&lang=en&delay=0&lesson=7")
    body = page.locator("body")
    lesson = LESSONS[6]
    for k, step in enumerate(lesson.steps, 1):
        expect(body).to_have_attribute("data-lesson-step", str(k))
        for sel in step.taps:
            marked = page.locator(sel + "[data-lesson-target]")
            expect(marked).to_have_count(1)
            marked.click()
    expect(body).to_have_attribute("data-lesson-done", "true")
    assert page.evaluate("() => localStorage.getItem('scala40.match.v1')") is None  # a lesson's
    page.locator("#show-summary").click()
    page.locator("#new-match").click()
    expect(body).not_to_have_attribute("data-lesson", lesson.id)
    expect(page.locator("#lesson")).to_be_hidden()
    page.wait_for_function("() => localStorage.getItem('scala40.match.v1') !== null")
    dealt = hand(page)
    assert dealt and "lesson=" not in page.url
    page.reload()
    expect(body).to_have_attribute("data-screen", "table")
    expect(page.locator("#hand button.card")).to_have_count(len(dealt))
    assert hand(page) == dealt
