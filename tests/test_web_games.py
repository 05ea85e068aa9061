"""The game seam (issue 22) without the browser: the registry of games, ``?game=``, storage
kept per game, and a test-only game (*Ten*, ``tests/fakegame``) played through the shell's
session, driver, saves, statistics and Replays list by its spec alone."""

from __future__ import annotations

import asyncio
import json
import random
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from helpers import play_with_bots

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from fakegame.session import TenSession  # noqa: E402
from fakegame.spec import TEN  # noqa: E402

from web.dernier.session import DernierSession  # noqa: E402
from web.shell import games  # noqa: E402
from web.shell.driver import Driver  # noqa: E402
from web.shell.games import GameSpec  # noqa: E402
from web.shell.params import Settings, game_of, parse_query  # noqa: E402
from web.shell.replay import parse_shelf  # noqa: E402
from web.shell.session import SAVE_KEY, MemoryStorage, Session, Store, resume_or_new  # noqa: E402


@pytest.fixture
def ten() -> Iterator[GameSpec]:
    games.register(TEN)
    yield TEN
    games.unregister(TEN.name)


def run_bots(s: Session) -> Driver:
    d = Driver(lambda: s, lambda kind, seat: None, sleep=lambda ms: asyncio.sleep(0))
    with ThreadPoolExecutor(1) as pool:  # a loop of its own (Playwright may own this thread's)
        pool.submit(asyncio.run, d.run()).result()
    return d


def test_dernier_is_registered_and_the_default() -> None:
    assert games.get().name == "dernier" == games.default_name()
    assert games.registered()[0].name == "dernier"
    assert not games.known("ten")  # the test-only game is registered by tests only
    with pytest.raises(KeyError):
        games.get("ten")


def test_dernier_keeps_its_storage_keys() -> None:
    spec = games.get("dernier")
    assert spec.key("match") == SAVE_KEY == "dernier.match.v1"
    assert [spec.key(k) for k in ("prefs", "stats", "replays")] == [
        "dernier.prefs.v1",
        "dernier.stats.v1",
        "dernier.replays.v1",
    ]
    assert spec.app == "dernier-page"
    assert isinstance(Session.new(Settings(delay=0), Store(MemoryStorage())), DernierSession)


#: the keyword fields every spec gives (values of no game)
SOME: dict[str, Any] = {
    "rule_sets": {"x": (2, 4)},
    "variants": {},
    "options": {},
    "url_defaults": {},
    "fan": (),
    "formats": {"hands:1": {"en": "1 hand"}},
}


@pytest.mark.parametrize("name", ["", "Ten", "two words", "9lives"])
def test_a_game_name_is_a_lowercase_identifier(name: str) -> None:
    with pytest.raises(ValueError):
        games.register(GameSpec(name, {}, (2, 4), "m:C", "m", "m:T", "m", "m", "m:h", "m:c", (), **SOME))


def test_seat_limits_are_checked() -> None:
    with pytest.raises(ValueError):
        games.register(GameSpec("odd", {}, (4, 2), "m:C", "m", "m:T", "m", "m", "m:h", "m:c", (), **SOME))


def test_game_param_names_a_registered_game_and_starts_nothing(ten: GameSpec) -> None:
    plain = parse_query("players=3&seed=7")
    named = parse_query("game=dernier&players=3&seed=7")
    assert named.game == "dernier" and not named.notices
    # a link with game=dernier means what the same link without it always meant
    assert (named.start, named.given, named.settings) == (plain.start, plain.given, plain.settings)
    alone = parse_query("game=ten")
    assert alone.game == "ten" and not alone.start and not alone.notices
    assert game_of("?game=ten&players=2") == "ten" and game_of("?players=2") == "dernier"


def test_an_unknown_game_is_ignored_with_a_notice() -> None:
    parsed = parse_query("game=chess&players=3")
    assert parsed.game == "dernier" and parsed.start
    assert [(n.code, n.param) for n in parsed.notices] == [("bad_param", "game")]
    assert game_of("game=chess") == "dernier"


def test_the_spec_loads_a_games_modules_on_demand(ten: GameSpec) -> None:
    assert ten.session_class() is TenSession
    assert ten.strings()["ten_total"] == ("Total {n}", "Totale {n}")
    assert "reach 10" in (ten.rules_html("en") or "")
    assert ten.title("it") == "Dieci" and ten.title("fr") == "Ten"
    assert ten.make_bot("hard").level == "hard"


def ten_settings(**kw: object) -> Settings:
    base = {
        "game": "ten",
        "rules": "ten",
        "players": 3,
        "levels": ("easy", "hard"),
        "hands": 2,
        "delay": 0,
        "seed": 5,
    }
    base.update(kw)
    return Settings(**base)  # type: ignore[arg-type]


def play_out(s: Session, rng: random.Random) -> None:
    """Seat 0 (a person) and the bots (the driver) play the match to its end."""
    play_with_bots(s, run_bots, lambda legal: rng.choice([m for m in legal if m != "wave"]))


def test_a_test_only_game_plays_through_the_shell(ten: GameSpec) -> None:
    storage = MemoryStorage({SAVE_KEY: "a Dernier save stays as it is"})
    store = Store(storage, "ten")
    s = Session.new(ten_settings(), store)
    assert type(s) is TenSession and s.game is ten
    play_out(s, random.Random(1))
    assert s.match.hand_no == 2 and s.match.over
    # its own keys: the save, the statistics, the Replays list; Dernier's untouched
    saved = json.loads(storage.data["ten.match.v1"])
    assert saved["app"] == "ten-page" and saved["stats_counted"] is True
    assert json.loads(storage.data["ten.stats.v1"])["played"] == 1
    kept = parse_shelf(storage.data["ten.replays.v1"])
    assert [e["players"] for e in kept] == [3]
    assert storage.data[SAVE_KEY] == "a Dernier save stays as it is"
    assert "dernier.stats.v1" not in storage.data and "dernier.replays.v1" not in storage.data


def test_a_test_only_game_resumes_from_its_save(ten: GameSpec) -> None:
    store = Store(MemoryStorage(), "ten")
    s = Session.new(ten_settings(hands=1), store)
    run_bots(s)
    s.play("wave", 2)  # out of turn, by a bot's seat: allowed by Ten's rules
    s.play("1" if s.turn == 0 else "wave", 0)
    back, problem = resume_or_new(store, Settings(), False, None)
    assert problem is None and type(back) is TenSession and back is not s
    assert back.match.view(1) == s.match.view(1) and back.settings == s.settings
    # a save of one game is not another game's: Dernier's store reads its own key only
    assert resume_or_new(Store(store.storage), Settings(), False, None) == (None, None)


def test_a_test_only_games_moves_are_refused_with_its_reason(ten: GameSpec) -> None:
    s = Session.new(ten_settings(players=2, levels=("hard",), hands=1), Store(MemoryStorage(), "ten"))
    other = 1 - (s.turn or 0)
    before = s.match.view(0)
    with pytest.raises(ValueError, match="may not be played"):
        s.play("2", other)
    assert s.match.view(0) == before
    assert s.why_refused("2", other) is not None and s.why_refused("wave", other) is None
    s.abandon(0)
    with pytest.raises(ValueError, match="the match is over"):
        s.play("wave", 1)
    assert s.table_state(0)["legal"] == [] and s.table_state(0)["match"]["over"] is True


def test_the_table_state_of_a_test_only_game_has_the_shells_fields(ten: GameSpec) -> None:
    s = Session.new(ten_settings(levels=("human", "friend")), Store(MemoryStorage(), "ten"))
    state = s.table_state(1)
    assert state["kinds"] == ["human", "human", "friend"] and state["presence"] == {"2": "waiting"}
    assert state["turn"] == s.turn and state["legal"] == s.match.legal_moves(1)
    assert s.multi_local and s.friend_seats() == [2]


@pytest.mark.parametrize(
    "query",
    [
        "players=3&levels=easy,easy&seed=3",
        "game=scala40&players=2&levels=easy&seed=8",
        "game=dog&levels=easy,easy,easy&seed=2",
        "game=ten&players=2&levels=easy&seed=4",
    ],
)
def test_a_match_has_begun_once_a_move_is_made_in_every_game(ten: GameSpec, query: str) -> None:
    """A host's page reloaded during a match sends its friends the table at once: the match
    has begun once a move is in its record, whatever the game (the engines' common record)."""
    p = parse_query(query)
    s = Session.new(p.settings, Store(MemoryStorage(), p.game), p.given)
    assert not s.begun
    seat = next(seat for seat in range(s.match.players) if s.match.legal_moves(seat))
    s.play(s.match.legal_moves(seat)[0], seat)
    assert s.begun
    back, _ = resume_or_new(s.store, Settings(), False, None)
    assert back is not None and back.begun
