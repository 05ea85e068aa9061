"""The shell and the network know no game (issue 30): the code of ``web/shell/`` and
``web/net/`` imports no game's package or table, and names no game and none of a game's rules.
A game reaches the shell only through its :class:`web.shell.games.GameSpec` (registered in
``web/games.py``). Comments and docstrings are free; the old storage keys (``dernier.*.v1``)
stay so that saves made before still load.

Where the shell still names a game, it is listed in :data:`STILL_THERE` with the count of
names in each file: a file may only lose names, never gain one (and a file that lost some
lowers its count here, so the list only shrinks)."""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

import pytest

import dernier.rules
import dog.rules
import scala40.rules
from web.shell import games

ROOT = Path(__file__).resolve().parent.parent
SHELL = ("web/shell", "web/net")
GAME_NAMES = ("dernier", "scala40", "scala 40", "dog")
#: names of a game's rules that are no game's in particular
GENERAL = {"preset", "decks", "min_players", "max_players", "timeout", "turn_seconds", "deal", "shuffle"}
#: a saved thing's key from before the games were separated
OLD_KEY = re.compile(r"dernier\.[a-z-]+\.v\d+")
#: names on the wire from before the games were separated: a page must still meet an older one
#: (the WebRTC channel's label, the rooms' prefix on the signalling server)
WIRE_NAMES = {("web/net/transport.py", "'dernier'"), ("web/net/transport.py", "'dernier-'")}
NAME_IN_TEXT = re.compile(r"(?<![a-z])(dernier|scala ?40|dog)(?![a-z])")


def rule_names() -> set[str]:
    out: set[str] = set()
    for module in (dernier.rules, scala40.rules, dog.rules):
        out |= {f.name for f in dataclasses.fields(module.Ruleset)}
    return out - GENERAL


RULES = rule_names()
RULE_IN_TEXT = re.compile(r"(?<![a-z_])(" + "|".join(sorted(RULES, key=len, reverse=True)) + r")(?![a-z_])")


def _parts(name: str) -> list[str]:
    return [p for p in re.split(r"_|(?<=[a-z0-9])(?=[A-Z])", name) if p]


def names_a_game(name: str) -> bool:
    """An identifier that names a game (a part of it) or a game's rule."""
    low = name.lower()
    return low in RULES or any(p.lower() in ("dernier", "scala40", "dog") for p in _parts(name))


def text_names_a_game(text: str) -> bool:
    low = OLD_KEY.sub("", text.lower())
    return bool(NAME_IN_TEXT.search(low) or RULE_IN_TEXT.search(low))


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are docstrings or bare strings (comments)."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            out.add(id(node.value))
    return out


def game_names_in(path: Path) -> list[str]:
    """Where the code of ``path`` imports or names a game: ``line: what``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree)
    found: list[str] = []

    def hit(node: ast.AST, what: str) -> None:
        found.append(f"{getattr(node, 'lineno', 0)}: {what}")

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if names_a_game(alias.name.split(".")[0]) or any(
                    names_a_game(p) for p in alias.name.split(".")
                ):
                    hit(node, f"import {alias.name}")
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if any(names_a_game(p) for p in module.split(".")):
                hit(node, f"from {module} import")
            for alias in node.names:
                if names_a_game(alias.name):
                    hit(node, f"import {alias.name}")
        elif isinstance(node, ast.Name) and names_a_game(node.id):
            hit(node, node.id)
        elif isinstance(node, ast.Attribute) and names_a_game(node.attr):
            hit(node, "." + node.attr)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and names_a_game(
            node.name
        ):
            hit(node, "def " + node.name)
        elif isinstance(node, ast.arg) and names_a_game(node.arg):
            hit(node, "arg " + node.arg)
        elif isinstance(node, ast.keyword) and node.arg and names_a_game(node.arg):
            hit(node.value, node.arg + "=")
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in skip
            and text_names_a_game(node.value)
        ):
            hit(node, repr(node.value[:60]))
    return found


def shell_files() -> list[Path]:
    return sorted(p for d in SHELL for p in (ROOT / d).rglob("*.py"))


#: the names of games still in the shell, per file (this list only shrinks)
STILL_THERE: dict[str, int] = {}


def test_the_guard_sees_a_game_named_in_code(tmp_path: Path) -> None:
    """The guard itself: each way of naming a game is found, comments and docstrings are not."""
    code = '''
"""Dernier's docstring is free."""
import dernier
from web.dernier.drawing import draw
from web.shell.i18n import t
# dernier in a comment is free
x = rules.seven_penalty
key = "dernier.match.v1"
label = "Did you say Dernier?"
css = "dernier-btn"
def on_dernier(): ...
ok = "a watchdog's timer"
'''
    path = tmp_path / "probe.py"
    path.write_text(code, encoding="utf-8")
    found = [f.split(": ", 1)[1] for f in game_names_in(path)]
    assert sorted(found) == sorted(
        [
            "import dernier",
            "from web.dernier.drawing import",
            ".seven_penalty",
            "'Did you say Dernier?'",
            "'dernier-btn'",
            "def on_dernier",
        ]
    ), found


def test_every_registered_game_is_covered_by_the_guard() -> None:
    for spec in games.registered():
        assert names_a_game(spec.name) or spec.name == "ten", spec.name


@pytest.mark.parametrize("path", shell_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_shell_names_no_game(path: Path) -> None:
    rel = str(path.relative_to(ROOT))
    found = [f for f in game_names_in(path) if (rel, f.split(": ", 1)[1]) not in WIRE_NAMES]
    allowed = STILL_THERE.get(rel, 0)
    assert len(found) <= allowed, f"{rel} names a game in code ({len(found)}, allowed {allowed}):\n  " + (
        "\n  ".join(found)
    )
    assert len(found) == allowed, (
        f"{rel} names fewer games than before ({len(found)} < {allowed}): lower STILL_THERE[{rel!r}]"
    )


def test_the_default_game_is_the_registration_s(monkeypatch: pytest.MonkeyPatch) -> None:
    """No game is the shell's default: a URL without ``game=``, a store or settings that name
    none get the game ``web/games.py`` registers as the default (Dernier: every older link and
    save), else the first registered; registering another as the default moves them all."""
    from web.shell import params
    from web.shell.session import Store

    assert games.default_name() == "dernier" == params.game_of("players=3") == Store(None).game
    assert params.Settings().game == "dernier" and params.game_query("dernier") == ""
    spec = dataclasses.replace(games.get("dog"), name="other")
    monkeypatch.setattr(games, "_DEFAULT", [])
    monkeypatch.setattr(games, "_GAMES", {"dog": games.get("dog"), "other": spec})
    assert games.default_name() == "dog"  # the first registered
    games.register(spec, default=True)
    assert games.default_name() == "other" == params.game_of("") == Store(None).game
    assert [g.name for g in games.registered()] == ["other", "dog"]
    assert params.game_query("other") == "" and params.game_query("dog") == "?game=dog"
    monkeypatch.setattr(games, "_GAMES", {})
    with pytest.raises(LookupError):
        games.default_name()


#: the page's first paint, which is the default game's until Python writes the visit's game
#: (its title and name, its tagline and rules heading, the choice of game, the no-script line)
FIRST_PAINT = (
    re.compile(r"<title>[^<]*</title>"),
    re.compile(r'<h1 class="brand">[^<]*</h1>'),
    re.compile(r"<noscript>.*?</noscript>", re.S),
    re.compile(r'<(\w+)[^>]*\sdata-i18n="[^"]*"[^>]*>[^<]*</\1>'),
    re.compile(r'<select id="opt-game".*?</select>', re.S),
)


def page_names() -> list[str]:
    """Where ``index.html`` names a game outside its first paint: ``line: text``."""
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    for pattern in FIRST_PAINT:
        html = pattern.sub(lambda m: "\n" * m.group(0).count("\n"), html)
    return [
        f"{n}: {line.strip()[:80]}"
        for n, line in enumerate(html.splitlines(), 1)
        for _ in NAME_IN_TEXT.finditer(OLD_KEY.sub("", line.lower()))
    ]


def test_the_page_names_no_game_outside_its_first_paint() -> None:
    """Issue 30: ``index.html`` holds the shell's containers (each table builds its own);
    outside its first paint, and in its start form (the match formats, the house-rule
    panel's box), it names no game: each game's are its own data and markup
    (``GameSpec.formats``, Dernier's panel built by web/dernier/house_panel.py)."""
    found = page_names()
    assert found == [], "index.html names a game:\n  " + "\n  ".join(found)
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    form = html[html.index('<form id="setup-form"') : html.index("</form>")]
    assert not text_names_a_game(form.replace('<option value="dernier" selected>Dernier</option>', ""))
    for hook in ("house-rules", "opt-anticipo", "data-house", "data-variant"):
        assert hook not in html, hook


def test_the_house_panel_markup_keeps_its_contract_hooks() -> None:
    """Dernier's house-rule panel, built by its own code, has the ids and ``data-*`` hooks
    the page always had (CONTRACT): one control, label and help per house rule and variant."""
    from web.dernier.game import HOUSE_RULES, VARIANTS

    tree = ast.parse((ROOT / "web/dernier/house_panel.py").read_text(encoding="utf-8"))
    markup = next(
        n.value.value
        for n in tree.body
        if isinstance(n, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "MARKUP" for t in n.targets)
        and isinstance(n.value, ast.Constant)
    )
    assert 'id="house-rules"' in markup and 'id="anticipo-needs"' in markup
    for field in (*HOUSE_RULES, *VARIANTS):
        assert f'id="opt-{field}" name="{field}"' in markup, field
        assert f'data-house-label="{field}"' in markup and f'data-house-help="{field}"' in markup, field
        assert f'id="help-{field}"' in markup, field
    for field in HOUSE_RULES:
        assert f'data-house="{field}"' in markup, field
    for field in VARIANTS:
        assert f'data-variant="{field}"' in markup, field


def test_boot_js_and_main_py_name_no_game() -> None:
    """Issue 30: web/boot.js (the first paint's language, the game's zips) and web/main.py
    (the start and its failure) name no game in code, except the default game's remembered
    choices' key it always had (``dernier.prefs.v1``)."""
    js = (ROOT / "web/boot.js").read_text(encoding="utf-8")
    code = re.sub(r"/\*.*?\*/", "", re.sub(r"//[^\n]*", "", js), flags=re.S)
    assert not text_names_a_game(code), [line for line in code.splitlines() if text_names_a_game(line)]
    assert OLD_KEY.search(code)  # the default game's old key stays
    assert game_names_in(ROOT / "web/main.py") == []


def test_the_houses_style_styles_no_game() -> None:
    """Issue 37: web/style.css is the house's look; each game's own rules (scoped to its page,
    or its own classes) are in its folder's style.css (``GameSpec.style``), linked with the
    game, and name no other game."""
    house = (ROOT / "web/style.css").read_text(encoding="utf-8")
    own = {
        "dernier": (".dernier-btn", ".suit-indicator", ".house-rule"),
        "scala40": (".s40-",),
        "dog": (".dog-",),
    }
    for spec in games.registered():
        assert f'data-game="{spec.name}"' not in house, spec.name
        assert not any(word in house for word in own[spec.name]), spec.name
        assert spec.style == f"web/{spec.name}/style.css"
        css = (ROOT / spec.style).read_text(encoding="utf-8")
        assert any(word in css for word in own[spec.name])
        others = [g.name for g in games.registered() if g.name != spec.name]
        assert not [g for g in others if f'data-game="{g}"' in css], spec.name
