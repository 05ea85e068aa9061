"""The match record's export and import, and the post-hand review in the page.

* **Export** (``#export-match``, end of hand and match result): the match's
  ``Match.record()`` as a JSON file (``format``/``version`` inside). Only a page with the
  match (solo, pass-and-play, the host): a friend's page has no record to give.
* **Import** (``#import-match``, start screen: a file picker; drag and drop in
  :mod:`web.shell.replay_ui`): a record is checked by the game's replay book (size, JSON,
  format, every move replayed); a bad one gets a notice with the reason and nothing
  else changes (the current save stays). A good one opens in the replay viewer, from which
  any hand can be reviewed.
* **Review** (``#review-hand``, end of hand): the review of the hand just played for the
  shown seat. The review runs in slices (one candidate move's playouts each) between which
  the event loop runs; ``#review-cancel`` stops it. Results go into ``#review-dialog``.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from pyodide.ffi import to_js
from pyscript import document, window

from web.shell.dom import by_id, clear, js_object, make
from web.shell.i18n import t
from web.shell.part import PagePart
from web.shell.reviews import Section

#: the longest stretch of playouts between two turns of the event loop during a review
REVIEW_SLICE_MS = 25.0


class ReviewPanel(PagePart):
    """Mixin of :class:`web.ui.Page`."""

    review_task: Any = None
    #: whether the review was opened from the end of hand's summary (it comes back after)
    review_from_summary = False
    import_task: Any = None

    # -- export ---------------------------------------------------------------------------

    def render_review_buttons(self) -> None:
        has_match = self.page.session is not None
        by_id("export-match").hidden = not has_match or self.page.game.replay_book() is None
        by_id("review-hand").hidden = not has_match or self.page.game.reviewer() is None
        by_id("replay-open").hidden = not self.page.summary_replay_allowed()

    def on_export(self) -> None:
        book = self.page.game.replay_book()
        if self.page.session is not None and book is not None:
            m = book.of_match(self.page.session.match)
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
        self.page.open_record_file(f, picked=True)  # web.replay_ui: checked, kept, opened in the viewer

    # -- the review -----------------------------------------------------------------------

    def on_review_hand(self) -> None:
        s = self.page.session
        if s is None or self.page.game.reviewer() is None:
            return
        match = self.page.replay_book().of_match(s.match)
        self.start_review(match, seat=self.page.seat, hands=[s.match.hand_no])

    def start_review(self, match: Any, seat: int, hands: list[int]) -> None:
        """Review ``seat``'s choices in ``hands`` of ``match`` (the game's replay book's)."""
        if self.review_task is not None and not self.review_task.done():
            self.review_task.cancel()
        self.review_from_summary = bool(by_id("summary").open)
        for d in ("summary",):
            if by_id(d).open:
                by_id(d).close()
        dialog = by_id("review-dialog")
        dialog.dataset.done = "false"
        clear(by_id("review-body"))
        by_id("review-status").textContent = t(self.page.lang, "review_running", done=0, total="…")
        by_id("review-cancel").hidden = False
        if not dialog.open:
            dialog.showModal()
        self.review_task = asyncio.ensure_future(self.run_review(match, seat, hands))

    def on_review_cancel(self) -> None:
        if self.review_task is not None and not self.review_task.done():
            self.review_task.cancel()
        by_id("review-status").textContent = t(self.page.lang, "review_cancelled")
        by_id("review-cancel").hidden = True

    def close_review(self) -> None:
        if self.review_task is not None and not self.review_task.done():
            self.review_task.cancel()
        by_id("review-dialog").close()
        sv = self.page.sv
        if sv is not None and sv.hand_over and not by_id("table").hidden:
            self.page.table.forget_summary()
            self.page.table.open_summary()
            summary = by_id("summary")
            if self.review_from_summary and not summary.open:  # a table that keeps it drawn
                summary.showModal()

    async def run_review(self, match: Any, seat: int, hands: list[int]) -> None:
        lang = self.page.lang
        status = by_id("review-status")
        reviewer = self.page.game.reviewer()
        gen = reviewer.steps(match, seat, hands, REVIEW_SLICE_MS)
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
        self.show_review(reviewer.sections(result, self.page.replay_book().names(match), lang))

    def show_review(self, sections: list[Section]) -> None:
        """The review's findings: per seat and hand a heading, its figures and its costliest
        choices (``li[data-played][data-best][data-cost]``), or why there are none."""
        body = by_id("review-body")
        clear(body)
        for sec in sections:
            box = make("section", "review-hand")
            box.dataset.hand = str(sec.hand)
            box.dataset.seat = str(sec.seat)
            box.appendChild(make("h3", "", sec.heading))
            if sec.figures is not None:
                figures = make("p", "review-figures", sec.figures)
                for key, value in sec.figures_data.items():
                    figures.setAttribute(f"data-{key}", value)
                box.appendChild(figures)
            if sec.items:
                ol = make("ol", "review-worst")
                for text, facts in sec.items:
                    li = make("li", "", text)
                    for key, value in facts.items():
                        li.setAttribute(f"data-{key}", value)
                    ol.appendChild(li)
                box.appendChild(ol)
            elif sec.empty:
                box.appendChild(make("p", "", sec.empty))
            body.appendChild(box)
        by_id("review-dialog").dataset.done = "true"
