#!/usr/bin/env python3
"""Malformed-input tests: every bad input must give a located error.

usage: run.py TTXFORM DIR

For each DIR/NAME.mlir (sorted) the first line says what must happen:

    // EXPECT: LINE:COL: MESSAGE

and an optional second line `// ARGS: --flag ...` gives extra options.
The tool runs as `TTXFORM [ARGS] DIR/NAME.mlir -o TMP/out.mlir`, where
out.mlir already exists with known content. The case passes when
  - the exit status is 1 (not 0, not a signal) within 10 seconds;
  - the first `error:` line of stderr is `...NAME.mlir:LINE:COL: error: ...`
    and contains MESSAGE;
  - it is followed by the source line and a caret line with `^` under COL;
  - stderr has no sanitizer report;
  - out.mlir is unchanged and no other file appeared next to it.

Then generated cases (deep nesting, huge tokens, a NUL byte, stdin) and
command-line misuse cases run the same way.

Prints `PASS name` / `FAIL name: why` (or `SKIP name: why`) per case and a
final line `N passed, N failed`; exits 1 if any case failed.
"""
import concurrent.futures
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile

TIMEOUT = 10
SENTINEL = b"// out.mlir before the run: must stay as it is\n"
HEADER = re.compile(r"^// EXPECT: (\d+):(\d+): (.+?)\s*$")
ARGS = re.compile(r"^// ARGS: (.*?)\s*$")
ERROR_LINE = re.compile(r"^(.*):(\d+):(\d+): error: (.*)$")
SANITIZER = ("Sanitizer", "runtime error:")
# the generated inputs are made of ops of an unregistered dialect (t.op)
UNREG = "--allow-unregistered-dialect"


class Fail(Exception):
    pass


class Skip(Exception):
    pass


def text(b):
    return b.decode("utf-8", "replace")


def shown(b):
    """A source line as diagnostics show it: control bytes (other than a tab)
    as \\xNN, never raw."""
    return "".join("\\x%02x" % ord(ch) if (ord(ch) < 0x20 and ch != "\t") or ord(ch) == 0x7f else ch
                   for ch in text(b))


def first_line(s):
    return next((l for l in s.splitlines() if l.strip()), "(empty)")[:300]


class Sandbox:
    """A private directory holding a pre-existing out.mlir."""

    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix="ttx-bad-")
        self.out = os.path.join(self.dir, "out.mlir")
        with open(self.out, "wb") as f:
            f.write(SENTINEL)

    def path(self, name):
        return os.path.join(self.dir, name)

    def check_untouched(self, inputs=()):
        try:
            with open(self.out, "rb") as f:
                data = f.read()
        except OSError as e:
            raise Fail("out.mlir is gone: %s" % e)
        if data != SENTINEL:
            raise Fail("out.mlir was modified (%d bytes now, starts %r)" % (len(data), data[:60]))
        extra = sorted(set(os.listdir(self.dir)) - {"out.mlir"} - set(inputs))
        if extra:
            raise Fail("files left next to out.mlir: %s" % ", ".join(extra))

    def close(self):
        shutil.rmtree(self.dir, ignore_errors=True)


def run(cmd, stdin=None):
    try:
        p = subprocess.run(cmd, input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        raise Fail("no answer within %d s" % TIMEOUT)
    err = text(p.stderr)
    for s in SANITIZER:
        if s in err:
            line = next(l for l in err.splitlines() if s in l)
            raise Fail("sanitizer report: %s" % line.strip()[:300])
    if p.returncode < 0:
        raise Fail("killed by signal %d; stderr: %s" % (-p.returncode, first_line(err)))
    return p.returncode, p.stdout, err


def find_error(err, fname):
    """The first `error:` line of stderr, its index and its match."""
    lines = err.splitlines()
    for i, l in enumerate(lines):
        if ": error: " in l:
            m = ERROR_LINE.match(l)
            if not m:
                raise Fail("first error line is not FILE:LINE:COL: error: MESSAGE: %r" % l[:300])
            f = m.group(1)
            if fname is not None and f != fname and not f.endswith("/" + fname):
                raise Fail("error names file %r, expected %r" % (f, fname))
            return lines, i, m
    raise Fail("no 'error:' line in stderr: %s" % first_line(err))


def check_caret(lines, i, col, source_line):
    """Source line then caret line after the error line; with source_line
    (None: not checked) the caret must sit under column col."""
    if i + 2 >= len(lines):
        raise Fail("no source line and caret after the error line")
    shown, caret = lines[i + 1], lines[i + 2]
    if not re.fullmatch(r"[ \t]*\^[~^]*\s*", caret):
        raise Fail("no caret line after the source line: %r" % caret[:120])
    if source_line is None:
        return
    # a long line may be shown in part: a window of it, "..." marking a cut
    core = shown
    cut = 0
    for mark in ("...", "\u2026"):
        if core.startswith(mark):
            core, cut = core[len(mark):], len(mark)
            break
    for mark in ("...", "\u2026"):
        if core.endswith(mark) and core != source_line:
            core = core[:-len(mark)]
            break
    start = source_line.find(core)
    if (not core and source_line) or start < 0:
        raise Fail("shown source line %r is not line %r of the input" % (shown[:120], source_line[:120]))
    at = caret.index("^") - cut + start
    if at != col - 1:
        raise Fail("caret under column %d, expected %d" % (at + 1, col))


def expect_located_error(rc, err, fname, line=None, col=None, msg=None, src=None):
    if rc == 0:
        raise Fail("exit status 0 (succeeded), expected 1")
    if rc != 1:
        raise Fail("exit status %d, expected 1; stderr: %s" % (rc, first_line(err)))
    lines, i, m = find_error(err, fname)
    got_line, got_col, got_msg = int(m.group(2)), int(m.group(3)), m.group(4)
    if line is not None and (got_line, got_col) != (line, col):
        raise Fail("error at %d:%d, expected %d:%d (message: %s)" % (got_line, got_col, line, col, got_msg[:200]))
    alts = (msg,) if isinstance(msg, str) else msg
    if alts is not None and not any(a in got_msg for a in alts):
        raise Fail("message %r does not contain %s" % (got_msg[:200], " or ".join(repr(a) for a in alts)))
    source_line = None
    shown_col = got_col
    if src is not None:
        all_lines = src.split(b"\n")
        raw = all_lines[got_line - 1] if got_line - 1 < len(all_lines) else b""
        raw = raw[:-1] if raw.endswith(b"\r") else raw
        source_line = shown(raw)
        # the caret sits under the column as shown: \xNN is four wide, a UTF-8 character one
        shown_col = len(shown(raw[:got_col - 1])) + 1
    check_caret(lines, i, shown_col, source_line)
    return got_line, got_col, got_msg


# ---------------------------------------------------------------- file cases

def file_case(tool, path):
    name = os.path.basename(path)
    with open(path, "rb") as f:
        src = f.read()
    head = text(src).split("\n", 2)
    m = HEADER.match(head[0])
    if not m:
        raise Fail("first line is not '// EXPECT: LINE:COL: MESSAGE'")
    line, col, msg = int(m.group(1)), int(m.group(2)), m.group(3)
    args = []
    if len(head) > 1:
        a = ARGS.match(head[1])
        if a:
            args = a.group(1).split()
    box = Sandbox()
    try:
        rc, _, err = run([tool] + args + [path, "-o", box.out])
        expect_located_error(rc, err, name, line, col, msg, src)
        box.check_untouched()
    finally:
        box.close()


# ---------------------------------------------------------- generated cases

def gen_case(tool, body, fname="input.mlir", must_fail=False, valid_check=None, msg=None,
             accept_msg=None):
    """Write body to a file, run with -o. must_fail: a located error is
    required (message msg if given). Otherwise the input is valid: either
    exit 0 with valid_check(output) true, or a located error whose message
    contains accept_msg (a documented limit)."""
    box = Sandbox()
    try:
        inp = box.path(fname)
        with open(inp, "wb") as f:
            f.write(body)
        rc, _, err = run([tool, UNREG, inp, "-o", box.out])
        if rc == 0 and not must_fail:
            with open(box.out, "rb") as f:
                out = f.read()
            why = valid_check(out)
            if why:
                raise Fail("exit 0 but the output is wrong: %s" % why)
            return
        expect_located_error(rc, err, fname, msg=msg if must_fail else accept_msg)
        box.check_untouched([fname])
    finally:
        box.close()


def gen_cases():
    N_PAREN, N_SQUARE, N_REGION, HUGE = 50000, 200000, 30000, 10 * 1024 * 1024
    cases = []

    def add(name, fn):
        cases.append((name, fn))

    too_deep = "nesting too deep"

    body = (b'"t.op"() {m = affine_map<(d0) -> (' + b"(" * N_PAREN + b"d0" + b")" * N_PAREN
            + b")>} : () -> ()\n")
    add("gen_deep_parens_50000", lambda t: gen_case(
        t, body, valid_check=lambda o: None if b"affine_map<(d0) -> (d0)>" in o
        else "expected affine_map<(d0) -> (d0)> in %r" % o[:200], accept_msg=too_deep))

    body2 = b'"t.op"() {a = ' + b"[" * N_SQUARE + b"1" + b"]" * N_SQUARE + b"} : () -> ()\n"
    def sq_check(o):
        if o.count(b"[") != N_SQUARE or o.count(b"]") != N_SQUARE:
            return "expected %d nested brackets, got %d '[' and %d ']'" % (N_SQUARE, o.count(b"["), o.count(b"]"))
        return None
    add("gen_deep_brackets_200000", lambda t: gen_case(
        t, body2, valid_check=sq_check, accept_msg=too_deep))

    body3 = (b'"a.b"() ({ ' * N_REGION + b'"a.c"() : () -> ()' + b' }) : () -> ()' * N_REGION + b"\n")
    def reg_check(o):
        if o.count(b'"a.b"') != N_REGION or o.count(b'"a.c"') != 1:
            return "expected %d nested \"a.b\" ops and one \"a.c\", got %d and %d" % (
                N_REGION, o.count(b'"a.b"'), o.count(b'"a.c"'))
        return None
    add("gen_deep_regions_30000", lambda t: gen_case(
        t, body3, valid_check=reg_check, accept_msg=too_deep))

    add("gen_unclosed_brackets_200000", lambda t: gen_case(
        t, b'"t.op"() {a = ' + b"[" * N_SQUARE + b"\n", must_fail=True))
    add("gen_unclosed_parens_50000", lambda t: gen_case(
        t, b'"t.op"() : () -> ' + b"(" * N_PAREN + b"\n", must_fail=True))
    add("gen_unclosed_regions_30000", lambda t: gen_case(
        t, b'"a.b"() ({\n' * N_REGION, must_fail=True))

    key = b"k" * HUGE
    add("gen_huge_identifier_10MB", lambda t: gen_case(
        t, b'"t.op"() {' + key + b' = 1 : i32} : () -> ()\n',
        valid_check=lambda o: None if key + b" = 1 : i32" in o else "the 10 MB attribute name is not in the output"))
    ssa = b"%v" + b"x" * HUGE
    add("gen_huge_ssa_name_10MB", lambda t: gen_case(
        t, ssa + b' = "t.def"() : () -> i32\n"t.use"(' + ssa + b") : (i32) -> ()\n",
        valid_check=lambda o: None if b'"t.use"' in o and b'"t.def"' in o else "ops missing from the output"))
    s = b"s" * HUGE
    add("gen_huge_string_10MB", lambda t: gen_case(
        t, b'"t.op"() {s = "' + s + b'"} : () -> ()\n',
        valid_check=lambda o: None if b'"' + s + b'"' in o else "the 10 MB string is not in the output"))
    add("gen_huge_unterminated_string_10MB", lambda t: gen_case(
        t, b'"t.op"() {s = "' + s + b"\n", must_fail=True, msg="unterminated string"))
    add("gen_huge_integer_1MB", lambda t: gen_case(
        t, b'"t.op"() {a = ' + b"9" * (1024 * 1024) + b" : i64} : () -> ()\n",
        must_fail=True, msg=("out of range", "too long")))

    def nul_byte(t):
        box = Sandbox()
        try:
            src = b'"t.op"() : () -> ()\n"t.op"() \x00 : () -> ()\n'
            inp = box.path("nul.mlir")
            with open(inp, "wb") as f:
                f.write(src)
            rc, _, err = run([t, UNREG, inp, "-o", box.out])
            expect_located_error(rc, err, "nul.mlir", 2, 10, "unexpected character", src)
            box.check_untouched(["nul.mlir"])
        finally:
            box.close()
    add("gen_nul_byte", nul_byte)

    def stdin_error(t):
        box = Sandbox()
        try:
            src = b'%0 = "t.def"() : () -> i32\n"t.use"(%1) : (i32) -> ()\n'
            rc, _, err = run([t, UNREG, "-", "-o", box.out], stdin=src)
            expect_located_error(rc, err, "<stdin>", 2, 9, "use of undeclared SSA value name", src)
            box.check_untouched()
        finally:
            box.close()
    add("gen_stdin_error", stdin_error)

    def located(t, fname, src, line, col, msg):
        box = Sandbox()
        try:
            inp = box.path(fname)
            with open(inp, "wb") as f:
                f.write(src)
            rc, _, err = run([t, UNREG, inp, "-o", box.out])
            expect_located_error(rc, err, fname, line, col, msg, src)
            box.check_untouched([fname])
        finally:
            box.close()

    # CRLF line ends: the \r is not a column, the line count is unchanged
    crlf = b'%0 = "t.def"() : () -> i32\r\n\r\n"t.use"(%0, %1) : (i32, i32) -> ()\r\n'
    add("gen_crlf_location", lambda t: located(
        t, "crlf.mlir", crlf, 3, 13, "use of undeclared SSA value name", ))
    # a tab counts as one column, and the caret line keeps the tab
    tab = b'"t.region"() ({\n\t"t.use"(%x) : (i32) -> ()\n}) : () -> ()\n'
    add("gen_tab_location", lambda t: located(
        t, "tab.mlir", tab, 2, 10, "use of undeclared SSA value name"))
    # an error far to the right of a long line: the caret must still point at it
    keys = b", ".join(b"k%d = %d : i32" % (i, i) for i in range(600))
    far = b'"t.op"() {' + keys + b", k7 = 0 : i32} : () -> ()\n"
    add("gen_far_right_location", lambda t: located(
        t, "far.mlir", far, 1, len(far) - len(b"k7 = 0 : i32} : () -> ()\n") + 1,
        "duplicate key 'k7' in dictionary attribute"))

    def sanity(t):
        # a valid input must succeed, or every other case proves nothing
        box = Sandbox()
        try:
            inp = box.path("ok.mlir")
            with open(inp, "wb") as f:
                f.write(b'%0 = "t.def"() : () -> i32\n"t.use"(%0) : (i32) -> ()\n')
            rc, _, err = run([t, UNREG, inp, "-o", box.out])
            if rc != 0:
                raise Fail("valid input failed (exit %d): %s" % (rc, first_line(err)))
            with open(box.out, "rb") as f:
                if b'"t.use"' not in f.read():
                    raise Fail("valid input: output lacks the ops")
            empty = box.path("empty.mlir")
            open(empty, "wb").close()
            rc, out, err = run([t, UNREG, empty])
            if rc != 0 or out != b"module {\n}\n\n":
                raise Fail("empty input: exit %d, output %r, expected 'module {\\n}'" % (rc, out[:80]))
        finally:
            box.close()
    add("gen_sanity_valid_input", sanity)
    return cases


# ------------------------------------------------------------ command line

def cli_case(tool, argv, mention, stdin=b""):
    """argv: arguments, with {in} for a valid input file, {out} for the
    pre-existing out.mlir and {dir} for the sandbox directory. The run must
    exit 1 with a one-line message naming `mention`, and leave out.mlir."""
    box = Sandbox()
    try:
        inp = box.path("in.mlir")
        with open(inp, "wb") as f:
            f.write(b'"t.op"() : () -> ()\n')
        args = [a.format(**{"in": inp, "out": box.out, "dir": box.dir}) for a in argv]
        mention = mention.format(**{"in": inp, "out": box.out, "dir": box.dir})
        rc, _, err = run([tool, UNREG] + args, stdin=stdin)
        if rc != 1:
            raise Fail("exit status %d, expected 1; stderr: %s" % (rc, first_line(err)))
        if not err.strip():
            raise Fail("exit 1 with nothing on stderr")
        if mention not in err:
            raise Fail("stderr does not mention %r: %s" % (mention, first_line(err)))
        box.check_untouched(["in.mlir", "sub", "unreadable.mlir"])
    finally:
        box.close()


def cli_cases():
    cases = []

    def add(name, argv, mention):
        cases.append((name, lambda t: cli_case(t, argv, mention)))

    add("cli_unknown_option", ["--no-such-option", "{in}", "-o", "{out}"], "--no-such-option")
    add("cli_unknown_short_option", ["-Q", "{in}", "-o", "{out}"], "-Q")
    add("cli_missing_o_argument", ["{in}", "-o"], "-o")
    add("cli_two_inputs", ["{in}", "{in}", "-o", "{out}"], "must be an existing directory")
    add("cli_missing_input_file", ["{dir}/does-not-exist.mlir", "-o", "{out}"], "does-not-exist.mlir")
    add("cli_input_is_directory", ["{dir}", "-o", "{out}"], "{dir}")
    add("cli_output_dir_missing", ["{in}", "-o", "{dir}/sub/out.mlir"], "{dir}/sub/out.mlir")
    add("cli_bad_emit_value", ["--emit=nonsense", "{in}", "-o", "{out}"], "nonsense")

    def unreadable(t):
        if os.geteuid() == 0:
            raise Skip("running as root: a mode-000 file is still readable")
        box = Sandbox()
        try:
            p = box.path("unreadable.mlir")
            with open(p, "wb") as f:
                f.write(b'"t.op"() : () -> ()\n')
            os.chmod(p, 0)
            rc, _, err = run([t, UNREG, p, "-o", box.out])
            if rc != 1:
                raise Fail("exit status %d, expected 1" % rc)
            if "unreadable.mlir" not in err:
                raise Fail("stderr does not name the file: %s" % first_line(err))
            box.check_untouched(["unreadable.mlir"])
        finally:
            os.chmod(box.path("unreadable.mlir"), stat.S_IRUSR | stat.S_IWUSR)
            box.close()
    cases.append(("cli_unreadable_input", unreadable))
    return cases


def attempt(fn):
    try:
        fn()
        return "PASS", None
    except Fail as e:
        return "FAIL", str(e)
    except Skip as e:
        return "SKIP", str(e)
    except Exception as e:  # a bug in this runner counts as a failure
        return "FAIL", "runner error: %r" % (e,)


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    tool, d = os.path.abspath(sys.argv[1]), sys.argv[2]
    files = sorted(f for f in os.listdir(d) if f.endswith(".mlir"))
    jobs = [(f[:-5], (lambda p: lambda: file_case(tool, p))(os.path.join(d, f))) for f in files]
    jobs += [(n, (lambda fn: lambda: fn(tool))(fn)) for n, fn in gen_cases() + cli_cases()]
    workers = min(8, os.cpu_count() or 1)
    with concurrent.futures.ThreadPoolExecutor(workers) as ex:
        results = list(ex.map(lambda j: attempt(j[1]), jobs))
    passed = failed = 0
    for (name, _), (status, why) in zip(jobs, results):
        if status == "PASS":
            passed += 1
            print("PASS %s" % name)
        elif status == "SKIP":
            print("SKIP %s: %s" % (name, why))
        else:
            failed += 1
            print("FAIL %s: %s" % (name, why))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
