"""Scala 40's and DOG's replay viewer and hint in the page (what only a browser shows; the
logic is tested in CPython by tests/test_web_replay_games.py). One page load each."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from browser_support import open_page
from playwright.sync_api import Page, expect
from test_page_support import open_with_storage
from test_web_replay_games import QUERIES, new_session, play_out

from web.dog.words import card_text
from web.shell import games


def shown_position(page: Page) -> dict[str, Any]:
    return json.loads(page.locator("#replay-board").get_attribute("data-position") or "{}")


def sorted_json(pos: dict[str, Any]) -> dict[str, Any]:
    return json.loads(json.dumps(pos, sort_keys=True))


@pytest.mark.browser
@pytest.mark.parametrize("name", list(QUERIES))
def test_a_kept_match_replays_step_by_step_drawn_by_its_games_table(
    name: str, page: Page, server_url: str
) -> None:
    """The Replays list of the game holds its finished match; the viewer steps through it
    (the keys, the slider), from one seat's view (the others' hands hidden) or face up, drawn
    by the game's own table (Scala 40: melds by owner; DOG: the board with 16 pawns)."""
    s = new_session(name)
    seen = [s.match.game.position()]
    play_out(s, seen)
    kept = s.store.storage.getItem(f"{name}.replays.v1")
    assert kept
    open_with_storage(page, server_url, {f"{name}.replays.v1": kept}, f"game={name}&lang=en")
    expect(page.locator("#replays li[data-replay-id]")).to_have_count(1)
    page.click("#replays [data-open]")
    root = page.locator("#replay")
    expect(root).to_be_visible()
    expect(root).to_have_attribute("data-steps", str(len(seen) - 1))
    assert shown_position(page) == sorted_json(seen[0])
    page.keyboard.press("End")
    expect(root).to_have_attribute("data-step", str(len(seen) - 1))
    assert shown_position(page) == sorted_json(seen[-1])
    mid = len(seen) // 2
    page.locator("#replay-slider").fill(str(mid))
    expect(root).to_have_attribute("data-step", str(mid))
    assert shown_position(page) == sorted_json(seen[mid])
    page.select_option("#replay-seat", "0")  # seat 0's view: the other hands hidden
    expect(root).to_have_attribute("data-view", "0")
    hidden = page.locator("#replay-seats .replay-cards[data-hidden='true']")
    expect(hidden).to_have_count(s.match.players - 1)
    page.keyboard.press("ArrowRight")
    expect(root).to_have_attribute("data-step", str(mid + 1))
    assert shown_position(page) == sorted_json(seen[mid + 1])
    pos = seen[mid + 1]
    if name == "dog":
        pawns = page.eval_on_selector_all(
            "#replay-board svg.replay-dog [data-pawn]", "els => els.map(e => [e.dataset.pawn, e.dataset.at])"
        )
        want = [
            [f"{p}.{i}", at.rstrip("*")] for p, row in enumerate(pos["pawns"]) for i, at in enumerate(row)
        ]
        assert pawns == want
    else:
        melds = page.locator("#replay-board .replay-melds [data-meld]")
        expect(melds).to_have_count(len(pos["melds"]))
    # Scala 40's log opens with the deal (line 0), so that line n is move n, as "Move n of N";
    # DOG's has a line where each new round begins, beside one line per move
    lines = page.locator("#replay-log li").all_inner_texts()
    if name == "dog":
        rounds = sum(1 for line in lines if re.fullmatch(r"(Round|Giro) \d+.*", line))
        assert len(lines) - rounds == mid + 1 and rounds >= 1, lines
    else:
        assert len(lines) == (mid + 2 if name == "scala40" else mid + 1)
    page.click("#replay-back")
    expect(page.locator("#setup")).to_be_visible()
    assert page.locator("#replay-board .replay-own").count() == 0  # the table's hooks stay unique


@pytest.mark.browser
@pytest.mark.parametrize("name", list(QUERIES))
def test_the_hint_names_the_hard_bots_move_in_the_players_words(
    name: str, page: Page, server_url: str
) -> None:
    """Scala 40: once drawn (nothing to choose before: only ``draw`` is legal), what to meld
    or discard; DOG: which card to give the partner (§4)."""
    open_page(page, server_url, QUERIES[name] + "&delay=0&lang=it")
    coach = page.locator("#coach")
    if name == "scala40":
        page.wait_for_function(
            "(d => d.turn === d.seat && d.phase === 'draw')(document.querySelector('#table').dataset)"
        )
        expect(coach).to_be_hidden()
        page.click("#stock")
    expect(coach).to_be_visible(timeout=60_000)
    coach.click()
    text = page.locator("#coach-text")
    expect(text).to_have_attribute("data-move", re.compile(r"\S"), timeout=30_000)
    move = text.get_attribute("data-move") or ""
    words = text.text_content() or ""
    assert words.startswith("Suggerimento: ")
    if name == "dog":
        card = move.split()[1]
        face = "".join(card_text(card))
        assert move.startswith("give ") and words == f"Suggerimento: dai {face} al compagno"
        assert page.locator(f"#hand [data-card='{card}']").count() >= 1
    else:
        verb = move.split()[0]
        assert verb in ("open", "meld", "attach", "discard")
        said = {"open": "apri con ", "meld": "cala ", "attach": "attacca ", "discard": "scarta "}[verb]
        assert words.startswith("Suggerimento: " + said)
    assert games.get(name).hint_coach() is not None
