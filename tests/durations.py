"""The measured cost of each test file, kept in tests/durations.json, and the order of a run.

tests/conftest.py begins a run with the files whose longest test is longest (pytest-xdist's
worksteal then leaves short tests for the end, where one worker could otherwise wait minutes
on the other's last test). A file that is not in tests/durations.json is put by what it is:
a file with browser tests first of the unmeasured ones (:data:`UNMEASURED_BROWSER_S`), so a
new whole game in a browser cannot silently run last; other files after the measured ones.

Refresh the figures from a full run (``scripts/test.sh`` writes its JUnit XML to
``~/.cache/dernier-test/junit.xml``)::

    python3 tests/durations.py ~/.cache/dernier-test/junit.xml

Only the order of the tests depends on these figures, never what a test checks.
"""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
FIGURES = HERE / "durations.json"
#: an unmeasured file with browser tests: ranked with the slow measured files (the cut-off of
#: the figures below, about the 25th slowest test), ahead of every file measured shorter
UNMEASURED_BROWSER_S = 25.0
#: an unmeasured file without browser tests
UNMEASURED_OTHER_S = 1.0


def load() -> dict[str, float]:
    """Seconds of the longest test of each measured file, by path from the repository root."""
    try:
        data = json.loads(FIGURES.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    files = data.get("files", {}) if isinstance(data, dict) else {}
    return {str(k): float(v["longest"]) for k, v in files.items() if isinstance(v, dict) and "longest" in v}


def estimate(path: str, browser: bool, figures: dict[str, float]) -> float:
    """The seconds the longest test of ``path`` is expected to take."""
    if path in figures:
        return figures[path]
    return UNMEASURED_BROWSER_S if browser else UNMEASURED_OTHER_S


def from_junit(xml_path: Path) -> dict[str, dict[str, float]]:
    """Per file: its longest test and the sum of its tests (seconds, setup and teardown
    included) from pytest's ``--junitxml``; ``classname`` is ``tests.dog.test_x`` or
    ``tests.dog.test_x.TestClass``."""
    root = ET.parse(xml_path).getroot()
    longest: dict[str, float] = defaultdict(float)
    total: dict[str, float] = defaultdict(float)
    for case in root.iter("testcase"):
        parts = case.get("classname", "").split(".")
        for n in range(len(parts), 0, -1):
            candidate = "/".join(parts[:n]) + ".py"
            if (HERE.parent / candidate).exists():
                break
        else:
            continue
        t = float(case.get("time", "0") or 0)
        longest[candidate] = max(longest[candidate], t)
        total[candidate] += t
    return {f: {"longest": round(longest[f], 1), "total": round(total[f], 1)} for f in sorted(total)}


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__)
        return 2
    files = from_junit(Path(argv[1]))
    if not files:
        print(f"no test cases in {argv[1]}", file=sys.stderr)
        return 1
    data = {
        "about": "seconds per test file of one full run (longest test, sum of its tests); "
        "tests/durations.py writes it, tests/conftest.py orders a run by it",
        "source": argv[1],
        "files": dict(sorted(files.items(), key=lambda kv: -kv[1]["longest"])),
    }
    FIGURES.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"{FIGURES}: {len(files)} files")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
