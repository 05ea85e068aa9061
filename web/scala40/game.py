"""Scala 40 as the page's shell knows it (:class:`web.shell.games.GameSpec`): registered by
one line in :mod:`web.games`. Nothing here imports the rules package: the spec only names
the modules, loaded when a Scala 40 match is played."""

from __future__ import annotations

from web.shell.games import GameSpec

SCALA40 = GameSpec(
    name="scala40",
    titles={"en": "Scala 40", "it": "Scala 40"},
    seats=(2, 6),
    session="web.scala40.session:Scala40Session",
    bots="web.scala40.players",
    table="web.scala40.table:MIXINS",
    words="web.scala40.words",
    rules_page="web.scala40.rules_text",
    params=("players", "rules", "levels", "seed", "hands", "out_at", "reentries", "name", "timer"),
    package="scala40",
    replays="web.scala40.replays:BOOK",
    coach="web.scala40.coach:COACH",
    # RULES §2 (2–6 players), §13 (presets), §12 (out_at, reentries)
    rule_sets={"classic": (2, 6), "strict": (2, 6)},
    variants={"out_at": range(50, 1001), "reentries": range(0, 6)},
    # a URL without hands=1 plays a whole match (to out_at)
    url_defaults={"hands": None, "target": 101},
    check_view="web.scala40.hand:check_state",
)
