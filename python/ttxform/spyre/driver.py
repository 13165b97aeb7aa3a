"""The ttxform driver of Triton's ``spyre`` target: a kernel's KTIR run on the
CPU by ttxform's KTIR engine (the JIT of ``ttxform run``).

libttxform's C API compiles but does not run a kernel, so each launch runs the
``ttxform`` executable: every pointer argument is written to a ``.npy`` file
in a temporary directory, bound by position, and read back into the array
after the run.  The executable is ``$TTXFORM_EXECUTABLE``, else the one of the
library's build (``api/../ttxform``), else the one beside the interpreter
(the environment's ``bin/``, where ``pip install`` puts it), else ``ttxform``
on the PATH.

``SpyreDriver`` is never active by itself (a real Spyre device is not this);
select it with ``triton.runtime.driver.set_active(SpyreDriver())``.  The
launch grid must be the grid the KTIR was compiled for (the ``grid`` option,
axes past it 1): the kernel's ``tl.num_programs`` are constants of it.
Importing this module must never fail, so it only defines things.
"""
from __future__ import annotations

import itertools
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable
from typing import Any

from triton.backends.compiler import GPUTarget

from .._driver import HostDriver, HostUtils, kernel_args

_kernels: dict[int, tuple[str, str]] = {}
_ids = itertools.count(1)
_lock = threading.Lock()


def ttxform_executable() -> str:
    env = os.environ.get("TTXFORM_EXECUTABLE")
    if env:
        return env
    from .. import _lib
    lib = _lib.library_path()
    for cand in (os.path.join(os.path.dirname(os.path.dirname(lib)), "ttxform"),
                 os.path.join(os.path.dirname(sys.executable), "ttxform"),
                 os.path.join(sys.prefix, "bin", "ttxform")):
        if os.path.isfile(cand) and os.access(cand, os.X_OK):
            return cand
    found = shutil.which("ttxform")
    if found is None:
        raise RuntimeError("ttxform spyre: the ttxform executable was not found (set TTXFORM_EXECUTABLE)")
    return found


class SpyreUtils(HostUtils):
    """driver.utils: a loaded kernel is its KTIR text, kept by a handle"""

    processors = 32

    def load_binary(self, name: str, kernel: bytes | str, shared: int, device: Any) -> tuple:
        text = kernel.decode() if isinstance(kernel, bytes) else kernel
        with _lock:
            handle = next(_ids)
            _kernels[handle] = (name, text)
        return None, handle, 0, 0, 1 << 30


def _array(v: Any, name: str) -> Any:
    arr = getattr(v, "array", None)
    if arr is None and hasattr(v, "numpy") and hasattr(v, "data_ptr"):
        if getattr(v, "is_cpu", True) is False:
            raise ValueError(f"ttxform spyre: argument '{name}' is a tensor on {getattr(v, 'device', '?')}")
        arr = v.numpy()
    if arr is None:
        raise TypeError(f"ttxform spyre: argument '{name}' must be ttxform.triton.tensor(array) or a CPU tensor,"
                        f" not {type(v).__name__}")
    return arr


class SpyreLauncher:
    """called as Triton calls a launcher: (gridX, gridY, gridZ, stream,
    function, packed_metadata, launch_metadata, enter_hook, exit_hook, *args)"""

    def __init__(self, src: Any, metadata: Any) -> None:
        self.plan = [(i, n, ty.startswith("*")) for i, n, ty in kernel_args(src, "ttxform spyre")]
        self.grid = tuple(getattr(metadata, "grid", (32,)))

    def __call__(self, gridX: int, gridY: int, gridZ: int, stream: Any, function: int, packed_metadata: Any,
                 launch_metadata: Any, launch_enter_hook: Callable | None, launch_exit_hook: Callable | None,
                 *args: Any) -> None:
        import numpy as np
        want = (tuple(self.grid) + (1, 1, 1))[:3]
        if (gridX, gridY, gridZ) != want:
            raise ValueError(f"ttxform spyre: launch grid ({gridX}, {gridY}, {gridZ}) is not the grid "
                             f"{self.grid} the kernel was compiled for (its grid option)")
        name, text = _kernels[function]
        if launch_enter_hook is not None:
            launch_enter_hook(launch_metadata)
        with tempfile.TemporaryDirectory(prefix="ttxform-spyre-") as d:
            kpath = os.path.join(d, f"{name}.ktir")
            with open(kpath, "w", encoding="utf-8") as f:
                f.write(text)
            cmd = [ttxform_executable(), "run", kpath, f"--grid={gridX},{gridY},{gridZ}"]
            outs = []
            for pos, (i, n, is_ptr) in enumerate(self.plan):
                v = args[i]
                if is_ptr:
                    arr = _array(v, n)
                    p = os.path.join(d, f"a{pos}.npy")
                    np.save(p, np.ascontiguousarray(arr))
                    o = os.path.join(d, f"o{pos}.npy")
                    cmd += ["--arg", f"{pos}={p}", "--output", f"{pos}={o}"]
                    outs.append((arr, o))
                else:
                    cmd += ["--arg", f"{pos}={int(v) if isinstance(v, (bool, int)) else repr(float(v))}"]
            r = subprocess.run(cmd, capture_output=True, text=True, check=False)
            if r.returncode != 0:
                raise RuntimeError(f"ttxform spyre: {name}: ttxform run failed:\n{r.stderr[-4000:]}")
            for arr, o in outs:
                arr[...] = np.load(o).reshape(arr.shape)
        if launch_exit_hook is not None:
            launch_exit_hook(launch_metadata)


class SpyreDriver(HostDriver):
    """Triton's driver for the spyre target, running KTIR on the CPU"""

    utils_cls = SpyreUtils
    launcher_cls = SpyreLauncher

    def get_current_target(self) -> GPUTarget:
        return GPUTarget("spyre", 1, 1)
