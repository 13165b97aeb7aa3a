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
