"""The table seam (issue 30): a game's table is an object the page holds, a subclass of
:class:`web.shell.table.GameTable` named by its ``GameSpec.table``; one that lacks a hook the
shell calls is refused when the page starts, with a message that names the hook, never
played with another game's behaviour. (No browser: the check runs before any drawing.)"""

from __future__ import annotations

import ast
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fakegame.spec import TEN

from web.shell.table import SHELL_PARTS, TABLE_HOOKS, GameTable, check_parts, check_table, table_class

ROOT = Path(__file__).resolve().parent.parent


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


#: what the page's core (``PageCore.__init__``) keeps: the shell's own state, whatever the game
SHELL_STATE = {
    "curtain_seat",
    "driver",
    "game",
    "guest",
    "guest_fragment",
    "hub",
    "match_id",
    "pending_new",
    "proxies",
    "queued_deal",
    "resumable",
    "seat",
    "session",
    "settings",
    "store",
    "sv",
    "timer_task",
    "turn_key",
    "turn_started",
}


def self_attributes(fn: ast.FunctionDef) -> set[str]:
    """The attributes ``fn`` sets on ``self``."""
    found = set()
    for node in ast.walk(fn):
        targets = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign | ast.AugAssign):
            targets = [node.target]
        for target in targets:
            if (
                isinstance(target, ast.Attribute)
                and isinstance(target.value, ast.Name)
                and target.value.id == "self"
            ):
                found.add(target.attr)
    return found


def method(path: Path, cls: str, name: str) -> ast.FunctionDef:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == cls:
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == name:
                    return item
    raise AssertionError(f"{cls}.{name} not found in {path}")


def test_the_page_s_core_keeps_only_the_shell_s_state() -> None:
    """Issue 30: the shell holds no game's state. ``PageCore`` starts and resets (``begin``)
    only the shell's own; a game's table keeps its state (Dernier's armed call, log, hand,
    marks, presses held) and hears of a new match through ``GameTable.begin``."""
    ui = ROOT / "web" / "shell" / "ui.py"
    assert self_attributes(method(ui, "PageCore", "__init__")) == SHELL_STATE
    assert self_attributes(method(ui, "PageCore", "begin")) <= SHELL_STATE


def test_no_game_s_table_writes_its_state_on_the_page() -> None:
    """Issue 30: a game's modules set nothing on the page (``page.X = …``) but the shown
    seat's view (``sv``, which the shell's menu and review read): the rest is the table's."""
    written = {}
    for game in ("dernier", "scala40", "dog"):
        for path in sorted((ROOT / "web" / game).glob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
                    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                    for target in targets:
                        if (
                            isinstance(target, ast.Attribute)
                            and isinstance(target.value, ast.Attribute)
                            and target.value.attr == "page"
                            and target.attr != "sv"
                        ):
                            written[f"{path.name}:{node.lineno}"] = target.attr
    assert written == {}


def test_dernier_s_table_starts_and_resets_its_own_state() -> None:
    """What ``PageCore`` reset at a new match, Dernier's table resets in its ``begin``."""
    path = ROOT / "web" / "dernier" / "table_input.py"
    kept = self_attributes(method(path, "TableInput", "__init__"))
    reset = self_attributes(method(path, "TableInput", "begin"))
    assert {"armed", "summary_for", "log_seen", "log_hand", "log_shown", "last_discard", "last_hand"} <= reset
    assert {"was_my_turn", "log_events_seen"} <= reset <= kept
    assert {"card_marks", "fly_from", "choice_code", "hold_timer", "hold_done", "hold_until"} <= kept


class Box:
    """Stands for ``#table``: holds what a table's ``build`` put in it."""

    def __init__(self) -> None:
        self.held: list[object] = []

    def contains(self, el: object) -> bool:
        return any(el is x for x in self.held)


def test_a_table_that_leaves_out_a_shell_part_is_refused_naming_it() -> None:
    """A table that builds its markup without one of the shell's parts (the hint, the log…)
    is refused at start-up, naming the parts it left out (``build_table``'s check)."""
    parts = {name: object() for name in SHELL_PARTS}
    box = Box()
    box.held = [el for name, el in parts.items() if name not in ("hint", "log-box")]
    with pytest.raises(TypeError, match="'lacking' leaves out the shell's hint, log-box"):
        check_parts("lacking", box, parts)
    box.held = list(parts.values())
    check_parts("lacking", box, parts)  # every part placed: no error


#: every module of a game's table, and the test-only game's (issue 37)
TABLE_MODULES = sorted(
    [p for game in ("dernier", "scala40", "dog") for p in (ROOT / "web" / game).glob("*.py")]
    + list((ROOT / "tests" / "fakegame").glob("*.py"))
)


def base_name(node: ast.expr) -> str | None:
    """``X`` for ``self.X`` or a plain name ``X``, ``host`` for any ``….host`` (a table's
    host reached through another object: ``table.host``), else None."""
    if isinstance(node, ast.Attribute) and (
        node.attr == "host" or (isinstance(node.value, ast.Name) and node.value.id == "self")
    ):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return None


def host_names(path: Path) -> dict[str, set[str]]:
    """What ``path`` reaches on a table's host or on the page: ``{"host": names, "page":
    names, "service": names}`` (``self.host.X``, ``host.X``; ``self.page.X``, ``page.X``;
    a service's ``self.host.X.Y`` as ``X.Y``)."""
    found: dict[str, set[str]] = {"host": set(), "page": set(), "service": set()}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Attribute):
            continue
        name = base_name(node.value)
        if name in ("host", "page"):
            found[name].add(node.attr)
        elif isinstance(node.value, ast.Attribute) and base_name(node.value.value) == "host":
            found["service"].add(f"{node.value.attr}.{node.attr}")
    return found


def test_a_table_reaches_the_page_only_through_its_host() -> None:
    """Issue 37: a table gets a narrow, typed host (``web.shell.host.TableHost``), never the
    page: every table module (the three games', the test-only game's) reaches no page name,
    on its host only the protocol's dozen names, and on each of the host's services
    (``host.say.hint``, …) only that service's (mypy checks the same from the types)."""
    from web.shell.host import HOST_NAMES, SERVICE_NAMES

    assert {
        "seat",
        "lang",
        "session",
        "sv",
        "on",
        "act",
        "render",
        "mark_table",
        "say",
        "curtain",
        "clock",
        "flows",
        "replay",
    } == HOST_NAMES
    assert set(SERVICE_NAMES) == {"say", "curtain", "clock", "flows", "replay"}
    assert SERVICE_NAMES["say"] == {"hint", "refusal", "notice", "announce", "cue"}
    assert SERVICE_NAMES["curtain"] == {"curtain_seat", "show_curtain"}
    assert SERVICE_NAMES["clock"] == {"timer_seat", "draw_timer"}
    assert SERVICE_NAMES["flows"] == {
        "changed",
        "go_on",
        "ask_abandon",
        "focus_hand",
        "show_summary",
        "end_buttons",
    }
    assert SERVICE_NAMES["replay"] == {"rp_match", "rp_seat", "replay_seat_row", "replay_hidden"}
    allowed = {f"{service}.{name}" for service, names in SERVICE_NAMES.items() for name in names}
    outside: dict[str, set[str]] = {}
    reached: set[str] = set()
    for path in TABLE_MODULES:
        found = host_names(path)
        reached |= found["host"]
        stray = (
            (found["host"] - HOST_NAMES)
            | {f"page.{n}" for n in found["page"]}
            | {f"host.{n}" for n in found["service"] - allowed if n.split(".")[0] in SERVICE_NAMES}
        )
        if stray:
            outside[str(path.relative_to(ROOT))] = stray
    assert outside == {}
    assert reached == HOST_NAMES  # every name of the host is one a table needs
    assert not {
        "title",
        "sv_set",
        "render_talk",
        "render_stats",
        "mark_result_seen",
        "tell_kept",
        "match_id",
        "guest",
        "game",
        "next_hand",
        "new_match",
        "dialog_open",
        "refusal_words",
    } & (HOST_NAMES | allowed)


def test_the_page_is_the_tables_host() -> None:
    """The page satisfies the host protocol in every name (mypy checks the types where the
    page builds its table): each name of ``TableHost`` is one the page's code defines."""
    from web.shell.host import HOST_NAMES, SERVICE_NAMES

    defined: set[str] = set()
    for path in (ROOT / "web" / "shell").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                defined.add(node.name)
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                defined.add(node.target.id)
    defined |= self_attributes(method(ROOT / "web" / "shell" / "ui.py", "PageCore", "__init__"))
    assert defined >= HOST_NAMES, HOST_NAMES - defined
    for names in SERVICE_NAMES.values():
        assert defined >= names, names - defined
