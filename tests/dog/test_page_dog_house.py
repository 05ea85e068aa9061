"""DOG pass-and-play: two people on one device (seats 0 and 1, opponents) and two bots; the
curtain (#curtain, #curtain-go) comes up between the people, the exchange included, and
hides every card face while it is up (CONTRACT "Playing with friends"; RULES §4). The game
starts late (a save where both teams have most pawns home, an exchange open) and is played
to its end by clicking."""

from __future__ import annotations

import pytest
from dog_page_support import open_saved, page_save, play_until_over, seek, table_data
from playwright.sync_api import Page, expect

import dog


def homes(m: dog.Match) -> list[int]:
    pawns = m.game.position()["pawns"]
    return [sum(str(p).startswith("h") for s in (t, t + 2) for p in pawns[s]) for t in (0, 1)]


@pytest.mark.browser
def test_a_game_to_its_end_passing_the_device(page: Page, server_url: str) -> None:
    m = seek(5, lambda m: m.game.state.phase == "exchange" and min(homes(m)) >= 5, limit=20000)
    open_saved(page, server_url, page_save(m, levels=["human", "medium", "medium"]))
    seen: dict[str, set[str]] = {"curtain_seats": set(), "curtain_phases": set(), "played": set()}

    def check(p: Page) -> None:
        if p.evaluate("document.body.dataset.curtain") == "true":
            expect(p.locator("#curtain")).to_be_visible()
            assert p.locator("#hand [data-card]").count() == 0  # no card face under the curtain
            assert p.locator("#log li").count() == 0
            data = table_data(p)
            seen["curtain_seats"].add(data["seat"])
            seen["curtain_phases"].add(data["phase"])
        else:
            seen["played"].add(table_data(p)["seat"])

    page.wait_for_function("document.body.dataset.curtain === 'true'")
    check(page)
    play_until_over(page, turns=600, on_turn=check)
    assert seen["curtain_seats"] == {"0", "1"}
    assert "exchange" in seen["curtain_phases"]  # the curtain covers the exchange too
    assert seen["played"] >= {"0", "1"}
    assert table_data(page)["over"] == "true"
