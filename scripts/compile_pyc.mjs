// Compile the Python of a zip to bytecode with the pinned Pyodide itself (run by
// scripts/build.py with node): the page then imports bytecode instead of compiling every
// module from source at each start.
//
//   node scripts/compile_pyc.mjs stdlib|app IN.zip OUT.zip
//
// stdlib: each .py becomes a .pyc (sourceless, as zipimport reads it from python_stdlib.zip);
// app:    each .py is kept and gets <name>.pyc beside it: the page imports app.zip in place
//         (zipimport prefers the .pyc and reads the .py only for a traceback's lines).
// The .pyc files are unchecked-hash based (PEP 552): valid whatever the files' dates.
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

stdlib_zip = next(p for p in sys.path if p.endswith(".zip"))
src = zipfile.ZipFile("/tmp/in.zip")
out = zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9)
for info in src.infolist():
    data = src.read(info)
    if not info.filename.endswith(".py"):
        out.writestr(info, data)
        continue
    where = stdlib_zip if MODE == "stdlib" else "/home/pyodide/app.zip"
    code = compile(data, where + "/" + info.filename, "exec", dont_inherit=True)
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
