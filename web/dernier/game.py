"""Dernier as the page's shell knows it (:class:`web.shell.games.GameSpec`): registered by
one line in :mod:`web.games`. Nothing here imports the rules package: the spec only names
the modules, loaded when a Dernier match is played."""

from __future__ import annotations

from web.shell.games import TABLE_TALK, GameSpec

DERNIER = GameSpec(
    name="dernier",
    titles={"en": "Dernier", "it": "Dernier"},
    seats=(2, 8),
    session="web.dernier.session:DernierSession",
    bots="web.dernier.players",
    table="web.dernier.table:MIXINS",
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
    lessons="web.dernier.lessons:LESSONS",
)
