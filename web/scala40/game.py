"""Scala 40 as the page's shell knows it (:class:`web.shell.games.GameSpec`): registered by
one line in :mod:`web.games`. Nothing here imports the rules package: the spec only names
the modules, loaded when a Scala 40 match is played."""

from __future__ import annotations

from web.shell.games import TABLE_TALK, GameSpec
from web.shell.paramspec import CHOICE, FORMAT, INT, VARIANT, Param

#: its settings (:class:`web.shell.paramspec.Param`). A match is played to its end (RULES §12:
#: each player out at ``out_at`` points, back in up to ``reentries`` times), or one hand
#: (``?hands=1``); the start screen's choice holds the two, the whole match as
#: ``target:101``, the key and value its saves have always held for it (never a points target:
#: the end is ``out_at``'s)
SETTINGS: tuple[Param, ...] = (
    Param(
        "target",
        CHOICE,
        101,  # a whole match, before any choice is remembered and when a link says no hands=1
        values=(101,),
        role=FORMAT,
        group="format",
        optional=True,
        offer={101: {"en": "whole match", "it": "intera"}},
    ),
    Param(
        "hands",
        CHOICE,
        None,
        values=(1,),
        role=FORMAT,
        group="format",
        optional=True,
        url=True,
        offer={1: {"en": "one hand", "it": "una mano"}},
    ),
    # RULES §12: the match's end on the start screen, remembered and carried in links
    Param(
        "out_at",
        INT,
        101,
        values=range(50, 1001),
        role=VARIANT,
        url=True,
        label={"en": "Out at (points)", "it": "Eliminato a (punti)"},
        common=(101, 151, 201, 301, 501),
        help={
            "en": "A player whose total reaches it is out (§12).",
            "it": "Chi arriva a questo totale è eliminato (§12).",
        },
        shown={"en": "out at {n}", "it": "eliminato a {n}"},
    ),
    Param(
        "reentries",
        INT,
        0,
        values=range(0, 6),
        role=VARIANT,
        url=True,
        label={"en": "Re-entries", "it": "Rientri"},
        help={
            "en": "How many times a player who is out may come back in (§12).",
            "it": "Quante volte chi è eliminato può rientrare in gioco (§12).",
        },
        shown={"en": "re-entries {n}", "it": "rientri {n}"},
    ),
)

SCALA40 = GameSpec(
    name="scala40",
    titles={"en": "Scala 40", "it": "Scala 40"},
    seats=(2, 6),
    session="web.scala40.session:Scala40Session",
    bots="web.scala40.players",
    table="web.scala40.table:Scala40Table",
    words="web.scala40.words",
    talk=TABLE_TALK,
    help="web.scala40.help:help_lines",
    rules_page="web.scala40.rules_text",
    params=("players", "rules", "levels", "seed", "name", "timer"),
    package="scala40",
    fan=("2H", "3H", "4H", "5H", "6H"),  # a run (§4), in plain faces
    replays="web.scala40.replays:BOOK",
    coach="web.scala40.coach:COACH",
    review="web.scala40.review_page:REVIEW",
    lessons="web.scala40.lessons:LESSONS",
    blurb={
        "en": "Italian rummy: lay sets and runs, open with 40 points, go out first.",
        "it": "Il ramino italiano: cala tris e scale, apri con 40 punti, chiudi per primo.",
    },
    # RULES §2 (2–6 players), §13 (presets), §12 (out_at, reentries)
    rule_sets={"classic": (2, 6), "strict": (2, 6)},
    settings=SETTINGS,
    # a lesson is one hand
    one_deal={"hands": 1},
    # its older links could say target=P (never its match's end, out_at's): read and set aside
    retired={"target": None},
    # three players before any choice is remembered (as the start screen had)
    defaults={"players": 3, "levels": ("medium", "medium")},
    check_view="web.scala40.hand:check_state",
    style="web/scala40/style.css",
)
