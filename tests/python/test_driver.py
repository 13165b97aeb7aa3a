"""The driver's selection, set_active, and the backend's cache key."""
import json
import os
import subprocess
import sys
import textwrap

import triton
import ttxform
from ttxform.triton import CPUDriver


def test_key_holds_ttxform_build():
    from triton.compiler.compiler import make_backend
    backend = make_backend(CPUDriver().get_current_target())
    assert type(backend).__module__ == "ttxform.triton.compiler"
    assert ttxform.build_id() in backend.hash()


def test_not_active_beside_an_active_gpu_driver(monkeypatch):
    from triton.backends import Backend, backends

    class FakeGPUDriver:
        @classmethod
        def is_active(cls):
            return True

    assert CPUDriver.is_active()
    monkeypatch.setitem(backends, "fakegpu", Backend(compiler=None, driver=FakeGPUDriver))
    assert not CPUDriver.is_active()


def test_set_active_when_not_automatic(tmp_path):
    """TTXFORM_TRITON_AUTO=0: no driver is active until set_active(CPUDriver())"""
    script = tmp_path / "k.py"
    script.write_text(textwrap.dedent('''
        import numpy as np, triton, triton.language as tl
        from ttxform.triton import CPUDriver, tensor
        try:
            triton.runtime.driver.active.get_current_target()
            print("active without set_active")
        except RuntimeError as e:
            print("none:", "0 active drivers" in str(e))
        triton.runtime.driver.set_active(CPUDriver())

        @triton.jit
        def neg(x_ptr, n, BLOCK: tl.constexpr):
            offs = tl.arange(0, BLOCK)
            tl.store(x_ptr + offs, -tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)

        x = np.arange(10, dtype=np.float32)
        neg[(1,)](tensor(x), 10, BLOCK=16)
        print("ok", (x == -np.arange(10)).all())
    '''))
    env = dict(os.environ, TTXFORM_TRITON_AUTO="0", TRITON_CACHE_DIR=str(tmp_path / "cache"))
    r = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=300)
    assert r.stdout.split("\n")[:2] == ["none: True", "ok True"], r.stdout + r.stderr


def test_device_properties():
    d = CPUDriver()
    props = d.utils.get_device_properties(d.get_current_device())
    assert props["multiprocessor_count"] >= 1 and props["max_shared_mem"] > 0
    assert d.map_python_to_cpp_type("*fp32") == "void*"
    assert d.get_current_target() == triton.backends.compiler.GPUTarget("cpu", d.get_current_target().arch, 1)


def test_trace(tmp_path):
    """TTXFORM_TRACE=FILE.json: each launch a Chrome trace event with its grid"""
    script = tmp_path / "k.py"
    script.write_text(textwrap.dedent('''
        import numpy as np, triton, triton.language as tl
        from ttxform.triton import tensor

        @triton.jit
        def fill(x_ptr, BLOCK: tl.constexpr):
            offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
            tl.store(x_ptr + offs, offs.to(tl.float32))

        x = np.zeros(64, np.float32)
        fill[(4,)](tensor(x), BLOCK=16)
        fill[(2, 1, 1)](tensor(x), BLOCK=16)
    '''))
    trace = tmp_path / "t.json"
    env = dict(os.environ, TTXFORM_TRACE=str(trace), TRITON_CACHE_DIR=str(tmp_path / "cache"))
    r = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stderr
    events = json.loads(trace.read_text())["traceEvents"]
    assert [(e["name"], e["ph"], e["args"]["grid"]) for e in events] == [("fill", "X", [4, 1, 1]),
                                                                          ("fill", "X", [2, 1, 1])]
    assert all(e["dur"] >= 0 and e["ts"] >= 0 for e in events)


DUMP_SCRIPT = '''
import numpy as np, triton, triton.language as tl
from ttxform.triton import tensor

@triton.jit
def twice(x_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, 2 * tl.load(x_ptr + offs))

x = np.ones(64, np.float32)
twice[(4,)](tensor(x), BLOCK=16)
assert (x == 2).all()
'''


def run_script(tmp_path, **env):
    script = tmp_path / "k.py"
    script.write_text(DUMP_SCRIPT)
    env = dict(os.environ, TRITON_CACHE_DIR=str(tmp_path / "cache"), **env)
    for k in ("TTXFORM_TRACE", "TTXFORM_DUMP_DIR", "TRITON_KERNEL_DUMP"):
        if k not in env or env[k] is None:
            env.pop(k, None)
    r = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stderr


def test_proton_capture_is_a_trace(tmp_path):
    """PROTON_KERNEL_CAPTURE=1 PROTON_OUTPUT=FILE.json as TTXFORM_TRACE=FILE.json"""
    out = tmp_path / "p.json"
    run_script(tmp_path, PROTON_KERNEL_CAPTURE="1", PROTON_OUTPUT=str(out), TTXFORM_TRACE=None)
    events = json.loads(out.read_text())["traceEvents"]
    assert [(e["name"], e["args"]["grid"]) for e in events] == [("twice", [4, 1, 1])]


def test_ttxform_dump_dir(tmp_path):
    """TTXFORM_DUMP_DIR=DIR: DIR/NAME-HASH/ holds the TTIR ttxform read, the C
    and the shared object"""
    d = tmp_path / "dump"
    run_script(tmp_path, TTXFORM_DUMP_DIR=str(d))
    (k,) = list(d.iterdir())
    assert k.name.startswith("twice-") and len(k.name) == len("twice-") + 16
    assert sorted(p.name for p in k.iterdir()) == ["twice.c", "twice.so", "twice.ttir"]
    assert "tt.func public @twice" in (k / "twice.ttir").read_text()
    assert "void ttx_program(" in (k / "twice.c").read_text()
    assert (k / "twice.so").read_bytes()[:4] == b"\x7fELF"


def test_triton_kernel_dump(tmp_path):
    """Triton's own TRITON_KERNEL_DUMP=1 TRITON_DUMP_DIR=DIR keeps this
    backend's stages too"""
    d = tmp_path / "tdump"
    run_script(tmp_path, TRITON_KERNEL_DUMP="1", TRITON_DUMP_DIR=str(d), TTXFORM_DUMP_DIR=None)
    names = sorted(p.name for p in d.rglob("*") if p.is_file())
    assert {"twice.ttir", "twice.c", "twice.so"} <= set(names), names
