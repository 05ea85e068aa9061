"""Each game's remembered choices are its own (issue 37), without a browser: choices that are
another game's, or that cannot be read, are set aside (the game's defaults, the house's own
preferences kept) and never stop the start."""

from __future__ import annotations

import json

import pytest
from test_page_settings import DERNIER_SHAPED

from web.shell import games
from web.shell.params import Settings, read_prefs
from web.shell.session import MemoryStorage, SaveProblem, Session, Store


@pytest.mark.parametrize("game", ["scala40", "dog"])
def test_the_dernier_shaped_choices_todays_menu_wrote_are_read_without_failing(game: str) -> None:
    """What the menu's language wrote into ``scala40.prefs.v1`` / ``dog.prefs.v1`` before
    issue 37 (Dernier's settings, naming no game) reads as the game's own defaults, the
    language and the other house preferences kept, and is written back as the game's."""
    spec = games.get(game)
    store = Store(
        MemoryStorage({spec.key("prefs"): json.dumps({**DERNIER_SHAPED, "lang": "it", "delay": 0})}), game
    )
    prefs = store.prefs("en")
    assert prefs is not None and prefs.game == game and prefs.rules == next(iter(spec.rule_sets))
    assert (prefs.lang, prefs.delay) == ("it", 0)
    assert prefs.problems() == [] and prefs.house_rules() == {}
    assert store.prefs_problem and "dernier" in store.prefs_problem
    again = Store(store.storage, game)
    assert again.prefs() == prefs and again.prefs_problem is None  # said once


@pytest.mark.parametrize("game", ["dernier", "scala40", "dog"])
@pytest.mark.parametrize(
    "data",
    [None, [1], "text", {"game": 7}, {"game": "chess"}, {"players": "x", "game": "?"}, {"levels": 3}],
)
def test_choices_the_page_cannot_read_give_the_games_defaults(game: str, data: object) -> None:
    settings, problem = read_prefs(data, game, "it")
    assert problem and settings.game == game and settings.problems() == []
    assert settings.lang == "it"  # the browser's, as they said none


@pytest.mark.parametrize("game", ["scala40", "dog"])
def test_a_choice_that_leaves_fields_out_takes_the_games_own_defaults(game: str) -> None:
    settings, problem = read_prefs({"game": game, "lang": "it"}, game)
    assert problem is None and settings.rules in games.get(game).rule_sets and settings.lang == "it"


def test_a_save_whose_reading_fails_in_any_way_is_a_save_problem(monkeypatch: pytest.MonkeyPatch) -> None:
    """A save the page cannot read for whatever reason (a module another game's code bundle
    holds, a key missing) is a SaveProblem: the page offers a new match, it never fails."""
    store = Store(MemoryStorage(), "scala40")
    s = Session.new(
        Settings.from_dict({"game": "scala40", "players": 2, "levels": ["easy"], "rules": "classic"}), store
    )
    text = s.to_json()

    def broken(cls: object, data: object) -> object:
        raise ModuleNotFoundError("No module named 'web.dernier.options'")

    monkeypatch.setattr(type(s), "load_match", classmethod(broken))
    with pytest.raises(SaveProblem, match=r"web\.dernier\.options"):
        Session.from_json(text, store)
