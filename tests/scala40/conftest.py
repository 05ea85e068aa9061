"""Fixtures of the Scala 40 page tests: the browser contexts of the online tests (one per
device, with the network guard), shared with tests/test_page_online.py."""

from test_page_online import contexts  # noqa: F401
