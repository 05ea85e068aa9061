"""The match record's export and import, and the post-hand review in the page.

* **Export** (``#export-match``, end of hand and match result): the match's
  ``Match.record()`` as a JSON file (``format``/``version`` inside). Only a page with the
  match (solo, pass-and-play, the host): a friend's page has no record to give.
* **Import** (``#import-match``, start screen: a file picker; drag and drop in
  :mod:`web.replay_ui`): a record is checked by :func:`dernier.review.load_record` (size,
  JSON, format, every move replayed); a bad one gets a notice with the reason and nothing
  else changes (the current save stays). A good one opens in the replay viewer, from which
  any hand can be reviewed.
* **Review** (``#review-hand``, end of hand): the review of the hand just played for the
  shown seat. The review runs in slices (one candidate move's playouts each) between which
  the event loop runs; ``#review-cancel`` stops it. Results go into ``#review-dialog``.
"""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Any

from pyodide.ffi import to_js
from pyscript import document, window

from dernier.match import Match
from dernier.review import review_steps
from web.dernier.describe import move_text
from web.shell.dom import by_id, clear, js_object, make
from web.shell.i18n import t

if TYPE_CHECKING:
    from web.shell.page import PageLike as _Page  # the whole page, as this mixin sees it
else:
    _Page = object

#: the longest stretch of playouts between two turns of the event loop during a review
REVIEW_SLICE_MS = 25.0


def _move_words(move: str, lang: str) -> str:
    if move in ("draw", "pass"):
        return t(lang, move)
    if move.startswith(":"):
        return move_text("JS" + move).split(" ", 1)[-1]
    return move_text(move) + (" !" if move.endswith("!") else "")


def reason_words(reason: dict[str, Any], lang: str) -> str:
    """A review reason (``dernier.review.reason``) in the page's words."""
    code = str(reason.get("code", "other"))
    fields = {
        "move": _move_words(str(reason.get("move", "")), lang),
        "played": _move_words(str(reason.get("played", "")), lang),
        "pending": reason.get("pending", ""),
        "suit": t(lang, "suit_" + str(reason.get("suit", ""))),
        "effect": t(lang, "review_effect_" + str(reason.get("effect", ""))),
    }
    key = "review_reason_" + code
    return t(lang, key, **fields) if t(lang, key) != key else t(lang, "review_reason_other", **fields)


class ReviewPanel(_Page):
    """Mixin of :class:`web.ui.Page`."""

    review_task: Any = None
    import_task: Any = None

    # -- export ---------------------------------------------------------------------------

    def render_review_buttons(self) -> None:
        has_match = self.session is not None
        by_id("export-match").hidden = not has_match or self.game.replay_book() is None
        by_id("review-hand").hidden = not has_match or self.game.reviewer() is None
        by_id("replay-open").hidden = not self.summary_replay_allowed()

    def on_export(self) -> None:
        book = self.game.replay_book()
        if self.session is not None and book is not None:
            m = book.of_match(self.session.match)
            self.download_record(book.file_data(m), book.file_name(m))

    def download_record(self, data: dict[str, Any], name: str) -> None:
        """A match record (the game's replay book's ``file_data``) as a JSON file the browser
        downloads."""
        text = json.dumps(data, separators=(",", ":"))
        kind = js_object({"type": "application/json"})
        blob = window.Blob.new(to_js([text]), kind)
        url = window.URL.createObjectURL(blob)
        a = make("a", "", None, href=url, download=name)
        document.body.appendChild(a)
        a.click()
        a.remove()
        window.setTimeout(to_js(lambda: window.URL.revokeObjectURL(url)), 1000)

    # -- import ---------------------------------------------------------------------------

    def on_import_change(self, evt: Any) -> None:
        files = evt.target.files
        if not files or not files.length:
            return
        f = files.item(0)
        evt.target.value = ""
        self.open_record_file(f, picked=True)  # web.replay_ui: checked, kept, opened in the viewer

    # -- the review -----------------------------------------------------------------------

    def on_review_hand(self) -> None:
        s = self.session
        if s is None:
            return
        match = Match.load(s.match.record())
        self.start_review(match, seat=self.seat, hands=[match.hand_no])

    def start_review(self, match: Match, seat: int, hands: list[int] | None) -> None:
        if self.review_task is not None and not self.review_task.done():
            self.review_task.cancel()
        for d in ("summary",):
            if by_id(d).open:
                by_id(d).close()
        dialog = by_id("review-dialog")
        dialog.dataset.done = "false"
        clear(by_id("review-body"))
        by_id("review-status").textContent = t(self.lang, "review_running", done=0, total="…")
        by_id("review-cancel").hidden = False
        if not dialog.open:
            dialog.showModal()
        self.review_task = asyncio.ensure_future(self.run_review(match, seat, hands))

    def on_review_cancel(self) -> None:
        if self.review_task is not None and not self.review_task.done():
            self.review_task.cancel()
        by_id("review-status").textContent = t(self.lang, "review_cancelled")
        by_id("review-cancel").hidden = True

    def close_review(self) -> None:
        if self.review_task is not None and not self.review_task.done():
            self.review_task.cancel()
        by_id("review-dialog").close()
        sv = self.sv
        if sv is not None and sv.hand_over and not by_id("table").hidden:
            self.summary_for = None
            self.open_summary()

    async def run_review(self, match: Match, seat: int, hands: list[int] | None) -> None:
        lang = self.lang
        status = by_id("review-status")
        gen = review_steps(match, seats=[seat], hands=hands, slice_ms=REVIEW_SLICE_MS)
        while True:
            try:
                done, total = next(gen)
            except StopIteration as stop:
                result: dict[str, Any] = stop.value
                break
            status.textContent = t(lang, "review_running", done=done, total=total)
            await asyncio.sleep(0)
        by_id("review-cancel").hidden = True
        status.textContent = ""
        self.show_review(result, lang)

    def show_review(self, result: dict[str, Any], lang: str) -> None:
        body = by_id("review-body")
        clear(body)
        names = result["names"]
        for hand in result["hands"]:
            for s in hand["seats"]:
                box = make("section", "review-hand")
                box.dataset.hand = str(hand["hand"])
                box.dataset.seat = str(s["seat"])
                who = names[s["seat"]]
                box.appendChild(make("h3", "", t(lang, "review_hand_heading", n=hand["hand"], who=who)))
                if not s["decisions"]:
                    box.appendChild(make("p", "", t(lang, "review_no_choices")))
                    body.appendChild(box)
                    continue
                acc = make(
                    "p",
                    "review-figures",
                    t(
                        lang,
                        "review_figures",
                        acc=round(100 * s["accuracy"]),
                        lost=f"{100 * s['lost']:.1f}",
                        n=len(s["decisions"]),
                    ),
                )
                acc.dataset.accuracy = str(s["accuracy"])
                box.appendChild(acc)
                ol = make("ol", "review-worst")
                for i in s["worst"]:
                    d = s["decisions"][i]
                    li = make(
                        "li",
                        "",
                        t(
                            lang,
                            "review_mistake",
                            move_no=d["move_no"],
                            played=_move_words(d["played"], lang),
                            win_played=round(100 * d["win_played"]),
                            best=_move_words(d["best"], lang),
                            win_best=round(100 * d["win_best"]),
                        )
                        + " — "
                        + reason_words(d["reason"], lang),
                    )
                    li.dataset.played = d["played"]
                    li.dataset.best = d["best"]
                    li.dataset.cost = str(d["cost"])
                    ol.appendChild(li)
                if not s["worst"]:
                    box.appendChild(make("p", "", t(lang, "review_clean")))
                else:
                    box.appendChild(ol)
                body.appendChild(box)
        by_id("review-dialog").dataset.done = "true"
