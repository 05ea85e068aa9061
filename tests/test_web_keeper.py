"""No match lost, without a browser (issue 40): which link asks before it starts a match over
the saved one (web.shell.session.link_over_save), the saved match set aside in the Replays
list as unfinished, and a save that moved on in another tab never written over
(web.shell.session.Store)."""

from __future__ import annotations

import json

import pytest

from web.shell.params import parse_query
from web.shell.replay import KINDS
from web.shell.session import MemoryStorage, Session, Store, link_over_save

LINKS = {
    "dernier": ("players=3&levels=medium,medium&seed=5", "players=2&levels=hard&seed=3"),
    "scala40": ("game=scala40&players=2&levels=medium&seed=5", "game=scala40&players=2&levels=medium&seed=3"),
    "dog": ("game=dog&levels=medium,medium,medium&seed=5", "game=dog&levels=easy,easy,easy&seed=3"),
}


def first_move(s: Session) -> None:
    """Any seat's first legal move (a bot's or the person's): the match has begun."""
    for seat in range(s.match.players):
        legal = [m for m in s.match.legal_moves(seat) if m not in ("abandon", "timeout")]
        if legal:
            s.play(legal[0], seat)
            return
    raise AssertionError("no seat may move")


def opened(store: Store, query: str) -> tuple[Session, dict[str, str]]:
    parsed = parse_query(query)
    return Session.new(parsed.settings, store, parsed.given), parsed.given


@pytest.mark.parametrize("game", sorted(LINKS))
def test_a_link_over_a_begun_match_asks_and_others_never_do(game: str) -> None:
    first, other = LINKS[game]
    store = Store(MemoryStorage(), game)
    s, origin = opened(store, first)
    # a match just dealt, nothing played: nothing to lose, no question
    assert link_over_save(store, True, parse_query(other).given) is None
    first_move(s)
    asked = link_over_save(store, True, parse_query(other).given)
    assert asked is not None and asked.match.save() == s.match.save()
    assert link_over_save(store, True, origin) is None  # the same link: it resumes
    assert link_over_save(store, False, None) is None  # ?lang=en, ?game=…: preferences only
    # set aside, it is kept in the Replays list as unfinished
    assert "unfinished" in KINDS
    entry = asked.replay_entry("unfinished", 1)
    assert entry is not None and entry["kind"] == "unfinished" and entry["over"] is False
    kept = store.shelf().add(entry)
    assert not kept.failed and [e["kind"] for e in store.shelf().load()] == ["unfinished"]
    # a finished match is no loss either
    data = json.loads(store.saved_text() or "")
    assert data["match"] == s.match.save()


def test_a_save_moved_on_in_another_tab_is_never_written_over() -> None:
    storage = MemoryStorage()
    a = Store(storage, "dernier")
    tab_a, origin = opened(a, LINKS["dernier"][0])
    b = Store(storage, "dernier")
    text = b.saved_text()
    assert text is not None
    tab_b = Session.from_json(text, b)
    first_move(tab_b)  # tab B plays on: saved
    moved = storage.getItem(a.key("match"))
    assert moved == tab_b.to_json()
    assert a.moved_on() and not b.moved_on()
    first_move(tab_a)  # tab A's older copy: not written
    assert a.stale and storage.getItem(a.key("match")) == moved
    # once tab A read the newer save, its moves are written again
    again = Session.from_json(a.saved_text() or "", a)
    assert not a.moved_on()
    first_move(again)
    assert not a.stale and storage.getItem(a.key("match")) == again.to_json()
    # a new match takes the save's place whatever was there
    b_new = Session.new(tab_b.settings, b, origin)
    assert storage.getItem(b.key("match")) == b_new.to_json()


def test_a_failed_write_is_not_taken_for_another_tab() -> None:
    """A full storage (a write that throws) leaves the page's own older save: not a tab."""

    class Full(MemoryStorage):
        full = False

        def setItem(self, key: str, value: str) -> None:
            if self.full:
                raise OSError("QuotaExceededError")
            super().setItem(key, value)

    storage = Full()
    store = Store(storage, "dernier")
    s, _ = opened(store, LINKS["dernier"][0])
    storage.full = True
    first_move(s)
    assert not store.ok and not store.stale and not store.moved_on()
    storage.full = False
    first_move(s)
    assert storage.getItem(store.key("match")) == s.to_json()
