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


@pytest.mark.browser
def test_first_paint_of_a_link_with_the_games_own_match_parameters_is_the_table(
    page: Page, server_url: str
) -> None:
    """A link that starts a match by the game's own parameters only (``GameSpec.params``:
    DOG's number of games, Scala 40's ``out_at``) shows the table's loading state at first
    paint, never the start form: web/boot.js reads each game's match parameters from the
    build (``#match-params``), before Python starts (held back here). Another game's own
    parameter starts no match of this one (the start form)."""
    held: list[Route] = []
    page.route("**/web/main.py", lambda route: held.append(route))  # no Python: the first paint alone
    cases = {
        "?game=dog&games=3": True,
        "?game=scala40&out_at=201": True,
        "?game=scala40&reentries=2&lang=it": True,
        "?game=dog&levels=medium,medium,medium": True,
        "?players=3": True,
        "?games=3": False,  # DOG's, not the default game's
        "?game=dog&out_at=201": False,  # Scala 40's, not DOG's
        "?game=dog": False,
    }
    for query, link in cases.items():
        page.goto(server_url + "index.html" + query, wait_until="domcontentloaded")
        assert page.evaluate("document.body.dataset.ready") != "true", query
        boot = page.evaluate("document.documentElement.dataset.boot || ''")
        setup = page.evaluate("document.querySelector('#setup').checkVisibility()")
        assert (boot, setup) == (("link", False) if link else ("", True)), query
