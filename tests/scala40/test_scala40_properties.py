"""Seeded property run over 10,000 hands (RULES §1–§11): the 108 cards are conserved, every
legal move is accepted, every refused move leaves the state unchanged, and each hand ends."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

import scala40
from scala40.bench import PROPERTY_RULES, property_legal, property_move
from scala40.cards import DECK_COUNT, JOKER, JOKER_AS
from scala40.game import Game

HANDS = 10_000
PARTS = 4
#: in the long run, every legal move and a pool of refused moves are judged on one state in
#: SAMPLE (a different one per seed), the cards counted on one in 4 * SAMPLE and at each hand's end
SAMPLE = 24
RULES = PROPERTY_RULES


def _conserved(g: Game) -> None:
    st = g.state
    counts: Counter[int] = Counter()
    for h in st.hands:
        counts.update(h)
    counts.update(st.stock)
    counts.update(st.discard)
    for m in st.melds:
        counts.update(JOKER if c >= JOKER_AS else c for c in m)
    assert all(counts[k] == DECK_COUNT[k] for k in range(53)), counts


def _wrong_moves(g: Game, rng: random.Random) -> list[str]:
    hand = g.hand(g.turn) if g.turn is not None else []
    pool = ["draw", "take", "discard KS", "meld AH-2H-3H", "attach 0 5H", "swap 0 5H", "open 2H-3H-4H"]
    if hand:
        pool.append("discard " + rng.choice(hand))
        pool.append(f"attach {len(g.state.melds)} {hand[0] if hand[0] != 'JK' else 'JK=5H'}")
    return pool


def _hand(seed: int, check_all: bool) -> int:
    rng = random.Random(seed)
    players = 2 + seed % 4
    g = Game.new(players=players, rules=RULES[seed % len(RULES)], seed=seed)
    moves = 0
    while not g.over:
        if moves >= 1500:  # random play can cycle for ever (e.g. one card each, only full sets)
            _conserved(g)
            return 0
        legal = property_legal(g)
        assert legal, f"seat {g.turn} is stuck: {g.position()}"
        if check_all or (moves + seed) % SAMPLE == 0:
            for mv in legal:
                assert g.is_legal(mv), mv
            before = g.position()
            for mv in _wrong_moves(g, rng):
                if mv in legal or g.is_legal(mv):
                    continue
                with pytest.raises(scala40.IllegalMove):
                    g.play(mv)
                assert g.position() == before
        mv = property_move(legal, rng)
        g.play(mv)
        moves += 1
        if check_all or (moves + seed) % (4 * SAMPLE) == 0:
            _conserved(g)
    _conserved(g)
    scores = g.hand_scores
    assert scores is not None and scores[g.hand_winner or 0] <= 0
    assert all(v > 0 for s, v in enumerate(scores) if s != g.hand_winner and s not in g.state.out)
    pos = g.position()
    assert Game.from_position(pos).position() == pos
    return moves


def test_properties_first_hands_checked_move_by_move() -> None:
    """RULES §1–§11: every move of 60 hands checked in full."""
    assert sum(_hand(seed, check_all=True) > 0 for seed in range(60)) >= 55


@pytest.mark.parametrize("part", range(PARTS))
def test_properties_10000_hands(part: int) -> None:
    """RULES §1–§11 over 10,000 seeded hands (2–5 players, three rule sets), in PARTS tests
    the workers run side by side (this one: every PARTS-th seed); about 70 s of CPU in all."""
    seeds = range(part, HANDS, PARTS)
    ended = 0
    for seed in seeds:
        ended += _hand(seed, check_all=False) > 0
    assert ended >= len(seeds) * 0.95


def _seeded_turns(
    hands: int, rules_list: list[str | dict[str, Any]], cap: int
) -> Iterator[tuple[Game, random.Random]]:
    """Seeded hands (2 to 4 players) of at most ``cap`` moves: each game and its seed's random
    source before each move (the caller makes one)."""
    for seed in range(hands):
        rng = random.Random(seed)
        g = Game.new(players=2 + seed % 3, rules=rules_list[seed % len(rules_list)], seed=seed)
        moves = 0
        while not g.over and moves < cap:
            yield g, rng
            moves += 1


def test_properties_s7_opening_check_from_an_earlier_hand_agrees_with_the_full_search() -> None:
    """§7: a seat's play-phase opening check reuses its earlier hand with no opening of 40 (the
    search then looks only for openings laying the card added). Over seeded hands in which seats
    do not always open when they can, it agrees with the search from scratch."""
    from scala40.finder import opening_exists

    checks = found = 0
    for g, rng in _seeded_turns(48, [*RULES, {"open_without_jokers": True}], 400):
        st = g.state
        seat = st.turn
        opens = g.openings(limit=1)
        if st.phase == "play" and not st.opened[seat]:
            full = opening_exists(st.counts(seat), st.rules)
            assert st.opening_exists(seat) is full, g.position()
            assert bool(opens) is full
            checks += 1
            found += full
        legal = g.legal_moves()
        g.play(opens[0] if opens and (rng.random() < 0.6 or not legal) else rng.choice(legal))
    assert checks > 1000 and found > 50, (checks, found)


def test_properties_s5_s8_table_moves_after_a_change_agree_with_the_table_from_scratch() -> None:
    """§5, §8: the swap and attach moves a state works out from its last table for the melds that
    changed (meld, attach, split, swap, open) are those of the table worked out from scratch."""
    from scala40.state import Table

    def shape(t: Table) -> tuple[object, ...]:
        return (
            {k: sorted(v) for k, v in t.swaps.items()},
            {k: sorted(v) for k, v in t.attaches.items()},
            sorted(t.jokers),
            t.fits,
            t.joker,
        )

    changed = 0
    for g, rng in _seeded_turns(30, list(RULES), 300):
        st = g.state
        before = st.table()
        legal = g.legal_moves() + g.openings(limit=1)
        layers = [m for m in legal if not m.startswith(("draw", "discard"))]
        g.play(rng.choice(layers) if layers and rng.random() < 0.9 else rng.choice(legal))
        if st.table_ is not None and st.table_ is not before:
            changed += 1
            assert shape(st.table_) == shape(Table(st.melds, st.rules)), g.position()
    assert changed > 300, changed


def test_properties_s4_s5_cards_in_some_meld_are_those_of_the_listed_melds() -> None:
    """§4, §5: the opening searches keep to the cards lying in some meld, found from the ranks and
    suits held without listing the melds; over random hands (jokers included, every rule set) they
    are the cards of the melds the finder lists."""
    from scala40.cards import FULL_DECK
    from scala40.finder import _covered, all_melds, counts_of
    from scala40.rules import ruleset

    rng = random.Random(4)
    deck = list(FULL_DECK)
    for i in range(3000):
        rules = ruleset(RULES[i % len(RULES)])
        counts = counts_of(rng.sample(deck, rng.choice((3, 5, 9, 14, 20))))
        melds = all_melds(counts, rules)
        expected = [0] * 53
        for m in melds:
            for c in m:
                if c < JOKER_AS:
                    expected[c] = counts[c]
        expected[JOKER] = counts[JOKER]
        assert _covered(counts, rules) == (expected if melds else None), counts


def test_properties_s4_s5_melds_holding_a_card_are_those_listed_for_the_hand() -> None:
    """§4, §5: the melds holding a card (listed from the suit's places near it only, and none
    when no natural card of its suit is near enough) are the hand's melds that hold it; over
    random hands, jokers included, every rule set."""
    from scala40.cards import FULL_DECK
    from scala40.finder import all_melds, counts_of, melds_with
    from scala40.rules import ruleset

    rng = random.Random(5)
    deck = list(FULL_DECK)
    held = 0
    for i in range(2000):
        rules = ruleset(RULES[i % len(RULES)])
        hand = rng.sample(deck, rng.choice((4, 8, 14, 20)))
        counts = counts_of(hand)
        melds = all_melds(counts, rules)
        for k in set(hand) - {JOKER}:
            found = melds_with(k, counts, rules)
            assert sorted(set(found)) == sorted(m for m in melds if k in m), (hand, k)
            held += bool(found)
    assert held > 2000, held
