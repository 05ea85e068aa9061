"""The built page's Italian words for web/boot.js (scripts/build.py boot_words): an Italian
visitor reads the start screen in Italian before Python is up (no browser needed; the
browser side is tests/test_dist.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from browser_support import load_script

ROOT = Path(__file__).resolve().parent.parent


def _block(html: str) -> dict[str, Any]:
    built = load_script("build").boot_words(html)
    m = re.fullmatch(r'\s*<script type="application/json" id="boot-words-it">(.*)</script>\s*', built, re.S)
    assert m, built
    assert "</" not in m.group(1)  # no text can close the data block
    block: dict[str, Any] = json.loads(m.group(1))
    return block


def test_every_fixed_text_of_the_page_has_its_italian_words() -> None:
    import sys

    sys.path.insert(0, str(ROOT))
    from web.shell.i18n import t

    html = (ROOT / "index.html").read_text(encoding="utf-8")
    keys = set(re.findall(r'data-i18n="([^"]+)"', html))
    block = _block(html)
    words = block["i18n"]
    assert set(words) == keys and len(keys) > 50
    assert words == {k: t("it", k) for k in keys}
    assert words["setup_heading"] != t("en", "setup_heading")
    # the choices drawn from their value, as the page draws them (web.shell.i18n.choice_text)
    assert block["choices"]["opt-format"] == {
        "hands:1": t("it", "format_hands_1"),
        "hands:3": t("it", "format_hands", n=3),
        "hands:5": t("it", "format_hands", n=5),
        "target:200": t("it", "format_target", n=200),
        "target:500": t("it", "format_target", n=500),
    }
    assert block["choices"]["opt-timer"] == {"30": t("it", "timer_s", n=30), "60": t("it", "timer_s", n=60)}
    assert block["placeholders"] == {"opt-name": t("it", "default_name")}


def test_an_unknown_key_stops_the_build() -> None:
    build = load_script("build")
    with pytest.raises(build.BuildError, match="no_such_key"):
        build.boot_words('<p data-i18n="no_such_key">x</p>')
    block = _block('<h2 data-i18n="setup_heading">New match</h2>')
    assert block["i18n"] == {"setup_heading": "Nuova partita"}
