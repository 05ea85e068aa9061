"""The Scala 40 meld finder's latency: the best opening of 14-card hands with two jokers.

    python benchmarks/scala40_melds.py [hands]

Prints one JSON object (the same figures as ``python -m scala40 bench --json``'s ``meld_finder``).
"""

from __future__ import annotations

import json
import sys

from scala40.bench import meld_finder_ms

if __name__ == "__main__":
    print(json.dumps(meld_finder_ms(int(sys.argv[1]) if len(sys.argv) > 1 else 400)))
