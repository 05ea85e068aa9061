"""tabletop.engine: the three games' matches behind one interface (``MatchProtocol``, checked
by mypy where each ``Match`` is defined). Each test runs the same calls on every game:
a refused move changes nothing and ``why_refused`` gives the reason ``play`` raises;
``abandon`` and ``timeout`` are moves of the engine (Dernier RULES §11, DOG RULES §13,
Scala 40 the page's: the leaver last, a plain move for who ran out of time); ``replay``
gives the positions the match went through; ``from_position``, ``load``, ``next_hand``.
What the games shared three times lives once in ``tabletop`` (errors, seeds, field readers)."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import dernier
import dog
import scala40
from scala40.bots import make_bot
from scala40.review import review
from tabletop import engine, errors
from web.scala40.session import PageMatch
from web.shell.params import parse_query
from web.shell.session import MemoryStorage, Session, Store

GAMES = [dernier, scala40, dog]
EASY = make_bot("easy")
IDS = ["dernier", "scala40", "dog"]
#: the members of the protocol (its methods and properties, its instance side's too)
NAMES = sorted(
    n for p in (engine.MatchInPlay, engine.MatchProtocol) for n in vars(p) if not n.startswith("_")
)


def actor(m: Any) -> int:
    """A seat that has a move now (the seat to act, a seat still to give or to decide)."""
    return next(s for s in range(m.players) if rule_moves(m, s))


def rule_moves(m: Any, seat: int) -> list[str]:
    """The seat's listed moves but abandon and timeout, and Scala 40's ``take`` (the taken
    card may then be usable only by an opening, which ``legal_moves`` does not list)."""
    return [x for x in m.legal_moves(seat) if x not in engine.META_MOVES and x != "take"]


def play_on(m: Any, moves: int, seen: list[dict[str, Any]] | None = None, seed: int = 1) -> None:
    """``moves`` moves chosen at random among the legal ones, the next hand dealt when one
    ends; ``seen`` gets every position, as :meth:`replay` should give them."""
    rng = random.Random(seed)
    for _ in range(moves):
        if m.over:
            return
        if not any(rule_moves(m, s) for s in range(m.players)):
            m.next_hand()
        elif isinstance(m, scala40.Match):  # random discards never close a hand: the easy bot
            seat = next(iter(m.decide), m.game.turn)
            m.play(EASY.choose(m.view(seat), rng), seat)
        else:
            seat = actor(m)
            m.play(rng.choice(rule_moves(m, seat)), seat)
        if seen is not None:
            seen.append(m.position())


def new(game: Any, seed: int = 3) -> Any:
    return game.Match.new(players=4 if game is not dernier else 3, seed=seed)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_match_has_the_common_names(game: Any) -> None:
    assert len(NAMES) == 18
    for name in NAMES:
        assert callable(getattr(game.Match, name, None)) or hasattr(new(game), name), name
    m = new(game)
    assert m.players == (3 if game is dernier else 4) and m.hand_no == 1 and not m.over and m.winner is None


def test_the_test_only_game_is_a_match_of_the_common_interface() -> None:
    """Ten (tests/fakegame, a MatchProtocol to ``mypy --strict tests/fakegame``) has the common names: its
    replay gives every position of its record, a refusal changes nothing and gives the
    reason, abandon is a move of the record."""
    import fakegame

    m = fakegame.Match.new(players=3, hands=2, seed=4)
    for name in NAMES:
        assert hasattr(m, name), name
    seen = [m.position()]
    rng = random.Random(2)
    while not m.over:
        if m.game.over:
            m.next_hand()
        else:
            seat = m.game.turn
            m.play(rng.choice([x for x in m.legal_moves(seat) if x != "wave"]), seat)
        seen.append(m.position())
    assert m.hand_no == 2 and list(fakegame.Match.replay(m.record())) == seen
    m = fakegame.Match.new(players=2, seed=1)
    other = 1 - m.game.turn
    before = m.position()
    reason = m.why_refused("2", other)
    with pytest.raises(errors.IllegalMove) as e:
        m.play("2", other)
    assert reason == str(e.value) and m.position() == before and m.why_refused("wave", other) is None
    m.play("abandon", other)
    assert m.over and m.winner == 1 - other and m.legal_moves(0) == []
    assert fakegame.Match.load(m.save()).position() == m.position()


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_refused_move_changes_nothing_and_why_refused_gives_its_reason(game: Any) -> None:
    m = new(game)
    play_on(m, 5)
    seat = actor(m)
    other = (seat + 1) % m.players
    for move, by in [("zz", seat), (rule_moves(m, seat)[0], other), ("fold", seat)]:
        if move in m.legal_moves(by):
            continue
        before, record = m.position(), m.record()
        reason = m.why_refused(move, by)
        assert m.position() == before and m.record() == record  # asking changes nothing
        if game is dernier and move != "zz" and m.rules.chi_sbaglia_paga:
            continue  # a wrong card costs a penalty instead (test below)
        with pytest.raises((game.IllegalMove, game.NotationError)) as e:
            m.play(move, by)
        assert reason == str(e.value) and reason
        assert m.position() == before and m.record() == record
    for move in rule_moves(m, seat):
        assert m.why_refused(move, seat) is None


def test_dernier_why_refused_explains_a_wrong_card_without_the_penalty_s12() -> None:
    """RULES §12 chi sbaglia paga: play() charges a wrong card instead of refusing it;
    why_refused only explains it (the page asks it before it lets a card go)."""
    m = dernier.Match.new(players=3, rules={"preset": "traditional", "chi_sbaglia_paga": True}, seed=5)
    seat = (m.game.turn + 1) % 3
    card = m.view(seat)["hand"][0]
    before = m.position()
    reason = m.why_refused(card, seat)
    assert reason is not None and f"not seat {seat}'s turn" in reason
    assert m.position() == before
    m.play(card, seat)  # the engine takes it, and charges it
    assert len(m.view(seat)["hand"]) == len(before["hands"][seat]) + 2


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_replay_gives_every_position_of_the_record(game: Any) -> None:
    """Each hand's (DOG: game's) start, then after each move, over two hands."""
    more = {dernier: {"hands": 2}, scala40: {}, dog: {"games": 2}}[game]
    m = game.Match.new(seed=3, **more)
    seen = [m.position()]
    play_on(m, 3000, seen)
    assert m.hand_no >= 2
    positions = list(game.Match.replay(m.record()))
    assert positions == seen
    assert list(game.Match.replay(m.save())) == positions
    with pytest.raises(game.SaveError):
        list(game.Match.replay({**m.record(), "history": []}))
    broken = copy.deepcopy(m.record())
    broken["history"][0]["moves"].insert(0, [0, "zz"])
    with pytest.raises(game.SaveError, match="'zz' by seat 0"):
        list(game.Match.replay(broken))


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_from_position_load_and_next_hand(game: Any) -> None:
    m = new(game)
    play_on(m, 30)
    pos = m.position()
    assert game.Match.from_position(pos).position() == pos
    assert game.Match.load(m.save()).position() == pos
    with pytest.raises(game.PositionError):
        game.Match.from_position([])
    if not m.game.over:
        with pytest.raises(game.IllegalMove, match="not over"):
            m.next_hand()


def abandoned(game: Any) -> tuple[Any, int]:
    m = new(game)
    play_on(m, 8)
    seat = (actor(m) + 1) % m.players
    assert m.why_refused("abandon", seat) is None
    m.play("abandon", seat)
    return m, seat


def test_abandon_is_a_move_dernier_s11() -> None:
    """RULES §11: who abandons loses the match at once; it replays from the record."""
    m, seat = abandoned(dernier)
    assert m.over and m.result == {"kind": "abandon", "seat": seat} and m.ranking[-1] == seat
    assert m.legal_moves(m.game.turn) == [] and m.why_refused("draw", m.game.turn) == "the match is over"
    assert dernier.Match.load(m.record()).result == m.result


def test_abandon_is_a_move_dog_s13() -> None:
    """RULES §13: the seat's team loses the game at once; recorded as the seat's move."""
    m, seat = abandoned(dog)
    assert m.game.over and m.winner == 1 - seat % 2
    assert m.record()["history"][-1]["moves"][-1] == [seat, "abandon"]
    assert dog.Match.load(m.save()).position() == m.position()


def test_abandon_is_a_move_scala40_the_leaver_last() -> None:
    """Scala 40 (its RULES say nothing of leaving; the page's rule, now the engine's): the
    match ends at once, the seat that left last and the best of the others first (§12's
    ranking); the record keeps the move, a save and a position keep the result."""
    m, seat = abandoned(scala40)
    assert m.over and m.result == {"kind": "abandon", "seat": seat}
    assert m.ranking[-1] == seat and m.winner == m.ranking[0] != seat
    assert m.legal_moves(m.game.turn) == [] and m.view(0)["result"] == m.result
    assert m.record()["history"][-1]["moves"][-1] == [seat, "abandon"]
    assert m.why_refused("abandon", seat) == "the match is over"
    with pytest.raises(scala40.IllegalMove, match="the match is over"):
        m.play("draw", m.game.turn)
    back = scala40.Match.load(m.save())
    assert back.result == m.result and back.position() == m.position()
    assert scala40.Match.from_position(m.position()).position() == m.position()
    assert list(scala40.Match.replay(m.record()))[-1] == m.position()


def test_abandon_refuses_no_seat() -> None:
    for game in GAMES:
        m = new(game)
        before = m.position()
        with pytest.raises(game.IllegalMove):
            m.play("abandon", 9)
        assert m.position() == before


def test_timeout_is_a_move_dernier_s11() -> None:
    """RULES §11: timeout = "lose" loses the match; "penalty" costs the turn and a card."""
    m = dernier.Match.new(players=3, seed=4)
    seat = m.game.turn
    assert m.why_refused("timeout", (seat + 1) % 3) is not None
    m.play("timeout", seat)
    assert m.over and m.result == {"kind": "timeout", "seat": seat}
    m = dernier.Match.new(players=3, rules={"preset": "official", "timeout": "penalty"}, seed=4)
    seat = m.game.turn
    m.play("timeout", seat)
    assert not m.over and m.game.turn != seat
    assert len(m.view(seat)["hand"]) == len(m.view((seat + 1) % 3)["hand"]) + 1
    assert m.record()["history"][0]["moves"] == [[seat, "timeout"]]


def test_timeout_is_a_move_dog_s13() -> None:
    m = dog.Match.new(seed=4)
    m.play("timeout", 2)
    assert m.game.over and m.winner == 1


def test_timeout_is_a_move_scala40_a_plain_move_for_the_seat() -> None:
    """Scala 40: the seat to act that runs out of time gets a plain move (the easy bot's), kept
    in the record as that move; any other seat cannot time out."""
    m = scala40.Match.new(players=3, seed=8)
    seat = m.game.turn
    before = m.position()
    with pytest.raises(scala40.IllegalMove, match="not to act"):
        m.play("timeout", (seat + 1) % 3)
    assert m.position() == before
    m.play("timeout", seat)
    assert m.record()["history"][0]["moves"] == [[seat, "draw"]]
    m.timeout(seat)
    assert m.game.turn != seat and m.record()["history"][0]["moves"][1][1].startswith("discard ")
    assert scala40.Match.load(m.save()).position() == m.position()


def test_every_game_error_is_one_of_tabletop_errors() -> None:
    pairs: list[tuple[str, type[Exception]]] = [
        ("IllegalMove", errors.IllegalMove),
        ("NotationError", errors.NotationError),
        ("PositionError", errors.PositionError),
        ("SaveError", errors.SaveError),
    ]
    for game in GAMES:
        for name, base in pairs:
            assert issubclass(getattr(game, name), base) and issubclass(getattr(game, name), ValueError)
    assert issubclass(dernier.MoveNotationError, errors.MoveNotationError)
    assert issubclass(dog.MoveNotationError, dernier.NotationError.__mro__[2])
    assert not issubclass(scala40.IllegalMove, dernier.IllegalMove)  # each game's own
    with pytest.raises(dernier.IllegalMove):
        dernier.Match.new(players=2, seed=1).play("draw", 5)


def test_seeds_are_drawn_as_before() -> None:
    """The shared seed helpers give the numbers the games drew before (saves replay, bots and
    arenas meet the same deals)."""
    for seed in (0, 7, 123456):
        assert engine.hand_seed("dernier", seed, 2) == random.Random(f"dernier/{seed}/hand/2").randrange(
            2**31
        )
        assert engine.first_dealer("scala40", seed, 5) == random.Random(f"scala40/{seed}/dealer").randrange(5)
        assert dog.match.next_seed(seed) == random.Random(f"dog/{seed}/next").randrange(2**31)
        assert dernier.Match.new(players=3, seed=seed).dealer == random.Random(
            f"dernier/{seed}/dealer"
        ).randrange(3)
    with pytest.raises(scala40.PositionError, match="seed must be a whole number"):
        scala40.Match.new(seed=True)  # type: ignore[arg-type]
    assert engine.check_seed(None, ValueError) >= 0


def test_fields_name_the_field_and_what_it_should_be() -> None:
    fields = engine.Fields(dog.PositionError)
    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: fields.seat(4, 4, "turn"), "turn must be a seat number from 0 to 3, not 4"),
        (lambda: fields.seat(True, 4, "turn"), "not True"),
        (lambda: fields.whole(-1, "move_no", 0), "move_no must be a whole number from 0, not -1"),
        (lambda: fields.whole(9, "n", 1, 8), "n must be a whole number from 1 to 8, not 9"),
        (lambda: fields.whole_list([1, 2], 3, "scores"), "scores must be a list of 3 whole numbers"),
        (lambda: fields.obj([], "a position"), "a position is a JSON object, not list"),
    ]
    for call, words in cases:
        with pytest.raises(dog.PositionError, match=words):
            call()
    assert fields.seat(3, 4, "turn") == 3 and fields.whole_list([0, 1], 2, "x") == [0, 1]


# -- the page's sessions over the common interface ---------------------------------------


def session(game: str, query: str) -> Session:
    p = parse_query(query)
    return Session.new(p.settings, Store(MemoryStorage(), game), p.given)


def test_a_scala40_page_save_from_before_keeps_its_abandon() -> None:
    """A page save written when the page, not the engine, kept an abandon (its own
    ``result`` beside an engine save without the move) loads as abandoned, and the engine
    takes the abandon over (its record keeps it from then on)."""
    m = scala40.Match.new(players=3, seed=6)
    old = {
        "format": "scala40-page-match",
        "match": m.save(),
        "names": ["a", "b", "c"],
        "one_hand": False,
        "result": {"kind": "abandon", "seat": 1},
    }
    pm = PageMatch.load(json.loads(json.dumps(old)))
    assert pm.over and pm.result == {"kind": "abandon", "seat": 1} and pm.m.result == pm.result
    assert pm.ranking[-1] == 1 and pm.winner in (0, 2) and pm.legal_moves(pm.game.turn) == []
    assert pm.record()["history"][0]["moves"] == [[1, "abandon"]]
    assert PageMatch.load(pm.save()).result == pm.result


@pytest.mark.parametrize(
    ("game", "query"),
    [
        ("dernier", "players=3&levels=easy,easy&seed=3"),
        ("scala40", "game=scala40&players=2&levels=easy&seed=8"),
    ],
)
def test_a_sent_abandon_or_timeout_is_refused_by_the_page(game: str, query: str) -> None:
    """Leaving and the turn timer are the page's own (Menu → Abandon, the clock): a move
    string ``abandon``/``timeout`` sent by a friend's page is refused, as before the engines
    took them as moves; the session's own abandon still ends the match."""
    s = session(game, query)
    turn = s.turn
    assert turn is not None
    for move in engine.META_MOVES:
        assert s.why_refused(move, turn) == f"{move!r} is not a move" + (
            " (draw, take, open, meld, attach, swap, discard)" if game == "scala40" else ""
        )
    assert not s.match.over
    s.abandon(0)
    assert s.match.over and s.why_refused("draw", 1) == "the match is over"


def test_scala40_review_passes_over_an_abandon() -> None:
    """The review (python -m scala40 review, the page's) judges the seats' choices and passes
    over the match's own moves, an abandon among them, as it passes over reenter/retire."""
    m = scala40.Match.new(players=2, seed=5)
    rng = random.Random(1)
    for _ in range(12):
        seat = m.game.turn
        m.play(EASY.choose(m.view(seat), rng), seat)
    m.play("abandon", 1)
    judged = review(m.record(), worlds=2)
    assert {row["seat"] for hand in judged["hands"] for row in hand["seats"]} == {0, 1}
    assert all(row["choices"] > 0 for hand in judged["hands"] for row in hand["seats"])
