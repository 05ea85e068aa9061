"""A match of several games on DOG's page (RULES §12: first team to N games): chosen on the
start screen, the tally at the table and after each game, "Next game" going on with the
series (the next dealer), a new match only once a team has won it."""

from __future__ import annotations

import random

import pytest
from dog_page_support import open_saved, page_save, seat_to_move
from playwright.sync_api import Page, expect

import dog


def one_game_played(games: int, seed: int = 2) -> dog.Match:
    """A match to ``games`` whose first game is over (random play to the end)."""
    m = dog.Match.new(games=games, seed=seed)
    rng = random.Random(seed)
    while not m.game.over:
        g = m.game
        seat = seat_to_move(g)
        moves = [x for x in g.legal_moves(seat) if x not in ("abandon", "timeout")]
        home = [x for x in moves if "-h" in x or x.endswith(" out")]
        m.play(rng.choice(home if home and rng.random() < 0.8 else moves), seat)
    return m


@pytest.mark.browser
def test_the_start_screen_offers_a_match_of_several_games_s12(page: Page, server_url: str) -> None:
    page.goto(f"{server_url}/index.html?game=dog")
    page.wait_for_function("document.body.dataset.ready === 'true'")
    field = page.locator("[data-number-field='games'] select, [data-number-field='games'] input")
    expect(field).to_be_visible()
    field.select_option("3")
    page.click("#start")
    page.wait_for_function("!document.querySelector('#table').hidden")
    expect(page.locator("#hand-info")).to_contain_text("games 0–0, first to 3")


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "it"])
def test_next_game_goes_on_with_the_series_s12(page: Page, server_url: str, lang: str) -> None:
    m = one_game_played(2)
    us = m.score[0]
    dealer = m.dealer
    open_saved(
        page,
        server_url,
        page_save(
            m, levels=["easy"] * 3, delay=4000, lang=lang, game="dog", rules="standard", variants={"games": 2}
        ),
    )
    page.wait_for_function("document.querySelector('#table').dataset.over === 'true'")
    tally = (
        f"Games won: your team {us}, opponents {1 - us} (first team to 2 wins the match)."
        if lang == "en"
        else f"Partite vinte: la tua squadra {us}, avversari {1 - us} (vince l'incontro chi arriva a 2)."
    )
    expect(page.locator("#turn-line")).to_contain_text(tally)
    expect(page.locator("#new-game")).to_have_text("Next game" if lang == "en" else "Prossima partita")
    expect(page.locator("#fold")).to_be_hidden()
    page.click("#new-game")
    expect(page.locator("#table")).to_have_attribute("data-over", "false")
    game2 = "Game 2" if lang == "en" else "Partita 2"
    expect(page.locator("#hand-info")).to_contain_text(game2)
    short = f"{us}–{1 - us}"
    expect(page.locator("#hand-info")).to_contain_text(short)
    save = page.evaluate("JSON.parse(localStorage.getItem('dog.match.v1'))")
    history = save["match"]["match"]["history"]
    assert len(history) == 2 and history[1]["dealer"] == (dealer + 1) % 4  # §12: the next dealer


@pytest.mark.browser
def test_the_match_winner_is_said_once_s12(page: Page, server_url: str) -> None:
    """§12: the game that decides a match says who won the match, once ("The other team
    wins. The other team wins the match, 2 games to 1." said it twice)."""
    m = one_game_played(2, seed=3)
    while not m.over:
        m.next_game()
        rng = random.Random(m.game_no)
        while not m.game.over:
            g = m.game
            seat = seat_to_move(g)
            moves = [x for x in g.legal_moves(seat) if x not in ("abandon", "timeout")]
            home = [x for x in moves if "-h" in x or x.endswith(" out")]
            m.play(rng.choice(home if home and rng.random() < 0.8 else moves), seat)
    assert m.score == [1, 2]  # the other team wins the match
    save = page_save(m, levels=["easy"] * 3, delay=4000, game="dog", rules="standard", variants={"games": 2})
    open_saved(page, server_url, save)
    page.wait_for_function("document.querySelector('#table').dataset.over === 'true'")
    expect(page.locator("#turn-line")).to_have_text("The other team wins the match, 2 games to 1.")
