"""Who may act now is the game's to say (tabletop.engine.WhoActs): each match names the
seats that may act, the seat to act and those the rules let act out of turn, each with its
moves, so that the page's bots and the friends' protocol name none of a game's moves out of
turn. Dernier RULES §7 (the Dernier call), §12 (anticipo, chi sbaglia paga); Scala 40's reenter or
retire: tests/scala40/test_scala40_rules.py; DOG RULES §4 (the exchange)."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import game

import dernier
import dog
import scala40

CSP: dict[str, Any] = {"preset": "traditional", "chi_sbaglia_paga": True}


def match_of(g: dernier.Game) -> dernier.Match:
    """The one-hand match of a hand-written Dernier position."""
    pos = g.position()
    pos.update(scores=[0] * g.players, hands_won=[0] * g.players, hand_no=1)
    return dernier.Match.from_position(pos)


@pytest.mark.parametrize(
    ("m", "expected"),
    [
        (dernier.Match.new(players=3, seed=3), "turn"),
        (scala40.Match.new(players=3, seed=3), "turn"),
        (dog.Match.new(seed=3), "all"),
    ],
    ids=["dernier", "scala40", "dog-exchange"],
)
def test_a_new_match_names_who_may_act(m: Any, expected: str) -> None:
    """At the deal only the seat to act may act, but in DOG's exchange (RULES §4) where
    every seat gives a card; each with its legal moves."""
    actors = m.actors()
    assert m.turn in actors and actors[m.turn] == m.legal_moves(m.turn)
    seats = [m.turn] if expected == "turn" else list(range(4))
    assert sorted(actors) == sorted(seats)
    if expected == "all":
        assert all(moves and all(x.startswith("give ") for x in moves) for moves in actors.values())
    for seat in range(m.players):
        assert m.may_act(seat) == (seat in actors)
    assert not m.may_act(m.players) and not m.may_act(-1) and not m.may_act(True)


def test_dernier_s7_a_seat_owing_the_call_may_act_out_of_turn() -> None:
    """RULES §7: a seat left with one card owes "Dernier" and may call it out of turn."""
    m = match_of(game([["5C", "6C", "2S"], ["8D"], ["5D", "6D", "2D"]], ["9H"], dernier_due=[1]))
    assert m.turn == 0
    assert m.actors() == {0: m.legal_moves(0), 1: ["dernier"]}
    assert m.may_act(1) and not m.may_act(2)
    m.play("dernier", 1)
    assert sorted(m.actors()) == [0]


def test_dernier_s12_anticipo_a_seat_with_the_top_card_may_jump_in() -> None:
    """RULES §12 anticipo: a seat holding the identical card may play it out of turn."""
    rules = {"preset": "traditional", "anticipo": True}
    m = match_of(game([["5C", "6C", "2S"], ["9H", "9D", "10D"], ["5D", "6D", "2D"]], ["9H"], rules=rules))
    assert m.turn == 0 and m.actors()[1] == ["9H"] and 2 not in m.actors()
    m.play("9H", 1)
    assert m.turn == 2 and m.may_act(2)


def test_dernier_s12_chi_sbaglia_paga_says_which_card_would_be_charged() -> None:
    """RULES §12 chi sbaglia paga: a card of the seat's hand that it may not play is charged
    (two cards), by the seat to act or any other; the engine says so before, changing nothing."""
    m = match_of(game([["5C", "4H", "2S"], ["8D", "9D", "10D"], ["5D", "6D", "2D"]], ["9H"], rules=CSP))
    before = m.position()
    assert m.why_not_charged("5D", 2) is None
    assert m.why_not_charged("9D", 1) is None  # playable-looking, but not its turn
    assert m.why_not_charged("2S", 0) is None  # the seat to act, a card it may not play
    assert m.why_not_charged("9H", 1) == "you do not hold 9H"
    assert m.why_not_charged("zz", 1) == "a chi sbaglia paga attempt names a card of your hand"
    assert "4H" in m.legal_moves(0)
    assert m.why_not_charged("4H", 0) == "4H may be played: that is no mistake"
    assert m.position() == before
    m.play("5D", 2)
    assert m.game.last_penalty is not None
    plain = match_of(game([["5C", "6C", "2S"], ["8D"], ["5D", "6D", "2D"]], ["9H"], rules="traditional"))
    assert plain.why_not_charged("5D", 2) == "chi sbaglia paga is not played at this table"


@pytest.mark.parametrize(
    "m", [scala40.Match.new(players=2, seed=1), dog.Match.new(seed=1)], ids=["s40", "dog"]
)
def test_a_game_without_charged_mistakes_says_so(m: Any) -> None:
    seat = next(iter(m.actors()))
    view = m.view(seat)
    card = (view["hand"] if "hand" in view else view["hands"][seat])[0]
    assert m.why_not_charged(card, seat) == "these rules charge no mistakes"


def test_the_dernier_page_asks_its_engine_who_may_act_out_of_turn() -> None:
    """The page's session (web/dernier/session.py) takes who may act out of turn and which
    card a mistake would be charged for from the engine (RULES §7, §12): a person owing the
    call holds the bots' grace window, a person who may jump in the jump window."""
    from web.shell.params import Settings
    from web.shell.session import Session

    options: dict[str, object] = {"anticipo": True, "chi_sbaglia_paga": True}
    settings = Settings(
        players=3, rules="traditional", levels=("easy", "easy"), hands=1, delay=0, options=options
    )
    rules = {**CSP, "anticipo": True}
    others = [["5C", "6C", "2S"], ["5D", "6D", "2D"]]
    due = match_of(game([["8D"], *others], ["9H"], rules=rules, turn=1, dernier_due=[0]))
    jump = match_of(game([["9H", "9D", "10D"], *others], ["9H"], rules=rules, turn=1))
    for m, owes, jumps, card in ((due, True, [], "8D"), (jump, False, ["9H"], "9D")):
        s = Session.new(settings)
        s.match = m
        assert m.actors()[0] == (["dernier"] if owes else jumps)
        assert s.people_due() is owes and s.human_due(0) is owes  # type: ignore[attr-defined]
        assert s.jump_moves(0) == jumps and s.people_may_jump() is bool(jumps)  # type: ignore[attr-defined]
        assert s.wrong_refusal(0, card) == m.why_not_charged(card, 0)
    assert (
        s.wrong_refusal(0, "9D") is None
        and s.wrong_refusal(0, "9H") == "9H may be played: that is no mistake"
    )
