"""DOG as the page's shell knows it (:class:`web.shell.games.GameSpec`): registered by one
line in :mod:`web.games`. Nothing here imports the rules package."""

from __future__ import annotations

from web.shell.games import TABLE_TALK, GameSpec

DOG = GameSpec(
    name="dog",
    titles={"en": "DOG", "it": "DOG"},
    seats=(4, 4),
    session="web.dog.session:DogSession",
    bots="web.dog.players",
    table="web.dog.table:MIXINS",
    words="web.dog.words",
    talk=TABLE_TALK,
    help="web.dog.help:help_lines",
    rules_page="web.dog.rules_text",
    params=("levels", "seed", "name", "timer"),
    package="dog",
    fan=("8S", "2H", "10D", "5C", "9H"),  # plain faces: the house's marks are Dernier's actions
    replays="web.dog.replays:BOOK",
    coach="web.dog.coach:COACH",
    review="web.dog.review_page:REVIEW",
    check_view="web.dog.session:check_state",
    rule_sets={"standard": (4, 4)},
    variants={},
    options={},
    # what its links always played (the shell's default of before)
    url_defaults={"hands": 1, "target": None},
)
