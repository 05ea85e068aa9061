"""Shared pytest fixtures.

Browser tests (``@pytest.mark.browser``) get:

* ``server_url``: the built site (scripts/build.py) served over HTTP on 127.0.0.1, built
  once per worker (``DERNIER_TEST_PAGE=dev``: the repository root); ``dev_server_url``: the
  repository root (the page ``scripts/serve.py`` serves);
* Debian's /usr/bin/chromium when present, else Playwright's own Chromium;
* ``peer_server``: a PeerJS signalling server (npm ``peer``) on 127.0.0.1 on a free port,
  for one test (killed at teardown, and by ``timeout`` after 10 minutes whatever happens);
* a network guard: every test that uses ``page`` fails if the browser requests anything
  off 127.0.0.1, answers 4xx/5xx, fails a request, logs a console error or throws
  (``page_log`` gives the details; mark a test ``allow_page_errors`` to check such
  things itself — requests off 127.0.0.1 always fail the test).

Without vendor/ (python scripts/vendor.py) browser tests are skipped on a developer's
machine and fail in CI (CI=true).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import durations
import pytest
from browser_support import (
    CHROMIUM_ARGS,
    RETURNING_PLAYER,
    ROOT,
    SYSTEM_CHROMIUM,
    PageLog,
    free_port,
    in_ci,
    is_local_url,
    load_script,
    peer_server_problem,
    start_peer_server,
    stop_process,
)

from web.shell import games
from web.shell.i18n import STRINGS

# the shell's words with Dernier's over them, as on a Dernier page (the default game): the
# tests of Dernier's table words run without a page; other games' tests add their own
STRINGS.update(games.get("dernier").strings())

if TYPE_CHECKING:
    from playwright.sync_api import Page, Route


_chromium_problem: list[str | None] = []  # cached result of _find_chromium_problem()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "allow_page_errors: the browser test checks 404s/console errors itself "
        "(requests off 127.0.0.1 still fail it)",
    )
    config.addinivalue_line(
        "markers",
        "first_visit: the `page` fixture's browser is a new player's (no game's first-time help "
        "seen yet); without it the page is a returning player's, who has seen every game's help",
    )
    config.addinivalue_line(
        "markers",
        "lab: the network lab of tests/netlab.py (network namespaces, NAT routers, coturn, a PeerJS "
        "server, dnsmasq): needs root; skipped without it, failed in CI",
    )
    config.addinivalue_line(
        "markers",
        "chromium_loopback: launches its own Chromium with --allow-loopback-in-peer-connection "
        "and grants camera/microphone, so WebRTC gathers 127.0.0.1 candidates (needed on a "
        "machine whose only interface is loopback)",
    )


def _vendor_problems() -> list[str]:
    vendor = load_script("vendor")
    try:
        problems: list[str] = vendor.check(vendor.locked_versions())
    except vendor.VendorError as exc:
        problems = [str(exc)]
    return problems


def _find_chromium_problem() -> str | None:
    if SYSTEM_CHROMIUM.exists():
        return None
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return "playwright is not installed (pip install -e '.[test]')"
    with sync_playwright() as pw:
        bundled = pw.chromium.executable_path
    if bundled and os.path.exists(bundled):
        return None
    return (
        f"no Chromium: neither {SYSTEM_CHROMIUM} (apt-get install chromium) nor "
        "Playwright's own (python -m playwright install chromium)"
    )


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """Skip (or, in CI, fail) browser tests whose runtime is not in place."""
    if item.get_closest_marker("browser") is None:
        return
    problems = _vendor_problems()
    if not _chromium_problem:
        _chromium_problem.append(_find_chromium_problem())
    if _chromium_problem[0]:
        problems.append(_chromium_problem[0])
    if not problems:
        return
    reason = "browser runtime missing: " + "; ".join(problems)
    if in_ci():
        pytest.fail(reason + " (CI=true, so this is a failure, not a skip)", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch Debian's Chromium when it is there (Playwright cannot download one here)."""
    args = dict(browser_type_launch_args)
    if SYSTEM_CHROMIUM.exists():
        args["executable_path"] = str(SYSTEM_CHROMIUM)
    args["args"] = [*args.get("args", []), *CHROMIUM_ARGS]
    return args


def _serve(root: Path) -> Iterator[str]:
    serve = load_script("serve")
    server, url = serve.start_server(port=0, root=root, quiet=True)
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


def _built_site(out: Path) -> Path:
    """The site scripts/build.py makes (what players get from GitHub Pages), built for the
    tests: its CSP also lets the page reach the tests' own PeerJS servers on 127.0.0.1."""
    build = load_script("build")
    build.build(out, "zip")
    (out / "tests").mkdir()
    shutil.copy(ROOT / "tests" / "blank.html", out / "tests" / "blank.html")  # browser_support.NO_PAGE
    index = out / "index.html"
    html = index.read_text(encoding="utf-8")
    if build.CONNECT_SRC not in html:
        raise pytest.UsageError(f"the built index.html has no {build.CONNECT_SRC!r}")
    index.write_text(
        html.replace(build.CONNECT_SRC, f"{build.CONNECT_SRC} ws://127.0.0.1:* http://127.0.0.1:*", 1),
        encoding="utf-8",
    )
    return out


@pytest.fixture(scope="session")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Base URL (ending in '/') of the page the browser tests open, served on 127.0.0.1.

    The built site (scripts/build.py: one app.zip compiled to bytecode, the trimmed standard
    library), built once per test worker: it starts about twice as fast as the repository
    root, whose page fetches and compiles every module on each load. ``DERNIER_TEST_PAGE=dev``
    serves the repository root instead (the page of ``scripts/serve.py``), for every test;
    ``dev_server_url`` always does."""
    if os.environ.get("DERNIER_TEST_PAGE", "").strip().lower() == "dev":
        yield from _serve(ROOT)
        return
    if _vendor_problems():
        yield from _serve(ROOT)  # the browser tests are skipped (failed in CI) anyway
        return
    yield from _serve(_built_site(tmp_path_factory.mktemp("site") / "site"))


@pytest.fixture(scope="session")
def dev_server_url() -> Iterator[str]:
    """Base URL (ending in '/') of the repository root (the page of ``scripts/serve.py``:
    index.html, pyscript.toml and every module fetched on its own), served on 127.0.0.1."""
    yield from _serve(ROOT)


@pytest.fixture
def peer_server() -> Iterator[dict[str, Any]]:
    """A PeerJS server for one test: ``{"host", "port", "path", "secure", "key"}``, the
    fields of ``web.net.transport.RoomServer``. Skipped (failed in CI) without node or the
    ``peer`` package (python scripts/vendor.py installs it)."""
    problem = peer_server_problem()
    if problem:
        if in_ci():
            pytest.fail(f"PeerJS server unavailable: {problem} (CI=true)", pytrace=False)
        pytest.skip(f"PeerJS server unavailable: {problem}")
    port = free_port()
    proc = start_peer_server(port)
    try:
        yield {"host": "127.0.0.1", "port": port, "path": "/", "secure": False, "key": "peerjs"}
    finally:
        stop_process(proc)


@pytest.fixture
def page_log(request: pytest.FixtureRequest) -> PageLog:
    """The log that the network guard keeps for this test's browser context."""
    log = getattr(request.node, "_page_log", None)
    if log is None:
        raise pytest.UsageError("page_log needs the `page` fixture in the same test")
    assert isinstance(log, PageLog)
    return log


@pytest.fixture(autouse=True)
def _network_guard(request: pytest.FixtureRequest) -> Iterator[None]:
    """For tests using `page`: block and fail requests off 127.0.0.1, report page errors."""
    if "page" not in request.fixturenames:
        yield
        return
    page: Page = request.getfixturevalue("page")
    log = PageLog()
    log.attach(page.context)

    def block(route: Route) -> None:
        route.abort("blockedbyclient")

    # Off-host requests are aborted at once (no waiting on a closed network) and recorded.
    page.context.route(lambda url: not is_local_url(url), block)
    request.node._page_log = log
    if request.node.get_closest_marker("first_visit") is None:
        page.context.add_init_script(RETURNING_PLAYER)
    yield
    if log.off_host:
        pytest.fail(
            "the page requested hosts other than 127.0.0.1:\n  " + "\n  ".join(log.off_host),
            pytrace=False,
        )
    if request.node.get_closest_marker("allow_page_errors") is None and log.problems():
        pytest.fail("browser problems:\n  " + "\n  ".join(log.problems()), pytrace=False)


def _is_browser(item: pytest.Item) -> bool:
    return item.get_closest_marker("browser") is not None or "[chromium" in item.nodeid


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The files whose longest test is longest first, the quick ones last (tests/durations.py:
    measured figures in tests/durations.json; a file not measured yet counts as slow when it has
    browser tests). Each file's tests stay together and in their order (module fixtures and the
    page loads a file shares are set up once), so with pytest-xdist's worksteal the tests left to
    share out at the end of a run are short and no worker waits long on another's last test."""
    figures = durations.load()
    browser_files = {item.nodeid.split("::", 1)[0] for item in items if _is_browser(item)}
    first_seen: dict[str, int] = {}
    for item in items:
        first_seen.setdefault(item.nodeid.split("::", 1)[0], len(first_seen))

    def key(item: pytest.Item) -> tuple[float, int]:
        path = item.nodeid.split("::", 1)[0]
        return (-durations.estimate(path, path in browser_files, figures), first_seen[path])

    items.sort(key=key)
