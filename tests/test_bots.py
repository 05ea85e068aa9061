"""Bots: the shared API, view-only play, determinism, legality, and the medium heuristics."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from helpers import leftovers, position

import dernier
from dernier.bots import LEVELS, choose_move, make_bot
from dernier.bots.knowledge import Knowledge, playable_mask
from dernier.bots.search import DEFAULT_ITERATIONS, HardBot, candidates
from dernier.cards import KIND_OF
from dernier.moves import TEXT_MOVE

FAST = {"hard": {"iterations": 60}}


def bot(level: str) -> Any:
    return make_bot(level, **FAST.get(level, {}))


def view_of(*args: Any, seat: int = 0, **kwargs: Any) -> dict[str, Any]:
    return dernier.Game.from_position(position(*args, **kwargs)).view(seat)


def medium(*args: Any, seed: int = 0, **kwargs: Any) -> str:
    return make_bot("medium").choose(view_of(*args, **kwargs), random.Random(seed))


# --- the API ----------------------------------------------------------------------------


def test_levels_and_make_bot() -> None:
    assert set(LEVELS) == {"random", "easy", "medium", "hard"}
    for level in LEVELS:
        b = make_bot(level)
        assert b.level == level
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("grandmaster")
    with pytest.raises(ValueError, match="iterations"):
        make_bot("hard", iterations=0)
    with pytest.raises(ValueError, match="seconds"):
        make_bot("hard", seconds=0)
    hard = make_bot("hard")
    assert isinstance(hard, HardBot)
    assert hard.budget(1) == hard.budget(2) == DEFAULT_ITERATIONS
    assert hard.look_ahead(1) == 8 and hard.look_ahead(2) == 16 and hard.tries == 1
    assert make_bot("hard", depth=0).look_ahead(2) == 0
    assert make_bot("hard", seconds=0.2).budget() > 10**9
    assert make_bot("hard", iterations=50).budget() == 50


def test_choose_move_returns_a_legal_move_for_every_level() -> None:
    g = dernier.Game.new(players=3, seed=5)
    for level in LEVELS:
        view = g.view(g.turn or 0)
        assert choose_move(level, view, random.Random(1)) in view["legal"]


def test_no_move_to_make_is_an_error() -> None:
    g = dernier.Game.new(players=3, seed=5)
    idle = next(s for s in range(3) if s != g.turn)
    with pytest.raises(ValueError, match="no move"):
        make_bot("medium").choose(g.view(idle), random.Random(1))


def test_steps_yield_none_while_thinking_then_the_move() -> None:
    g = dernier.Game.from_position(position([["5H", "6H", "9C", "JS"], ["2D", "3D", "4C"]], ["8H"]))
    view = g.view(0)
    b = HardBot(iterations=400, slice_ms=0.0)
    items = list(b.steps(view, random.Random(3)))
    assert items[-1] in view["legal"]
    assert all(i is None for i in items[:-1]) and len(items) > 1
    assert HardBot(iterations=400).choose(view, random.Random(3)) == items[-1]
    # the coroutine form gives the same move
    # (in a thread of its own: a browser test before this one in the same worker leaves
    # Playwright's event loop running in this thread)
    with ThreadPoolExecutor(1) as pool:
        coro = HardBot(iterations=400, slice_ms=0.0).think(view, random.Random(3))
        move = pool.submit(asyncio.run, coro).result()
    assert move == items[-1]
    # quick bots yield their move at once
    quick = list(make_bot("medium").steps(view, random.Random(1)))
    assert len(quick) == 1 and quick[0] in view["legal"]


def test_hard_bot_time_budget_stops_the_search() -> None:
    view = view_of([["5H", "6H", "9C", "JS", "JK", "AH"], ["2D", "3D", "4C"]], ["8H"])
    b = HardBot(iterations=None, seconds=0.05)
    move = b.choose(view, random.Random(1))
    assert move in view["legal"]
    assert b.last_playouts > 0


def test_candidates_merge_calls_and_equivalent_jacks() -> None:
    legal = [TEXT_MOVE[m] for m in ["5H", "5H!", "JS:H", "JS:H!", "JC:H", "JC:H!", "draw"]]
    got = sorted(dernier.moves.format_move(m) for m in candidates(legal))
    assert got == ["5H!", "JC:H!", "draw"]


# --- view only --------------------------------------------------------------------------


def _shuffle_hidden(pos: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The same position with every card hidden from ``seat`` dealt anew (same counts)."""
    hands = pos["hands"]
    hidden = [c for s, h in enumerate(hands) if s != seat for c in h] + pos["draw"]
    drawn = pos.get("drawn")
    rng.shuffle(hidden)
    out = dict(pos)
    new_hands = []
    for s, h in enumerate(hands):
        if s == seat:
            new_hands.append(list(h))
        else:
            new_hands.append([hidden.pop() for _ in h])
    out["hands"] = new_hands
    out["draw"] = hidden
    assert drawn is None or pos["turn"] == seat
    return out


def _midgame_positions(count: int, seed: int) -> list[tuple[dict[str, Any], int]]:
    rng = random.Random(seed)
    out = []
    med = make_bot("medium")
    while len(out) < count:
        players = rng.choice([2, 3, 4])
        g = dernier.Game.new(players=players, seed=rng.randrange(10**6))
        for _ in range(rng.randrange(1, 20)):
            if g.over:
                break
            for s in list(g.state.due):
                if s != g.turn:
                    g.play("dernier", s)
            g.play(med.choose(g.view(g.turn or 0), rng))
        if not g.over and not g.state.due:
            out.append((g.position(), g.turn or 0))
    return out


@pytest.mark.parametrize("level", LEVELS)
def test_bots_see_only_their_view(level: str) -> None:
    """Two games whose hidden cards differ but whose view for the seat is identical:
    the bot makes the same move (same seed)."""
    rng = random.Random(99)
    for pos, seat in _midgame_positions(12, seed=4):
        other = _shuffle_hidden(pos, seat, rng)
        assert other["hands"] != pos["hands"] or other["draw"] != pos["draw"]
        v1 = dernier.Game.from_position(pos).view(seat)
        v2 = dernier.Game.from_position(other).view(seat)
        assert v1 == v2
        b = bot(level)
        assert b.choose(v1, random.Random(7)) == b.choose(v2, random.Random(7))


def _play_match(m: dernier.Match, bots: list[Any], rng: random.Random) -> None:
    """Play ``m`` to its end with one bot per seat; due seats are asked before each move."""
    while not m.over:
        if m.game.over:
            m.next_hand()
            continue
        for s in list(m.game.state.due):
            if s != m.game.turn and bots[s].choose(m.view(s), rng) == "dernier":
                m.play("dernier", s)
        t = m.game.turn
        assert t is not None
        m.play(bots[t].choose(m.view(t), rng), t)


def _dealt(seat0: list[str], seat1: list[str], turned: str, shuffle: int) -> dernier.Game:
    """A two-player game dealt by seat 0 (seat 1 gets the first card)."""
    order = [c for k in range(5) for c in (seat1[k], seat0[k])] + [turned]
    rest = leftovers(order)
    random.Random(shuffle).shuffle(rest)
    return dernier.Game.new(players=2, dealer=0, deck=order + rest, seed=1)


@pytest.mark.parametrize("level", LEVELS)
def test_bots_see_only_their_view_with_a_public_log(level: str) -> None:
    """The opponent's hand and the draw pile differ; the opponent draws and passes in both
    games (the same public events): the view of seat 0 is identical, so is the move."""
    mine = ["5H", "6H", "9C", "JS", "KD"]
    ga = _dealt(mine, ["2C", "3C", "4C", "8D", "9D"], "8S", shuffle=1)
    gb = _dealt(mine, ["2D", "3D", "4D", "10C", "AS"], "8S", shuffle=2)
    for g in (ga, gb):
        g.play("draw", 1)
        g.play("pass", 1)
    va, vb = ga.view(0), gb.view(0)
    assert ga.position()["hands"][1] != gb.position()["hands"][1]
    assert va == vb and va["turn"] == 0 and len(va["log"]) > 2
    b = bot(level)
    for seed in range(3):
        assert b.choose(va, random.Random(seed)) == b.choose(vb, random.Random(seed))


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_moves(level: str) -> None:
    def run() -> list[tuple[int, str]]:
        m = dernier.Match.new(players=3, hands=2, seed=21)
        _play_match(m, [bot(level) for _ in range(3)], random.Random(8))
        return [mv for h in m.record()["history"] for mv in map(tuple, h["moves"])]

    assert run() == run()


# --- legality ---------------------------------------------------------------------------


def _random_positions(count: int, seed: int, rules: str = "official") -> list[dernier.Game]:
    """Games at random moments of random play, any seat count the preset allows."""
    rng = random.Random(seed)
    rs = dernier.ruleset(rules)
    games = []
    while len(games) < count:
        g = dernier.Game.new(
            players=rng.randint(rs.min_players, rs.max_players), rules=rules, seed=rng.randrange(10**6)
        )
        steps = rng.randrange(0, 60)
        for _ in range(steps):
            if g.over:
                break
            for s in list(g.state.due):
                if s != g.turn and rng.random() < 0.5:
                    g.play("dernier", s)
            g.play(rng.choice(g.legal_moves()))
        if not g.over:
            games.append(g)
    return games


@pytest.mark.parametrize("level", ["random", "easy", "medium"])
@pytest.mark.parametrize("rules", ["official", "traditional"])
def test_quick_bots_only_return_legal_moves(level: str, rules: str) -> None:
    b = make_bot(level)
    rng = random.Random(3)
    for g in _random_positions(1500, seed=hash((level, rules)) % 1000, rules=rules):
        turn = g.turn
        assert turn is not None
        view = g.view(turn)
        move = b.choose(view, rng)
        assert move in view["legal"], (move, view["legal"])
        g.play(move)
        for s in list(g.state.due):
            if s != g.turn:
                v = g.view(s)
                assert b.choose(v, rng) in ("dernier", "")


@pytest.mark.parametrize("rules", ["official", "traditional"])
def test_hard_bot_only_returns_legal_moves(rules: str) -> None:
    b = HardBot(iterations=24)
    rng = random.Random(4)
    for g in _random_positions(250, seed=17, rules=rules):
        turn = g.turn
        assert turn is not None
        view = g.view(turn)
        move = b.choose(view, rng)
        assert move in view["legal"], (move, view["legal"])


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_whole_matches_between_all_levels(players: int) -> None:
    """Every level in one match, for every official seat count: it finishes, all moves legal."""
    levels = [LEVELS[i % len(LEVELS)] for i in range(players)]
    bots = [bot(level) for level in levels]
    m = dernier.Match.new(players=players, hands=2, seed=players)
    _play_match(m, bots, random.Random(players))
    assert m.hand_no == 2


# --- Dernier calls -----------------------------------------------------------------------


def test_medium_and_hard_call_dernier_with_their_play() -> None:
    v = view_of([["5H", "9C"], ["2D", "3D", "4C"]], ["8H"])
    assert make_bot("medium").choose(v, random.Random(1)) == "5H!"
    assert HardBot(iterations=50).choose(v, random.Random(1)).endswith("!")


def test_a_due_seat_that_is_not_to_act_calls() -> None:
    v = view_of([["5H"], ["2D", "3D", "4C"]], ["8H"], turn=1, dernier_due=[0])
    assert v["legal"] == ["dernier"]
    for level in ("medium", "hard"):
        assert make_bot(level).choose(v, random.Random(1)) == "dernier"
        assert make_bot(level).call(v, random.Random(1))


def test_a_due_seat_to_act_calls_first() -> None:
    v = view_of([["5H"], ["2D", "3D", "4C"]], ["QH"], turn=0, dernier_due=[0])
    assert "dernier" in v["legal"]
    for level in ("easy", "medium", "hard"):
        moves = {make_bot(level).choose(v, random.Random(s)) for s in range(30)}
        assert "dernier" in moves


def test_easy_forgets_dernier_about_a_third_of_the_time() -> None:
    v = view_of([["5H", "9C"], ["2D", "3D", "4C"]], ["8H"])
    easy = make_bot("easy")
    rng = random.Random(5)
    plays = [easy.choose(v, rng) for _ in range(3000)]
    forgot = sum(1 for p in plays if p == "5H") / sum(1 for p in plays if p.startswith("5H"))
    assert 0.28 < forgot < 0.39
    # skipped by a Q with one card: it calls two times in three
    q = view_of([["5H"], ["2D", "3D", "4C"], ["6S", "7S"]], ["QH"], turn=2, dernier_due=[0])
    calls = sum(easy.call(q, rng) for _ in range(3000)) / 3000
    assert 0.6 < calls < 0.73
    # once it forgot with its own play it does not call afterwards
    g = dernier.Game.from_position(position([["5H", "9C"], ["2D", "3D", "4C"]], ["8H"]))
    g.play("5H")
    assert not easy.call(g.view(0), rng)


# --- the medium bot's heuristics (built from positions) ------------------------------


def test_medium_keeps_j_and_jolly_while_another_card_fits() -> None:
    assert medium([["JS", "5H", "9C"], ["2D", "3D", "4C", "5D"]], ["3H"]) == "5H"
    assert medium([["JK", "5H", "9C"], ["2D", "3D", "4C", "5D"]], ["3H"]) == "5H"


def test_medium_plays_a_j_when_needed_choosing_the_suit_it_holds_most_of() -> None:
    assert medium([["JS", "5C", "9C", "4D"], ["2D", "3D", "4C", "5D"]], ["3H"]) == "JS:C"
    assert medium([["JK", "5D", "9D", "4C"], ["2S", "3S", "4S", "5S"]], ["3H"]) == "JK:D"


def test_medium_chooses_the_first_suit_it_holds_most_of() -> None:
    v = view_of([["5C", "9C", "4D"], ["2D", "3D", "4C", "5D"]], ["JS"], turn=0, dealer=0, rest="draw")
    v2 = dict(v, choosing=True, legal=[":C", ":D", ":H", ":S"])
    assert make_bot("medium").choose(v2, random.Random(1)) == ":C"


def test_medium_dumps_high_cards_when_an_opponent_is_close_to_going_out() -> None:
    # nobody close: it keeps the suit it holds (3H leaves 4H)
    assert medium([["3H", "4H", "10D"], ["2C", "3C", "4C", "5C"]], ["3D"]) == "3H"
    # the opponent has one card left: the 10 goes
    assert medium([["3H", "4H", "10D"], ["2C"]], ["3D"]) == "10D"


def test_medium_attacks_the_player_closest_to_going_out() -> None:
    far = ["2C", "3C", "4C", "5C", "6C"]
    # A on the next player (seat 1) who has one card
    assert medium([["AH", "5H", "9H"], ["2D"], far], ["2H"]) == "AH"
    # 7 on the previous player (seat 2) who has one card
    assert medium([["7H", "8H", "9S"], far, ["2D"]], ["2H"]) == "7H"
    # Q skips the next player who has one card
    assert medium([["7H", "QH", "9S"], ["2D"], far], ["2H"]) == "QH"
    # K turns play away from the next player when it is the one close to going out
    assert medium([["KH", "5H", "9S"], ["2D"], far], ["2H"]) == "KH"
    assert medium([["KH", "5H", "9S"], far, ["2D"]], ["2H"]) == "5H"


def test_medium_attacks_with_the_jolly_a_next_player_about_to_go_out() -> None:
    assert medium([["JK", "5H", "9C", "4C"], ["2D"]], ["3H"]) == "JK:C"
    assert medium([["JK", "5H", "9C", "4C"], ["2D", "3D", "4D", "5D"]], ["3H"]) == "5H"


def test_medium_answers_chains_when_it_can() -> None:
    assert medium([["AS", "5H"], ["2D", "3D", "4C"]], ["AH"], pending=2) == "AS!"
    assert medium([["AS", "5H", "6H"], ["2D", "3D", "4C"]], ["AH"], pending=2) == "AS"
    got = medium([["JK", "5D", "6D"], ["2S", "3S", "4C"]], ["JK"], pending=4, suit="H")
    assert got == "JK:D"
    assert medium([["5D", "6D"], ["2S", "3S", "4C"]], ["AH"], pending=2) == "draw"


def test_medium_draws_only_when_nothing_fits_and_plays_a_drawn_card_that_fits() -> None:
    assert medium([["5D", "6D"], ["2S", "3S", "4C"]], ["9H"]) == "draw"
    g = dernier.Game.from_position(position([["5D", "6D"], ["2S", "3S", "4C"]], ["9H"], draw=["2H"]))
    g.play("draw")
    assert make_bot("medium").choose(g.view(0), random.Random(1)) == "2H"
    g = dernier.Game.from_position(position([["5D", "6D"], ["2S", "3S", "4C"]], ["9H"], draw=["2C"]))
    g.play("draw")
    assert make_bot("medium").choose(g.view(0), random.Random(1)) == "pass"


def test_easy_plays_when_it_can_and_draws_when_it_must() -> None:
    easy = make_bot("easy")
    v = view_of([["5H", "9H", "JS"], ["2D", "3D", "4C"]], ["8H"])
    moves = {easy.choose(v, random.Random(s)) for s in range(60)}
    assert "draw" not in moves and {"5H", "9H"} <= moves
    assert easy.choose(view_of([["5D", "6D"], ["2S", "3S", "4C"]], ["9H"]), random.Random(1)) == "draw"


# --- knowledge: sampling consistent with the view --------------------------------------


def test_knowledge_pool_is_the_deck_minus_own_hand_and_discard() -> None:
    v = view_of([["5H", "9C"], ["2D", "3D", "4C"]], ["8H", "7H"], rest="draw")
    k = Knowledge(v)
    assert len(k.pool) == 54 - 2 - 2
    assert KIND_OF["5H"] not in k.pool and KIND_OF["7H"] not in k.pool
    st = k.determinize(random.Random(1))
    assert st.hands[0] == [KIND_OF["5H"], KIND_OF["9C"]]
    assert len(st.hands[1]) == 3 and len(st.draw) == v["draw_count"]
    assert sorted(st.hands[1] + st.draw) == sorted(k.pool)


def test_knowledge_an_opponent_who_drew_and_passed_held_nothing_playable() -> None:
    g = dernier.Game.from_position(
        position([["5H", "9C", "KD"], ["2D", "3D", "4C"]], ["8S"], turn=1, draw=["4D"])
    )
    g.play("draw", 1)
    g.play("pass", 1)
    v = g.view(0)
    k = Knowledge(v)
    mask = playable_mask(KIND_OF["8S"], 3)
    assert all(s & mask == mask for s in k.slots[1])
    rng = random.Random(2)
    for _ in range(200):
        st = k.determinize(rng)
        assert all(not (mask >> c) & 1 for c in st.hands[1])
    # without inference any card may be sampled
    loose = Knowledge(v, infer=False)
    seen = {c for _ in range(200) for c in loose.determinize(rng).hands[1]}
    assert any((mask >> c) & 1 for c in seen)


def test_knowledge_an_opponent_who_played_a_j_held_nothing_else_that_fitted() -> None:
    g = dernier.Game.from_position(position([["5H", "9C", "KD"], ["JD", "3D", "4C", "6C"]], ["8S"], turn=1))
    g.play("JD:C", 1)
    k = Knowledge(g.view(0))
    fits = playable_mask(KIND_OF["8S"], 3) & ~(playable_mask(-1, -1))  # spades and 8s
    assert len(k.slots[1]) == 3
    assert all(s & fits == fits for s in k.slots[1])


def test_knowledge_drops_guesses_that_a_later_play_contradicts() -> None:
    # seat 1 plays a J although 6S fitted: the guess "no spade" is wrong, shown by 6S later
    g = dernier.Game.from_position(position([["5S", "9C", "KD"], ["JD", "3D", "4C", "6S"]], ["8S"], turn=1))
    g.play("JD:S", 1)
    assert any(Knowledge(g.view(0)).slots[1])
    g.play("5S", 0)
    g.play("6S", 1)
    assert not any(Knowledge(g.view(0)).slots[1])


def medium_turns(
    hands: int, rules: str = "official", players: int | None = None
) -> Iterator[tuple[dernier.Game, dict[str, Any], str, random.Random]]:
    """Every turn of ``hands`` whole hands of medium bots (``players``, else 2–5 players;
    seeds 0, 1, …), just before the move is played: the game, the view of the seat to act,
    its move, the rng."""
    med = make_bot("medium")
    for seed in range(hands):
        g = dernier.Game.new(players=players or 2 + seed % 4, seed=seed, rules=rules)
        rng = random.Random(seed)
        while not g.over:
            for s in list(g.state.due):
                if s != g.turn:
                    g.play("dernier", s)
            view = g.view(g.turn)
            move = med.choose(view, rng)
            yield g, view, move, rng
            g.play(move)


def test_knowledge_reads_a_play_as_the_medium_bots_choice() -> None:
    """Seat 1 plays 5H on 8H (RULES §4). The medium bot would rather have played a heart it
    likes more (A and 7 attack, Q plays again with two players, higher cards weigh more),
    so seat 1 holds none of them; lower hearts stay possible. With the next player about
    to go out it would have attacked with a Jolly (RULES §6): it holds none."""
    g = dernier.Game.from_position(position([["5S", "9C", "KD"], ["5H", "3D", "4C", "2S"]], ["8H"], turn=1))
    g.play("5H", 1)
    k = Knowledge(g.view(0))
    bits = lambda codes: sum(1 << KIND_OF[c] for c in codes)  # noqa: E731
    liked = bits(["AH", "6H", "7H", "9H", "10H", "QH", "KH"])
    assert all(m & liked == liked and not m & bits(["2H", "3H", "4H", "JH", "JK"]) for m in k.slots[1])
    g = dernier.Game.from_position(position([["5S", "9C"], ["5H", "3D", "4C", "2S"]], ["8H"], turn=1))
    g.play("5H", 1)
    assert all(m & bits(["JK"]) for m in Knowledge(g.view(0)).slots[1])


def test_knowledge_never_doubts_the_medium_bot() -> None:
    """Every guess read from the medium bot's plays holds: over whole hands of medium bots
    no later play contradicts one (a contradiction would mark the seat as doubted)."""
    reads = 0
    for _, view, _, rng in medium_turns(60):
        if rng.random() < 0.2:
            assert not Knowledge(view).doubted, view["seat"]
            reads += 1
    assert reads > 300


def test_sampled_hands_hold_fewer_aces_and_jollies_than_a_uniform_deal() -> None:
    """The medium bot plays its Aces and Jollies early (RULES §6 attacks), so an unseen Ace
    or Jolly is less likely to be in an opponent's hand than in the draw pile: the samples
    put fewer of them in the hands than a uniform deal (KEEP), and every card still once."""
    from collections import Counter

    from dernier.bots.knowledge import KEEP

    assert KEEP[KIND_OF["JK"]] < KEEP[KIND_OF["AS"]] < KEEP[KIND_OF["5S"]] == 1.0
    g = dernier.Game.new(players=2, seed=3)
    k = Knowledge(g.view(0))
    attack = {KIND_OF["JK"]} | {KIND_OF["A" + s] for s in "HDCS"}
    share = sum(c in attack for c in k.pool) / len(k.pool)  # of the unseen cards
    rng = random.Random(1)
    in_hands = dealt = 0
    for _ in range(1000):
        hands, draw = k.sample_hands(rng)
        assert Counter(c for h in hands[1:] for c in h) + Counter(draw) == Counter(k.pool)
        held = [c for h in hands[1:] for c in h]
        in_hands += sum(c in attack for c in held)
        dealt += len(held)
    assert in_hands / dealt < 0.85 * share


def test_with_two_decks_sampled_hands_keep_their_jacks_and_lose_aces_sooner() -> None:
    """Two decks (RULES §5 draw and pass, §6 wild Jolly, 9 cards): the medium bot keeps its J
    longer and plays its A, 7, Q and K sooner than with one deck, so the two-deck weights
    (KEEPS[2]) put more J and fewer Aces in the sampled hands than a uniform deal."""
    from collections import Counter

    from dernier.bots.knowledge import KEEPS

    two = KEEPS[2]
    assert two[KIND_OF["AS"]] < two[KIND_OF["5S"]] == 1.0 < two[KIND_OF["JS"]]
    assert KEEPS[1][KIND_OF["JS"]] < 1.0
    g = dernier.Game.new(players=4, seed=3, rules="traditional")
    k = Knowledge(g.view(0))
    share = {r: sum(c % 13 == r and c != 52 for c in k.pool) / len(k.pool) for r in (0, 10)}
    rng = random.Random(1)
    held: Counter[int] = Counter()
    dealt = 0
    for _ in range(500):
        hands, draw = k.sample_hands(rng)
        assert Counter(c for h in hands[1:] for c in h) + Counter(draw) == Counter(k.pool)
        for h in hands[1:]:
            held.update(c % 13 for c in h if c != 52)
            dealt += len(h)
    assert held[0] / dealt < 0.8 * share[0]  # Aces
    assert held[10] / dealt > 1.05 * share[10]  # J


def test_knowledge_a_lone_jolly_that_may_not_close_the_hand_is_not_ruled_out_by_a_draw() -> None:
    """Traditional (RULES §8): a Jolly may not be the last card played, so a player whose one
    card is a Jolly must draw even when the Jolly would fit; the draw says nothing of it."""
    g = dernier.Game.from_position(
        position([["5H", "6H", "9C"], ["JK"], ["2D", "3D", "4C"]], ["8H"], turn=0, rules="traditional")
    )
    g.play("5H")
    assert g.legal_moves() == ["draw"]  # seat 1 holds only the Jolly
    g.play("draw")
    k = Knowledge(g.view(0))
    held = k.slots[1][0]  # the card it held before drawing
    assert not held >> KIND_OF["JK"] & 1
    assert held >> KIND_OF["9H"] & 1  # a heart would have been played
    rng = random.Random(2)
    assert any(KIND_OF["JK"] in k.determinize(rng).hands[1] for _ in range(200))


def test_knowledge_an_opponent_who_drew_a_chain_holds_no_answer() -> None:
    g = dernier.Game.from_position(position([["5H", "9C", "AH"], ["2D", "3D", "4C"]], ["8H"], turn=0))
    g.play("AH")
    g.play("draw", 1)
    k = Knowledge(g.view(0))
    rng = random.Random(3)
    for _ in range(100):
        st = k.determinize(rng)
        assert not any(c % 13 == 0 and c != 52 for c in st.hands[1][:3])


# --- anticipo (RULES §12): bots jump in ------------------------------------------------------

ANT: dict[str, Any] = {"preset": "traditional", "anticipo": True}


def _jump_game(hand2: list[str], top: str = "9H") -> dernier.Game:
    """4 players, traditional with anticipo, seat 0 to act; seat 2 holds ``hand2``."""
    return dernier.Game.from_position(
        position(
            [["2S", "3S", "4S"], ["8D", "9D", "10D"], hand2, ["2C", "3C", "4C"]],
            [top],
            draw=["KC", "QC", "10C", "8C"],
            rules=ANT,
        )
    )


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_medium_and_hard_jump_in_with_the_identical_card(level: str) -> None:
    """RULES §12: a seat not to act that holds the card identical to the top one jumps in
    (``choose`` and ``jump`` give the jump-in), with the Dernier call when it leaves one card."""
    g = _jump_game(["9H", "5C", "6C"])
    view = g.view(2)
    assert view["legal"] == ["9H"]
    assert bot(level).choose(view, random.Random(1)) == "9H"
    assert bot(level).jump(view, random.Random(1)) == "9H"
    g2 = _jump_game(["9H", "5C"])
    assert g2.view(2)["legal"] == ["9H", "9H!"]
    assert bot(level).choose(g2.view(2), random.Random(1)) == "9H!"
    # nothing to jump in with: the moment passes
    g3 = _jump_game(["9S", "5C", "6C"])
    assert g3.view(2)["legal"] == [] or bot(level).jump(g3.view(2), random.Random(1)) == ""
    # the seat to act does not "jump"
    assert bot(level).jump(g.view(0), random.Random(1)) == ""


def test_easy_jumps_in_about_half_of_the_time_and_may_forget_the_call() -> None:
    g = _jump_game(["9H", "5C"])
    easy = make_bot("easy")
    moves = [easy.choose(g.view(2), random.Random(i)) for i in range(600)]
    jumped = [m for m in moves if m]
    assert set(moves) <= {"", "9H", "9H!"}
    assert 0.4 < len(jumped) / len(moves) < 0.6
    assert 0.2 < jumped.count("9H") / len(jumped) < 0.5  # the call forgotten about a third of the time


def test_hard_bot_playouts_jump_in() -> None:
    """The search's playouts let every seat jump in too (their policy always does)."""
    from dernier.bots.policy import _jump

    g = _jump_game(["9H", "5C", "6C"])
    st = g.state.copy()
    assert _jump(st)
    assert len(st.hands[2]) == 2 and st.turn == 3
    assert not _jump(st)  # both 9♥ are on the discard pile now


def test_arena_runs_anticipo_and_the_bots_jump_in() -> None:
    from dernier.arena import parse_rules, run_arena

    rules = parse_rules("traditional,anticipo,chi_sbaglia_paga")
    assert rules == {"preset": "traditional", "anticipo": True, "chi_sbaglia_paga": True}
    summary = run_arena(["medium", "easy", "hard:iterations=60"], 12, seed=5, rules=rules)
    assert summary["hands"] == 12
    assert sum(b["jump_ins"] for b in summary["bots"]) > 0
    assert summary["bots"][0]["jump_ins"] > 0


# --- the model of the opponents' play, and the value of truncated playouts ------------------


@pytest.mark.parametrize(("rules", "hands"), [("official", 40), ("traditional", 50)])
def test_knowledge_never_rules_out_a_card_really_held(rules: str, hands: int) -> None:
    """What the hard bot reads from draws and plays (RULES §4–§8) only rules out cards a
    medium opponent really lacks: every card it holds fits at least one of its slots."""
    cards = 0
    for g, view, _, rng in medium_turns(hands, rules, players=4):
        if g.turn == 0 and rng.random() < 0.5:
            k = Knowledge(view)
            for seat in (1, 2, 3):
                for c in g.state.hands[seat]:
                    assert any(not m >> c & 1 for m in k.slots[seat]), (seat, c)
                    cards += 1
    assert cards > 3000


def test_medium_would_explains_every_play_of_the_medium_bot() -> None:
    """``medium_would`` (the hard bot's reading of an opponent's play) accepts every play
    the medium bot really makes from its hand, and rejects another card it held that fitted."""
    from dernier.bots.knowledge import medium_would
    from dernier.cards import SUIT_OF
    from dernier.moves import card_of, is_play, named_of, suit_of

    accepted = rejected = 0
    for g, v, move, _ in medium_turns(40):
        m = TEXT_MOVE[move]
        st = g.state
        if is_play(m) and not v["pending"] and st.drawn < 0:
            top = st.wild if st.wild >= 0 else st.discard[-1]
            suit = st.suit if st.suit >= 0 else SUIT_OF[top]
            chosen = suit_of(m) if suit_of(m) >= 0 else -1
            if chosen < 0 and named_of(m) >= 0:
                chosen = SUIT_OF[named_of(m)]
            sizes = tuple(len(h) for h in st.hands)
            held = list(st.hands[g.turn])
            check = (card_of(m), chosen, top, suit, sizes, st.direction, 0)
            assert medium_would(st.rules, held, check, g.turn, st.n), (move, v["hand"])
            accepted += 1
            others = [k for k in set(held) if k != card_of(m) and k in st.hands[g.turn] and st.playable(k)]
            for k in others:
                alt = (k, -1, top, suit, sizes, st.direction, 0)
                if not medium_would(st.rules, held, alt, g.turn, st.n):
                    rejected += 1
    assert accepted > 500 and rejected > 50


def test_knowledge_prefers_samples_that_explain_the_last_play() -> None:
    """Seat 1 (the medium bot's way) plays JD choosing ♣ on 8♠: it held more clubs than any
    other suit. Samples are checked against that play; with tries, most samples agree."""
    g = dernier.Game.from_position(
        position([["5H", "9C", "KD"], ["JD", "3D", "4C", "6C", "10C"]], ["8S"], turn=1)
    )
    g.play("JD:C", 1)
    k = Knowledge(g.view(0))
    assert 1 in k.checks
    clubs = [KIND_OF[c] for c in ("2C", "3C", "7C", "9C")]
    diamonds = [KIND_OF[c] for c in ("2D", "3D", "7D", "9D")]
    assert k.violations([[], clubs]) == 0
    assert k.violations([[], diamonds]) == 1

    def agree(tries: int) -> float:
        rng = random.Random(5)
        n = 300
        return sum(k.violations(k.determinize(rng, tries).hands) == 0 for _ in range(n)) / n

    once, more = agree(1), agree(8)
    assert more > once + 0.4 and more > 0.8


def test_knowledge_checks_every_play_not_only_the_last() -> None:
    """Seat 1 plays JD:C on 8♠ (it held more clubs than diamonds, RULES §6 J), later 7C on
    9♣. The older play still constrains the samples: a hand of diamonds explains 7C but
    not the earlier choice of clubs."""
    g = dernier.Game.from_position(
        position([["5H", "9C", "KD", "2H"], ["JD", "3D", "4C", "6C", "10C", "7C"]], ["8S"], turn=1)
    )
    g.play("JD:C", 1)
    g.play("9C", 0)
    g.play("7C", 1)
    k = Knowledge(g.view(0))
    assert len(k.checks[1]) == 2
    clubs = [KIND_OF[c] for c in ("2C", "3C", "4C", "5C")]
    diamonds = [KIND_OF[c] for c in ("2D", "3D", "4D", "5D")]
    assert k.seat_violations(1, clubs) == 0
    assert k.seat_violations(1, diamonds) == 1
    rng = random.Random(3)
    hits = sum(k.seat_violations(1, k.determinize(rng, 8).hands[1]) == 0 for _ in range(200))
    assert hits > 150


def test_win_chance_is_a_distribution_that_favours_short_hands() -> None:
    from dernier.bots.value import WEIGHTS, weights_for, win_chance

    assert {(1, n) for n in range(2, 7)} | {(2, n) for n in range(2, 9)} <= set(WEIGHTS)
    assert weights_for(1, 9) == WEIGHTS[(1, 6)]  # the nearest table
    g = dernier.Game.from_position(
        position([["5H", "9C"], ["2D", "3D", "4C", "6C", "KD", "QS"], ["AS", "7H", "8H"]], ["8S"])
    )
    st = g.state
    w = weights_for(1, 3)
    chances = [win_chance(st, s, w) for s in range(3)]
    assert abs(sum(chances) - 1) < 1e-9
    assert chances[0] > chances[2] > chances[1]


def test_hard_bot_with_truncated_playouts_and_tries_returns_legal_moves() -> None:
    for g in _random_positions(40, seed=8):
        view = g.view(g.turn)
        b = make_bot("hard", iterations=60, depth=8, tries=4)
        assert b.choose(view, random.Random(1)) in view["legal"]


def test_knowledge_with_two_decks_and_a_wild_jolly_on_top() -> None:
    """Traditional (RULES §1 §6): the hidden pool holds both copies of every card and the
    4 Jollies less what is seen; a wild Jolly on top stands for the card it named, and the
    sampled deals keep every count (108 cards in all)."""
    from collections import Counter

    g = dernier.Game.from_position(
        position(
            [["5H", "5H", "9C"], ["2D", "3D", "4C"], ["KS", "6C", "6D"]],
            ["8H", "JK"],
            rules="traditional",
            wild="7H",
            rest="draw",
        )
    )
    v = g.view(0)
    assert v["wild"] == "7H"
    k = Knowledge(v)
    pool = Counter(k.pool)
    assert len(k.pool) == 108 - 3 - 2
    assert pool[KIND_OF["5H"]] == 0 and pool[KIND_OF["8H"]] == 1 and pool[KIND_OF["9C"]] == 1
    assert pool[KIND_OF["JK"]] == 3 and pool[KIND_OF["2S"]] == 2
    rng = random.Random(3)
    for _ in range(50):
        st = k.determinize(rng)
        assert st.wild == KIND_OF["7H"] and st.discard[-1] == KIND_OF["JK"]
        cards = [c for h in st.hands for c in h] + st.draw + st.discard
        assert len(cards) == 108
        assert Counter(cards) == Counter({kind: 2 for kind in range(52)} | {KIND_OF["JK"]: 4})
    b = make_bot("hard", iterations=120)
    assert b.choose(v, random.Random(1)) in v["legal"]
