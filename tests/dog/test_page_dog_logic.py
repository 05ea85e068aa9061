"""DOG's table logic without a browser: the board's paths (RULES §6, §9), a 7's provisional
board (§8, §11), choosing a move click by click from the legal moves only (CONTRACT "In
the page"), the session's hooks (§4's simultaneous exchange, a view only) and the log's
words (a given card hidden from the others, §4)."""

from __future__ import annotations

import json
import random

import pytest
from dog_page_support import seek

import dog
from web.dog import board as geo
from web.dog.pick import Pick, gives, jolly_ranks, usable_cards
from web.dog.review_page import REVIEW
from web.dog.session import DogMatch, DogSession, public_log
from web.dog.words import STRINGS, cards_n, log_line, round_words
from web.shell import games
from web.shell.i18n import STRINGS as SHELL
from web.shell.params import Settings, match_query, parse_query
from web.shell.session import MemoryStorage, SaveProblem, Session, Store


@pytest.fixture(autouse=True)
def dog_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """DOG's words over the shell's, as on a DOG page, for each test of this file only."""
    for key, words in STRINGS.items():
        monkeypatch.setitem(SHELL, key, words)


def test_paths_forward_backward_and_into_the_home_s6_s9() -> None:
    assert geo.path("62", "1") == ["63", "0", "1"]
    assert geo.path("62", "h0.3") == ["63", "0", "h0.1", "h0.2", "h0.3"]  # §9's example
    assert geo.path("h0.1", "h0.4") == ["h0.2", "h0.3", "h0.4"]
    assert geo.path("2", "62", backward=True) == ["1", "0", "63", "62"]  # a 4 backward
    assert geo.path("n1", "16") == ["16"]
    assert geo.steps("30", "h2.2") == 4


def test_every_field_has_its_own_place_on_the_board_s2() -> None:
    places = [geo.track_xy(f) for f in range(64)]
    places += [geo.home_xy(s, k) for s in range(4) for k in range(1, 5)]
    places += [geo.nest_xy(s, i) for s in range(4) for i in range(4)]
    assert len(set(places)) == len(places)
    assert all(0 < x < 100 and 0 < y < 100 for x, y in places)
    x0, y0 = geo.track_xy(0, shown=0)
    assert y0 > 85 and abs(x0 - 50) < 0.01  # the shown seat's start at the bottom
    x1, _ = geo.track_xy(16, shown=0)
    assert x1 > 85  # the next seat (counter-clockwise) at the right
    assert geo.track_xy(16, shown=1) == geo.track_xy(0, shown=0)


def test_a_sevens_parts_send_passed_pawns_home_s8_s11() -> None:
    pawns = [["10", "n0", "n0", "n0"], ["12", "n1", "n1", "n1"], ["14", "n2", "n2", "n2"], ["n3"] * 4]
    after = geo.after_parts(pawns, [("10", "14")])
    assert after[0][0] == "14" and after[1][0] == "n1" and after[2][0] == "n2"


def test_pick_offers_only_prefixes_of_legal_moves() -> None:
    legal = ["7H 5-8 40-44", "7H 5-9 40-43", "7H 40-44 5-8", "7H 5-12", "AH out", "AH 5-6", "fold"]
    p = Pick("7H")
    assert sorted(p.movable(legal, "n0")) == ["40", "5"]
    assert [f for f, _ in p.targets(legal, "5", "n0")] == ["8", "9", "12"]
    assert p.choose(legal, "5-8") is None and p.left() == 4
    assert p.movable(legal, "n0") == ["40"]
    assert p.choose(legal, "40-44") == "7H 5-8 40-44"
    p = Pick("7H")
    p.choose(legal, "5-9")
    p.undo()
    assert p.parts == [] and p.left() == 7
    assert Pick("7H").choose(legal, "5-12") == "7H 5-12"
    a = Pick("AH")
    assert a.movable(legal, "n0") == ["n0", "5"]
    assert a.targets(legal, "n0", "n0") == [("n0", "out")]
    assert usable_cards(legal) == {"7H", "AH"}
    assert gives(["give 5H", "give JK", "abandon"]) == {"5H", "JK"}
    assert jolly_ranks(["JK=7 5-12", "JK=A out", "JK=A 5-6"]) == {"7", "A"}


def test_pick_follows_the_engine_on_seeded_positions() -> None:
    """Every legal move of seat 0 is reachable by clicks: card, pawn, target (parts)."""
    m = seek(
        7, lambda m: m.game.state.phase == "play" and m.game.state.turn == 0 and len(m.legal_moves(0)) > 8
    )
    legal = [x for x in m.legal_moves(0) if x not in ("abandon", "timeout", "fold")]
    for move in legal:
        head, *toks = move.split(" ")
        p = Pick(head)
        result = None
        for tok in toks:
            pawn = "n0" if tok == "out" else tok.replace("x", "-").split("-")[0]
            assert pawn in p.movable(legal, "n0"), (move, p.parts)
            assert tok in [x for _, x in p.targets(legal, pawn, "n0")]
            result = p.choose(legal, tok)
        assert result == move


def session(levels: tuple[str, ...] = ("easy", "easy", "easy")) -> DogSession:
    s = Session.new(
        Settings(game="dog", rules="standard", players=4, levels=levels, seed=3, hands=1),
        Store(MemoryStorage(), "dog"),
    )
    assert isinstance(s, DogSession)
    return s


def test_the_session_plays_dog_and_resumes_its_save() -> None:
    assert games.get("dog").session_class() is DogSession
    s = session()
    assert s.match.players == 4 and s.hand_over is False
    gave = s.bot_side_moves()  # §4: bots give at once, a person when they like
    assert gave == [1, 2, 3]
    assert [x for x in s.match.legal_moves(0) if x.startswith("give")]
    st = s.table_state(0)
    assert st["names"] == s.names and st["given"][2] is True and isinstance(st["hands"][1], int)
    assert "seed" not in st and not isinstance(st["deck"], list)
    move = next(x for x in st["legal"] if x.startswith("give"))
    s.play(move, 0)
    again = Session.from_json(s.to_json(), s.store)
    assert isinstance(again, DogSession) and again.match.m.position() == s.match.m.position()
    assert s.why_refused("fold", 0) is not None and s.why_refused(move, 0) is not None  # given already
    assert s.why_refused("abandon", 0) is None


def test_a_dog_save_with_another_games_settings_is_refused_in_words() -> None:
    """A DOG save whose settings name another game is refused with a reason, before any of
    the other game's code is asked for (a visit carries its own game's code alone: asking
    would fail with an import error); settings that name no game are the save's game's."""
    s = session()
    data = json.loads(s.to_json())
    plain = dict(data, settings={k: v for k, v in data["settings"].items() if k != "game"})
    again = Session.from_json(json.dumps(plain), s.store)
    assert again.settings.game == "dog" and again.match.m.position() == s.match.m.position()
    for other in ("scala40", "dernier"):
        bad = dict(plain, settings={**plain["settings"], "game": other})
        with pytest.raises(SaveProblem, match="another game's"):
            Session.from_json(json.dumps(bad), s.store)


def test_the_log_hides_a_given_card_from_the_others_s4() -> None:
    s = session()
    s.bot_side_moves()
    log1 = public_log(s.match, 1)
    log0 = public_log(s.match, 0)
    assert log1[0] == [
        1,
        next(x for x in [m for _, m in s.match.m.history[-1]["moves"]] if x.startswith("give")),
    ]
    assert all(m == "give" for who, m in log0 if who != 0)
    assert log_line("en", s.names, 2, "give") == f"{s.names[2]} gives a card to the partner"
    assert log_line("it", s.names, 0, "7H 62-h0.2 10-13") == f"{s.names[0]}: 7♥, 62 → casa 2, 10 → 13"


def test_a_whole_game_of_bots_through_the_session() -> None:
    s = session(("medium", "medium", "medium"))
    rng = random.Random(1)
    for _ in range(3000):
        if s.hand_over:
            break
        s.bot_side_moves()
        turn = s.turn
        if turn is None:
            break
        moves = [x for x in s.match.legal_moves(turn) if x not in ("abandon", "timeout")]
        s.play(rng.choice(moves), turn)
    assert s.match.over and s.store.stats()["played"] == 1
    assert s.public_facts()["winner"] in (0, 1)


def test_the_match_save_refuses_other_data() -> None:
    with pytest.raises(ValueError):
        DogMatch.load({"app": "dernier"})
    m = dog.Match.new(seed=2)
    assert DogMatch.load(DogMatch(m, ["a", "b", "c", "d"], 2).save()).m.position() == m.position()


def test_a_friends_view_passes_the_check_and_hides_the_others_cards_s4() -> None:
    from web.dog.session import check_state

    s = session(("friend", "easy", "easy"))
    s.bot_side_moves()
    for seat in range(4):
        st = s.table_state(seat)
        assert check_state(st, seat) is None
        assert check_state(st, (seat + 1) % 4) is not None
        assert all(isinstance(h, int) for i, h in enumerate(st["hands"]) if i != seat)
        assert all(g in (True, None) for i, g in enumerate(st["given"]) if i != seat)
    bad = s.table_state(1)
    bad["hands"][0] = ["AH"]
    assert check_state(bad, 1) == "another hand is not a count"
    before = s.position_key()
    s.play(next(x for x in s.match.legal_moves(0) if x.startswith("give")), 0)
    assert s.position_key() != before


def test_the_turn_timer_running_out_loses_the_game_for_the_team_s13() -> None:
    s = Session.new(
        Settings(game="dog", rules="standard", players=4, levels=("easy",) * 3, seed=3, hands=1, timer=30),
        Store(MemoryStorage(), "dog"),
    )
    assert s.table_state(0)["timer"] == 30
    s.bot_side_moves()
    s.timeout(0)  # what the page's timer does when seat 0's time runs out
    assert s.hand_over and s.match.over and s.match.winner == 1
    assert s.match.m.position()["ended"] == "timeout"
    assert s.store.stats() == {"played": 1, "won": 0, "points": 0, "hinted": 0}


def test_the_url_reads_dogs_own_rules_name() -> None:
    from web.shell.params import parse_query

    p = parse_query("game=dog&rules=standard&levels=medium,hard,human&seed=4")
    assert p.start and not p.notices and p.given["rules"] == "standard"
    assert p.settings.levels == ("medium", "hard", "human") and p.settings.seed == 4
    assert [n.param for n in parse_query("game=dog&rules=official").notices] == ["rules"]
    assert not parse_query("rules=traditional&players=4").notices  # Dernier's as before


def test_the_pawns_a_move_sends_home_s8_s11() -> None:
    """§8: a move sends home the pawn it lands on; §11: a 7's part every pawn it passes;
    §10: coming out, the pawn on the start field. A swap sends nobody."""
    pawns = [
        ["10", "n0", "n0", "n0"],
        ["12", "n1", "n1", "n1"],
        ["14", "n2", "n2", "n2"],
        ["0", "n3", "n3", "n3"],
    ]
    assert geo.sends_home(pawns, "10-14", True) == [(1, 0, "12"), (2, 0, "14")]
    assert geo.sends_home(pawns, "10-14", False) == [(2, 0, "14")]
    assert geo.sends_home(pawns, "10-13", False) == []
    assert geo.sends_home(pawns, "out", False, "n0") == [(3, 0, "0")]
    assert geo.sends_home(pawns, "10x12", False) == []


def test_the_log_says_whose_pawns_went_home_and_for_whom_s8_s12() -> None:
    names = ["You", "Bianca", "Carlo", "Dario"]
    fx = {"sent": [[2, 0, "28"], [0, 1, "27"]], "for": 2}
    line = log_line("en", names, 0, "JK=7 0-h0.2 25-30", fx=fx, me=0)
    assert line == (
        "You: Jolly as 7, 0 → home 2, 25 → 30, moving Carlo's pawns — "
        "sends Carlo's pawn on 28 and your pawn on 27 home"
    )
    line = log_line("it", names, 3, "10C 22-32", fx={"sent": [[1, 0, "32"]]}, me=0)
    assert line == "Dario: 10♣, 22 → 32 — rimanda al nido la pedina di Bianca su 32"
    assert log_line("en", names, 3, "10C 22-32", fx={"sent": "junk"}) == "Dario: 10♣, 22 → 32"


def test_the_log_speaks_to_its_reader_with_the_cards_as_shown() -> None:
    """The reader's own moves are said to them ("You give", "Dai", never "Tu dà"), cards as
    their faces show them (9♦, not 9D); one card is "1 card"; a round's end is a line."""
    names = ["Anna", "Bianca", "Carlo", "Dario"]
    assert log_line("en", names, 0, "give 6C", me=0) == "You give 6♣ to your partner"
    assert log_line("it", names, 0, "give 2D", me=0) == "Dai 2♦ al compagno"
    assert log_line("it", names, 2, "give", me=0) == "Carlo dà una carta al compagno"
    assert log_line("en", names, 0, "fold", me=0) == "You give up the round"
    assert log_line("en", names, 1, "9D 3-12", me=0) == "Bianca: 9♦, 3 → 12"
    assert log_line("en", names, 0, "give JK", me=0) == "You give Jolly to your partner"
    assert cards_n("en", 1) == "1 card" and cards_n("it", 1) == "1 carta" and cards_n("en", 2) == "2 cards"
    assert round_words("en", {"dealt": [3, 4]}) == "Round 3: 4 cards each"
    assert round_words("en", {"sent": []}) == "" and round_words("en", None) == ""


def test_a_match_of_several_games_is_chosen_and_carried_by_links_s12() -> None:
    """§12: first team to N games, from a link (``games=3``) and back into a link; a bad
    number is refused with a notice; the session's match plays to it."""
    got = parse_query("game=dog&levels=easy,easy,easy&games=3")
    assert got.settings.variants == {"games": 3}
    assert "games=3" in match_query(got.settings).split("&")
    bad = parse_query("game=dog&games=30")
    assert bad.settings.variants == {} and [n.param for n in bad.notices] == ["games"]
    s = Session.new(got.settings, Store(MemoryStorage(), "dog"))
    assert isinstance(s, DogSession) and s.match.games == 3 and s.public_facts()["games"] == 3
    again = Session.from_json(s.to_json(), s.store)
    assert (
        isinstance(again, DogSession) and again.match.games == 3 and again.settings.variants == {"games": 3}
    )


def test_an_abandon_ends_the_whole_match_s13() -> None:
    """§13: abandoning loses the game for the team; the page's match (a series) ends with it,
    counted as lost, and no more moves are offered."""
    s = Session.new(
        parse_query("game=dog&levels=easy,easy,easy&games=3").settings, Store(MemoryStorage(), "dog")
    )
    assert isinstance(s, DogSession)
    s.abandon(0)
    assert s.hand_over and s.match.over and s.match_ended() and not s.match.m.over
    assert s.stats_result() == (False, 0) and s.table_state(0)["legal"] == []


def test_the_review_counts_its_cost_in_fields_of_progress() -> None:
    """The review's figures carry their unit (fields your team was set back), rounded as a
    player counts: whole fields from 10 on."""
    worst = {"move_no": 12, "played": "5H 3-8", "bot": "AH out", "lost": 149.0625}
    row = {"seat": 0, "decisions": 9, "agreement": 0.5, "lost_per_decision": 22.891, "worst": worst}
    (sec,) = REVIEW.sections({"games": 1, "seats": [row]}, ["Anna", "B", "C", "D"], "en")
    assert "on average a choice set your team back 23 fields" in sec.figures
    assert "that choice set your team back about 149 fields" in sec.items[0][0]
    assert "progress" not in sec.figures + sec.items[0][0]  # issue 38: a player's words
    (sec,) = REVIEW.sections({"games": 1, "seats": [row]}, ["Anna", "B", "C", "D"], "it")
    assert "ha fatto perdere 23 caselle alla tua squadra" in sec.figures
    assert "avanzamento" not in sec.figures
