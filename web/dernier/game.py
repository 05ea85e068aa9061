"""Dernier as the page's shell knows it (:class:`web.shell.games.GameSpec`): registered by
one line in :mod:`web.games`. Nothing here imports the rules package: the spec only names
the modules, loaded when a Dernier match is played. Its choices on the start screen and in
links are here, as plain data (the rest of them, and the check of a match's settings against
its rules, in :mod:`web.dernier.options`, which Dernier's zip holds)."""

from __future__ import annotations

from typing import Any

from web.shell.games import TABLE_TALK, GameSpec

#: the presets (``?rules=``), each with its fewest and most players (RULES §1 §2), the
#: first the default
RULE_SETS: dict[str, tuple[int, int]] = {"official": (2, 6), "traditional": (3, 8)}
#: the house rules (RULES §12) the start screen can turn on, off by default: settings of the
#: same name, at the top level of a save's settings as they always were
HOUSE_RULES: dict[str, Any] = {"anticipo": False, "chi_sbaglia_paga": False}
#: the differences between the presets that the house rules panel can change one by one
#: (RULES §5 §6 §8 §11), with the values it offers
VARIANTS: dict[str, tuple[Any, ...]] = {
    "play_after_draw": (True, False),
    "seven_penalty": (2, 1),
    "jolly": ("suit", "wild"),
    "empty_draw": ("end", "reshuffle"),
    "jolly_can_close": (True, False),
    "hand_size": (4, 5, 6, 7, 8, 9, 10),
    "timeout": ("lose", "penalty"),
}

#: the start screen's match formats (``#opt-format``), in the form's order
FORMATS: dict[str, dict[str, str]] = {
    "hands:1": {"en": "1 hand", "it": "1 mano"},
    "hands:3": {"en": "3 hands", "it": "3 mani"},
    "hands:5": {"en": "5 hands", "it": "5 mani"},
    "target:200": {"en": "first to 200 points", "it": "chi arriva a 200 punti"},
    "target:500": {"en": "first to 500 points", "it": "chi arriva a 500 punti"},
}

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
    # its card faces carry the marks of its actions: a 7, the Jolly, an Ace, a Queen, a King
    fan=("7H", "JK", "AS", "QD", "KC"),
    faces="web.dernier.faces:card_svg",
    # the match formats (RULES §10: a number of hands, or first to a points target)
    formats=FORMATS,
    # a link that leaves the format out plays one hand, like Match.new
    url_defaults={"hands": 1, "target": None},
    lessons="web.dernier.lessons:LESSONS",
    blurb={
        "en": "Shed your cards: match the suit or the rank, and call “Dernier!” on your last.",
        "it": "Liberati delle carte: stesso seme o valore, e grida «Dernier!» all'ultima.",
    },
)
