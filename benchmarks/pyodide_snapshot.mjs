// The memory-snapshot experiment of docs/LOADING.md (issue 17), not used by the build:
// takes a snapshot of the pinned Pyodide under node once Python is up, then times
// loadPyodide with and without it (loadPyodide's _makeSnapshot / _loadSnapshot, Pyodide
// 314.0.7) and prints the snapshot's size.
//
//   python3 scripts/build.py && node benchmarks/pyodide_snapshot.mjs [dist] [OUT.bin]
//
// The snapshot is the whole wasm memory and holds zipimport's state over the built
// python_stdlib.zip: a page restoring it must load exactly that zip and the same
// pyodide.asm.wasm (Pyodide checks its build id).
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = resolve(process.argv[2] || join(root, "dist"));
const output = process.argv[3];
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));
const options = () => ({
  stdLibURL: join(dist, "vendor", "pyodide", "python_stdlib.zip"),
  lockFileContents: readFileSync(join(dist, "vendor", "pyodide", "pyodide-lock.json"), "utf8"),
  // a fixed hash seed: str hashes, set and dict layouts are in the snapshot
  env: { PYTHONHASHSEED: "0" },
});

const maker = await loadPyodide({ ...options(), _makeSnapshot: true });
// the global random generator's state is in the snapshot too: every page restoring it would
// draw the same numbers unless it reseeded `random` at start
maker.runPython("import random; random.seed(0)");
const snapshot = maker.makeMemorySnapshot();
if (output) writeFileSync(output, snapshot);
console.log(`snapshot: ${snapshot.length} bytes, ${gzipSync(snapshot, { level: 6 }).length} gzip`);

for (let i = 0; i < 3; i++) {
  for (const withSnapshot of [false, true]) {
    const t0 = performance.now();
    const py = await loadPyodide(withSnapshot ? { ...options(), _loadSnapshot: snapshot.slice() } : options());
    const ms = performance.now() - t0;
    const r = py.runPython("import random; random.random()");
    console.log(`loadPyodide ${withSnapshot ? "with" : "without"} the snapshot: ${ms.toFixed(0)} ms (random() ${r})`);
  }
}
