#!/usr/bin/env bash
# The Triton backend's tests (pytest): run.sh [LIBTTXFORM]
#   with LIBTTXFORM (a build's api/libttxform.so): the package from this
#     tree's python/ with that library, registered with Triton through a
#     temporary entry point (as meson test runs it);
#   without: the installed package (as .ci/run runs it in its venv).
# The interpreter is $TTXFORM_TEST_PYTHON (default python3); without triton,
# numpy or pytest in it the tests are skipped (exit 77) with a message.
# Ends with `N passed, N failed`.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
py=${TTXFORM_TEST_PYTHON:-python3}
if ! missing=$("$py" -c '
import importlib.util as u
print(" ".join(m for m in ("triton", "numpy", "pytest") if u.find_spec(m) is None))' 2>&1); then
    echo "skip: cannot run $py: $missing"
    exit 77
fi
if [ -n "$missing" ]; then
    echo "skip: $py has no $missing (the Triton backend's tests need triton, numpy and pytest;" \
         "set TTXFORM_TEST_PYTHON to a Python that has them)"
    exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ $# -ge 1 ]; then
    export TTXFORM_LIBRARY=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
    mkdir -p "$tmp/ep/ttxform_dev-0.0.dist-info"
    printf 'Metadata-Version: 2.1\nName: ttxform-dev\nVersion: 0.0\n' > "$tmp/ep/ttxform_dev-0.0.dist-info/METADATA"
    printf '[triton.backends]\nttxform = ttxform.triton\nttxform_spyre = ttxform.spyre\n' > "$tmp/ep/ttxform_dev-0.0.dist-info/entry_points.txt"
    export PYTHONPATH="$here/../../python:$tmp/ep${PYTHONPATH:+:$PYTHONPATH}"
fi
export TRITON_CACHE_DIR="$tmp/cache"
rc=0
"$py" -m pytest -q -p no:cacheprovider --junitxml="$tmp/junit.xml" "$here" || rc=$?
"$py" - "$tmp/junit.xml" <<'PYEOF' || true
import sys, xml.etree.ElementTree as ET
try:
    root = ET.parse(sys.argv[1]).getroot()
except (OSError, ET.ParseError):
    print("0 passed, 1 failed")
    sys.exit(0)
suites = [root] if root.tag == "testsuite" else list(root)
n = sum(int(s.get("tests", 0)) for s in suites)
bad = sum(int(s.get("failures", 0)) + int(s.get("errors", 0)) for s in suites)
skipped = sum(int(s.get("skipped", 0)) for s in suites)
print(f"{n - bad - skipped} passed, {bad} failed")
PYEOF
exit "$rc"
