"""Scala 40 in the page's shell, without a browser: the URL's parameters (CONTRACT "In the
page"), the session's hooks over scala40.Match (saves, refusals, re-entries §12, a whole
match), and what the table works out from one seat's state (the draft's value §1 §7, the
selection, the refusals in the player's words)."""

from __future__ import annotations

import json
import random

import pytest

from scala40.bots import make_bot
from web.scala40 import hand as H
from web.scala40.session import PageMatch, Scala40Session
from web.scala40.words import cards_word, why
from web.shell.params import Settings, parse_query
from web.shell.session import MemoryStorage, Session, Store


def new(query: str) -> Scala40Session:
    p = parse_query(query)
    s = Session.new(p.settings, Store(MemoryStorage(), "scala40"), p.given)
    assert isinstance(s, Scala40Session)
    return s


def test_contract_url_starts_a_strict_match_with_out_at_and_reentries() -> None:
    p = parse_query("game=scala40&players=4&rules=strict&levels=hard,human,friend&out_at=120&reentries=2")
    assert p.start and not p.notices and p.game == "scala40"
    s = p.settings
    assert (s.players, s.rules, s.levels, s.game) == (4, "strict", ("hard", "human", "friend"), "scala40")
    assert s.variants == {"out_at": 120, "reentries": 2}
    assert s.hands is None  # no hands=1: a whole match to out_at
    assert parse_query("game=scala40&hands=1").settings.hands == 1


def test_bad_scala40_parameters_are_ignored_with_a_notice() -> None:
    p = parse_query("game=scala40&rules=official&out_at=5&reentries=9")
    assert {n.param for n in p.notices} == {"rules", "out_at", "reentries"}
    assert p.settings.rules == "classic" and p.settings.variants == {}


def test_dernier_settings_keep_their_shape() -> None:
    s = parse_query("players=3&levels=easy,hard").settings
    assert s.game == "dernier" and "game" not in s.to_dict()
    assert Settings.from_dict(s.to_dict()) == s
    with pytest.raises(ValueError):
        Settings.from_dict({**s.to_dict(), "rules": "classic"})  # a Scala 40 rule set is no Dernier's


def test_save_resumes_the_same_match() -> None:
    s = new("game=scala40&players=3&levels=easy,medium&seed=5&out_at=150")
    turn = s.turn
    assert turn is not None
    s.play("draw", turn)
    again = Session.from_json(s.to_json(), s.store)
    assert isinstance(again, Scala40Session)
    assert again.match.m.position() == s.match.m.position()
    assert again.match.m.rules.out_at == 150
    assert again.names == s.names


def test_table_state_holds_only_the_seats_own_hand() -> None:
    s = new("game=scala40&players=3&levels=easy,easy&seed=9")
    st = s.table_state(0)
    text = json.dumps({k: v for k, v in st.items() if k not in ("hand", "can_meld", "legal")})
    for seat in (1, 2):
        others = s.match.m.game.position()["hands"][seat]
        assert all(f'"{c}"' not in text for c in set(others) - set(st["hand"]) - set(st["discard"]))
    assert all(H.fits(H.meld_cards(m), st["hand"]) for m in st["can_meld"])


def test_why_refused_names_the_rule_and_changes_nothing() -> None:
    """§6: only the seat to act moves; a take that cannot open at once is refused."""
    s = new("game=scala40&players=2&levels=easy&seed=26")
    before = s.match.m.position()
    assert s.why_refused("take", 0) is not None
    assert "§6" in why(s.why_refused("take", 0) or "", "en")
    assert s.why_refused("draw", 1) == "not your turn: seat 0 is to act"
    assert s.why_refused("draw", 0) is None
    assert s.match.m.position() == before


def play_out(s: Scala40Session, seed: int) -> None:
    bot, rng = make_bot("medium"), random.Random(seed)
    for _ in range(20000):
        if s.match.over:
            return
        s.bot_side_moves()
        if s.hand_over:
            if s.match.m.decide:  # a person (seat 0) decides on its re-entry (§12)
                s.play("reenter" if s.match.m.reentered[0] == 0 else "retire", 0)
                continue
            s.next_hand()
            continue
        seat = s.turn
        assert seat is not None
        s.play(bot.choose(s.view(seat), rng), seat)
    raise AssertionError("the match did not end")


def test_bots_decide_on_their_reentry_as_the_hand_ends_s12() -> None:
    """§12: a bot that goes out with a re-entry left decides at once, in the move that ends the
    hand (the page's driver rests once a hand is over: a bot left deciding would hold up the
    next hand for good)."""
    s = new("game=scala40&players=3&levels=medium,medium&seed=1&out_at=51&reentries=1")
    bot, rng = make_bot("medium"), random.Random(1)
    decided = 0
    for _ in range(5000):
        if s.match.over:
            break
        if s.hand_over:
            assert all(not s.is_bot(d) for d in s.match.m.decide)
            decided += sum(s.match.m.reentered)
            for d in s.match.m.decide:
                s.play("retire", d)
            if not s.match.over:
                s.next_hand()
            continue
        seat = s.turn
        assert seat is not None
        s.play(bot.choose(s.view(seat), rng), seat)
    assert decided > 0  # some bot went out and re-entered


def test_a_whole_match_with_reentries_ends_with_a_ranking() -> None:
    """§12: totals add up, seats go out at out_at and may re-enter; one player is left."""
    s = new("game=scala40&players=3&levels=medium,easy&seed=3&out_at=60&reentries=1")
    play_out(s, 3)
    facts = s.public_facts()
    assert facts["over"] and facts["winner"] is not None
    assert sorted(facts["ranking"]) == [0, 1, 2] and facts["ranking"][0] == facts["winner"]
    assert s.stats_counted


def test_one_hand_ends_the_match_with_the_closer_first() -> None:
    s = new("game=scala40&players=2&levels=medium&seed=4&hands=1")
    play_out(s, 4)
    assert s.match.over and s.match.hand_no == 1
    assert s.public_facts()["winner"] == s.match.m.game.hand_winner


def test_abandon_and_a_broken_save() -> None:
    s = new("game=scala40&players=2&levels=easy&seed=8")
    s.abandon(0)
    assert s.match.over and s.public_facts()["winner"] == 1 and s.match.legal_moves(1) == []
    with pytest.raises(ValueError):
        PageMatch.load({"format": "scala40-page-match", "match": {}, "names": ["a", "b"]})


def test_timeout_plays_a_move_for_the_seat() -> None:
    s = new("game=scala40&players=2&levels=easy&seed=26")
    s.timeout(0)
    assert s.match.m.game.position()["phase"] != "draw"


def test_draft_value_follows_section_1_and_7() -> None:
    assert H.draft_points(["AH-2H-3H"], "classic") == 6  # the Ace low in a run counts 1
    assert H.draft_points(["QH-KH-AH"], "classic") == 31
    assert H.draft_points(["5H-JK=6H-7H", "QS-QD-QC"], "classic") == 48
    assert H.draft_points(["5H-JK=6H-7H"], "strict") == 12  # jokers add 0 (open_without_jokers)


def test_selection_helpers() -> None:
    can = ["5H-6H-7H", "5H-JK=6H-7H", "JK=4H-5H-6H", "QS-QD-QC"]
    assert H.exact_melds(["7H", "JK", "5H"], can) == ["5H-JK=6H-7H"]
    assert H.could_form(["5H"], can, ["5H", "6H", "7H"]) == ["5H-6H-7H"]
    assert H.reconcile(["KS", "5H"], ["5H", "AC", "KS"], "suit") == ["KS", "5H", "AC"]
    assert H.sort_cards(["KS", "JK", "AH", "2H"], "rank") == ["AH", "2H", "KS", "JK"]
    assert H.meld_moves(["attach 0 JK=4S", "swap 0 8S", "attach 1 9H"], 0, "JK") == ["attach 0 JK=4S"]
    assert H.attachable(["attach 0 9H", "swap 2 9H", "discard 9H"], "9H") == {0, 2}
    assert H.card_name("JK=5C", "it") == "Jolly come 5 di Fiori"


def test_refusals_in_both_languages() -> None:
    assert (
        why("under 40: the opening is worth 34 (§7)", "it") == "L'apertura vale 34: servono 40 (regole §7)."
    )
    assert why("not your turn: seat 2 is to act", "en") == "It is not your turn."
    assert why("invalid meld: a set's cards differ in suit (§4)", "en").startswith(
        "Not allowed: invalid meld"
    )


def test_s6_a_second_draw_is_explained_as_such_not_as_draw_first() -> None:
    """§6: one draw per turn. A draw or take after the turn's draw is refused by the engine as
    "wrong phase: draw or take only at the start of a turn": the player is told they have
    already drawn, not asked to draw first (which is the refusal of a meld before the draw)."""
    s = new("game=scala40&players=2&levels=easy&seed=26")
    s.play("draw", 0)
    reason = s.why_refused("draw", 0) or ""
    assert reason.startswith("wrong phase: draw or take only at the start")
    assert why(reason, "en") == (
        "You have already drawn this turn: one card per turn, then play or discard (rules §6)."
    )
    assert (
        why(reason, "it")
        == "Hai già pescato in questo turno: una carta per turno, poi cala o scarta (regole §6)."
    )
    assert why("wrong phase: draw or take first (§6)", "en") == (
        "First draw from the stock or take from the pile (rules §6)."
    )


def test_every_refusal_names_its_rule_as_the_house_does() -> None:
    """The house's words say "(rules §n)" / "(regole §n)", never a bare "(§n)": so do Scala 40's
    refusals, in the player's words and in the engine's own (an unknown reason)."""
    from web.scala40.words import _WHY

    for pattern, (en, it) in _WHY:
        sample = pattern.replace(r"(\d+)", "34").replace(".*", "AH")
        for lang in ("en", "it"):
            text = why(sample + " (§6)", lang)
            assert "(§" not in text, (pattern, lang, text)
            if "§" in (it if lang == "it" else en):
                assert ("(regole §" if lang == "it" else "(rules §") in text, (pattern, lang, text)
    assert why("invalid meld: a set's cards differ in suit (§4)", "en").endswith("(rules §4)")


def test_refusals_show_cards_as_the_table_does_and_one_card_is_singular() -> None:
    """Issue 31.6: a refusal names a card as the table shows it (A♥, not AH), in the
    player's words or in the engine's; "1 card" / "1 carta"."""
    assert why("taken card unused: AH must go on the table first (§6)", "en") == (
        "The card you took must go on the table first: A♥ (rules §6)."
    )
    assert (
        why("cannot split: 5D and 10C, JK (§4)", "it")
        == "Mossa non valida: cannot split: 5♦ and 10♣, ★ (regole §4)"
    )
    assert cards_word(1, "en") == "1 card" and cards_word(1, "it") == "1 carta"
    assert cards_word(2, "it") == "2 carte"


def test_a_friend_plays_a_hand_through_the_hosts_hub() -> None:
    """Friends online: the host's engine referees every move string a friend sends; the
    friend's page receives only its own view (its hand, never another's or the stock)."""
    from web.net.protocol import GuestClient, HostHub
    from web.scala40.game import SCALA40

    token = "tok_" + "a" * 22
    s = new("game=scala40&players=2&levels=friend&seed=26&hands=1")
    hub = HostHub(s)
    hub.set_token(1, token)
    inbox: list[str] = []
    hub.connect("p1", inbox.append, lambda *a: None)
    guest = GuestClient(1, token, "Zoë", check=H.check_state, phrases=SCALA40.talk)

    def deliver() -> list[str]:
        kinds = [kind for text in inbox for kind, _ in guest.receive(text)]
        inbox.clear()
        return kinds

    hub.receive("p1", guest.hello())
    assert deliver() == ["welcome", "view"]
    bot, rng = make_bot("medium"), random.Random(2)
    friend_moves = 0
    for _ in range(400):
        if s.hand_over:
            break
        if s.turn == 0:
            s.play(bot.choose(s.view(0), rng), 0)
            hub.broadcast()
            deliver()
            continue
        st = guest.state
        assert st is not None and st["seat"] == 1 and "stock" not in st and "hands" not in st
        assert st["hand"] == s.view(1)["hand"]
        before = s.changes
        hub.receive("p1", guest.move(bot.choose(st, rng)))
        assert "error" not in deliver()
        assert s.changes == before + 1
        friend_moves += 1
    assert s.hand_over and friend_moves > 5
