"""Browser entry point, run by PyScript (Pyodide) from index.html: starts the card table
(:mod:`web.shell.ui`). Any start-up failure is shown on the page, never a blank screen."""

from __future__ import annotations

import os
import sys
import traceback
import zipimport
from types import CodeType

from pyscript import document  # type: ignore[import-not-found]


class AppZip(zipimport.zipimporter):
    """Imports the game from ``app.zip`` as zipimport does, reading and unmarshalling each
    module once: zipimport's ``find_spec`` asks ``get_filename``, which loads the module's
    code to learn its path, and ``exec_module`` then asks ``get_code``, which loads it again."""

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.kept: dict[str, CodeType] = {}

    def get_filename(self, fullname: str) -> str:
        code = super().get_code(fullname)
        self.kept[fullname] = code
        return code.co_filename

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


def start() -> None:
    try:
        # the built site ships the game's code as one app.zip, imported in place
        if os.path.isfile("app.zip"):
            use_app_zip(os.path.abspath("app.zip"))
        from web.shell import ui

        ui.main()
    except Exception:
        show_error(traceback.format_exc())


start()
