"""A share link (``#replay=…``) opens the replay viewer on the built site with no network:
the whole match travels in the link's fragment and the service worker serves the page."""

from __future__ import annotations

import json

import pytest
from browser_support import PageLog, open_page
from playwright.sync_api import Page, expect
from test_dist import built as built  # a fixture: the site built once for this module
from test_dist import site as site  # a fixture
from test_web_replay import bot_match

from web.shell.replay import encode_link

pytestmark = pytest.mark.browser


@pytest.mark.allow_page_errors
def test_a_share_link_opens_offline_on_the_built_site(page: Page, site: str, page_log: PageLog) -> None:
    open_page(page, site, "lang=en")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    m = bot_match(players=3, hands=2, seed=31, rules="traditional")
    link = site + "index.html#" + encode_link(m.record())
    page.context.set_offline(True)
    try:
        page.goto(link)
        page.wait_for_selector("body[data-ready=true]", timeout=60_000)
        viewer = page.locator("#replay")
        expect(viewer).to_be_visible()
        page.select_option("#replay-hand", "2")
        expect(viewer).to_have_attribute("data-hand", "2")
        page.focus("#replay-next")
        page.keyboard.press("End")
        expect(viewer).to_have_attribute("data-step", str(len(m.record()["history"][1]["moves"])))
        shown = json.loads(page.locator("#replay-board").get_attribute("data-position") or "{}")
        assert shown == m.game.position()
    finally:
        page.context.set_offline(False)
    page_log.assert_clean_offline()
