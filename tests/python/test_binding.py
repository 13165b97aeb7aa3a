"""The ctypes binding of the C API, and imports that must stay cheap."""
import os
import subprocess
import sys

import pytest
import ttxform

TTIR = """module {
  tt.func public @k(%p: !tt.ptr<f32>) {
    %0 = tt.get_program_id x : i32
    %1 = arith.sitofp %0 : i32 to f32
    %2 = tt.addptr %p, %0 : !tt.ptr<f32>, i32
    tt.store %2, %1 : !tt.ptr<f32>
    tt.return
  }
}
"""


def test_version_and_build_id():
    assert ttxform.version() == "0.1.0"
    assert ttxform.build_id().startswith("0.1.0+")
    assert os.path.exists(ttxform.library_path())


def test_compile_to_c_and_mlir():
    c = ttxform.compile(TTIR, "c", file="k.ttir")
    assert "void k(float *arg0," in c
    with ttxform.Context() as ctx:
        m = ctx.load(TTIR, "k.ttir")
        assert m.kernel_name == "k"
        m.run_pipeline("canonicalize,cse")
        assert "tt.func public @k" in m.emit("mlir")


def test_errors_are_values():
    with ttxform.Context() as ctx:
        with pytest.raises(ttxform.CompilationError) as e:
            ctx.load("module {\n  %0 = arith.constant : i32\n}\n", "bad.ttir")
        d = e.value.diagnostics[0]
        assert (d.severity, d.file, d.line) == ("error", "bad.ttir", 2)
        assert str(e.value).startswith("bad.ttir:2:")
        m = ctx.load(TTIR, "k.ttir")
        with pytest.raises(ttxform.CompilationError, match="unknown output 'llvm'"):
            m.emit("llvm")


def test_import_does_no_work():
    """importing ttxform and ttxform.triton loads neither Triton nor libttxform"""
    code = ("import sys, ttxform, ttxform.triton; "
            "assert 'triton' not in sys.modules, 'triton'; "
            "assert ttxform._lib._lib is None, 'lib'; print('ok')")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.stdout.strip() == "ok", r.stderr


def test_import_without_triton(tmp_path):
    """with no importable triton, ttxform and ttxform.triton still import"""
    (tmp_path / "triton").mkdir()
    (tmp_path / "triton" / "__init__.py").write_text("raise ImportError('no triton here')\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")]))
    code = "import ttxform, ttxform.triton; print(ttxform.triton.tensor.__name__)"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert r.stdout.strip() == "tensor", r.stderr
