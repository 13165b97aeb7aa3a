"""Shared by the scripts of tests/numeric: NumPy, the sanitizer markers and
the PASS/FAIL tally.

numpy_or_skip(SUITE) returns the numpy module.  When the running interpreter
lacks it, the script is run again under /usr/bin/python3 (Debian's, where
python3-numpy installs); without NumPy there either, the suite is skipped
(`SKIP SUITE: ...`, exit status 77, which meson counts as skipped).
"""
import os
import shutil
import sys

SANITIZER = ("Sanitizer", "runtime error:")


def numpy_or_skip(suite):
    try:
        import numpy
        return numpy
    except ImportError:
        alt = "/usr/bin/python3"
        if os.path.exists(alt) and os.path.realpath(alt) != os.path.realpath(sys.executable) \
                and not os.environ.get("TTX_NUMERIC_REEXEC"):
            os.environ["TTX_NUMERIC_REEXEC"] = "1"
            os.execv(alt, [alt] + sys.argv)
        print(f"SKIP {suite}: numpy is not installed (python3-numpy)")
        sys.exit(77)


def sanitizer_report(text):
    """whether a run's stderr holds an ASan/UBSan report"""
    return any(s in text for s in SANITIZER)


class Tally:
    """PASS/FAIL lines and the closing `N passed, N failed`"""

    def __init__(self):
        self.passed = self.failed = 0

    def report(self, name, why):
        """why: None for a pass, else the reason of the failure"""
        if why is None:
            self.passed += 1
            print(f"PASS {name}")
        else:
            self.failed += 1
            print(f"FAIL {name}: {why}")

    def close(self, tmp=None):
        """prints the closing line; returns the exit status.  The scratch
        directory tmp, if given, is removed when every case passed, and kept
        (and named) for a look at the files otherwise"""
        print(f"{self.passed} passed, {self.failed} failed")
        if tmp and not self.failed:
            shutil.rmtree(tmp, ignore_errors=True)
        elif tmp:
            print(f"files kept in {tmp}")
        return 1 if self.failed else 0


def first(*checks):
    """the first of checks that is not None (a failure reason), else None"""
    for c in checks:
        if c is not None:
            return c
    return None
