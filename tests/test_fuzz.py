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
from helpers import ONE_DECK, deck
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
        f = data.draw(st.sampled_from(["pending", "move_no", "hand_no", "seed", "last_draw"]))
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
    ],
)
def test_fuzz_position_errors_name_the_problem(field: str, junk: Any, named: str) -> None:
    """CONTRACT "Position": the PositionError names the offending field."""
    pos = copy.deepcopy(BASES[0])
    pos[field] = junk
    with pytest.raises(dernier.PositionError) as info:
        Game.from_position(pos)
    assert named in str(info.value)


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
