"""The segment kinds of a generated kernel (gen.py).

Each kind is `f(ctx, r, size)`: it appends ops to ctx.b, drawing choices from r
(its own random.Random) and growing with size (1..8: chain lengths, trip counts),
and stores what it computes to output buffers of its own.  Every kernel it
writes is valid Triton: no shift past the width, no fptosi out of range, no
division by zero or INT_MIN / -1 (unless the `divzero` feature asks for them),
no read of a masked-off lane that reaches memory, no out-of-bounds access, and
no two programs storing to one element (atomics aside).
"""
from __future__ import annotations

import random

from gen import BITS, Ctx, is_float, ptens, segment, tens

F_BIN = ("addf", "subf", "mulf", "divf", "maxnumf", "minnumf", "maximumf", "minimumf")
# math ops whose f32 bits every engine shares (docs/cpu.md), and those within tolerance
F_MATH_EXACT = ("exp", "floor", "ceil", "sqrt", "absf")
F_MATH_TOL = ("log", "sin", "cos", "tanh", "erf", "exp2", "rsqrt")
I_BIN = ("addi", "subi", "muli", "andi", "ori", "xori", "maxsi", "minsi", "maxui", "minui")
I_SHIFT = ("shli", "shrsi", "shrui")
DIVS = ("divsi", "remsi", "divui", "remui", "floordivsi", "ceildivsi")


@segment("float")
def ew_float(ctx: Ctx, r: random.Random, size: int) -> None:
    """a chain of elementwise ops at f32 (or f16, f64 with `float_types`; math ops with
    `math`), masked store"""
    b, B = ctx.b, ctx.block
    fty = r.choice(("f32", "f32", "f16", "f64")) if "float_types" in ctx.feats else "f32"
    t = tens((B,), fty)
    pool = [b.convert(ctx.load1d("fx"), "f32", fty, (B,)), b.convert(ctx.load1d("fs"), "f32", fty, (B,))]
    for _ in range(size + 1):
        x = r.choice(pool)
        k = r.random()
        if "math" in ctx.feats and k < 0.25:
            op = r.choice(F_MATH_EXACT + F_MATH_TOL)
            if op not in F_MATH_EXACT or (op == "exp" and fty != "f32"):
                b.exact = False
            if op == "absf":
                v = b.op(f"math.absf {x} : {t}")
            else:
                v = b.op(f"math.{op} {x} : {t}")
        elif k < 0.35:
            v = b.op(f"arith.negf {x} : {t}") if r.random() < 0.5 else b.op(f"math.absf {x} : {t}")
        elif k < 0.45:
            c = b.op(f"arith.cmpf {r.choice(('olt', 'ogt', 'oeq', 'une', 'uge', 'ord'))}, {x}, {r.choice(pool)} : {t}")
            v = b.op(f"arith.select {c}, {x}, {r.choice(pool)} : {tens((B,), 'i1')}, {t}")
        else:
            v = b.bin(r.choice(F_BIN), x, r.choice(pool), t)
        pool.append(v)
    ctx.store1d(pool[-1], fty)


def int_value(ctx: Ctx, r: random.Random, ety: str) -> str:
    """the block of `ia` as ety (truncated or sign-extended)"""
    return ctx.b.convert(ctx.load1d("ia"), "i32", ety, (ctx.block,))


@segment("int")
def ew_int(ctx: Ctx, r: random.Random, size: int) -> None:
    """a chain of integer ops at i32 (or i8/i16/i64 with `int_types`): wrap-around,
    shifts by amounts below the width, signed and unsigned min/max"""
    b, B = ctx.b, ctx.block
    ety = r.choice(("i8", "i16", "i32", "i64")) if "int_types" in ctx.feats else "i32"
    t = tens((B,), ety)
    pool = [int_value(ctx, r, ety), b.convert(ctx.load1d("ik"), "i32", ety, (B,))]
    for _ in range(size + 1):
        x, y = r.choice(pool), r.choice(pool)
        k = r.random()
        if k < 0.2:
            amt = b.bin("andi", y, b.dense(BITS[ety] - 1, (B,), ety), t)
            v = b.bin(r.choice(I_SHIFT), x, amt, t)
        elif k < 0.3:
            c = b.op(f"arith.cmpi {r.choice(('slt', 'ult', 'eq', 'ne', 'sge', 'ugt'))}, {x}, {y} : {t}")
            v = b.op(f"arith.select {c}, {x}, {y} : {tens((B,), 'i1')}, {t}")
        elif k < 0.35:
            v = b.op(f"math.absi {x} : {t}")
        else:
            v = b.bin(r.choice(I_BIN), x, y, t)
        pool.append(v)
    ctx.store1d(pool[-1], ety)


@segment("divrem")
def divrem(ctx: Ctx, r: random.Random, size: int) -> None:
    """signed and unsigned division and remainders, negative operands (zero
    divisors and INT_MIN / -1 only with `divzero`)"""
    b, B = ctx.b, ctx.block
    ety = r.choice(("i32", "i64", "i16")) if "int_types" in ctx.feats else "i32"
    t = tens((B,), ety)
    # masked loads take `other` = 1 so a masked-off divisor is never 0
    a = b.convert(ctx.load1d("ia"), "i32", ety, (B,))
    # (with `divmasked`, a masked load without `other`: the masked-off lanes, which
    # never reach memory, may divide by anything, zero included)
    masked = "divmasked" in ctx.feats and "mask" in ctx.feats
    d = b.convert(ctx.load1d("ib", other="none" if masked else True), "i32", ety, (B,))
    if ety == "i16" and "divzero" not in ctx.feats:
        # truncation may make a zero divisor or INT16_MIN: or with 1, clear the sign's lowest value
        d = b.bin("ori", d, b.dense(1, (B,), ety), t)
        a = b.bin("shrsi", a, b.dense(1, (B,), ety), t)
    v = a
    for _ in range(max(1, size // 2)):
        v = b.bin(r.choice(DIVS), v, d, t)
        if r.random() < 0.5:
            v = b.bin("addi", v, a, t) if "divzero" in ctx.feats else b.bin("shrsi", b.bin("addi", v, a, t),
                                                                         b.dense(1, (B,), ety), t)
    ctx.store1d(v, ety)


@segment("cast")
def cast(ctx: Ctx, r: random.Random, size: int) -> None:
    """a walk through the int and float types: sitofp/uitofp, fptosi/fptoui of
    values in range, extf/truncf, extsi/extui/trunci, bitcast"""
    b, B = ctx.b, ctx.block
    sh = (B,)
    v, ty = ctx.load1d("fs", other=True), "f32"
    bound = 12.0          # |v| <= bound (inf: unknown)
    nonneg = False
    # a NaN's payload after arithmetic is the engine's (x86 keeps an operand's,
    # RISC-V gives the default NaN; docs/cpu.md): such a value is not bitcast back
    arith_nan = False
    for _ in range(size + 1):
        k = r.random()
        if is_float(ty):
            if k < 0.35:
                dst = r.choice(("i8", "i16", "i32", "i64"))
                if bound < 2.0 ** (BITS[dst] - 1) - 1:
                    if nonneg and r.random() < 0.5:
                        v = b.op(f"arith.fptoui {v} : {tens(sh, ty)} to {tens(sh, dst)}")
                    else:
                        v = b.op(f"arith.fptosi {v} : {tens(sh, ty)} to {tens(sh, dst)}")
                    ty = dst
                    continue
            if k < 0.6:
                dst = r.choice([f for f in ("f16", "f32", "f64") if f != ty])
                v = b.convert(v, ty, dst, sh)
                if dst == "f16" and bound > 65504:
                    bound = float("inf")
                ty = dst
            elif k < 0.75 and ty in ("f32", "f16") and not arith_nan:
                it = "i32" if ty == "f32" else "i16"
                v = b.op(f"arith.bitcast {v} : {tens(sh, ty)} to {tens(sh, it)}")
                ty, bound, nonneg = it, 2.0 ** (BITS[it] - 1), False
            elif k < 0.85:
                v = b.op(f"math.absf {v} : {tens(sh, ty)}")
                nonneg = True
            else:
                c = b.dense(r.choice((0.5, 3.0, -2.0, 100.0)), sh, ty)
                v = b.bin("mulf", v, c, tens(sh, ty))
                arith_nan = arith_nan or bound == float("inf")
                bound = bound * 100.0
                if ty == "f16" and bound > 65504:
                    bound = float("inf")      # an f16 product may round to inf
                nonneg = False
        else:
            if k < 0.3:
                dst = r.choice(("f16", "f32", "f64"))
                op = "uitofp" if r.random() < 0.3 else "sitofp"
                v = b.op(f"arith.{op} {v} : {tens(sh, ty)} to {tens(sh, dst)}")
                if op == "uitofp" and not nonneg:
                    bound = 2.0 ** BITS[ty]
                nonneg = nonneg or op == "uitofp"
                if dst == "f16" and bound > 65504:
                    bound = float("inf")
                ty = dst
            elif k < 0.6:
                dst = r.choice([i for i in ("i8", "i16", "i32", "i64") if i != ty])
                if BITS[dst] > BITS[ty]:
                    op = "extui" if r.random() < 0.4 else "extsi"
                    v = b.op(f"arith.{op} {v} : {tens(sh, ty)} to {tens(sh, dst)}")
                    if op == "extui":
                        bound, nonneg = min(2.0 ** BITS[ty], bound if nonneg else 2.0 ** BITS[ty]), True
                else:
                    v = b.op(f"arith.trunci {v} : {tens(sh, ty)} to {tens(sh, dst)}")
                    if bound >= 2.0 ** (BITS[dst] - 1):
                        bound, nonneg = 2.0 ** (BITS[dst] - 1), False
                ty = dst
            elif k < 0.75 and (ty == "i32" or ty == "i16" and ("nan_bits" in ctx.feats or nonneg and bound < 0x7C00)):
                # an i16 bitcast to f16 whose bits may be a NaN only with `nan_bits`
                ft = "f32" if ty == "i32" else "f16"
                v = b.op(f"arith.bitcast {v} : {tens(sh, ty)} to {tens(sh, ft)}")
                ty, bound, nonneg, arith_nan = ft, float("inf"), False, False
            else:
                v = b.bin("addi", v, b.dense(r.choice((1, -1, 7)), sh, ty), tens(sh, ty))
                bound += 7
                nonneg = False
                bound = min(2.0 ** (BITS[ty] - 1), bound)
    ctx.store1d(v, ty)


@segment("stride")
def stride2d(ctx: Ctx, r: random.Random, size: int) -> None:
    """a 2-D tile of a strided matrix: x[(lin*R + i)*S + c0 + j] (S, c0 arguments,
    c0 a multiple of nothing with `stride_ktir`), masked in both dims, stored
    contiguous (or transposed)"""
    b = ctx.b
    R, C = r.choice((1, 2, 4, 8)), r.choice((4, 8, 16))
    S = C + r.choice((0, 0, 1, 3, 7))
    c0 = r.randint(0, S - C) if "stride_ktir" in ctx.feats else 0
    if "stride_ktir" not in ctx.feats and S > C:
        S = C * r.choice((1, 2))
    rows_total = ctx.programs * R
    if r.random() < 0.3:
        column(ctx, r, S, c0, C)
        return
    rv = r.randint(1, rows_total) if "mask" in ctx.feats else rows_total
    cv = r.randint(1, C) if "mask" in ctx.feats else C
    sa, ca = b.arg("i32", S), b.arg("i32", c0)
    rva, cva = b.arg("i32", rv), b.arg("i32", cv)
    rr, cr = b.range(R), b.range(C)
    r0 = b.splat(b.bin("muli", ctx.lin, b.c(R), "i32"), "i32", (R,))
    rows = b.bin("addi", r0, rr, tens((R,), "i32"))
    cols = b.bin("addi", cr, b.splat(ca, "i32", (C,)), tens((C,), "i32"))
    off = b.to2d(rows, cols, R, C, sa)
    colsv = cr
    m = b.mask2d(rows, rva, colsv, cva, R, C) if "mask" in ctx.feats else None
    kind = r.choice(("fx", "ia"))
    ety = "f32" if kind == "fx" else "i32"
    # the input is `total * 4 + 64` long: keep the tile inside it
    need = rows_total * S + C
    src = ctx.inp(kind)
    if need > ctx.in_size:
        return
    p = b.ptrs(src, ety, off, (R, C))
    o = b.dense(2, (R, C), ety) if m and "other" in ctx.feats else None
    v = b.load(p, ety, (R, C), m, o)
    if ety == "f32" and r.random() < 0.5:
        v = b.bin("mulf", v, b.dense(0.5, (R, C), "f32"), tens((R, C), ety))
    out = ctx.out(ety, rows_total * C)
    ooff = b.to2d(rows, cr, R, C, b.c(C))
    b.store(b.ptrs(out, ety, ooff, (R, C)), v, ety, (R, C), m)


def column(ctx: Ctx, r: random.Random, S: int, c0: int, C: int) -> None:
    """a column of a strided matrix, x[i*S + c0] for the program's block of rows i,
    masked by i < rows (an argument), stored contiguous"""
    b, B = ctx.b, ctx.block
    rows = ctx.total
    if rows * S + c0 >= ctx.in_size:
        S = max(1, (ctx.in_size - c0 - 1) // rows)
        c0 = min(c0, S - 1)
    sa, ca = b.arg("i32", S), b.arg("i32", c0)
    rv = b.arg("i32", r.randint(1, rows) if "mask" in ctx.feats else rows)
    off = b.bin("muli", ctx.offs, b.splat(sa, "i32", (B,)), tens((B,), "i32"))
    off = b.bin("addi", off, b.splat(ca, "i32", (B,)), tens((B,), "i32"))
    m = b.op(f"arith.cmpi slt, {ctx.offs}, {b.splat(rv, 'i32', (B,))} : {tens((B,), 'i32')}") \
        if "mask" in ctx.feats else None
    kind = r.choice(("fx", "ia"))
    ety = "f32" if kind == "fx" else "i32"
    v = b.load(b.ptrs(ctx.inp(kind), ety, off, (B,)), ety, (B,), m)
    out = ctx.out(ety, ctx.total)
    b.store(b.ptrs(out, ety, ctx.offs, (B,)), v, ety, (B,), m)


def program_rows(ctx: Ctx, R: int) -> str:
    """the program's R row numbers, lin*R + i"""
    b = ctx.b
    return b.bin("addi", b.splat(b.bin("muli", ctx.lin, b.c(R), "i32"), "i32", (R,)), b.range(R), tens((R,), "i32"))


def store_rows(ctx: Ctx, v: str, ety: str, R: int, C: int) -> None:
    """v (R x C) into a new output, at the program's rows lin*R + i of width C"""
    b = ctx.b
    out = ctx.out(ety, ctx.programs * R * C)
    off = b.to2d(program_rows(ctx, R), b.range(C), R, C, b.c(C))
    b.store(b.ptrs(out, ety, off, (R, C)), v, ety, (R, C))


def tile(ctx: Ctx, r: random.Random, kind: str, R: int, C: int, other: float) -> tuple[str, str]:
    """the program's R x C tile of input `kind` (rows lin*R + i of width C), the
    lanes past n replaced by `other`; returns (value, element type)"""
    b = ctx.b
    ety = "f32" if kind[0] == "f" else "i32"
    rr, cr = b.range(R), b.range(C)
    r0 = b.splat(b.bin("muli", ctx.lin, b.c(R), "i32"), "i32", (R,))
    rows = b.bin("addi", r0, rr, tens((R,), "i32"))
    off = b.to2d(rows, cr, R, C, b.c(C))
    if r.random() < 0.5:
        lim = b.splat(ctx.n_arg, "i32", (R, C))
        m = b.op(f"arith.cmpi slt, {off}, {lim} : {tens((R, C), 'i32')}")
    else:
        # whole rows: row < n / C (the form of a row-masked tile)
        nr = b.splat(b.bin("divsi", ctx.n_arg, b.c(C), "i32"), "i32", (R,))
        m = b.op(f"arith.cmpi slt, {rows}, {nr} : {tens((R,), 'i32')}")
        m = b.op(f"tt.expand_dims {m} {{axis = 1 : i32}} : {tens((R,), 'i1')} -> {tens((R, 1), 'i1')}")
        m = b.op(f"tt.broadcast {m} : {tens((R, 1), 'i1')} -> {tens((R, C), 'i1')}")
    v = b.load(b.ptrs(ctx.inp(kind), ety, off, (R, C)), ety, (R, C), m, b.dense(other, (R, C), ety))
    return v, ety


def shape_rc(ctx: Ctx, r: random.Random) -> tuple[int, int]:
    """a tile shape whose programs' tiles fit in the inputs (4 * total elements)"""
    R = r.choice((1, 2, 4, 8))
    C = r.choice((4, 8, 16, 32))
    while R * C > ctx.per_program and R > 1:
        R //= 2
    return R, C


@segment("reduce")
def reduce(ctx: Ctx, r: random.Random, size: int) -> None:
    """tt.reduce over axis 0 or 1 of a 2-D tile, or of a 1-D block to one value:
    add (the shared halving order makes float sums exact), max, min, xor"""
    b = ctx.b
    R, C = shape_rc(ctx, r)
    kind = r.choice(("fs", "fx", "ia"))
    combs = ("addf", "maxnumf", "minnumf", "maximumf", "mulf") if kind[0] == "f" else ("addi", "maxsi", "minui", "xori", "muli")
    comb = r.choice(combs)
    v, ety = tile(ctx, r, kind, R, C, 0.0 if comb in ("addf", "addi", "xori") else 1)
    one_d = r.random() < 0.3
    if one_d:
        v = b.op(f"tt.reshape {v} : {tens((R, C), ety)} -> {tens((R * C,), ety)}")
        axis, shape, out_shape = 0, (R * C,), ()
    else:
        axis = r.randint(0, 1)
        shape, out_shape = (R, C), ((C,) if axis == 0 else (R,))
    rt = tens(out_shape, ety) if out_shape else ety
    x, y = b.fresh(), b.fresh()
    res = b.fresh()
    b.emit(f"{res} = \"tt.reduce\"({v}) <{{axis = {axis} : i32}}> ({{")
    b.emit(f"^bb0({x}: {ety}, {y}: {ety}):")
    b.depth += 1
    z = b.op(f"arith.{comb} {x}, {y} : {ety}")
    b.emit(f"tt.reduce.return {z} : {ety}")
    b.depth -= 1
    b.emit(f"}}) : ({tens(shape, ety)}) -> {rt}")
    if not out_shape:
        ctx.store_scalar(res, ety)
        return
    n = out_shape[0]
    out = ctx.out(ety, ctx.programs * n)
    base = b.splat(b.bin("muli", ctx.lin, b.c(n), "i32"), "i32", (n,))
    off = b.bin("addi", base, b.range(n), tens((n,), "i32"))
    b.store(b.ptrs(out, ety, off, (n,)), res, ety, (n,))


@segment("reduce", "argmax")
def argmax(ctx: Ctx, r: random.Random, size: int) -> None:
    """a two-operand tt.reduce with Triton's argmax/argmin combiner (NaN wins,
    ties to the lower index)"""
    b = ctx.b
    R, C = shape_rc(ctx, r)
    kind = r.choice(("fx", "ia", "ik"))
    v, ety = tile(ctx, r, kind, R, C, -1)
    axis = r.randint(0, 1)
    idx = b.op(f"tt.broadcast {b.op(f'tt.expand_dims {b.range(C)} {{axis = 0 : i32}} : tensor<{C}xi32> -> tensor<1x{C}xi32>')}"
               f" : tensor<1x{C}xi32> -> tensor<{R}x{C}xi32>") if axis == 1 else \
        b.op(f"tt.broadcast {b.op(f'tt.expand_dims {b.range(R)} {{axis = 1 : i32}} : tensor<{R}xi32> -> tensor<{R}x1xi32>')}"
             f" : tensor<{R}x1xi32> -> tensor<{R}x{C}xi32>")
    n = C if axis == 0 else R
    mx = r.random() < 0.5
    v1, i1, v2, i2 = b.fresh(), b.fresh(), b.fresh(), b.fresh()
    res = b.fresh()
    b.emit(f"{res}:2 = \"tt.reduce\"({v}, {idx}) <{{axis = {axis} : i32}}> ({{")
    b.emit(f"^bb0({v1}: {ety}, {i1}: i32, {v2}: {ety}, {i2}: i32):")
    b.depth += 1
    if ety == "f32":
        gt = b.op(f"arith.cmpf {'ogt' if mx else 'olt'}, {v1}, {v2} : f32")
        eq = b.op(f"arith.cmpf oeq, {v1}, {v2} : f32")
        nan = b.op(f"arith.cmpf une, {v1}, {v1} : f32")
        gt = b.bin("ori", gt, nan, "i1")
    else:
        gt = b.op(f"arith.cmpi {'sgt' if mx else 'slt'}, {v1}, {v2} : i32")
        eq = b.op(f"arith.cmpi eq, {v1}, {v2} : i32")
    lt = b.op(f"arith.cmpi slt, {i1}, {i2} : i32")
    tie = b.bin("andi", eq, lt, "i1")
    keep = b.bin("ori", gt, tie, "i1")
    vv = b.op(f"arith.select {keep}, {v1}, {v2} : {ety}")
    ii = b.op(f"arith.select {keep}, {i1}, {i2} : i32")
    b.emit(f"tt.reduce.return {vv}, {ii} : {ety}, i32")
    b.depth -= 1
    b.emit(f"}}) : ({tens((R, C), ety)}, {tens((R, C), 'i32')}) -> ({tens((n,), ety)}, {tens((n,), 'i32')})")
    for j, t in ((0, ety), (1, "i32")):
        out = ctx.out(t, ctx.programs * n)
        base = b.splat(b.bin("muli", ctx.lin, b.c(n), "i32"), "i32", (n,))
        off = b.bin("addi", base, b.range(n), tens((n,), "i32"))
        b.store(b.ptrs(out, t, off, (n,)), f"{res}#{j}", t, (n,))


@segment("scan")
def scan(ctx: Ctx, r: random.Random, size: int) -> None:
    """tt.scan (forward or reverse) along an axis of a 2-D tile: add, max, xor"""
    b = ctx.b
    R, C = shape_rc(ctx, r)
    kind = r.choice(("fs", "ia"))
    comb = r.choice(("addf", "maxnumf", "mulf") if kind[0] == "f" else ("addi", "maxsi", "xori", "muli"))
    v, ety = tile(ctx, r, kind, R, C, 1)
    axis, rev = r.randint(0, 1), r.choice(("false", "true"))
    x, y = b.fresh(), b.fresh()
    res = b.fresh()
    t = tens((R, C), ety)
    b.emit(f"{res} = \"tt.scan\"({v}) <{{axis = {axis} : i32, reverse = {rev}}}> ({{")
    b.emit(f"^bb0({x}: {ety}, {y}: {ety}):")
    b.depth += 1
    z = b.op(f"arith.{comb} {x}, {y} : {ety}")
    b.emit(f"tt.scan.return {z} : {ety}")
    b.depth -= 1
    b.emit(f"}}) : ({t}) -> {t}")
    store_rows(ctx, res, ety, R, C)


@segment("dot")
def dot(ctx: Ctx, r: random.Random, size: int) -> None:
    """tt.dot of two tiles of the inputs, f32 (ieee), f16 -> f32 or i8 -> i32, with
    a loaded or zero accumulator"""
    b = ctx.b
    M, N, K = r.choice((16, 32)), r.choice((16, 32)), r.choice((16, 32))
    while M * K > ctx.per_program or K * N > ctx.per_program:
        if M > 16:
            M //= 2
        elif K > 16:
            K //= 2
        else:
            N //= 2
            break
    if K * N > ctx.in_size or M * K > ctx.per_program:
        return
    kind = r.choice(("f32", "f16", "i8"))
    src = "fs" if kind != "i8" else "ia"
    a, ety = tile(ctx, r, src, M, K, 0)
    # B: the same K x N tile for every program (rows 0..K-1 of the input)
    bo = b.to2d(b.range(K), b.range(N), K, N, b.c(N))
    bv = b.load(b.ptrs(ctx.inp(src), ety, bo, (K, N)), ety, (K, N))
    acc_t = "i32" if kind == "i8" else "f32"
    if kind != "f32":
        a, bv = b.convert(a, ety, kind, (M, K)), b.convert(bv, ety, kind, (K, N))
    if kind != "i8":
        b.exact = False
    acc = b.dense(0, (M, N), acc_t) if r.random() < 0.5 else tile(ctx, r, src, M, N, 0)[0]
    prec = ", inputPrecision = ieee" if kind == "f32" else ""
    d = b.op(f"tt.dot {a}, {bv}, {acc}{prec} : {tens((M, K), kind)} * {tens((K, N), kind)} -> {tens((M, N), acc_t)}")
    store_rows(ctx, d, acc_t, M, N)


@segment("blockptr")
def blockptr(ctx: Ctx, r: random.Random, size: int) -> None:
    """tt.make_tensor_ptr over the input seen as rows x cols, a tile at (lin*R, c0),
    tt.advance along the columns, loads with boundary checks and zero or NaN
    padding, a store through a block pointer with a boundary check"""
    b = ctx.b
    R, C = shape_rc(ctx, r)
    cols = C * r.choice((1, 2)) + r.choice((0, 3))
    rows = max(1, min(ctx.programs * R - r.choice((0, 1, 3)), (ctx.in_size) // cols))
    kind = r.choice(("fs", "ia"))
    ety = "f32" if kind == "fs" else "i32"
    src = ctx.inp(kind)
    rows_a, cols_a = b.arg("i64", rows), b.arg("i64", cols)
    c0 = r.randint(0, max(0, cols - 1))
    r0 = b.bin("muli", ctx.lin, b.c(R), "i32")
    bt = f"tensor<{R}x{C}x{ety}>"
    p = b.op(f"tt.make_tensor_ptr {src}, [{rows_a}, {cols_a}], [{cols_a}, {b.c(1, 'i64')}], [{r0}, {b.c(c0)}] "
             f"{{order = array<i32: 1, 0>}} : <{bt}>")
    pad = "1" if ety == "i32" or r.random() < 0.6 else "2"
    if pad == "2":
        ctx.b.exact = ctx.b.exact  # NaN padding compares as NaN
    v = b.op(f"tt.load {p} {{boundaryCheck = array<i32: 0, 1>, padding = {pad} : i32}} : !tt.ptr<{bt}>")
    steps = r.randint(0, min(size, 3))
    for _ in range(steps):
        p = b.op(f"tt.advance {p}, [{b.c(0)}, {b.c(r.choice((1, C, -1)) if c0 > 1 else C)}] : <{bt}>")
        w = b.op(f"tt.load {p} {{boundaryCheck = array<i32: 0, 1>, padding = {pad} : i32}} : !tt.ptr<{bt}>")
        v = b.bin("addf" if ety == "f32" else "xori", v, w, f"tensor<{R}x{C}x{ety}>")
    # the output: (programs*R) x C, rows cut at `rows` by the boundary check
    out = ctx.out(ety, ctx.programs * R * C)
    orows = b.arg("i64", min(rows, ctx.programs * R))
    q = b.op(f"tt.make_tensor_ptr {out}, [{orows}, {b.c(C, 'i64')}], [{b.c(C, 'i64')}, {b.c(1, 'i64')}], "
             f"[{r0}, {b.c(0)}] {{order = array<i32: 1, 0>}} : <{bt}>")
    b.emit(f"tt.store {q}, {v} {{boundaryCheck = array<i32: 0, 1>}} : !tt.ptr<{bt}>")


@segment("desc")
def desc(ctx: Ctx, r: random.Random, size: int) -> None:
    """tt.make_tensor_descriptor over the input seen as rows x cols, a block at
    (lin*R, c0) (zero past the shape), stored through a descriptor of the output"""
    b = ctx.b
    R, C = shape_rc(ctx, r)
    cols = C * r.choice((1, 2)) + r.choice((0, 4))
    rows = max(1, min(ctx.programs * R - r.choice((0, 1)), (ctx.in_size) // cols))
    kind = r.choice(("fs", "ia"))
    ety = "f32" if kind == "fs" else "i32"
    src = ctx.inp(kind)
    ra, ca = b.arg("i32", rows), b.arg("i32", cols)
    sa = b.op(f"arith.extsi {ca} : i32 to i64")
    dt = f"!tt.tensordesc<{R}x{C}x{ety}>"
    d = b.op(f"tt.make_tensor_descriptor {src}, [{ra}, {ca}], [{sa}, {b.c(1, 'i64')}] : !tt.ptr<{ety}>, {dt}")
    r0 = b.bin("muli", ctx.lin, b.c(R), "i32")
    c0 = b.c(r.choice((0, 0, C, cols - C if cols > C else 0)))
    v = b.op(f"tt.descriptor_load {d}[{r0}, {c0}] : {dt} -> {tens((R, C), ety)}")
    orows = b.arg("i32", min(rows, ctx.programs * R))
    out = ctx.out(ety, ctx.programs * R * C)
    e = b.op(f"tt.make_tensor_descriptor {out}, [{orows}, {b.c(C)}], [{b.c(C, 'i64')}, {b.c(1, 'i64')}] : "
             f"!tt.ptr<{ety}>, {dt}")
    b.emit(f"tt.descriptor_store {e}[{r0}, {b.c(0)}], {v} : {dt}, {tens((R, C), ety)}")


@segment("atomic")
def atomic(ctx: Ctx, r: random.Random, size: int) -> None:
    """integer atomics: a histogram (tt.atomic_rmw add/max/min/or/xor into 16 bins
    shared by every program, the result unused, so the order does not matter), and
    per-element atomics whose old values are stored (add, xchg, cas)"""
    b, B = ctx.b, ctx.block
    t = tens((B,), "i32")
    m = ctx.mask if "mask" in ctx.feats else None
    mm = f", {m}" if m else ""
    mt = f", {tens((B,), 'i1')}" if m else ""
    if r.random() < 0.6:
        bins = 16
        k = ctx.load1d("ik")
        idx = b.bin("andi", k, b.dense(bins - 1, (B,), "i32"), t)
        out = b.arg("!tt.ptr<i32>", __import__("numpy").zeros(bins, dtype="int32"), output=True)
        op = r.choice(("add", "add", "max", "min", "or", "xor", "umax"))
        val = ctx.load1d("ia") if op != "add" else b.dense(1, (B,), "i32")
        sem = r.choice(("acq_rel", "relaxed", "acquire", "release"))
        b.op(f"tt.atomic_rmw {op}, {sem}, gpu, {b.ptrs(out, 'i32', idx, (B,))}, {val}{mm} : "
             f"({ptens((B,), 'i32')}, {t}{mt}) -> {t}")
        return
    out = ctx.out("i32", ctx.total)
    p = b.ptrs(out, "i32", ctx.offs, (B,))
    v = ctx.load1d("ia")
    if r.random() < 0.5:
        op = r.choice(("add", "exch", "max", "and"))
        old = b.op(f"tt.atomic_rmw {op}, acq_rel, gpu, {p}, {v}{mm} : ({ptens((B,), 'i32')}, {t}{mt}) -> {t}")
    else:
        cmp = b.dense(0x5A5A5A5A, (B,), "i32")
        old = b.op(f"tt.atomic_cas acq_rel, gpu, {p}, {cmp}, {v} : ({ptens((B,), 'i32')}, {t}, {t}) -> {t}")
    o2 = ctx.out("i32", ctx.total)
    b.store(b.ptrs(o2, "i32", ctx.offs, (B,)), old, "i32", (B,), m)


@segment("scf_for")
def scf_for(ctx: Ctx, r: random.Random, size: int) -> None:
    """an scf.for carrying a tensor and a scalar: acc = acc * 3 + (x ^ i) (i32) or
    acc = acc * 0.5 + x (f32), the trip count an argument"""
    b, B = ctx.b, ctx.block
    fl = r.random() < 0.5
    ety = "f32" if fl else "i32"
    t = tens((B,), ety)
    x = ctx.load1d("fs" if fl else "ia")
    trips = b.arg("i32", r.randint(0, size + 2))
    lo = b.c(r.choice((0, 1)))
    acc0 = b.dense(0, (B,), ety)
    res, iv, acc, s = b.fresh(), b.fresh(), b.fresh(), b.fresh()
    b.emit(f"{res}:2 = scf.for {iv} = {lo} to {trips} step {b.c(r.choice((1, 2)))} iter_args({acc} = {acc0}, "
           f"{s} = {b.c(0)}) -> ({t}, i32)  : i32 {{")
    b.depth += 1
    if fl:
        h = b.bin("mulf", acc, b.dense(0.5, (B,), "f32"), t)
        n = b.bin("addf", h, x, t)
    else:
        xi = b.bin("xori", x, b.splat(iv, "i32", (B,)), t)
        n = b.bin("addi", b.bin("muli", acc, b.dense(3, (B,), "i32"), t), xi, t)
    s2 = b.bin("addi", s, iv, "i32")
    b.emit(f"scf.yield {n}, {s2} : {t}, i32")
    b.depth -= 1
    b.emit("}")
    ctx.store1d(f"{res}#0", ety)
    ctx.store_scalar(f"{res}#1", "i32")


@segment("scf_if")
def scf_if(ctx: Ctx, r: random.Random, size: int) -> None:
    """scf.if on the program id's parity (or on n) yielding a tensor"""
    b, B = ctx.b, ctx.block
    t = tens((B,), "i32")
    x = ctx.load1d("ia")
    if r.random() < 0.5:
        c = b.op(f"arith.cmpi eq, {b.bin('andi', ctx.lin, b.c(1), 'i32')}, {b.c(0)} : i32")
    else:
        c = b.op(f"arith.cmpi sgt, {ctx.n_arg}, {b.c(r.randint(0, ctx.total))} : i32")
    res = b.fresh()
    b.emit(f"{res} = scf.if {c} -> ({t}) {{")
    b.depth += 1
    b.emit(f"scf.yield {b.bin('addi', x, x, t)} : {t}")
    b.depth -= 1
    b.emit("} else {")
    b.depth += 1
    b.emit(f"scf.yield {b.bin('xori', x, b.dense(-1, (B,), 'i32'), t)} : {t}")
    b.depth -= 1
    b.emit("}")
    ctx.store1d(res, "i32")


@segment("scf_while")
def scf_while(ctx: Ctx, r: random.Random, size: int) -> None:
    """scf.while counting up to the program id plus a bound, with an i64 product"""
    b = ctx.b
    i0, a0 = b.c(0), b.c(1, "i64")
    lim = b.bin("addi", ctx.lin, b.c(r.randint(0, size + 3)), "i32")
    res, i, a, i2, a2 = b.fresh(), b.fresh(), b.fresh(), b.fresh(), b.fresh()
    b.emit(f"{res}:2 = scf.while ({i} = {i0}, {a} = {a0}) : (i32, i64) -> (i32, i64) {{")
    b.depth += 1
    c = b.op(f"arith.cmpi slt, {i}, {lim} : i32")
    b.emit(f"scf.condition({c}) {i}, {a} : i32, i64")
    b.depth -= 1
    b.emit("} do {")
    b.emit(f"^bb0({i2}: i32, {a2}: i64):")
    b.depth += 1
    n = b.bin("addi", i2, b.c(1), "i32")
    e = b.op(f"arith.extsi {n} : i32 to i64")
    m = b.bin("addi", b.bin("muli", a2, b.c(r.choice((3, 7, -5)), "i64"), "i64"), e, "i64")
    b.emit(f"scf.yield {n}, {m} : i32, i64")
    b.depth -= 1
    b.emit("}")
    ctx.store_scalar(f"{res}#1", "i64")
    ctx.store_scalar(f"{res}#0", "i32")


@segment("float", "reduce", "mask")
def softmax(ctx: Ctx, r: random.Random, size: int) -> None:
    """rows of a softmax as Triton writes it (the JIT's fused row routines): a masked
    row load with `other` -inf (or 0), the row max, exp(x - max), the row sum, the
    division, a masked row store; rows of up to 1024 columns"""
    b = ctx.b
    C = r.choice((16, 64, 128, 256, 1024))
    R = max(1, min(r.choice((1, 2, 4)), ctx.per_program // C))
    if ctx.programs * R * C > ctx.in_size:
        return
    ncols = b.arg("i32", r.choice((C, C - 1, max(1, C // 2 + 3), 1, 0 if C > 16 else 1)))
    rows = program_rows(ctx, R)
    off = b.to2d(rows, b.range(C), R, C, b.c(C))
    m = b.mask2d(rows, b.c(ctx.programs * R), b.range(C), ncols, R, C)
    t = tens((R, C), "f32")
    neg = r.random() < 0.7
    x = b.load(b.ptrs(ctx.inp(r.choice(("fs", "fx"))), "f32", off, (R, C)), "f32", (R, C), m,
               b.dense(float("-inf") if neg else 0.0, (R, C), "f32"))

    def red(v: str, comb: str) -> str:
        res, p, q = b.fresh(), b.fresh(), b.fresh()
        b.emit(f"{res} = \"tt.reduce\"({v}) <{{axis = 1 : i32}}> ({{")
        b.emit(f"^bb0({p}: f32, {q}: f32):")
        b.depth += 1
        z = b.op(f"arith.{comb} {p}, {q} : f32")
        b.emit(f"tt.reduce.return {z} : f32")
        b.depth -= 1
        b.emit(f"}}) : ({t}) -> {tens((R,), 'f32')}")
        e = b.op(f"tt.expand_dims {res} {{axis = 1 : i32}} : {tens((R,), 'f32')} -> {tens((R, 1), 'f32')}")
        return b.op(f"tt.broadcast {e} : {tens((R, 1), 'f32')} -> {t}")

    mx = red(x, r.choice(("maxnumf", "maximumf")))
    e = b.op(f"math.exp {b.bin('subf', x, mx, t)} : {t}")
    s = red(e, "addf")
    y = b.bin("divf", e, s, t)
    out = ctx.out("f32", ctx.programs * R * C)
    b.store(b.ptrs(out, "f32", off, (R, C)), y, "f32", (R, C), m)
