"""Browser entry point: run by PyScript (Pyodide) from index.html.

Placeholder until the table UI lands: it proves that the runtime and the `dernier`
package load in the browser, then marks the page ready for the tests.
"""

from __future__ import annotations

import traceback

from pyscript import document  # type: ignore[import-not-found]


def show(text: str, *, error: bool = False) -> None:
    status = document.getElementById("status")
    status.textContent = text
    if error:
        status.classList.add("error")


def start() -> None:
    try:
        import dernier
    except Exception:
        show("Dernier could not start:\n" + traceback.format_exc(), error=True)
        document.body.dataset.error = "import"
        return
    version = getattr(dernier, "__version__", "?")
    show(f"Dernier {version} — loading table…")
    document.body.dataset.ready = "true"


start()
