"""Replays without the browser (web/shell/replay.py, Dernier's book web/dernier/replays.py): share
links, the kept list, the frames the viewer steps through; and what web/shell/session.py keeps
when a match ends (issue 16)."""

from __future__ import annotations

import ast
import base64
import json
import random
import subprocess
import sys
import zlib
from pathlib import Path
from typing import Any

import pytest
from helpers import bots_play

import dernier
from dernier.bots import make_bot
from web.dernier.replays import (
    APP,
    REPLAYS_KEY,
    board,
    entry_match,
    hand_frames,
    load,
    make_entry,
    position_text,
)
from web.shell import games
from web.shell.params import Settings
from web.shell.replay import (
    MAX_LINK_CHARS,
    MAX_REPLAYS,
    ReplayError,
    ReplayLinkError,
    ReplayShelf,
    add_entry,
    decode_link,
    dump_shelf,
    encode_link,
    ending_text,
    pack,
    parse_shelf,
    unpack,
)
from web.shell.replaybook import ReplayBook
from web.shell.session import MemoryStorage, Session, Store


def bot_match(players: int = 3, hands: int = 2, seed: int = 3, rules: str = "official") -> dernier.Match:
    m = dernier.Match.new(players=players, hands=hands, seed=seed, rules=rules)
    bots_play(m, random.Random(seed))
    return m


def link_of(raw: bytes) -> str:
    return "#replay=1." + base64.urlsafe_b64encode(raw).decode().rstrip("=")


# -- share links --------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ["official", "traditional"])
def test_a_link_round_trips_to_the_identical_match(rules: str) -> None:
    m = bot_match(players=4, rules=rules, seed=5)
    frag = encode_link(m.record())
    assert frag.startswith("replay=1.")
    assert all(c.isalnum() or c in "=._-" for c in frag)  # URL-safe, nothing to escape
    back = decode_link("#" + frag, load)
    assert back.record() == m.record()
    assert back.position() == m.position()
    # compressed: well under the record's JSON
    assert len(frag) < len(json.dumps(m.record(), separators=(",", ":")))


def test_pack_and_unpack() -> None:
    rec = {"a": "é" * 50, "b": list(range(30))}
    assert json.loads(unpack(pack(rec))) == rec


BAD_LINKS = {
    "not a link": ("#join=abc", "not a replay link"),
    "no version": ("#replay=abc", "no format number"),
    "other version": ("#replay=2.eJw", "link format '2' is not known"),
    "bad characters": ("#replay=1.ab+c/d==", "characters that do not belong"),
    "empty": ("#replay=1.", "holds no match"),
    "not zlib": (link_of(b"hello, this is not deflate data"), "does not decompress"),
    "cut short": (link_of(zlib.compress(b'{"format": "dernier-match"}' * 40)[:30]), "cut short"),
    "bomb": (link_of(zlib.compress(b"0" * 50_000_000, 9)), "too large"),
    "other program": (link_of(zlib.compress(b'{"game": "uno", "moves": ["draw"]}')), "not a Dernier match"),
    "not json": (link_of(zlib.compress(b"<html>")), "not valid JSON"),
}


@pytest.mark.parametrize("name", sorted(BAD_LINKS))
def test_bad_links_are_refused_with_the_reason(name: str) -> None:
    frag, reason = BAD_LINKS[name]
    with pytest.raises(ReplayError, match=reason):
        decode_link(frag, load)


def test_a_bomb_is_never_inflated_past_the_cap() -> None:
    data = zlib.compress(b"0" * 50_000_000, 9)
    assert len(data) < 100_000
    with pytest.raises(ReplayLinkError, match="too large"):
        unpack(base64.urlsafe_b64encode(data).decode().rstrip("="), limit=1000)


def test_an_over_long_link_is_refused_before_decoding() -> None:
    with pytest.raises(ReplayLinkError, match="too long"):
        decode_link("#replay=1." + "A" * (MAX_LINK_CHARS + 1), load)


def test_a_tampered_move_in_a_link_is_refused() -> None:
    m = bot_match()
    rec = m.record()
    seat, move = rec["history"][0]["moves"][3]
    rec["history"][0]["moves"][3] = [seat, "QS" if move != "QS" else "2H"]
    with pytest.raises(ReplayError, match="hand 1, move 4"):
        decode_link(encode_link(rec), load)


# -- the kept list ------------------------------------------------------------------------


def entries(n: int, start: int = 0) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for i in range(start, start + n):
        e = make_entry(bot_match(players=2, hands=1, seed=100 + i), "finished", at=1_000_000 + i)
        out = add_entry(out, e)
    return out


def test_the_list_keeps_twenty_newest_first() -> None:
    kept = entries(MAX_REPLAYS + 3)
    assert len(kept) == MAX_REPLAYS
    ats = [e["at"] for e in kept]
    assert ats == sorted(ats, reverse=True)
    assert ats[0] == 1_000_000 + MAX_REPLAYS + 2 and ats[-1] == 1_000_003  # the 3 oldest went


def test_the_same_match_is_kept_once_and_stays_marked_as_hinted() -> None:
    m = bot_match(players=2, hands=1)
    first = make_entry(m, "finished", at=1, hinted=True)
    again = make_entry(m, "imported", at=2)
    kept = add_entry(add_entry([], first), again)
    assert len(kept) == 1 and kept[0]["kind"] == "imported" and kept[0]["hinted"] is True


def test_an_entry_says_who_won_and_opens_its_match() -> None:
    m = bot_match(players=3, hands=2, seed=9)
    e = make_entry(m, "finished", at=5)
    assert e["winner"] == m.winner and e["names"] == m.names and e["hands"] == 2
    assert e["scores"] == m.scores and e["over"] is True and e["result"] is None
    assert entry_match(e).record() == m.record()
    m2 = dernier.Match.new(players=3, hands=2, seed=9)
    m2.abandon(0)
    e2 = make_entry(m2, "abandoned", at=6)
    assert e2["result"] == {"kind": "abandon", "seat": 0} and e2["kind"] == "abandoned"


def test_parse_shelf_leaves_out_what_it_cannot_read() -> None:
    good = entries(2)
    text = json.dumps(
        {"app": "dernier-page", "version": 1, "replays": [*good, {"id": 3}, "x", {**good[0], "at": True}]}
    )
    assert [e["id"] for e in parse_shelf(text)] == [e["id"] for e in good]
    for bad in (None, "", "not json", "[]", '{"app": "other", "version": 1, "replays": []}', "{" * 100_000):
        assert parse_shelf(bad) == []


def test_an_edited_entry_is_refused_when_opened() -> None:
    e = entries(1)[0]
    with pytest.raises(ReplayError):
        entry_match({**e, "data": e["data"][:-20]})


class QuotaStorage(MemoryStorage):
    """A storage that refuses to hold more than ``quota`` characters in all."""

    def __init__(self, quota: int) -> None:
        super().__init__()
        self.quota = quota

    def setItem(self, key: str, value: str) -> None:
        others = sum(len(v) for k, v in self.data.items() if k != key)
        if others + len(value) > self.quota:
            raise RuntimeError("QuotaExceededError")
        super().setItem(key, value)


def test_a_full_storage_drops_the_oldest_then_says_it_could_not_keep() -> None:
    es = entries(6)
    size = len(dump_shelf(es[:3], APP))
    store = QuotaStorage(size + 10)
    shelf = ReplayShelf(store, REPLAYS_KEY, APP)
    for e in reversed(es[3:]):  # the three oldest fit
        assert not shelf.add(e).failed
    kept = shelf.add(es[2])
    assert not kept.failed and kept.dropped == 1  # the oldest went to make room
    assert shelf.load()[0]["id"] == es[2]["id"]
    tiny = QuotaStorage(10)
    kept = ReplayShelf(tiny, REPLAYS_KEY, APP).add(es[0])
    assert kept.failed and kept.entries == [] and tiny.getItem(REPLAYS_KEY) is None


def test_remove_and_get() -> None:
    shelf = ReplayShelf(MemoryStorage(), REPLAYS_KEY, APP)
    for e in reversed(entries(3)):
        shelf.add(e)
    ids = [e["id"] for e in shelf.load()]
    assert shelf.get(ids[1]) is not None
    assert [e["id"] for e in shelf.remove(ids[1])] == [ids[0], ids[2]]
    assert shelf.get(ids[1]) is None


# -- frames and boards --------------------------------------------------------------------


@pytest.mark.parametrize("rules", ["official", "traditional"])
def test_the_last_frame_of_each_hand_is_the_engines_position(rules: str) -> None:
    m = bot_match(players=4, hands=3, rules=rules, seed=11)
    rec = m.record()
    for h in range(1, 4):
        fr = hand_frames(m, h)
        assert fr.steps == len(rec["history"][h - 1]["moves"])
        cut = {**rec, "history": rec["history"][:h], "result": None}
        cut["hands"] = None if m.hands_limit is None else m.hands_limit
        engine = dernier.Match.load(cut)
        assert position_text(fr.frames[-1]) == json.dumps(
            engine.game.position(), separators=(",", ":"), sort_keys=True
        )
        assert fr.frames[0].state.move_no == 0 or fr.frames[0].moves == []
    assert hand_frames(m, 3).totals == m.scores


def test_frames_are_independent_copies() -> None:
    m = bot_match(players=3, hands=1)
    fr = hand_frames(m, 1)
    counts = [sum(len(h) for h in g.state.hands) for g in fr.frames]
    assert len(set(counts)) > 1  # each frame is its own position
    assert fr.frames[0].moves == [] and fr.frames[-1].moves == fr.moves


def test_a_seat_view_hides_the_other_hands_until_the_hand_is_over() -> None:
    m = bot_match(players=3, hands=1)
    fr = hand_frames(m, 1)
    mid = board(fr.frames[3], m.names, 1, "en")
    assert mid["hands"][1] is not None and mid["hands"][0] is None and mid["hands"][2] is None
    assert mid["counts"] == [len(h) for h in fr.frames[3].state.hands]
    # its log tells the viewed seat's own drawn cards only
    everyone = board(fr.frames[3], m.names, None, "en")
    assert all(h is not None for h in everyone["hands"])
    end = board(fr.frames[-1], m.names, 1, "en")
    assert all(h is not None for h in end["hands"]) and end["over"] and end["winner"] == m.game.hand_winner
    assert end["log"] and isinstance(end["log"][-1], str)


def test_an_abandoned_match_ends_its_last_hand_with_the_result() -> None:
    m = dernier.Match.new(players=3, hands=2, seed=2)
    m.play(m.legal_moves()[0])
    m.abandon(1)
    fr = hand_frames(dernier.Match.load(m.record()), 1)
    assert fr.result == {"kind": "abandon", "seat": 1} and fr.steps == 1


def test_no_such_hand() -> None:
    with pytest.raises(ValueError, match="no hand 3"):
        hand_frames(bot_match(players=2, hands=2), 3)


# -- the page's session keeps the finished match -------------------------------------------


def test_a_finished_match_is_kept_once_with_its_hints_and_counted_in_the_statistics() -> None:
    storage = MemoryStorage()
    store = Store(storage)
    s = Session.new(Settings(players=2, levels=("medium",), hands=1, seed=4), store)
    s.hinted = True
    bot, rng = make_bot("medium"), random.Random(0)
    while not s.match.over:
        g = s.match.game
        turn = g.turn
        assert turn is not None
        s.play(bot.choose(s.match.view(turn), rng), turn)
    kept = ReplayShelf(storage, REPLAYS_KEY, APP).load()
    assert len(kept) == 1 and kept[0]["hinted"] is True and kept[0]["kind"] == "finished"
    assert store.stats()["hinted"] == 1 and store.stats()["played"] == 1
    assert s.kept is not None and not s.kept.failed
    s.count_stats()  # counted once
    assert len(ReplayShelf(storage, REPLAYS_KEY, APP).load()) == 1 and store.stats()["played"] == 1
    # the mark survives a reload of the save
    assert Session.from_json(s.to_json(), store).hinted is True


def test_an_abandoned_match_is_kept_as_abandoned() -> None:
    storage = MemoryStorage()
    s = Session.new(Settings(players=3, hands=3, seed=8), Store(storage))
    s.abandon(0)
    kept = ReplayShelf(storage, REPLAYS_KEY, APP).load()
    assert [e["kind"] for e in kept] == ["abandoned"] and kept[0]["hinted"] is False


def test_ending_text_names_who_ended_the_match_and_how() -> None:
    names = ["Ada", "Bianca", "Carlo"]
    assert ending_text("en", {"kind": "abandon", "seat": 1}, names) == "Bianca abandoned the match"
    assert ending_text("it", {"kind": "timeout", "seat": 2}, names) == "Carlo ha finito il tempo"


# -- the seam: the shell's replays know no game (issue 30) ---------------------------------

ROOT = Path(__file__).resolve().parent.parent


def test_the_shells_replay_modules_load_no_game() -> None:
    """Issue 30: the shell's replay code (links, the kept list, the books' frame) imports no
    game's package: a game's replays come through its book only."""
    code = (
        "import sys, web.shell.replay, web.shell.replaybook, web.shell.reviews; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dernier', 'scala40', 'dog') "
        "or m.startswith(('web.dernier', 'web.scala40', 'web.dog'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout


def test_every_games_book_refuses_a_bad_record_with_the_shells_error() -> None:
    """Issue 30: each game's book refuses a record with the shell's ReplayError (the reason in
    it), so the viewer catches one error for every game; Dernier's reasons are its engine's."""
    for spec in games.registered():
        book = spec.replay_book()
        for bad, reason in (("{", "JSON"), ("[]", None), ('{"game": "uno"}', None)):
            with pytest.raises(ReplayError, match=reason):
                book.load(bad)
    dernier_book = games.get("dernier").replay_book()
    with pytest.raises(ReplayError, match="not a Dernier match"):
        dernier_book.load('{"game": "uno", "moves": ["draw"]}')


def test_every_game_that_keeps_replays_draws_them_and_its_card_backs() -> None:
    """Issue 30: the viewer's board and the hidden cards are each game's (the shell has no
    drawing of its own to fall back on): its table folder draws a replayed position
    (``draw_replay_board``) and its book gives its card back."""
    for spec in games.registered():
        book = spec.replay_book()
        if book is None:
            continue
        assert "<svg" in book.back_svg(), spec.name
        folder = ROOT / spec.table.partition(":")[0].rpartition(".")[0].replace(".", "/")
        defined = {
            node.name
            for path in folder.glob("*.py")
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.FunctionDef)
        }
        assert "draw_replay_board" in defined, spec.name
    with pytest.raises(NotImplementedError):
        ReplayBook().back_svg()  # a book says how its hidden cards look: no default


def test_each_games_kept_list_says_its_page_and_an_older_list_still_loads() -> None:
    """Issue 30: a game's kept list is written as its own page's (``<game>-page``: Dernier's
    as always); a list written before (every game's said Dernier's page) still loads."""
    es = entries(2)
    for name in ("dernier", "scala40", "dog"):
        storage = MemoryStorage()
        shelf = Store(storage, name).shelf()
        shelf.add(es[0])
        assert json.loads(storage.data[f"{name}.replays.v1"])["app"] == f"{name}-page"
        older = json.loads(storage.data[f"{name}.replays.v1"])
        storage.setItem(f"{name}.replays.v1", json.dumps({**older, "app": APP}))
        assert [e["id"] for e in shelf.load()] == [es[0]["id"]]
    assert json.loads(dump_shelf(es, APP))["app"] == "dernier-page"
    assert parse_shelf(json.dumps({"app": "-page", "version": 1, "replays": es})) == []
