"""Match-level clauses: RULES §2 (dealer rotation), §9–§10 (running scores, match end,
tie-breaks), §11 (abandon, timeout), and the Match API (saves, records, replays)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from helpers import ONE_DECK, deal_order, random_policy, value

import dernier
from dernier import Match

# --- drivers -----------------------------------------------------------------------------


def finish_hand(m: Match, rng: random.Random) -> None:
    """Play random (mostly card-playing) moves until the current hand is over."""
    for _ in range(5000):
        if m.game.over:
            return
        m.play(random_policy(rng, m.game.legal_moves()))
    raise AssertionError("hand did not end")


def play_match(m: Match, rng: random.Random, limit: int = 200) -> None:
    for _ in range(limit):
        finish_hand(m, rng)
        if m.over:
            return
        m.next_hand()
    raise AssertionError("match did not end")


ONE_CARD = {"preset": "official", "hand_size": 1}
ONE_CARD_NO_BONUS = {"preset": "official", "hand_size": 1, "out_bonus": 0}


def one_card_deck(dealer: int, first: str, other: str, turned: str, draw: tuple[str, ...] = ()) -> list[str]:
    """Two players, one card each: ``first`` to dealer+1 (who acts first), ``other`` to the
    dealer, then ``turned``; ``draw`` on top of the draw pile."""
    return deal_order(2, dealer, {(dealer + 1) % 2: [first], dealer: [other]}, turned, draw, hand_size=1)


# --- §2 dealer rotation --------------------------------------------------------------------


def test_s2_dealer_moves_one_seat_counter_clockwise_each_hand() -> None:
    """RULES §2: after every hand the dealer moves one seat counter-clockwise (dealer+1)."""
    m = Match.new(players=3, rules="official", hands=4, seed=7, dealer=1)
    rng = random.Random(1)
    dealers = [m.dealer]
    hand_nos = [m.hand_no]
    for _ in range(3):
        finish_hand(m, rng)
        m.next_hand()
        dealers.append(m.dealer)
        hand_nos.append(m.hand_no)
    assert dealers == [1, 2, 0, 1]
    assert hand_nos == [1, 2, 3, 4]
    assert m.game.position()["dealer"] == 1


def test_s2_first_dealer_is_seeded() -> None:
    """RULES §2: the first dealer is drawn at random, reproducibly from the seed."""
    seen = set()
    for seed in range(40):
        a = Match.new(players=4, hands=3, seed=seed)
        b = Match.new(players=4, hands=3, seed=seed)
        assert a.dealer == b.dealer
        assert a.game.position() == b.game.position()
        seen.add(a.dealer)
    assert seen == {0, 1, 2, 3}


def test_s10_next_hand_refused_while_the_hand_runs() -> None:
    """RULES §10 / Match API: next_hand() raises IllegalMove while the hand is not over."""
    m = Match.new(players=3, hands=3, seed=2)
    before = m.game.position()
    with pytest.raises(dernier.IllegalMove):
        m.next_hand()
    assert m.game.position() == before and m.hand_no == 1


def test_s10_next_hand_refused_once_the_match_is_over() -> None:
    """RULES §10 / Match API: next_hand() raises IllegalMove once the match is over."""
    m = Match.new(players=2, hands=1, seed=2)
    finish_hand(m, random.Random(0))
    assert m.over
    with pytest.raises(dernier.IllegalMove):
        m.next_hand()


def test_s2_next_hand_with_an_exact_deck() -> None:
    """RULES §2 / Match API: next_hand(deck=…) deals that order with the next dealer."""
    m = Match.new(players=2, rules=ONE_CARD, hands=2, dealer=0, deck=one_card_deck(0, "5H", "9C", "8H"))
    m.play("5H")
    assert m.game.over
    order = one_card_deck(1, "4D", "KC", "6D")
    m.next_hand(deck=order)
    pos = m.game.position()
    assert pos["dealer"] == 1 and pos["turn"] == 0
    assert pos["hands"] == [["4D"], ["KC"]] and pos["discard"] == ["6D"]


# --- §9 running scores, §10 match end --------------------------------------------------------


def test_s9_scores_and_hands_won_run_over_the_hands() -> None:
    """RULES §9/§10: match scores are the running totals of the hand scores; a finished
    current hand is included; hands_won counts each hand's winner."""
    m = Match.new(players=2, rules=ONE_CARD, hands=3, dealer=0, deck=one_card_deck(0, "5H", "KC", "8H"))
    assert m.scores == [0, 0] and m.hands_won == [0, 0]
    m.play("5H")
    assert m.scores == [0, 60] and m.hands_won == [0, 1]
    m.next_hand(deck=one_card_deck(1, "4D", "AC", "6D"))
    assert m.scores == [0, 60]
    m.play("4D")
    assert m.scores == [61, 60] and m.hands_won == [1, 1]
    assert not m.over and m.winner is None and m.match_points is None


def test_s10_fixed_number_of_hands_most_points_wins() -> None:
    """RULES §10: a match of N hands ends after the N-th hand; most points wins."""
    m = Match.new(players=2, rules=ONE_CARD, hands=3, dealer=0, deck=one_card_deck(0, "5H", "KC", "8H"))
    m.play("5H")  # seat 1 +60
    m.next_hand(deck=one_card_deck(1, "4D", "AC", "6D"))
    m.play("4D")  # seat 0 +61
    assert not m.over
    m.next_hand(deck=one_card_deck(0, "9S", "2C", "3S"))
    m.play("9S")  # seat 1 +52
    assert m.over
    assert m.scores == [61, 112] and m.hands_won == [1, 2]
    assert m.winner == 1 and m.ranking == [1, 0]
    assert m.tiebreak == "points"
    assert m.match_points == [-1, 1]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_s10_random_matches_of_three_hands(players: int) -> None:
    """RULES §10: a 3-hand match lasts exactly 3 hands; the winner has the most points."""
    for seed in range(6):
        m = Match.new(players=players, hands=3, seed=seed)
        play_match(m, random.Random(seed))
        assert m.hand_no == 3 and m.over
        assert m.scores[m.winner] == max(m.scores)
        assert sorted(m.ranking) == list(range(players))
        assert [m.scores[s] for s in m.ranking] == sorted(m.scores, reverse=True)
        assert sum(m.hands_won) == 3
        assert m.match_points is not None and m.match_points[m.winner] == 1
        assert sum(m.match_points) == 1 - (players - 1)


def test_s10_points_target_ends_after_the_hand_reaching_it() -> None:
    """RULES §10: a target match ends after the hand in which someone reaches the target."""
    for seed in range(6):
        m = Match.new(players=3, target=200, seed=seed)
        rng = random.Random(seed)
        for _ in range(100):
            finish_hand(m, rng)
            if max(m.scores) >= 200:
                break
            assert not m.over
            m.next_hand()
        assert m.over
        assert m.scores[m.winner] == max(m.scores)
        with pytest.raises(dernier.IllegalMove):
            m.next_hand()


def test_s10_exact_target_match() -> None:
    """RULES §10: target 60: 59 after hand 1 does not end the match; the hand in which
    seat 1 passes 60 does; most points wins."""
    m = Match.new(players=2, rules=ONE_CARD, target=60, dealer=0, deck=one_card_deck(0, "5H", "9C", "8H"))
    m.play("5H")
    assert m.scores == [0, 59] and not m.over
    m.next_hand(deck=one_card_deck(1, "4D", "2C", "6D"))
    m.play("4D")
    assert m.scores == [52, 59] and not m.over
    m.next_hand(deck=one_card_deck(0, "9S", "3C", "3S"))
    assert not m.over  # hand 3 has not been played yet
    m.play("9S")
    assert m.scores == [52, 112] and m.over
    assert m.winner == 1 and m.tiebreak == "points" and m.match_points == [-1, 1]


# --- §10 tie-breaks ----------------------------------------------------------------------------


def test_s10_2_tie_on_points_most_hands_won() -> None:
    """RULES §10 (2): several hands, points tied: most hands won wins."""
    m = Match.new(
        players=2, rules=ONE_CARD_NO_BONUS, hands=3, dealer=0, deck=one_card_deck(0, "5H", "10C", "8H")
    )
    m.play("5H")  # seat 1 scores 10
    m.next_hand(deck=one_card_deck(1, "4D", "2C", "6D"))
    m.play("4D")  # seat 0 scores 2
    # hand 3: seat 1 holds 3C (no match), draws 5C (no match), passes; seat 0 goes out
    m.next_hand(deck=one_card_deck(0, "3C", "9S", "8S", ("5C",)))
    m.play("draw")
    m.play("pass")
    m.play("9S")
    assert m.over
    assert m.scores == [10, 10] and m.hands_won == [2, 1]
    assert m.winner == 0 and m.ranking == [0, 1]
    assert m.tiebreak == "hands_won"
    assert m.match_points == [1, -1]


def test_s10_2_tie_on_points_and_hands_fewest_cards() -> None:
    """RULES §10 (2): points and hands won tied: fewest cards in hand at the end wins."""
    m = Match.new(players=2, rules=ONE_CARD, hands=2, dealer=0, deck=one_card_deck(0, "5H", "9C", "8H"))
    m.play("5H")  # seat 1: 50 + 9
    m.next_hand(deck=one_card_deck(1, "4D", "9S", "6D"))
    m.play("4D")  # seat 0: 50 + 9; seat 1 still holds 9S
    assert m.scores == [59, 59] and m.hands_won == [1, 1]
    assert m.winner == 0
    assert m.tiebreak == "cards"


def _equal_split(turned: str, deck: list[str]) -> tuple[list[str], list[str]]:
    """Two halves of ``deck`` minus ``turned`` with equal size and equal points."""
    cards = list(deck)
    cards.remove(turned)
    rng = random.Random(12345)
    for _ in range(100000):
        rng.shuffle(cards)
        a, b = cards[: len(cards) // 2], cards[len(cards) // 2 :]
        if sum(map(value, a)) == sum(map(value, b)):
            return a, b
    raise AssertionError("no split")  # pragma: no cover


# 2 players, 15 cards each, one Jolly: 53 - 31 = 22 cards in the draw pile, so with draw +
# pass both players draw 11 and the second player to act takes the last one.
LONG = {"preset": "official", "hand_size": 15, "max_players": 3, "jollies_per_deck": 1}
LONG_DECK = [c for c in ONE_DECK if c != "JK"] + ["JK"]


def _long_deck(dealer: int) -> list[str]:
    """A deck for LONG where both seats end with 26 cards of equal points after 22 draws."""
    turned = "5H"
    first, second = _equal_split(turned, LONG_DECK)
    a = (dealer + 1) % 2  # acts first
    hands = {a: first[:15], dealer: second[:15]}
    pile: list[str] = []
    for i in range(11):
        pile += [first[15 + i], second[15 + i]]
    order = []
    for r in range(15):
        order += [hands[a][r], hands[dealer][r]]
    return [*order, turned, *pile]


def _draw_out(m: Match) -> None:
    """Every turn: draw, then pass (or the hand ends), until the draw pile is empty."""
    while not m.game.over:
        m.play("draw")
        if not m.game.over:
            m.play("pass")


def test_s10_1_one_hand_match_tie_earliest_last_draw_wins() -> None:
    """RULES §10 (1): one-hand match, equal points and cards: the player whose last draw
    came earliest wins (the dealer took the last card, so dealer+1 wins)."""
    m = Match.new(players=2, rules=LONG, hands=1, dealer=0, deck=_long_deck(0))
    _draw_out(m)
    assert m.over and not m.game.went_out
    pos = m.game.position()
    assert [len(h) for h in pos["hands"]] == [26, 26]
    assert m.scores[0] == m.scores[1]
    assert pos["last_draw"][0] > pos["last_draw"][1]
    assert m.game.hand_winner == 1
    assert m.winner == 1 and m.tiebreak == "last_draw"
    assert m.match_points == [-1, 1]


def test_s10_2_several_hands_tie_most_recent_drawer_loses() -> None:
    """RULES §10 (2): points, hands won and cards tied: the player who drew most recently
    loses. Hand 1 goes to seat 1 (seat 0 drew last), hand 2 to seat 0 (seat 1 drew last)."""
    m = Match.new(players=2, rules=LONG, hands=2, dealer=0, deck=_long_deck(0))
    _draw_out(m)
    assert m.hands_won == [0, 1]
    m.next_hand(deck=_long_deck(1))
    _draw_out(m)
    assert m.over
    assert m.scores[0] == m.scores[1] and m.hands_won == [1, 1]
    pos = m.game.position()
    assert pos["last_draw"][1] > pos["last_draw"][0]
    assert m.winner == 0 and m.ranking == [0, 1]
    assert m.tiebreak == "last_draw"


@pytest.mark.parametrize(
    ("args", "order", "step"),
    [
        (([10, 20, 5], [0, 0, 0], [3, 3, 3], [1, 2, 3], 0, False), [1, 0, 2], "points"),
        (([10, 10, 5], [1, 2, 0], [3, 3, 3], [1, 2, 3], 0, False), [1, 0, 2], "hands_won"),
        (([10, 10, 5], [1, 1, 0], [4, 3, 3], [1, 2, 3], 0, False), [1, 0, 2], "cards"),
        (([10, 10, 5], [1, 1, 0], [3, 3, 3], [2, 1, 3], 0, False), [1, 0, 2], "last_draw"),
        (([10, 10, 5], [1, 1, 0], [3, 3, 3], [2, 2, 3], 0, False), [1, 0, 2], "seat"),
        (([10, 10, 5], [1, 1, 0], [3, 3, 3], [2, 2, 3], 1, False), [0, 1, 2], "seat"),
        # one-hand match: hands won do not count
        (([10, 10, 5], [0, 1, 0], [2, 3, 3], [2, 1, 3], 0, True), [0, 1, 2], "cards"),
    ],
)
def test_s10_tiebreak_steps_in_order(args: tuple[Any, ...], order: list[int], step: str) -> None:
    """RULES §10 (1)/(2), ENGINE ties: the ranking function applies the steps in order:
    points, (hands won), fewest cards, most recent drawer loses, then seat after dealer."""
    from dernier.scoring import match_ranking

    got, decided = match_ranking(*args[:5], one_hand=args[5])
    assert got == order
    assert decided == step


# --- §11 abandon and timeout ----------------------------------------------------------------


def test_s11_abandon_loses_the_match_at_once() -> None:
    """RULES §11: Abandon loses the match at once: −1 match point to that player, +1 to
    each other; the points stay visible; no more moves."""
    m = Match.new(players=3, hands=3, seed=5)
    rng = random.Random(5)
    for _ in range(4):
        m.play(random_policy(rng, m.game.legal_moves()))
    scores = m.scores
    m.abandon(1)
    assert m.over
    assert m.match_points == [1, -1, 1]
    assert m.winner != 1 and m.ranking[-1] == 1
    assert m.scores == scores
    assert m.legal_moves() == []
    with pytest.raises(dernier.IllegalMove):
        m.play(m.game.legal_moves()[0])
    with pytest.raises(dernier.IllegalMove):
        m.abandon(2)
    with pytest.raises(dernier.IllegalMove):
        m.next_hand()


def test_s11_abandon_by_a_seat_not_to_act() -> None:
    """RULES §11: any player may press Abandon, not only the one to act."""
    m = Match.new(players=4, hands=1, seed=3)
    not_to_act = (m.game.turn + 1) % 4
    m.abandon(not_to_act)
    mp = m.match_points
    assert mp is not None and mp[not_to_act] == -1 and mp.count(1) == 3


@pytest.mark.parametrize("seat", [-1, 3, "1", None, True])
def test_s11_abandon_by_no_seat_is_refused(seat: Any) -> None:
    """RULES §11 / Match API: abandon(seat) needs a real seat."""
    m = Match.new(players=3, hands=1, seed=3)
    with pytest.raises(dernier.IllegalMove):
        m.abandon(seat)
    assert not m.over


def test_s11_official_timeout_is_like_abandon() -> None:
    """RULES §11 official: running out of time loses the match: −1 / +1 each other."""
    m = Match.new(players=3, hands=3, seed=8)
    seat = m.game.turn
    m.timeout(seat)
    assert m.over
    mp = m.match_points
    assert mp is not None and mp[seat] == -1 and sum(mp) == 1
    assert m.winner != seat


def test_s11_abandon_after_a_normal_end_changes_nothing() -> None:
    """RULES §11: a match that is already over cannot be lost by abandoning afterwards:
    the result (winner, match points) stands and abandon is refused."""
    m = Match.new(players=2, rules=ONE_CARD, hands=1, dealer=0, deck=one_card_deck(0, "5H", "9C", "8H"))
    m.play("5H")
    assert m.over and m.winner == 1 and m.match_points == [-1, 1]
    with pytest.raises(dernier.IllegalMove):
        m.abandon(1)
    assert m.winner == 1 and m.match_points == [-1, 1]


def test_s11_traditional_timeout_costs_the_turn_and_a_card() -> None:
    """RULES §11 traditional (timeout = "penalty"): running out of time only costs the
    turn and one card; the match goes on."""
    m = Match.new(players=3, rules="traditional", hands=1, seed=4)
    seat = m.game.turn
    assert seat is not None
    before = [len(h) for h in m.game.position()["hands"]]
    m.timeout()
    assert not m.over and m.match_points is None
    after = [len(h) for h in m.game.position()["hands"]]
    assert after[seat] == before[seat] + 1
    assert m.game.turn == (seat + m.game.position()["direction"]) % 3


# --- saves, records, replays ---------------------------------------------------------------


def _midgame(seed: int = 9, players: int = 3, rules: Any = "official") -> Match:
    m = Match.new(players=players, rules=rules, hands=3, seed=seed)
    rng = random.Random(seed)
    finish_hand(m, rng)
    m.next_hand()
    for _ in range(5):
        if m.game.over:
            break
        m.play(random_policy(rng, m.game.legal_moves()))
    return m


def test_match_save_and_load_restore_the_match() -> None:
    """Match API: Match.load(m.save()) (dict or JSON) restores the position, the hand
    number, the scores and the dealer, and plays on identically."""
    m = _midgame()
    save = m.save()
    text = json.dumps(save)
    for data in (save, text):
        m2 = Match.load(data)
        assert m2.game.position() == m.game.position()
        assert (m2.hand_no, m2.scores, m2.hands_won, m2.dealer) == (
            m.hand_no,
            m.scores,
            m.hands_won,
            m.dealer,
        )
    m2 = Match.load(text)
    rng = random.Random(3)
    while not m.game.over:
        mv = random_policy(rng, m.game.legal_moves())
        m.play(mv)
        m2.play(mv)
        assert m.game.position() == m2.game.position()
    assert m.scores == m2.scores


@pytest.mark.parametrize(
    ("tamper", "words"),
    [
        (lambda d: d.update(version=99), "version"),
        (lambda d: d.update(version="1"), "version"),
        (lambda d: d.pop("version"), "version"),
        (lambda d: d.update(format="chess"), "format"),
        (lambda d: d.update(history=[]), "history"),
        (lambda d: d.update(surprise=1), "surprise"),
        (lambda d: d["position"]["hands"][0].reverse() or d["position"]["hands"][0].append("JK"), ""),
        (lambda d: d["history"][0]["moves"].append([0, "ZZ"]), ""),
        (lambda d: d["history"][0]["moves"].insert(0, [0, "pass"]), ""),
        (lambda d: d.update(players=9), ""),
        (lambda d: d.update(result={"kind": "boredom", "seat": 0}), "result"),
    ],
)
def test_match_broken_saves_raise_save_error(tamper: Any, words: str) -> None:
    """Match API: a broken or unknown-version save raises SaveError (a ValueError) naming
    the problem."""
    save = _midgame().save()
    tamper(save)
    with pytest.raises(dernier.SaveError) as info:
        Match.load(save)
    assert isinstance(info.value, ValueError)
    assert words.lower() in str(info.value).lower()
    assert str(info.value)


@pytest.mark.parametrize("data", ["", "{", "null", "[]", "42", '"save"', b"\xff\xfe", "{}"])
def test_match_load_of_non_saves_raises_save_error(data: Any) -> None:
    """Match API: text that is not a save raises SaveError."""
    with pytest.raises(dernier.SaveError):
        Match.load(data)


def test_match_save_with_a_tampered_position_is_refused() -> None:
    """Match API: a save whose position does not follow from its moves is refused."""
    save = _midgame().save()
    hands = save["position"]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    with pytest.raises(dernier.SaveError, match=r"inconsistent|position"):
        Match.load(save)


@pytest.mark.parametrize(("players", "rules"), [(2, "official"), (4, "official"), (3, "traditional")])
def test_match_record_replay_reproduces_the_final_position(players: int, rules: str) -> None:
    """Match API: dernier.replay(m.record()) reproduces the identical final position,
    scores and result, for a finished match."""
    for seed in range(3):
        m = Match.new(players=players, rules=rules, hands=2, seed=seed)
        play_match(m, random.Random(seed))
        r = m.record()
        json.dumps(r)
        m2 = dernier.replay(r)
        assert m2.game.position() == m.game.position()
        assert m2.position() == m.position()
        assert (m2.scores, m2.hands_won, m2.winner, m2.match_points) == (
            m.scores,
            m.hands_won,
            m.winner,
            m.match_points,
        )
        assert dernier.replay(json.dumps(r)).game.position() == m.game.position()


def test_match_record_replay_after_abandon() -> None:
    """Match API / RULES §11: a record of an abandoned match replays to the same result."""
    m = _midgame(seed=4)
    m.abandon(2)
    m2 = dernier.replay(m.record())
    assert m2.over and m2.match_points == m.match_points == [1, 1, -1]
    assert m2.game.position() == m.game.position()


def test_match_record_replay_traditional_with_reshuffles() -> None:
    """RULES §8 traditional / Match API: a replay reproduces hands whose discard pile was
    reshuffled into the draw pile."""
    found = 0
    for seed in range(40):
        m = Match.new(players=3, rules="traditional", hands=1, seed=seed)
        finish_hand(m, random.Random(seed))
        if not m.game.reshuffle_orders():
            continue
        found += 1
        m2 = dernier.replay(m.record())
        assert m2.game.position() == m.game.position()
        if found >= 3:
            break
    assert found, "no traditional hand reshuffled: the replay of reshuffles went untested"


def test_match_new_refuses_bad_settings() -> None:
    """RULES §2/§10 / Match API: bad player counts, both hands and target, bad hands."""
    with pytest.raises(dernier.PositionError):
        Match.new(players=7)
    with pytest.raises(dernier.PositionError):
        Match.new(players=2, hands=3, target=200)
    with pytest.raises(dernier.PositionError):
        Match.new(players=2, hands=0)
    with pytest.raises(dernier.PositionError):
        Match.new(players=2, names=["only one"])


def test_match_play_between_hands_is_refused() -> None:
    """Match API: once a hand is over (match not over) moves are refused until next_hand()."""
    m = Match.new(players=2, rules=ONE_CARD, hands=2, dealer=0, deck=one_card_deck(0, "5H", "9C", "8H"))
    m.play("5H")
    assert m.game.over and not m.over
    with pytest.raises(dernier.IllegalMove):
        m.play("9C", seat=0)
    assert m.scores == [0, 59]  # the finished hand is scored once, not again
    m.next_hand(deck=one_card_deck(1, "4D", "2C", "6D"))
    assert m.scores == [0, 59] and m.hand_no == 2


def test_match_replay_of_an_unfinished_match() -> None:
    """Match API: the record of a match in progress replays to the same position."""
    m = _midgame(seed=11, players=4)
    m2 = dernier.replay(m.record())
    assert m2.position() == m.position()
    assert not m2.over and m2.hand_no == m.hand_no == 2


def test_match_save_of_a_finished_match() -> None:
    """Match API: a finished match saves and loads with the same result."""
    m = Match.new(players=3, hands=2, seed=21)
    play_match(m, random.Random(21))
    m2 = Match.load(json.dumps(m.save()))
    assert m2.over
    assert (m2.winner, m2.ranking, m2.tiebreak, m2.match_points) == (
        m.winner,
        m.ranking,
        m.tiebreak,
        m.match_points,
    )


@pytest.mark.parametrize("rules", ["official", "traditional"])
def test_s11_timeout_survives_save_and_replay(rules: str) -> None:
    """RULES §11 / Match API: a timeout (official: the match is lost; traditional: the turn
    and a card) is kept by save/load and by record/replay."""
    m = Match.new(players=3, rules=rules, hands=2, seed=13)
    rng = random.Random(13)
    for _ in range(3):
        m.play(random_policy(rng, m.game.legal_moves()))
    m.timeout()
    if rules == "traditional":
        m.play(random_policy(rng, m.game.legal_moves()))
    for m2 in (Match.load(m.save()), dernier.replay(m.record())):
        assert m2.position() == m.position()
        assert (m2.over, m2.match_points) == (m.over, m.match_points)
