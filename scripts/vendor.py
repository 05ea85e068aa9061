#!/usr/bin/env python3
"""Copy the pinned browser runtime (Pyodide + PyScript + the PeerJS client) into ./vendor/.

The page never loads anything from a CDN: PyScript, Pyodide and PeerJS come from the npm
packages pinned in package.json / package-lock.json and are served from vendor/
(git-ignored).  PeerJS (``vendor/peerjs/peerjs.min.js``, a classic script defining
``window.peerjs``) is loaded by the page only when a player chooses a room code.
The ``peer`` package (the PeerJS signalling server, a dev dependency) is not copied:
tests start it with node from node_modules/, and anyone may self-host it.
This script is idempotent:

* runs ``npm ci`` only when node_modules/ does not hold the locked versions;
* copies only the files the page needs, skipping files that are already up to date;
* removes stale files from vendor/pyodide and vendor/pyscript (e.g. old hashed chunks);
* writes vendor/VERSIONS.json, which tests and scripts/serve.py use to tell that
  the runtime is in place.

Usage: python scripts/vendor.py [--check] [--force-npm]
Standard library only.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
VENDOR = ROOT / "vendor"
STAMP = VENDOR / "VERSIONS.json"

PYODIDE_PKG = "pyodide"
PYSCRIPT_PKG = "@pyscript/core"
PEERJS_PKG = "peerjs"
PEER_SERVER_PKG = "peer"
RUNTIME_PACKAGES = (PYODIDE_PKG, PYSCRIPT_PKG, PEERJS_PKG, PEER_SERVER_PKG)
# What only the tests use from node_modules/ (never vendored): axe-core, the accessibility
# checker the browser tests inject; npm ci runs when it is missing or not the locked version.
TEST_PACKAGES = ("axe-core",)
# The PeerJS browser bundle (no source map: nothing asks for it unless devtools is open).
PEERJS_FILES = ("peerjs.min.js",)
# The signalling server's command-line entry point, run with node by the tests.
PEER_SERVER_BIN = NODE_MODULES / PEER_SERVER_PKG / "dist" / "bin" / "peerjs.js"

# What pyodide.mjs fetches while loading (checked in the browser: no other request is made
# unless the page asks for packages, which it never does). Pyodide >= 0.28 ships the
# emscripten glue as pyodide.asm.mjs; older releases named it pyodide.asm.js, so accept either.
PYODIDE_REQUIRED = (
    "pyodide.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
PYODIDE_GLUE = ("pyodide.asm.mjs", "pyodide.asm.js")

# PyScript's dist/ is a set of hashed ES-module chunks that core.js imports lazily
# (the TOML parser, the error plugin, ...). Copy every .js/.css chunk, no source maps.
PYSCRIPT_SUFFIXES = (".js", ".css")


class VendorError(RuntimeError):
    pass


def locked_versions(names: tuple[str, ...] = RUNTIME_PACKAGES) -> dict[str, str]:
    """Versions that package-lock.json pins for ``names`` (the runtime packages)."""
    lock_path = ROOT / "package-lock.json"
    if not lock_path.is_file():
        raise VendorError(f"{lock_path} is missing")
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    packages = lock.get("packages", {})
    versions: dict[str, str] = {}
    for name in names:
        entry = packages.get(f"node_modules/{name}")
        if not entry or "version" not in entry:
            raise VendorError(f"package-lock.json does not pin {name}")
        versions[name] = str(entry["version"])
    return versions


def installed_version(name: str) -> str | None:
    manifest = NODE_MODULES / name / "package.json"
    if not manifest.is_file():
        return None
    try:
        data = json.loads(manifest.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    version = data.get("version")
    return str(version) if version else None


def ensure_node_modules(wanted: dict[str, str], force: bool) -> None:
    """Run `npm ci` unless node_modules/ already holds the locked versions."""
    current = {name: installed_version(name) for name in wanted}
    if not force and current == wanted:
        print(f"vendor: node_modules up to date ({_fmt(wanted)})")
        return
    npm = shutil.which("npm")
    if npm is None:
        raise VendorError("npm is not on PATH; install Node.js (>= 20) and npm, then rerun scripts/vendor.py")
    print(f"vendor: running npm ci (have {_fmt(current)}, want {_fmt(wanted)})", flush=True)
    cmd = [npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"]
    result = subprocess.run(cmd, cwd=ROOT, stdin=subprocess.DEVNULL, check=False)
    if result.returncode != 0:
        raise VendorError(f"`{' '.join(cmd[1:])}` failed with exit code {result.returncode}")
    after = {name: installed_version(name) for name in wanted}
    if after != wanted:
        raise VendorError(f"after npm ci node_modules has {_fmt(after)}, want {_fmt(wanted)}")


def _fmt(versions: dict[str, str] | dict[str, str | None]) -> str:
    return ", ".join(f"{name}@{version}" for name, version in versions.items())


def pyodide_files() -> list[Path]:
    src = NODE_MODULES / PYODIDE_PKG
    files = [src / name for name in PYODIDE_REQUIRED]
    glue = [src / name for name in PYODIDE_GLUE if (src / name).is_file()]
    if not glue:
        raise VendorError(f"{src} has none of {', '.join(PYODIDE_GLUE)}")
    files.extend(glue)
    missing = [str(f) for f in files if not f.is_file()]
    if missing:
        raise VendorError("missing from the pyodide package: " + ", ".join(missing))
    return files


def pyscript_files() -> list[Path]:
    dist = NODE_MODULES / PYSCRIPT_PKG / "dist"
    files = sorted(p for p in dist.iterdir() if p.is_file() and p.name.endswith(PYSCRIPT_SUFFIXES))
    for name in ("core.js", "core.css"):
        if not (dist / name).is_file():
            raise VendorError(f"{dist / name} is missing")
    return files


def peerjs_files() -> list[Path]:
    dist = NODE_MODULES / PEERJS_PKG / "dist"
    files = [dist / name for name in PEERJS_FILES]
    missing = [str(f) for f in files if not f.is_file()]
    if missing:
        raise VendorError("missing from the peerjs package: " + ", ".join(missing))
    if not PEER_SERVER_BIN.is_file():
        raise VendorError(f"{PEER_SERVER_BIN} is missing (the peer package)")
    return files


def sync_dir(files: list[Path], dest: Path) -> tuple[int, int]:
    """Make `dest` hold exactly `files`; return (copied, removed)."""
    dest.mkdir(parents=True, exist_ok=True)
    wanted = {f.name for f in files}
    removed = 0
    for existing in dest.iterdir():
        if existing.name not in wanted:
            if existing.is_dir():
                shutil.rmtree(existing)
            else:
                existing.unlink()
            removed += 1
    copied = 0
    for src in files:
        target = dest / src.name
        if _same(src, target):
            continue
        tmp = target.with_name(target.name + ".tmp")
        shutil.copy2(src, tmp)
        tmp.replace(target)
        copied += 1
    return copied, removed


def _same(src: Path, dst: Path) -> bool:
    if not dst.is_file():
        return False
    a, b = src.stat(), dst.stat()
    return a.st_size == b.st_size and int(a.st_mtime) == int(b.st_mtime)


def check(wanted: dict[str, str]) -> list[str]:
    """Problems with vendor/ as it is now (empty list: ready to serve)."""
    problems: list[str] = []
    if not STAMP.is_file():
        return [f"{STAMP.relative_to(ROOT)} is missing (run: python scripts/vendor.py)"]
    try:
        stamp = json.loads(STAMP.read_text(encoding="utf-8"))
    except ValueError:
        return [f"{STAMP.relative_to(ROOT)} is unreadable (run: python scripts/vendor.py)"]
    if stamp.get("versions") != wanted:
        problems.append(
            f"vendor/ holds {stamp.get('versions')}, package-lock.json pins {wanted} "
            "(run: python scripts/vendor.py)"
        )
    for rel in stamp.get("files", []):
        if not (VENDOR / rel).is_file():
            problems.append(f"vendor/{rel} is missing (run: python scripts/vendor.py)")
    return problems


def vendor(force_npm: bool = False) -> None:
    wanted = locked_versions()
    ensure_node_modules({**wanted, **locked_versions(TEST_PACKAGES)}, force_npm)
    py_files = pyodide_files()
    ps_files = pyscript_files()
    c1, r1 = sync_dir(py_files, VENDOR / "pyodide")
    c2, r2 = sync_dir(ps_files, VENDOR / "pyscript")
    pj_files = peerjs_files()
    c3, r3 = sync_dir(pj_files, VENDOR / "peerjs")
    c2, r2 = c2 + c3, r2 + r3
    listing = [f"pyodide/{f.name}" for f in py_files] + [f"pyscript/{f.name}" for f in ps_files]
    listing += [f"peerjs/{f.name}" for f in pj_files]
    stamp = {"versions": wanted, "files": listing}
    text = json.dumps(stamp, indent=2) + "\n"
    if not STAMP.is_file() or STAMP.read_text(encoding="utf-8") != text:
        STAMP.write_text(text, encoding="utf-8")
    print(
        f"vendor: {len(listing)} files in {VENDOR.relative_to(ROOT)}/ "
        f"({c1 + c2} copied, {r1 + r2} stale removed; {_fmt(wanted)})"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="only report whether vendor/ is complete")
    parser.add_argument("--force-npm", action="store_true", help="run npm ci even if up to date")
    args = parser.parse_args(argv)
    try:
        if args.check:
            problems = check(locked_versions())
            for problem in problems:
                print(f"vendor: {problem}", file=sys.stderr)
            if not problems:
                print("vendor: ok")
            return 1 if problems else 0
        vendor(force_npm=args.force_npm)
    except VendorError as exc:
        print(f"vendor: error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
