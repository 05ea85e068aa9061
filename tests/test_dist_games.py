"""Each visit loads only its game (issue 22): the build puts the shell, the default game and
every game's spec in ``app.zip``, and each other registered game's rules package and table
folder in ``games/<name>.zip``, fetched by web/main.py only when that game is played."""

from __future__ import annotations

import shutil
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import load_script, open_page
from playwright.sync_api import Page
from test_dist_bytes import WAIT_CONTROLLED, Site, fresh

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


def test_app_zip_holds_the_shell_and_dernier_and_each_other_game_has_its_own_zip() -> None:
    files = build._code_files()
    app, bundles = build.game_bundles(files)
    assert sorted(bundles) == ["dog", "scala40"]
    rel = {p.relative_to(ROOT).as_posix() for p in app}
    assert {"web/shell/ui.py", "dernier/game.py", "web/dernier/table.py"} <= rel
    assert {"web/scala40/game.py", "web/dog/game.py"} <= rel  # every game's spec
    assert "tabletop/saves.py" in rel  # what every game's rules package imports: with the shell
    for name, own in bundles.items():
        assert own and all(
            r.startswith((f"{name}/", f"web/{name}/")) for r in (p.relative_to(ROOT).as_posix() for p in own)
        )
        assert not any(r.startswith(f"{name}/") for r in rel)
    assert sorted(app + [p for own in bundles.values() for p in own]) == sorted(files)


def test_another_game_goes_to_its_own_zip_but_its_spec(monkeypatch: Any) -> None:
    monkeypatch.setattr(build, "registered_games", lambda: [("dernier", "dernier"), ("ten", "fakegame")])
    names = [
        "dernier/game.py",
        "web/shell/ui.py",
        "web/dernier/table.py",
        "web/ten/game.py",
        "web/ten/table.py",
        "fakegame/__init__.py",
        "fakegame/session.py",
        "web/tenth/x.py",
    ]
    app, bundles = build.game_bundles([ROOT / n for n in names])
    rel = [p.relative_to(ROOT).as_posix() for p in app]
    assert rel == [
        "dernier/game.py",
        "web/shell/ui.py",
        "web/dernier/table.py",
        "web/ten/game.py",
        "web/tenth/x.py",
    ]
    assert [p.relative_to(ROOT).as_posix() for p in bundles["ten"]] == [
        "web/ten/table.py",
        "fakegame/__init__.py",
        "fakegame/session.py",
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
    with zipfile.ZipFile(site.root / "dernier" / "app.zip") as z:
        names = set(z.namelist())
    assert "web/ten/game.py" in names and "web/shell/ui.py" in names and "dernier/game.py" in names
    assert not any(n.startswith("fakegame/") for n in names)
    assert "fakegame/table.py" in zipfile.ZipFile(site.root / "dernier" / "games" / "ten.zip").namelist()

    open_page(page, site.url, "players=2&levels=easy&seed=11&delay=0&lang=en")
    assert page.evaluate("document.body.dataset.game") == "dernier"
    # both games offered on the start screen
    assert page.eval_on_selector_all("#opt-game option", "els => els.map(e => e.value)") == [
        "dernier",
        "dog",
        "scala40",
        "ten",
    ]
    assert not any("/games/" in p for p in site.since(0))  # a Dernier visit never fetches Ten
    page.wait_for_function(WAIT_CONTROLLED, timeout=60000)

    start = len(site.sent)
    open_page(page, site.url, "game=ten&delay=0")
    assert page.evaluate("document.body.dataset.game") == "ten"
    assert site.since(start) == ["/dernier/games/ten.zip"]  # the rest came from the cache
    page.click("#start")
    page.wait_for_function("document.body.dataset.screen === 'table'")
    # the service worker kept it: the next visit downloads nothing
    start = len(site.sent)
    open_page(page, site.url, "game=ten&delay=0")
    assert page.evaluate("document.body.dataset.screen") == "table"
    assert site.since(start) == []
