"""Helpers shared by the browser tests (imported by tests/conftest.py and test modules).

Everything here is plain Python; Playwright is imported only for type checking, so the
engine tests still run where Playwright is not installed.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

if TYPE_CHECKING:
    from playwright.sync_api import (
        BrowserContext,
        ConsoleMessage,
        Error,
        Page,
        Request,
        Response,
        WebError,
    )

ROOT = Path(__file__).resolve().parent.parent


def _returning_player() -> str:
    from web.shell import games

    keys = json.dumps([games.get(g.name).key("help") for g in games.registered()] + ["ten.help.v1"])
    return (
        "try { for (const key of " + keys + ") "
        "if (!localStorage.getItem(key)) localStorage.setItem(key, 'seen'); } catch (e) {}"
    )


#: a returning player's browser: every game's first-time help was seen (the page shows it once
#: per game to a new player; tests marked ``first_visit`` are new players); here, not in
#: conftest.py, so that a test module imported by a folder's own conftest can import it
RETURNING_PLAYER = _returning_player()
SYSTEM_CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
LOCAL_HOST = "127.0.0.1"
# Schemes that never leave the browser.
LOCAL_SCHEMES = {"data", "blob", "about", "chrome-error"}
READY_TIMEOUT_MS = 60_000

# Keeps every RTCPeerConnection the page makes in ``window.__pcs`` (an init script), so a
# test can ask each one its state or the path its data takes (getStats).
PCS_JS = """
(() => {
  const Native = window.RTCPeerConnection;
  window.__pcs = [];
  function Wrapped(...args) { const pc = new Native(...args); window.__pcs.push(pc); return pc; }
  Wrapped.prototype = Native.prototype;
  Object.setPrototypeOf(Wrapped, Native);
  window.RTCPeerConnection = Wrapped;
})();
"""


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


def load_script(name: str) -> ModuleType:
    """Import scripts/<name>.py (the scripts folder is not a package)."""
    module_name = f"dernier_scripts_{name}"
    if module_name in sys.modules:
        return sys.modules[module_name]
    path = ROOT / "scripts" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    return module


def is_local_url(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in LOCAL_SCHEMES:
        return True
    return parts.hostname == LOCAL_HOST


@dataclass
class PageLog:
    """What the browser did during one test (filled by listeners on the context)."""

    requests: list[str] = field(default_factory=list)
    off_host: list[str] = field(default_factory=list)
    bad_responses: list[str] = field(default_factory=list)
    failed_requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)

    def assert_clean_offline(self) -> None:
        """After playing offline: no page error, no bad response, and no failed request but
        the service worker's own update check (``sw.js``)."""
        assert not self.page_errors, self.page_errors
        assert not self.bad_responses, self.bad_responses
        failed = [r for r in self.failed_requests if not r.endswith("sw.js")]
        assert not failed, failed

    def attach(self, context: BrowserContext) -> None:
        context.on("request", self._on_request)
        context.on("response", self._on_response)
        context.on("requestfailed", self._on_request_failed)
        context.on("console", self._on_console)
        context.on("weberror", self._on_web_error)

    def _on_request(self, request: Request) -> None:
        self.requests.append(request.url)
        if not is_local_url(request.url):
            self.off_host.append(request.url)

    def _on_response(self, response: Response) -> None:
        if response.status >= 400:
            self.bad_responses.append(f"{response.status} {response.url}")

    def _on_request_failed(self, request: Request) -> None:
        failure = request.failure or "?"
        # A navigation cancels the previous page's pending requests: not a bug.
        if "ERR_ABORTED" not in failure:
            self.failed_requests.append(f"{failure} {request.url}")

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.console_errors.append(message.text)

    def _on_web_error(self, error: WebError) -> None:
        self.page_errors.append(str(error.error))

    def problems(self) -> list[str]:
        """Everything that should not happen on a healthy page, as readable lines."""
        lines = [f"request off {LOCAL_HOST}: {u}" for u in self.off_host]
        lines += [f"HTTP {r}" for r in self.bad_responses]
        lines += [f"request failed: {r}" for r in self.failed_requests]
        lines += [f"console error: {m}" for m in self.console_errors]
        lines += [f"uncaught error: {e}" for e in self.page_errors]
        return lines


_STATE_JS = """() => {
    const d = document.body ? document.body.dataset : {};
    return d.ready === "true" ? "ready" : (d.error ? "error" : "");
}"""


#: a same-origin page that runs nothing (in the repository root, and copied into the built site
#: by conftest.py): tests go there to write localStorage before opening the page. The site's
#: root is the game's own page, whose start could read (and act on: a finished match's result
#: is marked seen) what the test is writing before the next navigation.
NO_PAGE = "tests/blank.html"


def goto_same_origin_blank(page: Page, server_url: str) -> None:
    """A document of the page's origin that runs nothing (for localStorage set-ups)."""
    page.goto(server_url + NO_PAGE)


def open_with_storage(page: Page, server_url: str, items: dict[str, str], query: str = "") -> None:
    """Put ``items`` into the page origin's localStorage (nothing else kept), then open the page."""
    goto_same_origin_blank(page, server_url)
    page.evaluate(
        """items => {
          localStorage.clear();
          for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
        }""",
        items,
    )
    open_page(page, server_url, query)


def open_page(page: Page, server_url: str, query: str = "") -> None:
    """Load index.html (with an optional query string) and wait until Python is ready.

    Fails fast, with the page's own message, if web/main.py reports a start-up error
    (body[data-error]) or anything throws before the page is ready (e.g. a 404 for a
    file listed in pyscript.toml); otherwise waits up to READY_TIMEOUT_MS.
    """
    url = server_url + "index.html" + (f"?{query.lstrip('?')}" if query else "")
    errors: list[str] = []

    def on_error(error: Error) -> None:
        errors.append(str(error))

    page.on("pageerror", on_error)
    try:
        page.goto(url)
        deadline = time.monotonic() + READY_TIMEOUT_MS / 1000
        while (state := page.evaluate(_STATE_JS)) == "" and not errors:
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"{url} was not ready after {READY_TIMEOUT_MS / 1000:.0f} s; "
                    f"#status says:\n{page.text_content('#status')}"
                )
            page.wait_for_timeout(50)
    finally:
        page.remove_listener("pageerror", on_error)
    if state != "ready":
        detail = "\n".join(errors) if errors else page.text_content("#status")
        raise AssertionError(f"{url} failed to start:\n{detail}")


# ---------------------------------------------------------------------------------------
# The PeerJS signalling server (npm `peer`, a dev dependency in package.json), for the
# room-code tests of web/net/transport.py.

PEER_SERVER_BIN = ROOT / "node_modules" / "peer" / "dist" / "bin" / "peerjs.js"
PEER_SERVER_LIFETIME_S = 600  # killed by `timeout` even if pytest dies without teardown


def free_port() -> int:
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((LOCAL_HOST, 0))
        return int(s.getsockname()[1])


def peer_server_problem() -> str | None:
    """Why the PeerJS server cannot start here (None: it can)."""
    import shutil

    if shutil.which("node") is None:
        return "node is not on PATH (install Node.js >= 20)"
    if not PEER_SERVER_BIN.is_file():
        return f"{PEER_SERVER_BIN.relative_to(ROOT)} is missing (run: python scripts/vendor.py)"
    return None


def start_peer_server(port: int, ready_timeout_s: float = 20.0) -> subprocess.Popen[bytes]:
    """Start `peer` on 127.0.0.1:port (path /, key peerjs) and wait until it answers HTTP."""
    import shutil
    import urllib.request

    cmd = ["node", str(PEER_SERVER_BIN), "--host", LOCAL_HOST, "--port", str(port), "--path", "/"]
    if shutil.which("timeout"):
        cmd = ["timeout", "-s", "KILL", str(PEER_SERVER_LIFETIME_S), *cmd]
    # Output goes to a file (a pipe nobody reads could fill up and stall the server);
    # the server keeps its own descriptor of it.
    with tempfile.TemporaryFile() as log:
        proc = subprocess.Popen(cmd, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + ready_timeout_s
        while True:
            try:
                with urllib.request.urlopen(f"http://{LOCAL_HOST}:{port}/", timeout=1) as response:
                    if b"PeerJS" in response.read():
                        return proc
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                stop_process(proc)
                log.seek(0)
                output = log.read().decode(errors="replace")
                raise RuntimeError(f"the PeerJS server did not start on port {port}:\n{output}")
            time.sleep(0.1)


def stop_process(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)
