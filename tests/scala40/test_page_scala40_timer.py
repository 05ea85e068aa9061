"""Scala 40's turn timer (the setup's ``timer``) is the shell's (web/shell/seats.py), as
Dernier's: a drawn clock and the seconds left, in the page's language."""

from __future__ import annotations

import re

import pytest
from browser_support import open_page
from playwright.sync_api import Page, expect


@pytest.mark.browser
def test_the_turn_timer_draws_the_shells_clock(page: Page, server_url: str) -> None:
    open_page(page, server_url, "game=scala40&players=2&levels=easy&seed=5&delay=0&hands=1&timer=45&lang=it")
    timer = page.locator("#timer")
    expect(timer).to_be_visible()  # the person's turn (a bot's first move takes no time)
    expect(timer.locator("svg")).to_have_count(1)
    expect(timer.locator(".timer-text")).to_have_text(re.compile(r"^ancora 4[0-5] s$"))
