"""What the shell says of a match in a game's own words (issue 30), without the browser: the
shell asks the game (:attr:`web.shell.games.GameSpec.match_info`, words a game overrides),
never names it."""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

from web.shell import games
from web.shell.i18n import STRINGS, t


@pytest.fixture
def dog_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """DOG's words over the shell's, as a DOG visit has them (web/shell/ui.py use_words)."""
    monkeypatch.setattr("web.shell.i18n.STRINGS", {**STRINGS, **games.get("dog").strings()})


@pytest.mark.usefixtures("dog_words")
@pytest.mark.parametrize(
    ("games_to_win", "lang", "words"),
    [
        (3, "en", "game 2 of a match to 3"),
        (3, "it", "partita 2 di un incontro a 3"),
        (1, "en", "game 2"),
        (1, "it", "partita 2"),
    ],
)
def test_dog_says_which_match_is_meant_in_games(games_to_win: int, lang: str, words: str) -> None:
    """DOG RULES §12 (a match: first team to N games): the start screen's "Resume the match
    (…)" and a new match's question name DOG's game and series, never a hand."""
    match = SimpleNamespace(hand_no=2, games=games_to_win)
    assert games.get("dog").match_words(match, lang) == words


@pytest.mark.usefixtures("dog_words")
def test_dogs_replays_list_counts_games() -> None:
    """The Replays list's length of a kept match (web/shell/replay_ui.py) in DOG's words."""
    assert t("en", "replays_hands_1") == "1 game"
    assert t("it", "replays_hands", n=3) == "3 partite"


def test_a_game_without_its_own_match_words_keeps_the_shells() -> None:
    """Dernier says nothing of its own: the shell's words of hands and points (RULES §10)."""
    assert games.get("dernier").match_words(SimpleNamespace(hand_no=1), "en") is None
    assert t("en", "replays_hands_1") == "1 hand" and t("it", "replays_hands", n=3) == "3 mani"


def test_every_game_says_the_shells_flows_in_its_own_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 37: the Abandon dialog, the statistics line and the summary's buttons speak each
    game's rules (``GAME_WORDS``, required: the shell has no words of its own for them, so
    Dernier's "−1 match point to you" is no other game's); a game that lacks one is refused,
    naming it."""
    from dataclasses import replace

    from fakegame.spec import TEN

    from web.shell.games import GAME_WORDS

    shell_words = (Path(__file__).resolve().parent.parent / "web" / "shell" / "i18n.py").read_text()
    for key in GAME_WORDS:
        assert f'"{key}":' not in shell_words  # the shell's own words: none of these
    for spec in [*games.registered(), TEN]:
        words = spec.strings()
        assert all(key in words for key in GAME_WORDS), spec.name
    assert "match point" not in games.get("scala40").strings()["abandon_text"][0]
    assert "match point" not in games.get("dog").strings()["abandon_text"][0]
    assert "match points" not in games.get("scala40").strings()["stats"][0]
    mute = ModuleType("mute_words")
    mute.STRINGS = {"stats": ("Played: {played}", "Giocate: {played}")}  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "mute_words", mute)
    lacking = replace(TEN, name="mute", words="mute_words")
    with pytest.raises(TypeError, match="'mute' lack abandon_text, next_hand, play_again"):
        lacking.strings()
