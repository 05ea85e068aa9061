"""Helpers for the page tests (no tests here): playing through the page's DOM hooks as a
player would (CONTRACT "In the page"), and writing a prepared match into localStorage.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

from browser_support import open_with_storage as open_with_storage  # the tests' import of it
from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import dernier  # noqa: E402

SAVE_KEY = "dernier.match.v1"
FAST = "players=3&rules=official&levels=medium,hard&seed=7&lang=en&delay=0"

STATE_JS = """() => {
  const t = document.querySelector('#table');
  const d = t ? t.dataset : {};
  const chooser = document.querySelector('#chooser');
  const summary = document.querySelector('#summary');
  return {
    turn: d.turn ?? null,
    over: d.over === 'true',
    matchOver: d.matchOver === 'true',
    chooser: !!(chooser && chooser.open),
    summary: !!(summary && summary.open),
    hand: [...document.querySelectorAll('#hand button[data-card]')].map(b => b.dataset.card),
    playable: [...document.querySelectorAll('#hand button[data-card]:not([aria-disabled="true"])')]
                 .map(b => b.dataset.card),
    top: document.querySelector('#discard')?.dataset.card ?? null,
    suit: document.querySelector('#discard')?.dataset.suit ?? null,
    draw: !document.querySelector('#draw').disabled,
    pass: !document.querySelector('#pass').disabled,
    dernier: !document.querySelector('#dernier').disabled,
    armed: document.querySelector('#dernier').getAttribute('aria-pressed') === 'true',
    next: !!document.querySelector('#next') && !document.querySelector('#next').hidden,
    hint: document.querySelector('#hint').textContent,
  };
}"""


def state(page: Page) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(STATE_JS)
    return result


def wait_for_input(page: Page, timeout_ms: int = 60_000) -> dict[str, Any]:
    """Wait until the human must act (their turn, a summary, the match result)."""
    page.wait_for_function(
        """() => {
          const d = document.querySelector('#table').dataset;
          return d.turn === '0' || d.over === 'true' || d.matchOver === 'true';
        }""",
        timeout=timeout_ms,
    )
    return state(page)


def take_turn(page: Page, arm: bool = True) -> str:
    """Make one move for seat 0 by clicking, as a player would; returns what it did."""
    st = state(page)
    if st["chooser"]:
        choose_first(page)
        return "suit"
    if st["dernier"] and not st["armed"]:
        # the call window is open (call), or the next play leaves one card (arm it)
        page.click("#dernier")
        if not arm:
            return "dernier"
        st = state(page)
    if st["playable"]:
        code = st["playable"][0]
        page.click(f'#hand button[data-card="{code}"]')
        choose_first(page)
        return code
    if st["pass"]:
        page.click("#pass")
        return "pass"
    if st["draw"]:
        page.click("#draw")
        return "draw"
    return "wait"


def choose_first(page: Page) -> None:
    """While the chooser is open, pick its first option (a suit, or a card for a wild Jolly)."""
    for _ in range(3):
        if not state(page)["chooser"]:
            return
        page.click("#chooser-options button >> nth=0")


def play_to_end(page: Page, max_steps: int = 3000) -> int:
    """Play the whole match by clicking; returns the number of hands dealt."""
    hands = 1
    for _ in range(max_steps):
        st = wait_for_input(page)
        if st["matchOver"]:
            return hands
        if st["over"]:
            page.click("#next")
            page.wait_for_function("document.querySelector('#table').dataset.over !== 'true'")
            hands += 1
            continue
        if st["turn"] == "0":
            take_turn(page)
    raise AssertionError("the match did not end")


def page_save(
    match: dernier.Match,
    levels: list[str] | None = None,
    delay: int = 0,
    lang: str = "en",
    name: str = "",
    **settings: Any,
) -> str:
    """The page's save wrapper around ``match`` (see web/shell/session.py); ``settings`` change
    or add settings fields (e.g. ``rules="traditional", anticipo=True``)."""
    levels = levels or ["medium"] * (match.players - 1)
    fields = {
        "players": match.players,
        "rules": "official",
        "levels": levels,
        "seed": None,
        "hands": match.hands_limit,
        "target": match.target,
        "lang": lang,
        "delay": delay,
        "name": name,
        "timer": 0,
        **settings,
    }
    return json.dumps(
        {
            "app": "dernier-page",
            "version": 1,
            "settings": fields,
            "origin": None,
            "stats_counted": False,
            "match": match.save(),
        }
    )


def two_player_deck(seat0: list[str], seat1: list[str], up: str, then: list[str]) -> list[str]:
    """A deck for ``Match.new(players=2, dealer=1, deck=...)``: seat 0 (dealer+1) gets
    ``seat0``, seat 1 ``seat1`` (dealt one at a time), ``up`` is turned up, the draw pile
    starts with ``then`` and holds every other card after it."""
    order: list[str] = []
    for a, b in zip(seat0, seat1, strict=True):
        order += [a, b]
    order.append(up)
    order += then
    full = [r + s for s in "HDCS" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
    full += ["JK", "JK"]
    rest = list(full)
    for c in order:
        rest.remove(c)
    return order + rest


def wait_ms(page: Page, ms: int) -> None:
    page.wait_for_timeout(ms)


def now() -> float:
    return time.monotonic()
