"""Dernier as the page's shell knows it (:class:`web.shell.games.GameSpec`): registered by
one line in :mod:`web.games`. Nothing here imports the rules package: the spec only names
the modules, loaded when a Dernier match is played. Its choices on the start screen and in
links are here, as plain data (the rest of them, and the check of a match's settings against
its rules, in :mod:`web.dernier.options`, which Dernier's zip holds)."""

from __future__ import annotations

from typing import Any

from web.shell.games import TABLE_TALK, GameSpec
from web.shell.paramspec import BOOL, CHOICE, FORMAT, INT, VARIANT, Param

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

#: the house rules' names (their full words and help are its panel's: web/dernier/house_panel.py)
HOUSE_WORDS: dict[str, dict[str, str]] = {
    "anticipo": {"en": "Anticipo (jump-in)", "it": "Anticipo"},
    "chi_sbaglia_paga": {"en": "Chi sbaglia paga (who errs pays)", "it": "Chi sbaglia paga"},
}

#: its settings (:class:`web.shell.paramspec.Param`): the match format (RULES §10: a number of
#: hands, or first to a points target; ``?hands=N`` / ``?target=P``, one or the other), the
#: house rules (§12) and the preset fields its panel changes
SETTINGS: tuple[Param, ...] = (
    Param(
        "hands",
        INT,
        3,  # the start screen's match before any choice is remembered: three hands
        values=range(1, 100),
        role=FORMAT,
        group="format",
        optional=True,
        url=True,
        link_default=1,  # a link that leaves the format out plays one hand, like Match.new
        label={"en": "Hands", "it": "Mani"},
        offer={int(k[6:]): w for k, w in FORMATS.items() if k.startswith("hands:")},
    ),
    Param(
        "target",
        INT,
        None,
        values=range(50, 10001),
        role=FORMAT,
        group="format",
        optional=True,
        url=True,
        link_default=None,
        label={"en": "Points target", "it": "Traguardo in punti"},
        offer={int(k[7:]): w for k, w in FORMATS.items() if k.startswith("target:")},
    ),
    *(Param(name, BOOL, default, label=HOUSE_WORDS[name]) for name, default in HOUSE_RULES.items()),
    *(Param(name, CHOICE, None, values=values, role=VARIANT) for name, values in VARIANTS.items()),
)

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
    params=("players", "rules", "levels", "seed", "name", "timer"),
    package="dernier",
    replays="web.dernier.replays:BOOK",
    coach="web.dernier.coach:COACH",
    review="web.dernier.review_page:REVIEW",
    rule_sets=RULE_SETS,
    settings=SETTINGS,
    check_settings="web.dernier.options:check_settings",
    options_panel="web.dernier.house_panel:PANEL",
    # its card faces carry the marks of its actions: a 7, the Jolly, an Ace, a Queen, a King
    fan=("7H", "JK", "AS", "QD", "KC"),
    faces="web.dernier.faces:card_svg",
    # the start screen's match before any choice is remembered: three players
    defaults={"players": 3, "levels": ("medium", "medium")},
    lessons="web.dernier.lessons:LESSONS",
    style="web/dernier/style.css",
    blurb={
        "en": "Shed your cards: match the suit or the rank, and call “Dernier!” on your last.",
        "it": "Liberati delle carte: stesso seme o valore, e grida «Dernier!» all'ultima.",
    },
)
