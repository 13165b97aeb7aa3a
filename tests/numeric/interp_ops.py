#!/usr/bin/env python3
"""The reference interpreter on ops beyond the basic kernels: block pointers
(tt.make_tensor_ptr, tt.advance, boundary checks and padding), tensor
descriptors (load, store, gather, scatter), triton-shared's structured
pointers (tts.make_tptr with wrap-around, tts.make_gather_scatter_tptr,
tts.load / tts.store with mask dims), tt.extern_elementwise of libdevice
functions, tt.int_to_ptr / tt.ptr_to_int, tt.join / tt.split / tt.cat,
tt.histogram and tt.print.  Each kernel runs under `ttxform run --interp`
on inputs made here; outputs are compared with NumPy computed here.  Then
error cases: accesses outside a buffer name the op, the program and the
element.

usage: interp_ops.py TTXFORM
"""
import math
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import arg_options, close, exact, first, numpy_or_skip, sanitizer_report, Tally  # noqa: E402

np = numpy_or_skip("interp-ops")

TTX = sys.argv[1]
TMP = tempfile.mkdtemp(prefix="ttx-interp-ops-")
rng = np.random.default_rng(7)


TALLY = Tally()
report = TALLY.report


def kernel(name, text):
    p = os.path.join(TMP, name + ".ttir")
    with open(p, "w") as f:
        f.write(text)
    return p


def run(name, text, grid, args, outputs):
    """ARGS: {argN: ndarray | number}; returns (rc, stdout, stderr, {argN: ndarray})"""
    def save(k, v):
        np.save(os.path.join(TMP, f"{name}-{k}.npy"), v)
        return os.path.join(TMP, f"{name}-{k}.npy")
    cmd = [TTX, "run", kernel(name, text), "--interp", "--grid=" + ",".join(map(str, grid))] + arg_options(args, save)
    for k in outputs:
        cmd += ["--output", f"{k}={os.path.join(TMP, f'{name}-{k}.out.npy')}"]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    outs = {}
    if r.returncode == 0:
        outs = {k: np.load(os.path.join(TMP, f"{name}-{k}.out.npy")) for k in outputs}
    return r.returncode, r.stdout, r.stderr, outs


def case(name, text, grid, args, outputs, check):
    try:
        rc, out, err, outs = run(name, text, grid, args, outputs)
        if rc != 0 or sanitizer_report(err) or err.strip():
            report(name, f"exit status {rc}: {err.strip()[:1500]}")
            return
        report(name, check(outs, out))
    except Exception as e:
        report(name, f"{type(e).__name__}: {e}")


def error_case(name, text, grid, args, parts):
    try:
        rc, _, err, _ = run(name, text, grid, args, [])
        if rc != 1:
            report(name, f"exit status {rc}, expected 1: {err.strip()[:1500]}")
        elif sanitizer_report(err):
            report(name, f"sanitizer report: {err.strip()[:1500]}")
        else:
            missing = [p for p in parts if p not in err]
            report(name, f"stderr lacks {missing}: {err.strip()[:1500]}" if missing else None)
    except Exception as e:
        report(name, f"{type(e).__name__}: {e}")






# ---- block pointers: 4x4 tiles of a 5x7 matrix, advanced two columns; the
# load pads with NaN outside the shape, the store drops what lies outside --
BLOCK = """
module {
  tt.func public @blk(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %M: i32, %N: i32) {
    %c1 = arith.constant 1 : i64
    %c2 = arith.constant 2 : i32
    %c4 = arith.constant 4 : i32
    %pm = tt.get_program_id x : i32
    %pn = tt.get_program_id y : i32
    %r0 = arith.muli %pm, %c4 : i32
    %c0 = arith.muli %pn, %c4 : i32
    %m = arith.extsi %M : i32 to i64
    %n = arith.extsi %N : i32 to i64
    %b = tt.make_tensor_ptr %x, [%m, %n], [%n, %c1], [%r0, %c0] {order = array<i32: 1, 0>} : <tensor<4x4xf32>>
    %a = tt.advance %b, [%c2, %c2] : <tensor<4x4xf32>>
    %back = arith.constant -2 : i32
    %a2 = tt.advance %a, [%back, %c0] : <tensor<4x4xf32>>
    %v = tt.load %a2 {boundaryCheck = array<i32: 0, 1>, padding = 2 : i32} : !tt.ptr<tensor<4x4xf32>>
    %o = tt.make_tensor_ptr %out, [%m, %n], [%n, %c1], [%r0, %c0] {order = array<i32: 1, 0>} : <tensor<4x4xf32>>
    tt.store %o, %v {boundaryCheck = array<i32: 0, 1>} : !tt.ptr<tensor<4x4xf32>>
    tt.return
  }
}
"""
M, N = 5, 7
x = rng.standard_normal((M, N)).astype(np.float32)
want = np.full((M, N), np.nan, np.float32)
want[:, :N - 2] = x[:, 2:]
# the second advance adds -2 rows and pn*4 columns: tile (pm, pn) reads rows
# pm*4-2+2 = pm*4 .. and columns pn*4 + 2 + pn*4
want = np.full((M, N), np.nan, np.float32)
for pm in range(2):
    for pn in range(2):
        for i in range(4):
            for j in range(4):
                r, c = pm * 4 + i, pn * 4 + j
                if r < M and c < N:
                    rr, cc = pm * 4 + i, pn * 4 + 2 + pn * 4 + j
                    want[r, c] = x[rr, cc] if rr < M and cc < N else np.nan
case("block-ptr-advance-nan-padding", BLOCK, [2, 2], {"arg0": x, "arg1": np.zeros((M, N), np.float32), "arg2": M, "arg3": N},
     ["arg1"], lambda o, _: exact(o["arg1"], want))

# ---- tensor descriptors: 4x8 blocks of a 10x9 f16 matrix, doubled --------
DESC = """
module {
  tt.func public @desc(%x: !tt.ptr<f16>, %out: !tt.ptr<f16>, %M: i32, %N: i32) {
    %c1 = arith.constant 1 : i64
    %c3 = arith.constant 3 : i32
    %c4 = arith.constant 4 : i32
    %pid = tt.get_program_id x : i32
    %r = arith.muli %pid, %c4 : i32
    %n = arith.extsi %N : i32 to i64
    %d = tt.make_tensor_descriptor %x, [%M, %N], [%n, %c1] : <f16>, <4x8xf16>
    %e = tt.make_tensor_descriptor %out, [%M, %N], [%n, %c1] : <f16>, <4x8xf16>
    %v = tt.descriptor_load %d[%r, %c3] : !tt.tensordesc<4x8xf16> -> tensor<4x8xf16>
    %w = arith.addf %v, %v : tensor<4x8xf16>
    tt.descriptor_store %e[%r, %c3], %w : !tt.tensordesc<4x8xf16>, tensor<4x8xf16>
    tt.return
  }
}
"""
M, N = 10, 9
xh = rng.standard_normal((M, N)).astype(np.float16)
wd = np.full((M, N), 5, np.float16)
wd[:, 3:] = xh[:, 3:] * np.float16(2)
case("descriptor-load-store", DESC, [3], {"arg0": xh, "arg1": np.full((M, N), 5, np.float16), "arg2": M, "arg3": N},
     ["arg1"], lambda o, _: exact(o["arg1"], wd))

GATHER = """
module {
  tt.func public @gather(%x: !tt.ptr<f32>, %idx: !tt.ptr<i32>, %out: !tt.ptr<f32>, %M: i32, %N: i32) {
    %c1 = arith.constant 1 : i64
    %c0 = arith.constant 0 : i32
    %c2 = arith.constant 2 : i32
    %n = arith.extsi %N : i32 to i64
    %d = tt.make_tensor_descriptor %x, [%M, %N], [%n, %c1] : <f32>, <1x4xf32>
    %o = tt.make_tensor_descriptor %out, [%M, %N], [%n, %c1] : <f32>, <1x4xf32>
    %r = tt.make_range {end = 6 : i32, start = 0 : i32} : tensor<6xi32>
    %ip = tt.splat %idx : !tt.ptr<i32> -> tensor<6x!tt.ptr<i32>>
    %ia = tt.addptr %ip, %r : tensor<6x!tt.ptr<i32>>, tensor<6xi32>
    %rows = tt.load %ia : tensor<6x!tt.ptr<i32>>
    %v = tt.descriptor_gather %d[%rows, %c2] : (!tt.tensordesc<1x4xf32>, tensor<6xi32>, i32) -> tensor<6x4xf32>
    tt.descriptor_scatter %o[%rows, %c0], %v : !tt.tensordesc<1x4xf32>, tensor<6xi32>, i32, tensor<6x4xf32>
    tt.return
  }
}
"""
M, N = 8, 5
xg = rng.standard_normal((M, N)).astype(np.float32)
rows = np.array([7, 0, 3, 9, -1, 5], np.int32)      # 9 and -1 lie outside
wg = np.zeros((M, N), np.float32)
for i, rr in enumerate(rows):
    if 0 <= rr < M:
        vals = [xg[rr, 2 + j] if 2 + j < N else 0 for j in range(4)]
        for j in range(4):
            if j < N:
                wg[rr, j] = vals[j]
case("descriptor-gather-scatter", GATHER, [1], {"arg0": xg, "arg1": rows, "arg2": np.zeros((M, N), np.float32), "arg3": M, "arg4": N},
     ["arg2"], lambda o, _: exact(o["arg2"], wg))

# ---- tts: wrap-around rows, prefix masks, other; gather/scatter rows ------
TTS = """
module {
  tt.func public @tts(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %rows: index, %ld: index, %nr: index, %nc: index) {
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %cst = arith.constant -7.000000e+00 : f32
    %off = arith.muli %c5, %ld : index
    %wrap = arith.muli %rows, %ld : index
    %p = tts.make_tptr %x to sizes: [4, 3], strides: [%ld, 1], offsets: [%off, 1], shape: [%wrap, 0], order: [] : <f32> to tensor<4x3x!tt.ptr<f32>>
    %v = "tts.load"(%p, %nc, %cst) <{operandSegmentSizes = array<i32: 1, 1, 1>, static_mask_dims = array<i64: 4, -9223372036854775808>}> : (tensor<4x3x!tt.ptr<f32>>, index, f32) -> tensor<4x3xf32>
    %q = tts.make_tptr %out to sizes: [4, 3], strides: [3, 1], offsets: [0, 0], shape: [0, 0], order: [] : <f32> to tensor<4x3x!tt.ptr<f32>>
    "tts.store"(%q, %v, %nr) <{static_mask_dims = array<i64: -9223372036854775808, 3>}> : (tensor<4x3x!tt.ptr<f32>>, tensor<4x3xf32>, index) -> ()
    tt.return
  }
}
"""
R, LD = 7, 4
xt = rng.standard_normal((R, LD)).astype(np.float32)
wt = np.full((4, 3), 9, np.float32)
for i in range(3):                       # nr = 3 rows stored
    for j in range(3):
        wt[i, j] = xt[(5 + i) % R, 1 + j] if j < 2 else np.float32(-7)   # nc = 2 columns loaded
case("tts-make-tptr-load-store", TTS, [1], {"arg0": xt, "arg1": np.full((4, 3), 9, np.float32), "arg2": R, "arg3": LD, "arg4": 3, "arg5": 2},
     ["arg1"], lambda o, _: exact(o["arg1"], wt))

TTS_GS = """
module {
  tt.func public @gs(%x: !tt.ptr<f32>, %idx: !tt.ptr<i32>, %out: !tt.ptr<f32>, %ld: index) {
    %c1 = arith.constant 1 : index
    %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %ip = tts.make_tptr %idx to sizes: [4], strides: [1], offsets: [0], shape: [0], order: [] : <i32> to tensor<4x!tt.ptr<i32>>
    %rows = "tts.load"(%ip) <{operandSegmentSizes = array<i32: 1, 0, 0>, static_mask_dims = array<i64>}> : (tensor<4x!tt.ptr<i32>>) -> tensor<4xi32>
    %c2 = arith.constant dense<2> : tensor<4xi32>
    %m = arith.cmpi ne, %r, %c2 : tensor<4xi32>
    %p = tts.make_gather_scatter_tptr %x to sizes: [4, 3] gather_scatter_dim: 0 gather_scatter_offset: %rows gather_scatter_mask: %m, strides: [%ld, 1], offsets: [0, 1] : tensor<4xi32> tensor<4xi1> <f32> to !tt.ptr<tensor<4x3xf32>>
    %v = "tts.load"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0>, static_mask_dims = array<i64>}> : (!tt.ptr<tensor<4x3xf32>>) -> tensor<4x3xf32>
    %q = tts.make_tptr %out to sizes: [4, 3], strides: [3, 1], offsets: [0, 0], shape: [0, 0], order: [] : <f32> to tensor<4x3x!tt.ptr<f32>>
    "tts.store"(%q, %v) <{static_mask_dims = array<i64>}> : (tensor<4x3x!tt.ptr<f32>>, tensor<4x3xf32>) -> ()
    tt.return
  }
}
"""
gidx = np.array([6, 1, 100, 3], np.int32)   # row 2 is masked off (and would lie outside)
wgs = np.zeros((4, 3), np.float32)
for i, rr in enumerate(gidx):
    if i != 2:
        wgs[i] = xt[rr, 1:4]
case("tts-gather-scatter-tptr", TTS_GS, [1], {"arg0": xt, "arg1": gidx, "arg2": np.ones((4, 3), np.float32), "arg3": LD},
     ["arg2"], lambda o, _: exact(o["arg2"], wgs))

# ---- libdevice through tt.extern_elementwise --------------------------------
EXT = """
module {
  tt.func public @ext(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %out: !tt.ptr<f32>) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %xp0 = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %xp = tt.addptr %xp0, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %yp0 = tt.splat %y : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %yp = tt.addptr %yp0, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %a = tt.load %xp : tensor<64x!tt.ptr<f32>>
    %b = tt.load %yp : tensor<64x!tt.ptr<f32>>
    %e = tt.extern_elementwise %a {libname = "", libpath = "", pure = true, symbol = "__nv_expf"} : (tensor<64xf32>) -> tensor<64xf32>
    %f = tt.extern_elementwise %a {libname = "", libpath = "", pure = true, symbol = "__nv_erff"} : (tensor<64xf32>) -> tensor<64xf32>
    %g = tt.extern_elementwise %a, %b {libname = "", libpath = "", pure = true, symbol = "__nv_atan2f"} : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %h = tt.extern_elementwise %b {libname = "", libpath = "", pure = true, symbol = "__nv_log1pf"} : (tensor<64xf32>) -> tensor<64xf32>
    %t = tt.extern_elementwise %a {libname = "", libpath = "", pure = true, symbol = "__nv_tanhf"} : (tensor<64xf32>) -> tensor<64xf32>
    %s1 = arith.addf %e, %f : tensor<64xf32>
    %s2 = arith.addf %s1, %g : tensor<64xf32>
    %s3 = arith.addf %s2, %h : tensor<64xf32>
    %s4 = arith.addf %s3, %t : tensor<64xf32>
    %op0 = tt.splat %out : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %op = tt.addptr %op0, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    tt.store %op, %s4 : tensor<64x!tt.ptr<f32>>
    tt.return
  }
}
"""
xa = rng.standard_normal(64).astype(np.float32)
ya = rng.uniform(0, 3, 64).astype(np.float32)
f32 = lambda v: np.float32(v)
erf = np.vectorize(math.erf)
ref = xa.astype(np.float64)
parts = [np.exp(ref).astype(np.float32), erf(ref).astype(np.float32), np.arctan2(ref, ya.astype(np.float64)).astype(np.float32),
         np.log1p(ya.astype(np.float64)).astype(np.float32), np.tanh(ref).astype(np.float32)]
wext = parts[0]
for p in parts[1:]:
    wext = (wext + p).astype(np.float32)
case("extern-elementwise-libdevice", EXT, [1], {"arg0": xa, "arg1": ya, "arg2": np.zeros(64, np.float32)}, ["arg2"],
     lambda o, _: close(o["arg2"], wext.astype(np.float64), 1e-6, 0, equal_nan=True))

error_case("extern-elementwise-unknown", EXT.replace("__nv_tanhf", "__nv_no_such_fn"), [1],
           {"arg0": xa, "arg1": ya, "arg2": np.zeros(64, np.float32)}, ["tt.extern_elementwise", "__nv_no_such_fn", "not supported"])

# ---- pointers as integers, join/split/cat, histogram, print ----------------
MISC = """
module {
  tt.func public @misc(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %h: !tt.ptr<i32>, %v: !tt.ptr<i32>) {
    %c4 = arith.constant 4 : i64
    %c3 = arith.constant 3 : i32
    %p3 = tt.addptr %x, %c3 : !tt.ptr<f32>, i32
    %i = tt.ptr_to_int %p3 : !tt.ptr<f32> -> i64
    %j = arith.addi %i, %c4 : i64
    %p4 = tt.int_to_ptr %j : i64 -> !tt.ptr<f32>
    %e4 = tt.load %p4 : !tt.ptr<f32>
    %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %xp0 = tt.splat %x : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
    %xp = tt.addptr %xp0, %r : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    %a = tt.load %xp : tensor<8x!tt.ptr<f32>>
    %s = tt.splat %e4 : f32 -> tensor<8xf32>
    %jn = tt.join %a, %s : tensor<8xf32> -> tensor<8x2xf32>
    %l, %rr = tt.split %jn : tensor<8x2xf32> -> tensor<8xf32>
    %d = arith.subf %l, %rr : tensor<8xf32>
    %c = tt.cat %d, %a : tensor<8xf32> -> tensor<16xf32>
    %r16 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %op0 = tt.splat %out : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
    %op = tt.addptr %op0, %r16 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    tt.store %op, %c : tensor<16x!tt.ptr<f32>>
    %r32 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %vp0 = tt.splat %v : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>>
    %vp = tt.addptr %vp0, %r32 : tensor<32x!tt.ptr<i32>>, tensor<32xi32>
    %vals = tt.load %vp : tensor<32x!tt.ptr<i32>>
    %hist = tt.histogram %vals : tensor<32xi32> -> tensor<8xi32>
    %r8 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %hp0 = tt.splat %h : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>>
    %hp = tt.addptr %hp0, %r8 : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
    tt.store %hp, %hist : tensor<8x!tt.ptr<i32>>
    %two = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    tt.print " v: " {hex = false, isSigned = array<i32: 1>} : %two : tensor<2xi32>
    tt.return
  }
}
"""
xm = rng.standard_normal(8).astype(np.float32)
vals = rng.integers(-3, 11, 32).astype(np.int32)
wm = np.concatenate([xm - xm[4], xm]).astype(np.float32)
wh = np.bincount(vals[(vals >= 0) & (vals < 8)], minlength=8).astype(np.int32)
want_print = "".join(f"pid (0, 0, 0) idx ({i}) v: {i}\n" for i in range(2))
case("ptr-int-join-split-cat-histogram-print", MISC, [1],
     {"arg0": xm, "arg1": np.zeros(16, np.float32), "arg2": np.zeros(8, np.int32), "arg3": vals}, ["arg1", "arg2"],
     lambda o, out: first(exact(o["arg1"], wm), exact(o["arg2"], wh),
                          None if out == want_print else f"stdout {out!r}, want {want_print!r}"))

# ---- tt.gather, tt.map_elementwise, atomics across programs, fp_to_fp rtz ---
MORE = """
module {
  tt.func public @more(%x: !tt.ptr<f32>, %idx: !tt.ptr<i32>, %out: !tt.ptr<f32>, %acc: !tt.ptr<i32>, %h: !tt.ptr<f16>) {
    %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %xp0 = tt.splat %x : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
    %xp = tt.addptr %xp0, %r : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    %a = tt.load %xp : tensor<8x!tt.ptr<f32>>
    %a2 = tt.reshape %a : tensor<8xf32> -> tensor<4x2xf32>
    %ip0 = tt.splat %idx : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>>
    %ip = tt.addptr %ip0, %r : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
    %i = tt.load %ip : tensor<8x!tt.ptr<i32>>
    %i2 = tt.reshape %i : tensor<8xi32> -> tensor<4x2xi32>
    %g = tt.gather %a2[%i2] {axis = 0 : i32} : (tensor<4x2xf32>, tensor<4x2xi32>) -> tensor<4x2xf32>
    %m = "tt.map_elementwise"(%g, %i2) <{pack = 1 : i32}> ({
    ^bb0(%u: f32, %v: i32):
      %f = arith.sitofp %v : i32 to f32
      %t = arith.mulf %u, %f : f32
      tt.map_elementwise.return %t : f32
    }) : (tensor<4x2xf32>, tensor<4x2xi32>) -> tensor<4x2xf32>
    %g1 = tt.reshape %m : tensor<4x2xf32> -> tensor<8xf32>
    %op0 = tt.splat %out : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
    %op = tt.addptr %op0, %r : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    tt.store %op, %g1 : tensor<8x!tt.ptr<f32>>
    %pid = tt.get_program_id x : i32
    %ps = tt.splat %pid : i32 -> tensor<8xi32>
    %ap0 = tt.splat %acc : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>>
    %ap = tt.addptr %ap0, %r : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
    %c6 = arith.constant dense<6> : tensor<8xi32>
    %mk = arith.cmpi slt, %r, %c6 : tensor<8xi32>
    %old = tt.atomic_rmw add, acq_rel, gpu, %ap, %ps, %mk : (tensor<8x!tt.ptr<i32>>, tensor<8xi32>, tensor<8xi1>) -> tensor<8xi32>
    %one = arith.constant 1 : i32
    %seven = arith.constant 7 : i32
    %p7 = tt.addptr %acc, %seven : !tt.ptr<i32>, i32
    %sw = tt.atomic_cas acq_rel, gpu, %p7, %pid, %one : (!tt.ptr<i32>, i32, i32) -> i32
    %hv = arith.constant dense<[1.000000e+00, 1.000400e+00, -1.000400e+00, 7.000000e+04]> : tensor<4xf32>
    %hz = tt.fp_to_fp %hv, rounding = rtz : tensor<4xf32> -> tensor<4xf16>
    %r4 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %hp0 = tt.splat %h : !tt.ptr<f16> -> tensor<4x!tt.ptr<f16>>
    %hp = tt.addptr %hp0, %r4 : tensor<4x!tt.ptr<f16>>, tensor<4xi32>
    tt.store %hp, %hz : tensor<4x!tt.ptr<f16>>
    tt.return
  }
}
"""
xm2 = rng.standard_normal(8).astype(np.float32)
gi = np.array([3, 0, 1, 1, 0, 2, 2, 3], np.int32)
src = xm2.reshape(4, 2)
gw = np.array([[src[gi.reshape(4, 2)[i, j], j] for j in range(2)] for i in range(4)], np.float32)
mw = (gw * gi.reshape(4, 2).astype(np.float32)).reshape(8)
accw = np.zeros(8, np.int32)
accw[:6] = sum(range(5))             # programs 0..4 each add their id
accw[7] = 1                          # program 0 swaps 0 -> 1; the others see 1 != pid except pid 1: 1 -> 1
def rtz16(v):
    with np.errstate(over="ignore"):
        h = np.float16(v)
    if abs(float(h)) > abs(v):
        h = np.nextafter(h, np.float16(0))
    return h
hw = np.array([rtz16(v) for v in [1.0, float(np.float32(1.0004)), float(np.float32(-1.0004)), 7e4]], np.float16)
case("gather-map-atomics-fp-to-fp-rtz", MORE, [5],
     {"arg0": xm2, "arg1": gi, "arg2": np.zeros(8, np.float32), "arg3": np.zeros(8, np.int32), "arg4": np.zeros(4, np.float16)},
     ["arg2", "arg3", "arg4"],
     lambda o, _: first(exact(o["arg2"], mw), exact(o["arg3"], accw), exact(o["arg4"], hw)))

# ---- errors: the op, the program and the element are named ------------------
error_case("block-ptr-unchecked-out-of-bounds", BLOCK.replace("{boundaryCheck = array<i32: 0, 1>, padding = 2 : i32}", ""), [2, 2],
           {"arg0": x, "arg1": np.zeros((5, 7), np.float32), "arg2": 5, "arg3": 7},
           ["tt.load", "out-of-bounds access", "in program (1, 0, 0)", "element [1, 0] reads element 37", "argument 0"])
error_case("tts-load-out-of-bounds", TTS.replace("shape: [%wrap, 0]", "shape: [0, 0]"), [1],
           {"arg0": xt, "arg1": np.zeros((4, 3), np.float32), "arg2": R, "arg3": LD, "arg4": 3, "arg5": 2},
           ["tts.load", "out-of-bounds access", "program (0, 0, 0)", "element [2, 0]"])
error_case("descriptor-wrong-rank", DESC.replace("%d[%r, %c3]", "%d[%r]"), [1],
           {"arg0": xh, "arg1": np.zeros((10, 9), np.float16), "arg2": 10, "arg3": 9}, ["tt.descriptor_load", "expected 2 indices"])

sys.exit(TALLY.close())
