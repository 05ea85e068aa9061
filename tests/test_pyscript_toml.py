"""pyscript.toml lists exactly the Python files the page needs (no browser needed)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from browser_support import load_script

ROOT = Path(__file__).resolve().parent.parent
FIX = "run: python scripts/gen_pyscript_toml.py"


def _config() -> dict[str, Any]:
    with (ROOT / "pyscript.toml").open("rb") as fh:
        return tomllib.load(fh)


def _tree_py_files() -> set[str]:
    found: set[str] = set()
    for top in load_script("gen_pyscript_toml").SHIPPED_DIRS:
        for path in (ROOT / top).rglob("*.py"):
            rel = path.relative_to(ROOT)
            if "__pycache__" not in rel.parts and not any(p.startswith(".") for p in rel.parts):
                found.add(rel.as_posix())
    return found


def test_files_table_lists_exactly_the_py_files() -> None:
    files: dict[str, str] = _config().get("files", {})
    listed_py = {src.removeprefix("./") for src in files if src.endswith(".py")}
    tree = _tree_py_files()
    missing, extra = sorted(tree - listed_py), sorted(listed_py - tree)
    assert not missing, f"not in pyscript.toml [files]: {missing} ({FIX})"
    assert not extra, f"in pyscript.toml [files] but not in the tree: {extra} ({FIX})"


def test_files_entries_are_local_and_land_at_the_same_path() -> None:
    for src, dest in _config().get("files", {}).items():
        assert src.startswith("./"), src
        assert (ROOT / src).is_file(), f"{src} does not exist ({FIX})"
        assert dest == src, f"{src} lands at {dest}: imports would not find it"


def test_generator_is_in_sync() -> None:
    gen = load_script("gen_pyscript_toml")
    current = (ROOT / "pyscript.toml").read_text(encoding="utf-8")
    assert gen.render(current, gen.shipped_files()) == current, FIX


def test_runtime_is_local_and_needs_no_micropip() -> None:
    config = _config()
    assert config.get("interpreter") == "./vendor/pyodide/pyodide.mjs"
    assert "packages" not in config, "packages needs micropip, which is not shipped"


def test_generator_keeps_other_tables() -> None:
    gen = load_script("gen_pyscript_toml")
    text = 'name = "x"\n\n[files]\n"./old.py" = "./old.py"\n\n[js_modules.main]\n"a" = "b"\n'
    out = gen.render(text, ["dernier/a.py"])
    parsed = tomllib.loads(out)
    assert parsed["files"] == {"./dernier/a.py": "./dernier/a.py"}
    assert parsed["js_modules"] == {"main": {"a": "b"}}
    assert parsed["name"] == "x"
    assert gen.render(out, ["dernier/a.py"]) == out
