"""Readers of the fields of untrusted data (a host's table state on a friend's page, a
network message): plain Python, shared by the shell, the network and every game's check of
its view (:attr:`web.shell.games.GameSpec.check_view`)."""

from __future__ import annotations

from typing import TypeGuard

#: the longest name or short text field
MAX_TEXT = 200


def is_int(v: object) -> TypeGuard[int]:
    """A whole number (not a bool)."""
    return isinstance(v, int) and not isinstance(v, bool)


def int_list(v: object, n: int | None = None, lo: int = -(10**9)) -> bool:
    """A list (of ``n`` items when given) of whole numbers in ``lo``..10⁹."""
    return (
        isinstance(v, list) and (n is None or len(v) == n) and all(is_int(x) and lo <= x <= 10**9 for x in v)
    )


def text_list(v: object, n: int | None = None, most: int = MAX_TEXT) -> TypeGuard[list[str]]:
    """A list (of ``n`` items when given, at most 1000) of texts of at most ``most`` characters."""
    return (
        isinstance(v, list)
        and (n is None or len(v) == n)
        and len(v) <= 1000
        and all(isinstance(x, str) and len(x) <= most for x in v)
    )
