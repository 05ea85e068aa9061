"""A storage that refuses the page (issue 40), without a browser: web.shell.session.Store keeps
what could not be written for the visit and reads it back, says so once, and hands everything
to a storage granted later (the Storage Access API)."""

from __future__ import annotations

import pytest

from web.shell.params import parse_query
from web.shell.session import MemoryStorage, Session, Store, resume_or_new


class Refusing(MemoryStorage):
    """A storage whose writes throw while ``full`` (a quota exceeded)."""

    full = False

    def setItem(self, key: str, value: str) -> None:
        if self.full:
            raise OSError("QuotaExceededError")
        super().setItem(key, value)

    def removeItem(self, key: str) -> None:
        if self.full:
            raise OSError("QuotaExceededError")
        super().removeItem(key)


def play_some(s: Session, moves: int) -> None:
    for _ in range(moves):
        seat = next(p for p in range(s.match.players) if s.match.legal_moves(p))
        legal = [m for m in s.match.legal_moves(seat) if m not in ("abandon", "timeout")]
        s.play(legal[0], seat)


@pytest.mark.parametrize(
    "query", ["players=3&levels=easy,easy&seed=5", "game=scala40&players=2&seed=5", "game=dog&seed=5"]
)
def test_writes_refused_lose_nothing_of_the_match_and_are_said_once(query: str) -> None:
    storage = Refusing()
    parsed = parse_query(query)
    store = Store(storage, parsed.settings.game)
    said: list[str] = []
    store.on_off = lambda: said.append("off")
    s = Session.new(parsed.settings, store, parsed.given)
    s.save()
    kept_before = storage.getItem(store.key("match"))
    storage.full = True
    play_some(s, 3)
    assert said == ["off"] and not store.ok  # said once, for several refused writes
    assert storage.getItem(store.key("match")) == kept_before  # the storage has the older one
    # the match as it is now, read back (Resume later, then Resume)
    assert store.saved_text() == s.to_json()
    again, problem = resume_or_new(store, parsed.settings, False, None)
    assert problem is None and again is not None and again.to_json() == s.to_json()
    store.drop_match()
    assert store.saved_text() is None  # a refused removal is kept too
    assert storage.getItem(store.key("match")) == kept_before


def test_a_storage_granted_later_gets_the_match_in_play() -> None:
    parsed = parse_query("players=2&levels=easy&seed=3")
    store = Store(None, parsed.settings.game)  # denied from the start
    assert not store.ok
    s = Session.new(parsed.settings, store, parsed.given)
    play_some(s, 2)
    s.save()
    granted = MemoryStorage()
    assert store.use(granted) and store.ok
    assert granted.getItem(store.key("match")) == s.to_json()
    # a granted storage that refuses too changes nothing
    other = Store(None, parsed.settings.game)
    Session.new(parsed.settings, other, parsed.given).save()
    full = Refusing()
    full.full = True
    assert not other.use(full) and not other.ok
    assert other.saved_text() is not None
