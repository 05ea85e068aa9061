"""Browser entry point, run by PyScript (Pyodide) from index.html: starts the card table
(:mod:`web.ui`). Any start-up failure is shown on the page, never a blank screen."""

from __future__ import annotations

import os
import sys
import traceback

from pyscript import document  # type: ignore[import-not-found]


def show_error(text: str) -> None:
    status = document.getElementById("status")
    status.hidden = False
    status.textContent = "Dernier could not start:\n" + text
    status.classList.add("error")
    document.body.dataset.error = "start"


def start() -> None:
    # the built site ships the game's code as one app.zip, imported in place (zipimport)
    if os.path.isfile("app.zip"):
        sys.path.insert(0, os.path.abspath("app.zip"))
    try:
        from web import ui

        ui.main()
    except Exception:
        show_error(traceback.format_exc())


start()
