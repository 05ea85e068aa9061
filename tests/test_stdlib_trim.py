"""The trimmed standard library of the built site (issue 17): scripts/build.py ships a
python_stdlib.zip with only the modules the page imports (traced in Chromium by
scripts/trace_stdlib.py, plus build.py's KEEP_STDLIB). These tests fail when the page
imports a module that the trimmed zip lacks: statically (every import statement of the
shipped code) and in the browser (every module in sys.modules over every feature)."""

from __future__ import annotations

import ast
import io
import shutil
import zipfile
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from browser_support import load_script

if TYPE_CHECKING:
    from playwright.sync_api import Browser

ROOT = Path(__file__).resolve().parent.parent
FULL_ZIP = ROOT / "vendor" / "pyodide" / "python_stdlib.zip"
FIX = "run python scripts/trace_stdlib.py, or add the module to KEEP_STDLIB in scripts/build.py"


def _need_vendor() -> None:
    if not FULL_ZIP.is_file():
        pytest.skip("vendor/ is missing: run python scripts/vendor.py")


def _zip_modules(data: bytes) -> set[str]:
    build = load_script("build")
    return set(build.zip_modules(zipfile.ZipFile(io.BytesIO(data)).namelist()))


def missing(imported: set[str], full: set[str], trimmed: set[str]) -> list[str]:
    """Modules of the full stdlib (and their parent packages) that were imported but that the
    trimmed zip lacks."""
    wanted = set()
    for name in imported:
        parts = name.split(".")
        wanted |= {".".join(parts[:i]) for i in range(1, len(parts) + 1)}
    return sorted(m for m in wanted if m in full and m not in trimmed)


def _shipped_imports() -> set[str]:
    """Every absolute import in the code the built site ships (dernier/ and web/)."""
    build = load_script("build")
    names: set[str] = set()
    for path in build._code_files():
        if path.suffix != ".py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
                names |= {f"{node.module}.{a.name}" for a in node.names}
    return names


@pytest.fixture(scope="module")
def zips() -> tuple[set[str], set[str], bytes]:
    _need_vendor()
    full = FULL_ZIP.read_bytes()
    trimmed = load_script("build").trimmed_stdlib(full)[0]
    return _zip_modules(full), _zip_modules(trimmed), trimmed


def test_every_import_of_the_shipped_code_is_in_the_trimmed_zip(
    zips: tuple[set[str], set[str], bytes],
) -> None:
    full, trimmed, _ = zips
    lacking = missing(_shipped_imports(), full, trimmed)
    assert not lacking, f"the page imports {lacking}, which the trimmed python_stdlib.zip lacks ({FIX})"


def test_the_check_catches_a_module_the_zip_lacks(zips: tuple[set[str], set[str], bytes]) -> None:
    full, trimmed, _ = zips
    assert missing({"html.entities", "json"}, full, trimmed - {"html.entities"}) == ["html.entities"]
    assert missing({"xml.dom.minidom"}, full, trimmed) == ["xml", "xml.dom", "xml.dom.minidom"]


def test_the_trimmed_zip_is_much_smaller_and_a_valid_zip(zips: tuple[set[str], set[str], bytes]) -> None:
    full, trimmed, data = zips
    assert zipfile.ZipFile(io.BytesIO(data)).testzip() is None
    assert len(data) < FULL_ZIP.stat().st_size * 0.5
    assert trimmed < full
    build = load_script("build")
    # every keep-list entry names a real module or package (no typo hides a missing module)
    for pattern in build.KEEP_STDLIB:
        assert pattern.removesuffix(".*") in full, pattern


def _catches_import_error(handler: ast.ExceptHandler) -> bool:
    kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(k is None or (isinstance(k, ast.Name) and k.id in IMPORT_ERRORS) for k in kinds)


IMPORT_ERRORS = {"ImportError", "ModuleNotFoundError", "Exception", "BaseException"}


def _unguarded_imports(source: str, names: set[str]) -> list[str]:
    """Imports of ``names`` in ``source`` that are not inside a ``try`` catching ImportError."""
    tree = ast.parse(source)
    guarded: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Try) and any(_catches_import_error(h) for h in node.handlers):
            guarded |= {id(sub) for stmt in node.body for sub in ast.walk(stmt)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            got = {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            got = {node.module} | {f"{node.module}.{a.name}" for a in node.names}
        else:
            continue
        if got & names and id(node) not in guarded:
            found.append(f"line {node.lineno}: {sorted(got & names)}")
    return found


def test_dropped_modules_are_imported_only_where_their_absence_is_expected(
    zips: tuple[set[str], set[str], bytes],
) -> None:
    """DROP_STDLIB (bz2, lzma, zstd) leaves out modules that Pyodide's start-up imports only
    to learn whether they exist: every import of them in the trimmed zip is guarded by a
    ``try`` that catches ImportError, and the game's own code imports none of them."""
    full, trimmed, data = zips
    build = load_script("build")
    dropped = {
        m
        for m in full
        for p in build.DROP_STDLIB
        if m == p.removesuffix(".*") or (p.endswith(".*") and m.startswith(p[:-2] + "."))
    }
    assert {"bz2", "lzma", "compression.zstd"} <= dropped
    assert not dropped & trimmed
    assert not dropped & _shipped_imports()
    z = zipfile.ZipFile(io.BytesIO(data))
    checked = 0
    for name in z.namelist():
        source = z.read(name).decode("utf-8")
        if not any(d.split(".")[0] in source for d in dropped):
            continue
        try:
            bad = _unguarded_imports(source, dropped)
        except SyntaxError:  # newer syntax than this Python reads: only a plain mention may pass
            assert not any(f"import {d}" in source for d in dropped), name
            continue
        checked += 1
        assert not bad, f"{name} imports a dropped module outside try/except ImportError: {bad}"
    assert checked >= 2  # shutil and zipfile at least
    # the check itself can fail
    assert _unguarded_imports("import bz2\n", {"bz2"}) == ["line 1: ['bz2']"]
    assert _unguarded_imports("try:\n    import bz2\nexcept ImportError:\n    pass\n", {"bz2"}) == []


def test_unused_modules_are_left_out_and_the_page_imports_none_of_them(
    zips: tuple[set[str], set[str], bytes],
) -> None:
    """UNUSED_STDLIB (Windows-only asyncio, ``python -m`` scripts): none in the zip, none
    imported by the shipped code (the browser trace below checks the page's run)."""
    full, trimmed, _ = zips
    unused = set(load_script("build").UNUSED_STDLIB)
    assert unused <= full and not unused & trimmed
    assert not unused & _shipped_imports()
    assert {"asyncio", "asyncio.unix_events", "json"} <= trimmed


def test_the_lock_file_keeps_its_info_and_no_package() -> None:
    _need_vendor()
    import json

    build = load_script("build")
    full = (ROOT / "vendor" / "pyodide" / "pyodide-lock.json").read_bytes()
    small = json.loads(build.trimmed_lock(full))
    assert small == {"info": json.loads(full)["info"], "packages": {}}


@pytest.mark.browser
def test_the_page_imports_nothing_the_trimmed_zip_lacks(
    browser: Browser, tmp_path: Path, zips: tuple[set[str], set[str], bytes]
) -> None:
    """Every feature of the page, traced on the built site with the trimmed zip: nothing
    fails to import (a missing module is a page error) and every stdlib module the page
    has loaded is in the zip."""
    full, trimmed, _ = zips
    build, serve, tracer = load_script("build"), load_script("serve"), load_script("trace_stdlib")
    site = tmp_path / "dernier"
    build.build(site, "zip")
    tracer.add_tracer(site)
    server, url = serve.start_server(port=0, root=tmp_path, quiet=True)
    try:
        seen = tracer.walk(browser, url + "dernier/", log=lambda _: None)
    finally:
        server.shutdown()
        server.server_close()
        shutil.rmtree(site, ignore_errors=True)
    lacking = missing(seen, full, trimmed)
    assert not lacking, f"the page imported {lacking}, which the trimmed zip lacks ({FIX})"
    assert "web.shell.ui" in seen and "dernier.match" in seen
