"""Random, valid TTIR kernels for the differential tester.

A kernel is a prelude (program ids, the block of offsets each program owns, the
mask `offs < n`) and a list of independent segments, each drawn from its own
seed, reading the shared input buffers and writing its own output buffers.  The
minimiser (minimise.py) removes segments and shrinks their sizes; a segment
drawn again from the same (seed, size) gives the same text.

`generate(seed, features)` returns a Kernel; `Kernel.render()` the TTIR text (as
Triton 3.6 prints it: `%argN` arguments, `%cN_i32` constants hoisted to the top,
`"tt.reduce"`/`"tt.scan"` in generic form) and `Kernel.inputs(dir)` writes the
.npy inputs and returns the `--arg` bindings.
"""
from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable

import numpy as np

# every feature flag; CI_OFF are those off by default while their known defects are open
FEATURES = ("mask", "other", "float", "float_types", "math", "int", "int_types", "divrem", "divzero", "divmasked", "cast",
            "stride", "stride_ktir", "blockptr", "desc", "grid2d", "grid3d", "reduce", "argmax",
            "scan", "dot", "atomic", "scf_for", "scf_if", "scf_while", "grid_ones", "nan_bits")
CI_OFF: tuple[str, ...] = ()
DEFAULT = tuple(f for f in FEATURES if f not in CI_OFF)

NP = {"f16": np.float16, "f32": np.float32, "f64": np.float64, "i1": np.bool_, "i8": np.int8,
      "i16": np.int16, "i32": np.int32, "i64": np.int64}
BITS = {"i1": 1, "i8": 8, "i16": 16, "i32": 32, "i64": 64, "f16": 16, "f32": 32, "f64": 64}
FLOATS = ("f16", "f32", "f64")


def is_float(t: str) -> bool:
    return t in FLOATS


def tens(shape: tuple[int, ...], ety: str) -> str:
    return "tensor<" + "x".join(str(d) for d in shape) + "x" + ety + ">"


def ptens(shape: tuple[int, ...], ety: str) -> str:
    return tens(shape, f"!tt.ptr<{ety}>")


def flit(v: float) -> str:
    """a float constant as MLIR prints it"""
    if math.isnan(v) or math.isinf(v):
        return {"nan": "0x7FC00000", "inf": "0x7F800000", "-inf": "0xFF800000"}[str(v)]
    return f"{v:.6e}"


@dataclasses.dataclass
class Arg:
    name: str        # %argN
    ty: str          # !tt.ptr<f32> or i32
    value: object    # np.ndarray for a buffer, a number for a scalar
    output: bool = False


class Builder:
    """SSA names, hoisted constants and the argument list of one kernel"""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.consts: list[str] = []
        self.const_names: dict[tuple[str, str], str] = {}
        self.args: list[Arg] = []
        self.n = 0
        self.depth = 2
        self.exact = True     # float outputs must agree bit for bit
        # a zero of either sign matches (a regression's `// ZEROS: any`); maxnumf/minnumf
        # no longer need it: every engine computes src/fmath.h's definition (-0 < +0)
        self.zeros_any = False
        self.cache: dict[str, object] = {}

    def fresh(self) -> str:
        self.n += 1
        return f"%{self.n - 1}"

    def emit(self, text: str) -> None:
        self.lines.append("  " * self.depth + text)

    def op(self, text: str) -> str:
        v = self.fresh()
        self.emit(f"{v} = {text}")
        return v

    def arg(self, ty: str, value: object, output: bool = False) -> str:
        a = Arg(f"%arg{len(self.args)}", ty, value, output)
        self.args.append(a)
        return a.name

    def c(self, v: float, ty: str = "i32") -> str:
        """a scalar constant, hoisted (Triton's names: %c16_i32, %cst)"""
        key = (repr(v), ty)
        if key not in self.const_names:
            if is_float(ty):
                name = f"%cst_{len(self.consts)}"
                self.consts.append(f"{name} = arith.constant {flit(float(v))} : {ty}")
            else:
                if ty == "i1":
                    name = "%true" if v else "%false"
                    lit = "true" if v else "false"
                else:
                    name = f"%c{int(v)}_{ty}".replace("-", "m") if int(v) < 0 else f"%c{int(v)}_{ty}"
                    lit = str(int(v))
                self.consts.append(f"{name} = arith.constant {lit} : {ty}")
            self.const_names[key] = name
        return self.const_names[key]

    def dense(self, v: float, shape: tuple[int, ...], ety: str) -> str:
        key = (repr(v), tens(shape, ety))
        if key not in self.const_names:
            name = f"%cst_{len(self.consts)}"
            lit = flit(float(v)) if is_float(ety) else ("true" if v else "false") if ety == "i1" else str(int(v))
            self.consts.append(f"{name} = arith.constant dense<{lit}> : {tens(shape, ety)}")
            self.const_names[key] = name
        return self.const_names[key]

    # the common shapes of pointer arithmetic
    def splat(self, v: str, sty: str, shape: tuple[int, ...]) -> str:
        return self.op(f"tt.splat {v} : {sty} -> {tens(shape, sty)}")

    def range(self, n: int) -> str:
        key = f"range{n}"
        if key not in self.cache:
            self.cache[key] = self.op(f"tt.make_range {{end = {n} : i32, start = 0 : i32}} : tensor<{n}xi32>")
        return str(self.cache[key])

    def ptrs(self, base: str, ety: str, offs: str, shape: tuple[int, ...]) -> str:
        s = self.op(f"tt.splat {base} : !tt.ptr<{ety}> -> {ptens(shape, ety)}")
        return self.op(f"tt.addptr {s}, {offs} : {ptens(shape, ety)}, {tens(shape, 'i32')}")

    def load(self, ptrs: str, ety: str, shape: tuple[int, ...], mask: str | None = None,
             other: str | None = None) -> str:
        ops = ptrs + (f", {mask}" if mask else "") + (f", {other}" if mask and other else "")
        return self.op(f"tt.load {ops} : {ptens(shape, ety)}")

    def store(self, ptrs: str, val: str, ety: str, shape: tuple[int, ...], mask: str | None = None) -> None:
        self.emit(f"tt.store {ptrs}, {val}" + (f", {mask}" if mask else "") + f" : {ptens(shape, ety)}")

    def bin(self, op: str, a: str, b: str, ty: str) -> str:
        return self.op(f"arith.{op} {a}, {b} : {ty}")

    def to2d(self, rows: str, cols: str, r: int, c: int, stride: str) -> str:
        """offsets rows[i]*stride + cols[j] of an r x c tile (i32)"""
        a = self.op(f"tt.expand_dims {rows} {{axis = 1 : i32}} : tensor<{r}xi32> -> tensor<{r}x1xi32>")
        s = self.op(f"tt.splat {stride} : i32 -> tensor<{r}x1xi32>")
        a = self.bin("muli", a, s, f"tensor<{r}x1xi32>")
        a = self.op(f"tt.broadcast {a} : tensor<{r}x1xi32> -> tensor<{r}x{c}xi32>")
        b = self.op(f"tt.expand_dims {cols} {{axis = 0 : i32}} : tensor<{c}xi32> -> tensor<1x{c}xi32>")
        b = self.op(f"tt.broadcast {b} : tensor<1x{c}xi32> -> tensor<{r}x{c}xi32>")
        return self.bin("addi", a, b, f"tensor<{r}x{c}xi32>")

    def mask2d(self, rows: str, rlim: str, cols: str, clim: str, r: int, c: int) -> str:
        """(rows[:, None] < rlim) & (cols[None, :] < clim), in the order Triton prints it"""
        rm = self.op(f"tt.expand_dims {rows} {{axis = 1 : i32}} : tensor<{r}xi32> -> tensor<{r}x1xi32>")
        rl = self.splat(rlim, "i32", (r, 1))
        rm = self.op(f"arith.cmpi slt, {rm}, {rl} : tensor<{r}x1xi32>")
        cm = self.op(f"tt.expand_dims {cols} {{axis = 0 : i32}} : tensor<{c}xi32> -> tensor<1x{c}xi32>")
        cl = self.splat(clim, "i32", (1, c))
        cm = self.op(f"arith.cmpi slt, {cm}, {cl} : tensor<1x{c}xi32>")
        rm = self.op(f"tt.broadcast {rm} : tensor<{r}x1xi1> -> tensor<{r}x{c}xi1>")
        cm = self.op(f"tt.broadcast {cm} : tensor<1x{c}xi1> -> tensor<{r}x{c}xi1>")
        return self.bin("andi", rm, cm, f"tensor<{r}x{c}xi1>")

    def convert(self, v: str, src: str, dst: str, shape: tuple[int, ...]) -> str:
        """the plain conversion between two element types (ints signed)"""
        if src == dst:
            return v
        st, dt = tens(shape, src) if shape else src, tens(shape, dst) if shape else dst
        if is_float(src) and is_float(dst):
            op = "extf" if BITS[dst] > BITS[src] else "truncf"
        elif is_float(src):
            op = "fptosi"
        elif is_float(dst):
            op = "sitofp"
        else:
            op = "extsi" if BITS[dst] > BITS[src] else "trunci"
        return self.op(f"arith.{op} {v} : {st} to {dt}")


@dataclasses.dataclass
class Ctx:
    """what every segment of a kernel shares"""
    b: Builder
    rng: np.random.Generator
    feats: frozenset[str]
    grid: tuple[int, int, int]
    block: int
    n_valid: int
    lin: str = ""          # the program's linear id
    offs: str = ""         # lin*block + range
    mask: str = ""         # offs < n
    n_arg: str = ""
    seed: int = 0

    @property
    def programs(self) -> int:
        return self.grid[0] * self.grid[1] * self.grid[2]

    @property
    def total(self) -> int:
        return self.programs * self.block

    @property
    def per_program(self) -> int:
        """how many input elements each program may read (its tiles)"""
        return max(self.block * 4, 1024)

    @property
    def in_size(self) -> int:
        return self.programs * self.per_program + 64

    def out(self, ety: str, count: int) -> str:
        """a fresh output buffer, filled with a sentinel so untouched elements are checked too"""
        if ety == "i1":
            a = np.zeros(count, dtype=np.bool_)
        else:
            a = np.full(count * (BITS[ety] // 8), 0x5A, dtype=np.uint8).view(NP[ety])
        return self.b.arg(f"!tt.ptr<{ety}>", a, output=True)

    def inp(self, kind: str) -> str:
        """a shared input buffer of `total` elements (extra for strided reads):
        fx floats with specials, fs small floats, ia full-range ints, ib divisors,
        ik small non-negative ints"""
        key = "in_" + kind
        if key in self.b.cache:
            return str(self.b.cache[key])
        g = np.random.default_rng([self.seed, ("fx", "fs", "ia", "ib", "ik").index(kind)])
        n = self.in_size
        if kind == "fx":
            a = (g.standard_normal(n) * 4).astype(np.float32)
            sp = np.array([0.0, -0.0, 1.0, -1.0, 0.5, 3.0, 1e-30, -1e30, 65504.0, 1e10], dtype=np.float32)
            idx = g.integers(0, n, n // 16)
            a[idx] = sp[g.integers(0, len(sp), len(idx))]
            if "math" in self.feats:
                idx = g.integers(0, n, n // 64)
                a[idx] = np.array([np.inf, -np.inf, np.nan], dtype=np.float32)[g.integers(0, 3, len(idx))]
        elif kind == "fs":
            a = (g.standard_normal(n) * 3).astype(np.float32)
            a = np.clip(a, -12, 12).astype(np.float32)
        elif kind == "ia":
            a = g.integers(-2**31, 2**31, n, dtype=np.int64).astype(np.int32)
            sp = np.array([0, 1, -1, 2, -2, 7, -7, 2**31 - 1, -2**31, 255, 65535, -65536], dtype=np.int64).astype(np.int32)
            idx = g.integers(0, n, n // 4)
            a[idx] = sp[g.integers(0, len(sp), len(idx))]
            if "divzero" not in self.feats:
                a[a == -2**31] = -2**31 + 1
        elif kind == "ib":
            a = g.integers(-100, 100, n, dtype=np.int64).astype(np.int32)
            sp = np.array([1, -1, 2, -2, 3, 2**31 - 1, -2**31, 7, 0], dtype=np.int64).astype(np.int32)
            idx = g.integers(0, n, n // 4)
            a[idx] = sp[g.integers(0, len(sp), len(idx))]
            if "divzero" not in self.feats:
                a[a == 0] = 5
                a[a == -1] = -3
        elif kind == "ik":
            a = g.integers(0, 64, n, dtype=np.int64).astype(np.int32)
        else:
            raise ValueError(kind)
        name = self.b.arg("!tt.ptr<f32>" if kind[0] == "f" else "!tt.ptr<i32>", a)
        self.b.cache[key] = name
        return name

    def load1d(self, kind: str, other: bool | None | str = None) -> str:
        """the program's block of an input, masked (with `other` when asked or when the
        features say so); other=False: no mask at all; "none": masked without `other`"""
        key = f"ld_{kind}_{other}"
        if key in self.b.cache:
            return str(self.b.cache[key])
        ety = "f32" if kind[0] == "f" else "i32"
        p = self.b.ptrs(self.inp(kind), ety, self.offs, (self.block,))
        if other is False or "mask" not in self.feats:
            v = self.b.load(p, ety, (self.block,))
        else:
            o = None
            if other is True or (other is None and "other" in self.feats):
                o = self.b.dense(1.0 if ety == "f32" else 1, (self.block,), ety)
            v = self.b.load(p, ety, (self.block,), self.mask if "mask" in self.feats else None, o)
        self.b.cache[key] = v
        return v

    def store1d(self, val: str, ety: str) -> None:
        o = self.out(ety, self.total)
        p = self.b.ptrs(o, ety, self.offs, (self.block,))
        self.b.store(p, val, ety, (self.block,), self.mask if "mask" in self.feats else None)

    def store_scalar(self, val: str, ety: str) -> None:
        """one value per program, at out[lin]"""
        o = self.out(ety, self.programs)
        p = self.b.op(f"tt.addptr {o}, {self.lin} : !tt.ptr<{ety}>, i32")
        self.b.emit(f"tt.store {p}, {val} : !tt.ptr<{ety}>")


Segment = Callable[[Ctx, random.Random, int], None]
SEGMENTS: dict[str, tuple[tuple[str, ...], Segment]] = {}


def segment(*needs: str) -> Callable[[Segment], Segment]:
    """a segment kind, drawn when all of `needs` are on"""
    def reg(f: Segment) -> Segment:
        SEGMENTS[f.__name__] = (needs, f)
        return f
    return reg


@dataclasses.dataclass
class Kernel:
    seed: int
    feats: frozenset[str]
    grid: tuple[int, int, int]
    block: int
    n_valid: int
    segs: list[tuple[str, int, int]]   # (kind, seed, size)
    b: Builder | None = None

    def build(self) -> Builder:
        if self.b is None:
            self.b = build(self)
        return self.b

    @property
    def dims(self) -> int:
        """how many grid axes the kernel reads: up to the last one above 1 (one more with
        `grid_ones`)"""
        d = 3 if self.grid[2] > 1 else 2 if self.grid[1] > 1 else 1
        return min(3, d + 1) if "grid_ones" in self.feats else d

    def grid_arg(self) -> str:
        return "--grid=" + ",".join(map(str, self.grid[:self.dims]))

    @property
    def valid(self) -> bool:
        """whether no engine may fail the kernel.  Without `divzero` it is valid Triton
        whatever its inputs; with it, it divides by zero or INT_MIN by -1 on lanes that
        reach memory, which ttxform defines (RISC-V's results, docs/cpu.md) on every
        engine, so those kernels must run too and agree"""
        return True

    def render(self) -> str:
        b = self.build()
        sig = ", ".join(f"{a.name}: {a.ty}" + (" {tt.divisibility = 16 : i32}" if a.ty.startswith("!tt.ptr") else "")
                        for a in b.args)
        head = [(f"// differential kernel: seed {self.seed}, grid {','.join(map(str, self.grid))}, "
                 f"block {self.block}, n {self.n_valid}"),
                "// features: " + " ".join(sorted(self.feats)),
                "// segments: " + " ".join(f"{k}:{s}:{z}" for k, s, z in self.segs),
                "module {",
                f"  tt.func public @kernel({sig}) attributes {{noinline = false}} {{"]
        return "\n".join(head + ["    " + c for c in b.consts] + b.lines + ["    tt.return", "  }", "}", ""])


def build(k: Kernel) -> Builder:
    b = Builder()
    ctx = Ctx(b, np.random.default_rng(k.seed), k.feats, k.grid, k.block, k.n_valid, seed=k.seed)
    ctx.n_arg = b.arg("i32", k.n_valid)
    dims = k.dims   # with grid_ones one more axis, of size 1 (a kernel written for X,Y run at X,1)
    pid = [b.op(f"tt.get_program_id {a} : i32") for a in "xyz"[:dims]]
    lin = pid[-1]
    for i in range(dims - 2, -1, -1):
        num = b.op(f"tt.get_num_programs {'xyz'[i]} : i32")
        lin = b.bin("addi", b.bin("muli", lin, num, "i32"), pid[i], "i32")
    ctx.lin = lin
    base = b.bin("muli", lin, b.c(k.block), "i32")
    ctx.offs = b.bin("addi", b.splat(base, "i32", (k.block,)), b.range(k.block), f"tensor<{k.block}xi32>")
    nb = b.splat(ctx.n_arg, "i32", (k.block,))
    ctx.mask = b.op(f"arith.cmpi slt, {ctx.offs}, {nb} : tensor<{k.block}xi32>")
    for kind, s, size in k.segs:
        SEGMENTS[kind][1](ctx, random.Random(s), size)
    return b


def generate(seed: int, feats: tuple[str, ...] | frozenset[str] = DEFAULT, nseg: int | None = None) -> Kernel:
    r = random.Random(seed)
    fs = frozenset(feats)
    if "grid3d" in fs and r.random() < 0.4:
        grid = (r.randint(1, 3), r.randint(1, 3), r.randint(2, 3))
    elif "grid2d" in fs and r.random() < 0.5:
        grid = (r.randint(1, 4), r.randint(2, 3), 1)
    else:
        grid = (r.randint(1, 6), 1, 1)
    block = r.choice((16, 32, 64, 128))
    total = grid[0] * grid[1] * grid[2] * block
    n_valid = total if "mask" not in fs or r.random() < 0.2 else r.randint(0 if r.random() < 0.05 else 1, total)
    kinds = [k for k, (needs, _) in SEGMENTS.items() if all(n in fs for n in needs)]
    count = nseg if nseg is not None else r.randint(1, 5)
    segs = [(r.choice(kinds), r.randrange(1 << 30), r.randint(1, 8)) for _ in range(count)] if kinds else []
    return Kernel(seed, fs, grid, block, n_valid, segs)


import segments  # noqa: F401  (registers the segment kinds through `segment`)
