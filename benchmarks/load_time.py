#!/usr/bin/env python3
"""Page load benchmark: the built game against a bare PyScript page on the same runtime.

    python benchmarks/load_time.py [--runs 5] [--json]

Builds the static site (scripts/build.py) into a temporary folder, next to a bare PyScript
page with the pinned runtime as vendor/ holds it (Pyodide's whole stdlib and lock file; the
page only writes one element from Python: the floor of this stack), serves both on 127.0.0.1
under sub-paths, and measures in headless Chromium, alternating game and bare page (and which
goes first) in the same run:

* time to ``body[data-ready=true]``, cold (new browser context: empty cache, no service
  worker) and warm (a second load in the same context), per run and as medians, and the
  game/bare ratio of each run (the two pages loaded one after the other) and of the medians;
* the same with the CPU slowed down (``--throttle 4``: Chromium's CPU throttling, a low-end
  phone), ``--throttle-runs`` pairs (default: ``--runs``);
* time to the first contentful paint;
* bytes the server sends on a cold visit (the page, then the service worker's precache),
  per file with its gzip size (what a static host such as GitHub Pages sends), and the
  double-download count: files whose body is sent more than once (must be 0);
* the runtime files the game ships trimmed (the standard library, the lock file) against
  the stock ones the bare page fetches, raw and gzip;
* the same cold and warm visits with a persistent on-disk profile (a fresh one per page and
  run, ``--profile-runs`` pairs): bytes, double downloads, ready times and their ratio. In a
  fresh in-memory context Chromium does not keep the bare page's 9.6 MB wasm, so its warm
  visit downloads and compiles it again; with a disk cache it does not: this is the fair
  warm comparison;
* the 1-minute load average with every run: the machine is shared, say so with the figures.

Every load starts on an idle machine: the benchmark first waits (up to 20 s) until the CPU is
90% idle, so that no load competes with the background compiling of the one before. (Chromium's
CPU throttling itself keeps about one core busy while it is on: it is turned on only for the
load itself.)

With ``--variants`` it also measures the code as loose files and the game with Pyodide's
whole standard library (the ready-time effect of the trimmed one). With ``--compare DIR`` it
also builds the site of another checkout (``git worktree add DIR <commit>``, or an exported
tree with ``vendor/`` and ``node_modules/`` beside it) and measures it in the same runs,
alternating with this one and the bare page: a change's effect measured side by side, on a
machine whose load varies from one minute to the next.
With ``--fast3g`` it measures instead a first visit of the game's match link on a slow phone
network: Chromium's "Fast 3G" (1.6 Mbit/s down, 750 kbit/s up, 150 ms latency; CDP
``Network.emulateNetworkConditions``), each load in a new context (nothing cached, no service
worker yet), the site served gzip-compressed as GitHub Pages does (``--gzip``: every response but
images and zips, which are compressed already): the bytes over the wire until ready (per file),
then apart what the service worker fetches after it (registered at an idle moment after ready:
the site's precache and every game's zip),
the time to the first paint, to the first rules readable while the game loads, and to ready,
and what the page's progress bar said along the way.
Figures, not a timed test: nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import gzip
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from functools import partial
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
<link rel="stylesheet" href="./vendor/pyscript/core.css">
<script type="module" src="./vendor/pyscript/core.js"></script>
</head><body><p id="out">loading</p>
<script type="py" src="./main.py" config="./pyscript.toml"></script>
</body></html>
"""
BARE_TOML = 'interpreter = "./vendor/pyodide/pyodide.mjs"\n'
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


# the browser and flags of the browser tests (Debian's Chromium when present); they read the
# registered games (web.shell.games) from this tree
sys.path.insert(0, str(ROOT))
_browser = _load("dernier_browser_support", ROOT / "tests" / "browser_support.py")
CHROMIUM: Path = _browser.SYSTEM_CHROMIUM
ARGS: list[str] = _browser.CHROMIUM_ARGS


def _prepare(www: Path, variants: bool, compare: Path | None = None) -> list[str]:
    build = _load("dernier_build", ROOT / "scripts" / "build.py")
    build.build(www / "game", "zip")
    targets = ["game", "bare"]
    if compare is not None:
        # in its own process: its build imports its own tree's modules
        script = compare / "scripts" / "build.py"
        subprocess.run([sys.executable, str(script), "--out", str(www / "before")], check=True, cwd=compare)
        targets.append("before")
    if variants:
        build.build(www / "game-files", "files")
        targets.append("game-files")
        # the same site with Pyodide's whole standard library (compiled to bytecode too):
        # the ready-time effect of the trimmed stdlib
        build.build(www / "game-stdlib-full", "zip", stdlib="full")
        targets.append("game-stdlib-full")
    # The bare page gets the pinned runtime as vendor/ holds it (Pyodide's whole stdlib and
    # lock file, the same PyScript chunks), not the game's trimmed copy: a stock PyScript page.
    bare = www / "bare"
    for name in build.PYODIDE_FILES:
        dest = bare / "vendor" / "pyodide" / name
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / "vendor" / "pyodide" / name, dest)
    for name in build._pyscript_chunks():
        dest = bare / "vendor" / "pyscript" / name
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / "vendor" / "pyscript" / name, dest)
    (bare / "index.html").write_text(BARE_HTML)
    (bare / "pyscript.toml").write_text(BARE_TOML)
    (bare / "main.py").write_text(BARE_MAIN)
    return targets


# Every response with a body the server sent: (path, body bytes).
SENT: list[tuple[str, int]] = []


def _count_bytes(handler_cls: Any) -> None:
    """Record the body bytes the server sends per request (page, runtime, service worker);
    a 304 (revalidated, no body) sends no Content-Length and counts nothing."""
    original = handler_cls.send_header

    def send_header(self: Any, keyword: str, value: str) -> None:
        if keyword.lower() == "content-length" and int(value) > 0:
            SENT.append((self.path.split("?")[0], int(value)))
        original(self, keyword, value)

    handler_cls.send_header = send_header


def double_downloads(sent: list[tuple[str, int]]) -> dict[str, int]:
    """Paths whose body was sent more than once, with how many times."""
    seen: dict[str, int] = {}
    for path, _ in sent:
        seen[path] = seen.get(path, 0) + 1
    return {p: n for p, n in seen.items() if n > 1}


def per_file(sent: list[tuple[str, int]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for path, n in sent:
        out[path] = out.get(path, 0) + n
    return out


_WAIT_SW = """async () => {
  if (!document.querySelector('meta[name="dernier-build"]') || !navigator.serviceWorker) return;
  const t0 = performance.now();
  while (!navigator.serviceWorker.controller && performance.now() - t0 < 30000) {
    await new Promise((r) => setTimeout(r, 100));
  }
}"""


def _cpu_times() -> tuple[int, int] | None:
    """(all, idle) CPU time of the machine so far, in ticks (Linux), else None."""
    try:
        with open("/proc/stat", encoding="ascii") as f:
            ticks = [int(x) for x in f.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    return sum(ticks), ticks[3] + ticks[4]


#: how long a load waits for an idle machine at most (``--settle``)
SETTLE_LIMIT = [20.0]


def settle(limit: float = 20.0, idle: float = 0.9) -> float:
    """Wait until the machine is idle (at least ``idle`` of its CPU time over half a second)
    or ``limit`` seconds passed; return the seconds waited. A page keeps compiling its wasm
    on background threads for seconds after it is ready (the optimising tier), and a closed
    page's processes take a moment to go: without this pause the next load competes with
    them for the cores, whichever page it is (figures then depend on the order of loads)."""
    start = time.monotonic()
    while time.monotonic() - start < limit:
        before = _cpu_times()
        time.sleep(0.5)
        after = _cpu_times()
        if before is None or after is None:
            time.sleep(1.5)
            break
        if (after[1] - before[1]) / max(1, after[0] - before[0]) >= idle:
            break
    return round(time.monotonic() - start, 1)


def _measure(ctx: Any, url: str, query: str, throttle: float = 1.0, close: bool = True) -> dict[str, Any]:
    """Cold then warm load of `url` in the (fresh) context `ctx`, each started on an idle
    machine (:func:`settle`)."""
    ctx.add_init_script(READY_PROBE)
    page = ctx.new_page()
    cdp = ctx.new_cdp_session(page) if throttle != 1.0 else None
    out: dict[str, Any] = {}
    for phase in ("cold", "warm"):
        # Chromium's CPU throttling keeps a core busy while it is on: off while waiting
        if cdp is not None:
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        out[f"{phase}_settle_s"] = settle(SETTLE_LIMIT[0])
        if cdp is not None:
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
        before = len(SENT)
        page.goto(url + query)
        page.wait_for_function("() => window.__readyAt", timeout=120000, polling=50)
        m = page.evaluate(
            """() => {
              const fcp = performance.getEntriesByName('first-contentful-paint')[0];
              return {ready: window.__readyAt, fcp: fcp ? fcp.startTime : -1};
            }"""
        )
        out[f"{phase}_ready_ms"] = m["ready"]
        out[f"{phase}_fcp_ms"] = m["fcp"]
        # let the service worker register and precache before counting and the warm load
        page.evaluate(_WAIT_SW)
        page.wait_for_timeout(1000)
        sent = SENT[before:]
        out[f"{phase}_bytes"] = sum(n for _, n in sent)
        out[f"{phase}_requests"] = len(sent)
        out[f"{phase}_double_downloads"] = sum(n - 1 for n in double_downloads(sent).values())
        out[f"{phase}_files"] = per_file(sent)
    if close:
        ctx.close()
    return out


def _gzip_sizes(www: Path) -> dict[str, tuple[int, int]]:
    """Raw and gzip -6 size (what a static host such as GitHub Pages sends) of every file."""
    sizes = {}
    for f in sorted(www.rglob("*")):
        if f.is_file():
            data = f.read_bytes()
            sizes["/" + f.relative_to(www).as_posix()] = (len(data), len(gzip.compress(data, 6, mtime=0)))
    return sizes


#: each game's match link (a match against bots, dealt at once): what ``--game`` loads
MATCH_LINKS = {
    "dernier": "players=3&levels=medium,medium&seed=7&delay=0",
    "scala40": "game=scala40&players=2&levels=medium&seed=7&delay=0",
    "dog": "game=dog&levels=medium,medium,medium&seed=7&delay=0",
}


def run(
    runs: int,
    variants: bool,
    throttle: float = 0.0,
    profile_runs: int | None = None,
    throttle_runs: int | None = None,
    game: str = "dernier",
    compare: Path | None = None,
) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    throttle_runs = runs if throttle_runs is None else throttle_runs
    profile_runs = runs if profile_runs is None else profile_runs

    sys.path.insert(0, str(ROOT / "scripts"))
    serve = _load("dernier_serve", ROOT / "scripts" / "serve.py")
    tmp = Path(tempfile.mkdtemp(prefix="dernier-load-"))
    files: dict[str, int] = {}
    bare_files: dict[str, int] = {}
    on_disk: dict[str, list[dict[str, Any]]] = {"game": [], "bare": []}
    try:
        targets = _prepare(tmp, variants, compare)
        gz = _gzip_sizes(tmp)
        _count_bytes(serve.Handler)
        server, base = serve.start_server(root=tmp, quiet=True)
        link = "index.html?" + MATCH_LINKS[game]
        queries = {
            "game": link,
            "before": link,
            "game-files": link,
            "game-stdlib-full": link,
            "bare": "index.html",
        }
        samples: dict[str, list[dict[str, Any]]] = {t: [] for t in targets}
        slow: dict[str, list[dict[str, Any]]] = {t: [] for t in ("game", "bare")}
        with sync_playwright() as pw:
            kw: dict[str, Any] = {"args": ARGS}
            if CHROMIUM.exists():
                kw["executable_path"] = str(CHROMIUM)
            browser = pw.chromium.launch(**kw)
            _measure(browser.new_context(), f"{base}bare/", queries["bare"])  # warm the browser process
            plans = [(samples, targets, 1.0, runs)]
            if throttle:
                plans.append((slow, ["game", "bare"], throttle, throttle_runs))
            for store, names, rate, count in plans:
                tag = "" if rate == 1.0 else f" (CPU /{rate:g})"
                for i in range(count):
                    # alternate which page goes first, so that neither always follows the other
                    for t in names if i % 2 == 0 else names[::-1]:
                        row = _measure(browser.new_context(), f"{base}{t}/", queries[t], rate)
                        row["load"] = _loadavg()
                        store[t].append(row)
                        print(
                            f"run {i + 1} {t:>16}{tag}: cold {row['cold_ready_ms']:7.0f} ms, "
                            f"warm {row['warm_ready_ms']:7.0f} ms, "
                            f"cold {row['cold_bytes']:>10,} B in {row['cold_requests']} responses, "
                            f"double downloads {row['cold_double_downloads']}, load {row['load']:.2f}, "
                            f"waited {row['cold_settle_s']:g}+{row['warm_settle_s']:g} s for an idle CPU",
                            flush=True,
                        )
                    for t in ("game", "before"):
                        if t not in names:
                            continue
                        g, b = store[t][-1], store["bare"][-1]
                        cold, warm = (g[f"{x}_ready_ms"] / b[f"{x}_ready_ms"] for x in ("cold", "warm"))
                        print(
                            f"run {i + 1} {t + '/bare':>16}{tag}: cold {cold:.3f}, warm {warm:.3f}",
                            flush=True,
                        )
            browser.close()
            # a persistent on-disk profile (HTTP cache on disk, as a real browser has): a fresh
            # one per page and run, so that the bare page's warm visit has the disk cache too
            # (in a fresh in-memory context Chromium does not keep its 9.6 MB wasm)
            for i in range(profile_runs):
                for t in ("game", "bare") if i % 2 == 0 else ("bare", "game"):
                    udd = tempfile.mkdtemp(prefix="dernier-profile-")
                    try:
                        ctx = pw.chromium.launch_persistent_context(udd, **kw)
                        row = _measure(ctx, f"{base}{t}/", queries[t])
                    finally:
                        shutil.rmtree(udd, ignore_errors=True)
                    row["load"] = _loadavg()
                    on_disk[t].append(row)
                    print(
                        f"run {i + 1} {t:>16} (on-disk profile): cold {row['cold_ready_ms']:7.0f} ms, "
                        f"warm {row['warm_ready_ms']:7.0f} ms, cold {row['cold_bytes']:>10,} B, "
                        f"warm {row['warm_bytes']:>10,} B, double downloads {row['cold_double_downloads']}"
                        f" + {row['warm_double_downloads']}, load {row['load']:.2f}, "
                        f"waited {row['cold_settle_s']:g}+{row['warm_settle_s']:g} s for an idle CPU",
                        flush=True,
                    )
        server.shutdown()
        files = samples["game"][0]["cold_files"]
        bare_files = samples["bare"][0]["cold_files"]
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    result: dict[str, Any] = {"runs": runs, "throttle_runs": throttle_runs if throttle else 0}
    for t, rows in samples.items():
        for key in rows[0]:
            if key.endswith("_files"):
                continue
            vals = [r[key] for r in rows]
            result[f"{t}.{key}.median"] = round(statistics.median(vals), 1)
        result[f"{t}.cold_double_downloads.max"] = max(r["cold_double_downloads"] for r in rows)
    for phase in ("cold", "warm"):
        g = result[f"game.{phase}_ready_ms.median"]
        b = result[f"bare.{phase}_ready_ms.median"]
        result[f"ratio.{phase}_ready"] = round(g / b, 3)
        result[f"ratio.{phase}_ready.per_run"] = _per_run_ratios(samples, phase)
        if compare is not None:
            before = result[f"before.{phase}_ready_ms.median"]
            result[f"ratio.{phase}_ready.before"] = round(before / b, 3)
            result[f"ratio.{phase}_ready.before.per_run"] = _per_run_ratios(samples, phase, "before")
        if variants:
            for v in ("game-files", "game-stdlib-full"):
                vs = result[f"{v}.{phase}_ready_ms.median"] / g
                result[f"ratio.{phase}_ready.{v}_vs_game"] = round(vs, 3)
    tag = f"cpu{throttle:g}x"
    for t, rows in slow.items():
        for phase in ("cold", "warm"):
            if rows:
                result[f"{t}.{tag}.{phase}_ready_ms.median"] = round(
                    statistics.median(r[f"{phase}_ready_ms"] for r in rows), 1
                )
    if slow["game"]:
        for phase in ("cold", "warm"):
            g = result[f"game.{tag}.{phase}_ready_ms.median"]
            result[f"ratio.{tag}.{phase}_ready"] = round(g / result[f"bare.{tag}.{phase}_ready_ms.median"], 3)
            result[f"ratio.{tag}.{phase}_ready.per_run"] = _per_run_ratios(slow, phase)
    loads = [r["load"] for rows in (*samples.values(), *slow.values(), *on_disk.values()) for r in rows]
    result["load_average_1min.min_median_max"] = [min(loads), round(statistics.median(loads), 2), max(loads)]
    for t, rows in on_disk.items():
        if not rows:  # --profile-runs 0
            continue
        for key in ("cold_bytes", "warm_bytes"):
            result[f"profile.{t}.{key}.median"] = statistics.median(r[key] for r in rows)
        for key in ("cold_double_downloads", "warm_double_downloads"):
            result[f"profile.{t}.{key}.max"] = max(r[key] for r in rows)
        for phase in ("cold", "warm"):
            result[f"profile.{t}.{phase}_ready_ms.median"] = round(
                statistics.median(r[f"{phase}_ready_ms"] for r in rows), 1
            )
    if on_disk["game"]:
        for phase in ("cold", "warm"):
            g, b = (result[f"profile.{t}.{phase}_ready_ms.median"] for t in ("game", "bare"))
            result[f"ratio.profile.{phase}_ready"] = round(g / b, 3)
            result[f"ratio.profile.{phase}_ready.per_run"] = _per_run_ratios(on_disk, phase)
    result["game.cold_files"] = {
        p: {"sent": n, "raw": gz.get(p, (0, 0))[0], "gzip": gz.get(p, (0, 0))[1]}
        for p, n in sorted(files.items())
    }
    result["game.cold_gzip_bytes"] = sum(v["gzip"] for v in result["game.cold_files"].values())
    result["bare.cold_gzip_bytes"] = sum(gz.get(p, (0, 0))[1] for p in bare_files)
    # the runtime files the game ships trimmed (or not at all) against the stock ones the
    # bare page fetches: raw and gzip bytes saved
    saved: dict[str, dict[str, int]] = {}
    for path in sorted(bare_files):
        rel = path.removeprefix("/bare/")
        if not rel.startswith("vendor/"):
            continue
        stock = gz.get(path, (0, 0))
        ours = gz.get("/game/" + rel, (0, 0)) if "/game/" + rel in files else (0, 0)
        if stock != ours:
            keys = ("stock_raw", "stock_gzip", "game_raw", "game_gzip")
            saved[rel] = dict(zip(keys, (*stock, *ours), strict=True))
    result["runtime_trimmed"] = saved
    return result


#: Chromium DevTools' "Fast 3G" as the issue names it: 1.6 Mbit/s down, 750 kbit/s up, 150 ms
FAST_3G = {
    "offline": False,
    "latency": 150,
    "downloadThroughput": 1.6e6 / 8,
    "uploadThroughput": 750e3 / 8,
}
#: what a static host such as GitHub Pages sends compressed (not images, not zips)
GZIP_SKIP = (".png", ".zip", ".ico")


def _gzip_handler(base: Any) -> Any:
    """``base`` (scripts/serve.py's handler) sending each file gzip-compressed (level 6, as
    static hosts do) to a client that accepts it, with its compressed length: the bytes over
    the wire are what :func:`_count_bytes` then counts."""
    import email.utils
    import io

    cache: dict[tuple[str, float], bytes] = {}

    class GzipHandler(base):  # type: ignore[misc, valid-type]
        def send_head(self) -> Any:
            path = self.translate_path(self.path)
            accepts = "gzip" in (self.headers.get("Accept-Encoding") or "")
            if not accepts or not os.path.isfile(path) or path.endswith(GZIP_SKIP):
                return super().send_head()
            if any(part.startswith(".") and part not in {".", ".."} for part in self.path.split("/")):
                return super().send_head()
            stat = os.stat(path)
            key = (path, stat.st_mtime)
            if key not in cache:
                with open(path, "rb") as f:
                    cache[key] = gzip.compress(f.read(), 6, mtime=0)
            body = cache[key]
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Last-Modified", email.utils.formatdate(stat.st_mtime, usegmt=True))
            self.end_headers()
            return io.BytesIO(body)

    return GzipHandler


#: samples the page's own loading state every 250 ms (an init script): the progress bar's value
#: and when the rules could first be opened while loading
PROGRESS_PROBE = """
(() => {
  window.__progress = [];
  const t = setInterval(() => {
    const bar = document.getElementById("load-progress");
    const rules = document.getElementById("boot-rules");
    if (rules && !rules.hidden && !window.__rulesAt) window.__rulesAt = performance.now();
    // a bar without a value: everything is downloaded, the game is starting (-1)
    const value = bar && bar.hasAttribute("value") ? Number(bar.value) : -1;
    if (bar) window.__progress.push([Math.round(performance.now()), value, Number(bar.max)]);
    if (document.body && document.body.dataset.ready === "true") clearInterval(t);
  }, 250);
})();
"""


def run_fast3g(runs: int, game: str, compress: bool) -> dict[str, Any]:
    """First visits of ``game``'s match link on Fast 3G (see the module), ``runs`` times."""
    from playwright.sync_api import sync_playwright

    serve = _load("dernier_serve", ROOT / "scripts" / "serve.py")
    tmp = Path(tempfile.mkdtemp(prefix="dernier-fast3g-"))
    rows: list[dict[str, Any]] = []
    try:
        build = _load("dernier_build", ROOT / "scripts" / "build.py")
        build.build(tmp / "game", "zip")
        handler = _gzip_handler(serve._QuietHandler) if compress else serve._QuietHandler
        _count_bytes(handler)
        server = serve.Server((serve.HOST, 0), partial(handler, directory=str(tmp)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://{serve.HOST}:{server.server_address[1]}/game/"
        url = base + "index.html?" + MATCH_LINKS[game]
        with sync_playwright() as pw:
            kw: dict[str, Any] = {"args": ARGS}
            if CHROMIUM.exists():
                kw["executable_path"] = str(CHROMIUM)
            browser = pw.chromium.launch(**kw)
            for i in range(runs):
                settle(SETTLE_LIMIT[0])
                # the service worker registers at an idle moment after ready (sw-register.js):
                # what it fetches then (its precache, the other games' zips) is counted apart
                ctx = browser.new_context()
                ctx.add_init_script(READY_PROBE)
                ctx.add_init_script(PROGRESS_PROBE)
                page = ctx.new_page()
                cdp = ctx.new_cdp_session(page)
                cdp.send("Network.enable")
                cdp.send("Network.emulateNetworkConditions", FAST_3G)
                before = len(SENT)
                page.goto(url, timeout=300_000)
                page.wait_for_function("() => window.__readyAt", timeout=300_000, polling=200)
                m = page.evaluate(
                    """() => {
                      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
                      return {ready: window.__readyAt, fcp: fcp ? fcp.startTime : -1,
                              rules: window.__rulesAt || -1, progress: window.__progress};
                    }"""
                )
                sent = SENT[before:]
                after = _after_ready(page, len(SENT))
                row = {
                    "ready_ms": m["ready"],
                    "fcp_ms": m["fcp"],
                    "rules_ms": m["rules"],
                    "bytes": sum(n for _, n in sent),
                    "requests": len(sent),
                    "files": per_file(sent),
                    "progress": m["progress"],
                    "load": _loadavg(),
                    "after_ready_bytes": sum(n for _, n in after),
                    "after_ready_files": per_file(after),
                }
                rows.append(row)
                ctx.close()
                tag = " gzip" if compress else ""
                print(
                    f"run {i + 1} {game} Fast 3G{tag}: ready {row['ready_ms'] / 1000:6.1f} s, "
                    f"first paint {row['fcp_ms'] / 1000:4.1f} s, "
                    f"rules readable {row['rules_ms'] / 1000:4.1f} s, {row['bytes']:>10,} B "
                    f"over the wire in {row['requests']} responses until ready, then "
                    f"{row['after_ready_bytes']:,} B for the service worker's idle caching, "
                    f"load {row['load']:.2f}",
                    flush=True,
                )
            browser.close()
        server.shutdown()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    out: dict[str, Any] = {
        "game": game,
        "gzip": compress,
        "runs": runs,
        "ready_ms.per_run": [round(r["ready_ms"]) for r in rows],
        "ready_ms.median": round(statistics.median(r["ready_ms"] for r in rows)),
        "fcp_ms.median": round(statistics.median(r["fcp_ms"] for r in rows)),
        "rules_readable_ms.median": round(statistics.median(r["rules_ms"] for r in rows)),
        "bytes.per_run": [r["bytes"] for r in rows],
        "files": rows[0]["files"],
        "after_ready_bytes.per_run": [r["after_ready_bytes"] for r in rows],
        "after_ready_files": rows[0]["after_ready_files"],
        "progress": _progress_steps(rows[0]["progress"]),
    }
    return out


def _after_ready(page: Any, start: int) -> list[tuple[str, int]]:
    """What the server sends after the page is ready (from ``SENT[start]``): the service
    worker, registered at an idle moment, keeps the site and every game's zip. Waits until it
    controls the page and the server has sent nothing for 3 s (at most 120 s)."""
    page.evaluate(_WAIT_SW)
    t0, seen, quiet = time.monotonic(), len(SENT), time.monotonic()
    while time.monotonic() - t0 < 120 and time.monotonic() - quiet < 3:
        time.sleep(0.25)
        if len(SENT) != seen:
            seen, quiet = len(SENT), time.monotonic()
    return SENT[start:]


def _progress_steps(samples: list[list[float]]) -> list[str]:
    """The progress bar's value about every 2 s (``"4.0 s 12%"``; ``starting``: all is
    downloaded, Python starts): it moves all along."""
    out: list[str] = []
    last = -2000.0
    for at, value, most in samples:
        if at - last >= 2000 and most:
            out.append(f"{at / 1000:.1f} s " + ("starting" if value < 0 else f"{100 * value / most:.0f}%"))
            last = at
    return out


def _per_run_ratios(store: dict[str, list[dict[str, Any]]], phase: str, page: str = "game") -> list[float]:
    """page/bare of each run (the pages were measured one after the other)."""
    return [
        round(g[f"{phase}_ready_ms"] / b[f"{phase}_ready_ms"], 3)
        for g, b in zip(store[page], store["bare"], strict=True)
    ]


def _loadavg() -> float:
    try:
        return round(os.getloadavg()[0], 2)
    except OSError:  # pragma: no cover - not on this platform
        return -1.0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument(
        "--variants",
        action="store_true",
        help="also measure the code as loose files and the whole standard library",
    )
    ap.add_argument(
        "--throttle", type=float, default=4.0, help="CPU slowdown for the throttled runs (0: none)"
    )
    ap.add_argument(
        "--throttle-runs", type=int, default=None, help="pairs of throttled loads (default: --runs)"
    )
    ap.add_argument(
        "--profile-runs",
        type=int,
        default=None,
        help="pairs of loads with a persistent on-disk profile (default: --runs; 0: none)",
    )
    ap.add_argument(
        "--game", choices=sorted(MATCH_LINKS), default="dernier", help="whose match link the game page opens"
    )
    ap.add_argument(
        "--compare",
        type=Path,
        default=None,
        metavar="DIR",
        help="also measure the site built from another checkout (e.g. before a change), alternating",
    )
    ap.add_argument(
        "--settle",
        type=float,
        default=SETTLE_LIMIT[0],
        metavar="SECONDS",
        help="wait at most this long for an idle CPU before each load (a machine that other work keeps busy)",
    )
    ap.add_argument(
        "--fast3g",
        action="store_true",
        help="first visits of the game's match link on Chromium's Fast 3G instead (bytes, ready, progress)",
    )
    ap.add_argument("--gzip", action="store_true", help="serve gzip-compressed, as GitHub Pages does")
    ap.add_argument("--json", action="store_true", help="print one JSON object last")
    args = ap.parse_args(argv)
    SETTLE_LIMIT[0] = args.settle
    if args.fast3g:
        fast = run_fast3g(args.runs, args.game, args.gzip)
        if args.json:
            print(json.dumps(fast))
        else:
            print("per file, bytes over the wire:")
            for path, n in sorted(fast.pop("files").items(), key=lambda kv: -kv[1]):
                print(f"  {path:<56} {n:>10,}")
            print("after ready (the service worker's idle caching), bytes over the wire:")
            for path, n in sorted(fast.pop("after_ready_files").items(), key=lambda kv: -kv[1]):
                print(f"  {path:<56} {n:>10,}")
            for k, v in fast.items():
                print(f"{k:>28}: {v}")
        return 0
    result = run(
        args.runs,
        args.variants,
        args.throttle,
        args.profile_runs,
        args.throttle_runs,
        args.game,
        args.compare,
    )
    if args.json:
        print(json.dumps(result))
    else:
        for k, v in result.items():
            if k == "game.cold_files":
                print("game, cold visit, per file (bytes sent / raw / gzip):")
                for path, row in v.items():
                    print(f"  {path:<56} {row['sent']:>10,} {row['raw']:>10,} {row['gzip']:>10,}")
            elif k == "runtime_trimmed":
                print("runtime files, stock (bare page) against the game's (raw / gzip; 0: not fetched):")
                for path, row in v.items():
                    print(
                        f"  {path:<40} {row['stock_raw']:>10,} / {row['stock_gzip']:>10,}  ->  "
                        f"{row['game_raw']:>10,} / {row['game_gzip']:>10,}"
                    )
            else:
                print(f"{k:>40}: {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
