#!/usr/bin/env python3
"""Numerical check of ttxform's KTIR output with the ktir-cpu interpreter.

Each sample in samples/spyre/ is lowered with

    ttxform SAMPLE.ttir --emit=ktir --ktir-cpu [--grid=...]

and the resulting KTIR is executed by ktir-cpu (github.com/torch-spyre/ktir-cpu)
through the ktir_oracle.py driver, with random inputs.  Every output buffer
is compared with a NumPy reference of what the kernel computes; the table at
the end lists sample, case, output, max abs error and the result.
--ktir-cpu prints the KTIR in the form ktir-cpu's reader takes (it implies
--ktdp-memory-space=generic; see docs/cli.md).  With --raw, the KTIR is lowered
with plain --ktdp-memory-space=generic instead, as MLIR prints it.

Usage:
    check.py --ktir-cpu DIR [--ttxform BIN] [--oracle ktir_oracle.py]
             [--all] [--raw] [--keep DIR] [-v] [SAMPLE ...]

DIR is a source checkout of ktir-cpu (nothing needs installing; NumPy is the
only dependency).  SAMPLE names are stems of files in samples/spyre/
(default: every entry of SAMPLES below that exists).  With --all, every
samples/spyre/*.ttir is also lowered and executed; the ones without an entry
in SAMPLES get random inputs and no reference (status RAN).

Exit status: 0 when every check passed, 1 otherwise.  The last line is
`N passed, N failed` (rows PASS, XFAIL and RAN count as passed).  With
--skip-missing (as meson runs it, the `ktir-cpu` suite), a missing ktir-cpu
checkout or a Python without NumPy is a skip (exit 77) instead of an error.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
SAMPLE_DIR = os.path.join(REPO, "samples", "spyre")

# Per-sample cases.  Each case lowers the sample with its own ttxform flags
# and runs it once.  "inputs" follows the ktir_oracle spec schema: array
# arguments are objects (shape/dtype may be omitted when the argument feeds a
# ktdp.construct_memory_view with static sizes), scalar arguments are plain
# numbers.  "reference" maps each output argument to a NumPy expression over
# the pristine inputs.  Arguments are named as in the lowered KTIR (%arg0,
# %arg1, ...).  "xfail" = (regex, reason) marks a case that is expected to
# fail because of a known ktir-cpu limitation: a failure whose notes match the
# regex is reported as XFAIL, any other failure stays a failure.
# "tol_dtype" = (dtype, reason) compares with the tolerance of another dtype
# where ktir-cpu computes in lower precision than the kernel declares.


def _add(shape=None, dtype="f32", scalars=()):
    """Inputs and reference of C = A + B on arg0/arg1 -> arg2."""
    def arr(fill, seed=None):
        e = {"fill": fill}
        if seed is not None:
            e["seed"] = seed
        if shape is not None:
            e.update(shape=list(shape), dtype=dtype)
        return e
    inputs = {"arg0": arr("randn", 1), "arg1": arr("randn", 2), "arg2": arr("zeros")}
    for i, v in enumerate(scalars):
        inputs[f"arg{3 + i}"] = v
    return {"inputs": inputs, "reference": {"arg2": "arg0 + arg1"}}


RAGGED = (r"guard: kernel wrote \d+ element\(s\) past the end",
          "ktir-cpu does not clip accesses to the view's coordinate_set "
          "(its gap #5), so the partial last block writes past the buffer")
F16_MATMUL = ("f16/f16-matmul", "ktir-cpu's linalg.matmul multiplies f16 operands with np.matmul in "
              "f16 before adding to the f32 accumulator")
SCALAR_F16 = ("f32/f16-scalars", "ktir-cpu evaluates scalar arith.addf/subf/mulf/divf in f16 "
              "whatever the declared type")


def _matmul(label, flags, m, n, k, seeds):
    """A case of C[m,n] (f16) = A[m,k] @ B[k,n] with the tutorial matmul's
    arguments (arg3..arg8 = M, N, K and row-major strides K, N, N), A and B
    uniform in [-1, 1) from the two seeds."""
    def uni(shape, seed):
        return {"shape": shape, "dtype": "f16", "fill": "uniform", "seed": seed, "low": -1, "high": 1}
    return dict(label=label, flags=flags, tol_dtype=F16_MATMUL,
                inputs={"arg0": uni([m, k], seeds[0]), "arg1": uni([k, n], seeds[1]),
                        "arg2": {"shape": [m, n], "dtype": "f16", "fill": "zeros"},
                        "arg3": m, "arg4": n, "arg5": k, "arg6": k, "arg7": n, "arg8": n},
                reference={"arg2": "f64(arg0) @ f64(arg1)"})


SYMBOLIC_VSS = (r"IndexError: list index out of range",
                "ktir-cpu does not read the symbols(...) of an indirect access tile, so a "
                "variables_space_set bounded by a mask (a symbol) cannot be enumerated")

SAMPLES = {
    "vector_add_1d": [
        dict(label="grid=32", flags=[], **_add()),
        dict(label="grid=7", flags=["--grid=7"], **_add()),
    ],
    "vector_add_1d_dynamic": [
        dict(label="n=65536", flags=[], **_add((65536,), scalars=(65536,))),
        dict(label="n=3072,grid=5", flags=["--grid=5"], **_add((3072,), scalars=(3072,))),
        dict(label="n=5000", flags=[], xfail=RAGGED, **_add((5000,), scalars=(5000,))),
    ],
    "vector_add_2d": [
        dict(label="grid=32", flags=[], **_add()),
        dict(label="grid=5", flags=["--grid=5"], **_add()),
    ],
    "vector_add_2d_dynamic": [
        dict(label="256x128", flags=[], **_add((256, 128), scalars=(256, 128))),
        dict(label="48x64,grid=2", flags=["--grid=2"], **_add((48, 64), scalars=(48, 64))),
        dict(label="100x40", flags=[], xfail=RAGGED, **_add((100, 40), scalars=(100, 40))),
    ],
    "vector_add_2d_grid": [
        dict(label="grid=4,8", flags=["--grid=4,8"], **_add()),
        dict(label="grid=3,5", flags=["--grid=3,5"], **_add()),
    ],
    "vector_add_2d_grid_dynamic": [
        dict(label="256x128,grid=4,8", flags=["--grid=4,8"],
             **_add((256, 128), scalars=(256, 128))),
        dict(label="96x80,grid=3,2", flags=["--grid=3,2"],
             **_add((96, 80), scalars=(96, 80))),
    ],
    "vector_add_3d": [
        dict(label="grid=32", flags=[], **_add()),
        dict(label="grid=3", flags=["--grid=3"], **_add()),
    ],
    "vector_add_3d_dynamic": [
        dict(label="64x32x16", flags=[], **_add((64, 32, 16), scalars=(64, 32, 16))),
        dict(label="24x16x40,grid=2", flags=["--grid=2"],
             **_add((24, 16, 40), scalars=(24, 16, 40))),
    ],
    "vector_add_3d_grid": [
        dict(label="grid=4,2,2", flags=["--grid=4,2,2"], **_add()),
        dict(label="grid=3,3,3", flags=["--grid=3,3,3"], **_add()),
    ],
    "vector_add_3d_grid_dynamic": [
        dict(label="64x32x16,grid=4,2,2", flags=["--grid=4,2,2"],
             **_add((64, 32, 16), scalars=(64, 32, 16))),
        dict(label="24x16x40,grid=2,1,3", flags=["--grid=2,1,3"],
             **_add((24, 16, 40), scalars=(24, 16, 40))),
    ],
    # out = arg0, in = arg1, n_rows = arg2, n_cols = arg3; one 1x1024 block
    # per row, so n_cols must be 1024.
    "softmax": [
        dict(label="100x1024", flags=[],
             inputs={"arg0": {"shape": [100, 1024], "dtype": "f16", "fill": "zeros"},
                     "arg1": {"shape": [100, 1024], "dtype": "f16", "fill": "randn",
                              "seed": 1, "std": 2.0},
                     "arg2": 100, "arg3": 1024},
             reference={"arg0": "softmax(f64(arg1), axis=1)"}),
        dict(label="7x1024,grid=3", flags=["--grid=3"],
             inputs={"arg0": {"shape": [7, 1024], "dtype": "f16", "fill": "zeros"},
                     "arg1": {"shape": [7, 1024], "dtype": "f16", "fill": "randn",
                              "seed": 2, "std": 4.0},
                     "arg2": 7, "arg3": 1024},
             reference={"arg0": "softmax(f64(arg1), axis=1)"}),
    ],
    # Pointer-style tutorial kernels (lower-structured-pointers).  Masks are
    # the coordinate domains of distributed views, which ktir-cpu does clip
    # (unlike plain views, item 5), so ragged sizes are checked, with guards.
    # out = arg0 + arg1 -> arg2, n = arg3; one 1024 block per program
    "ptr_vector_add": [
        dict(label="n=32768", flags=[], **_add((32768,), scalars=(32768,))),
        dict(label="n=30000 (ragged, empty programs)", flags=[], **_add((30000,), scalars=(30000,))),
        dict(label="n=5000,grid=5", flags=["--grid=5"], **_add((5000,), scalars=(5000,))),
    ],
    # out = arg0, in = arg1, row strides arg2/arg3, n_rows = arg4, n_cols =
    # arg5 <= 128 (masked, -inf padding), rows strided over the programs
    "ptr_softmax": [
        dict(label="70x100", flags=[],
             inputs={"arg0": {"shape": [70, 100], "dtype": "f32", "fill": "zeros"},
                     "arg1": {"shape": [70, 100], "dtype": "f32", "fill": "randn",
                              "seed": 1, "std": 2.0},
                     "arg2": 100, "arg3": 100, "arg4": 70, "arg5": 100},
             reference={"arg0": "softmax(f64(arg1), axis=1)"}),
        dict(label="64x128", flags=[],
             inputs={"arg0": {"shape": [64, 128], "dtype": "f32", "fill": "zeros"},
                     "arg1": {"shape": [64, 128], "dtype": "f32", "fill": "randn",
                              "seed": 2, "std": 4.0},
                     "arg2": 128, "arg3": 128, "arg4": 64, "arg5": 128},
             reference={"arg0": "softmax(f64(arg1), axis=1)"}),
        dict(label="9x37,grid=4", flags=["--grid=4"],
             inputs={"arg0": {"shape": [9, 37], "dtype": "f32", "fill": "zeros"},
                     "arg1": {"shape": [9, 37], "dtype": "f32", "fill": "randn",
                              "seed": 3, "std": 2.0},
                     "arg2": 37, "arg3": 37, "arg4": 9, "arg5": 37},
             reference={"arg0": "softmax(f64(arg1), axis=1)"}),
    ],
    # C[M,N] (f16) = A[M,K] @ B[K,N] (f16, f32 accumulator); M = arg3, N =
    # arg4, K = arg5, strides arg6..arg8; 32x32x32 blocks, offsets % M, % N
    "ptr_matmul": [
        _matmul("96x80x72 (wrapped N, masked K)", [], 96, 80, 72, (1, 2)),
        _matmul("50x64x40 (wrapped M, masked M and K),grid=8", ["--grid=8"], 50, 64, 40, (3, 4)),
    ],
    # out[i] = x[i * stride + col] for i < n (arg1 = arg0[arg3::arg2][:arg4]):
    # the masked dim's offset is not a multiple of its stride (issue 30)
    "ptr_column_read": [
        dict(label="30 rows of 10, column 3,grid=2", flags=["--grid=2"],
             inputs={"arg0": {"shape": [300], "dtype": "f32", "fill": "randn", "seed": 1},
                     "arg1": {"shape": [32], "dtype": "f32", "fill": "zeros"},
                     "arg2": 10, "arg3": 3, "arg4": 30},
             reference={"arg1": "np.concatenate([arg0[3::10], np.zeros(2, np.float32)])"}),
        dict(label="12 rows of 10, column 3,grid=1", flags=["--grid=1"],
             inputs={"arg0": {"shape": [120], "dtype": "f32", "fill": "randn", "seed": 2},
                     "arg1": {"shape": [16], "dtype": "f32", "fill": "zeros"},
                     "arg2": 10, "arg3": 3, "arg4": 12},
             reference={"arg1": "np.concatenate([arg0[3::10], np.zeros(4, np.float32)])"}),
        dict(label="stride 10, offset 13 (past one row),grid=2", flags=["--grid=2"],
             inputs={"arg0": {"shape": [300], "dtype": "f32", "fill": "randn", "seed": 4},
                     "arg1": {"shape": [32], "dtype": "f32", "fill": "zeros"},
                     "arg2": 10, "arg3": 13, "arg4": 20},
             reference={"arg1": "np.concatenate([arg0[13::10][:20], np.zeros(12, np.float32)])"}),
        dict(label="stride 0 (one element broadcast),grid=2", flags=["--grid=2"],
             inputs={"arg0": {"shape": [300], "dtype": "f32", "fill": "randn", "seed": 5},
                     "arg1": {"shape": [32], "dtype": "f32", "fill": "zeros"},
                     "arg2": 0, "arg3": 3, "arg4": 30},
             reference={"arg1": "np.concatenate([np.full(30, arg0[3], np.float32), np.zeros(2, np.float32)])"}),
        dict(label="stride -1 (reversed) from 50,grid=2", flags=["--grid=2"],
             inputs={"arg0": {"shape": [300], "dtype": "f32", "fill": "randn", "seed": 6},
                     "arg1": {"shape": [32], "dtype": "f32", "fill": "zeros"},
                     "arg2": -1, "arg3": 50, "arg4": 30},
             reference={"arg1": "np.concatenate([arg0[50:20:-1], np.zeros(2, np.float32)])"}),
        dict(label="stride -1 from 250, n=10 (program 1 empty),grid=2", flags=["--grid=2"],
             inputs={"arg0": {"shape": [300], "dtype": "f32", "fill": "randn", "seed": 7},
                     "arg1": {"shape": [32], "dtype": "f32", "fill": "zeros"},
                     "arg2": -1, "arg3": 250, "arg4": 10},
             reference={"arg1": "np.concatenate([arg0[250:240:-1], np.zeros(22, np.float32)])"}),
        dict(label="7 rows of 5, column 4,grid=1", flags=["--grid=1"],
             inputs={"arg0": {"shape": [35], "dtype": "f32", "fill": "randn", "seed": 3},
                     "arg1": {"shape": [16], "dtype": "f32", "fill": "zeros"},
                     "arg2": 5, "arg3": 4, "arg4": 7},
             reference={"arg1": "np.concatenate([arg0[4::5], np.zeros(9, np.float32)])"}),
    ],
    # out[p*16 + i] = x[(p*16 + 2*i + 3) % 64]: a wrapped dim whose offset is
    # not a multiple of its stride 2 (the rest goes to the base address)
    "ptr_wrap_offset": [
        dict(label="64,grid=4", flags=["--grid=4"],
             inputs={"arg0": {"shape": [64], "dtype": "f32", "fill": "randn", "seed": 1},
                     "arg1": {"shape": [64], "dtype": "f32", "fill": "zeros"}},
             reference={"arg1": "arg0[(np.arange(64) // 16 * 16 + 2 * (np.arange(64) % 16) + 3) % 64]"}),
    ],
    # out[r, pid_n] = 2 * x[r, pid_n] over a 2-D grid (rows masked by M =
    # arg2, row stride nb = arg3): the column is the part of the offset
    # below the stride; --grid=X,1 keeps its second axis (issue 30)
    "ptr_grid2d_column": [
        dict(label="40x3,grid=3,3", flags=["--grid=3,3"],
             inputs={"arg0": {"shape": [40, 3], "dtype": "f32", "fill": "randn", "seed": 1},
                     "arg1": {"shape": [40, 3], "dtype": "f32", "fill": "zeros"},
                     "arg2": 40, "arg3": 3},
             reference={"arg1": "2 * arg0"}),
        dict(label="40x1,grid=3,1", flags=["--grid=3,1"],
             inputs={"arg0": {"shape": [40, 1], "dtype": "f32", "fill": "randn", "seed": 2},
                     "arg1": {"shape": [40, 1], "dtype": "f32", "fill": "zeros"},
                     "arg2": 40, "arg3": 1},
             reference={"arg1": "2 * arg0"}),
    ],
    # C[M,N] (f16) = A[M,K] @ B[K,N]: 16x16x16 blocks on a 2-D grid, rows of
    # A and columns of B masked, A's pointers advanced by BLOCK_K in the K
    # loop (an offset that is not a multiple of A's row stride: every K > 16
    # needs its remainder, issue 30); M = arg3, N = arg4, K = arg5, strides
    # arg6..arg10
    "ptr_matmul_advance": [
        dict(label="40x24x64,grid=3,2", flags=["--grid=3,2"], tol_dtype=F16_MATMUL,
             inputs={"arg0": {"shape": [40, 64], "dtype": "f16", "fill": "uniform",
                              "seed": 1, "low": -1, "high": 1},
                     "arg1": {"shape": [64, 24], "dtype": "f16", "fill": "uniform",
                              "seed": 2, "low": -1, "high": 1},
                     "arg2": {"shape": [40, 24], "dtype": "f16", "fill": "zeros"},
                     "arg3": 40, "arg4": 24, "arg5": 64, "arg6": 64, "arg7": 24, "arg8": 1,
                     "arg9": 24, "arg10": 1},
             reference={"arg2": "f64(arg0) @ f64(arg1)"}),
        dict(label="32x32x48,grid=2,2", flags=["--grid=2,2"], tol_dtype=F16_MATMUL,
             inputs={"arg0": {"shape": [32, 48], "dtype": "f16", "fill": "uniform",
                              "seed": 3, "low": -1, "high": 1},
                     "arg1": {"shape": [48, 32], "dtype": "f16", "fill": "uniform",
                              "seed": 4, "low": -1, "high": 1},
                     "arg2": {"shape": [32, 32], "dtype": "f16", "fill": "zeros"},
                     "arg3": 32, "arg4": 32, "arg5": 48, "arg6": 48, "arg7": 32, "arg8": 1,
                     "arg9": 32, "arg10": 1},
             reference={"arg2": "f64(arg0) @ f64(arg1)"}),
    ],
    # out = x[idx] (arg2 = arg0[arg1]): 256 indices per program read from
    # memory, the load an indirect tile
    "ptr_gather": [
        dict(label="n=8192 from 1000", flags=[],
             inputs={"arg0": {"shape": [1000], "dtype": "f32", "fill": "randn", "seed": 1},
                     "arg1": {"shape": [8192], "dtype": "i32", "fill": "values",
                              "data": [(i * 7919 + 13) % 1000 for i in range(8192)]},
                     "arg2": {"shape": [8192], "dtype": "f32", "fill": "zeros"}},
             reference={"arg2": "arg0[arg1]"}),
        dict(label="n=1280 from 5000,grid=5", flags=["--grid=5"],
             inputs={"arg0": {"shape": [5000], "dtype": "f32", "fill": "randn", "seed": 2},
                     "arg1": {"shape": [1280], "dtype": "i32", "fill": "values",
                              "data": [4999 - (i * 31) % 5000 for i in range(1280)]},
                     "arg2": {"shape": [1280], "dtype": "f32", "fill": "zeros"}},
             reference={"arg2": "arg0[arg1]"}),
    ],
    # out[idx] = x (arg2[arg1] = arg0, distinct indices; the other elements
    # of out keep their values): the store an indirect tile
    "ptr_scatter": [
        dict(label="n=8192 into 9100", flags=[],
             inputs={"arg0": {"shape": [8192], "dtype": "f32", "fill": "randn", "seed": 1},
                     "arg1": {"shape": [8192], "dtype": "i32", "fill": "values",
                              "data": [(i * 3 + 5) % 8192 + (i * 3 + 5) % 8192 // 10 for i in range(8192)]},
                     "arg2": {"shape": [9100], "dtype": "f32", "fill": "randn", "seed": 2}},
             reference={"arg2": "(lambda o: (o.__setitem__(arg1, arg0), o)[1])(arg2.copy())"}),
    ],
    # out[t, :dim] = w[ids[t], :dim] for t < n_tokens: ids = arg0 (i64), w =
    # arg1 (row stride arg5), out = arg2 (row stride arg6), n_tokens = arg3,
    # dim = arg4; 16 tokens x 64 columns per program, both masked
    "ptr_embedding": [
        dict(label="45 tokens, dim 48 of 100x48", flags=[], xfail=SYMBOLIC_VSS,
             inputs={"arg0": {"shape": [45], "dtype": "i64", "fill": "values",
                              "data": [(i * 37 + 5) % 100 for i in range(45)]},
                     "arg1": {"shape": [100, 48], "dtype": "f32", "fill": "randn", "seed": 1},
                     "arg2": {"shape": [45, 48], "dtype": "f32", "fill": "zeros"},
                     "arg3": 45, "arg4": 48, "arg5": 48, "arg6": 48},
             reference={"arg2": "arg1[arg0]"}),
        dict(label="64 tokens, dim 64 of 300x80 (stride 80),grid=4", flags=["--grid=4"], xfail=SYMBOLIC_VSS,
             inputs={"arg0": {"shape": [64], "dtype": "i64", "fill": "values",
                              "data": [299 - (i * 13) % 300 for i in range(64)]},
                     "arg1": {"shape": [300, 80], "dtype": "f32", "fill": "randn", "seed": 2},
                     "arg2": {"shape": [64, 64], "dtype": "f32", "fill": "zeros"},
                     "arg3": 64, "arg4": 64, "arg5": 80, "arg6": 64},
             reference={"arg2": "arg1[arg0][:, :64]"}),
    ],
    # triton-shared's index_select_row_index_mask_kernel: out (arg1, strides
    # arg6, arg7) = x[idx] (arg0, strides arg4, arg5; idx = arg2 with stride
    # arg3) for the rows r < arg8, 0 past them; 32x32, one program
    "ptr_index_select": [
        dict(label="20 of 32 rows from 64x32", flags=[], xfail=SYMBOLIC_VSS,
             inputs={"arg0": {"shape": [64, 32], "dtype": "f32", "fill": "randn", "seed": 1},
                     "arg1": {"shape": [32, 32], "dtype": "f32", "fill": "ones"},
                     "arg2": {"shape": [32], "dtype": "i32", "fill": "values",
                              "data": [(i * 23 + 7) % 64 for i in range(32)]},
                     "arg3": 1, "arg4": 32, "arg5": 1, "arg6": 32, "arg7": 1, "arg8": 20},
             reference={"arg1": "np.where(np.arange(32)[:, None] < 20, arg0[arg2], 0.0)"}),
        dict(label="32 rows, index stride 2, column stride 2", flags=[], xfail=SYMBOLIC_VSS,
             inputs={"arg0": {"shape": [50, 64], "dtype": "f32", "fill": "randn", "seed": 2},
                     "arg1": {"shape": [32, 32], "dtype": "f32", "fill": "zeros"},
                     "arg2": {"shape": [64], "dtype": "i32", "fill": "values",
                              "data": [49 - (i * 3) % 50 for i in range(64)]},
                     "arg3": 2, "arg4": 64, "arg5": 2, "arg6": 32, "arg7": 1, "arg8": 32},
             reference={"arg1": "arg0[arg2[::2]][:, ::2]"}),
    ],
    # triton-shared's scatter_row_index_mask_kernel: out[idx[r]] (arg1,
    # strides arg6, arg7; idx = arg2, stride arg3) = x[r] (arg0, strides
    # arg4, arg5) for r < arg8; 32x32, one program
    "ptr_scatter_rows": [
        dict(label="25 of 32 rows into 100x32", flags=[], xfail=SYMBOLIC_VSS,
             inputs={"arg0": {"shape": [32, 32], "dtype": "f32", "fill": "randn", "seed": 1},
                     "arg1": {"shape": [100, 32], "dtype": "f32", "fill": "randn", "seed": 2},
                     "arg2": {"shape": [32], "dtype": "i32", "fill": "values",
                              "data": [(i * 3 + 1) for i in range(32)]},
                     "arg3": 1, "arg4": 32, "arg5": 1, "arg6": 32, "arg7": 1, "arg8": 25},
             reference={"arg1": "(lambda o: (o.__setitem__(arg2[:25], arg0[:25]), o)[1])(arg1.copy())"}),
    ],
    # triton-shared's wrap_stacked_masked_loop_01234567: out[r, 4 i + c] (arg1,
    # strides arg6, arg7) = in[(r + 2) % arg2, c + 3 + 4 i] (arg0, strides
    # arg4, arg5) for c < 3, else -99, i = 0, 1 (the loop's carried pointers)
    "ptr_wrap_stacked": [
        dict(label="M=5, in 5x12, out 4x8", flags=[],
             inputs={"arg0": {"shape": [5, 12], "dtype": "f32", "fill": "randn", "seed": 1},
                     "arg1": {"shape": [4, 8], "dtype": "f32", "fill": "zeros"},
                     "arg2": 5, "arg3": 0, "arg4": 12, "arg5": 1, "arg6": 8, "arg7": 1},
             reference={"arg1": "np.concatenate([np.where(np.arange(4)[None, :] < 3, "
                                "arg0[(np.arange(4)[:, None] + 2) % 5, np.arange(4)[None, :] + 3 + 4 * i], "
                                "-99.0) for i in range(2)], axis=1)"}),
        dict(label="M=3 (a block of 4 rows wraps), in 3x12",
             flags=[],
             inputs={"arg0": {"shape": [3, 12], "dtype": "f32", "fill": "randn", "seed": 2},
                     "arg1": {"shape": [4, 8], "dtype": "f32", "fill": "zeros"},
                     "arg2": 3, "arg3": 0, "arg4": 12, "arg5": 1, "arg6": 8, "arg7": 1},
             reference={"arg1": "np.concatenate([np.where(np.arange(4)[None, :] < 3, "
                                "arg0[(np.arange(4)[:, None] + 2) % 3, np.arange(4)[None, :] + 3 + 4 * i], "
                                "-99.0) for i in range(2)], axis=1)"}),
    ],
    # X = arg0 (row stride arg6, N = arg7 columns), Y = arg1, W = arg2,
    # B = arg3, Mean = arg4, Rstd = arg5, eps = arg8; one program per row
    "ptr_layernorm": [
        dict(label="32x300", flags=[], tol_dtype=SCALAR_F16,
             inputs={"arg0": {"shape": [32, 300], "dtype": "f32", "fill": "normal",
                              "seed": 1, "mean": 0.5, "std": 2.0},
                     "arg1": {"shape": [32, 300], "dtype": "f32", "fill": "zeros"},
                     "arg2": {"shape": [300], "dtype": "f32", "fill": "uniform", "seed": 2,
                              "low": 0.5, "high": 1.5},
                     "arg3": {"shape": [300], "dtype": "f32", "fill": "randn", "seed": 3},
                     "arg4": {"shape": [32], "dtype": "f32", "fill": "zeros"},
                     "arg5": {"shape": [32], "dtype": "f32", "fill": "zeros"},
                     "arg6": 300, "arg7": 300, "arg8": 1e-5},
             reference={"arg1": "layernorm(f64(arg0), f64(arg2), f64(arg3), eps=1e-5, axis=1)",
                        "arg4": "f64(arg0).mean(axis=1)",
                        "arg5": "1 / np.sqrt(f64(arg0).var(axis=1) + 1e-5)"}),
        dict(label="8x256,grid=8", flags=["--grid=8"], tol_dtype=SCALAR_F16,
             inputs={"arg0": {"shape": [8, 256], "dtype": "f32", "fill": "randn", "seed": 4},
                     "arg1": {"shape": [8, 256], "dtype": "f32", "fill": "zeros"},
                     "arg2": {"shape": [256], "dtype": "f32", "fill": "ones"},
                     "arg3": {"shape": [256], "dtype": "f32", "fill": "zeros"},
                     "arg4": {"shape": [8], "dtype": "f32", "fill": "zeros"},
                     "arg5": {"shape": [8], "dtype": "f32", "fill": "zeros"},
                     "arg6": 256, "arg7": 256, "arg8": 1e-5},
             reference={"arg1": "layernorm(f64(arg0), f64(arg2), f64(arg3), eps=1e-5, axis=1)",
                        "arg4": "f64(arg0).mean(axis=1)",
                        "arg5": "1 / np.sqrt(f64(arg0).var(axis=1) + 1e-5)"}),
    ],
    # C[512x256] = A[512x64] @ B[64x256], 16x16x16 blocks
    "matmul": [
        dict(label="grid=32", flags=[],
             inputs={"arg0": {"fill": "uniform", "seed": 1, "low": -1, "high": 1},
                     "arg1": {"fill": "uniform", "seed": 2, "low": -1, "high": 1},
                     "arg2": {"fill": "zeros"}},
             reference={"arg2": "f64(arg0) @ f64(arg1)"}),
        dict(label="grid=6", flags=["--grid=6"],
             inputs={"arg0": {"fill": "randn", "seed": 3},
                     "arg1": {"fill": "randn", "seed": 4},
                     "arg2": {"fill": "zeros"}},
             reference={"arg2": "f64(arg0) @ f64(arg1)"}),
    ],
    # out = arg0, in = arg1, n_rows = arg2, n_cols = arg3 (a multiple of 64:
    # the kernel reads 1x64 blocks and zero padding would change the sums).
    "softmax_multi_tile": [
        dict(label="50x512", flags=[],
             inputs={"arg0": {"shape": [50, 512], "dtype": "f16", "fill": "zeros"},
                     "arg1": {"shape": [50, 512], "dtype": "f16", "fill": "randn",
                              "seed": 1, "std": 2.0},
                     "arg2": 50, "arg3": 512},
             reference={"arg0": "softmax(f64(arg1), axis=1)"}),
        dict(label="3x1984,grid=2", flags=["--grid=2"],
             inputs={"arg0": {"shape": [3, 1984], "dtype": "f16", "fill": "zeros"},
                     "arg1": {"shape": [3, 1984], "dtype": "f16", "fill": "randn",
                              "seed": 2, "std": 3.0},
                     "arg2": 3, "arg3": 1984},
             reference={"arg0": "softmax(f64(arg1), axis=1)"}),
    ],
    # Y = arg0, X = arg1 [n_rows x 1024], W = arg2, B = arg3, n_rows = arg4,
    # eps = arg5
    "layernorm": [
        dict(label="40x1024", flags=[],
             inputs={"arg0": {"shape": [40, 1024], "dtype": "f32", "fill": "zeros"},
                     "arg1": {"shape": [40, 1024], "dtype": "f32", "fill": "normal",
                              "seed": 1, "mean": 0.5, "std": 2.0},
                     "arg2": {"fill": "uniform", "seed": 2, "low": 0.5, "high": 1.5},
                     "arg3": {"fill": "randn", "seed": 3},
                     "arg4": 40, "arg5": 1e-5},
             reference={"arg0": "layernorm(f64(arg1), f64(arg2), f64(arg3), eps=1e-5, axis=1)"}),
        dict(label="5x1024,grid=4", flags=["--grid=4"],
             inputs={"arg0": {"shape": [5, 1024], "dtype": "f32", "fill": "zeros"},
                     "arg1": {"shape": [5, 1024], "dtype": "f32", "fill": "randn", "seed": 4},
                     "arg2": {"fill": "uniform", "seed": 5, "low": 0.5, "high": 1.5},
                     "arg3": {"fill": "randn", "seed": 6},
                     "arg4": 5, "arg5": 1e-5},
             reference={"arg0": "layernorm(f64(arg1), f64(arg2), f64(arg3), eps=1e-5, axis=1)"}),
    ],
    # Y = arg0, X = arg1 [n_rows x 1024] flattened, W = arg2, B = arg3,
    # n_rows = arg4, eps = arg5
    "layernorm_1d": [
        dict(label="40x1024", flags=[], tol_dtype=SCALAR_F16,
             inputs={"arg0": {"shape": [40 * 1024], "dtype": "f32", "fill": "zeros"},
                     "arg1": {"shape": [40 * 1024], "dtype": "f32", "fill": "normal",
                              "seed": 1, "mean": 0.5, "std": 2.0},
                     "arg2": {"fill": "uniform", "seed": 2, "low": 0.5, "high": 1.5},
                     "arg3": {"fill": "randn", "seed": 3},
                     "arg4": 40, "arg5": 1e-5},
             reference={"arg0": "layernorm(f64(arg1).reshape(40, 1024), f64(arg2), "
                                 "f64(arg3), eps=1e-5, axis=1).reshape(-1)"}),
    ],
    # C[4x128x64] = A[4x128x32] @ B[4x32x64], 1x16x16 blocks
    "matmul_bmm": [
        dict(label="grid=32", flags=[],
             inputs={"arg0": {"fill": "randn", "seed": 1},
                     "arg1": {"fill": "randn", "seed": 2},
                     "arg2": {"fill": "zeros"}},
             reference={"arg2": "np.matmul(f64(arg0), f64(arg1))"}),
        dict(label="grid=5", flags=["--grid=5"],
             inputs={"arg0": {"fill": "uniform", "seed": 3, "low": -1, "high": 1},
                     "arg1": {"fill": "uniform", "seed": 4, "low": -1, "high": 1},
                     "arg2": {"fill": "zeros"}},
             reference={"arg2": "np.matmul(f64(arg0), f64(arg1))"}),
    ],
    # out[1024x1024] = softmax(in) by rows, online max/sum in one pass and a
    # second pass that writes; out = arg0, in = arg1
    "softmax_2pass": [
        dict(label="grid=32", flags=[],
             inputs={"arg0": {"fill": "zeros"},
                     "arg1": {"fill": "randn", "seed": 1, "std": 2.0}},
             reference={"arg0": "softmax(f64(arg1), axis=1)"}),
    ],
    # out[65536] = x * s[0] + s[1]; x = arg0, s = arg1 (two scalars loaded
    # with tt.load), out = arg2
    "gather_2d_index_3d_block": [
        dict(label="h=2", flags=[],
             inputs={"arg0": {"fill": "randn", "seed": 1},
                     "arg1": {"shape": [2, 4], "dtype": "i32", "fill": "values",
                              "data": [[3, 15, 0, 7], [9, 1, 12, 4]]},
                     "arg2": {"fill": "zeros"},
                     "arg3": 2},
             reference={"arg2": "arg0[arg1][:, :, 2:4, :]"}),
        dict(label="h=4", flags=[],
             inputs={"arg0": {"fill": "randn", "seed": 2},
                     "arg1": {"shape": [2, 4], "dtype": "i32", "fill": "values",
                              "data": [[15, 14, 13, 12], [0, 5, 10, 15]]},
                     "arg2": {"fill": "zeros"},
                     "arg3": 4},
             reference={"arg2": "arg0[arg1][:, :, 4:6, :]"}),
    ],
    "gather": [
        dict(label="y=16", flags=[],
             inputs={"arg0": {"fill": "randn", "seed": 1},
                     "arg1": {"shape": [32], "dtype": "i32", "fill": "values",
                              "data": [(i * 37 + 5) % 1024 for i in range(32)]},
                     "arg2": {"fill": "zeros"},
                     "arg3": 16},
             reference={"arg2": "arg0[arg1][:, 16:48]"}),
        dict(label="y=32", flags=[],
             inputs={"arg0": {"fill": "randn", "seed": 2},
                     "arg1": {"shape": [32], "dtype": "i32", "fill": "values",
                              "data": [1023 - 31 * i for i in range(32)]},
                     "arg2": {"fill": "zeros"},
                     "arg3": 32},
             reference={"arg2": "arg0[arg1][:, 32:64]"}),
    ],
    # out[32x16x128] = in[256x16x128][idx]: rank-3 block <1x16x128>, so the
    # indirect tile has three subscripts; in = arg0, idx = arg1, out = arg2
    "gather_3d": [
        dict(label="k=32", flags=[],
             inputs={"arg0": {"fill": "randn", "seed": 1},
                     "arg1": {"shape": [32], "dtype": "i32", "fill": "values",
                              "data": [(i * 37 + 5) % 256 for i in range(32)]},
                     "arg2": {"fill": "zeros"}},
             reference={"arg2": "arg0[arg1]"}),
    ],
    # out[8x4x64] = in[1024x128][idx[8x4], y:y+64]: a 2-D index grid over a
    # <1x64> block; in = arg0, idx = arg1, out = arg2, y = arg3
    "gather_2d_index": [
        dict(label="y=16", flags=[],
             inputs={"arg0": {"fill": "randn", "seed": 1},
                     "arg1": {"shape": [8, 4], "dtype": "i32", "fill": "values",
                              "data": [[(4 * r + c) * 97 % 1024 for c in range(4)]
                                       for r in range(8)]},
                     "arg2": {"fill": "zeros"},
                     "arg3": 16},
             reference={"arg2": "arg0[arg1][:, :, 16:80]"}),
        dict(label="y=64", flags=[],
             inputs={"arg0": {"fill": "randn", "seed": 2},
                     "arg1": {"shape": [8, 4], "dtype": "i32", "fill": "values",
                              "data": [[1023 - 29 * (4 * r + c) for c in range(4)]
                                       for r in range(8)]},
                     "arg2": {"fill": "zeros"},
                     "arg3": 64},
             reference={"arg2": "arg0[arg1][:, :, 64:128]"}),
    ],
    # out[32x1x16x64] = in[64x4x16x64][idx, g:g+1] (f16, 4-D result);
    # in = arg0, idx = arg1, out = arg2, group g = arg3
    "gather_4d": [
        dict(label="g=1", flags=[],
             inputs={"arg0": {"fill": "randn", "seed": 1},
                     "arg1": {"shape": [32], "dtype": "i32", "fill": "values",
                              "data": [(i * 13 + 7) % 64 for i in range(32)]},
                     "arg2": {"fill": "zeros"},
                     "arg3": 1},
             reference={"arg2": "arg0[arg1][:, 1:2]"}),
        dict(label="g=3", flags=[],
             inputs={"arg0": {"fill": "randn", "seed": 2},
                     "arg1": {"shape": [32], "dtype": "i32", "fill": "values",
                              "data": [63 - 2 * i for i in range(32)]},
                     "arg2": {"fill": "zeros"},
                     "arg3": 3},
             reference={"arg2": "arg0[arg1][:, 3:4]"}),
    ],
    # out[256x16x64][idx] = src[32x16x64] (tt.descriptor_scatter, distinct
    # indices); src = arg0, idx = arg1, out = arg2 (rows not scattered to
    # keep their initial values)
    "scatter_3d": [
        dict(label="k=32", flags=[],
             inputs={"arg0": {"fill": "randn", "seed": 1},
                     "arg1": {"shape": [32], "dtype": "i32", "fill": "values",
                              "data": [(i * 37 + 5) % 256 for i in range(32)]},
                     "arg2": {"fill": "randn", "seed": 2}},
             reference={"arg2": "(lambda o: (o.__setitem__(arg1, arg0), o)[1])(arg2.copy())"}),
    ],
    # inter-tile all_reduce (the inter_tile_reduce fixture): x = arg0 [64x32],
    # out = arg1, M = arg2, N = arg3; tile t loads block (t//2, t%2) and every
    # tile of a row group receives the sum of the group's two column blocks
    "inter_tile_all_reduce": [
        dict(label="64x32,grid=8", flags=["--grid=8"],
             inputs={"arg0": {"shape": [64, 32], "dtype": "f32", "fill": "randn", "seed": 1},
                     "arg1": {"shape": [64, 32], "dtype": "f32", "fill": "zeros"},
                     "arg2": 64, "arg3": 32},
             reference={"arg1": "np.tile(f64(arg0)[:, :16] + f64(arg0)[:, 16:], (1, 2))"}),
    ],
    # inter-tile reduce_to_one (split-K matmul of the inter_tile_reduce
    # fixture): C[32x16] = A[32x32] @ B[32x16]; A = arg0, B = arg1, C = arg2,
    # M = arg3, K = arg4, N = arg5; tiles 2g and 2g+1 each sum half of K for
    # row block g, and tile 2g (the group's tile with in=0) stores the total
    "inter_tile_reduce_to_one": [
        dict(label="32x32x16,grid=4", flags=["--grid=4"],
             inputs={"arg0": {"shape": [32, 32], "dtype": "f32", "fill": "randn", "seed": 1},
                     "arg1": {"shape": [32, 16], "dtype": "f32", "fill": "randn", "seed": 2},
                     "arg2": {"shape": [32, 16], "dtype": "f32", "fill": "zeros"},
                     "arg3": 32, "arg4": 32, "arg5": 16},
             reference={"arg2": "f64(arg0) @ f64(arg1)"}),
    ],
    # inter-tile softmax (the fixture's softmax variant, f16): out = arg0,
    # in = arg1 [512x1024], M = arg2, N = arg3; 32 tiles of 256x64, two row
    # groups of 16 tiles; the row max and the row sum are all_reduces (max,
    # add) across the 16 column blocks of a group
    "inter_tile_softmax": [
        dict(label="512x1024,grid=32", flags=["--grid=32"],
             inputs={"arg0": {"shape": [512, 1024], "dtype": "f16", "fill": "zeros"},
                     "arg1": {"shape": [512, 1024], "dtype": "f16", "fill": "randn",
                              "seed": 1, "std": 2.0},
                     "arg2": 512, "arg3": 1024},
             reference={"arg0": "softmax(f64(arg1), axis=1)"}),
    ],
    "scale_scalar_load": [
        dict(label="grid=32", flags=[],
             inputs={"arg0": {"fill": "randn", "seed": 1},
                     "arg1": {"shape": [2], "dtype": "f32", "fill": "values",
                              "data": [1.5, -0.25]},
                     "arg2": {"fill": "zeros"}},
             reference={"arg2": "arg0 * arg1[0] + arg1[1]"}),
    ],
    # Stick-laid-out (tt.spyre_tensor_layout) samples.  With the default
    # data layout (device) every annotated buffer holds the physical tensor
    # densely: the reference reads the logical tensor out of it and writes
    # the result back in the physical order.  With --data-layout=host the
    # buffers stay logical row-major and the physical views only re-index them.
    # C = A @ B; A[128x256] as [k/64, m, k%64], B[256x128] as [k/64, n, k%64],
    # C[128x128] as [n/64, m, n%64]
    "matmul_stick": [
        dict(label="device,grid=2", flags=["--grid=2"],
             inputs={"arg0": {"fill": "randn", "seed": 1}, "arg1": {"fill": "randn", "seed": 2},
                     "arg2": {"fill": "zeros"}},
             reference={"arg2": "(f64(arg0).transpose(1, 0, 2).reshape(128, 256) @ "
                                "f64(arg1).transpose(0, 2, 1).reshape(256, 128))"
                                ".reshape(128, 2, 64).transpose(1, 0, 2)"}),
        dict(label="device,grid=32", flags=[],
             inputs={"arg0": {"fill": "uniform", "seed": 3, "low": -1, "high": 1},
                     "arg1": {"fill": "uniform", "seed": 4, "low": -1, "high": 1},
                     "arg2": {"fill": "zeros"}},
             reference={"arg2": "(f64(arg0).transpose(1, 0, 2).reshape(128, 256) @ "
                                "f64(arg1).transpose(0, 2, 1).reshape(256, 128))"
                                ".reshape(128, 2, 64).transpose(1, 0, 2)"}),
        dict(label="host,grid=2", flags=["--grid=2", "--data-layout=host"],
             inputs={"arg0": {"shape": [128, 256], "dtype": "f32", "fill": "randn", "seed": 5},
                     "arg1": {"shape": [256, 128], "dtype": "f32", "fill": "randn", "seed": 6},
                     "arg2": {"shape": [128, 128], "dtype": "f32", "fill": "zeros"}},
             reference={"arg2": "f64(arg0) @ f64(arg1)"}),
    ],
    # C[2x64x64] = A[2x64x128] @ B[2x128x64]; A as [b, k/64, m, k%64], B as
    # [b, k/64, n, k%64], C logical
    "bmm_stick": [
        dict(label="device", flags=[],
             inputs={"arg0": {"fill": "randn", "seed": 1}, "arg1": {"fill": "randn", "seed": 2},
                     "arg2": {"fill": "zeros"}},
             reference={"arg2": "np.matmul(f64(arg0).transpose(0, 2, 1, 3).reshape(2, 64, 128), "
                                "f64(arg1).transpose(0, 1, 3, 2).reshape(2, 128, 64))"}),
        dict(label="host", flags=["--data-layout=host"],
             inputs={"arg0": {"shape": [2, 64, 128], "dtype": "f32", "fill": "randn", "seed": 3},
                     "arg1": {"shape": [2, 128, 64], "dtype": "f32", "fill": "randn", "seed": 4},
                     "arg2": {"shape": [2, 64, 64], "dtype": "f32", "fill": "zeros"}},
             reference={"arg2": "np.matmul(f64(arg0), f64(arg1))"}),
    ],
    # out[128] = row sums of X[128x256], X as [n/64, m, n%64]
    "reduce_stick": [
        dict(label="device", flags=[],
             inputs={"arg0": {"fill": "randn", "seed": 1}, "arg1": {"fill": "zeros"}},
             reference={"arg1": "f64(arg0).transpose(1, 0, 2).reshape(128, 256).sum(axis=1)"}),
        dict(label="host,grid=3", flags=["--grid=3", "--data-layout=host"],
             inputs={"arg0": {"shape": [128, 256], "dtype": "f32", "fill": "randn", "seed": 2},
                     "arg1": {"fill": "zeros"}},
             reference={"arg1": "f64(arg0).sum(axis=1)"}),
    ],
    # out = data[idx]; data[512x128] and out[32x128] as [n/64, row, n%64]
    "gather_stick": [
        dict(label="device", flags=[],
             inputs={"arg0": {"fill": "randn", "seed": 1},
                     "arg1": {"shape": [32], "dtype": "i32", "fill": "values",
                              "data": [(i * 37 + 5) % 512 for i in range(32)]},
                     "arg2": {"fill": "zeros"}},
             reference={"arg2": "arg0.transpose(1, 0, 2).reshape(512, 128)[arg1]"
                                ".reshape(32, 2, 64).transpose(1, 0, 2)"}),
        dict(label="host", flags=["--data-layout=host"],
             inputs={"arg0": {"shape": [512, 128], "dtype": "f32", "fill": "randn", "seed": 2},
                     "arg1": {"shape": [32], "dtype": "i32", "fill": "values",
                              "data": [511 - 15 * i for i in range(32)]},
                     "arg2": {"shape": [32, 128], "dtype": "f32", "fill": "zeros"}},
             reference={"arg2": "arg0[arg1]"}),
    ],
    # Y = -X, X and Y [M x 128] as [n/64, m, n%64], M = arg2 at run time
    "neg_stick_dynamic": [
        dict(label="device,m=96,grid=3", flags=["--grid=3"],
             inputs={"arg0": {"shape": [2, 96, 64], "dtype": "f32", "fill": "randn", "seed": 1},
                     "arg1": {"shape": [2, 96, 64], "dtype": "f32", "fill": "zeros"},
                     "arg2": 96},
             reference={"arg1": "-arg0"}),
        dict(label="host,m=64", flags=["--data-layout=host"],
             inputs={"arg0": {"shape": [64, 128], "dtype": "f32", "fill": "randn", "seed": 2},
                     "arg1": {"shape": [64, 128], "dtype": "f32", "fill": "zeros"},
                     "arg2": 64},
             reference={"arg1": "-arg0"}),
    ],
    # Triton tutorial 03 exactly as stock Triton 3.6 prints it: grouped
    # programs, rows and columns wrapped `% M` / `% N`, the K mask inline,
    # B's advance BLOCK_K * stride_bk computed inside the K loop
    "tt_matmul": [
        _matmul("96x80x72,grid=9", ["--grid=9"], 96, 80, 72, (1, 2)),
        _matmul("48x80x40 (wrapped M and N, masked K),grid=6", ["--grid=6"], 48, 80, 40, (3, 4)),
    ],
    # a block-pointer matmul whose store checks both dims (boundary_check):
    # A and B are read unchecked (64 x 64 buffers), C is 50 x 40
    "tt_bp_matmul": [
        dict(label="50x40x64 (store clipped to M and N),grid=4", flags=["--grid=4"],
             tol_dtype=F16_MATMUL,
             inputs={"arg0": {"shape": [64, 64], "dtype": "f16", "fill": "uniform",
                              "seed": 1, "low": -1, "high": 1},
                     "arg1": {"shape": [64, 64], "dtype": "f16", "fill": "uniform",
                              "seed": 2, "low": -1, "high": 1},
                     "arg2": {"shape": [50, 40], "dtype": "f32", "fill": "zeros"},
                     "arg3": 50, "arg4": 40, "arg5": 64, "arg6": 64, "arg7": 1, "arg8": 64,
                     "arg9": 1, "arg10": 40, "arg11": 1},
             reference={"arg2": "f64(arg0[:50]) @ f64(arg1[:, :40])"}),
        dict(label="64x64x64,grid=4", flags=["--grid=4"], tol_dtype=F16_MATMUL,
             inputs={"arg0": {"shape": [64, 64], "dtype": "f16", "fill": "uniform",
                              "seed": 3, "low": -1, "high": 1},
                     "arg1": {"shape": [64, 64], "dtype": "f16", "fill": "uniform",
                              "seed": 4, "low": -1, "high": 1},
                     "arg2": {"shape": [64, 64], "dtype": "f32", "fill": "zeros"},
                     "arg3": 64, "arg4": 64, "arg5": 64, "arg6": 64, "arg7": 1, "arg8": 64,
                     "arg9": 1, "arg10": 64, "arg11": 1},
             reference={"arg2": "f64(arg0) @ f64(arg1)"}),
    ],
    # y = x.T, both accesses masked in two dims, over a 2-D grid
    "tt_transpose": [
        dict(label="50x40,grid=2,2", flags=["--grid=2,2"],
             inputs={"arg0": {"shape": [50, 40], "dtype": "f32", "fill": "randn", "seed": 1},
                     "arg1": {"shape": [40, 50], "dtype": "f32", "fill": "zeros"},
                     "arg2": 50, "arg3": 40, "arg4": 40, "arg5": 50},
             reference={"arg1": "arg0.T"}),
        dict(label="64x32,grid=2,1", flags=["--grid=2,1"],
             inputs={"arg0": {"shape": [64, 32], "dtype": "f32", "fill": "randn", "seed": 2},
                     "arg1": {"shape": [32, 64], "dtype": "f32", "fill": "zeros"},
                     "arg2": 64, "arg3": 32, "arg4": 32, "arg5": 64},
             reference={"arg1": "arg0.T"}),
    ],
}

# Tolerance by element type of the output view: (rtol, atol).  References are
# evaluated in the inputs' dtype (elementwise kernels) or in f64 (reductions,
# matmul); the allowances cover f32/f16 rounding and summation order.
TOLERANCES = {
    "f16": (2e-3, 1e-3),
    "f32": (1e-5, 1e-5),
    # f32 kernels whose scalar float arith ktir-cpu rounds to f16 (a scalar
    # carries a relative error of up to 2**-11 into every element it scales)
    "f32/f16-scalars": (4e-3, 4e-3),
    # f16 products summed by np.matmul in f16 (each K block rounds to f16)
    "f16/f16-matmul": (1e-2, 1e-2),
    "i32": (0.0, 0.0),
    "i64": (0.0, 0.0),
}

GUARD = 64  # sentinel elements behind every buffer (catches out-of-bounds writes)


def default_oracle() -> str | None:
    cands = [os.environ.get("KTIR_ORACLE"),
             os.path.join(os.path.dirname(REPO), "shared", "tools", "ktir_oracle.py")]
    for c in cands:
        if c and os.path.isfile(c):
            return c
    return None


def ktir_cpu_commit(path: str) -> str:
    try:
        out = subprocess.run(["git", "-C", path, "rev-parse", "HEAD"],
                             capture_output=True, text=True, check=True)
        return out.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown (not a git checkout)"


def oracle_run(cmd, kernel):
    """subprocess.run(cmd) of the oracle on KERNEL, through a cache when
    $TTX_KTIR_CPU_CACHE names a folder: the answer is kept under a hash of the
    command's words, the kernel's text and the oracle's and ktir-cpu's sources,
    so a second build of the same tree (.ci/run's sanitized one, whose KTIR is
    the same bytes) reads it instead of running ktir-cpu again"""
    cache = os.environ.get("TTX_KTIR_CPU_CACHE")
    if not cache:
        return subprocess.run(cmd, capture_output=True, text=True)
    h = hashlib.sha256()
    for w in cmd:
        h.update(w.replace(os.path.dirname(kernel), "@").encode() + b"\0")
    with open(kernel, "rb") as f:
        h.update(f.read())
    h.update(source_digest(cmd[1], cmd[cmd.index("--ktir-cpu") + 1]).encode())
    path = os.path.join(cache, h.hexdigest() + ".json")
    if os.path.exists(path):
        with open(path) as f:
            d = json.load(f)
        return subprocess.CompletedProcess(cmd, d["rc"], d["out"], d["err"])
    res = subprocess.run(cmd, capture_output=True, text=True)
    os.makedirs(cache, exist_ok=True)
    with open(path + ".tmp", "w") as f:
        json.dump({"rc": res.returncode, "out": res.stdout, "err": res.stderr}, f)
    os.replace(path + ".tmp", path)
    return res


_DIGESTS = {}


def source_digest(oracle, ktir_cpu):
    """a hash of the oracle script and every Python file of the ktir-cpu checkout"""
    key = (oracle, ktir_cpu)
    if key not in _DIGESTS:
        h = hashlib.sha256()
        files = [oracle] + sorted(os.path.join(dp, f) for dp, _, fs in os.walk(ktir_cpu)
                                  for f in fs if f.endswith(".py"))
        for fn in files:
            with open(fn, "rb") as f:
                h.update(fn.encode() + b"\0" + f.read())
        _DIGESTS[key] = h.hexdigest()
    return _DIGESTS[key]


def list_views(python, oracle, ktir_cpu, kernel):
    """Return {arg: (shape, dtype)} for arguments that feed a memory view."""
    res = oracle_run([python, oracle, "--ktir-cpu", ktir_cpu, kernel, "--list"], kernel)
    if res.returncode != 0:
        raise RuntimeError((res.stdout + res.stderr).strip())
    views = {}
    for line in res.stdout.splitlines():
        m = re.match(r"\s*%(\S+):.*-> memory view (\S+)x([a-z]+\d+)\s*$", line)
        if m:
            views[m.group(1)] = (m.group(2), m.group(3))
    return views


def first_error(text: str) -> str:
    """The most telling line of a failed tool run."""
    lines = [l.strip() for l in text.strip().splitlines() if l.strip()]
    pats = (r"^\w*(Error|Exception): ", r"ktir_oracle: (error|lint): ", r": error: ")
    for pat in pats:
        for l in reversed(lines):
            if re.search(pat, l):
                return l
    return lines[-1] if lines else "(no output)"


def run_case(name, case, args, workdir):
    """Lower, run and compare one case of a sample; return result rows.

    A row is (sample, case, output, max abs err, result, notes).  case is
    None for a sample without an entry in SAMPLES: it is run with random
    inputs and no reference.
    """
    label = case["label"] if case else "-"
    tag = name if case is None else f"{name}.{re.sub(r'[^A-Za-z0-9]+', '_', label)}"
    src = os.path.join(SAMPLE_DIR, name + ".ttir")
    kernel = os.path.join(workdir, tag + ".ktir.mlir")
    flags = list(case.get("flags", [])) if case else []
    # --ktir-cpu: the print form ktir-cpu's reader takes (docs/cli.md, items 1 and 2);
    # --raw: the KTIR as MLIR prints it, with only the memory spaces ktir-cpu knows
    form = "--ktdp-memory-space=generic" if args.raw else "--ktir-cpu"
    cmd = [args.ttxform, src, "--emit=ktir", form, *flags, "-o", kernel]
    try:
        res = subprocess.run(cmd, capture_output=True, text=True)
    except OSError as e:
        return [(name, label, "-", "-", "LOWER-FAIL", f"cannot run {args.ttxform}: {e}")]
    if res.returncode != 0:
        return [(name, label, "-", "-", "LOWER-FAIL", first_error(res.stderr or res.stdout))]

    try:
        views = list_views(args.python, args.oracle, args.ktir_cpu, kernel)
    except RuntimeError as e:
        return [(name, label, "-", "-", "PARSE-FAIL", first_error(str(e)))]

    if case is None:
        spec = {"inputs": {a: {"fill": "randn", "seed": i}
                           for i, a in enumerate(sorted(views))}}
    else:
        spec = {"inputs": case["inputs"], "reference": case["reference"],
                "tolerances": {}}
        for out in case["reference"]:
            dtype = case["inputs"].get(out, {}).get("dtype") or views.get(out, ("", "f32"))[1]
            dtype = case.get("tol_dtype", (dtype,))[0]
            rtol, atol = TOLERANCES.get(dtype, (1e-5, 1e-5))
            spec["tolerances"][out] = {"rtol": rtol, "atol": atol}

    cmd = [args.python, args.oracle, "--ktir-cpu", args.ktir_cpu, kernel,
           json.dumps(spec), "--show", "0", "--guard", str(GUARD)]
    res = oracle_run(cmd, kernel)
    out = res.stdout
    if args.verbose:
        sys.stdout.write(out + res.stderr)

    if res.returncode == 2:
        return [(name, label, "-", "-", "RUN-FAIL", first_error(res.stderr + out))]

    guards = dict(re.findall(r"GUARD %(\S+): (.*)", out))
    if case is None:
        status = "RAN" if res.returncode == 0 else "FAIL"
        note = "no entry in SAMPLES: random inputs, no reference"
        for a, msg in guards.items():
            status, note = "FAIL", f"%{a}: {msg}"
        return [(name, label, "-", "-", status, note)]

    rows = []
    for m in re.finditer(r"check %(\S+) vs `[^`]*`: (PASS|FAIL)\s+max_abs_err=(\S+)"
                         r" max_rel_err=\S+ mismatches=(\S+) \(rtol=(\S+), atol=(\S+)\)", out):
        arg, verdict, err, mism, rtol, atol = m.groups()
        dtype = case["inputs"].get(arg, {}).get("dtype") or views.get(arg, ("?", "?"))[1]
        note = f"{dtype} rtol={rtol} atol={atol}, mismatches {mism}"
        if case.get("tol_dtype"):
            note += f"; {case['tol_dtype'][0]} tolerance because {case['tol_dtype'][1]}"
        if arg in guards:
            verdict, note = "FAIL", note + "; guard: " + guards[arg]
        rows.append([name, label, "%" + arg, err, verdict, note])
    for a, msg in guards.items():
        if a not in case["reference"]:
            rows.append([name, label, "%" + a, "-", "FAIL", "guard: " + msg])
    if not rows:
        rows.append([name, label, "-", "-", "RUN-FAIL", first_error(res.stderr + out)])
    return [tuple(r) for r in rows]


def apply_xfail(case, rows):
    if not case or not case.get("xfail"):
        return rows
    pat, reason = case["xfail"]
    out = []
    for r in rows:
        r = list(r)
        if r[4] not in ("PASS", "RAN") and re.search(pat, r[5]):
            r[4], r[5] = "XFAIL", r[5] + "; expected: " + reason
        elif r[4] == "PASS":
            r[4] = "XPASS"
        out.append(tuple(r))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ktir-cpu", default=os.environ.get("KTIR_CPU_DIR"),
                    help="ktir-cpu source checkout (default: $KTIR_CPU_DIR)")
    ap.add_argument("--ttxform", default=os.path.join(REPO, "build", "ttxform"),
                    help="ttxform binary (default: %(default)s)")
    ap.add_argument("--oracle", default=default_oracle(),
                    help="ktir_oracle.py driver (default: $KTIR_ORACLE or "
                         "../shared/tools/ktir_oracle.py next to the repository)")
    ap.add_argument("--python", default="/usr/bin/python3" if os.path.exists(
        "/usr/bin/python3") else sys.executable,
                    help="Python with NumPy used to run the oracle (default: %(default)s)")
    ap.add_argument("--all", action="store_true",
                    help="also run samples/spyre/*.ttir that have no entry in SAMPLES")
    ap.add_argument("--raw", action="store_true",
                    help="lower with --ktdp-memory-space=generic instead of --ktir-cpu "
                         "(the KTIR as MLIR prints it)")
    ap.add_argument("--keep", metavar="DIR", help="write the lowered KTIR to DIR and keep it")
    ap.add_argument("-v", "--verbose", action="store_true", help="print the oracle output")
    ap.add_argument("--skip-missing", action="store_true",
                    help="exit 77 (a skip for meson) when the ktir-cpu checkout or NumPy is missing")
    ap.add_argument("samples", nargs="*", help="sample stems (default: all in SAMPLES)")
    args = ap.parse_args()

    if args.skip_missing:
        if not args.ktir_cpu or not os.path.isfile(os.path.join(args.ktir_cpu, "ktir_cpu", "__init__.py")):
            print(f"skip: no ktir-cpu checkout at {args.ktir_cpu}")
            return 77
        if subprocess.run([args.python, "-c", "import numpy"], capture_output=True).returncode:
            print(f"skip: {args.python} has no NumPy")
            return 77
    if not args.ktir_cpu or not os.path.isfile(
            os.path.join(args.ktir_cpu, "ktir_cpu", "__init__.py")):
        ap.error("--ktir-cpu must point at a ktir-cpu source checkout "
                 "(git clone https://github.com/torch-spyre/ktir-cpu)")
    if not args.oracle or not os.path.isfile(args.oracle):
        ap.error("ktir_oracle.py not found; pass --oracle")
    if not os.access(args.ttxform, os.X_OK):
        ap.error(f"ttxform binary {args.ttxform} not found (ninja -C build)")
    args.ktir_cpu = os.path.abspath(args.ktir_cpu)

    present = sorted(f[:-5] for f in os.listdir(SAMPLE_DIR) if f.endswith(".ttir"))
    names = args.samples or [n for n in SAMPLES if n in present]
    if args.all:
        names += [n for n in present if n not in names]

    print(f"date     : {datetime.date.today().isoformat()}")
    print(f"ktir-cpu : {args.ktir_cpu} (commit {ktir_cpu_commit(args.ktir_cpu)})")
    print(f"ttxform  : {args.ttxform}")
    print()

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        workdir = args.keep or tmp
        os.makedirs(workdir, exist_ok=True)
        for n in names:
            if n not in present:
                rows.append((n, "-", "-", "-", "MISSING", f"no {n}.ttir in samples/spyre"))
                continue
            for case in SAMPLES.get(n) or [None]:
                if args.verbose:
                    print(f"=== {n} [{case['label'] if case else '-'}]")
                rows.extend(apply_xfail(case, run_case(n, case, args, workdir)))

    head = ("sample", "case", "output", "max abs err", "result", "notes")
    widths = [max(len(str(r[i])) for r in rows + [head]) for i in range(5)]
    fmt = "  ".join(f"{{:<{w}}}" for w in widths) + "  {}"
    print(fmt.format(*head))
    print(fmt.format(*("-" * w for w in widths), "-----"))
    for r in rows:
        print(fmt.format(*r))
    ok = all(r[4] in ("PASS", "RAN", "XFAIL") for r in rows)
    print()
    print("ALL PASSED" if ok else "FAILURES")
    npass = sum(r[4] in ("PASS", "RAN", "XFAIL") for r in rows)
    print(f"{npass} passed, {len(rows) - npass} failed")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
