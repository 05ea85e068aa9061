"""Ten's :class:`~web.shell.games.GameSpec`: what a registration line registers."""

from __future__ import annotations

from web.shell.games import TABLE_TALK, GameSpec

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
    params=("players", "levels", "seed", "hands"),
    package="fakegame",
    check_view="fakegame:check_view",
    rule_sets={"ten": (2, 4)},
    variants={},
    options={},
    fan=("10H", "10S", "10D"),
    replays="fakegame.replays:BOOK",
    formats={
        "hands:1": {"en": "one hand", "it": "una mano"},
        "hands:3": {"en": "three hands", "it": "tre mani"},
    },
    defaults={"players": 3, "levels": ("medium", "medium"), "hands": 3, "target": None},
    url_defaults={"hands": 1, "target": None},
)
