"""The smaller points of DOG's table (issue 31): the log speaks to its reader with the
cards as their faces show them and marks each new round; a card that cannot be played
says why; a pawn tapped before a card says what comes first; the board shows the fields'
numbers the log uses, each nest's letter clear of the track; "Give up the round" goes
once the game is over; a mouse choice does not move the focus onto the board."""

from __future__ import annotations

import pytest
from dog_page_support import open_saved, page_save, play_turn, seek
from playwright.sync_api import Page, expect

import dog

SIGNS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}


def face(code: str) -> str:
    """A card as its face shows it (``2♥``): in every sentence, never its code ``2H``."""
    return "Jolly" if code == "JK" else code[:-1] + SIGNS[code[-1]]


def log_lines(page: Page) -> list[str]:
    return list(page.eval_on_selector_all("#log li", "e => e.map(x => x.textContent)"))


def at_start(m: dog.Match) -> bool:
    """Seat 0 to play with every pawn of its in the nest and a card that cannot bring one out."""
    st = m.game.state
    if st.phase != "play" or st.turn != 0 or any(p >= 0 for p in st.loc[:4]):
        return False
    hand = m.view(0)["hands"][0]
    return any(c[:-1] not in ("A", "K") and c != "JK" for c in hand) and len(m.legal_moves(0)) > 1


@pytest.mark.browser
def test_the_exchange_is_said_to_the_giver_with_the_card_face(page: Page, server_url: str) -> None:
    page.goto(f"{server_url}/index.html?game=dog&levels=easy,easy,easy&seed=4&lang=it&delay=0")
    page.wait_for_function("document.body.dataset.ready === 'true'")
    page.wait_for_function("!document.querySelector('#give').hidden")
    code = page.get_attribute("#hand [data-card]", "data-card") or ""
    page.click(f"#hand [data-card='{code}']")
    page.click("#give")
    face = "Jolly" if code == "JK" else code[:-1] + {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}[code[-1]]
    page.wait_for_function(
        "[...document.querySelectorAll('#log li')].some(x => x.textContent.startsWith('Dai '))"
    )
    mine = [x for x in log_lines(page) if x.startswith("Dai ")]
    assert mine == [f"Dai {face} al compagno"]
    assert not any(" dà " in x and x.startswith("Tu") for x in log_lines(page))


@pytest.mark.browser
def test_an_unplayable_card_and_an_early_tap_say_why_s10(page: Page, server_url: str) -> None:
    """§10: with no pawn out, a card that cannot bring one out says so when tapped; a tap on
    the board before a card says to choose a card first; a mouse choice leaves the focus."""
    m = seek(40, at_start)
    card = next(c for c in m.view(0)["hands"][0] if c[:-1] not in ("A", "K") and c != "JK")
    open_saved(page, server_url, page_save(m, levels=["easy"] * 3, delay=4000))
    page.wait_for_function("document.querySelector('#table').dataset.turn === '0'")
    page.click("#board [data-field='8']")
    expect(page.locator("#hint")).to_contain_text("Choose a card first")
    page.click(f"#hand [data-card='{card}']", force=True)  # aria-disabled: still tappable
    expect(page.locator("#hint")).to_contain_text(f"{face(card)}: none of your pawns is out yet")
    expect(page.locator("#hint")).to_contain_text("only an A, a K or a Jolly brings one out")


@pytest.mark.browser
def test_the_board_shows_the_field_numbers_and_the_nest_letters_clear_of_the_track(
    page: Page, server_url: str
) -> None:
    page.goto(f"{server_url}/index.html?game=dog&levels=easy,easy,easy&seed=4&delay=0")
    page.wait_for_function("document.body.dataset.ready === 'true'")
    numbers = page.eval_on_selector_all("#board .dog-field-no", "e => e.map(x => x.textContent)")
    assert numbers == [str(f) for f in range(64)]
    overlaps = page.evaluate(
        """() => {
          const boxes = [...document.querySelectorAll('#board circle[data-field]')]
            .filter(c => /^[0-9]+$/.test(c.dataset.field)).map(c => c.getBoundingClientRect());
          return [...document.querySelectorAll('#board .dog-nest-label')].filter(l => {
            const a = l.getBoundingClientRect();
            return boxes.some(b => a.left < b.right && b.left < a.right
                                   && a.top < b.bottom && b.top < a.bottom);
          }).map(l => l.textContent);
        }"""
    )
    assert overlaps == []


@pytest.mark.browser
def test_a_new_round_is_marked_in_the_log_s4(page: Page, server_url: str) -> None:
    """§4: the move that ends a round is followed in the log by the next round's line."""

    def last_card(m: dog.Match) -> bool:
        st = m.game.state
        hands = st.hands
        return st.phase == "play" and st.turn == 0 and len(hands[0]) == 1 and not any(hands[1:])

    m = seek(60, last_card)
    nxt = m.game.state.round + 1
    open_saved(page, server_url, page_save(m, levels=["easy"] * 3, delay=4000))
    page.wait_for_function("document.querySelector('#table').dataset.turn === '0'")
    rounds = page.locator("#log li.dog-log-round")
    expect(rounds).to_have_count(nxt - 2)  # one line per round dealt after the first
    play_turn(page)
    expect(rounds).to_have_count(nxt - 1)
    expect(rounds.last).to_contain_text(f"Round {nxt}:")


@pytest.mark.browser
def test_give_up_the_round_goes_once_the_game_is_over_s13(page: Page, server_url: str) -> None:
    page.goto(f"{server_url}/index.html?game=dog&levels=easy,easy,easy&seed=4&delay=0")
    page.wait_for_function("document.body.dataset.ready === 'true'")
    page.click("#abandon")
    page.click("#abandon-yes")
    expect(page.locator("#table")).to_have_attribute("data-over", "true")
    expect(page.locator("#fold")).to_be_hidden()


ORDER_JS = """pid => {
  window.dogOrder = [];
  const pawn = document.querySelector(`#board [data-pawn="${pid}"]`);
  new MutationObserver(() => window.dogOrder.push('step')).observe(pawn, {attributeFilter: ['transform']});
  new MutationObserver(() => {
    if (document.querySelector('#hand [data-card]')) window.dogOrder.push('cards');
  }).observe(document.querySelector('#hand'), {childList: true});
}"""


@pytest.mark.browser
def test_the_next_round_is_dealt_once_the_last_pawn_has_walked_s4(page: Page, server_url: str) -> None:
    """§4: the last card of a round moves a pawn field by field; the next round's cards
    come only after it has arrived (the order of what the page shows, not its speed)."""

    def last_walk(m: dog.Match) -> bool:
        st = m.game.state
        if st.phase != "play" or st.turn != 0 or len(st.hands[0]) != 1 or any(st.hands[1:]):
            return False
        moves = m.legal_moves(0)
        return (
            len(moves) == 1
            and moves[0].count("-") == 1
            and moves[0].split(" ")[0][:-1] in ("5", "6", "8", "9", "10", "Q")
        )

    m = seek(60, last_walk)
    move = m.legal_moves(0)[0]
    start = move.split(" ")[1].split("-")[0]
    open_saved(page, server_url, page_save(m, levels=["easy"] * 3, delay=4000))
    page.wait_for_function("document.querySelector('#table').dataset.turn === '0'")
    pid = page.get_attribute(f"#board [data-pawn][data-at='{start}']", "data-pawn")
    page.evaluate(ORDER_JS, pid)
    page.click("#hand [data-card]")  # a lone move: played at once
    page.wait_for_function("window.dogOrder.includes('cards')")
    order = page.evaluate("window.dogOrder")
    assert order.count("step") > 2 and order.index("cards") > max(
        i for i, x in enumerate(order) if x == "step"
    ), order


@pytest.mark.browser
def test_the_partners_card_is_mentioned_only_while_held_s4(page: Page, server_url: str) -> None:
    """§4: "Your partner gave you 9♠" until that card is played, not after."""

    def got_usable(m: dog.Match) -> bool:
        st = m.game.state
        if st.phase != "play" or st.turn != 0 or len(st.hands[0]) < 3 or not all(st.hands[1:]):
            return False
        got = m.view(0)["got"]
        return bool(got) and got != "JK" and any(x.startswith(got + " ") for x in m.legal_moves(0))

    m = seek(80, got_usable)
    got = m.view(0)["got"]
    open_saved(page, server_url, page_save(m, levels=["easy"] * 3, delay=0))
    page.wait_for_function("document.querySelector('#table').dataset.turn === '0'")
    expect(page.locator("#turn-line")).to_contain_text(f"Your partner gave you {face(got)}.")
    before = page.locator("#log li").count()
    page.click(f"#hand [data-card='{got}']")
    for _ in range(20):
        if page.locator("#log li").count() > before:
            break
        lit = page.locator("#board [data-pawn][data-target='true'], #board [data-target='true']")
        if not lit.count():
            lit = page.locator("#board [data-pawn][data-movable='true'], #board [data-movable='true']")
        if lit.count():
            lit.first.click()
        page.wait_for_timeout(30)
    page.wait_for_function(
        """() => { const t = document.querySelector('#table').dataset;
                   return t.turn === '0' || t.phase !== 'play'; }"""
    )
    if page.get_attribute("#table", "data-phase") == "play":
        expect(page.locator("#turn-line")).not_to_contain_text("gave you")


@pytest.mark.browser
def test_a_tap_leaves_the_focus_and_a_key_moves_it_to_the_lit_pawns(page: Page, server_url: str) -> None:
    """A card tapped lights its pawns without moving the focus (no focus ring on the first
    of them, as if it were another kind of target); chosen by keyboard, the focus goes to
    the first lit pawn (or target) so that Enter takes it."""

    def two_pawns(m: dog.Match) -> bool:
        st = m.game.state
        if st.phase != "play" or st.turn != 0:
            return False
        for code in set(st.hands[0]) - {"JK"}:
            starts = {x.split(" ")[1].split("-")[0] for x in m.legal_moves(0) if x.startswith(code + " ")}
            if len(starts) > 1 and not code.startswith("7"):
                return True
        return False

    m = seek(70, two_pawns)
    st = m.game.state
    code = next(
        c
        for c in sorted(set(st.hands[0]) - {"JK"})
        if not c.startswith("7")
        and len({x.split(" ")[1].split("-")[0] for x in m.legal_moves(0) if x.startswith(c + " ")}) > 1
    )
    open_saved(page, server_url, page_save(m, levels=["easy"] * 3, delay=8000))
    page.wait_for_function("document.querySelector('#table').dataset.turn === '0'")
    page.click(f"#hand [data-card='{code}']")
    expect(page.locator("#board [data-movable='true']").first).to_be_visible()
    assert page.evaluate("!document.activeElement.closest('#board')")
    pawns = page.locator("#board [data-pawn][data-movable='true']")
    if pawns.count() > 1:  # a pawn tapped: its targets light up, none of them takes the focus
        pawns.first.click()
        if page.locator("#board [data-target='true']").count() > 1:
            assert page.evaluate("!document.activeElement.closest('[data-target=\"true\"]')")
    page.keyboard.press("Escape")
    page.focus(f"#hand [data-card='{code}']")
    page.keyboard.press("Enter")
    page.wait_for_function(
        '!!document.activeElement.closest(\'#board [data-movable="true"], #board [data-target="true"]\')'
    )


@pytest.mark.browser
def test_a_pawn_of_yours_sent_home_is_said_in_the_turn_line_and_aloud_s8(page: Page, server_url: str) -> None:
    """§8: another seat's move that sent one of your pawns home is said in the turn line and
    the live region ("Bianca sent your pawn on 24 home."), not only at the end of the log's
    one line, where it is cut."""

    def hit_me(m: dog.Match) -> bool:
        h = m.history[-1]
        moves, fx = h["moves"], h.get("effects") or []
        if not moves or m.game.over or m.game.state.phase != "play" or len(fx) != len(moves):
            return False
        last = fx[-1]
        return moves[-1][0] != 0 and bool(last) and any(p[0] == 0 for p in last.get("sent", []))

    m = seek(5, hit_me)
    who, _move = m.history[-1]["moves"][-1]
    at = next(p[2] for p in m.history[-1]["effects"][-1]["sent"] if p[0] == 0)
    open_saved(page, server_url, page_save(m, levels=["easy"] * 3, delay=8000))
    said = f"{['You', 'Bianca', 'Carlo', 'Dario'][who]} sent your pawn on {at} home."
    expect(page.locator("#turn-line")).to_contain_text(said)
    expect(page.locator("#announce")).to_contain_text(said)


LIT_BOXES_JS = """() => {
  const board = document.querySelector('#board');
  const lit = [...board.querySelectorAll('[data-target="true"], [data-movable="true"]')];
  return lit.map(e => {
    const key = e.dataset.pawn ? 'p:' + e.dataset.pawn : 'f:' + e.dataset.field;
    const boxes = [e, board.querySelector(`[data-hit="${key}"]`)].filter(x => x)
      .map(x => x.getBoundingClientRect());
    const w = Math.max(...boxes.map(b => b.right)) - Math.min(...boxes.map(b => b.left));
    const h = Math.max(...boxes.map(b => b.bottom)) - Math.min(...boxes.map(b => b.top));
    return {name: key, w: Math.round(w * 10) / 10, h: Math.round(h * 10) / 10};
  });
}"""


@pytest.mark.browser
def test_lit_fields_are_large_targets_on_a_phone_and_an_unlit_tap_says_why_s6(
    page: Page, server_url: str
) -> None:
    """WCAG 2.5.8 at 360×640, where a field is drawn some 13 px wide: every lit target (field
    or pawn) offers at least 24 × 24 px, a tap 8 px beside a lit field takes it, and a tap on
    a field that is not lit says why nothing moves (§6: the 4 goes forward or backward)."""

    def four(m: dog.Match) -> bool:
        st = m.game.state
        moves = [x for x in m.legal_moves(0) if x.startswith("4S ")] if st.turn == 0 else []
        return st.phase == "play" and sorted(moves) == ["4S 0-4", "4S 0-60"]

    m = seek(7, four)
    page.set_viewport_size({"width": 360, "height": 640})
    open_saved(page, server_url, page_save(m, levels=["easy"] * 3, delay=8000))
    page.wait_for_function("document.querySelector('#table').dataset.turn === '0'")
    page.click("#hand [data-card='4S']")  # one pawn can move: its two ends light up
    expect(page.locator("#board [data-field][data-target='true']")).to_have_count(2)
    own = page.locator("#board [data-field='60']").bounding_box()
    assert own and own["width"] < 20  # the field as drawn: too small a target alone
    boxes = page.evaluate(LIT_BOXES_JS)
    assert {b["name"] for b in boxes} >= {"f:4", "f:60"}
    assert all(b["w"] >= 24 and b["h"] >= 24 for b in boxes), boxes
    page.click("#board [data-field='8']")  # not lit: nothing moves, and the hint says why
    expect(page.locator("#hint")).to_contain_text("4♠ cannot take your pawn on 0 to 8")
    page.locator("#board").scroll_into_view_if_needed()
    box = page.locator("#board [data-field='60']").bounding_box()
    whole = page.locator("#board").bounding_box()
    assert box and whole
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    dx, dy = x - (whole["x"] + whole["width"] / 2), y - (whole["y"] + whole["height"] / 2)
    norm = (dx * dx + dy * dy) ** 0.5
    page.mouse.click(x + 8 * dx / norm, y + 8 * dy / norm)  # 8 px off the field, outwards
    expect(page.locator("#log li").last).to_contain_text("0 → 60")


#: every lit target (field or pawn) of the board as the person sees it: its centre and its
#: box (the drawn field or pawn and the larger target under it), in CSS pixels, and the
#: board's own box
LIT_CENTRES_JS = """() => {
  const board = document.querySelector('#board');
  const lit = [...board.querySelectorAll('[data-target="true"], [data-movable="true"]')];
  const out = lit.map(e => {
    const key = e.dataset.pawn ? 'p:' + e.dataset.pawn : 'f:' + e.dataset.field;
    const boxes = [e, board.querySelector(`[data-hit="${key}"]`)].filter(x => x)
      .map(x => x.getBoundingClientRect());
    const own = e.getBoundingClientRect();
    return {name: key, x: own.x + own.width / 2, y: own.y + own.height / 2,
      w: Math.max(...boxes.map(b => b.right)) - Math.min(...boxes.map(b => b.left)),
      h: Math.max(...boxes.map(b => b.bottom)) - Math.min(...boxes.map(b => b.top))};
  });
  const b = board.getBoundingClientRect();
  return {lit: out, board: {x: b.x, y: b.y, w: b.width, h: b.height}};
}"""


def check_lit_targets(page: Page) -> list[dict[str, float]]:
    """WCAG 2.5.8: each lit target at least 24 × 24 px, inside the board as drawn, and the
    24 px circles centred on any two of them clear of each other (centres >= 24 px apart)."""
    seen = page.evaluate(LIT_CENTRES_JS)
    lit, board = seen["lit"], seen["board"]
    assert len(lit) >= 5, lit
    for t in lit:
        assert t["w"] >= 24 and t["h"] >= 24, t
        assert board["x"] <= t["x"] <= board["x"] + board["w"], (t, board)
        assert board["y"] <= t["y"] <= board["y"] + board["h"], (t, board)
    spots = {(round(t["x"], 1), round(t["y"], 1)) for t in lit}  # a pawn on a lit field: one
    gaps = [((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5 for a in spots for b in spots if a < b]
    assert min(gaps) >= 24, sorted(gaps)[:3]
    return list(lit)


@pytest.mark.browser
def test_a_seven_on_a_phone_zooms_the_board_to_the_fields_in_play_s11(page: Page, server_url: str) -> None:
    """WCAG 2.5.8 on phones (issue 38): a 7 lights the seven fields ahead of its pawn (§11),
    some 14 px apart on a 360 px board; the board zooms to the part in play so that each lit
    target is 24 × 24 px and 24 px clear of its neighbours at 360×640 and, turned to a new
    size, at 390×844; a tap 9 px from a lit field towards its neighbour takes that field; the
    move played gives the whole board back."""

    def seven(m: dog.Match) -> bool:
        st = m.game.state
        if st.phase != "play" or st.turn != 0:
            return False
        legal = [x for x in m.legal_moves(0) if x.startswith("7C ")]
        return len({x.split(" ")[1].split("-")[0] for x in legal}) == 1 and len(legal) >= 7

    m = seek(3, seven)
    page.set_viewport_size({"width": 360, "height": 640})
    open_saved(page, server_url, page_save(m, levels=["easy"] * 3, delay=8000))
    page.wait_for_function("document.querySelector('#table').dataset.turn === '0'")
    assert page.get_attribute("#board", "viewBox") == "0 0 100 100"
    page.click("#hand [data-card='7C']")
    expect(page.locator("#board [data-field='3'][data-target='true']")).to_have_count(1)
    assert page.get_attribute("#board", "viewBox") != "0 0 100 100"  # zoomed
    expect(page.locator("#discard")).to_be_hidden()  # it would cover the middle of the zoom
    check_lit_targets(page)
    page.screenshot(path="/tmp/zoom360.png")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function("document.querySelector('#board').getBoundingClientRect().width > 360")
    lit = {t["name"]: t for t in check_lit_targets(page)}
    page.screenshot(path="/tmp/zoom390.png")
    two, three = lit["f:2"], lit["f:3"]
    dx, dy = three["x"] - two["x"], three["y"] - two["y"]
    norm = (dx * dx + dy * dy) ** 0.5
    page.mouse.click(two["x"] + 9 * dx / norm, two["y"] + 9 * dy / norm)
    expect(page.locator("#log li").last).to_contain_text("7♣, 0 → 2")  # the rest goes alone
    expect(page.locator("#board")).to_have_attribute("viewBox", "0 0 100 100")  # the whole board
    expect(page.locator("#discard")).to_be_visible()


@pytest.mark.browser
def test_a_level_for_each_of_the_four_seats_is_understood(page: Page, server_url: str) -> None:
    """``levels=human,medium,medium,medium``: one value a seat, yours first, starts the match
    with three medium bots and no notice (it was refused as if a value were unknown)."""
    page.goto(f"{server_url}/index.html?game=dog&levels=human,medium,medium,medium&seed=4&lang=en&delay=0")
    page.wait_for_function("document.body.dataset.ready === 'true'")
    expect(page.locator("#table")).to_be_visible()
    expect(page.locator("#dog-seats .dog-seat")).to_have_count(4)
    assert page.locator("#notices .notice").count() == 0, page.locator("#notices").inner_text()
    saved = page.evaluate("JSON.parse(localStorage.getItem('dog.match.v1') || '{}')")
    assert saved.get("settings", {}).get("levels") == ["medium"] * 3
