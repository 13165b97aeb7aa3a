#!/usr/bin/env python3
"""Write a synthetic MLIR module of about N ops to stdout; the exact op count goes to stderr.

usage: gen_module.py N [--tt] [--seed S]

Default: builtin/func/arith/scf only, readable by `mlir-opt-19`. Each function has about
100 ops: arith constants and integer/float arithmetic, casts, compares, selects and one
scf.for with iter_args. --tt: tt.func kernels that also use tt.splat, tt.make_range,
tt.addptr, tt.load and tt.store (for ttxform only). Output is a function of N, the
flavor and the seed.
"""
import argparse, random, sys

FUNC_OPS = 100
INT_BIN = ["addi", "muli", "subi", "xori"]
FLOAT_BIN = ["addf", "mulf", "divf", "maxnumf"]
PREDS = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "uge"]
BLOCK = 128
PTR = "!tt.ptr<f32>"
TPTR = f"tensor<{BLOCK}x{PTR}>"
TI32, TF32 = f"tensor<{BLOCK}xi32>", f"tensor<{BLOCK}xf32>"


class Func:
    """One function body: SSA names, a value pool per type, emitted lines, op count."""

    def __init__(self, rng, args):
        self.rng, self.lines, self.ops, self.ind = rng, [], 0, "    "
        self.next_id, self.next_arg = 0, len(args)
        self.pool = {}
        for i, ty in enumerate(args):
            self.pool.setdefault(ty, []).append(f"%arg{i}")

    def emit(self, text, ty=None):
        name = None
        if ty:
            name = f"%{self.next_id}"
            self.next_id += 1
            text = f"{name} = {text}"
            self.pool.setdefault(ty, []).append(name)
        self.lines.append(self.ind + text)
        self.ops += 1
        return name

    def pick(self, ty):
        vals = self.pool.get(ty)
        if not vals:
            return self.constant(ty)
        return self.rng.choice(vals[-8:])

    def constant(self, ty):
        r = self.rng
        if ty == "i1":
            return self.emit(f"arith.constant {r.choice(['true', 'false'])}", ty)
        if ty == "f32":
            return self.emit(f"arith.constant {r.randint(-64, 64) / 4:e} : f32", ty)
        return self.emit(f"arith.constant {r.randint(-100, 100)} : {ty}", ty)

    def scalar_op(self):
        r, k = self.rng, self.rng.randrange(12)
        if k == 0:
            return self.constant(r.choice(["i32", "i64", "f32", "index"]))
        if k <= 3:
            ty = r.choice(["i32", "i32", "i64"])
            return self.emit(f"arith.{r.choice(INT_BIN)} {self.pick(ty)}, {self.pick(ty)} : {ty}", ty)
        if k <= 5:
            return self.emit(f"arith.{r.choice(FLOAT_BIN)} {self.pick('f32')}, {self.pick('f32')} : f32", "f32")
        if k == 6:
            ty = r.choice(["i32", "i64", "index"])
            return self.emit(f"arith.cmpi {r.choice(PREDS)}, {self.pick(ty)}, {self.pick(ty)} : {ty}", "i1")
        if k == 7:
            ty = r.choice(["i32", "f32"])
            return self.emit(f"arith.select {self.pick('i1')}, {self.pick(ty)}, {self.pick(ty)} : {ty}", ty)
        src, dst, op = r.choice([("i32", "i64", "extsi"), ("i64", "i32", "trunci"),
                                 ("i32", "index", "index_cast"), ("index", "i32", "index_cast"),
                                 ("i32", "f32", "sitofp")])
        return self.emit(f"arith.{op} {self.pick(src)} : {src} to {dst}", dst)

    def for_loop(self, body_ops):
        lb, ub, step = (self.emit(f"arith.constant {v} : index", "index") for v in (0, 64, 1))
        iv, a, b = (f"%arg{self.next_arg + i}" for i in range(3))
        self.next_arg += 3
        x, y = self.pick("i32"), self.pick("f32")
        res = f"%{self.next_id}"
        self.next_id += 1
        self.lines.append(f"{self.ind}{res}:2 = scf.for {iv} = {lb} to {ub} step {step} "
                          f"iter_args({a} = {x}, {b} = {y}) -> (i32, f32) {{")
        self.ops += 1
        outer = {ty: list(v) for ty, v in self.pool.items()}
        self.pool["index"].append(iv)
        self.pool["i32"].append(a)
        self.pool["f32"].append(b)
        self.ind += "  "
        self.emit(f"arith.index_cast {iv} : index to i32", "i32")
        for _ in range(body_ops - 2):
            self.scalar_op()
        self.emit(f"scf.yield {self.pool['i32'][-1]}, {self.pool['f32'][-1]} : i32, f32")
        self.ind = self.ind[:-2]
        self.lines.append(self.ind + "}")
        self.pool = outer
        self.pool["i32"].append(f"{res}#0")
        self.pool["f32"].append(f"{res}#1")

    def tt_chunk(self, base):
        """A load/compute/store chunk on BLOCK elements: 10 ops."""
        rng = self.emit(f"tt.make_range {{end = {BLOCK} : i32, start = 0 : i32}} : {TI32}", TI32)
        off = self.emit(f"tt.splat {self.pick('i32')} : i32 -> {TI32}", TI32)
        idx = self.emit(f"arith.addi {rng}, {off} : {TI32}", TI32)
        ptrs = []
        for arg in base:
            splat = self.emit(f"tt.splat {arg} : {PTR} -> {TPTR}", TPTR)
            ptrs.append(self.emit(f"tt.addptr {splat}, {idx} : {TPTR}, {TI32}", TPTR))
        val = self.emit(f"tt.load {ptrs[0]} : {TPTR}", TF32)
        val = self.emit(f"arith.{self.rng.choice(FLOAT_BIN[:2])} {val}, {val} : {TF32}", TF32)
        self.emit(f"tt.store {ptrs[1]}, {val} : {TPTR}")


def gen_func(rng, k, tt):
    if tt:
        args = [PTR, PTR, "i32", "f32"]
        f = Func(rng, args)
        header = f"  tt.func public @k{k}(" + ", ".join(f"%arg{i}: {t}" for i, t in enumerate(args)) + ") {"
    else:
        f = Func(rng, ["i32", "f32", "index"])
        header = f"  func.func @f{k}(%arg0: i32, %arg1: f32, %arg2: index) -> (i32, f32) {{"
    f.ops = 1
    body = FUNC_OPS - 2
    loop_at, looped = rng.randrange(10, body - 40), False
    while f.ops < body + 1:
        if f.ops >= loop_at and not looped:
            f.for_loop(rng.randint(12, 20))
            looped = True
        elif tt and rng.randrange(4) == 0 and f.ops + 10 <= body + 1:
            f.tt_chunk(["%arg0", "%arg1"])
        else:
            f.scalar_op()
    if tt:
        f.lines.append("    tt.return")
    else:
        f.lines.append(f"    return {f.pool['i32'][-1]}, {f.pool['f32'][-1]} : i32, f32")
    f.ops += 1
    return [header] + f.lines + ["  }"], f.ops


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("n", type=int)
    ap.add_argument("--tt", action="store_true")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    out = sys.stdout
    out.write("module {\n")
    total, k = 1, 0
    while total < a.n:
        lines, ops = gen_func(rng, k, a.tt)
        out.write("\n".join(lines) + "\n")
        total += ops
        k += 1
    out.write("}\n")
    print(f"{total} ops", file=sys.stderr)


if __name__ == "__main__":
    main()
