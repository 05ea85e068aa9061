"""Dernier's table in the page: the mixins of :class:`web.shell.ui.Page` that draw one seat's
view (:mod:`web.dernier.drawing`) and turn clicks and keys into move strings
(:mod:`web.dernier.table_input`). Named by :data:`web.dernier.game.DERNIER`'s ``table``."""

from __future__ import annotations

from web.dernier.drawing import TableDrawing
from web.dernier.table_input import TableInput

MIXINS = (TableDrawing, TableInput)
