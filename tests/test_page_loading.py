"""A slow network's first visit (issue 40): while the runtime and the game download, the page
shows a progress bar of what is downloaded and lets the player read the game's rules
(web/boot.js, from the built site's #load-sizes and rules/<game>.<lang>.json). The game's zip
is held back here, so the page stays loading for as long as the test looks."""

from __future__ import annotations

import contextlib

import pytest
from playwright.sync_api import Error, Page, Route, expect


@pytest.mark.browser
def test_a_loading_page_shows_its_progress_and_the_rules_meanwhile(page: Page, server_url: str) -> None:
    held: list[Route] = []
    released: list[bool] = []

    def hold(route: Route) -> None:
        if released:
            route.continue_()
        else:
            held.append(route)

    page.route("**/games/scala40.zip", hold)
    page.goto(
        server_url + "index.html?game=scala40&players=2&levels=medium&seed=3&lang=it",
        wait_until="domcontentloaded",
    )
    expect(page.locator("#boot-load")).to_be_visible()
    # the bar moves as the runtime arrives, and stops short of the end while the game is held
    page.wait_for_function("document.getElementById('load-progress').value > 0", timeout=60_000)
    page.wait_for_function("document.getElementById('load-progress').value >= 500", timeout=60_000)
    value = page.evaluate("document.getElementById('load-progress').value")
    assert 0 < value < 1000
    expect(page.locator("#load-words")).to_contain_text("Scaricato:")
    assert page.evaluate("document.body.dataset.ready") != "true"

    # the rules, in the page's language, while it loads: from the button under the bar
    page.click("#boot-rules")
    dialog = page.locator("#rules-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#rules-title")).to_have_text("Regole di Scala 40")
    assert len(page.locator("#rules-body").inner_text()) > 200
    assert page.evaluate("document.activeElement.id") == "rules-close"
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    # and from the Rules button of the top bar, closed with its Close button
    page.click("#show-rules")
    expect(dialog).to_be_visible()
    page.click("#rules-close")
    expect(dialog).to_be_hidden()

    for _ in range(600):  # the preload's request, then the game starts
        if held:
            break
        page.wait_for_timeout(50)
    released.append(True)
    for route in held:
        with contextlib.suppress(Error):  # a request the browser gave up meanwhile
            route.continue_()
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=60_000)
    expect(page.locator("#boot-load")).to_be_hidden()
    expect(page.locator("#table")).to_be_visible()
