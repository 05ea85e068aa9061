#!/usr/bin/env python3
"""Serve the repository root on 127.0.0.1 so the browser can load index.html.

    python scripts/serve.py --setup        # npm ci + copy the runtime to vendor/, then serve
    python scripts/serve.py [--port 8000]  # serve only

Static files only, with the MIME types PyScript/Pyodide need (.mjs/.js as JavaScript,
.wasm as application/wasm) and no caching, so an edited .py file shows on reload.
Standard library only; tests/conftest.py reuses `start_server`.
"""

from __future__ import annotations

import argparse
import sys
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "application/javascript; charset=utf-8",
    ".mjs": "application/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".toml": "application/toml",
    ".py": "text/x-python; charset=utf-8",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/markdown; charset=utf-8",
    ".map": "application/json",
    "": "application/octet-stream",
}


class Handler(SimpleHTTPRequestHandler):
    """SimpleHTTPRequestHandler with fixed MIME types, no caching, no dot-directories."""

    extensions_map = MIME_TYPES
    quiet = False

    def send_head(self) -> Any:
        path = unquote(urlsplit(self.path).path)
        # Never serve .git/, .venv/, .ci/ ... even on loopback.
        if any(part.startswith(".") and part not in {".", ".."} for part in path.split("/")):
            self.send_error(404, "Not found")
            return None
        return super().send_head()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class _QuietHandler(Handler):
    quiet = True


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        # The browser closing a connection mid-transfer (a test ending, a reload) is normal.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(port: int = 0, root: Path = ROOT, quiet: bool = False) -> Server:
    handler = partial(_QuietHandler if quiet else Handler, directory=str(root))
    return Server((HOST, port), handler)


def start_server(port: int = 0, root: Path = ROOT, quiet: bool = True) -> tuple[Server, str]:
    """Start serving `root` in a daemon thread; return (server, base URL ending in '/')."""
    server = make_server(port, root, quiet)
    thread = threading.Thread(target=server.serve_forever, name="dernier-http", daemon=True)
    thread.start()
    return server, f"http://{HOST}:{server.server_address[1]}/"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the Dernier page on 127.0.0.1.")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 = any)")
    parser.add_argument(
        "--setup",
        action="store_true",
        help="first install the browser runtime (npm ci if needed + copy into vendor/)",
    )
    parser.add_argument("--quiet", action="store_true", help="do not log each request")
    args = parser.parse_args(argv)

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import vendor  # scripts/vendor.py

    if args.setup:
        try:
            vendor.vendor()
        except vendor.VendorError as exc:
            print(f"serve: setup failed: {exc}", file=sys.stderr)
            return 1
    else:
        try:
            problems = vendor.check(vendor.locked_versions())
        except vendor.VendorError as exc:
            problems = [str(exc)]
        for problem in problems:
            print(f"serve: warning: {problem}", file=sys.stderr)
        if problems:
            print("serve: the page will not load; rerun with --setup", file=sys.stderr)

    try:
        server = make_server(args.port, quiet=args.quiet)
    except OSError as exc:
        print(f"serve: cannot listen on {HOST}:{args.port}: {exc}", file=sys.stderr)
        return 1
    url = f"http://{HOST}:{server.server_address[1]}/"
    print(f"Serving {ROOT} at {url}  (open {url}index.html; Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nserve: stopped")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
