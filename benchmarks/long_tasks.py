#!/usr/bin/env python3
"""Long tasks while hard bots play: does the page's main thread stay free (goal: none over 100 ms)?

    python3 benchmarks/long_tasks.py [--runs 3] [--turns 12] [--json]

Builds the static site (scripts/build.py) into a temporary folder, serves it on 127.0.0.1 and
opens Dernier's table in headless Chromium with three hard bots and no delay between moves
(``players=4&levels=hard,hard,hard&delay=0``). A ``PerformanceObserver`` installed before the
page's own code records every long task (over 50 ms) from the very start; the person at seat 0
plays ``--turns`` turns by clicking, as the browser tests do, while the bots think in slices
(``web/shell/driver.py``). Reported per run: the long tasks that start once the page is ready
(the bots' play and the person's clicks: what the goal is about), the start-up ones before it
(``benchmarks/load_time.py`` measures start-up), how many log lines the bots wrote, and the
1-minute load average. Each run starts on an idle machine (as ``load_time.py`` waits for one).

Figures, not a timed test: nothing here passes or fails. On a shared 2-core machine the same
tasks take 2–3× longer (a busy core halves the page's share): quote the load average with them.
``tests/test_page_perf.py`` plays the same scenario and checks what does not depend on the
machine's speed (the observer is on, the bots play, the turn comes back).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-dev-shm-usage"]
QUERY = "players=4&levels=hard,hard,hard&seed={seed}&lang=en&delay=0&hands=1"
LIMIT_MS = 100

#: the page's long tasks, observed from its start (buffered), as [start, duration] pairs
INIT_JS = """
window.__longtasks = [];
new PerformanceObserver(list => {
  for (const e of list.getEntries()) window.__longtasks.push([e.startTime, Math.round(e.duration)]);
}).observe({type: 'longtask', buffered: true});
"""
READY_JS = "() => performance.now()"
SPLIT_JS = """(t0) => [window.__longtasks.filter(([s]) => s < t0).map(([s, d]) => d),
                        window.__longtasks.filter(([s]) => s >= t0).map(([s, d]) => d)]"""
COUNT_LOG_JS = """() => {
  window.__bot_moves = 0;
  new MutationObserver(() => { window.__bot_moves += 1; })
    .observe(document.querySelector('#log'), {childList: true});
}"""


def _loadavg() -> float:
    try:
        return round(os.getloadavg()[0], 2)
    except OSError:
        return -1.0


def one_run(browser: Any, base: str, seed: int, turns: int) -> dict[str, Any]:
    """One page: ready, then ``turns`` turns of seat 0 among three hard bots."""
    sys.path.insert(0, str(ROOT / "tests"))
    from browser_support import open_page  # the tests' page helpers: one way to play by clicking
    from test_page_support import take_turn, wait_for_input

    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = ctx.new_page()
        page.add_init_script(INIT_JS)
        open_page(page, base, QUERY.format(seed=seed))
        ready_at = page.evaluate(READY_JS) - 60  # open_page polls every 50 ms: at most that late
        page.evaluate(COUNT_LOG_JS)
        played = 0
        while played < turns:
            if wait_for_input(page)["over"]:
                break
            take_turn(page)
            played += 1
        wait_for_input(page)
        start_up, after = page.evaluate(SPLIT_JS, ready_at)
        return {
            "seed": seed,
            "turns": played,
            "bot_log_lines": page.evaluate("window.__bot_moves"),
            "long_tasks_ms": after,
            "max_ms": max(after, default=0),
            "over_limit": sum(1 for d in after if d > LIMIT_MS),
            "start_up_long_tasks_ms": start_up,
            "load": _loadavg(),
        }
    finally:
        ctx.close()


def run(runs: int, turns: int, seed: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "benchmarks"))
    import load_time  # its loader of scripts and its wait for an idle machine

    build = load_time._load("dernier_build", ROOT / "scripts" / "build.py")
    serve = load_time._load("dernier_serve", ROOT / "scripts" / "serve.py")
    tmp = Path(tempfile.mkdtemp(prefix="dernier-longtasks-"))
    rows: list[dict[str, Any]] = []
    try:
        www = tmp / "www"
        build.build(www)
        server, base = serve.start_server(root=www, quiet=True)
        try:
            with sync_playwright() as pw:
                kw: dict[str, Any] = {"args": ARGS}
                if CHROMIUM.exists():
                    kw["executable_path"] = str(CHROMIUM)
                browser = pw.chromium.launch(**kw)
                try:
                    for i in range(runs):
                        load_time.settle()
                        row = one_run(browser, base, seed + i, turns)
                        rows.append(row)
                        print(
                            f"run {i + 1}: seed {row['seed']}, {row['turns']} turns, "
                            f"{row['bot_log_lines']} log lines, "
                            f"long tasks after ready {row['long_tasks_ms']} "
                            f"(start-up {row['start_up_long_tasks_ms']}), load {row['load']}",
                            file=sys.stderr,
                        )
                finally:
                    browser.close()
        finally:
            server.shutdown()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    every = [d for r in rows for d in r["long_tasks_ms"]]
    return {
        "scenario": QUERY,
        "limit_ms": LIMIT_MS,
        "runs": rows,
        "max_long_task_ms": max(every, default=0),
        "median_long_task_ms": statistics.median(every) if every else 0,
        "tasks_over_limit": sum(r["over_limit"] for r in rows),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--turns", type=int, default=12, help="turns the person plays per run")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--json", action="store_true", help="print one JSON object last")
    a = ap.parse_args(argv)
    out = run(a.runs, a.turns, a.seed)
    if a.json:
        print(json.dumps(out))
    else:
        print(
            f"long tasks after ready over {len(out['runs'])} runs: max {out['max_long_task_ms']} ms, "
            f"median {out['median_long_task_ms']} ms, {out['tasks_over_limit']} over {LIMIT_MS} ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
