"""Triton's cache holds the shared object: a second process launches the
kernel from it, writing nothing to the cache; the key holds the C compiler, so
another compiler compiles again."""
import os
import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent('''
    import numpy as np, triton, triton.language as tl
    from ttxform.triton import tensor

    @triton.jit
    def twice(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        m = offs < n
        tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=m) * 2, mask=m)

    x = np.arange(1000, dtype=np.float32)
    out = np.zeros_like(x)
    twice[(8,)](tensor(x), tensor(out), 1000, BLOCK=128)
    assert (out == 2 * x).all()
    print("ok")
''')


def run(script, cache, **env):
    e = dict(os.environ, TRITON_CACHE_DIR=str(cache), **env)
    return subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=e, timeout=300)


def test_second_process_reuses_the_shared_object(tmp_path):
    script = tmp_path / "k.py"
    script.write_text(SCRIPT)
    cache = tmp_path / "cache"
    r = run(script, cache)
    assert r.stdout.strip() == "ok", r.stderr
    sos = list(cache.rglob("*.so"))
    assert len(sos) == 1 and sos[0].name == "twice.so"
    assert sos[0].with_suffix(".c").exists() and sos[0].with_suffix(".ttir").exists()
    before = {p: p.stat().st_mtime_ns for p in cache.rglob("*")}
    r = run(script, cache)
    assert r.stdout.strip() == "ok", r.stderr
    assert {p: p.stat().st_mtime_ns for p in cache.rglob("*")} == before
    # another C compiler is another key: compiled again, and a missing one is an error
    r = run(script, cache, TTXFORM_CC="/nonexistent/cc")
    assert r.returncode != 0 and "the C compiler '/nonexistent/cc' was not found" in r.stderr
