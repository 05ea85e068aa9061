// Compile the Python of a zip to bytecode with the pinned Pyodide itself (run by
// scripts/build.py with node): the page then imports bytecode instead of compiling every
// module from source at each start.
//
//   node scripts/compile_pyc.mjs stdlib|app IN.zip OUT.zip
//
// stdlib: each .py becomes a .pyc (sourceless, as zipimport reads it from python_stdlib.zip);
// app:    each .py is kept and gets <name>.pyc beside it (scripts/build.py then leaves the
//         sources out of the zips it ships: zipimport imports the .pyc alone).
// The .pyc files are unchecked-hash based (PEP 552): valid whatever the files' dates.
// Docstrings are left out of the bytecode (the sources keep them): fewer bytes to download.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const [mode, input, output] = process.argv.slice(2);
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));
const py = await loadPyodide();
py.FS.writeFile("/tmp/in.zip", readFileSync(input));
py.globals.set("MODE", mode);
py.runPython(`
import importlib.util, io, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

import ast

stdlib_zip = next(p for p in sys.path if p.endswith(".zip"))


def without_docstrings(source):
    """The module's syntax tree without its docstrings (module, classes, functions): the
    bytecode is smaller (some 15% of the stdlib's), every line number the same. Nothing the
    page runs reads a docstring (CPython's stdlib runs under -OO, which drops them too).
    A class's docstring becomes its name: a dataclass without a docstring gets one made at
    import (dataclasses formats its __init__'s signature through inspect, ~10 ms a class on
    a phone), one with a docstring keeps it."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            first = body[0] if body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                if isinstance(node, ast.ClassDef):
                    first.value.value = node.name
                elif len(body) > 1:
                    del body[0]  # (a module's __future__ imports must stay first)
                else:
                    body[0] = ast.copy_location(ast.Pass(), first)
    return tree
src = zipfile.ZipFile("/tmp/in.zip")
out = zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9)
for info in src.infolist():
    data = src.read(info)
    if not info.filename.endswith(".py"):
        out.writestr(info, data)
        continue
    where = stdlib_zip if MODE == "stdlib" else "/home/pyodide/app.zip"
    code = compile(without_docstrings(data), where + "/" + info.filename, "exec", dont_inherit=True)
    pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
    if MODE == "app":
        out.writestr(info, data)
    name = info.filename + "c"
    entry = zipfile.ZipInfo(name, date_time=info.date_time)
    entry.compress_type = zipfile.ZIP_DEFLATED
    out.writestr(entry, pyc)
out.close()
`);
writeFileSync(output, py.FS.readFile("/tmp/out.zip"));
