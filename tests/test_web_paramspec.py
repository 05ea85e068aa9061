"""Each game's settings as one typed description (issue 37: "match formats and variants as one
typed parameter description per game, like OpenSpiel's parameter spec"): the
:class:`web.shell.paramspec.Param` records, each game's list in its own ``web/<game>/game.py``,
and the shell reading links, saves, remembered choices and invitations from that list only (a
game whose settings no other game has works end to end), while every link, save and
preference made before still reads as it did."""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from web.shell import games
from web.shell.games import GameSpec
from web.shell.params import (
    Settings,
    game_defaults,
    match_query,
    one_deal,
    parse_query,
    read_prefs,
    share_query,
    start_params,
)
from web.shell.paramspec import (
    BOOL,
    CHOICE,
    FORMAT,
    INT,
    OPTION,
    VARIANT,
    Param,
    check_list,
    format_entries,
    format_entry,
    read_format_entry,
)

ROOT = Path(__file__).resolve().parent.parent

# -- the description itself -------------------------------------------------------------------


def test_a_whole_number_takes_its_range_and_says_what_is_wrong() -> None:
    p = Param("rounds", INT, 3, values=range(1, 10), role=FORMAT, url=True)
    assert p.accepts(1) and p.accepts(9) and not p.accepts(10) and not p.accepts(0)
    assert not p.accepts(True) and not p.accepts("3") and not p.accepts(None)
    assert p.problem(12) == "rounds out of range"
    assert p.problem("3") == "rounds must be a whole number"
    assert p.problem(True) == "rounds must be a whole number"
    assert p.problem(4) is None
    assert [p.read(t) for t in ("4", " 7 ", "+2", "10", "x", "", "4.0", "٣")] == [
        4,
        7,
        2,
        None,
        None,
        None,
        None,
        None,
    ]
    assert p.expected() == "1–9"


def test_a_choice_and_an_on_off_setting() -> None:
    jolly = Param("style", CHOICE, "suit", values=("suit", "wild"))
    assert jolly.accepts("wild") and not jolly.accepts("WILD") and jolly.problem("x") == "bad value for style"
    assert jolly.read("wild") == "wild" and jolly.read("Wild") is None and jolly.expected() == "suit, wild"
    penalty = Param("penalty", CHOICE, 2, values=(2, 1), role=VARIANT)
    assert penalty.accepts(1) and not penalty.accepts(True)  # a bool is not the number 1
    assert penalty.read("1") == 1
    on = Param("fast", BOOL, False, url=True)
    assert on.values == (False, True) and on.accepts(True) and not on.accepts(1)
    assert on.problem("yes") == "fast must be true or false"
    assert [on.read(t) for t in ("true", "1", "FALSE", "0", "yes")] == [True, True, False, False, None]
    assert on.text(True) == "true" and on.expected() == "false, true"


@pytest.mark.parametrize(
    "make",
    [
        lambda: Param("n", INT, 0, values=range(1, 5)),  # a default it does not take
        lambda: Param("n", "float", 1.0),
        lambda: Param("n", INT, 1, values=range(1, 5), role="other"),
        lambda: Param("two words", BOOL, False),
        lambda: Param("n", INT, 1, values=range(1, 5), common=(9,)),
        lambda: Param("n", INT, 1, values=range(1, 5), link_default=7),
        lambda: Param("n", INT, 1, values=range(1, 5), role=FORMAT, offer={6: {"en": "six"}}),
    ],
)
def test_a_description_that_contradicts_itself_is_refused(make: Any) -> None:
    with pytest.raises(ValueError):
        make()


def test_a_list_names_each_setting_once_and_a_format_group_has_one_default() -> None:
    a = Param("a", INT, 1, values=range(1, 5), role=FORMAT, group="g", optional=True)
    b = Param("b", INT, None, values=range(1, 5), role=FORMAT, group="g", optional=True)
    check_list("x", (a, b))
    with pytest.raises(ValueError, match="twice"):
        check_list("x", (a, a))
    with pytest.raises(ValueError, match="one setting of the group g has the default"):
        check_list("x", (a, dataclasses.replace(b, default=2)))
    with pytest.raises(ValueError, match="optional"):
        check_list("x", (dataclasses.replace(a, optional=False), b))


def test_the_start_forms_format_choice_is_made_from_the_description() -> None:
    a = Param(
        "hands", INT, 3, values=range(1, 9), role=FORMAT, group="g", optional=True, offer={1: {"en": "1"}}
    )
    b = Param(
        "goal",
        INT,
        None,
        values=range(50, 99),
        role=FORMAT,
        group="g",
        optional=True,
        offer={60: {"en": "60"}},
    )
    assert list(format_entries((a, b))) == ["hands:1", "goal:60"]
    assert format_entry((a, b), {"hands": None, "goal": 60}) == "goal:60"
    assert format_entry((a, b), {"hands": None, "goal": None}) == ""
    assert read_format_entry((a, b), "goal:60") == {"hands": None, "goal": 60}
    assert read_format_entry((a, b), "hands:2") == {"hands": 2, "goal": None}
    for bad in ("goal:7", "other:1", "hands", ""):
        assert read_format_entry((a, b), bad) is None


# -- each game's own list ---------------------------------------------------------------------


def test_each_game_declares_its_own_list_and_the_views_come_from_it() -> None:
    """Dernier: its format (RULES §10) and house rules (§12) and panel variants; Scala 40: a
    whole match or one hand, out_at and reentries (§12); DOG: its series (§12) and nothing else."""
    own = {g.name: [(p.name, p.role) for p in g.settings or ()] for g in games.registered()}
    assert own["dernier"][:4] == [
        ("hands", FORMAT),
        ("target", FORMAT),
        ("anticipo", OPTION),
        ("chi_sbaglia_paga", OPTION),
    ]
    assert {r for _, r in own["dernier"][4:]} == {VARIANT}
    assert own["scala40"] == [
        ("target", FORMAT),
        ("hands", FORMAT),
        ("out_at", VARIANT),
        ("reentries", VARIANT),
    ]
    assert own["dog"] == [("games", VARIANT)]
    for spec in games.registered():
        params = spec.settings or ()
        assert dict(spec.options) == {p.name: p.default for p in params if p.role == OPTION}
        assert set(spec.variants) == {p.name for p in params if p.role == VARIANT}
        assert spec.formats == format_entries(params)
        for p in params:
            if p.url:
                assert p.name in spec.params
            if p.label:
                assert p.label["en"] and p.label["it"], p.name


def test_the_settings_live_in_each_games_folder_and_the_shell_names_none_of_them() -> None:
    """The names of the games' settings appear in no code of the shell's parameter reading and
    start form (docstrings and comments are free): they come from the list."""
    names = {p.name for g in games.registered() for p in g.settings or ()}
    for rel in (
        "web/shell/params.py",
        "web/shell/setup_screen.py",
        "web/shell/paramspec.py",
    ):
        found = sorted(set(_code_words(ROOT / rel)) & names)
        assert not found, f"{rel} names {found}"


def _code_words(path: Path) -> Iterator[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    modules = {a.asname or a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}
    docs = {
        id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield node.value
        elif isinstance(node, ast.Name) and node.id not in modules:  # the shell's module ``games``
            yield node.id
        elif isinstance(node, ast.Attribute) and not (
            isinstance(node.value, ast.Name) and node.value.id == "evt"
        ):
            yield node.attr  # (a DOM event's ``evt.target`` is the browser's word)
        elif isinstance(node, ast.keyword) and node.arg:
            yield node.arg


def test_links_that_started_a_match_before_still_do() -> None:
    """The keys that start a match are the ones they were (CONTRACT "In the page", scala40 and
    dog CONTRACT): the house's, the game's own from its list, and the keys its older links had."""
    assert set(start_params("dernier")) == {"players", "rules", "levels", "seed", "hands", "target"}
    assert set(start_params("scala40")) == {
        "players",
        "rules",
        "levels",
        "seed",
        "hands",
        "target",
        "out_at",
        "reentries",
    }
    assert set(start_params("dog")) == {"players", "rules", "levels", "seed", "hands", "target", "games"}


@pytest.mark.parametrize(
    ("query", "fmt", "variants"),
    [
        ("players=3&hands=5", {"hands": 5, "target": None}, {}),
        ("players=3&target=200", {"hands": None, "target": 200}, {}),
        ("seed=4", {"hands": 1, "target": None}, {}),
        ("game=scala40&players=2", {"target": 101, "hands": None}, {}),
        ("game=scala40&hands=1&out_at=201", {"target": None, "hands": 1}, {"out_at": 201}),
        ("game=scala40&target=101", {"target": 101, "hands": None}, {}),  # an older link: read as before
        ("game=dog&games=3", {}, {"games": 3}),
        ("game=dog&hands=1", {}, {}),  # an older DOG link: starts its match, says nothing more
    ],
)
def test_a_link_reads_the_games_own_settings(
    query: str, fmt: dict[str, Any], variants: dict[str, Any]
) -> None:
    p = parse_query(query)
    assert p.start and not p.notices, p.notices
    assert p.settings.match_format == fmt and p.settings.variants == variants
    assert p.settings.problems() == []


@pytest.mark.parametrize(
    ("query", "param", "detail"),
    [
        ("hands=0", "hands", "1–99"),
        ("target=20", "target", "50–10000"),
        ("game=scala40&hands=3", "hands", "1"),
        ("game=scala40&out_at=20", "out_at", "50–1000"),
        ("game=dog&games=10", "games", "1–9"),
    ],
)
def test_a_bad_value_gets_a_notice_naming_what_it_takes(query: str, param: str, detail: str) -> None:
    p = parse_query(query)
    assert [(n.code, n.param, n.detail) for n in p.notices] == [("bad_param", param, detail)]
    assert p.settings.problems() == []  # the game's link default kept


def test_two_formats_of_one_group_keep_the_first_and_say_so() -> None:
    p = parse_query("hands=3&target=500")
    assert (p.settings.hands, p.settings.target) == (3, None)
    assert [(n.code, n.param, n.value, n.detail) for n in p.notices] == [
        ("one_format", "target", "500", "hands")
    ]
    from web.shell.i18n import t

    assert t("en", "one_format", param="target", value="500", detail="hands") == (
        "A match has hands or target, not both: ignored target=500"
    )
    assert "non entrambi" in t("it", "one_format", param="target", value="500", detail="hands")


# -- the settings object ------------------------------------------------------------------------


def test_settings_default_to_their_own_games_spec() -> None:
    assert Settings().match_format == {"hands": 3, "target": None} and Settings().rules == "official"
    s40 = Settings(game="scala40")
    assert (s40.rules, s40.players, s40.match_format) == ("classic", 3, {"target": 101, "hands": None})
    dog = Settings(game="dog")
    assert (dog.rules, dog.players, dog.levels, dog.match_format, dog.options) == (
        "standard",
        4,
        ("medium",) * 3,
        {},
        {},
    )
    for name in ("dernier", "scala40", "dog"):
        assert Settings(game=name) == game_defaults(name) and game_defaults(name).problems() == []


def test_a_games_setting_is_a_keyword_and_an_attribute() -> None:
    s = Settings(target=200)  # given alone: the others of its group none
    assert (s.hands, s.target) == (None, 200) and s.problems() == []
    assert Settings(game="scala40", hands=1).match_format == {"target": None, "hands": 1}
    assert Settings(anticipo=True, rules="traditional").options["anticipo"] is True
    with pytest.raises(TypeError, match="games"):
        Settings(game="scala40", games=3)  # DOG's, not Scala 40's
    with pytest.raises(TypeError, match="variants"):
        Settings(game="dog", games=3)  # a rule-set field is given in variants
    with pytest.raises(AttributeError):
        _ = Settings(game="dog").hands
    assert Settings(game="dog", hands=1) == Settings(game="dog")  # an older key: set aside


def test_saves_keep_the_shape_they_always_had() -> None:
    """A save's settings: the house's fields, the format and the house rules at the top level,
    the variants in ``variants`` (Dernier's naming no game, as always)."""
    d = Settings().to_dict()
    assert list(d) == [
        "players", "rules", "levels", "seed", "hands", "target", "lang", "delay", "name", "timer",
        "anticipo", "chi_sbaglia_paga", "variants", "names", "standin", "grace",
    ]  # fmt: skip
    s40 = Settings(game="scala40", variants={"out_at": 201}).to_dict()
    assert (s40["hands"], s40["target"], s40["variants"], s40["game"]) == (
        None,
        101,
        {"out_at": 201},
        "scala40",
    )
    for s in (Settings(), Settings(game="scala40", hands=1), Settings(game="dog", variants={"games": 3})):
        assert Settings.from_dict(s.to_dict()) == s


def test_a_setting_of_another_game_in_a_save_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="unknown settings: games"):
        Settings.from_dict({**Settings().to_dict(), "games": 3})
    with pytest.raises(ValueError, match="a match has either target or hands"):
        Settings.from_dict({**Settings(game="scala40").to_dict(), "hands": 1})
    with pytest.raises(ValueError, match="unknown rule 'games'"):
        Settings.from_dict({**Settings(game="scala40").to_dict(), "variants": {"games": 2}})


def test_remembered_choices_of_the_older_shape_read_for_each_game() -> None:
    """Dernier-shaped choices (what the menu wrote for every game before issue 37) set aside
    with a reason for Scala 40 and DOG, read as they are for Dernier."""
    older = Settings().to_dict()
    assert read_prefs(older, "dernier") == (Settings(), None)
    for game in ("scala40", "dog"):
        s, why = read_prefs({**older, "lang": "it"}, game)
        assert why and s == dataclasses.replace(game_defaults(game), lang="it")


def test_invitations_carry_the_games_own_settings_and_read_back() -> None:
    s = Settings(
        game="scala40", players=2, levels=("friend",), hands=1, variants={"out_at": 301, "reentries": 1}
    )
    assert (
        match_query(s) == "game=scala40&players=2&rules=classic&levels=friend&hands=1&out_at=301&reentries=1"
    )
    assert share_query(s) == match_query(s)
    dog = Settings(game="dog", levels=("friend", "easy", "friend"), variants={"games": 5})
    assert match_query(dog) == "game=dog&levels=friend,easy,friend&games=5"
    assert parse_query(match_query(dog)).settings.variants == {"games": 5}


def test_a_lesson_is_one_deal_of_each_game() -> None:
    assert one_deal("dernier") == {"hands": 1, "target": None}
    assert one_deal("scala40") == {"target": None, "hands": 1}
    assert one_deal("dog") == {}


# -- a game the shell has never heard of -----------------------------------------------------------


@pytest.fixture
def rounds() -> Iterator[GameSpec]:
    """A game whose settings no registered game has: a match of N rounds or to a score, a
    house rule links carry, a rule-set choice."""
    base = games.get("dog")
    spec = dataclasses.replace(
        base,
        name="rounds",
        seats=(2, 4),
        params=("players", "levels", "seed"),
        rule_sets={"plain": (2, 4)},
        defaults={},
        retired={},
        one_deal={"rounds": 1},
        settings=(
            Param(
                "rounds",
                INT,
                2,
                values=range(1, 8),
                role=FORMAT,
                group="len",
                optional=True,
                url=True,
                offer={2: {"en": "2"}},
            ),
            Param(
                "score", INT, None, values=range(10, 100), role=FORMAT, group="len", optional=True, url=True
            ),
            Param("doubles", BOOL, False, url=True),
            Param("deck", CHOICE, None, values=("short", "long"), role=VARIANT),
        ),
        variants=games.UNSAID,
        options=games.UNSAID,
        numbers=games.UNSAID,
        formats=games.UNSAID,
        url_defaults=games.UNSAID,
    )
    games.register(spec)
    try:
        yield games.get("rounds")
    finally:
        games.unregister("rounds")


def test_a_new_game_s_settings_work_end_to_end_from_its_list_only(rounds: GameSpec) -> None:
    assert rounds.formats == {"rounds:2": {"en": "2"}} and dict(rounds.options) == {"doubles": False}
    s = Settings(game="rounds")
    assert (s.players, s.levels, s.match_format, s.options) == (
        2,
        ("medium",),
        {"rounds": 2, "score": None},
        {"doubles": False},
    )
    p = parse_query("game=rounds&score=40&doubles=true&players=3")
    assert p.start and not p.notices
    assert p.settings.match_format == {"rounds": None, "score": 40} and p.settings.options == {
        "doubles": True
    }
    assert match_query(p.settings) == "game=rounds&players=3&levels=medium,medium&score=40&doubles=true"
    assert parse_query(match_query(p.settings)).settings == p.settings
    assert Settings.from_dict(p.settings.to_dict()) == p.settings
    bad = parse_query("game=rounds&rounds=9&hands=3")
    assert [(n.code, n.param) for n in bad.notices] == [("unknown_param", "hands"), ("bad_param", "rounds")]
    assert bad.settings.match_format == {"rounds": 2, "score": None}  # its link default, never Dernier's
    assert one_deal("rounds") == {"rounds": 1, "score": None}
    assert Settings(game="rounds", variants={"deck": "long"}).house_rules() == {"deck": "long"}
    assert Settings(game="rounds", variants={"deck": "huge"}).problems() == ["bad value for deck"]
