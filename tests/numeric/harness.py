"""Shared by the scripts of tests/numeric: NumPy, the sanitizer markers, the
PASS/FAIL tally and the array comparisons.

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


def exact(got, want):
    """None when got equals want in shape, dtype and every element (NaNs
    equal NaNs), else where they differ"""
    import numpy as np
    if got.shape != want.shape or got.dtype != want.dtype:
        return f"got {got.dtype}{got.shape}, want {want.dtype}{want.shape}"
    fl = got.dtype.kind == "f"
    eq = (got == want) | (np.isnan(got) & np.isnan(want)) if fl else got == want
    if not eq.all():
        i = tuple(np.argwhere(~eq)[0])
        return f"{int((~eq).sum())} elements differ, first at {i}: got {got[i]}, want {want[i]}"
    return None


def close(got, want, rtol, atol, equal_nan=False):
    """None when got and want (same shape) agree within rtol and atol as
    numpy.allclose has it, else the element furthest off"""
    import numpy as np
    if got.shape != want.shape:
        return f"got shape {got.shape}, want {want.shape}"
    g, w = got.astype(np.float64), want.astype(np.float64)
    if not np.allclose(g, w, rtol=rtol, atol=atol, equal_nan=equal_nan):
        err = np.abs(g - w)
        i = np.unravel_index(np.nanargmax(np.where(np.isnan(err), np.inf, err)), err.shape)
        return f"max abs error {err[i]} at {i}: got {g[i]}, want {w[i]}"
    return None


def arg_options(args, save):
    """`--arg NAME=VALUE` options of `ttxform run` for {name: ndarray |
    number | str}: an array is written with save(name, array), which returns
    the .npy path; anything else is passed as its str()"""
    import numpy as np
    out = []
    for k, v in args.items():
        if isinstance(v, np.ndarray):
            out += ["--arg", f"{k}={save(k, v)}"]
        else:
            out += ["--arg", f"{k}={v}"]
    return out


def error_reason(rc, err, message, no_file=None, rc_want=1):
    """None when a failing run did as it should (exit status rc_want, message
    in stderr, no sanitizer report, no_file not written), else what it did
    instead"""
    if rc != rc_want:
        return f"exit status {rc}, expected {rc_want}: {err.strip()[:2000]}"
    if sanitizer_report(err):
        return f"sanitizer report: {err.strip()[:2000]}"
    if message not in err:
        return f"stderr lacks '{message}': {err.strip()[:2000]}"
    if no_file and os.path.exists(no_file):
        return f"{no_file} was written by a failed run"
    return None
