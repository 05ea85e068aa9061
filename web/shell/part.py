"""What every part of the page shares (browser only): ``self.page``, the whole page.

The page (:class:`web.shell.page.Page`) is one class written in code, put together from the
shell's parts, one per concern (start-up and screens in :mod:`web.shell.ui`, the start screen,
the seats, the menu, friends online, the coach, the review, the replays, the lessons). A part
reaches what another part defines through ``self.page``, typed as the whole page, so that mypy
reads every ``self.page.…`` from the page's code (``self.page`` is the page itself)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from web.shell.page import Page


class PagePart:
    """A part of the page (a base of :class:`web.shell.page.Page`)."""

    #: the whole page (this very object: the page sets it when it is built)
    page: Page
