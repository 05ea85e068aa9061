"""Helpers of Scala 40's browser tests: reading the table and playing a person's turn by
clicking only (the opening drafted with #meld, sent with #open)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page

from scala40 import ruleset
from scala40.bots import make_bot
from scala40.cards import parse_card
from scala40.finder import all_melds, counts_of, iter_openings
from scala40.melds import meld_str
from web.shell.params import parse_query
from web.shell.session import MemoryStorage, Session, Store


def table(page: Page) -> dict[str, str]:
    return dict(page.evaluate("() => ({...document.querySelector('#table').dataset})"))


def hand(page: Page) -> list[str]:
    return list(page.eval_on_selector_all("#hand button.card", "els => els.map(e => e.dataset.card)"))


def find_save(
    query: str,
    look: Callable[[Session, dict[str, Any]], Any],
    moves: int = 400,
    seat0: Callable[[Session], None] | None = None,
) -> Any:
    """What ``look(session, view of the seat to act)`` finds (not None) in the first match of
    ``query`` (seeds from 1) played by the medium bot for every seat (seat 0 by ``seat0`` when
    given) within ``moves`` moves of its first hand; ``look`` gives False to try the next seed."""
    for seed in range(1, 400):
        p = parse_query(f"{query}&seed={seed}")
        s = Session.new(p.settings, Store(MemoryStorage(), "scala40"), None)
        bot, rng = make_bot("medium"), random.Random(seed)
        for _ in range(moves):
            if s.hand_over:
                break
            seat = s.turn
            v = s.view(seat)
            found = look(s, v)
            if found is False:
                break
            if found is not None:
                return found
            if seat == 0 and seat0 is not None:
                seat0(s)
                continue
            s.play(bot.choose(v, rng), seat)
    raise AssertionError(f"no such position in a match of {query}")


def wait_turn_or_over(page: Page, seat: str | None = None, timeout: int = 90_000) -> dict[str, str]:
    """Until it is the shown seat's turn (its hand drawn, the curtain down) or the hand is over."""
    page.wait_for_function(
        """() => {
          const d = document.querySelector('#table').dataset;
          if (d.over === 'true') return true;
          if (document.body.dataset.curtain === 'true') return true;
          return d.turn === d.seat && !!document.querySelector('#hand button.card');
        }""",
        timeout=timeout,
    )
    return table(page)


def find_opening(cards: list[str], rules: str = "classic") -> list[str] | None:
    """An opening of ``cards`` (≥ 40, leaving a card to discard) as canonical meld strings."""
    counts = counts_of([parse_card(c) for c in cards])
    for melds in iter_openings(counts, ruleset(rules)):
        used = sum(len(m) for m in melds)
        if used <= len(cards) - 2:  # keep a card to discard, and do not close in hand
            return [meld_str(m) for m in melds]
    return None


def select(page: Page, cards: list[str]) -> None:
    """Click the hand's buttons of ``cards`` (a joker in a meld is a JK)."""
    for c in cards:
        code = "JK" if c.startswith("JK") else c
        page.locator(f"#hand button.card[data-card='{code}'][aria-pressed='false']").first.click()


def draft_and_open(page: Page, melds: list[str]) -> int:
    """Draft ``melds`` with #meld (answering the joker's card when asked) and send #open;
    the drafted value shown before sending."""
    for m in melds:
        select(page, m.split("-"))
        page.click("#meld")
        if page.is_visible("#chooser"):
            joker = next((c[3:] for c in m.split("-") if c.startswith("JK=")), "")
            page.click(f"#chooser-options [data-represents='{joker}']")
    points = int(page.get_attribute("#opening", "data-points") or 0)
    page.click("#open")
    return points


def moves(page: Page) -> int:
    return int(table(page)["moves"])


def wait_moved(page: Page, before: int) -> None:
    page.wait_for_function(
        """(before) => {
          const d = document.querySelector('#table').dataset;
          return d.over === 'true' || +d.moves > before || document.querySelector('#hint.refused');
        }""",
        arg=before,
    )
    assert not page.is_visible("#hint.refused"), page.text_content("#hint")


def lay_and_attach(page: Page, rules: str = "classic") -> int:
    """An opened seat's play by clicking: new melds with #meld, then every card that lights
    a meld on the table attached to it (one card always kept to discard). Moves made."""
    made = 0
    for _ in range(20):
        cards = hand(page)
        melds = [m for m in all_melds(counts_of([parse_card(c) for c in cards]), ruleset(rules))]
        melds = [m for m in melds if len(m) <= len(cards) - 1]
        if not melds:
            break
        before = moves(page)
        text = meld_str(melds[0])
        select(page, text.split("-"))
        page.click("#meld")
        if page.is_visible("#chooser"):
            page.locator("#chooser-options [data-represents]").first.click()
        wait_moved(page, before)
        made += 1
    for _ in range(20):
        buttons = page.locator("#hand button.card")
        if buttons.count() <= 1:
            break
        for i in range(buttons.count()):
            buttons.nth(i).click()
            lit = page.locator("#melds .s40-meld.lit")
            if lit.count():
                before = moves(page)
                lit.first.click()
                if page.is_visible("#chooser"):
                    page.locator("#chooser-options [data-represents]").first.click()
                wait_moved(page, before)
                made += 1
                break
            buttons.nth(i).click()  # not this one
        else:
            break
    return made


def discard_first(page: Page) -> None:
    page.locator("#hand button.card").first.click()
    page.click("#discard")


def play_turn(page: Page, rules: str = "classic") -> str:
    """One turn of the shown seat by clicking: draw, open when it can, discard. What it did."""
    did = "draw"
    page.click("#stock")
    page.wait_for_function("document.querySelector('#table').dataset.phase !== 'draw'")
    state = table(page)
    opened = (
        page.get_attribute(f"#opponents .s40-seat[data-seat='{state['seat']}'] [data-opened]", "data-opened")
        == "true"
    )
    if opened and state["phase"] == "play" and lay_and_attach(page, rules):
        did = "meld"
    if not opened and state["phase"] == "play":
        melds = find_opening(hand(page), rules)
        if melds:
            draft_and_open(page, melds)
            page.wait_for_function("document.querySelector('#table').dataset.phase === 'discard'")
            did = "open"
    if table(page)["over"] == "true":
        return did
    before = moves(page)
    discard_first(page)
    wait_moved(page, before)
    return did
