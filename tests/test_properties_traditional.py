"""Property tests of the traditional preset and of random combinations of rule-set toggles
(RULES §1–§12): seeded random hands played through Match, with jump-ins (anticipo),
charged illegal plays (chi sbaglia paga) and timeouts (timeout = "penalty") mixed in.

3,000 hands per run by default (DERNIER_HOUSE_PROP_HANDS overrides the total): a third on
the plain traditional preset, the rest on random toggles: anticipo (two decks),
chi_sbaglia_paga (+ its penalty), play_after_draw, jolly suit/wild, empty_draw
end/reshuffle with one or two decks, jolly_can_close, seven_penalty 1/2, hand_size 5–9,
timeout lose/penalty, players within the preset's limits.

After every move: every card of the rule set's deck(s) is there exactly once (108 with two
decks), the seat to act has a legal move, each seat not to act is offered exactly the
jump-in and call that RULES §7/§12 allow (computed here independently), seats owing a call
hold one card. Every jump-in, charged illegal play and timeout is checked for its effect.
On a sample of moves the position round-trips and a game rebuilt from it plays on
identically (reshuffles included). Hands end within a bound; Match.record() replays to the
identical final position.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from typing import Any

import pytest
from helpers import ONE_DECK, SUITS, random_policy

import dernier
from dernier import Card, Game, Match

TOTAL_HANDS = int(os.environ.get("DERNIER_HOUSE_PROP_HANDS", "3000"))
CHUNKS = 12
PER_CHUNK = max(1, TOTAL_HANDS // CHUNKS)
TRADITIONAL_CHUNKS = CHUNKS // 3  # a third of the hands on the plain preset
BOUND = 3000  # moves per hand (the longest of 3,000 hands in development: about 700)
SAMPLE_RATE = 0.04
JUMP_RATE = 0.5  # when some seat may jump in, how often one does
WRONG_RATE = 0.04  # how often the seat to act tries an illegal play of a held card
TIMEOUT_RATE = 0.02  # how often the seat to act times out (timeout = "penalty")
NO_JUMP_RANKS = frozenset({"A", "7", "J", "Q", "K"})
NAMED = [c for c in dict.fromkeys(ONE_DECK) if c != "JK"]


def _kinds(decks: int) -> list[int]:
    return sorted(Card(c).kind for c in ONE_DECK * decks)


DECK_KINDS = {1: _kinds(1), 2: _kinds(2)}


class Stats:
    def __init__(self) -> None:
        self.hands = self.moves = self.jumps = self.jump_calls = 0
        self.wrong = self.refused_wrong = self.timeouts = self.calls = 0
        self.reshuffled = self.went_out = self.pile_out = self.sampled = 0
        self.longest = 0


# --- rule sets -----------------------------------------------------------------------------


def random_rules(rng: random.Random) -> tuple[dict[str, Any], int]:
    """A random valid combination of toggles and a player count within its limits."""
    preset = "official" if rng.random() < 0.2 else "traditional"
    decks = 2 if rng.random() < 0.7 else 1
    lo, hi = (3, 8) if preset == "traditional" else (2, 6)
    sizes = [s for s in range(5, 10) if hi * s + 1 < decks * 54]
    rules: dict[str, Any] = {
        "preset": preset,
        "decks": decks,
        "hand_size": rng.choice(sizes),
        "anticipo": decks == 2 and rng.random() < 0.6,
        "chi_sbaglia_paga": rng.random() < 0.5,
        "play_after_draw": rng.random() < 0.5,
        "jolly": rng.choice(["suit", "wild"]),
        "empty_draw": rng.choice(["end", "reshuffle"]),
        "jolly_can_close": rng.random() < 0.5,
        "seven_penalty": rng.choice([1, 2]),
        "timeout": rng.choice(["lose", "penalty"]),
    }
    if rng.random() < 0.3:
        rules["chi_sbaglia_penalty"] = rng.choice([0, 1, 3])
    return rules, rng.randint(lo, hi)


def test_random_rules_are_valid_and_cover_every_toggle() -> None:
    """The generator itself: every combination it makes is a valid rule set (RULES §1–§12),
    and over 500 draws every toggle takes each of its values."""
    rng = random.Random(0)
    seen: dict[str, set[Any]] = {}
    for _ in range(500):
        rules, n = random_rules(rng)
        rs = dernier.ruleset(rules)
        assert rs.min_players <= n <= rs.max_players
        for k, v in rules.items():
            seen.setdefault(k, set()).add(v)
    for k, v in seen.items():
        if k not in ("preset", "hand_size", "chi_sbaglia_penalty"):
            assert len(v) >= 2, (k, v)
    assert seen["hand_size"] == {5, 6, 7, 8, 9}


# --- checks -------------------------------------------------------------------------------


def _check_state(g: Game) -> None:
    """Cheap invariants on the engine state after every move."""
    s = g.state
    rs = s.rules
    cards = [k for h in s.hands for k in h]
    cards += s.draw
    cards += s.discard
    assert len(cards) == rs.deck_size
    cards.sort()
    assert cards == DECK_KINDS[rs.decks], "cards are not all accounted for exactly once"
    if s.turn >= 0:
        assert all(s.hands), "a seat has no cards but the hand is not over"
        for seat in s.due:
            assert len(s.hands[seat]) == 1, "a seat owes a Dernier call without one card"
        if rs.empty_draw == "end":
            assert s.draw, "the draw pile is empty but the hand is not over (empty_draw = end)"
        assert s.pending % 2 == 0
    else:
        assert not s.due and not s.pending


def _expected_other(pos: dict[str, Any], rules: dernier.Ruleset, seat: int) -> list[str]:
    """RULES §7/§12 read here: what a seat not to act may play: the jump-in with the card
    identical to a normal top card if it holds more than one card, and 'dernier' if due."""
    out: list[str] = []
    top = pos["discard"][-1]
    hand = pos["hands"][seat]
    if rules.anticipo and top != "JK" and top[:-1] not in NO_JUMP_RANKS and len(hand) > 1 and top in hand:
        out.append(top)
        if len(hand) == 2:
            out.append(top + "!")
    if seat in pos["dernier_due"]:
        out.append("dernier")
    return sorted(out)


def _illegal_plays(pos: dict[str, Any], legal: list[str], rng: random.Random) -> list[str]:
    """Play moves of cards held by the seat to act that are not legal now."""
    hand = pos["hands"][pos["turn"]]
    forms: list[str] = []
    for c in dict.fromkeys(hand):
        if c == "JK":
            named = rng.choice(NAMED)
            body = f"JK={named}:{rng.choice(SUITS)}" if named[:-1] == "J" else f"JK={named}"
            forms += [body, f"JK:{rng.choice(SUITS)}"]
        elif c[:-1] == "J":
            forms.append(f"{c}:{rng.choice(SUITS)}")
        else:
            forms.append(c)
    forms += [f + "!" for f in forms]
    bad = set(legal)
    return [f for f in forms if f not in bad]


class Hand:
    """One random hand of a Match, with a twin Game rebuilt from a sampled position."""

    def __init__(self, seed: int, rules: dict[str, Any] | str, players: int, stats: Stats) -> None:
        self.rng = random.Random(seed * 7919 + players)
        self.m = Match.new(players=players, rules=rules, hands=1, seed=seed)
        self.g = self.m.game
        self.rs = self.g.rules
        self.n = players
        self.stats = stats
        self.twin: Game | None = None

    # acting on the match and the twin alike
    def _do(self, kind: str, move: str = "", seat: int | None = None) -> None:
        if kind == "timeout":
            self.m.timeout()
            if self.twin is not None:
                self.twin.timeout()
        else:
            self.m.play(move, seat)
            if self.twin is not None:
                self.twin.play(move, seat)
        if self.twin is not None:
            assert self.twin.position() == self.g.position(), (kind, move, seat)
            self.twin = None

    def run(self) -> None:
        g, rng, st = self.g, self.rng, self.stats
        _check_state(g)
        while not g.over:
            assert g.state.move_no <= BOUND, f"hand did not end within {BOUND} moves: {g.position()}"
            pos = g.position()
            turn = pos["turn"]
            for seat in range(self.n):
                if seat != turn:
                    assert g.legal_moves(seat) == _expected_other(pos, self.rs, seat), (seat, pos)
            legal = g.legal_moves()
            assert legal, f"seat {turn} has no legal move: {pos}"
            if rng.random() < SAMPLE_RATE:
                self._sample(pos, legal)
            # due seats call, or forget
            for seat in list(pos["dernier_due"]):
                if rng.random() < 0.6:
                    self._do("play", "dernier", seat)
                    st.calls += 1
            if pos["dernier_due"]:
                pos = g.position()
            jumpers = [
                s for s in range(self.n) if s != turn and any(m != "dernier" for m in g.legal_moves(s))
            ]
            if jumpers and rng.random() < JUMP_RATE:
                self._jump(pos, rng.choice(jumpers))
            elif rng.random() < WRONG_RATE:
                self._wrong(pos, g.legal_moves())
            elif self.rs.timeout == "penalty" and rng.random() < TIMEOUT_RATE:
                self._timeout(pos)
            else:
                mv = random_policy(rng, g.legal_moves())
                self._do("play", mv)
            st.moves += 1
            _check_state(g)
        self._finish()

    def _sample(self, pos: dict[str, Any], legal: list[str]) -> None:
        g = self.g
        twin = Game.from_position(pos)
        assert twin.position() == pos
        assert twin.legal_moves() == legal
        if self.rng.random() < 0.2:
            assert Game.from_position(json.dumps(pos)).position() == pos
        # a card the seat to act does not hold, and a non-jump play by another seat: refused
        held = set(pos["hands"][pos["turn"]])
        absent = [c for c in NAMED if c not in held and c[:-1] != "J"] or ["2H"]
        for mv, seat in (
            (self.rng.choice(absent), None),
            (self.rng.choice(NAMED), self.rng.randrange(self.n)),
        ):
            if seat is None and mv in held:
                continue
            if seat is not None and (seat == pos["turn"] or mv in g.legal_moves(seat)):
                continue
            if mv[:-1] == "J":
                mv += ":H"
            charged = self.rs.chi_sbaglia_paga and self.rs.chi_sbaglia_penalty
            if seat is not None and charged and mv.split(":")[0] in pos["hands"][seat]:
                # RULES §12 [decided]: a held card played out of turn costs cards, the turn stays
                c = g.copy()
                c.play(mv, seat=seat)
                after = c.position()
                assert c.last_penalty and "§12" in c.last_penalty
                assert c.over or (after["turn"] == pos["turn"] and after["drawn"] == pos["drawn"])
                assert after["discard"][-1] == pos["discard"][-1]
                assert len(after["hands"][seat]) >= len(pos["hands"][seat])
                assert g.position() == pos
                continue
            with pytest.raises(dernier.IllegalMove):
                g.play(mv, seat=seat)
            assert g.position() == pos
        self.twin = twin
        self.stats.sampled += 1

    def _jump(self, pos: dict[str, Any], seat: int) -> None:
        g, st = self.g, self.stats
        moves = [m for m in g.legal_moves(seat) if m != "dernier"]
        mv = self.rng.choice(moves)
        top = pos["discard"][-1]
        assert mv.rstrip("!") == top
        self._do("play", mv, seat)
        st.jumps += 1
        if g.over:  # a window penalty emptied the (official) draw pile first
            assert self.rs.empty_draw == "end" and pos["dernier_due"]
            return
        after = g.position()
        assert len(after["hands"][seat]) == len(pos["hands"][seat]) - 1
        assert after["discard"][-1] == top
        assert after["turn"] == (seat + pos["direction"]) % self.n, "play goes on after the jumper"
        assert after["direction"] == pos["direction"]
        assert after["drawn"] is None
        for s in pos["dernier_due"]:  # open windows closed by the jump-in
            if s != seat:
                assert len(after["hands"][s]) == len(pos["hands"][s]) + self.rs.dernier_penalty or (
                    self.rs.empty_draw == "end"
                )
        left_one = len(after["hands"][seat]) == 1
        assert (seat in after["dernier_due"]) == (left_one and not mv.endswith("!"))
        st.jump_calls += mv.endswith("!")

    def _wrong(self, pos: dict[str, Any], legal: list[str]) -> None:
        g, st, rs = self.g, self.stats, self.rs
        if pos["dernier_due"] and pos != g.position():  # pragma: no cover - refreshed above
            pos = g.position()
        bad = _illegal_plays(pos, legal, self.rng)
        if not bad:
            self._do("play", random_policy(self.rng, legal))
            return
        mv = self.rng.choice(bad)
        turn = pos["turn"]
        if not (rs.chi_sbaglia_paga and rs.chi_sbaglia_penalty):
            with pytest.raises(dernier.IllegalMove):
                g.play(mv)
            assert g.position() == pos
            st.refused_wrong += 1
            self._do("play", random_policy(self.rng, legal))
            return
        available = len(pos["draw"]) + (len(pos["discard"]) - 1 if rs.empty_draw == "reshuffle" else 0)
        self._do("play", mv)
        st.wrong += 1
        after = g.position()
        assert g.last_penalty and "§12" in g.last_penalty
        due = pos["dernier_due"]
        # like any move of the seat to act, a charged play first closes open Dernier windows
        assert after["dernier_due"] == []
        for s in range(self.n):
            if s != turn and s not in due:
                assert after["hands"][s] == pos["hands"][s]
        if not due:
            got = min(rs.chi_sbaglia_penalty, available)
            assert len(after["hands"][turn]) == len(pos["hands"][turn]) + got
            assert Counter(after["hands"][turn]) - Counter(pos["hands"][turn]) == Counter(
                after["hands"][turn][len(pos["hands"][turn]) :]
            )
        else:
            for s in due:
                assert len(after["hands"][s]) >= len(pos["hands"][s])
        assert after["discard"][-1] == pos["discard"][-1]
        assert after["move_no"] == pos["move_no"] + 1
        if g.over:  # the penalty emptied the draw pile (empty_draw = end)
            assert rs.empty_draw == "end" and after["draw"] == []
            return
        assert after["turn"] == turn, "the same seat is still to act"
        assert (after["pending"], after["suit"], after["wild"]) == (pos["pending"], pos["suit"], pos["wild"])
        assert after["drawn"] == pos["drawn"]

    def _timeout(self, pos: dict[str, Any]) -> None:
        g = self.g
        turn = pos["turn"]
        top = pos["discard"][-1]
        # a dealer timing out on a turned-up official Jolly keeps its +4 for the next player
        jolly_first = (
            top == "JK" and pos["suit"] is None and len(pos["discard"]) == 1 and self.rs.jolly == "suit"
        )
        self._do("timeout")
        self.stats.timeouts += 1
        assert g.moves[-1] == (turn, "timeout")
        if g.over:
            return
        after = g.position()
        assert after["turn"] == (turn + pos["direction"]) % self.n
        assert after["pending"] == (self.rs.jolly_penalty if jolly_first else 0)
        assert after["drawn"] is None
        assert len(after["hands"][turn]) > len(pos["hands"][turn]) or not after["draw"]

    def _finish(self) -> None:
        g, m, st = self.g, self.m, self.stats
        assert g.turn is None
        for seat in range(self.n):
            assert g.legal_moves(seat) == []
        st.longest = max(st.longest, g.state.move_no)
        if g.went_out:
            st.went_out += 1
            winner = g.hand_winner
            assert winner is not None and g.position()["hands"][winner] == []
            last_seat, last = g.moves[-1]
            assert last_seat == winner
            if not self.rs.jolly_can_close:
                assert not last.startswith("JK"), "a Jolly closed the hand (jolly_can_close = false)"
        else:
            st.pile_out += 1
            assert self.rs.empty_draw == "end" and g.position()["draw"] == []
        st.reshuffled += bool(g.reshuffle_orders())
        rec = m.record()
        if self.rng.random() < 0.1:
            rec = json.loads(json.dumps(rec))
        m2 = dernier.replay(rec)
        assert m2.position() == m.position(), "the record does not replay to the final position"
        assert m2.game.moves == g.moves
        st.hands += 1


# --- the runs -------------------------------------------------------------------------------


@pytest.mark.parametrize("chunk", range(TRADITIONAL_CHUNKS))
def test_properties_traditional_preset_hands(chunk: int) -> None:
    """RULES traditional preset (two decks, 9 cards, 7 → 1, draw and pass, wild Jolly that
    may not close, reshuffle, timeout = penalty), 3–8 players: cards conserved (108), a
    legal move always there, only the allowed out-of-turn moves offered, timeouts cost the
    turn and a card, positions round-trip, hands end, records replay."""
    stats = Stats()
    for i in range(PER_CHUNK):
        seed = chunk * PER_CHUNK + i
        Hand(seed, "traditional", 3 + seed % 6, stats).run()
    assert stats.hands == PER_CHUNK
    if PER_CHUNK >= 100:
        assert stats.timeouts > 0 and stats.reshuffled > 0 and stats.calls > 0
        assert stats.refused_wrong > 0 and stats.jumps == 0 and stats.wrong == 0


@pytest.mark.parametrize("chunk", range(TRADITIONAL_CHUNKS, CHUNKS))
def test_properties_random_rule_toggles(chunk: int) -> None:
    """RULES §1–§12 over random combinations of rule-set toggles: the same invariants, plus
    jump-ins by random seats not to act (RULES §12 anticipo: play goes on after the jumper,
    windows close, a jump to one card needs the call), charged illegal plays (chi sbaglia
    paga: exactly the penalty, the same seat acts, nothing else moves; refused when off)."""
    stats = Stats()
    for i in range(PER_CHUNK):
        seed = 100_000 + chunk * PER_CHUNK + i
        rules, players = random_rules(random.Random(seed))
        try:
            Hand(seed, rules, players, stats).run()
        except AssertionError as e:
            raise AssertionError(f"seed {seed}, rules {rules}, {players} players: {e}") from e
    assert stats.hands == PER_CHUNK
    if PER_CHUNK >= 100:
        assert stats.jumps > 0 and stats.jump_calls > 0 and stats.wrong > 0 and stats.refused_wrong > 0
        assert stats.timeouts > 0 and stats.went_out > 0 and stats.pile_out > 0 and stats.reshuffled > 0
