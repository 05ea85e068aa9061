"""The replay viewer, share links, the Replays list and drag-and-drop import in the page
(web/shell/replay_ui.py; the logic is web/shell/replay.py, tested in tests/test_web_replay.py)."""

from __future__ import annotations

import json
import zlib
from pathlib import Path
from typing import Any

import pytest
from browser_support import open_page
from playwright.sync_api import Page, expect
from test_page_play import hearts_match, open_match, two_left_match
from test_page_support import SAVE_KEY, open_with_storage, wait_for_input
from test_review import _deal
from test_web_replay import bot_match, entries, link_of

import dernier
from web.dernier.replays import APP, REPLAYS_KEY
from web.shell.replay import dump_shelf, encode_link

#: counts what the viewer writes on #replay: ``build`` a hand's frames made (data-build-ms,
#: when a hand is chosen), ``draw`` a step drawn (data-draw-ms)
WRITES_JS = """() => { window.__writes = {build: 0, draw: 0};
  new MutationObserver(list => { for (const r of list)
    window.__writes[r.attributeName === 'data-build-ms' ? 'build' : 'draw'] += 1; })
  .observe(document.getElementById('replay'),
           {attributes: true, attributeFilter: ['data-build-ms', 'data-draw-ms']}); }"""


def engine_position(record: dict[str, Any], hand: int) -> dict[str, Any]:
    """The engine's position at the end of ``hand``, replayed from the record alone."""
    cut = {**record, "history": record["history"][:hand], "result": None}
    return dernier.Match.load(cut).game.position()


def shown_position(page: Page) -> dict[str, Any]:
    return json.loads(page.locator("#replay-board").get_attribute("data-position") or "{}")


def shown_hands(page: Page, players: int) -> list[list[str]]:
    return [
        sorted(
            page.locator(f'#replay-seats li[data-seat="{s}"] .mini-face[data-card]').evaluate_all(
                "els => els.map(e => e.dataset.card)"
            )
        )
        for s in range(players)
    ]


def import_text(page: Page, tmp_path: Path, text: str, name: str = "match.json") -> None:
    f = tmp_path / name
    f.write_text(text)
    page.set_input_files("#import-match", str(f))


def go_to_end(page: Page) -> None:
    page.keyboard.press("End")
    steps = page.locator("#replay").get_attribute("data-steps")
    expect(page.locator("#replay")).to_have_attribute("data-step", steps or "?")


@pytest.mark.browser
def test_viewer_steps_every_hand_to_the_engines_final_position(
    page: Page, server_url: str, tmp_path: Path
) -> None:
    m = bot_match(players=3, hands=2, seed=3)
    record = m.record()
    open_page(page, server_url, "lang=en")
    import_text(page, tmp_path, json.dumps(record))
    viewer = page.locator("#replay")
    expect(viewer).to_be_visible()
    expect(viewer).to_have_attribute("data-hand", "1")
    expect(viewer).to_have_attribute("data-step", "0")
    expect(viewer).to_have_attribute("data-view", "all")
    steps = len(record["history"][0]["moves"])
    expect(viewer).to_have_attribute("data-steps", str(steps))
    page.evaluate(WRITES_JS)
    # buttons, keys, the slider
    page.click("#replay-next")
    expect(viewer).to_have_attribute("data-step", "1")
    page.keyboard.press("ArrowRight")
    expect(viewer).to_have_attribute("data-step", "2")
    page.keyboard.press("ArrowLeft")
    expect(viewer).to_have_attribute("data-step", "1")
    page.fill("#replay-slider", "5")
    expect(viewer).to_have_attribute("data-step", "5")
    expect(page.locator("#replay-step")).to_have_text(f"Move 5 of {steps}")
    # the log is numbered from 0 (the turned-up card): "Move 5" is line 5, the current one
    numbered = page.evaluate(
        "(() => { const ol = document.querySelector('#replay-log');"
        " const lines = [...ol.children];"
        " return ol.start + lines.indexOf(ol.querySelector('[aria-current=step]')); })()"
    )
    assert numbered == 5
    page.focus("#replay-next")
    drawn = page.evaluate("window.__writes.draw")
    for i in range(6, steps + 1):  # one key press per move, each drawn before the next
        page.keyboard.press("ArrowRight")
        expect(viewer).to_have_attribute("data-step", str(i))
    # a step draws its frame and replays nothing: the hand's frames were made once, when the
    # viewer opened it (what keeps a step far under a long task, on any machine)
    assert page.evaluate("window.__writes") == {"build": 0, "draw": drawn + steps - 5}
    expect(page.locator("#replay-next")).to_be_disabled()
    expect(page.locator("#replay-last")).to_be_disabled()
    final = engine_position(record, 1)
    assert shown_position(page) == final
    assert shown_hands(page, 3) == [sorted(h) for h in final["hands"]]  # every hand face up
    expect(page.locator("#replay-discard")).to_have_attribute("data-card", final["discard"][-1])
    log = page.locator("#replay-log li")
    assert log.count() >= steps // 2
    expect(log.last).to_have_attribute("aria-current", "step")
    # the second hand, from its deal to its end
    page.select_option("#replay-hand", "2")
    expect(viewer).to_have_attribute("data-hand", "2")
    assert page.evaluate("window.__writes.build") == 1  # the second hand's frames, made once
    expect(viewer).to_have_attribute("data-step", "0")
    page.focus("#replay-next")
    go_to_end(page)
    assert shown_position(page) == m.game.position() == engine_position(record, 2)
    # one seat's view: the others' cards are hidden until the hand is over
    page.keyboard.press("Home")
    expect(viewer).to_have_attribute("data-step", "0")
    page.select_option("#replay-seat", "1")
    expect(viewer).to_have_attribute("data-view", "1")
    for s in (0, 2):
        row = page.locator(f'#replay-seats li[data-seat="{s}"]')
        expect(row.locator(".replay-cards")).to_have_attribute("data-hidden", "true")
        expect(row.locator("[data-card]")).to_have_count(0)
    dealt = json.loads(page.locator("#replay-board").get_attribute("data-position") or "{}")["hands"][1]
    assert shown_hands(page, 3)[1] == sorted(dealt)
    assert page.evaluate("window.__writes.build") == 1  # stepping and a seat's view replay nothing
    # back to where it came from: the start screen, with the match in the Replays list
    page.click("#replay-back")
    expect(page.locator("#setup")).to_be_visible()
    expect(page.locator("#replays li[data-replay-id]")).to_have_count(1)
    expect(page.locator("#replays li").first).to_have_attribute("data-kind", "imported")


@pytest.mark.browser
def test_record_round_trips_through_export_import_and_a_share_link_offline(
    page: Page, server_url: str, tmp_path: Path
) -> None:
    open_match(page, server_url, two_left_match())
    page.click("#dernier")  # arm the call
    page.click('#hand button[data-card="5H"]')
    wait_for_input(page)
    page.click('#hand button[data-card="6H"]')
    expect(page.locator("#summary")).to_be_visible()
    saved = page.evaluate(f"localStorage.getItem('{SAVE_KEY}')")
    page.context.set_offline(True)
    try:
        with page.expect_download() as info:
            page.click("#export-match")
        path = tmp_path / "exported.json"
        info.value.save_as(path)
        record = json.loads(path.read_text())
        final = dernier.replay(record).game.position()
        # the viewer from the end-of-hand summary, and back to it
        page.click("#replay-open")
        expect(page.locator("#replay")).to_be_visible()
        go_to_end(page)
        assert shown_position(page) == final
        page.click("#replay-share")
        link = page.locator("#replay-link").input_value()
        assert link.startswith(server_url + "index.html#replay=1."), link
        assert page.locator("#replay-share").get_attribute("data-link") == link
        fragment = link.split("#", 1)[1]
        assert dernier.replay(record).record() == record
        page.click("#replay-back")
        expect(page.locator("#summary")).to_be_visible()
        expect(page.locator("#replay")).to_be_hidden()
        # the exported file, imported
        page.set_input_files("#import-match", str(path))
        expect(page.locator("#replay")).to_be_visible()
        go_to_end(page)
        assert shown_position(page) == final
        page.click("#replay-back")
        # the share link, opened in this (offline) page
        page.evaluate("h => { location.hash = h; }", fragment)
        expect(page.locator("#replay")).to_be_visible()
        go_to_end(page)
        assert shown_position(page) == final
        from web.dernier.replays import load
        from web.shell.replay import decode_link

        assert decode_link(fragment, load).record() == record
    finally:
        page.context.set_offline(False)
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") == saved


@pytest.mark.browser
def test_a_share_link_opens_the_viewer_on_load_and_leaves_the_save(page: Page, server_url: str) -> None:
    m = bot_match(players=4, hands=1, seed=21)
    saved_match = hearts_match()
    open_match(page, server_url, saved_match)
    saved = page.evaluate(f"localStorage.getItem('{SAVE_KEY}')")
    page.goto("about:blank")  # a fresh load, not a change of fragment
    page.goto(server_url + "index.html#" + encode_link(m.record()))
    page.wait_for_selector("body[data-ready=true]", timeout=60_000)
    expect(page.locator("#replay")).to_be_visible()
    go_to_end(page)
    assert shown_position(page) == m.game.position()
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") == saved
    page.click("#replay-back")
    expect(page.locator("#setup")).to_be_visible()
    assert "#replay" not in page.url  # a reload does not reopen the link
    expect(page.locator("#resume-match")).to_be_visible()  # the saved match is still there
    page.click("#resume-match")
    wait_for_input(page)
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") == saved


def bad_links() -> dict[str, tuple[str, str]]:
    good = _deal("10D!").record()
    tampered = json.loads(json.dumps(good))
    moves = good["history"][0]["moves"]
    tampered["history"][0]["moves"] = [[s, "QS" if mv == "10D!" else mv] for s, mv in moves]
    frag = encode_link(good)
    return {
        "truncated": ("#" + frag[: len(frag) // 2], "cut short"),
        "garbage": ("#replay=1.<script>", "characters that do not belong"),
        "bomb": (link_of(zlib.compress(b" " * 30_000_000, 9)), "too large"),
        "other program": (link_of(zlib.compress(b'{"game": "uno"}')), "not a Dernier match"),
        "tampered": ("#" + encode_link(tampered), "hand 1, move 8"),
    }


@pytest.mark.browser
def test_bad_links_and_files_are_refused_and_the_save_stays(page: Page, server_url: str) -> None:
    open_match(page, server_url, hearts_match())
    saved = page.evaluate(f"localStorage.getItem('{SAVE_KEY}')")
    for name, (fragment, reason) in bad_links().items():
        page.evaluate("h => { location.hash = h; }", fragment)
        notice = page.locator("#notices .notice").last
        expect(notice).to_contain_text("This replay link cannot be used")
        expect(notice).to_contain_text(reason)
        expect(page.locator("#replay")).to_be_hidden()
        expect(page.locator("#table")).to_be_visible()
        assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") == saved, name
    # a bad link at load: told, and the saved match resumes
    page.goto("about:blank")
    page.goto(server_url + "index.html" + bad_links()["tampered"][0])
    page.wait_for_selector("body[data-ready=true]", timeout=60_000)
    expect(page.locator("#notices")).to_contain_text("hand 1, move 8")
    expect(page.locator("#table")).to_be_visible()
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") == saved
    assert page.evaluate(f"localStorage.getItem('{REPLAYS_KEY}')") is None  # nothing kept


DROP_JS = """([text, name, big]) => {
  const dt = new DataTransfer();
  const body = big ? " ".repeat(10 * 1024 * 1024) : text;
  dt.items.add(new File([body], name, {type: "application/json"}));
  const target = document.querySelector("#setup:not([hidden]), #replay:not([hidden])") || document.body;
  target.dispatchEvent(new DragEvent("dragover", {dataTransfer: dt, bubbles: true, cancelable: true}));
  target.dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
}"""


@pytest.mark.browser
def test_drag_and_drop_import_checks_like_the_file_picker(page: Page, server_url: str) -> None:
    open_match(page, server_url, hearts_match())
    page.click("#menu-button")
    page.click("#menu-later")  # the start screen; the match stays saved
    expect(page.locator("#setup")).to_be_visible()
    saved = page.evaluate(f"localStorage.getItem('{SAVE_KEY}')")
    blunder = json.dumps(_deal("10D!").record())
    bad = {
        "truncated.json": (blunder[: len(blunder) // 2], False, "not valid JSON"),
        "other.json": (json.dumps({"game": "uno", "moves": ["draw"]}), False, "not a Dernier match"),
        "big.json": ("", True, "too large"),
        "edited.json": (blunder.replace('[0, "10D!"]', '[0, "QS"]'), False, "hand 1, move 8"),
    }
    for name, (text, big, reason) in bad.items():
        page.evaluate(DROP_JS, [text, name, big])
        notice = page.locator("#notices .notice").last
        expect(notice).to_contain_text("This match file cannot be used")
        expect(notice).to_contain_text(reason)
        expect(page.locator("#setup")).to_be_visible()
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") == saved
    page.evaluate(DROP_JS, [blunder, "blunder.json", False])
    expect(page.locator("#replay")).to_be_visible()
    steps = len(json.loads(blunder)["history"][0]["moves"])
    expect(page.locator("#replay")).to_have_attribute("data-steps", str(steps))
    # a file dropped on the viewer opens too; the review runs from the viewer
    page.click("#replay-review")
    dialog = page.locator("#review-dialog")
    expect(dialog).to_have_attribute("data-done", "true", timeout=30_000)
    first = dialog.locator('section[data-seat="0"] .review-worst li').first
    expect(first).to_have_attribute("data-played", "10D!")
    page.click("#review-close")
    expect(page.locator("#replay")).to_be_visible()
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") == saved


@pytest.mark.browser
def test_the_replays_list_keeps_twenty_newest_first(page: Page, server_url: str, tmp_path: Path) -> None:
    kept = entries(20)
    open_with_storage(page, server_url, {REPLAYS_KEY: dump_shelf(kept, APP)}, "lang=en")
    items = page.locator("#replays li[data-replay-id]")
    expect(items).to_have_count(20)
    ids = items.evaluate_all("els => els.map(e => e.dataset.replayId)")
    assert ids == [e["id"] for e in kept]
    expect(page.locator("#replays-count")).to_have_text("20")
    # a 21st match: first in the list, the oldest dropped
    new = bot_match(players=3, hands=1, seed=77)
    import_text(page, tmp_path, json.dumps(new.record()))
    expect(page.locator("#replay")).to_be_visible()
    page.click("#replay-back")
    expect(items).to_have_count(20)
    ids2 = items.evaluate_all("els => els.map(e => e.dataset.replayId)")
    assert ids2[1:] == ids[:19] and ids[19] not in ids2
    stored = json.loads(page.evaluate(f"localStorage.getItem('{REPLAYS_KEY}')"))
    assert [e["id"] for e in stored["replays"]] == ids2
    # open one, back, delete one
    items.nth(3).locator("button[data-open]").click()
    expect(page.locator("#replay")).to_be_visible()
    expect(page.locator("#replay-result")).to_contain_text(", ".join(kept[2]["names"]))
    page.click("#replay-back")
    items.nth(0).locator("button[data-delete]").click()
    expect(items).to_have_count(19)
    assert items.first.get_attribute("data-replay-id") == ids[0]


@pytest.mark.browser
def test_a_full_storage_is_told_and_the_replay_still_opens(
    page: Page, server_url: str, tmp_path: Path
) -> None:
    open_page(page, server_url, "lang=en")
    page.evaluate(
        """key => { const set = Storage.prototype.setItem;
          Storage.prototype.setItem = function (k, v) {
            if (k === key) throw new DOMException("full", "QuotaExceededError");
            return set.call(this, k, v); }; }""",
        REPLAYS_KEY,
    )
    import_text(page, tmp_path, json.dumps(bot_match(players=2, hands=1).record()))
    expect(page.locator("#replay")).to_be_visible()
    expect(page.locator("#notices")).to_contain_text("storage is full")


@pytest.mark.browser
def test_a_hinted_match_is_marked_in_the_statistics_and_the_list(page: Page, server_url: str) -> None:
    open_match(page, server_url, two_left_match())
    expect(page.locator("#coach")).to_be_visible()
    page.click("#coach")
    page.wait_for_function(
        "() => { const e = document.querySelector('#coach-text'); return e && e.dataset.move && !e.hidden; }",
        timeout=10_000,
    )
    page.click("#dernier")
    page.click('#hand button[data-card="5H"]')
    wait_for_input(page)
    page.click('#hand button[data-card="6H"]')
    expect(page.locator("#summary")).to_be_visible()
    expect(page.locator("#result-stats")).to_contain_text("1 played with hints")
    stats = json.loads(page.evaluate("localStorage.getItem('dernier.stats.v1')"))
    assert stats["hinted"] == 1 and stats["played"] == 1
    shelf = json.loads(page.evaluate(f"localStorage.getItem('{REPLAYS_KEY}')"))
    assert [(e["kind"], e["hinted"]) for e in shelf["replays"]] == [("finished", True)]
    page.click("#change-settings")
    expect(page.locator("#replays li").first).to_contain_text("with hints")
    expect(page.locator("#stats")).to_contain_text("1 played with hints")


@pytest.mark.browser
@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_the_viewer_is_readable_and_fits_phone_and_desktop(
    page: Page, server_url: str, tmp_path: Path, size: tuple[int, int]
) -> None:
    from test_page_polish import CONTRAST_JS

    page.set_viewport_size({"width": size[0], "height": size[1]})
    m = bot_match(players=4, hands=1, seed=12, rules="traditional")
    open_with_storage(page, server_url, {REPLAYS_KEY: dump_shelf(entries(3), APP)}, "lang=en")
    found = page.evaluate(CONTRAST_JS, ["#replays-box"])
    import_text(page, tmp_path, json.dumps(m.record()))
    expect(page.locator("#replay")).to_be_visible()
    page.focus("#replay-next")
    for _ in range(9):
        page.keyboard.press("ArrowRight")
    expect(page.locator("#replay")).to_have_attribute("data-step", "9")
    page.click("#replay-share")
    expect(page.locator("#replay-share-box")).to_be_visible()
    found += page.evaluate(CONTRAST_JS, ["#replay", ".topbar"])
    page.select_option("#replay-seat", "2")
    found += page.evaluate(CONTRAST_JS, ["#replay"])
    low = [f for f in found if f["ratio"] < 4.5]
    assert not low, low
    assert len(found) > 20
    # no sideways scrolling; the step buttons and the slider are on the first screen
    assert page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")
    page.evaluate("window.scrollTo(0, 0)")
    for sel in ("#replay-prev", "#replay-next", "#replay-slider", "#replay-back"):
        box = page.locator(sel).bounding_box()
        assert box is not None and box["y"] + box["height"] <= size[1], sel
        assert box["x"] >= 0 and box["x"] + box["width"] <= size[0], sel


@pytest.mark.browser
def test_an_abandoned_match_is_kept_and_replayed_to_its_end(page: Page, server_url: str) -> None:
    open_match(page, server_url, hearts_match())
    page.click('#hand button[data-card="2H"]')
    wait_for_input(page)
    page.click("#abandon")
    page.click("#abandon-yes")
    expect(page.locator("#summary")).to_be_visible()
    expect(page.locator("#replay-open")).to_be_visible()
    page.click("#replay-open")
    viewer = page.locator("#replay")
    expect(viewer).to_be_visible()
    page.focus("#replay-next")
    go_to_end(page)
    expect(page.locator("#replay-move")).to_have_text("Ada abandoned the match")
    expect(page.locator("#replay-result")).to_contain_text("Ada abandoned the match")
    shelf = json.loads(page.evaluate(f"localStorage.getItem('{REPLAYS_KEY}')"))
    assert [e["kind"] for e in shelf["replays"]] == ["abandoned"]
    page.click("#replay-back")
    expect(page.locator("#summary")).to_be_visible()


@pytest.mark.browser
def test_the_replays_list_speaks_to_the_person_in_italian(page: Page, server_url: str) -> None:
    """Issue 38: a kept match of a person with the default name read "Tu ha vinto la partita",
    "Tu ha abbandonato la partita": the person is spoken to in the second person."""
    won, left, other = entries(3)
    won = {**won, "names": ["Tu", "Bianca"], "winner": 0}
    left = {**left, "names": ["Tu", "Bianca"], "winner": 1, "result": {"kind": "abandon", "seat": 0}}
    other = {**other, "names": ["Tu", "Bianca"], "winner": 1}
    open_with_storage(page, server_url, {REPLAYS_KEY: dump_shelf([won, left, other], APP)}, "lang=it")
    items = page.locator("#replays li[data-replay-id]")
    expect(items).to_have_count(3)
    expect(items.nth(0)).to_contain_text("Hai vinto la partita")
    expect(items.nth(1)).to_contain_text("Hai abbandonato la partita")
    expect(items.nth(2)).to_contain_text("Bianca ha vinto la partita")
    expect(page.locator("#replays")).not_to_contain_text("Tu ha")
