"""Each visit loads only its game (issues 22 and 30): the build puts the shell, ``tabletop/``
and every game's spec in ``app.zip``, and each registered game's rules package and table
folder in ``games/<name>.zip`` (Dernier's too), preloaded by web/boot.js and mounted by
web/main.py only when that game is played."""

from __future__ import annotations

import io
import json
import re
import shutil
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import PageLog, load_script, open_page
from playwright.sync_api import Browser, Page
from test_dist import built as built  # a fixture: the site built once for this module
from test_dist import site as site  # a fixture
from test_dist_bytes import ONLY_NEW_CACHE, WAIT_CONTROLLED, Site, fresh

__all__ = ["fresh"]  # the fixture of test_dist_bytes: a fresh context, HTTP cache on

build = load_script("build")
#: Ten's registration line, its spec in app.zip (web/ten/game.py), its code in games/ten.zip
REGISTER_TEN = "\nfrom web.ten.game import TEN  # noqa: E402\n\nregister(TEN)\n"
ROOT: Path = build.ROOT


def test_the_registered_games_are_built_dernier_first() -> None:
    assert build.registered_games()[0] == ("dernier", "dernier")
    files = {p.relative_to(ROOT).as_posix() for p in build._code_files()}
    assert "dernier/game.py" in files and "web/shell/games.py" in files and "web/games.py" in files
    assert "dernier/cli.py" not in files and "tabletop/cli.py" not in files  # the command line stays out


def _modules(archive: Path) -> list[str]:
    """The module files of a built zip, each named by its source (``web/shell/ui.py``): the
    build ships the bytecode alone (``web/shell/ui.pyc``, issue 40), the source only when it
    could not compile."""
    with zipfile.ZipFile(archive) as z:
        return sorted({n.removesuffix("c") if n.endswith(".pyc") else n for n in z.namelist()})


def _rel(paths: list[Path]) -> list[str]:
    return [p.relative_to(ROOT).as_posix() for p in paths]


def _owner(rel: str, games: list[tuple[str, str]]) -> str | None:
    """The game whose folders hold ``rel`` (its rules package, ``web/<name>/`` but its spec)."""
    parts = rel.split("/")
    for name, package in games:
        if parts[0] == package or (parts[:2] == ["web", name] and parts[-1] not in ("game.py", "game.pyc")):
            return name
    return None


def test_app_zip_holds_the_shell_and_each_game_has_its_own_zip() -> None:
    files = build._code_files()
    app, bundles = build.game_bundles(files)
    assert sorted(bundles) == ["dernier", "dog", "scala40"]
    rel = set(_rel(app))
    assert {"web/shell/ui.py", "web/net/net.py", "web/games.py"} <= rel
    assert {"web/dernier/game.py", "web/scala40/game.py", "web/dog/game.py"} <= rel  # every game's spec
    assert "tabletop/saves.py" in rel  # what every game's rules package imports: with the shell
    # nothing of a game in app.zip (Dernier's engine and table included), nothing else in its zip
    games = build.registered_games()
    assert [r for r in rel if _owner(r, games)] == []
    for name, own in bundles.items():
        assert own and {_owner(r, games) for r in _rel(own)} == {name}
    assert {"dernier/game.py", "web/dernier/table.py"} <= set(_rel(bundles["dernier"]))
    assert sorted(app + [p for own in bundles.values() for p in own]) == sorted(files)


def test_the_built_zips_hold_the_shell_alone_and_each_game_its_own(tmp_path: Path) -> None:
    """The files as built: no Dernier module (engine, table, words) in app.zip, no module of
    the shell or of another game in a game's zip."""
    info = build.build(tmp_path / "site", "zip")
    games = build.registered_games()
    app = _modules(tmp_path / "site" / "app.zip")
    if info["pyc"]:  # the bytecode alone (issue 40): no source beside it
        for archive in (tmp_path / "site").glob("**/*.zip"):
            if archive.name != "python_stdlib.zip":
                assert not [n for n in zipfile.ZipFile(archive).namelist() if n.endswith(".py")], archive
    assert "web/shell/ui.py" in app and "web/dernier/game.py" in app
    assert [n for n in app if _owner(n, games)] == []
    assert not any(n.startswith(("dernier/", "web/dernier/table")) for n in app)
    for name, _ in games:
        own = _modules(tmp_path / "site" / "games" / f"{name}.zip")
        assert own and {_owner(n, games) for n in own} == {name}, name
    assert "dernier/match.py" in _modules(tmp_path / "site" / "games" / "dernier.zip")


def test_a_module_goes_where_its_folder_is(monkeypatch: Any) -> None:
    """By folder, not by a list: a module moved into a game's folder goes to its zip, one moved
    into the shell to app.zip; a game's spec stays in app.zip (the start screen lists every game)."""
    monkeypatch.setattr(build, "registered_games", lambda: [("dernier", "dernier"), ("ten", "fakegame")])
    names = [
        "dernier/game.py",
        "web/shell/ui.py",
        "web/shell/words.py",
        "web/dernier/table.py",
        "web/dernier/options.py",
        "web/dernier/game.py",
        "web/ten/game.py",
        "web/ten/table.py",
        "fakegame/__init__.py",
        "fakegame/session.py",
        "web/tenth/x.py",
        "web/cards/faces.py",
    ]
    app, bundles = build.game_bundles([ROOT / n for n in names])
    assert _rel(app) == [
        "web/shell/ui.py",
        "web/shell/words.py",
        "web/dernier/game.py",
        "web/ten/game.py",
    ] + [
        "web/tenth/x.py",
        "web/cards/faces.py",
    ]
    assert _rel(bundles["dernier"]) == ["dernier/game.py", "web/dernier/table.py", "web/dernier/options.py"]
    assert _rel(bundles["ten"]) == ["web/ten/table.py", "fakegame/__init__.py", "fakegame/session.py"]


def _tree(root: Path, files: dict[str, str]) -> list[Path]:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return [root / name for name in files]


SPEC = "from web.shell.games import GameSpec\n"
GAMES_TREE = {
    "web/__init__.py": "",
    "web/shell/__init__.py": "",
    "web/shell/games.py": "import importlib\n",
    "web/shell/ui.py": "from web.shell import games\nfrom web.games import register\n",
    "web/games.py": "from web.dernier.game import DERNIER\nfrom web.ten.game import TEN\n",
    "web/dernier/__init__.py": "",
    "web/dernier/game.py": SPEC,
    "web/dernier/table.py": "from dernier.match import Match\nfrom web.shell.games import GameSpec\n",
    "dernier/__init__.py": "from .match import Match\n",
    "dernier/match.py": "from . import cards\nfrom tabletop.saves import x\n",
    "dernier/cards.py": "",
    "web/ten/__init__.py": "",
    "web/ten/game.py": SPEC,
    "web/ten/table.py": "from fakegame import Match\n",
    "fakegame/__init__.py": "",
    "tabletop/__init__.py": "",
    "tabletop/saves.py": "import json\n",
}


def test_each_game_needs_its_own_zip_alone(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setattr(build, "ROOT", tmp_path)
    monkeypatch.setattr(build, "registered_games", lambda: [("dernier", "dernier"), ("ten", "fakegame")])
    app, bundles = build.game_bundles(_tree(tmp_path, GAMES_TREE))
    assert build.game_needs(app, bundles) == {"dernier": ["dernier"], "ten": ["ten"]}


def test_what_the_shell_or_a_game_imports_of_a_game_is_loaded_with_it(
    tmp_path: Path, monkeypatch: Any
) -> None:
    """A Dernier module the shell imports (even in a function) makes every visit load Dernier's
    zip: correct, if not one game per visit; an import for the type checker only does not."""
    monkeypatch.setattr(build, "ROOT", tmp_path)
    monkeypatch.setattr(build, "registered_games", lambda: [("dernier", "dernier"), ("ten", "fakegame")])
    typing_only = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from dernier.match import Match\n"
    app, bundles = build.game_bundles(_tree(tmp_path, {**GAMES_TREE, "web/shell/seats.py": typing_only}))
    assert build.game_needs(app, bundles) == {"dernier": ["dernier"], "ten": ["ten"]}
    in_a_function = "def f():\n    from web.dernier import table\n"
    app, bundles = build.game_bundles(_tree(tmp_path, {**GAMES_TREE, "web/shell/seats.py": in_a_function}))
    assert build.game_needs(app, bundles) == {"dernier": ["dernier"], "ten": ["dernier", "ten"]}
    # a game's table that borrows another game's module
    borrows = {**GAMES_TREE, "web/shell/seats.py": "", "web/ten/table.py": "from dernier import cards\n"}
    app, bundles = build.game_bundles(_tree(tmp_path, borrows))
    assert build.game_needs(app, bundles) == {"dernier": ["dernier"], "ten": ["dernier", "ten"]}


def _imports_of_games() -> list[str]:
    """``file: module`` for each module of a game's zip that code outside it imports."""
    games = build.registered_games()
    found = []
    for p in build._code_files():
        if p.suffix != ".py":
            continue
        rel = p.relative_to(ROOT).as_posix()
        for m in sorted(build.imported_modules(p)):
            path = m.replace(".", "/")
            module = next((f for f in (f"{path}.py", f"{path}/__init__.py") if (ROOT / f).is_file()), "")
            owner = _owner(module, games) if module else None
            # a package that holds a spec (web/dernier/) is app.zip's too
            if owner and owner != _owner(rel, games) and not (ROOT / path / "game.py").is_file():
                found.append(f"{rel}: {m}")
    return found


def test_a_visit_loads_only_its_game_s_zip() -> None:
    """Each game's visit loads its own zip alone: the shell, the specs and every other game's
    code import no module of a game's zip (what they import is listed)."""
    app, bundles = build.game_bundles(build._code_files())
    needs = build.game_needs(app, bundles)
    assert needs == {name: [name] for name in bundles}, (needs, _imports_of_games())


@pytest.mark.browser
@pytest.mark.parametrize(
    ("query", "game"), [("game=DOG", "dog"), ("game=nope&game=scala40", "scala40"), ("game=nope", "dernier")]
)
def test_boot_preloads_the_zips_of_the_game_the_page_plays(
    page: Page, site: str, query: str, game: str
) -> None:
    """web/boot.js reads the link's game as web.shell.params.game_of does (its first registered
    game=, in any case, else the default) and preloads exactly that game's zips: the visit
    fetches its own game's zip alone (a Scala 40 or DOG visit no Dernier code)."""
    open_page(page, site, query + "&delay=0&lang=en")
    assert page.evaluate("document.body.dataset.game") == game
    needs = json.loads(page.text_content("#game-zips") or "{}")["needs"][game]
    assert f"./games/{game}.zip" in needs
    links = page.eval_on_selector_all(
        "link[data-game-zip]", "ls => ls.map((l) => [l.rel, l.dataset.gameZip, l.getAttribute('href')])"
    )
    assert links == [["preload", game, href] for href in needs]
    # the network log: the visit fetched its own game's zip, no other game's (issue 30)
    fetched = page.evaluate("performance.getEntriesByType('resource').map((r) => r.name)")
    assert [u.rsplit("/", 1)[-1] for u in fetched if "/games/" in u] == [f"{game}.zip"]


@pytest.mark.browser
def test_without_boot_js_the_page_mounts_every_game(page: Page, site: str) -> None:
    """If web/boot.js did not run (no preloads), web/main.py mounts every game's zip: the
    visit loads more than its game but starts all the same."""
    page.route(
        "**/web/boot.js", lambda route: route.fulfill(content_type="text/javascript", body="// none\n")
    )
    open_page(page, site, "game=scala40&players=2&levels=easy&seed=7&delay=0&lang=en")
    assert page.evaluate("document.body.dataset.game") == "scala40"
    assert page.evaluate("document.body.dataset.screen") == "table"
    assert page.locator("link[data-game-zip]").count() == 0
    fetched = page.evaluate("performance.getEntriesByType('resource').map((r) => r.name)")
    assert sorted(u.rsplit("/", 1)[-1] for u in fetched if "/games/" in u) == [
        "dernier.zip",
        "dog.zip",
        "scala40.zip",
    ]


@pytest.fixture
def two_games(tmp_path: Path, monkeypatch: Any) -> Iterator[Site]:
    """The site built from a copy of the tree in which Ten (tests/fakegame) is a second
    registered game: its spec in web/ten/game.py, its package at the top, one line more in
    web/games.py."""
    tree = tmp_path / "tree"
    for name in (*build.SHARED_PACKAGES, "dernier", "web"):
        shutil.copytree(ROOT / name, tree / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "index.html", tree / "index.html")
    fake = ROOT / "tests" / "fakegame"
    shutil.copytree(fake, tree / "fakegame", ignore=shutil.ignore_patterns("__pycache__"))
    (tree / "web" / "ten").mkdir()
    spec = (fake / "spec.py").read_text(encoding="utf-8")
    (tree / "web" / "ten" / "game.py").write_text(spec, encoding="utf-8")
    games_py = tree / "web" / "games.py"
    games_py.write_text(games_py.read_text(encoding="utf-8") + REGISTER_TEN, encoding="utf-8")
    monkeypatch.setattr(build, "ROOT", tree)
    monkeypatch.setattr(build, "registered_games", lambda: [("dernier", "dernier"), ("ten", "fakegame")])
    build.build(tmp_path / "site" / "dernier", "zip")
    s = Site(tmp_path / "site")
    try:
        yield s
    finally:
        s.server.shutdown()
        s.server.server_close()


@pytest.mark.browser
def test_a_visit_fetches_only_the_game_it_plays(fresh: Page, two_games: Site) -> None:
    site, page = two_games, fresh
    names = set(_modules(site.root / "dernier" / "app.zip"))
    assert "web/ten/game.py" in names and "web/shell/ui.py" in names and "web/dernier/game.py" in names
    assert not any(n.startswith(("fakegame/", "dernier/", "web/dernier/table")) for n in names)
    assert "fakegame/table.py" in _modules(site.root / "dernier" / "games" / "ten.zip")
    assert "dernier/game.py" in _modules(site.root / "dernier" / "games" / "dernier.zip")

    open_page(page, site.url, "players=2&levels=easy&seed=11&delay=0&lang=en")
    assert page.evaluate("document.body.dataset.game") == "dernier"
    # both games offered on the start screen
    assert page.eval_on_selector_all("#opt-game option", "els => els.map(e => e.value)") == [
        "dernier",
        "dog",
        "scala40",
        "ten",
    ]
    # a Dernier visit's page fetches Dernier's zip, never Ten's
    fetched = page.evaluate("performance.getEntriesByType('resource').map((r) => r.name)")
    assert [u.split("/dernier/", 1)[1] for u in fetched if "/games/" in u] == ["games/dernier.zip"]
    # then, registered at an idle moment after the game is ready, the service worker keeps every
    # game (issue 40: each game's link plays offline after one visit), each downloaded once
    page.wait_for_function(WAIT_CONTROLLED, timeout=60000)
    assert sorted(p for p in site.since(0) if "/games/" in p) == [
        "/dernier/games/dernier.zip",
        "/dernier/games/ten.zip",
    ]

    start = len(site.sent)
    open_page(page, site.url, "game=ten&delay=0")
    assert page.evaluate("document.body.dataset.game") == "ten"
    assert site.since(start) == []  # all from the cache, Ten's code too
    page.click("#start")
    page.wait_for_function("document.body.dataset.screen === 'table'")
    start = len(site.sent)
    open_page(page, site.url, "game=ten&delay=0")
    assert page.evaluate("document.body.dataset.screen") == "table"
    assert site.since(start) == []


@pytest.fixture
def sources_site(tmp_path: Path) -> Iterator[Site]:
    """The site built with sources only (no bytecode: a rebuild changes only what changed)."""
    build.build(tmp_path / "dernier", "zip", pyc="off")
    s = Site(tmp_path)
    try:
        yield s
    finally:
        s.server.shutdown()
        s.server.server_close()


CACHED_GAMES = """async () => {
  const names = (await caches.keys()).filter((n) => n.startsWith("dernier-"));
  const keys = await (await caches.open(names[0])).keys();
  return keys.map((r) => r.url).filter((u) => u.includes("/games/")).map((u) => u.split("/").pop()).sort();
}"""


@pytest.mark.browser
def test_a_new_build_brings_the_games_played_up_to_date_offline(
    browser: Browser, sources_site: Site, monkeypatch: Any
) -> None:
    """The service worker keeps every game's zip after one visit (a visit's page loads only its
    game), and a new build's carries them over, the unchanged ones as they are, the changed one
    downloaded again, so that every game still starts offline."""
    site = sources_site
    ctx = browser.new_context()
    log = PageLog()
    log.attach(ctx)
    try:
        page = ctx.new_page()
        open_page(page, site.url, "players=2&levels=easy&seed=11&delay=0&lang=en")
        page.wait_for_function(WAIT_CONTROLLED, timeout=60000)
        open_page(page, site.url, "game=scala40&players=2&levels=easy&seed=7&delay=0&lang=en")
        assert page.evaluate(CACHED_GAMES) == ["dernier.zip", "dog.zip", "scala40.zip"]
        old_version = page.get_attribute('meta[name="dernier-build"]', "content")
        time.sleep(1.1)  # the test server dates files to the second: let the rebuild be newer
        plain = build._zip

        def scala40_changed(files: list[Path]) -> bytes:
            data = plain(files)
            if any(p.relative_to(build.ROOT).parts[0] == "scala40" for p in files):
                buf = io.BytesIO(data)
                with zipfile.ZipFile(buf, "a") as z:
                    z.writestr("scala40/_changed.py", "# a change\n")
                data = buf.getvalue()
            return data

        monkeypatch.setattr(build, "_zip", scala40_changed)
        build.build(site.root / "dernier", "zip", pyc="off")
        start = len(site.sent)
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        deadline = time.monotonic() + 60
        while page.evaluate(ONLY_NEW_CACHE, old_version) is not True:
            assert time.monotonic() < deadline, page.evaluate("caches.keys()")
            page.wait_for_timeout(200)
        got = sorted(site.since(start))
        assert got == ["/dernier/games/scala40.zip", "/dernier/index.html", "/dernier/sw.js"], got
        assert page.evaluate(CACHED_GAMES) == ["dernier.zip", "dog.zip", "scala40.zip"]
        ctx.set_offline(True)
        try:
            for query in (
                "game=scala40&players=2&levels=easy&seed=7&delay=0",
                "players=2&levels=easy&seed=3&delay=0",
            ):
                open_page(page, site.url, query + "&lang=en")
                page.wait_for_selector("#table")
                assert page.get_attribute('meta[name="dernier-build"]', "content") != old_version
        finally:
            ctx.set_offline(False)
        log.assert_clean_offline()
    finally:
        ctx.close()


def test_the_pages_workflow_builds_what_the_tests_serve() -> None:
    """.github/workflows/pages.yml deploys the site the browser tests open (tests/conftest.py
    builds it with scripts/build.py's defaults): the runtime vendored first, the build with
    no option that changes what is served, bytecode required (no silent sources-only site),
    Python and node versions the build runs on, and the folder it writes is the one uploaded."""
    text = (ROOT / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8")
    runs = re.findall(r"^\s+run: (.+)$", text, re.M)
    assert runs == ["python scripts/vendor.py", "python scripts/build.py --out dist --pyc on"], runs
    args = runs[1].split()[2:]
    out = args[args.index("--out") + 1]
    assert not {"--code", "--stdlib", "--connect-src"} & set(args), args
    assert re.search(rf"upload-pages-artifact@\S+\s+with:\s+path: {re.escape(out)}\s", text), text
    python = re.search(r'python-version: "3\.(\d+)"', text)
    assert python and int(python.group(1)) >= 11  # pyproject.toml: requires-python >= 3.11
    node = re.search(r'node-version: "(\d+)"', text)
    engines = json.loads((ROOT / "node_modules" / "pyodide" / "package.json").read_text(encoding="utf-8"))
    needed = re.search(r">=\s*(\d+)", engines["engines"]["node"])
    assert node and needed and int(node.group(1)) >= int(needed.group(1))
