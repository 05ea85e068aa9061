#!/usr/bin/env python3
"""Page load benchmark: the built game against a bare PyScript page on the same runtime.

    python benchmarks/load_time.py [--runs 5] [--json]

Builds the static site (scripts/build.py) into a temporary folder, next to a bare PyScript
page that uses the same vendored runtime and only writes one element from Python (the floor
of this stack), serves both on 127.0.0.1 under sub-paths, and measures in headless Chromium,
alternating game and bare page in the same run:

* time to ``body[data-ready=true]``, cold (new browser context: empty cache, no service
  worker) and warm (a second load in the same context);
* time to the first contentful paint;
* bytes transferred on a cold load.

With ``--variants`` it also compares shipping the code as one zip against loose files.
Figures, not a timed test: nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# Records when data-ready turns true, without touching the page's own code.
READY_PROBE = """
(() => {
  const mark = () => {
    if (document.body && document.body.dataset.ready === "true" && !window.__readyAt) {
      window.__readyAt = performance.now();
    }
  };
  new MutationObserver(mark).observe(document, { attributes: true, subtree: true });
})();
"""

BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="../game/vendor/pyscript/core.css">
<script type="module" src="../game/vendor/pyscript/core.js"></script>
</head><body><p id="out">loading</p>
<script type="py" src="./main.py" config="./pyscript.toml"></script>
</body></html>
"""
BARE_TOML = 'interpreter = "../game/vendor/pyodide/pyodide.mjs"\n'
BARE_MAIN = (
    "from pyscript import document\n"
    'document.getElementById("out").textContent = "hello from Python"\n'
    'document.body.dataset.ready = "true"\n'
)


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


# the browser and flags of the browser tests (Debian's Chromium when present)
_browser = _load("dernier_browser_support", ROOT / "tests" / "browser_support.py")
CHROMIUM: Path = _browser.SYSTEM_CHROMIUM
ARGS: list[str] = _browser.CHROMIUM_ARGS


def _prepare(www: Path, variants: bool) -> list[str]:
    build = _load("dernier_build", ROOT / "scripts" / "build.py")
    build.build(www / "game", "zip")
    targets = ["game", "bare"]
    if variants:
        build.build(www / "game-files", "files")
        targets.append("game-files")
    bare = www / "bare"
    bare.mkdir()
    (bare / "index.html").write_text(BARE_HTML)
    (bare / "pyscript.toml").write_text(BARE_TOML)
    (bare / "main.py").write_text(BARE_MAIN)
    return targets


SENT = [0]


def _count_bytes(handler_cls: Any) -> None:
    """Count the body bytes the server sends (every request: page, runtime, service worker)."""
    original = handler_cls.send_header

    def send_header(self: Any, keyword: str, value: str) -> None:
        if keyword.lower() == "content-length":
            SENT[0] += int(value)
        original(self, keyword, value)

    handler_cls.send_header = send_header


def _measure(browser: Any, url: str, query: str) -> dict[str, float]:
    ctx = browser.new_context()
    ctx.add_init_script(READY_PROBE)
    page = ctx.new_page()
    out: dict[str, float] = {}
    for phase in ("cold", "warm"):
        before = SENT[0]
        page.goto(url + query)
        page.wait_for_function("() => window.__readyAt", timeout=60000)
        m = page.evaluate(
            """() => {
              const fcp = performance.getEntriesByName('first-contentful-paint')[0];
              return {ready: window.__readyAt, fcp: fcp ? fcp.startTime : -1};
            }"""
        )
        out[f"{phase}_ready_ms"] = m["ready"]
        out[f"{phase}_fcp_ms"] = m["fcp"]
        # let the service worker register and precache before counting and the warm load
        page.wait_for_timeout(2500)
        out[f"{phase}_bytes"] = SENT[0] - before
    ctx.close()
    return out


def run(runs: int, variants: bool) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "scripts"))
    serve = _load("dernier_serve", ROOT / "scripts" / "serve.py")
    tmp = Path(tempfile.mkdtemp(prefix="dernier-load-"))
    try:
        targets = _prepare(tmp, variants)
        _count_bytes(serve.Handler)
        server, base = serve.start_server(root=tmp, quiet=True)
        queries = {
            "game": "index.html?players=3&levels=medium,medium&seed=7&delay=0",
            "game-files": "index.html?players=3&levels=medium,medium&seed=7&delay=0",
            "bare": "index.html",
        }
        samples: dict[str, list[dict[str, float]]] = {t: [] for t in targets}
        with sync_playwright() as pw:
            kw: dict[str, Any] = {"args": ARGS}
            if CHROMIUM.exists():
                kw["executable_path"] = str(CHROMIUM)
            browser = pw.chromium.launch(**kw)
            _measure(browser, f"{base}bare/", queries["bare"])  # warm the browser process
            for _ in range(runs):
                for t in targets:
                    samples[t].append(_measure(browser, f"{base}{t}/", queries[t]))
            browser.close()
        server.shutdown()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    result: dict[str, Any] = {"runs": runs}
    for t, rows in samples.items():
        for key in rows[0]:
            vals = [r[key] for r in rows]
            result[f"{t}.{key}.median"] = round(statistics.median(vals), 1)
    for phase in ("cold", "warm"):
        g = result[f"game.{phase}_ready_ms.median"]
        b = result[f"bare.{phase}_ready_ms.median"]
        result[f"ratio.{phase}_ready"] = round(g / b, 3)
        if variants:
            files = result[f"game-files.{phase}_ready_ms.median"]
            result[f"ratio.{phase}_ready_files_vs_zip"] = round(files / g, 3)
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--variants", action="store_true", help="also measure the code as loose files")
    ap.add_argument("--json", action="store_true", help="print one JSON object last")
    args = ap.parse_args(argv)
    result = run(args.runs, args.variants)
    if args.json:
        print(json.dumps(result))
    else:
        for k, v in result.items():
            print(f"{k:>40}: {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
