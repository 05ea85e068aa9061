"""Small DOM helpers shared by the page's browser-only modules."""

from __future__ import annotations

from typing import Any

from pyodide.ffi import to_js
from pyscript import document, window

SUITS = ("H", "D", "C", "S")


def random_bytes(n: int) -> bytes:
    """``n`` random bytes from the browser's ``crypto.getRandomValues``."""
    arr = window.Uint8Array.new(n)
    window.crypto.getRandomValues(arr)
    return bytes(arr.to_py())


def js_object(values: dict[str, Any]) -> Any:
    """A plain JavaScript object (options for ``focus``, ``scrollIntoView``, ``Blob`` …)."""
    return to_js(values, dict_converter=window.Object.fromEntries)


def by_id(name: str) -> Any:
    return document.getElementById(name)


def make(tag: str, cls: str = "", text: str | None = None, **attrs: str) -> Any:
    el = document.createElement(tag)
    if cls:
        el.className = cls
    if text is not None:
        el.textContent = text
    for k, v in attrs.items():
        el.setAttribute(k.replace("_", "-"), v)
    return el


def clear(el: Any) -> None:
    while el.firstChild:
        el.removeChild(el.firstChild)


def variant_text(value: Any) -> str:
    """A rule-set value as an <option> value: ``true``/``false``, numbers and words as text."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def local_storage() -> Any:
    try:
        st = window.localStorage
        st.getItem("page.probe")
        return st
    except Exception:
        return None


def typing(evt: Any) -> bool:
    """The key of ``evt`` goes into a field (the page's keys are not for it)."""
    tag = str(getattr(evt.target, "tagName", "") or "").lower()
    return tag in ("input", "select", "textarea")


def dialog_open() -> bool:
    """A dialog is open on the page (a table's keys and the bots wait while one is read)."""
    return bool(document.querySelector("dialog[open]"))
