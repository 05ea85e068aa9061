"""Scala 40's end-of-hand summary (issue 31.4, RULES §11): each seat's cards left with
their points and why it paid (not opened = 100, doubled after a close in hand), "You
closed" for the person, and "See the table" shows the others' last cards."""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest
from browser_support import open_page
from playwright.sync_api import Page, expect

from scala40.bots import make_bot
from scala40.cards import parse_card
from scala40.scoring import hand_penalty
from web.scala40.words import STRINGS
from web.shell.params import parse_query
from web.shell.session import MemoryStorage, Session, Store

SAVE_KEY = "scala40.match.v1"
SHOTS = os.environ.get("S40_SHOTS")


def finished_save(lang: str, closer: int | None = None, more: str = "") -> tuple[str, dict[str, Any]]:
    """A 3-player match whose first hand is over (someone closed, a seat not opened when
    ``closer`` is None; else closed by ``closer``), saved; the seat 0 view at its end;
    ``more``: more of the query (``&hands=1``)."""
    for seed in range(1, 300):
        p = parse_query(f"game=scala40&players=3&levels=medium,easy&seed={seed}&lang={lang}&delay=0{more}")
        s = Session.new(p.settings, Store(MemoryStorage(), "scala40"), None)
        bots = {0: make_bot("medium"), 1: make_bot("medium"), 2: make_bot("easy")}
        rng = random.Random(seed)
        for _ in range(600):
            if s.hand_over:
                break
            seat = s.turn
            s.play(bots[seat].choose(s.view(seat), rng), seat)
        v = s.view(0)
        if not s.hand_over or v["closer"] is None:
            continue
        if closer is not None and v["closer"] != closer:
            continue
        if closer is None and (v["closer"] == 0 or all(v["opened"])):
            continue
        return s.to_json(), v
    raise AssertionError("no such hand found")


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_summary_shows_cards_left_and_why_each_paid(page: Page, server_url: str, lang: str) -> None:
    k = 1 if lang == "it" else 0
    saved, v = finished_save(lang)
    open_page(page, server_url, "game=scala40")
    page.evaluate(f"localStorage.setItem('{SAVE_KEY}', {json.dumps(saved)})")
    open_page(page, server_url, "game=scala40")
    page.wait_for_selector("#summary[open]")
    if SHOTS:
        for w, h in ((390, 844), (1280, 800)):
            page.set_viewport_size({"width": w, "height": h})
            page.screenshot(path=f"{SHOTS}/summary-{w}-{lang}.png")
    opened_paid = 0
    for s, cards in enumerate(v["hands_shown"]):
        row = page.locator(f"#summary-table tr[data-seat='{s}']")
        left = row.locator(".s40-left")
        if s == v["closer"]:
            expect(left).to_contain_text(STRINGS["s40_why_closed"][k])
            continue
        got = left.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
        assert sorted(got) == sorted(cards)
        if not v["opened"][s]:
            expect(left.locator(".s40-why")).to_have_text(STRINGS["s40_why_unopened"][k].format(n=100))
        else:  # issue 38: the figure under the cards is their points, said as points (§11)
            n = hand_penalty([parse_card(c) for c in cards])
            expect(left.locator(".s40-why")).to_have_text(f"{('points', 'punti')[k]}: {n}")
            opened_paid += 1
        expect(row.locator("td.num").first).to_have_text(str(v["hand_scores"][s]))
    # the columns line up: every row's points cell starts where the heading's does
    xs = page.eval_on_selector_all(
        "#summary-table tr > :nth-child(3)", "els => els.map(e => Math.round(e.getBoundingClientRect().x))"
    )
    assert len(set(xs)) == 1, xs
    assert opened_paid, "a seat that opened paid its cards' points"
    # issue 38: the pile's history button is not named as the pile is (Pozzo)
    history = page.text_content("#pile-history") or ""
    assert history.startswith(("Discards (", "Scarti (")[k]), history
    pile_word = ("Discard pile", "Pozzo")[k]
    assert pile_word in (page.get_attribute("#discard", "aria-label") or "") and pile_word not in history
    page.click("#summary-peek")  # See the table: the others' last cards are shown there
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/summary-peek-{lang}.png")
    for s, cards in enumerate(v["hands_shown"]):
        if s == 0 or not cards:
            continue
        got = page.locator(f"#melds [data-last-of='{s}'] [data-card]").evaluate_all(
            "els => els.map(e => e.dataset.card)"
        )
        assert sorted(got) == sorted(cards)


@pytest.mark.browser
def test_the_person_who_closed_reads_you_closed(page: Page, server_url: str) -> None:
    saved, v = finished_save("it", closer=0)
    open_page(page, server_url, "game=scala40")
    page.evaluate(f"localStorage.setItem('{SAVE_KEY}', {json.dumps(saved)})")
    open_page(page, server_url, "game=scala40")
    page.wait_for_selector("#summary[open]")
    key = "s40_closed_in_hand_you" if v["in_hand"] else "s40_closed_you"
    expect(page.locator("#summary-winner")).to_have_text(STRINGS[key][1])


def deciding_save() -> str:
    """A 3-player match (out at 51, one re-entry) just after the hand that put seat 0 out:
    seat 0 decides on its re-entry (RULES §12)."""
    p = parse_query(
        "game=scala40&players=3&levels=medium,medium&seed=1&lang=it&delay=0&out_at=51&reentries=1"
    )
    s = Session.new(p.settings, Store(MemoryStorage(), "scala40"), None)
    bot, rng = make_bot("medium"), random.Random(1)
    for _ in range(5000):
        if s.hand_over:
            m = s.match.m
            if 0 in m.decide:
                return s.to_json()
            for d in m.decide:
                s.play("reenter", d)
            if not m.decide:
                s.next_hand()
            continue
        s.play(bot.choose(s.view(s.turn), rng), s.turn)
    raise AssertionError("seat 0 never went out")


@pytest.mark.browser
def test_the_reentry_says_the_total_and_a_seat_out_is_told_so(page: Page, server_url: str) -> None:
    """Issue 31.6, RULES §12: the re-entry question says the total one comes back with (the
    highest still in), one's own row reads "scegli tu"; after retiring, the next hand tells
    the player they are out (watch, or a new match) and shows no sort button."""
    saved = deciding_save()
    open_page(page, server_url, "game=scala40")
    page.evaluate(f"localStorage.setItem('{SAVE_KEY}', {json.dumps(saved)})")
    open_page(page, server_url, "game=scala40&lang=it")
    page.wait_for_selector("#summary[open]")
    expect(page.locator("#summary-table tr[data-seat='0']")).to_contain_text(STRINGS["s40_deciding_you"][1])
    # the seats still in hold 7 each (the bot that went out too re-entered as the hand ended)
    expect(page.locator("#summary-legend")).to_have_text(STRINGS["s40_decide_total"][1].format(n=7))
    page.click("#retire")
    page.click("#next")
    expect(page.locator("#turn-line")).to_have_text(STRINGS["s40_you_out"][1])
    expect(page.locator("#sort")).to_be_hidden()
    expect(page.locator("#hand button.card")).to_have_count(0)


@pytest.mark.browser
def test_the_one_hand_winner_is_spoken_to(page: Page, server_url: str) -> None:
    """Issue 38: a one-hand match won by the person reads "One hand: you win." (never "You
    wins")."""
    saved, _ = finished_save("en", closer=0, more="&hands=1")
    open_page(page, server_url, "game=scala40")
    page.evaluate(f"localStorage.setItem('{SAVE_KEY}', {json.dumps(saved)})")
    open_page(page, server_url, "game=scala40")
    page.wait_for_selector("#summary[open]")
    expect(page.locator("#result-winner")).to_have_text("One hand: you win.")
