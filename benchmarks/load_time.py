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
import time
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


# the browser and flags of the browser tests (Debian's Chromium when present)
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
    ap.add_argument("--json", action="store_true", help="print one JSON object last")
    args = ap.parse_args(argv)
    SETTLE_LIMIT[0] = args.settle
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
