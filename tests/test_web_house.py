"""The house variants of the page in CPython (RULES §12): settings, the rules passed to the
engine, jump-ins (anticipo) by the human and the bots, chi sbaglia paga, the log's words
and the driver's jump-in window."""

from __future__ import annotations

import asyncio
import json
import random
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from helpers import seek_match  # noqa: E402

import dernier  # noqa: E402
from web.dernier.describe import log_lines  # noqa: E402
from web.dernier.session import rules_spec  # noqa: E402
from web.shell.driver import HUMAN_TURN_JUMP_MS, JUMP_WINDOW_MS, Driver  # noqa: E402
from web.shell.params import Settings, parse_query  # noqa: E402
from web.shell.session import HUMAN, MemoryStorage, Session, Store  # noqa: E402

HOUSE = {"preset": "traditional", "anticipo": True, "chi_sbaglia_paga": True}


def house_settings(**kw: object) -> Settings:
    """The traditional rules with both house rules on; ``kw`` changes settings or house rules."""
    options: dict[str, object] = {"anticipo": True, "chi_sbaglia_paga": True}
    options.update({k: kw.pop(k) for k in list(kw) if k in options})
    base = Settings(
        players=3, rules="traditional", levels=("hard", "hard"), hands=1, delay=0, options=options
    )
    return replace(base, **kw)  # type: ignore[arg-type]


def jump_session() -> Session:
    """A session where a bot is to act and seat 0 may jump in, reached by random legal moves."""

    def ok(m: dernier.Match) -> bool:
        jumps = any(x != "dernier" for x in m.legal_moves(HUMAN))
        return m.game.turn != HUMAN and jumps and len(m.view(HUMAN)["hand"]) > 3

    m, seed = seek_match(HOUSE, ok)
    return Session(house_settings(seed=seed), m)


def test_settings_validate_house_rules() -> None:
    assert house_settings().problems() == []
    assert "anticipo needs two decks (traditional rules)" in Settings(options={"anticipo": True}).problems()
    assert Settings(options={"chi_sbaglia_paga": True}).problems() == []  # any rules
    assert Settings(options={"chi_sbaglia_paga": "yes"}).problems()
    s = house_settings()
    assert Settings.from_dict(json.loads(json.dumps(s.to_dict()))) == s
    old = Settings().to_dict()
    del old["anticipo"], old["chi_sbaglia_paga"]
    assert Settings.from_dict(old) == Settings()  # saves from before the house rules
    with pytest.raises(ValueError):
        Settings.from_dict({**Settings().to_dict(), "anticipo": True})


def test_rules_spec_and_engine() -> None:
    assert rules_spec(Settings()) == "official"
    assert rules_spec(house_settings()) == HOUSE
    assert rules_spec(house_settings(anticipo=False, timer=30)) == {
        "preset": "traditional",
        "chi_sbaglia_paga": True,
        "turn_seconds": 30,
    }
    store = Store(MemoryStorage())
    s = Session.new(house_settings(seed=5), store)
    assert s.match.rules.anticipo and s.match.rules.chi_sbaglia_paga
    saved = json.loads(store.saved_text() or "")
    assert saved["match"]["rules"]["anticipo"] is True
    assert Session.from_json(store.saved_text() or "").match.rules.anticipo
    store.save_prefs(s.settings)
    prefs = store.prefs()
    assert prefs is not None and prefs.options["anticipo"] and prefs.options["chi_sbaglia_paga"]


def test_links_start_without_house_rules() -> None:
    remembered = house_settings()
    p = parse_query("players=3&rules=traditional", remembered)
    assert p.start and not p.settings.options["anticipo"] and not p.settings.options["chi_sbaglia_paga"]
    # preferences alone keep the remembered match choices
    assert parse_query("lang=it", remembered).settings.options["anticipo"]
    assert parse_query("anticipo=1").notices[0].code == "unknown_param"


def test_human_jumps_in() -> None:
    s = jump_session()
    card = s.jump_card()
    assert card is not None and s.turn != HUMAN
    assert s.human_jumps_for(card)
    assert s.human_jumps_for("JK") == []
    hand = len(s.view()["hand"])
    s.play(s.human_jumps_for(card)[0])
    assert len(s.view()["hand"]) == hand - 1
    assert s.view()["top"] == card
    assert s.jump_card() is None
    lines = log_lines(s.view()["log"], s.names, "en")
    assert lines[-1].startswith("You jump in with ")
    it = log_lines(s.view()["log"], s.names, "it")
    assert any(line.startswith("Anticipi con ") for line in it)


def test_no_jumps_without_the_rule() -> None:
    m = dernier.Match.new(players=3, rules="traditional", hands=1, seed=3)
    s = Session(Settings(players=3, rules="traditional", levels=("hard", "hard"), hands=1), m)
    assert s.jump_moves(1) == [] and s.jump_card() is None and s.bot_jump() is None


def test_bots_jump_in_once_per_top_card() -> None:
    for seed in range(1, 300):
        s = Session.new(house_settings(seed=seed))
        rng = random.Random(seed)
        jumped = 0
        while not s.hand_over and s.match.game.state.move_no < 300:
            before = s.view()["top"]
            seat = s.bot_jump()
            if seat is not None:
                jumped += 1
                assert seat != HUMAN and s.view()["top"] == before
                assert s.bot_jump() is None  # at most one jump per top card
                line = log_lines(s.view()["log"], s.names, "en")[-1]
                assert " jumps in with " in line
                continue
            moves = [m for m in s.match.legal_moves() if m != "dernier"]
            s.play(rng.choice(moves), s.turn)
        if jumped:
            return
    raise AssertionError("no bot ever jumped in")


def test_chi_sbaglia_paga_costs_two_cards() -> None:
    for seed in range(1, 200):
        s = Session.new(house_settings(seed=seed))
        if s.turn != HUMAN:
            continue
        legal = s.match.legal_moves()
        v = s.view()
        played = {m.rstrip("!").split(":")[0].split("=")[0] for m in legal}
        wrong = [c for c in v["hand"] if c not in played]
        if not wrong:
            continue
        n = len(v["hand"])
        reason = s.try_wrong(wrong[0])
        assert reason and "costs 2 cards" in reason
        assert len(s.view()["hand"]) == n + 2
        assert s.turn == HUMAN
        lines = log_lines(s.view()["log"], s.names, "en")
        assert lines[-1].startswith("You try ") and lines[-1].endswith(": +2 cards")
        it = log_lines(s.view()["log"], s.names, "it")
        assert it[-1].startswith("Provi ") and it[-1].endswith(": +2 carte")
        # off: nothing happens
        s2 = Session.new(house_settings(seed=seed, chi_sbaglia_paga=False))
        assert s2.try_wrong(wrong[0]) is None
        assert len(s2.view()["hand"]) == n
        return
    raise AssertionError("no wrong play found")


def test_driver_waits_for_a_human_jump_in() -> None:
    s = jump_session()
    clock = [0.0]

    async def sleep(ms: float) -> None:
        clock[0] += max(ms, 1)
        await asyncio.sleep(0)

    moved: list[int | None] = []

    def on_change(kind: str, seat: int | None) -> None:
        if kind == "move" and not moved:
            moved.append(seat)
            moved.append(int(clock[0]))

    d = Driver(lambda: s, on_change, sleep=sleep, now=lambda: clock[0])
    with ThreadPoolExecutor(1) as pool:  # a loop of its own (Playwright may own this one's)
        pool.submit(asyncio.run, d.run()).result()
    assert moved and moved[1] >= JUMP_WINDOW_MS  # the bots waited for the human


def human_turn_bot_jump() -> Session:
    """A session where seat 0 is to act and a bot may jump in."""

    def ok(m: dernier.Match) -> bool:
        return m.game.turn == HUMAN and any(x != "dernier" for b in (1, 2) for x in m.legal_moves(b))

    m, seed = seek_match(HOUSE, ok)
    return Session(house_settings(seed=seed), m)


def test_bots_jump_in_on_the_humans_turn_after_a_pause() -> None:
    s = human_turn_bot_jump()
    assert s.bot_may_jump()
    clock = [0.0]

    async def sleep(ms: float) -> None:
        clock[0] += max(ms, 1)
        await asyncio.sleep(0)

    seen: list[tuple[int | None, float]] = []

    def on_change(kind: str, seat: int | None) -> None:
        if kind == "move":
            seen.append((seat, clock[0]))

    d = Driver(lambda: s, on_change, sleep=sleep, now=lambda: clock[0])
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, d.run()).result()
    assert seen and seen[0][0] != HUMAN and seen[0][1] >= HUMAN_TURN_JUMP_MS
    assert any(" jumps in with " in x for x in log_lines(s.view()["log"], s.names, "en"))
    assert not s.bot_may_jump()


def test_variants_of_the_presets() -> None:
    s = Settings(variants={"jolly": "wild", "seven_penalty": 1})
    assert s.problems() == []
    assert rules_spec(s) == {"preset": "official", "jolly": "wild", "seven_penalty": 1}
    assert Settings.from_dict(json.loads(json.dumps(s.to_dict()))) == s
    assert Session.new(s).match.rules.jolly == "wild"
    bad = Settings(variants={"jolly": "x", "foo": 1, "seven_penalty": True}).problems()
    assert bad == ["bad value for jolly", "unknown rule 'foo'", "bad value for seven_penalty"]
    assert s.match_key()["variants"] == {"jolly": "wild", "seven_penalty": 1}
    assert "variants" not in Settings().match_key()
    p = parse_query("rules=traditional", s)
    assert p.settings.variants == {}  # a link always means the same match


def test_hand_size_from_the_house_rules_panel() -> None:
    """RULES §2: the cards dealt are a rule-set field the panel can change; one deck cannot
    deal 9 cards to six players and turn one up (§1), two decks can deal 10 to eight."""
    s = Settings(players=4, levels=("medium",) * 3, seed=1, variants={"hand_size": 7})
    assert s.problems() == []
    m = Session.new(s).match
    assert m.rules.hand_size == 7
    assert [len(h) for h in m.game.state.hands] == [7, 7, 7, 7]
    assert len(m.game.state.draw) == 54 - 4 * 7 - 1
    too_many = "hand_size 9 is too many cards for the official rules"
    assert Settings(variants={"hand_size": 9}).problems() == [too_many]
    t = Settings(rules="traditional", players=8, levels=("easy",) * 7, variants={"hand_size": 10})
    assert t.problems() == []
    assert Session.new(t).match.rules.hand_size == 10
    assert Settings(variants={"hand_size": 11}).problems() == ["bad value for hand_size"]
