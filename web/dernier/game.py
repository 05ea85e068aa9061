"""Dernier as the page's shell knows it (:class:`web.shell.games.GameSpec`): registered by
one line in :mod:`web.games`. Nothing here imports the rules package: the spec only names
the modules, loaded when a Dernier match is played."""

from __future__ import annotations

from web.dernier.options import HOUSE_RULES, RULE_SETS, VARIANTS
from web.shell.games import TABLE_TALK, GameSpec

DERNIER = GameSpec(
    name="dernier",
    titles={"en": "Dernier", "it": "Dernier"},
    seats=(2, 8),
    session="web.dernier.session:DernierSession",
    bots="web.dernier.players",
    table="web.dernier.table:DernierTable",
    words="web.dernier.words",
    rules_page="web.dernier.rules_text",
    check_view="web.dernier.check:check_state",
    talk=("said_dernier", *TABLE_TALK),
    help="web.dernier.help:help_lines",
    params=("players", "rules", "levels", "seed", "hands", "target", "name", "timer"),
    package="dernier",
    replays="web.dernier.replays:BOOK",
    coach="web.dernier.coach:COACH",
    review="web.dernier.review_page:REVIEW",
    rule_sets=RULE_SETS,
    variants=VARIANTS,
    options=HOUSE_RULES,
    check_settings="web.dernier.options:check_settings",
    options_panel="web.dernier.house_panel:PANEL",
    # the card faces' marks are Dernier's actions: a 7, the Jolly, an Ace, a Queen, a King
    fan=("7H", "JK", "AS", "QD", "KC"),
    # a link that leaves the format out plays one hand, like Match.new
    url_defaults={"hands": 1, "target": None},
    lessons="web.dernier.lessons:LESSONS",
)
