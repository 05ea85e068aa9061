#!/usr/bin/env bash
# The one test command, for a fresh machine, a developer's or CI's (bash .ci/run).
#   1. installs what the tests need: the package with its [test,dev] extras, Debian's
#      Chromium (only when /usr/bin/chromium is missing and we are root), and the
#      pinned browser runtime (npm ci + copy into vendor/);
#   2. runs ruff check, ruff format --check, mypy --strict tabletop dernier scala40 dog web and pytest,
#      all of them even if one fails, and exits non-zero if any failed.
# Extra arguments go to pytest, e.g.  scripts/test.sh -m "not browser"  or  -k smoke;
# PYTEST_WORKERS=1 runs the tests in one process.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

PYTHON="${PYTHON:-python3}"
export PIP_DISABLE_PIP_VERSION_CHECK=1 DEBIAN_FRONTEND=noninteractive

step() { printf '\n=== %s\n' "$*"; }
die() { printf '\nscripts/test.sh: setup failed: %s\n' "$*" >&2; exit 2; }

# compiled bytecode (the modules and pytest's rewritten test modules) is kept outside the tree,
# also where PYTHONDONTWRITEBYTECODE is set: without it each pytest worker compiles every test
# module again (about 18 s of CPU each, 5 s with the cache; measured 7 December)
cache="${XDG_CACHE_HOME:-$HOME/.cache}/dernier-test"
mkdir -p "$cache"
export PYTHONPYCACHEPREFIX="${PYTHONPYCACHEPREFIX:-$cache/pycache}"
unset PYTHONDONTWRITEBYTECODE

step "install: python package with [test,dev] extras"
# pip only when something is missing: this tree not the one installed (editable), or a
# requirement of the extras not met (pip's resolver alone takes about 10 s of CPU)
if "$PYTHON" - <<'PY'
import importlib.metadata as md, json, sys, tomllib
from pathlib import Path
try:
    from packaging.requirements import Requirement
except ImportError:
    from pip._vendor.packaging.requirements import Requirement
project = tomllib.loads(Path("pyproject.toml").read_text(encoding="utf-8"))["project"]
try:
    url = json.loads(md.distribution(project["name"]).read_text("direct_url.json") or "{}")
except md.PackageNotFoundError:
    sys.exit(1)
if url.get("url") != Path.cwd().resolve().as_uri() or not url.get("dir_info", {}).get("editable"):
    sys.exit(1)
extras = project.get("optional-dependencies", {})
for line in [*project.get("dependencies", []), *extras.get("test", []), *extras.get("dev", [])]:
    req = Requirement(line)
    if req.marker is not None and not req.marker.evaluate():
        continue
    try:
        have = md.version(req.name)
    except md.PackageNotFoundError:
        sys.exit(1)
    if not req.specifier.contains(have, prereleases=True):
        sys.exit(1)
PY
then
    echo "already installed from this tree, every requirement met: pip skipped"
else
    "$PYTHON" -m pip install --quiet -e '.[test,dev]' </dev/null || die "pip install -e '.[test,dev]'"
fi

step "install: Chromium"
if [ -x /usr/bin/chromium ]; then
    echo "found /usr/bin/chromium"
elif [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    { apt-get update -q && apt-get install -y -q --no-install-recommends chromium; } </dev/null \
        || die "apt-get install chromium"
else
    echo "no /usr/bin/chromium and not root: browser tests use Playwright's own Chromium" \
         "(python -m playwright install chromium)"
fi

step "install: the network lab's servers (coturn, dnsmasq, libnftables)"
# tests/test_lab_friends.py builds network namespaces as root with these; without root
# the lab's tests skip (in CI, as root, they run)
lab_missing=()
[ -x /usr/bin/turnserver ] || lab_missing+=(coturn)
[ -x /usr/sbin/dnsmasq ] || lab_missing+=(dnsmasq-base)
ldconfig -p 2>/dev/null | grep -q 'libnftables\.so\.1' || lab_missing+=(libnftables1)
command -v openssl >/dev/null || lab_missing+=(openssl)
if [ ${#lab_missing[@]} -eq 0 ]; then
    echo "found coturn, dnsmasq, libnftables, openssl"
elif [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    { apt-get update -q && apt-get install -y -q --no-install-recommends "${lab_missing[@]}"; } </dev/null \
        || die "apt-get install ${lab_missing[*]}"
else
    echo "missing ${lab_missing[*]} and not root: the network lab's tests will skip"
fi

step "install: browser runtime (npm ci if needed + vendor/)"
"$PYTHON" scripts/vendor.py </dev/null || die "python scripts/vendor.py"

failed=()
run() {
    step "$*"
    "$@" </dev/null || failed+=("$*")
}

# the checks (one core) run beside the build and the collection below (the other core); their
# output is shown once they are done, in this order
checks_log="$(mktemp)"
(
    status=0
    for cmd in "ruff check ." "ruff format --check ." "mypy --strict tabletop dernier scala40 dog web"; do
        printf '\n=== %s -m %s\n' "$PYTHON" "$cmd"
        # shellcheck disable=SC2086
        "$PYTHON" -m $cmd </dev/null 2>&1 || { status=1; echo "FAILED: $PYTHON -m $cmd"; }
    done
    exit $status
) >"$checks_log" 2>&1 &
checks_pid=$!

# one worker per core (pytest-xdist): each has its own server and browser; the slowest tests
# are whole games in a browser, so two workers halve the wall time on a 2-core machine
workers="${PYTEST_WORKERS:-$(nproc 2>/dev/null || echo 2)}"
# worksteal: a worker that is done takes tests from the other (no serial tail); a failed test
# is run once more (browser tests time out on a loaded machine) and reported as rerun; a
# test still running after 5 minutes fails (pytest-timeout); -rfER names the failed,
# erred and rerun tests in the summary; the files with the longest tests begin (tests/durations.py)
# the browser tests open the built site: one build first fills the bytecode cache that each
# worker's build then reuses (scripts/build.py keeps compiled zips by content hash)
step "scripts/build.py (warms the bytecode cache for the browser tests)"
site_tmp="$(mktemp -d)"
"$PYTHON" scripts/build.py --out "$site_tmp/site" </dev/null || failed+=("scripts/build.py")
rm -rf "$site_tmp"
# one collection first writes the rewritten test modules to the bytecode cache, which the
# workers then read instead of each compiling them again
step "pytest --collect-only (warms the bytecode cache of the test modules)"
"$PYTHON" -m pytest --collect-only -q "$@" </dev/null | tail -n 1

wait "$checks_pid" || failed+=("ruff or mypy (see above)")
cat "$checks_log"
rm -f "$checks_log"

step "pytest -n $workers --dist worksteal --reruns 1 -rfER --timeout 300 --durations=25 $*"
"$PYTHON" -m pytest -n "$workers" --dist worksteal --reruns 1 -rfER --timeout 300 --durations=25 \
    --junitxml="$cache/junit.xml" "$@" </dev/null
rc=$?
case $rc in
    0) ;;
    5) echo "pytest collected no tests: that is a failure here" >&2; failed+=("pytest (no tests)") ;;
    *) failed+=("pytest (exit $rc)") ;;
esac

echo
if [ ${#failed[@]} -eq 0 ]; then
    echo "scripts/test.sh: all checks passed"
    exit 0
fi
echo "scripts/test.sh: FAILED: ${failed[*]}" >&2
exit 1
