"""Scala 40 as the page's shell knows it (:class:`web.shell.games.GameSpec`): registered by
one line in :mod:`web.games`. Nothing here imports the rules package: the spec only names
the modules, loaded when a Scala 40 match is played."""

from __future__ import annotations

from web.shell.games import TABLE_TALK, GameSpec, NumberChoice

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
    params=("players", "rules", "levels", "seed", "hands", "out_at", "reentries", "name", "timer"),
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
    variants={"out_at": range(50, 1001), "reentries": range(0, 6)},
    options={},
    # RULES §12: the match's format on the start screen, remembered and carried in links
    numbers={
        "out_at": NumberChoice(
            label={"en": "Out at (points)", "it": "Eliminato a (punti)"},
            default=101,
            common=(101, 151, 201, 301, 501),
            help={
                "en": "A player whose total reaches it is out (§12).",
                "it": "Chi arriva a questo totale è eliminato (§12).",
            },
            shown={"en": "out at {n}", "it": "eliminato a {n}"},
        ),
        "reentries": NumberChoice(
            label={"en": "Re-entries", "it": "Rientri"},
            default=0,
            help={
                "en": "How many times a player who is out may come back in (§12).",
                "it": "Quante volte chi è eliminato può rientrare in gioco (§12).",
            },
            shown={"en": "re-entries {n}", "it": "rientri {n}"},
        ),
    },
    formats={
        "target:101": {"en": "whole match", "it": "intera"},
        "hands:1": {"en": "one hand", "it": "una mano"},
    },
    # a URL without hands=1 plays a whole match (to out_at)
    url_defaults={"hands": None, "target": 101},
    check_view="web.scala40.hand:check_state",
)
