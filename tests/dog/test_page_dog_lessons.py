"""DOG's lessons in the page (issue 32): every lesson played to its end by clicking, in English
and Italian, from ``?game=dog&lesson=1`` through each lesson's "Next lesson" to "Play your first
game"; a move of several taps is made by tapping the element marked ``data-lesson-target``, which
moves on from the card to the pawn to the field as the person taps. One wrong move per lesson gets
its explanation (the table's reason for an unusable card, or the lesson's words for another legal
move) while the step stays. English on a small phone upright (375×667), Italian on a phone on its
side: each lesson opens with its words in the window, every element marked after a move is
scrolled into the window if it is below the fold, and is tapped where it is drawn (nothing, the
lesson's box included, covers it). axe-core finds nothing serious in a lesson's step (a card
chosen, a refusal shown, a pawn marked) and at the last lesson's end."""

from __future__ import annotations

import json

import pytest
from browser_support import open_page
from playwright.sync_api import Page, expect
from test_page_newcomers import serious_violations

from web.dog import board as geo
from web.dog.lessons import card, field, onto, pawn
from web.shell import games
from web.shell.i18n import STRINGS, rule_refs
from web.shell.lessons import Lesson, Step

pytestmark = pytest.mark.browser

DOG = games.get("dog")
LESSONS = DOG.lesson_list()
WORDS = {**STRINGS, **DOG.strings()}

#: per lesson: the taps of one wrong move on its first step and the word key of what it is told
#: (§4 any card may be given; §10 no pawn out; §7 a fresh pawn blocks; §6–§12 another legal move)
WRONG: dict[str, tuple[tuple[str, ...], str]] = {
    "exchange": ((card("QH"), "#give"), "lesson_dog_exchange_1_no"),
    "out": ((card("5C"),), "dog_why_none_out"),
    "four-backwards": ((card("4S"), field("4S", "4")), "lesson_dog_four_1_no"),
    "fresh-blocks": ((card("5H"),), "dog_why_fresh"),
    "send-home": ((card("2D"),), "lesson_dog_home_1_no"),
    "seven-split": ((card("7H"), pawn("7H", "10", 7), field("7H", "17", 7)), "lesson_dog_seven_1_no"),
    "jack-swap": ((card("JC"), onto("JC", "40")), "lesson_dog_jack_1_no"),
    "for-the-partner": ((card("3H"), field("3H", "1")), "lesson_dog_partner_1_no"),
}

#: "tap": step ``k`` waits for a tap on the marked element; "on": the step is made (the others
#: play, the next step waits, or the lesson is over)
STATE_JS = """(k) => {
  const b = document.body;
  if (b.dataset.lessonDone === 'true' || b.dataset.lessonStep !== String(k)) return 'on';
  return document.querySelector('[data-lesson-target]') ? 'tap' : '';
}"""


def word(key: str, lang: str) -> str:
    en, it = WORDS[key]
    return rule_refs(it if lang == "it" else en, lang)  # as the page says it: "(rules §4)"


def said(key: str, lang: str) -> str:
    """A stretch of the words of ``key`` without its placeholders (a card's name)."""
    text = word(key, lang)
    return text.split("}: ", 1)[-1][:40]


def make_step(page: Page, k: int, step: Step) -> None:
    """Step ``k``: tap the marked element until the move is made; each one marked is one of
    the step's taps (``Step.target``), the lone choices the table makes itself skipped."""
    body = page.locator("body")
    expect(body).to_have_attribute("data-lesson-step", str(k))
    marks = step.taps
    for tap in range(len(marks)):
        state = page.wait_for_function(STATE_JS, arg=k).json_value()
        if state != "tap":
            break
        target = page.locator("[data-lesson-target]")
        expect(target).to_have_count(1)
        assert target.evaluate("(el, sels) => sels.some(s => el.matches(s))", list(marks))
        if k > 1 or tap > 0:  # a mark after a move is scrolled into the window (a lesson's
            expect(target).to_be_in_viewport()  # first may be below the fold: its words come first)
        target.click()  # not forced: nothing covers it
    assert page.wait_for_function(STATE_JS, arg=k).json_value() == "on", f"step {k} not made in its taps"


def drawn_in_place(page: Page, lesson: Lesson) -> None:
    """As a lesson opens, every pawn is drawn on its field at once: none walks there from
    where the last lesson left it."""
    pos = lesson.deal(["a", "b", "c", "d"]).m.game.position()
    want = {}
    for s, i, at, _fresh, index in geo.placed(pos["pawns"]):
        x, y = geo.field_xy(at, 0, index)
        want[f"{s}.{i}"] = f"translate({x} {y})"
    got = page.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('#dog-pawns [data-pawn]')]"
        ".map(p => [p.dataset.pawn, p.getAttribute('transform')]))"
    )
    assert got == want


def wrong_move(page: Page, lesson_id: str, lang: str) -> None:
    taps, key = WRONG[lesson_id]
    step = page.locator("body").get_attribute("data-lesson-step")
    before = page.evaluate(
        "() => [...document.querySelectorAll('[data-pawn]')].map(p => p.dataset.at).join()"
    )
    for n, selector in enumerate(taps):
        page.locator(selector).click(force=n == 0)  # the card: a dimmed one is tapped too
    expect(page.locator("#hint")).to_contain_text(said(key, lang))
    if key.startswith("lesson_"):  # the lesson's own words, in its box too
        expect(page.locator("#lesson-note")).to_have_text(word(key, lang))
    expect(page.locator("body")).to_have_attribute("data-lesson-step", str(step))
    after = page.evaluate("() => [...document.querySelectorAll('[data-pawn]')].map(p => p.dataset.at).join()")
    assert after == before  # nothing moved
    expect(page.locator("[data-lesson-target]")).to_have_count(1)


@pytest.mark.parametrize(("lang", "size"), [("en", (375, 667)), ("it", (844, 390))])
def test_every_dog_lesson_by_clicking(page: Page, server_url: str, lang: str, size: tuple[int, int]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_page(page, server_url, f"game=dog&lang={lang}&delay=0&lesson=1")
    body = page.locator("body")
    for n, lesson in enumerate(LESSONS, 1):
        expect(body).to_have_attribute("data-lesson", lesson.id)
        drawn_in_place(page, lesson)
        # the log's one line is this lesson's last move, never the last lesson's (issue 38)
        lines = page.evaluate(
            "() => [[...document.querySelectorAll('#log li')].map(x => x.textContent).pop() || '',"
            " document.querySelector('#log-last').textContent]"
        )
        assert lines[1] == lines[0], lines
        expect(page.locator("#lesson-text")).to_be_in_viewport()
        expect(page.locator("#lesson-title")).to_contain_text(word(lesson.title, lang))
        for k, step in enumerate(lesson.steps, 1):
            expect(page.locator("#lesson-text")).to_have_text(word(step.words, lang))
            if k == 1:
                wrong_move(page, lesson.id, lang)
                if lang == "it" and lesson.id == "seven-split":  # a card chosen, a refusal, a mark
                    assert serious_violations(page) == []
            make_step(page, k, step)
        expect(body).to_have_attribute("data-lesson-done", "true")
        expect(page.locator("#lesson-text")).to_contain_text(word(lesson.done, lang))
        expect(page.locator("[data-lesson-target]")).to_have_count(0)
        if lang == "it" and n == len(LESSONS):
            assert serious_violations(page) == []  # the lesson's end, its buttons
        expect(page.locator("#table")).to_have_attribute("data-turn", "0")  # ends on the person's turn
        nxt = page.locator("#lesson-next")
        expect(nxt).to_have_text(word("lesson_first_game" if n == len(LESSONS) else "lesson_next", lang))
        nxt.click()
    # after the last lesson: a real game against easy bots, no lesson on the page
    expect(body).not_to_have_attribute("data-lesson", LESSONS[-1].id)
    expect(page.locator("#lesson")).to_be_hidden()
    expect(page.locator("#table")).to_have_attribute("data-phase", "exchange")
    assert "lesson=" not in page.url
    done = json.loads(page.evaluate("() => localStorage.getItem('dog.lessons.v1')"))
    assert done == [lesson.id for lesson in LESSONS]
    save = json.loads(page.evaluate("() => localStorage.getItem('dog.match.v1')"))
    assert save["settings"]["levels"] == ["easy"] * 3
