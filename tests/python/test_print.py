"""tl.device_print through the backend prints Triton's lines (as the
interpreter of `ttxform run --interp` prints them): one per element, with the
program id, the index, the prefix and the value; hex bits with hex=True;
unsigned types unsigned.  The kernel runs in a child process so that its C
stdout can be read."""
import os
import subprocess
import sys
import textwrap

CHILD = textwrap.dedent('''
    import numpy as np
    import triton
    import triton.language as tl
    from ttxform.triton import tensor

    @triton.jit
    def printing(x, u, N: tl.constexpr):
        i = tl.arange(0, N)
        v = tl.load(x + i)
        tl.device_print("v=", v)
        tl.device_print("hex", v, hex=True)
        tl.device_print("pid", tl.program_id(0))
        tl.device_print("u", tl.load(u + i))
        tl.device_print("b", v > 0)

    printing[(2,)](tensor(np.array([1.5, -2.0], np.float32)), tensor(np.array([4000000000, 7], np.uint32)), N=2)
''')

EXPECTED = []
for pid in range(2):
    EXPECTED += [f"pid ({pid}, 0, 0) idx (0) v=: 1.5", f"pid ({pid}, 0, 0) idx (1) v=: -2",
                 f"pid ({pid}, 0, 0) idx (0) hex: 0x3fc00000", f"pid ({pid}, 0, 0) idx (1) hex: 0xc0000000",
                 f"pid ({pid}, 0, 0) idx (0) pid: {pid}",
                 f"pid ({pid}, 0, 0) idx (0) u: 4000000000", f"pid ({pid}, 0, 0) idx (1) u: 7",
                 f"pid ({pid}, 0, 0) idx (0) b: 1", f"pid ({pid}, 0, 0) idx (1) b: 0"]


def test_device_print_lines(tmp_path):
    env = dict(os.environ, TTXFORM_THREADS="1")
    child = tmp_path / "printing.py"   # Triton reads a @jit function's source from its file
    child.write_text(CHILD)
    r = subprocess.run([sys.executable, str(child)], capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == EXPECTED, r.stdout
