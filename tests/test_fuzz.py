"""Fuzz tests (hypothesis): malformed positions and saves.

Only ``dernier.PositionError`` (with a non-empty message naming the problem) may escape
``Game.from_position``; only ``dernier.SaveError`` may escape ``Match.load``. A mutated
input that *is* accepted must then be a usable game: it round-trips, lists legal moves and
plays one of them without crashing, with every card still accounted for.
"""

from __future__ import annotations

import copy
import json
import os
import random
from collections import Counter
from typing import Any

import pytest
from helpers import ONE_DECK, deck, position
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dernier
from dernier import Game, Match

#: examples per fuzz test; DERNIER_FUZZ_EXAMPLES=5000 for a long run
FUZZ = settings(
    max_examples=int(os.environ.get("DERNIER_FUZZ_EXAMPLES", "400")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)

FIELDS = (
    "rules",
    "dealer",
    "turn",
    "direction",
    "hands",
    "draw",
    "discard",
    "suit",
    "wild",
    "pending",
    "drawn",
    "dernier_due",
    "scores",
    "hands_won",
    "hand_no",
    "last_draw",
    "draw_order",
    "move_no",
    "seed",
)
RULE_FIELDS = (
    "decks",
    "jollies_per_deck",
    "min_players",
    "max_players",
    "hand_size",
    "seven_penalty",
    "ace_penalty",
    "jolly_penalty",
    "play_after_draw",
    "jolly",
    "empty_draw",
    "jolly_can_close",
    "dernier_penalty",
    "out_bonus",
    "timeout",
    "turn_seconds",
    "anticipo",
    "chi_sbaglia_paga",
    "chi_sbaglia_penalty",
)
CODES = sorted(set(ONE_DECK))

# --- strategies -----------------------------------------------------------------------------

leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 12),
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([1.0, -1.0, 0.0, 2.5]),
    st.text(max_size=6),
    st.sampled_from(CODES),
    st.sampled_from(["H", "D", "C", "S", "official", "traditional", "JK=7H", "1H", "jk"]),
)
jsonish = st.recursive(
    leaf,
    lambda inner: st.one_of(
        st.lists(inner, max_size=6),
        st.dictionaries(st.one_of(st.sampled_from(FIELDS), st.text(max_size=5)), inner, max_size=6),
    ),
    max_leaves=25,
)


def _base_positions() -> list[dict[str, Any]]:
    """Valid positions of all kinds: fresh deals, mid-hand, chains, due calls, ended."""
    out = []
    for seed in range(40):
        rules = "traditional" if seed % 4 == 3 else "official"
        n = 3 + seed % 5 if rules == "traditional" else 2 + seed % 5
        g = Game.new(players=n, rules=rules, seed=seed)
        rng = random.Random(seed)
        steps = rng.randrange(0, 80)
        for _ in range(steps):
            if g.over:
                break
            legal = g.legal_moves()
            plays = [m for m in legal if m not in ("draw", "pass")]
            g.play(rng.choice(plays) if plays and rng.random() < 0.8 else rng.choice(legal))
        out.append(g.position())
    return out


BASES = _base_positions()


def _check_accepted(g: Game) -> None:
    """An accepted position must be a usable, consistent game."""
    pos = g.position()
    json.dumps(pos)
    assert Game.from_position(pos).position() == pos
    preset = pos["rules"] if isinstance(pos["rules"], str) else pos["rules"].get("preset")
    if isinstance(pos["rules"], str):
        have = Counter([c for h in pos["hands"] for c in h] + pos["draw"] + pos["discard"])
        assert have == Counter(deck(preset))
    legal = g.legal_moves()
    if g.over:
        assert legal == []
        return
    assert legal, f"accepted position has no legal move: {pos}"
    for mv in legal[:3] + legal[-1:]:
        c = Game.from_position(pos)
        c.play(mv)
        c.position()
        c.legal_moves()


def _from_position_only_position_error(pos: Any) -> Game | None:
    try:
        g = Game.from_position(pos)
    except dernier.PositionError as e:
        assert str(e).strip(), "PositionError without a message"
        return None
    return g


# --- positions ---------------------------------------------------------------------------


@FUZZ
@given(value=jsonish)
def test_fuzz_random_values_only_position_error(value: Any) -> None:
    """CONTRACT "Position": any JSON-ish value is either a position or a PositionError."""
    g = _from_position_only_position_error(value)
    if g is not None:  # pragma: no cover - random junk is virtually never a position
        _check_accepted(g)


@FUZZ
@given(text=st.one_of(st.text(max_size=40), st.binary(max_size=40), jsonish.map(json.dumps)))
def test_fuzz_random_text_only_position_error(text: Any) -> None:
    """CONTRACT: a position may be given as JSON text; bad text is a PositionError."""
    _from_position_only_position_error(text)


@FUZZ
@given(
    data=st.fixed_dictionaries(
        {},
        optional={f: st.one_of(jsonish, st.integers(-2, 8)) for f in FIELDS},
    )
)
def test_fuzz_position_shaped_junk_only_position_error(data: dict[str, Any]) -> None:
    """CONTRACT "Position": objects with the right field names and junk values."""
    g = _from_position_only_position_error(data)
    if g is not None:
        _check_accepted(g)


def _card_lists(pos: dict[str, Any]) -> list[list[Any]]:
    lists = [pos.get("draw"), pos.get("discard")]
    hands = pos.get("hands")
    if isinstance(hands, list):
        lists += hands
    return [x for x in lists if isinstance(x, list)]


def _mutate(pos: dict[str, Any], data: st.DataObject) -> None:
    op = data.draw(
        st.sampled_from(
            [
                "set",
                "delete",
                "rename",
                "remove_card",
                "duplicate_card",
                "unknown_card",
                "move_card",
                "junk_card",
                "seat_field",
                "add_seat",
                "drop_seat",
                "rules_field",
                "due",
                "int_field",
                "swap_piles",
            ]
        )
    )
    if op == "set":
        pos[data.draw(st.sampled_from(FIELDS))] = data.draw(jsonish)
    elif op == "delete":
        pos.pop(data.draw(st.sampled_from(FIELDS)), None)
    elif op == "rename":
        f = data.draw(st.sampled_from(FIELDS))
        if f in pos:
            new = data.draw(st.sampled_from([f + "s", f.upper(), f[:-1], "hand", "Turn", f + " "]))
            pos[new] = pos.pop(f)
    elif op in ("remove_card", "duplicate_card", "unknown_card", "junk_card", "move_card"):
        lists = [x for x in _card_lists(pos) if x]
        if not lists:
            return
        lst = data.draw(st.sampled_from(lists))
        i = data.draw(st.integers(0, len(lst) - 1))
        if op == "remove_card":
            del lst[i]
        elif op == "duplicate_card":
            lst.insert(i, lst[i])
        elif op == "unknown_card":
            lst[i] = data.draw(st.sampled_from(["1H", "11S", "ZZ", "jk", "AH ", "", "J", "10"]))
        elif op == "junk_card":
            lst[i] = data.draw(jsonish)
        else:  # move a card to another list: the deck stays complete
            card = lst.pop(i)
            targets = _card_lists(pos)
            if targets:
                data.draw(st.sampled_from(targets)).append(card)
    elif op == "seat_field":
        f = data.draw(st.sampled_from(["turn", "dealer", "direction"]))
        pos[f] = data.draw(
            st.one_of(st.integers(-3, 9), st.sampled_from([None, True, False, 1.0, -1.0, "1", [1]]))
        )
    elif op == "add_seat":
        if isinstance(pos.get("hands"), list):
            pos["hands"].append(data.draw(st.sampled_from([[], ["AH"], None, "AH"])))
    elif op == "drop_seat":
        if isinstance(pos.get("hands"), list) and pos["hands"]:
            dropped = pos["hands"].pop()
            if isinstance(pos.get("draw"), list) and isinstance(dropped, list):
                pos["draw"] = pos["draw"] + dropped
    elif op == "rules_field":
        preset = data.draw(st.sampled_from(["official", "traditional", "chess", None, 5]))
        rule = {"preset": preset, data.draw(st.sampled_from(RULE_FIELDS)): data.draw(jsonish)}
        pos["rules"] = rule
    elif op == "due":
        pos["dernier_due"] = data.draw(st.one_of(st.lists(st.integers(-1, 8), max_size=3), jsonish))
    elif op == "int_field":
        f = data.draw(
            st.sampled_from(
                ["pending", "move_no", "hand_no", "seed", "last_draw", "draw_order", "scores", "hands_won"]
            )
        )
        pos[f] = data.draw(
            st.one_of(
                st.integers(-3, 20),
                st.sampled_from([2.0, True, None, "2", [0, 0], 10**30]),
            )
        )
    elif op == "swap_piles":
        pos["draw"], pos["discard"] = pos.get("discard"), pos.get("draw")


@FUZZ
@given(base=st.sampled_from(BASES), data=st.data())
def test_fuzz_mutated_positions_only_position_error(base: dict[str, Any], data: st.DataObject) -> None:
    """CONTRACT "Position": valid positions with removed/duplicated/unknown/moved cards, bad
    seats, bad types, wrong field names and nested junk: PositionError naming the problem, or
    (if the mutation left it valid) a usable game."""
    pos = copy.deepcopy(base)
    for _ in range(data.draw(st.integers(1, 3))):
        _mutate(pos, data)
    g = _from_position_only_position_error(pos)
    if g is not None:
        _check_accepted(g)


def _numeric_variants() -> list[tuple[int, str, Any, Any]]:
    """(base index, field, index in a list field or None, wrong-typed value) for every
    whole-number field of the base positions: the same number as a float, a bool, a string."""
    out = []
    for b, pos in enumerate(BASES[:8]):
        for field in ("dealer", "turn", "direction", "pending", "move_no", "seed", "hand_no"):
            v = pos.get(field, 1)
            if isinstance(v, int) and not isinstance(v, bool):
                for junk in (float(v), str(v), v == 1, [v]):
                    out.append((b, field, None, junk))
        for field in ("last_draw", "dernier_due"):
            for i, v in enumerate(pos.get(field, [])):
                for junk in (float(v), str(v), v == 1):
                    out.append((b, field, i, junk))
    return out


@pytest.mark.parametrize(("b", "field", "index", "junk"), _numeric_variants())
def test_fuzz_whole_number_fields_of_the_wrong_type(b: int, field: str, index: int | None, junk: Any) -> None:
    """CONTRACT "Position": seats, direction, counts are whole numbers; the same value as a
    float (1.0), a bool or a string is refused with PositionError, or (only where harmless)
    accepted as a usable game."""
    pos = copy.deepcopy(BASES[b])
    if index is None:
        pos[field] = junk
    else:
        pos[field][index] = junk
    g = _from_position_only_position_error(pos)
    if g is not None:
        _check_accepted(g)
        assert not isinstance(g.position()[field], float | str | bool | list), (
            f"{field}={junk!r} accepted and written back as {g.position()[field]!r}"
        )


@pytest.mark.parametrize(
    ("field", "junk", "named"),
    [
        ("hands", [["AH"], "oops"], "hands[1]"),
        ("draw", {"AH": 1}, "draw"),
        ("discard", [None], "discard"),
        ("turn", "1", "turn"),
        ("dealer", 1.5, "dealer"),
        ("pending", -2, "pending"),
        ("dernier_due", 0, "dernier_due"),
        ("rules", {"preset": "official", "decks": "two"}, "decks"),
        ("rules", {"preset": "official", "colour": "red"}, "colour"),
        ("last_draw", "none", "last_draw"),
        ("seed", "abc", "seed"),
        ("hand_no", 0, "hand_no"),
        ("draw_order", [0, 0], "draw_order"),
        ("move_no", 10**6, "move_no"),
        ("pending", 40, "pending"),
        ("scores", [-1, 0], "scores"),
        ("hands_won", [0, -1], "hands_won"),
    ],
)
def test_fuzz_position_errors_name_the_problem(field: str, junk: Any, named: str) -> None:
    """CONTRACT "Position": the PositionError names the offending field."""
    pos = copy.deepcopy(BASES[0])
    pos[field] = junk
    with pytest.raises(dernier.PositionError) as info:
        Game.from_position(pos)
    assert named in str(info.value)


# --- values no game can reach (CONTRACT "Position") -------------------------------------------

CHAIN_BASES = [
    position([["2S", "3S"], ["5D", "6D"]], ["9C", "AD", "AH"], pending=4),
    position([["2S", "3S"], ["5D", "6D"], ["8D"]], ["9C", "JK", "JK"], pending=8, suit="H"),
    position([["2S", "3S"], ["5D", "6D"], ["8D", "9D"]], ["AH"], pending=2, rules="traditional"),
    position([["2S", "3S"], ["5D", "6D"], ["8D", "9D"]], ["9C", "JK", "AH"], pending=4, rules="traditional"),
]


def _run_on_top(pos: dict[str, Any], wild_jollies: bool) -> int:
    """How many cards on top of the discard pile can belong to the pending chain."""
    discard = pos["discard"]
    if discard[-1] == "JK" and pos.get("wild") is None:
        run = 0
        while run < len(discard) and discard[-1 - run] == "JK":
            run += 1
        return run
    if discard[-1] == "JK":
        return 1
    run = 0
    while run < len(discard) and discard[-1 - run].startswith("A"):
        run += 1
    if wild_jollies and run < len(discard) and discard[-1 - run] == "JK":
        run += 1
    return run


def _reachable(g: Game) -> None:
    """An accepted position holds only values a game can reach (RULES §6, §8–§10), checked
    here from the position alone."""
    pos = g.position()
    rules = g.rules
    n = len(pos["hands"])
    over = pos["turn"] is None
    if pos["pending"]:
        jolly_chain = pos["discard"][-1] == "JK" and pos.get("wild") is None
        unit = rules.jolly_penalty if jolly_chain else rules.ace_penalty
        wilds = rules.jolly == "wild" and rules.jollies_per_deck > 0
        if jolly_chain:
            most = rules.decks * rules.jollies_per_deck
        else:
            most = 1 if pos["discard"][-1] == "JK" else 4 * rules.decks + wilds
        assert pos["pending"] <= most * unit, pos["pending"]
        run = _run_on_top(pos, wilds)
        refilled = rules.empty_draw == "reshuffle" and run == len(pos["discard"])
        assert pos["pending"] // unit <= run or refilled, (pos["pending"], pos["discard"][-4:])
    if rules.empty_draw == "end":
        assert (
            pos["move_no"] <= 3 * (rules.deck_size - 1) + 2 * (rules.deck_size - n * rules.hand_size - 1) + 2
        )
    for s, v in enumerate(pos["last_draw"]):
        assert v != 0 or s == (pos["dealer"] - 1) % n
    if pos["drawn"] is not None:
        assert pos["last_draw"][pos["turn"]] >= 1
    order, last = pos["draw_order"], pos["last_draw"]
    ranked = sorted(v for v in order if v >= 0)
    assert ranked == list(range(len(ranked)))
    now = sorted((last[s], order[s]) for s in range(n) if last[s] >= 0)
    assert [o for _, o in now] == sorted(o for _, o in now)
    assert all(o >= len(ranked) - len(now) for _, o in now)
    if "hand_no" in pos:
        scored = pos["hand_no"] - (0 if over else 1)
        if "hands_won" in pos:
            assert sum(pos["hands_won"]) == scored
        if "scores" in pos and scored == 0:
            assert not any(pos["scores"])
    for key in ("scores", "hands_won"):
        assert all(v >= 0 for v in pos.get(key, []))


_small = st.integers(-2, 30)


@FUZZ
@given(
    base=st.sampled_from(BASES + CHAIN_BASES),
    fields=st.fixed_dictionaries(
        {},
        optional={
            "pending": st.one_of(_small, st.sampled_from([2, 4, 6, 8, 10, 12, 16, 18, 20])),
            "move_no": st.one_of(_small, st.integers(0, 400), st.just(10**9)),
            "last_draw": st.lists(st.integers(-1, 12), min_size=2, max_size=8),
            "draw_order": st.lists(st.integers(-2, 8), min_size=2, max_size=8),
            "hand_no": st.integers(0, 5),
            "hands_won": st.lists(st.integers(-1, 4), min_size=2, max_size=8),
            "scores": st.lists(st.sampled_from([-1, 0, 5, 60, 300, 10**6]), min_size=2, max_size=8),
        },
    ),
)
def test_fuzz_unreachable_values_only_position_error(base: dict[str, Any], fields: dict[str, Any]) -> None:
    """CONTRACT "Position": pending, move_no, last_draw, draw_order, hand_no, hands_won and
    scores set to random numbers: either a PositionError naming the problem, or an accepted
    position whose values a game can reach (checked independently)."""
    pos = copy.deepcopy(base)
    pos.update(fields)
    g = _from_position_only_position_error(pos)
    if g is not None:
        _reachable(g)
        _check_accepted(g)


@pytest.mark.parametrize("base", BASES + CHAIN_BASES)
def test_fuzz_bases_are_reachable(base: dict[str, Any]) -> None:
    """The bases themselves (real play and chains by hand) pass the independent checks."""
    _reachable(Game.from_position(base))


@pytest.mark.parametrize("depth", [1000, 100000])
def test_fuzz_deeply_nested_json_position(depth: int) -> None:
    """CONTRACT "Position": deeply nested JSON text is a bad position (PositionError), not a
    RecursionError escaping the parser."""
    for text in ("[" * depth + "]" * depth, '{"a":' * depth + "1" + "}" * depth):
        with pytest.raises(dernier.PositionError):
            Game.from_position(text)


# --- saves ---------------------------------------------------------------------------------


def _base_saves() -> list[dict[str, Any]]:
    out = []
    for seed in range(6):
        rules = "traditional" if seed == 5 else "official"
        m = Match.new(players=3 if rules == "traditional" else 2 + seed % 3, rules=rules, hands=3, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(10, 200)):
            if m.over:
                break
            if m.game.over:
                m.next_hand()
                continue
            legal = m.game.legal_moves()
            plays = [x for x in legal if x not in ("draw", "pass")]
            m.play(rng.choice(plays) if plays and rng.random() < 0.8 else rng.choice(legal))
        if seed == 4 and not m.over:
            m.abandon(1)
        out.append(m.save())
    return out


SAVES = _base_saves()


def _nodes(tree: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(tree, dict):
        for k, v in tree.items():
            out += _nodes(v, (*path, k))
    elif isinstance(tree, list):
        for i, v in enumerate(tree):
            out += _nodes(v, (*path, i))
    return out


def _load_only_save_error(data: Any) -> Match | None:
    try:
        m = Match.load(data)
    except dernier.SaveError as e:
        assert str(e).strip(), "SaveError without a message"
        return None
    return m


@FUZZ
@given(value=st.one_of(jsonish, jsonish.map(json.dumps), st.text(max_size=30), st.binary(max_size=30)))
def test_fuzz_random_values_only_save_error(value: Any) -> None:
    """Match API: any junk given to Match.load is a SaveError."""
    _load_only_save_error(value)


@FUZZ
@given(base=st.sampled_from(SAVES), data=st.data())
def test_fuzz_mutated_saves_only_save_error(base: dict[str, Any], data: st.DataObject) -> None:
    """Match API: a save with any node replaced, removed or duplicated is a SaveError, or
    (if still valid) loads into a usable match."""
    save = copy.deepcopy(base)
    for _ in range(data.draw(st.integers(1, 3))):
        paths = _nodes(save)[1:]
        if not paths:
            break
        path = data.draw(st.sampled_from(paths))
        parent = save
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        op = data.draw(st.sampled_from(["replace", "delete", "duplicate"]))
        if op == "replace":
            parent[key] = data.draw(jsonish)
        elif op == "delete":
            del parent[key]
        elif isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
        else:
            parent[str(key) + "_copy"] = copy.deepcopy(parent[key])
    as_text = data.draw(st.booleans())
    m = _load_only_save_error(json.dumps(save) if as_text else save)
    if m is not None:
        m.position()
        m.legal_moves()
        m.record()


def test_fuzz_saves_load_unchanged() -> None:
    """Match API: the unmutated base saves all load (so the fuzzing starts from valid data)."""
    for save in SAVES:
        m = Match.load(copy.deepcopy(save))
        assert m.position() == save["position"]


@pytest.mark.parametrize("depth", [1000, 100000])
def test_fuzz_deeply_nested_json_save(depth: int) -> None:
    """Match API: deeply nested JSON text is a SaveError, not a RecursionError."""
    with pytest.raises(dernier.SaveError):
        Match.load("[" * depth + "]" * depth)
