"""Browser entry point, run by PyScript (Pyodide) from index.html: starts the card table
(:mod:`web.shell.ui`). Any start-up failure is shown on the page, never a blank screen.

The built site ships the shell and the default game in ``app.zip`` and each other game in
``games/<name>.zip`` (scripts/build.py): a visit that plays another game (``?game=``)
fetches that game's zip first, once (the service worker keeps it)."""

from __future__ import annotations

import asyncio
import importlib.util
import os
import sys
import traceback
import zipimport
from types import CodeType

from pyscript import document


class AppZip(zipimport.zipimporter):
    """Imports the game from ``app.zip`` as zipimport does, reading and unmarshalling each
    module once: zipimport's ``find_spec`` asks ``get_filename``, which loads the module's
    code to learn its path, and ``exec_module`` then asks ``get_code``, which loads it again."""

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.kept: dict[str, CodeType] = {}

    def get_filename(self, fullname: str) -> str:
        # zipimport's own reader gives the code and the module's real path in this archive
        # (the code's co_filename names app.zip whichever zip it comes from, and a
        # package's submodules are looked for beside the path given here)
        read = getattr(zipimport, "_get_module_code", None)
        if read is None:
            return super().get_filename(fullname)
        code, _package, path = read(self, fullname)
        self.kept[fullname] = code
        return str(path)

    def get_code(self, fullname: str) -> CodeType:
        code = self.kept.pop(fullname, None)
        return code if code is not None else super().get_code(fullname)


def use_app_zip(archive: str) -> None:
    """Put ``archive`` on ``sys.path``, its packages imported through :class:`AppZip`."""

    def hook(path: str) -> AppZip:
        if path == archive or path.startswith(archive + "/"):
            return AppZip(path)
        raise ImportError(path)

    sys.path_hooks.insert(0, hook)
    sys.path.insert(0, archive)


def show_error(text: str) -> None:
    status = document.getElementById("status")
    status.hidden = False
    status.textContent = "Dernier could not start:\n" + text
    status.classList.add("error")
    document.body.dataset.error = "start"


def missing_game() -> str | None:
    """The game this visit plays when its code is not here yet (the built site ships each
    game but the default one apart), else None."""
    from pyscript import window

    from web.shell import games
    from web.shell.params import game_of

    spec = games.get(game_of(str(window.location.search or "")))
    if not spec.package or importlib.util.find_spec(spec.package) is not None:
        return None
    return spec.name


async def fetch_game(name: str) -> None:
    """``games/<name>.zip`` fetched, written beside app.zip and imported in place."""
    from pyodide.http import pyfetch

    resp = await pyfetch(f"./games/{name}.zip")
    if not resp.ok:
        raise RuntimeError(f"games/{name}.zip: HTTP {resp.status}")
    path = os.path.abspath(f"game-{name}.zip")
    with open(path, "wb") as out:
        out.write(await resp.bytes())
    use_app_zip(path)
    extend_packages(path)


def extend_packages(archive: str) -> None:
    """Each package already imported from app.zip whose folder ``archive`` also holds (``web``,
    and ``web.dog``, which app.zip holds for the game's spec alone) gets that folder on its
    ``__path__``, outer packages first, so that its modules there (``web.dog.words``) import:
    a package looks for its submodules on its own ``__path__`` only, never on sys.path."""
    import zipfile

    with zipfile.ZipFile(archive) as zf:
        folders = {name.rsplit("/", 1)[0] for name in zf.namelist() if "/" in name.rstrip("/")}
    packages = {"/".join(f.split("/")[: i + 1]) for f in folders for i in range(f.count("/") + 1)}
    for folder in sorted(packages, key=lambda f: (f.count("/"), f)):
        module = sys.modules.get(folder.replace("/", "."))
        paths = getattr(module, "__path__", None)
        where = f"{archive}/{folder}"
        # list(): a namespace package's path is brought up to date with its parent's first
        if paths is not None and where not in list(paths):
            paths.append(where)


#: the start that waits for a game's code (kept referenced until it is done)
STARTING: list[asyncio.Future[None]] = []


async def start_later(name: str) -> None:
    try:
        await fetch_game(name)
        from web.shell import ui

        ui.main()
    except Exception:
        show_error(traceback.format_exc())


def start() -> None:
    try:
        # the built site ships the game's code as zips, imported in place
        if os.path.isfile("app.zip"):
            use_app_zip(os.path.abspath("app.zip"))
            name = missing_game()
            if name is not None:
                STARTING.append(asyncio.ensure_future(start_later(name)))
                return
        from web.shell import ui

        ui.main()
    except Exception:
        show_error(traceback.format_exc())


start()
