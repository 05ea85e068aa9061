#!/usr/bin/env python3
"""Build the static site: a self-contained folder that any static file server can serve,
under any sub-path (GitHub Pages serves ``/<repo>/``).

    python scripts/build.py [--out dist] [--code zip|files]

It writes only what the page needs:

* ``index.html`` with a Content-Security-Policy meta tag, the web app manifest and the
  service-worker registration added;
* ``pyscript.toml`` pointing at the local runtime, listing the game's code, and turning off
  the PyScript plugins the page never uses (and ``index.html`` an ``<mpy-config>`` doing the
  same for MicroPython's side of PyScript's core);
* the games' code: ``web/`` and every registered game's rules package (``web/games.py``;
  without the command-line modules) — as zips (``--code zip``, the default) or as loose
  files (``--code files``). ``app.zip`` holds the shell, what the rules packages share
  (``tabletop/``), the default game (Dernier) and every game's spec (so the start screen
  lists them all); each other game's rules package and table folder are ``games/<name>.zip``,
  fetched by ``web/main.py`` only when a visit plays that game (the service worker keeps
  every game's after a first visit, so that each game's link plays offline);
* the pinned runtime from ``vendor/`` (run ``python scripts/vendor.py`` first): the five
  Pyodide files it loads and the PyScript chunks that are actually imported, and the PeerJS
  client (``vendor/peerjs/peerjs.min.js``, loaded by the page only for a room code; a room
  server on another origin also needs ``--connect-src`` for the CSP);
* ``manifest.webmanifest``, icons, ``sw.js`` (versioned cache) and ``sw-register.js``.

Standard library only.
"""

from __future__ import annotations

import argparse
import ast
import gzip
import hashlib
import importlib.util
import io
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zipfile
import zlib
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENDOR = ROOT / "vendor"

# Modules of the rules packages the page never imports (terminal, benchmarks, tournaments).
SKIP_MODULES = {"__main__.py", "cli.py", "bench.py", "arena.py"}
# What every game's rules package imports (standard library only): in app.zip with the shell.
SHARED_PACKAGES = ("tabletop",)
PYODIDE_FILES = [
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
]
PEERJS_FILES = ["peerjs.min.js"]

# The trimmed standard library (issue 17): python_stdlib.zip holds only the modules listed
# in scripts/stdlib_modules.txt (traced in Chromium over every feature of the page by
# scripts/trace_stdlib.py) and these, which the page may import but the trace cannot reach
# (``pkg.*``: the whole package). tests/test_stdlib_trim.py checks the page against the zip.
STDLIB_TRACED = ROOT / "scripts" / "stdlib_modules.txt"
KEEP_STDLIB = (
    # Pyodide's and PyScript's own Python side (the FFI, the event loop, fetch, the console)
    "_pyodide.*",
    "pyodide.*",
    # web/main.py shows any start-up error with its traceback: formatting one reads the
    # source lines (linecache opens files with tokenize's encoding detection)
    "traceback",
    "linecache",
    "tokenize",
    "token",
    # codecs that str.encode/bytes.decode and open() look up by name at run time
    "encodings.aliases",
    "encodings.ascii",
    "encodings.latin_1",
    "encodings.utf_8",
    "encodings.utf_8_sig",
    "encodings.utf_16",
    "encodings.utf_32",
    # imported by C code on demand: time.strptime / datetime.strptime
    "_strptime",
    # the game's own imports, reached only on some paths (room codes, reconnection):
    # tests/test_stdlib_trim.py also checks every import statement of the shipped code
    "base64",
    "hmac",
    "ipaddress",
    "uuid",
    "urllib.parse",
    "json.*",
    "asyncio.*",
    "warnings",
    "weakref",
)
# Left out although the trace sees them: compression codecs that Pyodide's start-up imports
# only to learn whether they exist (shutil and zipfile: `try: import bz2 except ImportError`).
# The page never reads or writes a bz2, lzma or zstd archive, and importing them is about
# 0.1 s of a start with the CPU slowed 4×. tests/test_stdlib_trim.py checks that every module
# the page loads is in the zip, and that these are imported nowhere but optionally.
DROP_STDLIB = ("bz2", "lzma", "compression.*")
# Left out although KEEP_STDLIB's packages name them (issue 40: bytes of a first visit):
# modules imported only on another platform or run only as a script.
# tests/test_stdlib_trim.py checks that the page imports none of them. (`html.entities`, 38 KB,
# stays: PyScript's own `pyscript.display` imports `html` at start.)
UNUSED_STDLIB = (
    "asyncio.windows_events",  # asyncio/__init__.py: only `if sys.platform == "win32"`
    "asyncio.windows_utils",
    "asyncio.proactor_events",  # imported by windows_events alone
    "asyncio.__main__",  # python -m asyncio
    "asyncio.tools",  # python -m asyncio ps/pstree
    "json.__main__",  # python -m json
    "json.tool",
    "pyodide._nodesock_transport",  # the event loop's sockets under node only
)
# What Pyodide reads of pyodide-lock.json when no package is ever loaded: the `info` block
# (checked against the runtime's version). The page never loads a package (no micropip, no
# `packages = [...]`), so the built site ships the lock file with an empty package list.
LOCK_KEEP = ("info",)
WEB_SUFFIXES = {".py", ".css", ".js", ".svg", ".png", ".json", ".html", ".txt"}

# the public PeerJS server: the one-click signalling service for friends in other homes
# (web.roomlink.CLOUD_SERVER; a WebSocket only, opened when the host chooses it)
CONNECT_SRC = "connect-src 'self' wss://0.peerjs.com"
CSP = "; ".join(
    [
        "default-src 'self'",
        # Pyodide compiles WebAssembly ('wasm-unsafe-eval'); PyScript 0.7.31's core builds
        # its hook chain with Function() at start-up, which needs 'unsafe-eval' (checked:
        # without it the page stops with an EvalError). No inline scripts are allowed.
        "script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'",
        # Styles come from files only; the page changes styles through the CSSOM.
        "style-src 'self'",
        "img-src 'self' data: blob:",
        "font-src 'self'",
        CONNECT_SRC,
        "worker-src 'self' blob:",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
    ]
)


class BuildError(RuntimeError):
    pass


def registered_games() -> list[tuple[str, str]]:
    """(name, rules package) of every game registered in ``web/games.py``, the default first."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from web.shell import games

    return [(g.name, g.package or g.name) for g in games.registered()]


def game_styles() -> dict[str, str]:
    """Each registered game's own stylesheet (``GameSpec.style``), by game: its URL in the site."""
    from web.shell import games

    registered_games()  # the repository on sys.path
    return {g.name: f"./{g.style}" for g in games.registered() if g.style}


def _code_files() -> list[Path]:
    files: list[Path] = []
    for package in [*SHARED_PACKAGES, *(package for _, package in registered_games())]:
        files += [p for p in sorted((ROOT / package).rglob("*.py")) if p.name not in SKIP_MODULES]
    files += [p for p in sorted((ROOT / "web").rglob("*")) if p.is_file() and p.suffix in WEB_SUFFIXES]
    return [p for p in files if "__pycache__" not in p.parts]


def game_bundles(files: list[Path]) -> tuple[list[Path], dict[str, list[Path]]]:
    """The code files of ``app.zip`` (the shell, ``tabletop/``, what every game uses, every
    game's spec ``web/<name>/game.py``: the start screen lists them all) and those of each
    registered game's ``games/<name>.zip``: its rules package and its table folder
    ``web/<name>/``, placed by folder (a module moved into a game's folder goes with it, no
    list to keep), fetched only when a visit plays that game (:func:`game_needs`)."""
    games = registered_games()
    own: dict[str, list[Path]] = {name: [] for name, _ in games}
    app: list[Path] = []
    for p in files:
        rel = p.relative_to(ROOT)
        game = next(
            (
                name
                for name, package in games
                if rel.parts[0] == package or (rel.parts[:2] == ("web", name) and rel.name != "game.py")
            ),
            None,
        )
        (own[game] if game else app).append(p)
    return app, own


def _module_name(rel: Path) -> str:
    parts = rel.with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imported_modules(path: Path) -> set[str]:
    """The absolute names a module imports, at its top or in a function (a name it may need
    at run time; not what it imports under ``if TYPE_CHECKING:``): ``from a.b import c``
    gives ``a.b`` and ``a.b.c`` (``c`` may be a module); relative imports are resolved."""
    rel = path.relative_to(ROOT)
    package = list(rel.with_suffix("").parts[:-1])
    names: set[str] = set()

    def walk(nodes: Iterable[ast.AST]) -> None:
        for node in nodes:
            if isinstance(node, ast.If) and _type_checking(node.test):
                walk(node.orelse)
                continue
            if isinstance(node, ast.Import):
                names.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = package[: len(package) - node.level + 1] if node.level else []
                module = ".".join([*base, *([node.module] if node.module else [])])
                if module:
                    names.add(module)
                names.update(f"{module}.{a.name}" if module else a.name for a in node.names)
            walk(ast.iter_child_nodes(node))

    walk(ast.parse(path.read_text(encoding="utf-8")).body)
    return names


def game_needs(app: list[Path], bundles: dict[str, list[Path]]) -> dict[str, list[str]]:
    """For each game, the game zips a visit that plays it loads: its own, and any other
    whose modules the code it runs imports (``app.zip``'s, its own zip's, theirs), in the
    order of registration. The shell and the specs import no game's code, so each game
    needs its own zip only (tests/test_dist_games.py); an import of a game's module from
    the shell makes every game need that game's zip (correct, but no longer one game per
    visit), never a start that fails."""
    owner: dict[str, str] = {}
    for name, own in bundles.items():
        for p in own:
            if p.suffix == ".py":
                rel = p.relative_to(ROOT)
                owner[_module_name(rel)] = name
                for i in range(1, len(rel.parts)):  # its folders: packages of that zip too
                    owner.setdefault(".".join(rel.parts[:i]), name)
    in_app: set[str] = set()
    for p in app:
        if p.suffix == ".py":
            rel = p.relative_to(ROOT)
            in_app.add(_module_name(rel))
            in_app.update(".".join(rel.parts[:i]) for i in range(1, len(rel.parts)))

    def needed(files: list[Path]) -> set[str]:
        found = set()
        for p in files:
            if p.suffix == ".py":
                found |= {owner[m] for m in imported_modules(p) if m not in in_app and m in owner}
        return found

    shell = needed(app)
    direct = {name: needed(own) for name, own in bundles.items()}
    order = list(bundles)
    out: dict[str, list[str]] = {}
    for name in bundles:
        want, todo = set(), [name, *shell]
        while todo:
            game = todo.pop()
            if game not in want:
                want.add(game)
                todo += direct[game]
        out[name] = sorted(want, key=order.index)
    return out


def _pyscript_chunks() -> list[str]:
    """core.js, core.css and the chunks they import; the code editor's and the terminal's
    libraries (codemirror, xterm) are imported only when a page uses them, so they stay out."""
    src = VENDOR / "pyscript"
    if not (src / "core.js").is_file():
        raise BuildError("vendor/ is missing: run python scripts/vendor.py first")
    needed = {"core.js", "core.css"}
    todo = ["core.js"]
    while todo:
        text = (src / todo.pop()).read_text(encoding="utf-8")
        for ref in re.findall(r"""["']\./([\w.-]+\.(?:js|css))["']""", text):
            stem = ref.rsplit("-", 1)[0]
            if stem.startswith(("codemirror", "xterm")) or ref in needed:
                continue
            if not (src / ref).is_file():
                continue
            needed.add(ref)
            if ref.endswith(".js"):
                todo.append(ref)
    return sorted(needed)


def _pyscript_toml(code: str, files: list[Path]) -> str:
    lines = [
        "# Built by scripts/build.py.",
        'name = "Dernier"',
        'interpreter = "./vendor/pyodide/pyodide.mjs"',
        PLUGINS_TOML,
        "",
        "[files]",
    ]
    if code == "zip":
        # written to the home folder as it is, not unpacked: web/main.py puts it on sys.path
        # and zipimport reads the modules from it (no unpacking at start)
        lines.append('"./app.zip" = "./app.zip"')
    else:
        for p in files:
            if p.suffix == ".py":
                rel = p.relative_to(ROOT).as_posix()
                lines.append(f'"./{rel}" = "./{rel}"')
    return "\n".join(lines) + "\n"


def _zip(files: list[Path]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for p in files:
            if p.suffix != ".py":
                continue
            info = zipfile.ZipInfo(p.relative_to(ROOT).as_posix(), date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, p.read_bytes())
    return buf.getvalue()


def sourceless(data: bytes) -> bytes:
    """The compiled zip ``data`` without the sources that have their bytecode beside them
    (issue 40: ~0.29 MB of a Scala 40 visit's 6.2 MB). zipimport imports a module from its
    ``.pyc`` alone; the sources were read only to print a traceback's lines, and a traceback
    without them still names each file, line and function (the lines are in the repository
    at the build's commit)."""
    src = zipfile.ZipFile(io.BytesIO(data))
    names = src.namelist()
    compiled = {n[:-1] for n in names if n.endswith(".pyc")}
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for name in names:
            if name in compiled:
                continue
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, src.read(name))
    return buf.getvalue()


def zip_modules(names: list[str]) -> dict[str, str]:
    """Module name -> file, for the .py files in a stdlib zip (packages by __init__.py)."""
    found: dict[str, str] = {}
    for name in names:
        if name.endswith((".py", ".pyc")) and "__pycache__" not in name:
            mod = name.removesuffix("c")[:-3].replace("/", ".")
            found[mod.removesuffix(".__init__")] = name
    return found


def stdlib_keep() -> set[str]:
    """The traced modules and KEEP_STDLIB (patterns kept as written)."""
    if not STDLIB_TRACED.is_file():
        raise BuildError(f"{STDLIB_TRACED.name} is missing: run python scripts/trace_stdlib.py")
    traced = {
        line.strip()
        for line in STDLIB_TRACED.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    }
    return traced | set(KEEP_STDLIB)


def trimmed_stdlib(full: bytes, keep: set[str] | None = None) -> tuple[bytes, list[str]]:
    """A python_stdlib.zip with only the kept modules and their parent packages; the
    kept module names come back too."""
    keep = stdlib_keep() if keep is None else keep
    src = zipfile.ZipFile(io.BytesIO(full))
    mods = zip_modules(src.namelist())
    wanted: set[str] = set()
    for pattern in keep:
        if pattern.endswith(".*"):
            pkg = pattern[:-2]
            wanted |= {m for m in mods if m == pkg or m.startswith(pkg + ".")}
        elif pattern in mods:
            wanted.add(pattern)
    for pattern in DROP_STDLIB:
        pkg = pattern.removesuffix(".*")
        wanted = {m for m in wanted if not (m == pkg or (pattern.endswith(".*") and m.startswith(pkg + ".")))}
    wanted -= set(UNUSED_STDLIB)
    for m in list(wanted):
        parts = m.split(".")
        wanted |= {".".join(parts[:i]) for i in range(1, len(parts)) if ".".join(parts[:i]) in mods}
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for m in sorted(wanted, key=lambda m: mods[m]):
            info = zipfile.ZipInfo(mods[m], date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, src.read(mods[m]))
    return buf.getvalue(), sorted(wanted)


def trimmed_lock(full: bytes) -> bytes:
    lock = json.loads(full)
    small = {k: lock[k] for k in LOCK_KEEP if k in lock}
    small["packages"] = {}
    return (json.dumps(small, indent=1) + "\n").encode()


def pyc_problem() -> str | None:
    """Why the build cannot compile bytecode here (None: it can): it runs the pinned Pyodide
    with node (scripts/compile_pyc.mjs), from node_modules/ (python scripts/vendor.py)."""
    if shutil.which("node") is None:
        return "node is not on PATH"
    pkg = ROOT / "node_modules" / "pyodide" / "package.json"
    stamp = VENDOR / "VERSIONS.json"
    if not pkg.is_file() or not stamp.is_file():
        return "node_modules/pyodide or vendor/ is missing (run python scripts/vendor.py)"
    version = json.loads(pkg.read_text(encoding="utf-8")).get("version")
    if version not in stamp.read_text(encoding="utf-8"):
        return f"node_modules/pyodide {version} is not the vendored Pyodide (run python scripts/vendor.py)"
    return None


def _pyc_cache_dir() -> Path:
    """Where compiled zips are kept between builds: $DERNIER_PYC_CACHE, else
    ~/.cache/dernier-build/pyc (a build with the same input reuses its output)."""
    env = os.environ.get("DERNIER_PYC_CACHE")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "dernier-build" / "pyc"


def compile_pyc(mode: str, data: bytes) -> bytes:
    """The zip `data` with its Python compiled by the pinned Pyodide (see compile_pyc.mjs).

    The compiler is deterministic, so its output is kept on disk under a hash of everything
    it depends on (the mode, the zip, compile_pyc.mjs and the Pyodide version): a build of
    unchanged code (the tests build the site many times) skips node altogether."""
    key = hashlib.sha256()
    for part in (
        mode.encode(),
        (ROOT / "scripts" / "compile_pyc.mjs").read_bytes(),
        (ROOT / "node_modules" / "pyodide" / "package.json").read_bytes(),
        data,
    ):
        key.update(hashlib.sha256(part).digest())
    cached = _pyc_cache_dir() / f"{key.hexdigest()}.zip"
    try:
        return cached.read_bytes()
    except OSError:
        pass
    out = _compile_pyc_now(mode, data)
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        part = cached.with_name(f"{cached.name}.{os.getpid()}.part")
        part.write_bytes(out)
        os.replace(part, cached)  # atomic: a parallel build never reads half a file
    except OSError:
        pass  # a read-only home: no cache, same result
    return out


def _compile_pyc_now(mode: str, data: bytes) -> bytes:
    with tempfile.TemporaryDirectory(prefix="dernier-pyc-") as tmp:
        src, dst = Path(tmp) / "in.zip", Path(tmp) / "out.zip"
        src.write_bytes(data)
        run = subprocess.run(
            ["node", str(ROOT / "scripts" / "compile_pyc.mjs"), mode, str(src), str(dst)],
            capture_output=True,
            text=True,
            timeout=300,
        )
        if run.returncode != 0 or not dst.is_file():
            raise BuildError(f"compiling bytecode failed: {run.stderr.strip()[-2000:]}")
        return dst.read_bytes()


def _png(size: int) -> bytes:
    """The app icon: a green felt square with a white card and a red heart, drawn pixel by pixel."""
    felt, white, red, edge = (11, 93, 59), (250, 248, 240), (200, 30, 45), (20, 60, 40)
    cw, ch = size * 0.46, size * 0.64
    x0, y0 = (size - cw) / 2, (size - ch) / 2
    r = size * 0.06
    rows = []
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            px = felt
            inside = x0 <= x <= x0 + cw and y0 <= y <= y0 + ch
            if inside:
                dx = max(x0 + r - x, 0, x - (x0 + cw - r))
                dy = max(y0 + r - y, 0, y - (y0 + ch - r))
                inside = dx * dx + dy * dy <= r * r
            if inside:
                px = white
                # a heart: two circles and a triangle, centred on the card
                u = (x - size / 2) / (cw * 0.32)
                v = (y - size / 2) / (cw * 0.32)
                lobes = min((u + 0.5) ** 2, (u - 0.5) ** 2) + (v + 0.25) ** 2 <= 0.3
                tip = -0.05 <= v <= 1.0 and abs(u) <= 1.02 * (1.0 - v)
                if lobes or tip:
                    px = red
            elif (
                x0 - 2 <= x <= x0 + cw + 2
                and y0 - 2 <= y <= y0 + ch + 2
                and not (x0 <= x <= x0 + cw and y0 <= y <= y0 + ch)
            ):
                px = edge
            row += bytes(px)
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 9)

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    ihdr = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


ICON_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
    '<rect width="100" height="100" rx="18" fill="#0b5d3b"/>'
    '<rect x="27" y="18" width="46" height="64" rx="6" fill="#faf8f0" stroke="#143c28" stroke-width="2"/>'
    '<path d="M50 66 C30 52 32 36 42 36 C46 36 49 39 50 42 C51 39 54 36 58 36 C68 36 70 52 50 66Z" '
    'fill="#c81e2d"/></svg>'
)

MANIFEST = {
    "name": "Dernier",
    "short_name": "Dernier",
    "description": "Dernier, the Italian shedding card game, against bots — works offline.",
    "start_url": "./index.html",
    "scope": "./",
    "display": "standalone",
    "orientation": "any",
    "background_color": "#0b5d3b",
    "theme_color": "#0b5d3b",
    "lang": "it",
    "icons": [
        {"src": "icons/icon-192.png", "sizes": "192x192", "type": "image/png"},
        {"src": "icons/icon-512.png", "sizes": "512x512", "type": "image/png"},
        {"src": "icons/icon.svg", "sizes": "any", "type": "image/svg+xml"},
    ],
}

SW_REGISTER = """\
// Keeps Dernier playable offline (see sw.js) while downloading every file only once.
// On a visit the service worker does not control yet (the first one, or a new build):
// 1. every same-origin file the page fetches (pyodide.asm.wasm, python_stdlib.zip, app.zip,
//    pyscript.toml, ...) is stored in this build's cache as it passes;
// 2. once the game is ready (body[data-ready]), the files the page loaded otherwise
//    (the page itself, scripts, styles) are copied into that cache from the HTTP cache
//    (cache: "force-cache": the copy this page has just used, no request);
// 3. then, at an idle moment, the service worker registers: its precache finds those files in
//    its cache and downloads only what the page did not load (or what an older build's cache
//    lacks), and every game's code, so that each game's link plays offline.
(() => {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  const meta = document.querySelector('meta[name="dernier-build"]');
  const cacheName = meta && "caches" in self ? "dernier-" + meta.content : null;
  const scope = new URL("./", location.href).href;
  const pending = [];
  const keep = (url) => url.startsWith(scope) && !url.includes("?") && !url.includes("#")
    && !url.includes("/vendor/peerjs/");  // only for room codes: never precached
  const store = (url, resp) => {
    if (!resp.ok || resp.type !== "basic") return;
    pending.push(caches.open(cacheName).then((c) => c.put(url, resp)).catch(() => {}));
  };
  if (cacheName && !navigator.serviceWorker.controller) {
    const pass = window.fetch;
    window.fetch = function (input, init) {
      const got = pass.apply(this, arguments);
      try {
        const req = new Request(input, init);
        if (req.method === "GET" && keep(req.url)) {
          got.then((resp) => store(req.url, resp.clone()), () => {});
        }
      } catch (err) { /* not a request we can keep: nothing to do */ }
      return got;
    };
  }
  const copyLoaded = async () => {
    await Promise.all(pending);
    const cache = await caches.open(cacheName);
    const page = location.href.split(/[?#]/)[0];
    const urls = new Set(performance.getEntriesByType("resource").map((e) => e.name).filter(keep));
    if (page.endsWith("/") || page.endsWith("/index.html")) urls.add(location.href);
    await Promise.all([...urls].map(async (url) => {
      const key = url === location.href ? scope + "index.html" : url;
      if (await cache.match(key)) return;
      const resp = await fetch(url, { cache: "force-cache" });
      if (resp.ok && resp.type === "basic") await cache.put(key, resp);
    }));
  };
  let done = false;
  const register = () => {
    if (done) return;
    done = true;
    const first = cacheName && !navigator.serviceWorker.controller ? copyLoaded() : Promise.resolve();
    first.catch(() => {}).then(() => navigator.serviceWorker.register("./sw.js")).catch((err) => {
      console.warn("Dernier: offline mode unavailable:", err);
    });
  };
  // at an idle moment after the game is ready: installing keeps every game's code too
  const idle = () => ("requestIdleCallback" in window
    ? requestIdleCallback(register, { timeout: 2000 }) : setTimeout(register, 200));
  const ready = () => document.body && document.body.dataset.ready === "true";
  const watch = () => {
    if (ready()) return idle();
    new MutationObserver(() => ready() && idle())
      .observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
    setTimeout(register, 30000);
  };
  if (document.body) watch(); else document.addEventListener("DOMContentLoaded", watch);
})();
"""

SW_TEMPLATE = """\
// Dernier service worker: precaches the app and its runtime, serves them cache-first,
// so that after the first visit the game loads and plays with no network.
// Every byte once: the cache name carries the build's content hash and PRECACHE the hash of
// each file. Installing takes each file, in this order, from
//   1. this build's cache, where sw-register.js stored what the page fetched on this visit;
//   2. an older build's cache, when the file's hash is unchanged (a new build downloads
//      only what changed);
//   3. the network: on a first visit revalidating what the HTTP cache holds (a 304 carries
//      no body); after an older build, afresh (the file has changed, whatever its date).
// Each game's zip (GAMES) is kept too, after the rest, so that after one visit of any game
// each game's link plays offline: a visit's page loads only its game's zip, and the service
// worker registers at an idle moment after the game is ready (sw-register.js), so the
// others never compete with the visit's own start. A game that cannot be fetched is left
// for the next install (it is not kept; its page then says so in words, web/main.py).
// An unchanged game is never downloaded again: a new build takes it from the older cache.
// Activating deletes the older caches.
const VERSION = "__VERSION__";
const CACHE = "dernier-" + VERSION;
const HASHES = "./.dernier-hashes.json";  // a cache entry only, never requested
const PRECACHE = __PRECACHE__;
const GAMES = __GAMES__;

async function olderCaches() {
  const found = [];
  for (const key of await caches.keys()) {
    if (!key.startsWith("dernier-") || key === CACHE) continue;
    const cache = await caches.open(key);
    const listed = await cache.match(HASHES);
    if (listed) found.push({ cache, hashes: await listed.json() });
  }
  return found;
}

async function keep(cache, older, path, hash) {
  if (await cache.match(path)) return;
  for (const o of older) {
    if (o.hashes[path] !== hash) continue;
    const kept = await o.cache.match(path);
    if (kept) return cache.put(path, kept);
  }
  // after an older build, a file not in its cache has changed: download it afresh
  const resp = await fetch(new Request(path, { cache: older.length ? "reload" : "no-cache" }));
  if (!resp.ok) throw new Error(path + ": HTTP " + resp.status);
  return cache.put(path, resp);
}

async function precache() {
  const cache = await caches.open(CACHE);
  const older = await olderCaches();
  await Promise.all(Object.entries(PRECACHE).map(([path, hash]) => keep(cache, older, path, hash)));
  // every game, one after the other (the visit's own is in the cache already)
  for (const [path, hash] of Object.entries(GAMES)) {
    try {
      await keep(cache, older, path, hash);
    } catch (err) {
      console.warn("Dernier: " + path + " not kept for offline play:", err);
    }
  }
  await cache.put(HASHES, new Response(JSON.stringify({ ...PRECACHE, ...GAMES })));
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((k) => k.startsWith("dernier-") && k !== CACHE).map((k) => caches.delete(k))
      ))
      .then(() => self.clients.claim())
  );
});

const isIndex = (path) => path.endsWith("/") || path.endsWith("/index.html");

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || new URL(req.url).origin !== self.location.origin) return;
  const page = req.mode === "navigate";
  event.respondWith(
    caches.open(CACHE).then((cache) =>
      // the page is precached once, as ./index.html, whatever its query or "/" form
      cache.match(page && isIndex(new URL(req.url).pathname) ? "./index.html" : req).then((hit) => {
        if (hit) return hit;
        return fetch(req).then((resp) => {
          if (resp.ok && resp.type === "basic") cache.put(req, resp.clone());
          return resp;
        }).catch(() => (page ? cache.match("./index.html") : Response.error()));
      })
    )
  );
});
"""


def _short_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def csp(connect_src: tuple[str, ...] = ()) -> str:
    """The page's CSP; `connect_src` adds origins (e.g. ``wss://rooms.example.org``, a
    self-hosted PeerJS server for room codes) to the connect-src (the page's own origin
    and the public PeerJS server)."""
    for origin in connect_src:
        if not re.fullmatch(r"(https|wss)://[A-Za-z0-9.-]+(:\d+)?", origin):
            raise BuildError(f"--connect-src takes https:// or wss:// origins, not {origin!r}")
    if not connect_src:
        return CSP
    return CSP.replace(CONNECT_SRC, " ".join([CONNECT_SRC, *connect_src]))


# Fetched with fetch() by Pyodide and PyScript while the page starts, biggest first:
# preloaded from the HTML (as="fetch" crossorigin, as fetch() asks for them) so that they
# download in parallel from the first moment instead of one after another.
PRELOAD_FETCH = (
    "vendor/pyodide/pyodide.asm.wasm",
    "vendor/pyodide/python_stdlib.zip",
    "app.zip",
    "pyscript.toml",
    "web/main.py",
    "vendor/pyodide/pyodide-lock.json",
)
# ES modules imported by PyScript and Pyodide (all PyScript chunks the build ships are
# imported at start-up: see _pyscript_chunks).
PRELOAD_MODULES = ("vendor/pyodide/pyodide.asm.mjs", "vendor/pyodide/pyodide.mjs")


# PyScript's plugins the page does not use: the code editor, the terminal, the pygame-ce
# canvas, the Donkey API and the notices about deprecated PyScript usage (the `error` plugin,
# errors shown on the page, stays). PyScript 0.7.31's core imports every plugin at start once
# per interpreter type (py and mpy), but those a type's config turns off (`plugins =
# ["!name"]`): they are turned off in pyscript.toml for py and in an <mpy-config> element
# (the page has no MicroPython script, so nothing else of MicroPython is loaded).
PLUGINS_OFF = ("deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal")
PLUGINS_TOML = "plugins = [" + ", ".join(f'"!{name}"' for name in PLUGINS_OFF) + "]"
# PyScript chunks that core imports only for a MicroPython interpreter (zip: unpacking
# archives of [files]), for `packages` (pyodide_graph) or for the plugins turned off; the
# other chunks that are never imported at start are imported only by the editor/terminal/game
# plugins when used. All are shipped, none is preloaded or precached (the service worker keeps
# one if it is fetched).
NOT_AT_START = ("zip", "pyodide_graph", *PLUGINS_OFF)


def startup_chunks(chunks: list[str]) -> list[str]:
    """The PyScript chunks the page imports while it starts: core.js, core.css, core-*.js
    and what core-*.js imports, but NOT_AT_START."""
    src = VENDOR / "pyscript"
    core = [c for c in chunks if c.startswith("core-") and c.endswith(".js")]
    found = {"core.js", "core.css", *core}
    for name in core:
        for ref in re.findall(r"""["']\./([\w.-]+\.js)["']""", (src / name).read_text(encoding="utf-8")):
            if ref in chunks and ref.rsplit("-", 1)[0] not in NOT_AT_START:
                found.add(ref)
    return sorted(found)


def preload_links(chunks: list[str], code: str = "zip") -> str:
    """<link rel=preload/modulepreload> for everything the page fetches while it starts."""
    fetched = [f for f in PRELOAD_FETCH if code == "zip" or f != "app.zip"]
    start = [c for c in startup_chunks(chunks) if c.endswith(".js") and c != "core.js"]
    modules = [*PRELOAD_MODULES, *(f"vendor/pyscript/{c}" for c in start)]
    lines = [f'<link rel="preload" href="./{f}" as="fetch" crossorigin>' for f in fetched]
    lines += [f'<link rel="modulepreload" href="./{m}">' for m in modules]
    return "".join(f"  {line}\n" for line in lines)


def boot_words(html: str) -> str:
    """The Italian words of the start screen's fixed text, from web/shell/i18n.py and the default
    game's words (``GameSpec.words``: its tagline, its table's fixed text), as a JSON data
    block for web/boot.js, which writes them at once for an Italian visitor (who would
    otherwise read the start screen in English until Python is up: a few seconds on a slow
    phone; Python writes the same words when it starts):

    * ``i18n``: the words of every ``data-i18n`` key of ``html``;
    * ``choices``: ``{select id: {value: words}}`` for the choices drawn from their value
      (the match format, the turn timer);
    * ``placeholders``: ``{input id: words}``.

    A data block is not run, so the CSP allows it; ``</`` is escaped so that no text can
    close it. An unknown ``data-i18n`` key stops the build."""
    spec = importlib.util.spec_from_file_location("dernier_web_i18n", ROOT / "web" / "shell" / "i18n.py")
    if spec is None or spec.loader is None:
        raise BuildError("web/shell/i18n.py is missing")
    i18n = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(i18n)
    # the page's fixed text is the default game's (the first registered): its words over the shell's
    from web.shell import games

    words = games.get(registered_games()[0][0]).words.replace(".", "/") + ".py"
    spec = importlib.util.spec_from_file_location("dernier_web_default_words", ROOT / words)
    if spec is None or spec.loader is None:
        raise BuildError(f"{words} is missing")
    default_words = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(default_words)
    i18n.STRINGS.update(default_words.STRINGS)
    keys = sorted(set(re.findall(r'data-i18n="([^"]+)"', html)))
    unknown = [k for k in keys if k not in i18n.STRINGS]
    if unknown:
        raise BuildError(
            f"index.html has data-i18n keys that web/shell/i18n.py and the default game lack: {unknown}"
        )
    choices: dict[str, dict[str, str]] = {}
    for field in ("format", "timer"):
        m = re.search(rf'<select id="opt-{field}"[^>]*>(.*?)</select>', html, re.S)
        values = re.findall(r'<option value="([^"]*)"', m.group(1)) if m else []
        words = {v: i18n.choice_text("it", field, v) for v in values}
        choices[f"opt-{field}"] = {v: w for v, w in words.items() if w is not None}
    block = {
        "i18n": {k: i18n.t("it", k) for k in keys},
        "choices": choices,
        "placeholders": {"opt-name": i18n.t("it", "default_name")},
    }
    data = json.dumps(block, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
    return f'  <script type="application/json" id="boot-words-it">{data}</script>\n'


def game_zips_block(needs: dict[str, list[str]]) -> str:
    """The game zips each game's visit loads (:func:`game_needs`), as a JSON data block for
    web/boot.js: ``{"default": name, "needs": {game: ["./games/<name>.zip", ...]}, "styles":
    {game: "./web/<name>/style.css"}}``. boot.js picks the visit's game from its ``game=`` as
    ``web.shell.params.game_of`` does and preloads those zips at once, in parallel with the
    runtime (``<link rel=preload data-game-zip>``); web/main.py mounts what those links name.
    It links the game's own stylesheet (``GameSpec.style``) at first paint."""
    block = {
        "default": registered_games()[0][0],
        "needs": {game: [f"./games/{z}.zip" for z in zips] for game, zips in needs.items()},
        "styles": game_styles(),
    }
    data = json.dumps(block, sort_keys=True).replace("</", "<\\/")
    return f'  <script type="application/json" id="game-zips">{data}</script>\n'


def match_params_block() -> str:
    """The link parameters that start a match, per game (``web.shell.params.start_params``:
    the shared ones and the game's own, such as ``?games=3``), as a JSON data block for
    web/boot.js: ``{"default": name, "games": {game: [key, ...]}, "titles": {game: {lang:
    title}}, "house": {lang: name}}``. A link with any of its game's is a match link: boot.js
    shows the table's loading state at first paint, never the start form; and it writes the visit's game's
    title (``GameSpec.titles``) in the heading and the page's title from the first paint."""
    names = [name for name, _ in registered_games()]  # the repository is on sys.path now
    from web.shell import games
    from web.shell.i18n import t
    from web.shell.params import start_params

    block = {
        "default": names[0],
        "games": {name: list(start_params(name)) for name in names},
        "titles": {
            name: {lang: games.get(name).title(lang) for lang in ("en", "it")}
            for name in names
            if games.known(name)
        },
        # the house's name: the heading of a start screen that names no game (several games)
        "house": {lang: t(lang, "house_name") for lang in ("en", "it")} if len(names) > 1 else {},
    }
    data = json.dumps(block, sort_keys=True).replace("</", "<\\/")
    return f'  <script type="application/json" id="match-params">{data}</script>\n'


def rules_files() -> dict[str, bytes]:
    """Each game's rules page per language, ``rules/<game>.<lang>.json`` (``{"title", "html"}``:
    the game's own heading and static rules markup, as its rules dialog shows them): web/boot.js
    shows them while the game loads (a slow network's half minute), before Python is up."""
    from web.shell import games

    out: dict[str, bytes] = {}
    for name, _ in registered_games():
        if not games.known(name):
            continue  # a game the build was told of but the page does not register (tests)
        spec = games.get(name)
        words = spec.strings()
        for i, lang in enumerate(("en", "it")):
            html = spec.rules_html(lang)
            if not html:
                continue
            title = words.get("rules_heading", ("", ""))[i] or spec.title(lang)
            out[f"rules/{name}.{lang}.json"] = json.dumps({"title": title, "html": html}).encode()
    return out


def load_sizes_block(payload: dict[str, bytes], chunks: list[str], code: str) -> str:
    """What a visit downloads while it starts, each file's raw and gzip size (what a host
    such as GitHub Pages sends), as a JSON data block for web/boot.js's progress bar:
    ``{"start": {path: [raw, gzip]}, "games": {path: [raw, gzip]}}`` (the games' zips apart:
    a visit loads its own game's)."""

    def sizes(rel: str) -> list[int]:
        data = payload[rel]
        return [len(data), len(gzip.compress(data, 6, mtime=0))]

    start = [f for f in PRELOAD_FETCH if code == "zip" or f != "app.zip"]
    start += [*PRELOAD_MODULES, "web/style.css", "web/boot.js"]
    start += [f"vendor/pyscript/{c}" for c in startup_chunks(chunks)]
    block = {
        "start": {rel: sizes(rel) for rel in start if rel in payload},
        "games": {rel: sizes(rel) for rel in sorted(payload) if rel.startswith("games/")},
    }
    data = json.dumps(block, sort_keys=True, separators=(",", ":"))
    return f'  <script type="application/json" id="load-sizes">{data}</script>\n'


def _index_html(version: str, connect_src: tuple[str, ...] = (), preload: str = "", zips: str = "") -> str:
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    head = (
        f'<meta http-equiv="Content-Security-Policy" content="{csp(connect_src)}">\n'
        + preload
        + '  <link rel="manifest" href="./manifest.webmanifest">\n'
        '  <meta name="theme-color" content="#0b5d3b">\n'
        '  <link rel="apple-touch-icon" href="./icons/icon-192.png">\n'
        f'  <meta name="dernier-build" content="{version}">\n'
        '  <script src="./sw-register.js" defer></script>\n' + boot_words(html) + zips + match_params_block()
    )
    # The CSP must come before anything it governs: right after <meta charset>.
    m = re.search(r"<meta charset=[^>]*>\s*", html, re.IGNORECASE)
    if not m:
        raise BuildError("index.html has no <meta charset>")
    html = html[: m.end()] + head + "  " + html[m.end() :]
    icon = '<link rel="icon" href="./icons/icon.svg" type="image/svg+xml">'
    html = re.sub(r'<link rel="icon"[^>]*>', icon, html)
    if "</body>" not in html:
        raise BuildError("index.html has no </body>")
    # hidden by PyScript's core.css; see PLUGINS_OFF
    html = html.replace("</body>", f"<mpy-config>{PLUGINS_TOML}</mpy-config>\n</body>", 1)
    return html


def build(
    out: Path,
    code: str = "zip",
    connect_src: tuple[str, ...] = (),
    stdlib: str = "trim",
    pyc: str = "auto",
) -> dict[str, object]:
    """Write the site to `out`. `pyc`: "on" ships bytecode compiled by the pinned Pyodide
    (the stdlib zip as .pyc only; app.zip with a .pyc beside each source), so that
    the page does not compile its modules at each start; "auto" does when node can
    (pyc_problem), "off" ships sources only."""
    if code not in ("zip", "files"):
        raise BuildError("--code is zip or files")
    if stdlib not in ("trim", "full"):
        raise BuildError("--stdlib is trim or full")
    if pyc not in ("auto", "on", "off"):
        raise BuildError("--pyc is auto, on or off")
    problem = pyc_problem() if pyc != "off" else "off"
    if pyc == "on" and problem:
        raise BuildError(f"--pyc on: {problem}")
    with_pyc = problem is None
    csp(connect_src)  # fail before touching `out`
    files = _code_files()
    chunks = _pyscript_chunks()
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)

    payload: dict[str, bytes] = {}
    for p in files:
        rel = p.relative_to(ROOT).as_posix()
        # web/main.py is the page's <script type="py" src>: fetched by URL, so always loose.
        if code == "files" or p.suffix != ".py" or rel == "web/main.py":
            payload[rel] = p.read_bytes()
    zips_block = ""
    if code == "zip":
        app_files, bundles = game_bundles(files)
        # web/main.py is fetched loose (above) and run as the page's script, never imported
        app_files = [p for p in app_files if p.relative_to(ROOT).as_posix() != "web/main.py"]
        payload["app.zip"] = sourceless(compile_pyc("app", _zip(app_files))) if with_pyc else _zip(app_files)
        for name, own in bundles.items():
            data = _zip(own)
            payload[f"games/{name}.zip"] = sourceless(compile_pyc("app", data)) if with_pyc else data
        zips_block = game_zips_block(game_needs(app_files, bundles))
    payload["pyscript.toml"] = _pyscript_toml(code, files).encode()
    for name in PYODIDE_FILES:
        src = VENDOR / "pyodide" / name
        if not src.is_file():
            raise BuildError(f"vendor/pyodide/{name} is missing: run python scripts/vendor.py")
        data = src.read_bytes()
        if stdlib == "trim" and name == "python_stdlib.zip":
            data = trimmed_stdlib(data)[0]
        if with_pyc and name == "python_stdlib.zip":
            data = compile_pyc("stdlib", data)
        elif stdlib == "trim" and name == "pyodide-lock.json":
            data = trimmed_lock(data)
        payload[f"vendor/pyodide/{name}"] = data
    for name in chunks:
        payload[f"vendor/pyscript/{name}"] = (VENDOR / "pyscript" / name).read_bytes()
    for name in PEERJS_FILES:
        src = VENDOR / "peerjs" / name
        if not src.is_file():
            raise BuildError(f"vendor/peerjs/{name} is missing: run python scripts/vendor.py")
        payload[f"vendor/peerjs/{name}"] = src.read_bytes()
    payload["manifest.webmanifest"] = (json.dumps(MANIFEST, indent=2) + "\n").encode()
    payload["icons/icon.svg"] = ICON_SVG.encode()
    payload["icons/icon-192.png"] = _png(192)
    payload["icons/icon-512.png"] = _png(512)
    payload["sw-register.js"] = SW_REGISTER.encode()
    payload.update(rules_files())

    digest = hashlib.sha256()
    for rel in sorted(payload):
        digest.update(rel.encode() + b"\0" + payload[rel])
    digest.update((ROOT / "index.html").read_bytes())
    version = digest.hexdigest()[:12]
    blocks = zips_block + load_sizes_block(payload, chunks, code)
    payload["index.html"] = _index_html(version, connect_src, preload_links(chunks, code), blocks).encode()
    # PeerJS is fetched only for a room code, which needs the network anyway, and the PyScript
    # chunks never imported at start (startup_chunks): not precached. The games' zips are
    # kept after the rest (GAMES: a visit's page loads only its game's; the service worker,
    # registered at an idle moment after it is ready, keeps every game for offline play).
    lazy = {f"vendor/pyscript/{c}" for c in chunks} - {f"vendor/pyscript/{c}" for c in startup_chunks(chunks)}
    precache = {
        f"./{rel}": _short_hash(payload[rel])
        for rel in sorted(payload)
        if not rel.startswith(("vendor/peerjs/", "games/", "rules/")) and rel not in lazy
    }
    game_zips = {f"./{rel}": _short_hash(payload[rel]) for rel in sorted(payload) if rel.startswith("games/")}
    sw = (
        SW_TEMPLATE.replace("__VERSION__", version)
        .replace("__PRECACHE__", json.dumps(precache, indent=2))
        .replace("__GAMES__", json.dumps(game_zips, indent=2))
    )
    payload["sw.js"] = sw.encode()

    for rel, data in payload.items():
        dest = out / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes(data)
    total = sum(len(d) for d in payload.values())
    return {
        "out": str(out),
        "version": version,
        "files": len(payload),
        "bytes": total,
        "code": code,
        "pyc": with_pyc,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=str(ROOT / "dist"), help="output folder (replaced)")
    ap.add_argument(
        "--code", default="zip", choices=["zip", "files"], help="ship the code as one zip or loose files"
    )
    ap.add_argument(
        "--connect-src",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="an extra CSP connect-src origin (https:// or wss://), e.g. a PeerJS server; repeatable",
    )
    ap.add_argument(
        "--stdlib",
        default="trim",
        choices=["trim", "full"],
        help="ship the trimmed standard library (default) or Pyodide's whole python_stdlib.zip",
    )
    ap.add_argument(
        "--pyc",
        default="auto",
        choices=["auto", "on", "off"],
        help="ship bytecode compiled by the pinned Pyodide with node (auto: when node can)",
    )
    args = ap.parse_args(argv)
    try:
        info = build(Path(args.out).resolve(), args.code, tuple(args.connect_src), args.stdlib, args.pyc)
    except BuildError as e:
        print(f"build: {e}", file=sys.stderr)
        return 2
    print(
        f"built {info['out']}: {info['files']} files, {info['bytes']:,} bytes, version {info['version']}"
        + ("" if info["pyc"] else " (sources only: no bytecode)")
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
