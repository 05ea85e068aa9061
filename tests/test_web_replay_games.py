"""Replays and the hint of Scala 40 and DOG through the shell's general hooks, without a browser
(issues 22–24): GameSpec.replays (web/shell/replaybook.py, web/scala40/replays.py,
web/dog/replays.py) keeps each game's finished matches in its own Replays list and steps
through every position; GameSpec.coach (web/shell/coach.py, web/scala40/coach.py,
web/dog/coach.py) hints the hard bot's move from the seat's own table state, in Italian and
English."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Generator, Iterator
from types import SimpleNamespace
from typing import Any

import pytest

import dog
import scala40
from web.dog.words import card_text
from web.shell import games
from web.shell.i18n import STRINGS, t
from web.shell.params import parse_query
from web.shell.replay import decode_link, encode_link, parse_shelf, unpack
from web.shell.replaybook import ReplayError
from web.shell.session import MemoryStorage, Session, Store

QUERIES = {
    "scala40": "game=scala40&players=3&levels=easy,medium&seed=21&hands=1",
    "dog": "game=dog&levels=easy,easy,easy&seed=4",
}


@pytest.fixture(autouse=True)
def words() -> Iterator[None]:
    """The shell's words as they were after each test (a test adds its game's: the page
    loads one game's words over the shell's, and DOG words some of the shell's keys its way)."""
    saved = dict(STRINGS)
    yield
    STRINGS.clear()
    STRINGS.update(saved)


def use_words(name: str) -> None:
    STRINGS.update(games.get(name).strings())


def new_session(name: str, query: str | None = None) -> Session:
    p = parse_query(query or QUERIES[name])
    return Session.new(p.settings, Store(MemoryStorage(), name), p.given)


def play_out(s: Session, seen: list[dict[str, Any]] | None = None) -> None:
    """Bots play every seat (seat 0 by the easy bot) until the match is over; ``seen`` gets
    the engine's position after every move."""
    easy = s.game.make_bot("easy")
    if seen is not None:
        s.on_move = lambda move, seat: seen.append(s.match.game.position())  # type: ignore[method-assign]
    for _ in range(5000):
        if s.match.over:
            return
        s.bot_side_moves()
        if s.match.over:
            return
        seat = s.turn
        if seat is None:
            seat = next(
                x
                for x in range(s.match.players)
                if any(m.startswith("give ") for m in s.match.legal_moves(x))
            )
        bot = s.bot(seat) if s.is_bot(seat) else easy
        s.play(bot.choose(s.view(seat), s.bot_rng(seat)), seat)
    raise AssertionError("the match did not end")


@pytest.fixture(scope="module")
def finished() -> dict[str, tuple[Session, list[dict[str, Any]]]]:
    out = {}
    for name in QUERIES:
        s = new_session(name)
        seen = [s.match.game.position()]
        play_out(s, seen)
        out[name] = (s, seen)
    return out


@pytest.mark.parametrize("name", list(QUERIES))
def test_a_finished_match_is_kept_in_its_own_games_replays(
    name: str, finished: dict[str, tuple[Session, list[dict[str, Any]]]]
) -> None:
    """Issue 22: kept replays are per game (``<game>.replays.v1``), one entry per finished match."""
    s, _seen = finished[name]
    storage = s.store.storage
    assert isinstance(storage, MemoryStorage)
    kept = parse_shelf(storage.data[f"{name}.replays.v1"])
    assert "dernier.replays.v1" not in storage.data
    assert len(kept) == 1
    e = kept[0]
    assert e["game"] == name and e["kind"] == "finished" and e["over"] is True
    assert e["names"] == s.names and e["players"] == s.match.players
    book = s.game.replay_book()
    if name == "dog":  # RULES §1: partners win together
        assert e["winners"] in ([0, 2], [1, 3]) and e["winner"] is None
        pair = " & ".join(s.names[x] for x in e["winners"])
        assert book.result_text(book.load(unpack(e["data"])), "it").endswith(f"{pair} hanno vinto la partita")
    else:
        assert e["winners"] == [s.match.winner] and e["winner"] == s.match.winner
    r = book.load(unpack(e["data"]))
    assert r.names == s.names and r.record == s.match.m.record()


@pytest.mark.parametrize("name", list(QUERIES))
def test_the_frames_step_through_every_position_of_the_hand(
    name: str, finished: dict[str, tuple[Session, list[dict[str, Any]]]]
) -> None:
    """Each step of the viewer is the engine's position after that move, replayed from the
    record alone (step 0: the deal)."""
    s, seen = finished[name]
    book = s.game.replay_book()
    r = book.load(json.dumps(book.data(book.of_match(s.match))))
    assert book.hands(r) == 1
    fr = book.frames(r, 1)
    assert fr.steps == len(seen) - 1 == len(fr.moves)
    shown = [book.board(f, r.names, None, "en")["position"] for f in fr.frames]
    assert shown == seen
    assert fr.totals == list(s.match.m.scores if name == "scala40" else s.match.m.score)
    with pytest.raises(ValueError, match="no hand 2"):
        book.frames(r, 2)


def test_a_seats_view_of_a_scala40_replay_hides_the_other_hands_s4() -> None:
    use_words("scala40")
    s = new_session("scala40", "game=scala40&players=2&levels=easy&seed=5&hands=1")
    for _ in range(6):
        seat = s.turn
        assert seat is not None
        s.play(s.game.make_bot("easy").choose(s.view(seat), s.bot_rng(seat)), seat)
    book = s.game.replay_book()
    r = book.of_match(s.match)
    last = book.frames(r, 1).frames[-1]
    b = book.board(last, r.names, 1, "it")
    assert b["hands"][0] is None and b["hands"][1] == s.match.game.hand(1)
    assert b["counts"] == [len(s.match.game.hand(x)) for x in range(2)]
    assert b["log"] and all(":" in line for line in b["log"][1:])
    # line 0 is the deal, line n move n (the viewer's list counts from 0, as "Move n of N")
    assert len(b["log"]) == 7 and b["log"][0] == t("it", "replay_dealt", who=r.names[last.dealer])
    every = book.board(last, r.names, None, "en")
    assert every["hands"] == [s.match.game.hand(x) for x in range(2)]
    assert book.result_text(r, "en").endswith("match not finished")


def test_a_seats_view_of_a_dog_replay_hides_hands_and_the_partners_given_card_s4() -> None:
    use_words("dog")
    s = new_session("dog")
    s.bot_side_moves()  # seats 1–3 give at once (§4)
    book = s.game.replay_book()
    r = book.of_match(s.match)
    fr = book.frames(r, 1)
    b = book.board(fr.frames[-1], r.names, 0, "en")
    assert b["hands"][0] is not None and b["hands"][1:] == [None, None, None]
    assert b["given"] == [None, None, None, None]  # seat 0 has not given; the others' stay covered
    assert all("partner" in line and " gives " in line for line in b["log"])
    gave = [mv for _seat, mv in fr.moves]
    assert all(mv.startswith("give ") for mv in gave)

    def named(code: str, log: list[str]) -> bool:  # by its code or as the cards show it
        return code in " ".join(log) or "".join(card_text(code)) in " ".join(log)

    assert not any(named(mv.split()[1], b["log"]) for mv in gave)  # no given card named
    every = book.board(fr.frames[-1], r.names, None, "en")
    pos = s.match.game.position()
    assert every["hands"] == pos["hands"] and every["given"] == pos["given"]
    assert any(named(mv.split()[1], every["log"]) for mv in gave)  # face up: the cards named


@pytest.fixture(params=list(QUERIES))
def kept(
    request: pytest.FixtureRequest, finished: dict[str, tuple[Session, list[dict[str, Any]]]]
) -> tuple[str, Session, Any, Any]:
    """(game, its finished session, its replay book, the match as the book replays it)."""
    s, _seen = finished[request.param]
    book = s.game.replay_book()
    return request.param, s, book, book.of_match(s.match)


def test_share_links_and_files_round_trip_and_files_are_the_engines_record(
    kept: tuple[str, Session, Any, Any],
) -> None:
    name, s, book, r = kept
    back = decode_link("#" + encode_link(book.data(r)), book.load)
    assert (back.names, back.record, back.result) == (r.names, r.record, r.result)
    data = book.file_data(r)
    engine = scala40.Match if name == "scala40" else dog.Match
    assert engine.load(data).position() == s.match.m.position()  # python -m <game> review reads it
    bare = book.load(data)  # a file without the page's names: seats by number
    assert bare.names == [f"Player {n}" for n in range(1, s.match.players + 1)]
    assert book.file_name(r).startswith(f"{name}-match-") and book.file_name(r).endswith(".json")


def test_bad_replays_are_refused_with_a_reason(kept: tuple[str, Session, Any, Any]) -> None:
    name, _s, book, r = kept
    good = book.data(r)
    cases: dict[str, tuple[Any, str]] = {
        "not json": ("{", "not JSON"),
        "a list": ([], "JSON object"),
        "bad names": ({**good, "names": ["a"]}, "bad names"),
        "bad result": ({**good, "result": {"kind": "abandon", "seat": 9}}, "bad result"),
        "newer": ({**good, "version": 2}, "not supported"),
        "no record": ({**good, "record": None}, "no match record"),
    }
    moved = copy.deepcopy(good)
    moved["record"]["history"][0]["moves"][3][1] = "fold" if name == "dog" else "discard QQ"
    cases["a move the rules refuse"] = (moved, "move 4")
    for label, (data, reason) in cases.items():
        with pytest.raises(ReplayError, match=reason):
            book.load(data if isinstance(data, str) else json.dumps(data))
        assert issubclass(ReplayError, ValueError), label


def test_an_abandoned_scala40_match_is_kept_with_who_abandoned() -> None:
    s = new_session("scala40", "game=scala40&players=2&levels=easy&seed=8")
    s.abandon(0)
    storage = s.store.storage
    assert isinstance(storage, MemoryStorage)
    (e,) = parse_shelf(storage.data["scala40.replays.v1"])
    assert e["kind"] == "abandoned" and e["result"] == {"kind": "abandon", "seat": 0}
    book = s.game.replay_book()
    r = book.load(unpack(e["data"]))
    assert "abandoned" in book.result_text(r, "en") and r.result == {"kind": "abandon", "seat": 0}
    assert book.frames(r, 1).result == r.result  # the viewer's last step tells it


# -- the hint ---------------------------------------------------------------------------


def drain(gen: Generator[Any, None, dict[str, Any]]) -> tuple[dict[str, Any], list[Any]]:
    """What a generator in slices returns, and what it yielded between them."""
    steps: list[Any] = []
    while True:
        try:
            steps.append(next(gen))
        except StopIteration as stop:
            return stop.value, steps


def hint(name: str, state: dict[str, Any], seed: int = 1) -> dict[str, Any]:
    return drain(games.get(name).hint_coach().steps(state, 0.8, seed))[0]


def test_the_scala40_hint_is_the_hard_bots_move_from_the_seats_view_in_both_languages(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the hard bot samples until a time budget runs out: with the clock stopped it samples
    # its full count, so the hint and the bot below see the same samples on a loaded machine
    import scala40.bots.search as search

    monkeypatch.setattr(search, "time", SimpleNamespace(perf_counter=lambda: 0.0))
    use_words("scala40")
    s = new_session("scala40", "game=scala40&players=2&levels=easy&seed=11&hands=1")
    coach = s.game.hint_coach()
    hard = s.game.make_bot("hard")
    said: dict[str, str] = {}
    for _ in range(60):
        if s.match.over:
            break
        seat = s.turn
        assert seat is not None
        state = s.table_state(seat)
        if seat == 0 and coach.offer(state):
            h = hint("scala40", state)
            assert h["move"] == hard.choose(s.view(0), random.Random(1))
            verb = str(h["move"]).split()[0]
            said[verb] = coach.words(h, state, "it")
            assert coach.words(h, state, "en").startswith("Hint: ")
            assert said[verb].startswith("Suggerimento: ")
            other = s.table_state(1)
            assert not coach.offer(other)  # not seat 1's turn: no hint offered
        s.play(s.game.make_bot("easy").choose(s.view(seat), s.bot_rng(seat)), seat)
    assert {"draw", "discard"} <= set(said) or {"take", "discard"} <= set(said)
    assert "scarta " in said["discard"]


def test_the_dog_hint_names_the_card_to_give_then_the_card_and_pawn_to_play_s4() -> None:
    use_words("dog")
    s = new_session("dog")
    coach = s.game.hint_coach()
    state = s.table_state(0)
    assert coach.offer(state)  # the exchange: seat 0 chooses its card (§4), out of turn
    h = hint("dog", state)
    assert str(h["move"]).startswith("give ") and h["move"] in state["legal"]
    card = str(h["move"]).split()[1]
    face = "".join(card_text(card))  # 4♥, the Jolly ★
    assert coach.words(h, state, "en") == f"Hint: give {face} to your partner"
    assert coach.words(h, state, "it") == f"Suggerimento: dai {face} al compagno"
    s.play(str(h["move"]), 0)
    s.bot_side_moves()
    for _ in range(80):
        seat = s.turn
        if s.table_state(0)["phase"] == "exchange":
            s.play(next(m for m in s.match.legal_moves(0) if m.startswith("give ")), 0)
            s.bot_side_moves()
            continue
        if seat == 0 and coach.offer(s.table_state(0)):
            state = s.table_state(0)
            h = hint("dog", state)
            assert h["move"] == s.game.make_bot("hard").choose(s.view(0), random.Random(1))
            assert coach.words(h, state, "it").startswith("Suggerimento: gioca ")
            return
        assert seat is not None
        s.play(s.game.make_bot("easy").choose(s.view(seat), s.bot_rng(seat)), seat)
    raise AssertionError("seat 0 never had a choice")


def test_a_dog_hint_reads_exactly_the_seats_view() -> None:
    """Fair play: the hard bot behind the hint is given the seat's ``view(seat)`` and nothing
    else of the table state (which is all a friend's page has)."""
    s = new_session("dog")
    s.bot_side_moves()
    coach = s.game.hint_coach()
    assert coach.bot_view(s.table_state(0)) == s.view(0)


def test_every_registered_game_has_replays_and_a_hint() -> None:
    for spec in games.registered():
        assert spec.replay_book() is not None and spec.hint_coach() is not None, spec.name
        assert spec.replay_book().game == spec.name


# -- the post-hand review ---------------------------------------------------------------


def run_review(name: str, m: Any, seat: int, hands: list[int]) -> tuple[dict[str, Any], int]:
    result, steps = drain(games.get(name).reviewer().steps(m, seat, hands, 25.0))
    assert all(0 <= done <= total for done, total in steps)
    return result, len(steps)


def test_dogs_review_of_a_game_judges_only_the_seats_choices_one_at_a_time(
    finished: dict[str, tuple[Session, list[dict[str, Any]]]],
) -> None:
    """DOG's review (dog.review) through the shell's hook: the seat's choices, one per slice,
    its agreement with the bot and its costliest choice in the player's words."""
    use_words("dog")
    s, _seen = finished["dog"]
    book = s.game.replay_book()
    r = book.of_match(s.match)
    result, slices = run_review("dog", r, 2, [1])
    rows = {row["seat"]: row for row in result["seats"]}
    assert rows[2]["decisions"] == slices > 0
    assert all(rows[x]["decisions"] == 0 for x in (0, 1, 3))
    from dog.review import review

    assert review(r.record)["seats"][2] == rows[2]  # the CLI's figures for that seat
    (sec,) = games.get("dog").reviewer().sections(result, r.names, "it")
    assert (sec.hand, sec.seat) == (1, 2) and sec.heading == f"Partita 1 — {r.names[2]}"
    assert sec.figures and sec.figures.startswith("Come il bot nel ")
    assert sec.figures_data == {"accuracy": str(rows[2]["agreement"])}
    worst = rows[2]["worst"]
    if worst["lost"] > 0:
        ((text, facts),) = sec.items
        assert facts == {"played": worst["played"], "best": worst["bot"], "cost": str(worst["lost"])}
        assert text.startswith(f"Mossa {worst['move_no']}: meglio «")
    else:
        assert not sec.items and sec.empty


def test_dernier_review_sections_keep_the_dialogs_facts() -> None:
    """Dernier's review behind the hook: the same figures and ``data-*`` facts as before."""
    import dernier

    spec = games.get("dernier")
    m = dernier.Match.new(players=2, seed=3, hands=1)
    rng = random.Random(3)
    bots = [spec.make_bot("easy"), spec.make_bot("easy")]
    while not m.game.over:
        seat = m.game.turn
        m.play(bots[seat].choose(m.view(seat), rng), seat)
    r = spec.replay_book().of_match(m)
    result, _slices = run_review("dernier", r, 0, [1])
    (sec,) = spec.reviewer().sections(result, m.names, "en")
    (seat_result,) = result["hands"][0]["seats"]
    assert (sec.hand, sec.seat) == (1, 0) and sec.heading.startswith("Hand 1 — ")
    if seat_result["decisions"]:
        assert sec.figures_data == {"accuracy": str(seat_result["accuracy"])}
        assert [f["played"] for _text, f in sec.items] == [
            seat_result["decisions"][i]["played"] for i in seat_result["worst"]
        ]


def test_scala40_review_through_the_shells_hook_is_the_clis(
    finished: dict[str, tuple[Session, list[dict[str, Any]]]],
) -> None:
    """Scala 40's review (scala40.review) behind the hook: the seat's choices of the hand, the
    command line's figures, its sections in the player's words and penalty points (§11)."""
    use_words("scala40")
    s, _seen = finished["scala40"]
    r = s.game.replay_book().of_match(s.match)
    result, slices = run_review("scala40", r, 1, [1])
    (hand,) = result["hands"]
    (row,) = hand["seats"]
    assert (hand["hand"], row["seat"]) == (1, 1) and slices >= row["choices"] > 0
    from scala40.review import review

    cli = review(r.record, hands=[1], seats=[1])
    assert {**cli, "asked": {"seat": 1, "hands": [1]}} == result  # python -m scala40 review's figures
    (sec,) = games.get("scala40").reviewer().sections(result, r.names, "it")
    assert (sec.hand, sec.seat) == (1, 1) and sec.heading == f"Mano 1 — {r.names[1]}"
    assert sec.figures and sec.figures.startswith("Scelta migliore trovata: ")
    assert sec.figures_data == {"accuracy": str(row["accuracy"]), "lost": str(row["lost"])}
    assert [f["played"] for _text, f in sec.items] == [row["decisions"][i]["played"] for i in row["worst"]]
    assert all(text.startswith("Mossa ") and "punti di penalità" in text for text, _f in sec.items)
