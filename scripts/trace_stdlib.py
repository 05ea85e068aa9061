#!/usr/bin/env python3
"""Trace which modules of Pyodide's standard library the page really imports, in a real
browser, and write them to scripts/stdlib_modules.txt, from which scripts/build.py makes
the trimmed ``python_stdlib.zip`` of the built site.

    python scripts/trace_stdlib.py [--check]

It builds the site with the full standard library and a tracing script (a second
``<script type="py">`` that hands ``sys.modules`` to JavaScript), then drives every feature
of the page in headless Chromium, each from a fresh load:

* solo (official rules, bots): a whole hand to its summary, the rules dialog;
* traditional rules with every house rule and variant changed on the start screen;
* pass-and-play (two people and a bot): the curtain, moves;
* the friends' table: the host's lobby (``?players=3&levels=human,friend``) with its
  invitations, and a friend's page opened from an invitation (the reply code);
* the page in Italian, and bad URL parameters (the notices).

The union of the modules found in the zip is written sorted, one per line. Modules the
page may import but this walk does not reach are in build.py's KEEP_STDLIB (documented
there); tests/test_stdlib_trim.py checks the page against the trimmed zip.
``--check`` only compares the trace with the file (exit 1 when they differ).
Needs Playwright and Chromium (as the browser tests); run after changing the page's imports.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import shutil
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "scripts" / "stdlib_modules.txt"
FULL_ZIP = ROOT / "vendor" / "pyodide" / "python_stdlib.zip"

# Run after web/main.py in the same interpreter: imports nothing but sys and js.
TRACE_PY = "import sys\nimport js\n\njs.window.__dernierModules = sys.modules\n"
TRACE_TAG = '<script type="py" src="./trace.py"></script>'
MODULES_JS = "() => window.__dernierModules ? Array.from(window.__dernierModules.keys()) : null"


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def add_tracer(site: Path) -> None:
    """Add the tracing script to a built site (after the page's own script)."""
    (site / "trace.py").write_text(TRACE_PY, encoding="utf-8")
    html = (site / "index.html").read_text(encoding="utf-8")
    html = html.replace("</body>", f"  {TRACE_TAG}\n</body>", 1)
    (site / "index.html").write_text(html, encoding="utf-8")


def zip_modules(zip_path: Path) -> dict[str, str]:
    """Module name -> its file in a stdlib zip (packages by their __init__.py)."""
    found: dict[str, str] = {}
    with zipfile.ZipFile(zip_path) as z:
        for name in z.namelist():
            if not name.endswith(".py"):
                continue
            mod = name[:-3].replace("/", ".")
            if mod.endswith(".__init__"):
                mod = mod[: -len(".__init__")]
            found[mod] = name
    return found


def modules_of(page: Any, timeout_s: float = 60) -> set[str]:
    deadline = time.monotonic() + timeout_s
    while (mods := page.evaluate(MODULES_JS)) is None:
        if time.monotonic() > deadline:
            raise RuntimeError(f"no module list from {page.url}: {page.text_content('#status')}")
        page.wait_for_timeout(100)
    return set(mods)


def _act(page: Any) -> bool:
    """One step of a human seat: show the cards, choose a suit, play, draw or pass."""
    for sel in ("#curtain-go", "#next", "button[data-suit]"):
        loc = page.locator(f"{sel}:visible")
        if loc.count() and loc.first.is_enabled():
            loc.first.click()
            return True
    if page.get_attribute("#table", "data-turn") is None:
        return False
    cards = page.locator('#hand [data-card]:not([aria-disabled="true"])')
    if cards.count():
        cards.first.click()
        return True
    for sel in ("#pass", "#draw"):
        if page.locator(sel).is_visible() and page.locator(sel).is_enabled():
            page.click(sel)
            return True
    return False


def _play(page: Any, seconds: float, until_over: bool = False) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if until_over and page.locator("#summary[open]").count():
            break
        # a click that the table's change outran is tried again from the new state
        with contextlib.suppress(Exception):
            _act(page)
        page.wait_for_timeout(60)


def _ready(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("body[data-ready=true]", timeout=90000)


def walk(browser: Any, base: str, log: Any = print) -> set[str]:
    """Drive every feature of the page at `base` (a built site with the tracer); the union
    of sys.modules over all the loads."""
    seen: set[str] = set()
    errors: list[str] = []

    def page_of(ctx: Any) -> Any:
        p = ctx.new_page()
        p.on("pageerror", lambda e: errors.append(f"{p.url}: {e}"))
        return p

    ctx = browser.new_context()
    page = page_of(ctx)

    # solo, official rules: a whole hand, the summary, the rules dialog
    _ready(page, base + "index.html?players=3&levels=easy,hard&seed=7&delay=0&lang=en&hands=1")
    _play(page, 40, until_over=True)
    page.keyboard.press("Escape")
    if page.locator("#show-rules").is_enabled():
        page.click("#show-rules", force=True)
        page.wait_for_timeout(300)
    seen |= modules_of(page)
    log(f"solo: {len(seen)} modules")

    # traditional rules, every house rule and variant changed on the start screen
    # (a fresh profile: no saved match to resume)
    ctx.close()
    ctx = browser.new_context()
    page = page_of(ctx)
    _ready(page, base + "index.html?lang=en")
    page.wait_for_selector("#opt-rules:visible", timeout=30000)
    page.select_option("#opt-rules", "traditional")
    page.select_option("#opt-players", "3")
    page.select_option("#opt-delay", "0")
    page.click("#house-rules summary")
    for box in ("#opt-anticipo", "#opt-chi_sbaglia_paga"):
        if page.locator(box).is_enabled():
            page.check(box)
    for sel in page.locator("select[data-variant]").all():
        options = sel.locator("option").all()
        current = sel.input_value()
        other = next((o.get_attribute("value") for o in options if o.get_attribute("value") != current), None)
        if other is not None and sel.is_enabled():
            sel.select_option(other)
    page.click("#start")
    page.wait_for_selector("#table[data-turn]", timeout=30000)
    _play(page, 20)
    seen |= modules_of(page)
    log(f"+ traditional with variants: {len(seen)} modules")

    # pass-and-play: two people and a bot
    _ready(page, base + "index.html?players=3&levels=human,easy&seed=5&delay=0&lang=en&hands=1")
    _play(page, 20)
    seen |= modules_of(page)
    log(f"+ pass-and-play: {len(seen)} modules")

    # Italian, bad parameters (notices)
    _ready(page, base + "index.html?players=99&rules=nope&levels=genius&seed=abc&lang=it&delay=-4")
    seen |= modules_of(page)
    log(f"+ Italian, notices: {len(seen)} modules")

    # the friends' table: the host's lobby and its invitations, then a friend's page
    _ready(page, base + "index.html?players=3&levels=human,friend&lang=en")
    page.wait_for_selector("[data-invite-seat][data-invite^='http']", timeout=60000)
    invite = page.get_attribute("[data-invite-seat][data-invite^='http']", "data-invite")
    page.click("#room-panel summary")
    seen |= modules_of(page)
    log(f"+ host's lobby: {len(seen)} modules")
    ctx2 = browser.new_context()
    friend = page_of(ctx2)
    _ready(friend, invite)
    friend.wait_for_function(
        "() => { const r = document.querySelector('#reply-text'); return r && r.value.length > 0; }",
        timeout=60000,
    )
    seen |= modules_of(friend)
    log(f"+ a friend's page: {len(seen)} modules")
    ctx2.close()
    ctx.close()
    if errors:
        raise RuntimeError("the page failed while tracing:\n" + "\n".join(errors))
    return seen


def trace(log: Any = print) -> list[str]:
    from playwright.sync_api import sync_playwright

    build = _load("dernier_build_trace", ROOT / "scripts" / "build.py")
    serve = _load("dernier_serve_trace", ROOT / "scripts" / "serve.py")
    browser_support = _load("dernier_browser_trace", ROOT / "tests" / "browser_support.py")
    tmp = Path(tempfile.mkdtemp(prefix="dernier-trace-"))
    try:
        build.build(tmp / "dernier", "zip", stdlib="full", pyc="off")
        add_tracer(tmp / "dernier")
        server, url = serve.start_server(root=tmp, quiet=True)
        try:
            with sync_playwright() as pw:
                kw: dict[str, Any] = {"args": browser_support.CHROMIUM_ARGS}
                if browser_support.SYSTEM_CHROMIUM.exists():
                    kw["executable_path"] = str(browser_support.SYSTEM_CHROMIUM)
                browser = pw.chromium.launch(**kw)
                try:
                    seen = walk(browser, url + "dernier/", log)
                finally:
                    browser.close()
        finally:
            server.shutdown()
            server.server_close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    in_zip = zip_modules(FULL_ZIP)
    return sorted(m for m in seen if m in in_zip)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="compare with scripts/stdlib_modules.txt only")
    args = ap.parse_args(argv)
    mods = trace()
    text = (
        "# Modules of python_stdlib.zip the page imports, traced in Chromium by\n"
        "# scripts/trace_stdlib.py (do not edit by hand; build.py adds KEEP_STDLIB).\n"
        + "\n".join(mods)
        + "\n"
    )
    if args.check:
        old = OUT.read_text(encoding="utf-8") if OUT.is_file() else ""
        if old != text:
            print("scripts/stdlib_modules.txt is out of date: run python scripts/trace_stdlib.py")
            return 1
        print(f"scripts/stdlib_modules.txt is up to date ({len(mods)} modules)")
        return 0
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(mods)} modules")
    return 0


if __name__ == "__main__":
    sys.exit(main())
