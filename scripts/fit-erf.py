#!/usr/bin/env python3
"""The table of the rvv target's vector erf (targets/rvv/prelude.h,
ttx_verff_mL) and a check of it against erf rounded to f32.

usage: fit-erf.py [--samples N]     (NumPy needed)

The vector erf works in f64: a = |x| widened, interval i = floor(4 a) of
[0, 4) (a clamped below 4 first), then the Taylor polynomial of erf about
the interval's centre c (0 for the first, so that tiny arguments keep their
relative accuracy, else i / 4 + 1 / 8), of degree DEG, in s = a - c (|s| <=
1/8 but in the first), by Horner's rule; narrowed to f32 once; 1 from the
least f32 whose erf rounds to 1 (ONE); x's sign put back.  The Taylor
coefficients are exact formulas: c_0 = erf(c), c_n = 2 / sqrt(pi) *
(-1)^(n-1) * H_(n-1)(c) * exp(-c^2) / n! (H the physicists' Hermite
polynomials), so the f64 result is within a few units of 1e-16 of erf and
its rounding to f32 is the interpreter's (libm's double erf rounded) but
where erf lies within about that of the midpoint between two f32s.

Prints the C table (coefficient-major: TAB[n][i], hex doubles, exact) and,
emulated in NumPy (f64, no fused multiply-add), how many points of a dense
sweep, random points and tiny values round to another f32 than erf does.
"""
import math
import sys

import numpy as np

F32 = np.float32
NI, DEG = 16, 17


def least_one():
    lo, hi = int(np.array(3.0, F32).view(np.int32)), int(np.array(4.5, F32).view(np.int32))
    while lo + 1 < hi:
        mid = (lo + hi) // 2
        if F32(math.erf(float(np.array(mid, np.int32).view(F32)))) == F32(1):
            hi = mid
        else:
            lo = mid
    return float(np.array(hi, np.int32).view(F32))


def centre(i):
    return 0.0 if i == 0 else i / 4 + 1 / 8


def taylor(c):
    h = [1.0, 2 * c]                      # H_0, H_1 at c
    for n in range(1, DEG):
        h.append(2 * c * h[n] - 2 * n * h[n - 1])
    g = 2 / math.sqrt(math.pi) * math.exp(-c * c)
    return [math.erf(c)] + [g * (-1) ** (n - 1) * h[n - 1] / math.factorial(n) for n in range(1, DEG + 1)]


def main():
    n = int(sys.argv[sys.argv.index("--samples") + 1]) if "--samples" in sys.argv else 3000000
    one = least_one()
    tab = np.array([taylor(centre(i)) for i in range(NI)]).T      # [n][i]
    cen = np.array([centre(i) for i in range(NI)])

    def ev(x):
        a = np.minimum(np.abs(x), F32(3.9375)).astype(np.float64)
        i = np.minimum((a * 4).astype(np.int64), NI - 1)
        s = a - cen[i]
        p = tab[DEG][i]
        for k in range(DEG - 1, -1, -1):
            p = p * s + tab[k][i]
        r = p.astype(F32)
        r = np.where(np.abs(x) >= F32(one), F32(1), r)
        return np.copysign(r, x).astype(F32)

    rng = np.random.default_rng(1)
    xs = np.concatenate([np.linspace(-4.2, 4.2, 2000001, dtype=F32), (rng.standard_normal(n) * 1.5).astype(F32),
                         np.exp2(rng.uniform(-149, 0, n // 6)).astype(F32)])
    want = np.vectorize(math.erf, otypes=[float])(xs.astype(np.float64)).astype(F32)
    err = np.abs(ev(xs).view(np.int32).astype(np.int64) - want.view(np.int32).astype(np.int64))
    print(f"#define TTX_ERF_ONE {float(one).hex()}f")
    print(f"static const double ttx_erf_tab[{DEG + 2}][{NI}] = {{")
    print("    {" + ", ".join(float(c).hex() for c in cen) + "},")
    for k in range(DEG + 1):
        print("    {" + ", ".join(float(v).hex() for v in tab[k]) + "},")
    print("};")
    print(f"// {len(xs)} points: {int(np.sum(err > 0))} round to another f32 than erf (max {err.max()} ulp)", file=sys.stderr)


if __name__ == "__main__":
    main()
