"""What the shell says of a match in a game's own words (issue 30), without the browser: the
shell asks the game (:attr:`web.shell.games.GameSpec.match_info`, words a game overrides),
never names it."""

from __future__ import annotations

from types import SimpleNamespace

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
