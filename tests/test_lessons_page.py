"""Lessons in the page (issue 32): every Dernier lesson played to its end by clicking, in English
and Italian, from ``?lesson=1`` through each lesson's "Next lesson" to "Play your first game";
one wrong move per lesson, refused with its explanation while the step stays. The menu lists
the lessons, the first-time help offers one, progress is remembered, a lesson can be left."""

from __future__ import annotations

import json

import pytest
from browser_support import open_page
from playwright.sync_api import Page, expect

from web.shell import games
from web.shell.i18n import STRINGS
from web.shell.lessons import Step

pytestmark = pytest.mark.browser

DERNIER = games.get("dernier")
LESSONS = DERNIER.lesson_list()
WORDS = {**STRINGS, **DERNIER.strings()}

#: per lesson: (the step it is made on, the card tapped, what the refusal says) — §4 a card
#: that fits neither suit nor rank, §7 the last-but-one card without the call
WRONG = {
    "suit-or-rank": (1, "3S", {"en": "Needs", "it": "Serve"}),
    "action-cards": (1, "5C", {"en": "Needs", "it": "Serve"}),
    "jack-and-jolly": (1, "4D", {"en": "Needs", "it": "Serve"}),
    "dernier-call": (4, "6C", {"en": WORDS["lesson_call_4_no"][0], "it": WORDS["lesson_call_4_no"][1]}),
}


def word(key: str, lang: str) -> str:
    en, it = WORDS[key]
    return it if lang == "it" else en


def card_of(move: str) -> str:
    return move.rstrip("!").split(":")[0]


def make_step(page: Page, k: int, step: Step) -> None:
    """Step ``k``: tap the marked element, as the box says (then the suit, or the card)."""
    expect(page.locator("body")).to_have_attribute("data-lesson-step", str(k))
    target = page.locator("[data-lesson-target]")
    expect(target).to_have_count(1)
    move = step.expect[0]
    first = target.get_attribute("id") or target.get_attribute("data-card")
    target.click()
    # a step of two taps: the mark moves to the second once the first is made (issue 38: it
    # stayed on the first, and a learner following it pressed Dernier! again, disarming it)
    if move.endswith("!"):  # the call first, then the card it goes with
        card = page.locator(f'#hand button[data-card="{card_of(move)}"]')
        assert first == "dernier"
        expect(card).to_have_attribute("data-lesson-target", "true")
        expect(page.locator("#dernier")).not_to_have_attribute("data-lesson-target", "true")
        card.click()
    if ":" in move:
        chosen = page.locator(f'#chooser [data-suit="{move.rstrip("!").split(":")[1]}"]')
        expect(chosen).to_have_attribute("data-lesson-target", "true")
        expect(page.locator("[data-lesson-target]")).to_have_count(1)
        chosen.click()


def wrong_move(page: Page, lesson_id: str, lang: str) -> None:
    _, code, says = WRONG[lesson_id]
    step = page.locator("body").get_attribute("data-lesson-step")
    page.locator(f'#hand button[data-card="{code}"]').click(force=True)  # a dimmed card: a person taps it too
    expect(page.locator("#hint")).to_contain_text(says[lang][:40])
    expect(page.locator("body")).to_have_attribute("data-lesson-step", str(step))
    expect(page.locator(f'#hand button[data-card="{code}"]')).to_have_count(1)  # still held


@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_dernier_lesson_by_clicking(page: Page, server_url: str, lang: str) -> None:
    # the person's own preferences: four players, a five-hand match (no lesson changes them)
    prefs = {"players": 4, "hands": 5, "levels": ["hard", "hard", "hard"], "lang": lang}
    page.add_init_script(f"localStorage.setItem('dernier.prefs.v1', {json.dumps(json.dumps(prefs))})")
    open_page(page, server_url, f"lang={lang}&delay=0&lesson=1")
    for n, lesson in enumerate(LESSONS, 1):
        body = page.locator("body")
        expect(body).to_have_attribute("data-lesson", lesson.id)
        expect(page.locator("#lesson")).to_be_visible()
        expect(page.locator("#lesson-title")).to_contain_text(word(lesson.title, lang))
        expect(page.locator("#lesson-text")).to_have_attribute("aria-live", "polite")
        for k, step in enumerate(lesson.steps, 1):
            expect(page.locator("#lesson-text")).to_have_text(word(step.words, lang))
            if WRONG[lesson.id][0] == k:
                wrong_move(page, lesson.id, lang)
            make_step(page, k, step)
        expect(body).to_have_attribute("data-lesson-done", "true")
        expect(page.locator("#lesson-text")).to_contain_text(word(lesson.done, lang))
        expect(page.locator("[data-lesson-target]")).to_have_count(0)
        # §7: no lesson's own script leaves the learner a call forgotten (lesson 2 ended on
        # "draw 2" beside "Lesson complete!")
        forgot = word("log_forgot_you", lang).split(":")[0]
        expect(page.locator("#notices")).not_to_contain_text(forgot)
        expect(page.locator("#hint")).not_to_contain_text(forgot)
        if page.locator("#table").get_attribute("data-match-over") == "true":
            # a lesson's match counts in no record: no "No matches played yet" under its result
            expect(page.locator("#result-stats")).to_have_text("")
        nxt = page.locator("#lesson-next")
        last = n == len(LESSONS)
        expect(nxt).to_have_text(word("lesson_first_game" if last else "lesson_next", lang))
        nxt.click()
    # after the last lesson: a real match against easy bots, no lesson on the page
    expect(page.locator("body")).not_to_have_attribute("data-lesson", LESSONS[-1].id)
    expect(page.locator("#lesson")).to_be_hidden()
    expect(page.locator("#table")).to_be_visible()
    assert "lesson=" not in page.url  # a reload resumes the match, not the lesson
    done = json.loads(page.evaluate("() => localStorage.getItem('dernier.lessons.v1')"))
    assert done == [lesson.id for lesson in LESSONS]
    save = json.loads(page.evaluate("() => localStorage.getItem('dernier.match.v1')"))
    assert save["settings"]["levels"] == ["easy"] * (save["settings"]["players"] - 1)
    # "Play your first game" begins from the person's preferences, not from the lessons' three
    # players and one hand; the remembered preferences are as they were
    assert (save["settings"]["players"], save["settings"]["hands"]) == (4, 5)
    kept = json.loads(page.evaluate("() => localStorage.getItem('dernier.prefs.v1')"))
    assert (kept["players"], kept["hands"], kept["levels"]) == (4, 5, ["hard"] * 3)


def test_menu_lists_lessons_and_leaves_one(page: Page, server_url: str) -> None:
    """The menu lists the lessons (``[data-lesson-id]``): one opens, the lesson is left from the
    menu (back to the start screen), and opened again from it; the step starts over."""
    prefs = {"players": 4, "hands": 5, "levels": ["hard", "hard", "hard"], "lang": "en"}
    page.add_init_script(f"localStorage.setItem('dernier.prefs.v1', {json.dumps(json.dumps(prefs))})")
    open_page(page, server_url, "lang=en&delay=0")
    page.locator("#menu-button").click()
    items = page.locator("#menu-lessons [data-lesson-id]")
    expect(items).to_have_count(len(LESSONS))
    page.locator('#menu-lessons [data-lesson-id="dernier-call"]').click()
    expect(page.locator("body")).to_have_attribute("data-lesson", "dernier-call")
    make_step(page, 1, LESSONS[3].steps[0])
    expect(page.locator("body")).to_have_attribute("data-lesson-step", "2")
    page.locator("#menu-button").click()
    expect(page.locator("#menu-later")).to_be_hidden()  # a lesson is saved nowhere
    page.locator('#menu-lessons [data-lesson-id="dernier-call"]').click()  # started again
    expect(page.locator("body")).to_have_attribute("data-lesson-step", "1")
    expect(page.locator('#hand button[data-card="5H"]')).to_have_attribute("data-lesson-target", "true")
    page.locator("#menu-button").click()
    page.locator("#menu-lesson-leave").click()
    expect(page.locator("body")).not_to_have_attribute("data-lesson", "dernier-call")
    expect(page.locator("body")).to_have_attribute("data-screen", "setup")
    expect(page.locator("#lesson")).to_be_hidden()
    # the start form is the person's own again (it showed the lesson's easy bots and one hand)
    expect(page.locator("#opt-format")).to_have_value("hands:5")
    expect(page.locator("#opt-players")).to_have_value("4")
    expect(page.locator('#opt-levels select[data-bot="1"]')).to_have_value("hard")
    page.locator("#menu-button").click()
    page.locator('#menu-lessons [data-lesson-id="dernier-call"]').click()
    expect(page.locator("body")).to_have_attribute("data-lesson-step", "1")
    expect(page.locator('#hand button[data-card="5H"]')).to_have_attribute("data-lesson-target", "true")


def test_bad_lesson_number_says_so(page: Page, server_url: str) -> None:
    open_page(page, server_url, "lang=en&delay=0&lesson=9")
    expect(page.locator("#notices")).to_contain_text("There is no lesson 9")
    expect(page.locator("body")).to_have_attribute("data-screen", "setup")
    expect(page.locator("#notices")).not_to_contain_text("lesson=9 is not")


@pytest.mark.first_visit
@pytest.mark.parametrize("lang", ["en", "it"])
def test_first_time_help_offers_a_lesson(page: Page, server_url: str, lang: str) -> None:
    """A new player's first deal: the first-time help offers a lesson (``#help-lesson``); it
    opens the first lesson not yet finished, and the match just dealt stays saved."""
    page.add_init_script("localStorage.setItem('dernier.lessons.v1', '[\"suit-or-rank\"]')")
    open_page(page, server_url, f"lang={lang}&delay=0")
    page.click("#start")
    expect(page.locator("#help")).to_be_visible()
    offer = page.locator("#help-lesson")
    expect(offer).to_have_text(word("lesson_offer", lang))
    offer.click()
    expect(page.locator("#help")).to_be_hidden()
    expect(page.locator("body")).to_have_attribute("data-lesson", "action-cards")
    expect(page.locator("#lesson-text")).to_have_text(word(LESSONS[1].steps[0].words, lang))
    expect(page.locator('#hand button[data-card="AH"]')).to_have_attribute("data-lesson-target", "true")
    page.locator("#menu-button").click()
    expect(page.locator('#menu-lessons [data-lesson-id="suit-or-rank"]')).to_have_attribute(
        "data-done", "true"
    )
    page.locator("#menu-lesson-leave").click()
    expect(page.locator("#resume-match")).to_be_visible()  # the match dealt before the lesson


@pytest.mark.parametrize("size", [(390, 844), (844, 390)])
def test_axe_finds_nothing_serious_in_a_lesson(page: Page, server_url: str, size: tuple[int, int]) -> None:
    """The lesson's box, the element marked and the end of a lesson, on a phone upright and on
    its side: axe-core finds nothing serious or critical; the box and the element to tap
    are on screen without scrolling."""
    from test_page_newcomers import serious_violations

    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_page(page, server_url, "lang=it&delay=0&lesson=3")
    expect(page.locator("body")).to_have_attribute("data-lesson", "jack-and-jolly")
    target = page.locator("[data-lesson-target]")
    expect(target).to_have_count(1)
    expect(page.locator("#lesson-text")).to_be_in_viewport()
    assert serious_violations(page) == []
    for k, step in enumerate(LESSONS[2].steps, 1):
        make_step(page, k, step)
    expect(page.locator("body")).to_have_attribute("data-lesson-done", "true")
    expect(page.locator("#lesson-next")).to_be_in_viewport()
    assert serious_violations(page) == []
