"""Each visit loads only its game (issue 22): the build puts the shell, the default game and
every game's spec in ``app.zip``, and each other registered game's rules package and table
folder in ``games/<name>.zip``, fetched by web/main.py only when that game is played."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browser_support import load_script

build = load_script("build")
ROOT: Path = build.ROOT


def test_the_registered_games_are_built_dernier_first() -> None:
    assert build.registered_games()[0] == ("dernier", "dernier")
    files = {p.relative_to(ROOT).as_posix() for p in build._code_files()}
    assert "dernier/game.py" in files and "web/shell/games.py" in files and "web/games.py" in files
    assert "dernier/cli.py" not in files  # the command line stays out


def test_with_dernier_alone_everything_is_in_app_zip() -> None:
    files = build._code_files()
    app, bundles = build.game_bundles(files)
    assert app == files and bundles == {}


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
