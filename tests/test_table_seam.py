"""The table seam (issue 30): a game's table is an object the page holds, a subclass of
:class:`web.shell.table.GameTable` named by its ``GameSpec.table``; one that lacks a hook the
shell calls is refused when the page starts, with a message that names the hook, never
played with another game's behaviour. (No browser: the check runs before any drawing.)"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fakegame.spec import TEN

from web.shell.table import TABLE_HOOKS, GameTable, check_table, table_class


class Lacking(GameTable):
    """A table with every hook but ``render`` and ``focus_card``."""

    def build(self, parts: Any) -> None:
        pass

    def wire_table(self) -> None:
        pass

    def render_timer(self) -> None:
        pass

    def open_summary(self) -> None:
        pass

    def hand_buttons(self) -> list[Any]:
        return []

    def after_local_move(self, move: str) -> None:
        pass


class Whole(Lacking):
    def render(self) -> None:
        pass

    def focus_card(self, index: int) -> None:
        pass


class NotATable:
    pass


def test_the_shell_asks_every_table_for_its_hooks() -> None:
    assert TABLE_HOOKS == (
        "after_local_move",
        "build",
        "focus_card",
        "hand_buttons",
        "open_summary",
        "render",
        "render_timer",
        "wire_table",
    )


def test_a_table_lacking_a_hook_is_refused_at_start_up_naming_it() -> None:
    spec = replace(TEN, name="lacking", table=f"{__name__}:Lacking")
    with pytest.raises(TypeError, match=r"'lacking'.*lacks focus_card, render"):
        table_class(spec)
    with pytest.raises(TypeError, match="lacks focus_card, render"):
        check_table(Lacking)  # type: ignore[type-abstract]  # mypy refuses it too


def test_a_table_that_is_no_game_table_is_refused() -> None:
    spec = replace(TEN, name="stray", table=f"{__name__}:NotATable")
    with pytest.raises(TypeError, match="not a GameTable"):
        table_class(spec)


def test_a_whole_table_is_the_page_s_table_class() -> None:
    spec = replace(TEN, name="whole", table=f"{__name__}:Whole")
    assert table_class(spec) is Whole


def test_index_html_s_table_holds_no_game_s_markup() -> None:
    """Issue 30: ``index.html`` holds the shell's containers, ``#table`` empty; each game's
    table builds its own elements (and places the shell's) when the page starts."""
    html = (Path(__file__).resolve().parent.parent / "index.html").read_text(encoding="utf-8")
    assert '<section id="table" class="table" aria-label="Card table" hidden></section>' in html
    for hook in ('id="draw"', 'id="dernier"', 'id="curtain-dernier"', 'id="drawpile"', 'id="hand"'):
        assert hook not in html  # a game's element, built by its table
    for hook in ('id="hint"', 'id="timer"', 'id="coach"', 'id="curtain"', 'id="talk"', 'id="log"'):
        assert hook not in html  # the shell's parts of the table, built by the shell
