"""The games of the page: one registration line per game (:mod:`web.shell.games`).

A game is added by its rules package, its table folder under ``web/`` and one line here. The
default game (a URL without ``game=``: every older link, save and invitation) is said here."""

from __future__ import annotations

from web.dernier.game import DERNIER
from web.dog.game import DOG
from web.scala40.game import SCALA40
from web.shell.games import register

register(DERNIER, default=True)
register(SCALA40)
register(DOG)
