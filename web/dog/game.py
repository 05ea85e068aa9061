"""DOG as the page's shell knows it (:class:`web.shell.games.GameSpec`): registered by one
line in :mod:`web.games`. Nothing here imports the rules package."""

from __future__ import annotations

from typing import Any

from web.shell.games import TABLE_TALK, GameSpec
from web.shell.i18n import t
from web.shell.paramspec import INT, VARIANT, Param

#: the most games a match may be played to (RULES §12: first team to N games)
MOST_GAMES = 9


def match_info(match: Any, lang: str) -> str:
    """Which match is meant (RULES §12): "game 2 of a match to 3", or "game 1" of a match of
    one game (the words in :mod:`web.dog.words`)."""
    total = getattr(match, "games", 1)
    if isinstance(total, int) and total > 1:
        return t(lang, "dog_match_info", n=match.hand_no, total=total)
    return t(lang, "dog_game_plain", n=match.hand_no)


DOG = GameSpec(
    name="dog",
    titles={"en": "DOG", "it": "DOG"},
    seats=(4, 4),
    session="web.dog.session:DogSession",
    bots="web.dog.players",
    table="web.dog.table:DogTable",
    words="web.dog.words",
    talk=TABLE_TALK,
    help="web.dog.help:help_lines",
    rules_page="web.dog.rules_text",
    params=("levels", "seed", "name", "timer"),
    package="dog",
    fan=("8S", "2H", "10D", "5C", "9H"),  # the house's plain faces
    replays="web.dog.replays:BOOK",
    coach="web.dog.coach:COACH",
    review="web.dog.review_page:REVIEW",
    lessons="web.dog.lessons:LESSONS",
    style="web/dog/style.css",
    blurb={
        "en": "A race in teams of two: bring your four pawns home with your cards.",
        "it": "Una corsa a squadre di due: porta a casa le tue quattro pedine con le carte.",
    },
    check_view="web.dog.session:check_state",
    match_info="web.dog.game:match_info",
    rule_sets={"standard": (4, 4)},
    # RULES §12: a match is one game or a series, first team to N games: chosen on the start
    # screen, remembered, and carried in links and invitations (``?games=3``); never hands or
    # points (no match format: the start screen hides that choice)
    settings=(
        Param(
            "games",
            INT,
            1,
            values=range(1, MOST_GAMES + 1),
            role=VARIANT,
            url=True,
            label={"en": "Match: first team to (games)", "it": "Incontro: vince chi arriva a (partite)"},
            common=(1, 2, 3, 5),
            help={
                "en": "One game, or a series won by the first team to win this many games (§12).",
                "it": "Una partita, o una serie vinta dalla prima squadra che ne vince tante (§12).",
            },
            shown={"en": "first to {n} games", "it": "chi arriva a {n} partite"},
        ),
    ),
    # what its saves, remembered choices and links held before it had its own settings (the
    # shell's match format of one hand): set aside when read
    retired={"hands": 1, "target": None},
)
