"""The page's logic in CPython, without a browser: URL parameters, words, the session
(saves, resumes, Dernier, stats) and the bot driver."""

from __future__ import annotations

import asyncio
import json
import random
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from helpers import play_with_bots  # noqa: E402

import dernier  # noqa: E402
from dernier.bots import search  # noqa: E402
from web.dernier.describe import (  # noqa: E402
    log_lines,
    move_card,
    needs_text,
    sort_hand,
    why_not,
)
from web.shell.driver import SLICE_MS, Driver  # noqa: E402
from web.shell.i18n import STRINGS, choice_text, t  # noqa: E402
from web.shell.params import Settings, clean_name, parse_query, query_pairs  # noqa: E402
from web.shell.session import (  # noqa: E402
    SAVE_KEY,
    MemoryStorage,
    SaveProblem,
    Session,
    Store,
    resume_or_new,
)


def arun(coro: object) -> None:
    """asyncio.run in a thread of its own (Playwright's sync API may own this thread's loop)."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, coro).result()  # type: ignore[arg-type]


# -- URL parameters ----------------------------------------------------------------------


def test_contract_url_starts_that_match() -> None:
    p = parse_query("?players=3&rules=official&levels=medium,hard&seed=7&lang=en&delay=0")
    assert p.start and not p.notices
    s = p.settings
    assert (s.players, s.rules, s.levels, s.seed, s.lang, s.delay) == (
        3,
        "official",
        ("medium", "hard"),
        7,
        "en",
        0,
    )
    assert (s.hands, s.target) == (1, None)


@pytest.mark.parametrize(
    ("query", "hands", "target"),
    [("hands=5", 5, None), ("target=200", None, 200), ("hands=3&target=500", 3, None)],
)
def test_match_format(query: str, hands: int | None, target: int | None) -> None:
    s = parse_query(query).settings
    assert (s.hands, s.target) == (hands, target)


def test_levels_alone_set_the_players() -> None:
    s = parse_query("levels=easy,easy,hard").settings
    assert s.players == 4 and s.levels == ("easy", "easy", "hard")


@pytest.mark.parametrize(
    ("query", "param"),
    [
        ("players=1", "players"),
        ("players=7", "players"),
        ("players=x", "players"),
        ("rules=house", "rules"),
        ("levels=easy,genius", "levels"),
        ("seed=-1", "seed"),
        ("seed=1e5", "seed"),
        ("lang=fr", "lang"),
        ("delay=99999", "delay"),
        ("hands=0", "hands"),
        ("target=10", "target"),
        ("bogus=1", "bogus"),
    ],
)
def test_bad_parameter_is_ignored_with_a_notice(query: str, param: str) -> None:
    p = parse_query(query)
    assert [n.param for n in p.notices] == [param]
    assert not p.settings.problems()
    text = t("en", p.notices[0].code, param=param, value="v", detail="d")
    assert param in text or "target" in text


def test_levels_count_is_adjusted() -> None:
    p = parse_query("players=4&levels=hard")
    assert p.settings.levels == ("hard", "hard", "hard")
    assert [n.code for n in p.notices] == ["levels_count"]


def test_preferences_alone_do_not_start_a_match() -> None:
    p = parse_query("lang=it&delay=0")
    assert not p.start and p.prefs_given == {"lang", "delay"}
    assert p.settings.lang == "it"


def test_names_are_cleaned_not_escaped() -> None:
    assert clean_name("  <b>Ann</b>\n\tx ") == "<b>Ann</b> x"
    assert len(clean_name("x" * 100)) == 40


def test_settings_round_trip() -> None:
    s = Settings(players=4, levels=("easy", "medium", "hard"), hands=None, target=200, name="Zoë")
    assert Settings.from_dict(s.to_dict()) == s
    with pytest.raises(ValueError):
        Settings.from_dict({**s.to_dict(), "players": 9})


def test_every_string_has_both_languages() -> None:
    for key, (en, it) in STRINGS.items():
        assert en and it, key


# -- words ------------------------------------------------------------------------------


def view_with(top: str, hand: list[str], suit: str | None = None, **extra: object) -> dict:
    v = {
        "seat": 0,
        "turn": 0,
        "top": top,
        "wild": None,
        "suit": suit or top[-1],
        "hand": hand,
        "legal": ["draw"],
        "over": False,
        "choosing": False,
        "has_drawn": False,
        "drawn": None,
        "pending": 0,
        "chain": None,
        "rules": "official",
    }
    v.update(extra)
    return v


def test_reason_names_suit_and_rank() -> None:
    v = view_with("9H", ["8C"])
    assert why_not(v, "8C", ["A", "B"], "en") == "Needs ♥ or a 9"
    assert why_not(v, "8C", ["A", "B"], "it") == "Serve ♥ o un 9"
    assert needs_text(view_with("AS", []), "en") == "♠ or an Ace"
    assert needs_text(view_with("JS", [], suit="D"), "en") == "♦"


def test_reasons_for_turn_chain_and_draw() -> None:
    names = ["You", "Bianca"]
    assert why_not(view_with("9H", ["8C"], turn=1), "8C", names, "en") == "Not your turn: Bianca is to play"
    chain = view_with("AH", ["8H"], pending=4, chain="ace")
    assert why_not(chain, "8H", names, "en") == "+4 pending: only an Ace answers, or draw 4"
    drawn = view_with("9H", ["8H", "3C"], has_drawn=True, drawn="3C", legal=["pass"])
    assert "only pass" in (why_not(drawn, "8H", names, "en") or "")


def test_playable_card_has_no_reason() -> None:
    v = view_with("9H", ["2H"], legal=["2H", "draw"])
    assert why_not(v, "2H", ["a", "b"], "en") is None


def test_sort_and_move_card() -> None:
    assert sort_hand(["JK", "AS", "2S", "KH", "10D", "3H"]) == ["3H", "KH", "10D", "2S", "AS", "JK"]
    assert [move_card(m) for m in ("JS:H!", "JK=7H", "9H", "draw", ":H")] == ["JS", "JK", "9H", None, None]


def test_log_lines_tell_the_hand() -> None:
    m = dernier.Match.new(players=3, seed=5, names=["Ann", "Bianca", "Carlo"])
    rng = random.Random(1)
    while not m.game.over:
        m.play(rng.choice(m.legal_moves()))
    lines = log_lines(m.view(0)["log"], m.names, "en")
    assert lines[0] == "A♣ is turned up (you deal)"
    assert any(line.startswith("You ") for line in lines)
    assert any(line.startswith("Bianca ") for line in lines)
    assert "draws 4" in " ".join(lines) or "draws 2" in " ".join(lines)
    it = log_lines(m.view(0)["log"], m.names, "it")
    assert len(it) == len(lines)


# -- the session --------------------------------------------------------------------------


def fast(**kw: object) -> Settings:
    base = {"players": 3, "levels": ("medium", "hard"), "seed": 7, "delay": 0, "hands": 1}
    base.update(kw)
    return Settings(**base)  # type: ignore[arg-type]


def run_bots(s: Session) -> Driver:
    d = Driver(lambda: s, lambda kind, seat: None, sleep=lambda ms: asyncio.sleep(0))
    arun(d.run())
    return d


def test_session_plays_a_match_and_counts_stats() -> None:
    store = Store(MemoryStorage())
    s = Session.new(fast(hands=2), store)
    play_with_bots(s, run_bots, random.Random(3).choice)
    assert s.match.hand_no == 2
    stats = store.stats()
    assert stats["played"] == 1 and stats["points"] in (-1, 1)
    # counted once, also after a resume
    again = Session.from_json(store.saved_text() or "", store)
    again.count_stats()
    assert store.stats()["played"] == 1


def test_save_resumes_the_same_position() -> None:
    store = Store(MemoryStorage())
    s = Session.new(fast(), store)
    run_bots(s)
    s.play(s.match.legal_moves()[0])
    loaded = Session.from_json(store.saved_text() or "", store)
    assert loaded.match.position() == s.match.position()
    assert loaded.settings == s.settings


@pytest.mark.parametrize(
    "text",
    [
        "{",
        "[]",
        json.dumps({"app": "other"}),
        json.dumps({"app": "dernier-page", "version": 99}),
        json.dumps({"app": "dernier-page", "version": 1, "settings": {"players": 40}, "match": {}}),
    ],
)
def test_bad_saves_are_refused(text: str) -> None:
    with pytest.raises(SaveProblem):
        Session.from_json(text)


def test_resume_rules() -> None:
    store = Store(MemoryStorage())
    p = parse_query("players=3&levels=medium,hard&seed=7&delay=0")
    s, problem = resume_or_new(store, p.settings, True, p.given)
    assert s is not None and problem is None
    s.play(s.match.legal_moves()[0], s.match.game.turn)  # any move, so it differs from a new deal
    same, _ = resume_or_new(store, p.settings, True, p.given)
    assert same is not None and same.match.position() == s.match.position()
    plain, _ = resume_or_new(store, Settings(), False, None)
    assert plain is not None and plain.match.position() == s.match.position()
    q = parse_query("players=4&seed=7")
    other, _ = resume_or_new(store, q.settings, True, q.given)
    assert other is not None and other.match.players == 4
    store.storage.setItem(SAVE_KEY, "garbage")
    none, problem = resume_or_new(store, Settings(), False, None)
    assert none is None and problem


def two_left() -> dernier.Match:
    hearts, blanks = ["2H", "3H", "4H", "5H", "6H"], ["8C", "8S", "10C", "10S", "QC"]
    order: list[str] = []
    for a, b in zip(hearts, blanks, strict=True):
        order += [a, b]
    order += ["9H", "9C", "9S", "9D", "4C", "4S"]
    full = [r + s for s in "HDCS" for r in ("A", *map(str, range(2, 11)), "J", "Q", "K")] + ["JK", "JK"]
    for c in order:
        full.remove(c)
    m = dernier.Match.new(players=2, dealer=1, deck=order + full, seed=1)
    for mv, seat in [("2H", 0), ("draw", 1), ("pass", 1), ("3H", 0), ("draw", 1), ("pass", 1)]:
        m.play(mv, seat)
    m.play("4H", 0)
    m.play("draw", 1)
    m.play("pass", 1)
    return m


def test_dernier_button_calls_or_arms() -> None:
    s = Session(Settings(players=2, levels=("easy",), delay=0), two_left())
    assert s.can_arm() and s.dernier_enabled()
    assert s.press_dernier() == "armed"
    assert s.human_moves_for("5H") == ["5H!"]
    assert s.press_dernier() == "disarmed"
    assert s.human_moves_for("5H") == ["5H"]
    s.play("5H")
    assert s.human_due() and s.dernier_enabled()
    assert s.press_dernier() == "called"
    assert not s.human_due()


def test_driver_waits_for_the_human_call() -> None:
    """While seat 0 owes the call, the bot waits the grace window (on a fake clock)."""
    s = Session(Settings(players=2, levels=("easy",), delay=0), two_left())
    s.play("5H")
    clock = [0.0]

    async def sleep(ms: float) -> None:
        clock[0] += max(ms, 1)
        if clock[0] >= 300 and s.human_due():  # the human presses the button 0.3 s later
            s.press_dernier()
        await asyncio.sleep(0)

    d = Driver(lambda: s, lambda kind, seat: None, sleep=sleep, now=lambda: clock[0], grace_ms=1500)
    arun(d.run())
    assert len(s.view()["hand"]) == 1  # called in time: no penalty


def test_driver_closes_the_window_after_the_grace() -> None:
    s = Session(Settings(players=2, levels=("easy",), delay=0), two_left())
    s.play("5H")
    clock = [0.0]

    async def sleep(ms: float) -> None:
        clock[0] += max(ms, 1)
        await asyncio.sleep(0)

    d = Driver(lambda: s, lambda kind, seat: None, sleep=sleep, now=lambda: clock[0], grace_ms=1500)
    arun(d.run())
    assert clock[0] >= 1500
    assert len(s.view()["hand"]) == 3  # forgot: two penalty cards


def test_hard_bot_thinks_in_slices(monkeypatch: pytest.MonkeyPatch) -> None:
    """The page's main thread is never held for long while hard bots think: the bot yields
    once its slice of time is up, checked after each batch of playouts (one deal, every
    candidate still racing), and the driver pauses once its own slice is up. Counted in
    playouts on a clock that advances by 1 ms per playout, so the count holds on any machine
    (benchmarks/long_tasks.py times the slices in the page)."""
    clock = [0.0]  # ms
    batch = {"now": 0, "most": 0}

    def one_ms_playout(*args: object, **kw: object) -> float:
        clock[0] += 1.0
        batch["now"] += 1
        return real_judge(*args, **kw)  # type: ignore[arg-type]

    def bot_clock() -> float:  # the search reads its clock after each batch
        batch["most"] = max(batch["most"], batch["now"])
        batch["now"] = 0
        return clock[0] / 1000

    real_judge = search.judge
    monkeypatch.setattr(search, "judge", one_ms_playout)
    monkeypatch.setattr(search, "time", SimpleNamespace(perf_counter=bot_clock))
    pauses = [0]

    async def pause(ms: float) -> None:
        pauses[0] += 1
        await asyncio.sleep(0)

    s = Session.new(fast(players=4, levels=("hard", "hard", "hard"), seed=11))
    moves_before = len(s.match.game.state.log)
    d = Driver(lambda: s, lambda kind, seat: None, sleep=pause, now=lambda: clock[0])
    arun(d.run())
    assert len(s.match.game.state.log) > moves_before and clock[0] > 1000  # the bots thought
    assert 1 < batch["most"] <= 20  # a batch: one playout per candidate
    # the longest slice: the bot's own slice, then at most one batch before it looks at the
    # clock; far under the 100 ms a page task may take
    longest = search.HardBot().slice_ms + batch["most"]
    assert SLICE_MS <= d.max_slice_ms <= longest < 80
    assert pauses[0] >= clock[0] / longest


def test_log_says_who_a_queen_skips_and_when_a_king_turns_play_round() -> None:
    """RULES §3 §6: the log line of a Q names the seat the engine skips; a K says that play
    turns round (checked against the engine over random hands, turned-up cards included)."""
    names = ["You", "Bianca", "Carlo", "Dario"]
    seen = {"Q": 0, "K": 0, "turned": 0}
    for seed in range(400):
        n = 2 + seed % 3
        g = dernier.Game.new(players=n, seed=seed)
        rng = random.Random(seed)
        st = g.state
        turned = log_lines(g.view(0)["log"], names[:n], "en")[0]
        top = g.view(0)["log"][0]["card"]
        if top.startswith("Q"):
            skipped = (st.dealer + 1) % n
            assert turned.endswith(
                " — " + ("you are skipped" if skipped == 0 else f"{names[skipped]} is skipped")
            )
            seen["turned"] += 1
        elif top.startswith("K"):
            assert turned.endswith(" — play turns round")
        for _ in range(40):
            if g.over:
                break
            seat = g.turn
            assert seat is not None
            move = rng.choice(g.legal_moves())
            before = st.next_seat(seat)
            g.play(move)
            code = move.rstrip("!").split(":")[0]
            if code[:1] in ("Q", "K") and not code.startswith("JK"):
                line = next(x for x in reversed(log_lines(g.view(0)["log"], names[:n], "en")) if " play" in x)
                if g.over and g.hand_winner == seat:  # the last card: see the test below
                    assert " — " not in line, (seed, line)
                elif code.startswith("Q"):
                    who = "you are skipped" if before == 0 else f"{names[before]} is skipped"
                    assert who in line, (seed, line)
                    seen["Q"] += 1
                else:
                    assert "play turns round" in line
                    seen["K"] += 1
    assert min(seen.values()) > 5, seen
    it = log_lines([{"type": "move", "seat": 1, "move": "QS"}], names[:3], "it")
    assert it == ["Bianca gioca Q♠"]  # a log that does not start with the deal: direction unknown


def test_log_of_a_queen_or_king_played_as_the_last_card() -> None:
    """RULES §8: a Q or K that is the winner's last card ends the hand: the log skips nobody
    and turns nothing (a Q earlier in the same hand still skips)."""
    names = ["You", "Bianca", "Carlo"]
    deal = {"type": "turned", "seat": 2, "card": "8S"}
    for last, effect in (("QS", "is skipped"), ("KS", "turns round")):
        log = [
            deal,
            {"type": "move", "seat": 0, "move": "QS!"},
            {"type": "move", "seat": 2, "move": "9S"},
            {"type": "move", "seat": 0, "move": last},
            {"type": "end", "winner": 0},
        ]
        lines = log_lines(log, names, "en")
        assert "— Bianca is skipped" in lines[1]
        assert effect not in lines[3] and " — " not in lines[3], lines
        assert lines[-1] == log_lines(log[-1:], names, "en")[0]
    ongoing = log_lines(log[:4], names, "en")  # the same play while the hand goes on
    assert ongoing[3].endswith("play turns round")


# pieces of query strings: separators, escapes (good, bad, cut short, multi-byte), plus, text
QUERY_PIECES = ["a", "b", "=", "&", "+", "%", "2", "%41", "%C3", "%a9", "%ff", "%zz", ";", "é", " "]
QUERY_PIECES += ["%e2%82", "%ac", "%%", "x=1"]


@given(st.lists(st.sampled_from(QUERY_PIECES), max_size=16), st.text(max_size=8))
@settings(max_examples=2000, deadline=None)
def test_query_pairs_reads_a_query_as_urllib_does(pieces: list[str], text: str) -> None:
    """web.shell.params reads the URL's query without urllib.parse (a cost at the page's start):
    the same pairs as parse_qsl with blank values kept, for any mix of escapes."""
    from urllib.parse import parse_qsl

    q = "".join(pieces) + text
    assert query_pairs(q) == parse_qsl(q, keep_blank_values=True)


def test_query_pairs_decodes_names_values_and_blanks() -> None:
    assert query_pairs("name=Ann%C3%A9+Lee&seed=7&&lang&x=%zz") == [
        ("name", "Ann\u00e9 Lee"),
        ("seed", "7"),
        ("lang", ""),
        ("x", "%zz"),
    ]


def test_choice_text_words_the_format_and_timer_choices() -> None:
    assert choice_text("en", "format", "hands:1") == "1 hand"
    assert choice_text("en", "format", "hands:3") == "3 hands"
    assert choice_text("it", "format", "target:200") == t("it", "format_target", n=200)
    assert choice_text("en", "timer", "30") == "30 s"
    assert choice_text("en", "timer", "0") is None  # "off" has its own key (data-i18n)
    assert choice_text("en", "format", "nonsense") is None
    assert choice_text("en", "players", "3") is None
