"""A game's match format on the start screen, without the browser: its whole-number variants
(``GameSpec.numbers``: Scala 40's ``out_at`` and ``reentries``, RULES §12), its own match
formats (``GameSpec.formats``), the number a player types, and the link that deals a match
like the one being played (scala40 CONTRACT "In the page")."""

from __future__ import annotations

from dataclasses import replace

import pytest

import scala40
from web.scala40.session import rules_spec
from web.shell import games
from web.shell.games import GameSpec, NumberChoice
from web.shell.params import Settings, match_query, number_value, parse_query, share_query

CONTRACT_LINK = "game=scala40&players=4&rules=strict&levels=hard,human,friend&out_at=101&reentries=2"


def scala40_settings(**changes: object) -> Settings:
    base = Settings(
        game="scala40",
        players=4,
        rules="strict",
        levels=("hard", "human", "friend"),
        hands=None,
        target=101,
        variants={"out_at": 101, "reentries": 2},
    )
    return replace(base, **changes)  # type: ignore[arg-type]


def test_the_match_link_of_scala40_is_the_contracts_link() -> None:
    """scala40 CONTRACT "In the page": the link names the game, seats, rules and §12's fields."""
    assert match_query(scala40_settings(seed=9, lang="it", name="Anna")) == CONTRACT_LINK


@pytest.mark.parametrize(
    "settings",
    [
        scala40_settings(),
        scala40_settings(variants={"out_at": 201, "reentries": 0}, players=2, levels=("easy",)),
        scala40_settings(hands=1, target=None, variants={"out_at": 51, "reentries": 5}),
        Settings(),
        Settings(
            players=5, rules="traditional", levels=("easy", "hard", "human", "medium"), target=500, hands=None
        ),
        Settings(game="dog", players=4, rules="standard", levels=("easy", "hard", "medium")),
    ],
)
def test_a_match_link_deals_the_same_match(settings: Settings) -> None:
    """The link's parameters read back (parse_query) as the same match, for every game."""
    query = share_query(settings)
    assert query is not None and query == match_query(settings)
    parsed = parse_query(query)
    assert parsed.start and not parsed.notices
    back = parsed.settings
    assert back.game == settings.game and back.players == settings.players
    assert back.levels == settings.levels and back.rules == settings.rules
    assert back.variants == settings.variants
    if settings.game != "dog":  # DOG plays one game: hands and targets are not its words
        assert (back.hands, back.target) == (settings.hands, settings.target)


def test_no_link_when_the_url_cannot_say_the_whole_match() -> None:
    """Dernier's house rules (RULES §12) and panel variants are not URL parameters: a link
    would deal another match, so none is offered."""
    assert (
        share_query(
            Settings(players=4, rules="traditional", levels=("easy",) * 3, options={"anticipo": True})
        )
        is None
    )
    assert share_query(Settings(variants={"seven_penalty": 1})) is None
    assert share_query(Settings(options={"chi_sbaglia_paga": True})) is None


@pytest.mark.parametrize(
    ("typed", "value"),
    [
        ("250", 250),
        ("101", 101),
        (" 75 ", 75),
        ("49", 50),
        ("-3", 50),
        ("5000", 1000),
        ("", 101),
        ("abc", 101),
        ("1e3", 101),
    ],
)
def test_a_typed_out_at_becomes_a_value_of_its_range(typed: str, value: int) -> None:
    """§12's out_at is 50–1000 on the page: a number outside takes the nearest end, text the default."""
    assert number_value(typed, range(50, 1001), 101) == value


def test_scala40_offers_out_at_and_reentries_with_the_rules_defaults() -> None:
    """RULES §12: out_at 101 and re-entries 0 by default; the start screen offers the range
    the spec declares (50–1000, 0–5) and a whole match or one hand."""
    spec = games.get("scala40")
    assert spec.numbers["out_at"].default == scala40.ruleset("classic").out_at == 101
    assert spec.numbers["reentries"].default == scala40.ruleset("strict").reentries == 0
    assert set(spec.numbers["out_at"].common) <= set(range(50, 1001))
    assert list(spec.formats) == ["target:101", "hands:1"]
    for offer in spec.numbers.values():
        assert offer.label["en"] and offer.label["it"] and offer.help["it"] and "§12" in offer.help["en"]
    assert spec.number_words({"out_at": 201, "reentries": 2}, "it") == ["eliminato a 201", "rientri 2"]
    assert spec.number_words({}, "en") == ["out at 101", "re-entries 0"]


def test_the_chosen_out_at_and_reentries_reach_the_match() -> None:
    """What the start screen (or a link) chose is the match's rule set (§12)."""
    settings = parse_query(match_query(scala40_settings(variants={"out_at": 301, "reentries": 3}))).settings
    m = scala40.Match.new(players=settings.players, rules=rules_spec(settings), seed=1)
    assert (m.game.rules.out_at, m.game.rules.reentries) == (301, 3)
    assert m.game.rules.preset == "strict"


def test_a_game_cannot_offer_a_number_its_variants_refuse() -> None:
    spec = games.get("scala40")
    bad = replace(
        spec, name="scala40_bad", numbers={"out_at": NumberChoice(label={"en": "Out at"}, default=40)}
    )
    with pytest.raises(ValueError, match="out_at"):
        games.register(bad)
    unknown = replace(
        spec, name="scala40_bad", numbers={"stakes": NumberChoice(label={"en": "x"}, default=1)}
    )
    with pytest.raises(ValueError, match="stakes"):
        games.register(unknown)
    assert not games.known("scala40_bad")


def test_a_game_without_numbers_offers_none() -> None:
    spec: GameSpec = games.get("dernier")
    assert spec.numbers == {}
    assert spec.number_words({"seven_penalty": 1}, "en") == []
