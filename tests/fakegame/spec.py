"""Ten's :class:`~web.shell.games.GameSpec`: what a registration line registers."""

from __future__ import annotations

from web.shell.games import TABLE_TALK, GameSpec
from web.shell.paramspec import FORMAT, INT, Param

TEN = GameSpec(
    name="ten",
    titles={"en": "Ten", "it": "Dieci"},
    seats=(2, 4),
    session="fakegame.session:TenSession",
    bots="fakegame",
    table="fakegame.table:TenTable",
    words="fakegame.words",
    rules_page="fakegame.words",
    help="fakegame.words:help_lines",
    talk=TABLE_TALK,
    params=("players", "levels", "seed"),
    package="fakegame",
    check_view="fakegame:check_view",
    rule_sets={"ten": (2, 4)},
    # its own settings (web/shell/paramspec.py): a match of N hands, three on the start
    # screen, one when a link leaves it out (``?hands=N``)
    settings=(
        Param(
            "hands",
            INT,
            3,
            values=range(1, 10),
            role=FORMAT,
            url=True,
            link_default=1,
            offer={1: {"en": "one hand", "it": "una mano"}, 3: {"en": "three hands", "it": "tre mani"}},
        ),
    ),
    fan=("10H", "10S", "10D"),
    replays="fakegame.replays:BOOK",
    defaults={"players": 3, "levels": ("medium", "medium")},
)
