"""The house outside the shell's Python speaks no game in particular (issue 30): the first
paint, before Python is up, reads the visit's own game's remembered language."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, Route


@pytest.mark.browser
def test_first_paint_reads_the_visits_own_games_language(page: Page, server_url: str) -> None:
    """web/boot.js picks the language from the prefs of the link's game (``<game>.prefs.v1``;
    the default game's key it always had), before Python starts (held back here)."""
    held: list[Route] = []
    page.route("**/web/main.py", lambda route: held.append(route))  # no Python: the first paint alone
    prefs = {"dog.prefs.v1": {"lang": "it"}, "dernier.prefs.v1": {"lang": "en"}}
    page.add_init_script(
        f"for (const [k, v] of Object.entries({json.dumps(prefs)}))"
        " localStorage.setItem(k, JSON.stringify(v));"
    )
    page.goto(server_url + "index.html?game=dog", wait_until="domcontentloaded")
    assert page.evaluate("document.body.dataset.ready") != "true"
    assert page.evaluate("document.documentElement.lang") == "it"
    assert page.input_value("#opt-lang") == "it"
    # the fixed text is Italian at once (the built site's words)
    assert page.text_content("[data-i18n='opt_lang']") == "Lingua"
    # the default game keeps its own key; an unknown game= is the default game's visit
    for query in ("", "?game=chess"):
        page.goto(server_url + "index.html" + query, wait_until="domcontentloaded")
        assert page.evaluate("document.documentElement.lang") == "en", query
        assert page.text_content("[data-i18n='opt_lang']") == "Language"
