#!/usr/bin/env python3
"""Long tasks while hard bots play: does the page's main thread stay free (goal: none over 100 ms)?

    python3 benchmarks/long_tasks.py [--runs 3] [--turns 12] [--replay] [--json]

Builds the static site (scripts/build.py) into a temporary folder, serves it on 127.0.0.1 and
opens Dernier's table in headless Chromium with three hard bots and no delay between moves
(``players=4&levels=hard,hard,hard&delay=0``). A ``PerformanceObserver`` installed before the
page's own code records every long task (over 50 ms) from the very start; the person at seat 0
plays ``--turns`` turns by clicking, as the browser tests do, while the bots think in slices
(``web/shell/driver.py``). Reported per run: the long tasks that start once the page is ready
(the bots' play and the person's clicks: what the goal is about), the start-up ones before it
(``benchmarks/load_time.py`` measures start-up), how many log lines the bots wrote, and the
1-minute load average. With ``--replay`` the person plays the hand to its end, opens its replay
from the summary and steps through it move by move (the arrow key, each step drawn before the
next): the long tasks while stepping, and the viewer's own figures (the hand's frames made,
``data-build-ms``; the last step drawn, ``data-draw-ms``). Each run starts on an idle machine
(as ``load_time.py`` waits for one).

Figures, not a timed test: nothing here passes or fails. On a shared 2-core machine the same
tasks take 2–3× longer (a busy core halves the page's share): quote the load average with them.
``tests/test_page_perf.py`` plays the same scenario and checks what does not depend on the
machine's speed (the observer is on, the bots play, the turn comes back);
``tests/test_page_replay.py`` counts the viewer's work per step (one frame drawn, no replay).
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


def step_replay(page: Any) -> dict[str, Any]:
    """From the end-of-hand summary: the hand's replay stepped move by move; the long tasks
    that start meanwhile and the viewer's figures."""
    page.click("#replay-open")
    viewer = page.locator("#replay")
    viewer.wait_for(state="visible")
    steps = int(viewer.get_attribute("data-steps") or "0")
    page.focus("#replay-next")
    t0 = page.evaluate(READY_JS)
    for i in range(1, steps + 1):
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"document.getElementById('replay').dataset.step === '{i}'")
    during = page.evaluate(SPLIT_JS, t0)[1]
    return {
        "replay_steps": steps,
        "replay_long_tasks_ms": during,
        "replay_build_ms": float(viewer.get_attribute("data-build-ms") or "nan"),
        "replay_draw_ms": float(viewer.get_attribute("data-draw-ms") or "nan"),
    }


def one_run(browser: Any, base: str, seed: int, turns: int, replay: bool = False) -> dict[str, Any]:
    """One page: ready, then ``turns`` turns of seat 0 among three hard bots (with ``replay``:
    the whole hand, then its replay stepped through)."""
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
        while played < turns or replay:
            if wait_for_input(page)["over"]:
                break
            take_turn(page)
            played += 1
        wait_for_input(page)
        start_up, after = page.evaluate(SPLIT_JS, ready_at)
        stepped = step_replay(page) if replay else {}
        return {
            **stepped,
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


def run(runs: int, turns: int, seed: int, replay: bool = False) -> dict[str, Any]:
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
                        row = one_run(browser, base, seed + i, turns, replay)
                        rows.append(row)
                        print(
                            f"run {i + 1}: seed {row['seed']}, {row['turns']} turns, "
                            f"{row['bot_log_lines']} log lines, "
                            f"long tasks after ready {row['long_tasks_ms']} "
                            f"(start-up {row['start_up_long_tasks_ms']}), load {row['load']}",
                            file=sys.stderr,
                        )
                        if replay:
                            print(
                                f"  replay: {row['replay_steps']} steps, long tasks while stepping "
                                f"{row['replay_long_tasks_ms']}, frames made in {row['replay_build_ms']} ms, "
                                f"last step drawn in {row['replay_draw_ms']} ms",
                                file=sys.stderr,
                            )
                finally:
                    browser.close()
        finally:
            server.shutdown()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    every = [d for r in rows for d in r["long_tasks_ms"]]
    stepping = [d for r in rows for d in r.get("replay_long_tasks_ms", [])]
    return {
        **({"max_replay_long_task_ms": max(stepping, default=0)} if replay else {}),
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
    ap.add_argument("--replay", action="store_true", help="the whole hand, then its replay stepped through")
    ap.add_argument("--json", action="store_true", help="print one JSON object last")
    a = ap.parse_args(argv)
    out = run(a.runs, a.turns, a.seed, a.replay)
    if a.json:
        print(json.dumps(out))
    else:
        print(
            f"long tasks after ready over {len(out['runs'])} runs: max {out['max_long_task_ms']} ms, "
            f"median {out['median_long_task_ms']} ms, {out['tasks_over_limit']} over {LIMIT_MS} ms"
        )
        if a.replay:
            print(f"longest task while stepping a replay: {out['max_replay_long_task_ms']} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
