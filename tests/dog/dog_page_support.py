"""Helpers of DOG's browser tests: saves of the page made from a :class:`dog.Match`, and a
person playing seat by seat by clicking only (CONTRACT "In the page")."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from browser_support import open_with_storage
from playwright.sync_api import Page

import dog
from dog.board import HOME
from web.dog.session import DogMatch

SAVE_KEY = "dog.match.v1"
NAMES = ["You", "Bianca", "Carlo", "Dario"]

#: true when the shown seat has something to do now, or the game is over
READY_JS = """() => {
  const t = document.querySelector('#table');
  if (!t || t.hidden) return false;
  if (t.dataset.over === 'true') return true;
  if (document.body.dataset.curtain === 'true') return true;
  if (t.dataset.turn !== t.dataset.seat && t.dataset.phase !== 'exchange') return false;
  if (t.dataset.phase === 'exchange') {
    const give = document.querySelector('#give');
    return !!give && !give.hidden;
  }
  const fold = document.querySelector('#fold');
  return (fold && !fold.disabled) ||
    !!document.querySelector('#hand [data-card][aria-disabled="false"]');
}"""


AXE_JS = """async () => {
  const r = await axe.run(document, {rules: {'label-content-name-mismatch': {enabled: true}}});
  return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 5)}));
}"""
AXE_PATH = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def serious_violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it is now (with the
    "label in name" rule, WCAG 2.5.3, switched on), as Dernier's table is checked."""
    if not AXE_PATH.is_file():
        raise AssertionError(f"{AXE_PATH} is missing: npm install (package.json devDependencies)")
    if not page.evaluate("typeof axe !== 'undefined'"):
        # evaluated, not added as a <script>: the built site's CSP refuses inline scripts
        page.evaluate(AXE_PATH.read_text(encoding="utf-8") + "\n;0")
    found: list[dict[str, Any]] = page.evaluate(AXE_JS)
    return found


def table_data(page: Page) -> dict[str, str]:
    return dict(page.evaluate("() => ({...document.querySelector('#table').dataset})"))


def log_count(page: Page) -> int:
    return int(page.evaluate("document.querySelectorAll('#log li').length"))


#: which of the seat's moves to make: (the game, the seat, its moves, the rng) -> a move
Pick = Callable[[dog.Game, int, list[str], random.Random], str]


def _search(
    seed: int,
    tries: int,
    ok: Callable[[dog.Match], bool],
    limit: int,
    ended: Callable[[dog.Match], bool],
    pick: Pick,
) -> dog.Match:
    """The first match from ``seed`` on (``tries`` seeds) played by ``pick`` for every seat to
    a position where ``ok``, before ``ended``."""
    for seed_ in range(seed, seed + tries):
        m = dog.Match.new(seed=seed_)
        rng = random.Random(seed_)
        for _ in range(limit):
            if ended(m):
                break
            if ok(m):
                return m
            g = m.game
            seat = seat_to_move(g)
            moves = [x for x in g.legal_moves(seat) if x not in ("abandon", "timeout")]
            m.play(pick(g, seat, moves, rng), seat)
    raise AssertionError("no such position found")


def seek(rng_seed: int, ok: Callable[[dog.Match], bool], limit: int = 4000) -> dog.Match:
    """A match reached by random legal moves of every seat from ``rng_seed`` where ``ok``."""
    return _search(rng_seed, 50, ok, limit, lambda m: m.over, lambda g, seat, moves, rng: rng.choice(moves))


def race(seed: int, ok: Callable[[dog.Match], bool], limit: int = 6000) -> dog.Match:
    """A match where team 0 (seats 0 and 2) races home (each of its moves the one that
    brings its pawns furthest) and team 1 plays at random, from ``seed`` on, at the first
    position where ``ok``: for positions random play seldom reaches (a seat finished)."""

    def pick(g: dog.Game, seat: int, moves: list[str], rng: random.Random) -> str:
        if seat % 2 == 0 and g.state.phase == "play":
            moves.sort(key=lambda mv: _progress(g, mv, seat) + rng.random())
            return moves[-1]
        return rng.choice(moves)

    return _search(seed, 30, ok, limit, lambda m: m.game.over, pick)


def _progress(g: dog.Game, move: str, seat: int) -> float:
    c = g.copy()
    c.play(move, seat)
    total = 0.0
    for p, at in enumerate(c.state.loc):
        if (p >> 2) % 2 == 0:
            total += -50 if at < 0 else at + 100 if at >= HOME else (at - 16 * (p >> 2)) % 64
    return total


def page_save(match: dog.Match, levels: list[str] | None = None, seed: int = 1, **settings: Any) -> str:
    """The page's save wrapper (web/shell/session.py) around ``match``."""
    fields = {
        "game": "dog",
        "players": 4,
        "rules": "standard",
        "levels": levels or ["medium"] * 3,
        "seed": None,
        "hands": 1,
        "target": None,
        "lang": "en",
        "delay": 0,
        "name": "",
        "timer": 0,
        **settings,
    }
    data = {
        "app": "dog-page",
        "version": 1,
        "settings": fields,
        "origin": None,
        "stats_counted": False,
        "match": DogMatch(match, NAMES, seed).save(),
    }
    return json.dumps(data)


def open_saved(page: Page, server_url: str, save: str, query: str = "game=dog") -> None:
    open_with_storage(page, server_url, {SAVE_KEY: save}, query)


def play_turn(page: Page) -> str:
    """The shown seat acts by clicking, as a person would: in the exchange a card and
    ``#give``; in play the first usable card, then (a Jolly's first enabled rank, a 7's
    parts) the first target or movable pawn until the move goes; ``#fold`` when it is the
    only thing to do. Returns what it did."""
    data = table_data(page)
    before = log_count(page)
    if data["phase"] == "exchange":
        page.click("#hand [data-card]")
        assert page.get_attribute("#hand [data-card][aria-pressed='true']", "data-card")
        page.click("#give")
        return "give"
    if page.is_enabled("#fold"):
        assert page.locator("#hand [data-card][aria-disabled='false']").count() == 0
        page.click("#fold")
        return "fold"
    page.click("#hand [data-card][aria-disabled='false']")
    for _ in range(40):
        if log_count(page) > before or table_data(page).get("turn") != data.get("turn"):
            return "play"
        if page.is_visible("#ranks"):
            page.click("#ranks [data-rank]:not([disabled])")
            continue
        target = page.locator("#board [data-pawn][data-target='true']")
        if not target.count():
            target = page.locator("#board [data-target='true']")
        if target.count():
            target.first.click()
            continue
        movable = page.locator("#board [data-pawn][data-movable='true']")
        if movable.count():
            movable.first.click()
            continue
        page.wait_for_timeout(30)
    raise AssertionError("the move did not go: " + str(table_data(page)))


def play_until_over(page: Page, turns: int = 400, on_turn: Callable[[Page], None] | None = None) -> int:
    """Play the shown seat(s) until the game is over; the number of actions taken."""
    for done in range(turns):
        page.wait_for_function(READY_JS, timeout=60_000)
        if table_data(page)["over"] == "true":
            return done
        if page.evaluate("document.body.dataset.curtain") == "true":
            page.click("#curtain-go")
        else:
            play_turn(page)
        if on_turn is not None:
            on_turn(page)
    raise AssertionError("the game did not end")


def seat_to_move(g: Any) -> int:
    """The seat whose move a game waits for: in the exchange, the first still to give."""
    if g.state.phase == "exchange":
        return next(s for s in range(4) if any(x.startswith("give") for x in g.legal_moves(s)))
    return int(g.state.turn)
