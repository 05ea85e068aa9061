"""Bots think without freezing the page: no main-thread task over 100 ms while they play."""

from __future__ import annotations

import pytest
from browser_support import open_page
from playwright.sync_api import Page
from test_page_support import state, take_turn, wait_for_input

OBSERVE_JS = """() => {
  window.__longtasks = [];
  const obs = new PerformanceObserver(list => {
    for (const e of list.getEntries()) window.__longtasks.push(Math.round(e.duration));
  });
  obs.observe({type: 'longtask'});
  window.__bot_moves = 0;
  const log = document.querySelector('#log');
  new MutationObserver(() => { window.__bot_moves += 1; }).observe(log, {childList: true});
}"""


@pytest.mark.browser
def test_hard_bots_do_not_block_the_page(page: Page, server_url: str) -> None:
    open_page(page, server_url, "players=4&levels=hard,hard,hard&seed=11&lang=en&delay=0&hands=1")
    page.wait_for_timeout(300)  # let start-up work settle before observing
    page.evaluate(OBSERVE_JS)
    turns = 0
    while turns < 12:
        st = wait_for_input(page)
        if st["over"]:
            break
        take_turn(page)
        turns += 1
    st = wait_for_input(page)
    longtasks: list[int] = page.evaluate("window.__longtasks")
    renders = page.evaluate("window.__bot_moves")
    print(f"{turns} human turns, {renders} log updates, long tasks (ms): {longtasks}")
    assert renders > turns  # bots really played in between
    assert all(d <= 100 for d in longtasks), longtasks
    assert state(page)["turn"] in ("0", None) or st["over"]
