"""Each game's own choices reach the shell through its spec (issue 30), without the browser:
the rule sets, variants, own settings (house rules), link defaults and fan a game must give
(a spec without them is a registration error, never Dernier's), Dernier's given from
``web/dernier/options.py`` (RULES §2 §12), and saves made before that still load."""

from __future__ import annotations

import dataclasses
from dataclasses import replace
from typing import Any

import pytest

import dernier.rules
from web.dernier import options
from web.shell import games
from web.shell.games import GameSpec
from web.shell.params import Settings, parse_query

#: the fields a spec has always had to give (values of no game)
BASE: dict[str, Any] = {
    "name": "odd",
    "titles": {},
    "seats": (2, 4),
    "session": "m:C",
    "bots": "m",
    "table": "m:T",
    "words": "m",
    "rules_page": "m",
    "help": "m:h",
    "check_view": "m:c",
    "talk": (),
}
OWN: dict[str, Any] = {
    "rule_sets": {"x": (2, 4)},
    "variants": {},
    "options": {},
    "url_defaults": {},
    "fan": (),
    "formats": {"hands:1": {"en": "1 hand"}},
}


@pytest.mark.parametrize("missing", sorted(OWN))
def test_a_spec_that_says_nothing_of_its_choices_is_refused(missing: str) -> None:
    """A game that does not give its rule sets, variants, own settings, link defaults, fan or
    match formats is not registered: the shell has no game's to fall back on."""
    with pytest.raises(TypeError, match=missing):
        GameSpec(**BASE, **{k: v for k, v in OWN.items() if k != missing})


@pytest.mark.parametrize("rule_sets", [{}, {"x": (1, 4)}, {"x": (2, 5)}, {"x": (3, 2)}])
def test_a_spec_needs_rule_sets_within_its_seats(rule_sets: dict[str, tuple[int, int]]) -> None:
    with pytest.raises(ValueError, match="rule sets"):
        games.register(GameSpec(**BASE, **{**OWN, "rule_sets": rule_sets}))
    assert not games.known("odd")


def test_dernier_gives_its_presets_house_rules_and_variants() -> None:
    """RULES §2 (players per preset), §12 (the house rules, off by default), §5 §6 §8 §11
    (the preset fields the panel changes): Dernier's spec says what its rules package does."""
    spec = games.get("dernier")
    assert spec.rule_sets == {
        name: (r.min_players, r.max_players) for name, r in dernier.rules.PRESETS.items()
    }
    fields = {f.name: f for f in dataclasses.fields(dernier.rules.Ruleset)}
    assert dict(spec.options) == {"anticipo": False, "chi_sbaglia_paga": False}
    assert all(fields[k].default == v for k, v in spec.options.items())
    for name, values in spec.variants.items():
        for preset in dernier.rules.PRESETS.values():
            assert getattr(preset, name) in values, name
    assert spec.fan == ("7H", "JK", "AS", "QD", "KC")
    assert spec.check_settings and spec.options_panel


def test_dernier_checks_its_own_settings() -> None:
    """RULES §12: anticipo needs two decks; §1 §2: one deck deals at most 8 cards to six."""
    spec = games.get("dernier")
    assert spec.settings_problems(Settings(options={"anticipo": True})) == [
        "anticipo needs two decks (traditional rules)"
    ]
    traditional = Settings(rules="traditional", options={"anticipo": True}, variants={"hand_size": 10})
    assert spec.settings_problems(traditional) == []
    assert options.max_hand_sizes() == {"official": 8, "traditional": 13}


def test_other_games_take_none_of_dernier_choices() -> None:
    """DOG and Scala 40 accept no Dernier variant or house rule (they once fell back on
    Dernier's), and a game that reads ``rules`` starts on its own first rule set."""
    dog = Settings(game="dog", players=4, rules="standard", levels=("easy",) * 3, variants={"jolly": "wild"})
    assert dog.problems() == ["unknown rule 'jolly'"]
    scala = Settings(game="scala40", rules="classic", options={"anticipo": False})
    assert scala.problems() == ["unknown setting 'anticipo'"]
    assert games.get("dog").options == {} and games.get("scala40").options == {}
    assert parse_query("game=scala40&players=3").settings.options == {}
    assert parse_query("seven_penalty=1").notices[0].code == "unknown_param"  # not a link's


def test_bad_own_settings_are_told() -> None:
    bad = Settings(options="on")  # type: ignore[arg-type]
    assert bad.problems() == ["options must be an object"]
    assert bad.house_rules() == {} and "anticipo" not in bad.match_key()
    assert Settings(options={"anticipo": 1}).problems() == ["anticipo must be true or false"]
    with pytest.raises(ValueError, match="chi_sbaglia_paga must be true or false"):
        Settings.from_dict({**Settings().to_dict(), "chi_sbaglia_paga": "yes"})


def test_dernier_settings_keep_the_shape_of_saves() -> None:
    """A save's settings: Dernier's house rules at the top level, as they always were."""
    s = Settings(rules="traditional", options={"anticipo": True})
    d = s.to_dict()
    assert d["anticipo"] is True and d["chi_sbaglia_paga"] is False
    assert "options" not in d and "game" not in d
    assert Settings.from_dict(d) == s
    assert Settings().options == {"anticipo": False, "chi_sbaglia_paga": False}
    with pytest.raises(ValueError, match="unknown settings: options"):
        Settings.from_dict({**d, "options": {}})


def test_saves_of_other_games_from_before_still_load() -> None:
    """Scala 40's and DOG's saved settings were written with Dernier's house rules (off):
    they load, and are written without them now; one that is on, or any other unknown
    setting, is still refused."""
    scala = Settings(game="scala40", rules="classic", hands=None, target=101, variants={"out_at": 101})
    now = scala.to_dict()
    assert "anticipo" not in now and "chi_sbaglia_paga" not in now
    before = {**now, "anticipo": False, "chi_sbaglia_paga": False}
    assert Settings.from_dict(before) == scala
    with pytest.raises(ValueError, match="anticipo"):
        Settings.from_dict({**before, "anticipo": True})
    with pytest.raises(ValueError, match="stakes"):
        Settings.from_dict({**before, "stakes": False})
    dog = Settings(game="dog", players=4, rules="standard", levels=("easy",) * 3)
    assert Settings.from_dict({**dog.to_dict(), "chi_sbaglia_paga": False}) == dog


def test_remembered_choices_follow_the_game_of_the_visit() -> None:
    """Remembered Dernier choices opened as another game keep none of Dernier's house rules."""
    remembered = Settings(rules="traditional", options={"anticipo": True, "chi_sbaglia_paga": True})
    p = parse_query("game=scala40&lang=it", remembered)
    assert p.settings.options == {} and p.settings.rules == "classic" and p.settings.problems() == []
    back = parse_query("lang=it", replace(p.settings, game="dernier"))
    assert back.settings.options == {"anticipo": False, "chi_sbaglia_paga": False}


@pytest.mark.parametrize("formats", [{}, {"rounds:3": {"en": "3 rounds"}}, {"hands:0": {"en": "none"}}])
def test_a_spec_needs_match_formats_the_shell_reads(formats: dict[str, dict[str, str]]) -> None:
    """The match formats are each game's data (issue 30): none, or one that is neither
    ``hands:N`` nor ``target:P``, is a registration error, never Dernier's choices."""
    with pytest.raises(ValueError, match="formats"):
        games.register(GameSpec(**BASE, **{**OWN, "formats": formats}))
    assert not games.known("odd")


def test_dernier_gives_its_match_formats_as_the_first_paint_lists_them() -> None:
    """RULES §10 (a number of hands or a points target): Dernier's five formats are its
    spec's data, the same values and words as ``index.html``'s ``#opt-format`` (the first
    paint, the default game's) and the build's Italian first paint."""
    import re
    from pathlib import Path

    from web.shell.i18n import choice_text

    html = (Path(__file__).resolve().parent.parent / "index.html").read_text(encoding="utf-8")
    block = re.search(r'<select id="opt-format"[^>]*>(.*?)</select>', html, re.S)
    assert block is not None
    listed = dict(re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', block.group(1)))
    spec = games.get("dernier")
    assert list(spec.formats) == list(listed) == ["hands:1", "hands:3", "hands:5", "target:200", "target:500"]
    assert {v: w["en"] for v, w in spec.formats.items()} == listed
    assert {v: w["it"] for v, w in spec.formats.items()} == {
        v: choice_text("it", "format", v) for v in listed
    }


def test_dog_has_no_match_format_and_hides_the_choice() -> None:
    """DOG RULES §12: a match is a series of games (its ``games`` setting), never hands or
    points: it has no match format (issue 37: not faked as ``hands:1``), reads neither
    ``hands`` nor ``target``, and its saves and links that held them still load."""
    spec = games.get("dog")
    assert dict(spec.formats) == {} and [p.name for p in spec.settings or ()] == ["games"]
    assert not {"hands", "target"} & set(spec.params)
    old = {**Settings(game="dog").to_dict(), "hands": 1, "target": None}
    assert "hands" not in Settings(game="dog").to_dict()
    assert Settings.from_dict(old) == Settings(game="dog")
    parsed = parse_query("game=dog&hands=1&seed=3")
    assert parsed.start and not parsed.notices and parsed.settings.match_format == {}
