// The hard bots' decision time in the page's runtime: benchmarks/bot_time.py run by the
// pinned Pyodide (node_modules/pyodide, the same build as vendor/pyodide) under node, whose
// V8 is the engine Chromium runs the page's wasm with. Issues 23 and 24: ≤ 500 ms median.
//
//   node benchmarks/bot_time_pyodide.mjs [--decisions 40] [--seed 1] [--games scala40,dog]
//
// The rules packages (scala40/, dog/: standard library only) are copied into Pyodide's file
// system as the page gets them. Prints bot_time.py's JSON with node's 1-minute load average:
// the machine may be shared, say so with the figures.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));
const py = await loadPyodide();

function copyTree(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const rel = relative(root, path);
    if (statSync(path).isDirectory()) {
      if (name === "__pycache__") continue;
      py.FS.mkdirTree(join("/home/pyodide", rel));
      copyTree(path);
    } else if (name.endsWith(".py")) {
      py.FS.writeFile(join("/home/pyodide", rel), readFileSync(path));
    }
  }
}

for (const pkg of ["scala40", "dog", "tabletop"]) {
  py.FS.mkdirTree(join("/home/pyodide", pkg));
  copyTree(join(root, pkg));
}
py.FS.mkdirTree("/home/pyodide/benchmarks");
py.FS.writeFile("/home/pyodide/benchmarks/bot_time.py", readFileSync(join(root, "benchmarks", "bot_time.py")));
py.globals.set("ARGV", py.toPy([...process.argv.slice(2), "--json"]));
const load = loadavg()[0];
py.runPython(`
import sys
sys.path.insert(0, "/home/pyodide")
sys.path.insert(0, "/home/pyodide/benchmarks")
import bot_time
bot_time.main(list(ARGV))
`);
console.log(JSON.stringify({ node: process.version, load_1min_before: Math.round(load * 100) / 100, load_1min_after: Math.round(loadavg()[0] * 100) / 100 }));
