#!/usr/bin/env python3
"""The table of the rvv target's vector erf (targets/rvv/prelude.h,
ttx_verff_mL) and a check of it against erf rounded to f32.

usage: fit-erf.py [--samples N]     (NumPy needed)

The vector erf works in f64: a = |x| widened, interval i = floor(16 a) of
[0, 4) (a clamped below 4 first), then the Taylor polynomial of erf about
the interval's centre c (0 for the first, so that tiny arguments keep their
relative accuracy, else i / 16 + 1 / 32), of degree DEG, in s = a - c (|s| <=
1/32 but in the first), by Horner's rule; narrowed to f32 once; 1 from the
least f32 whose erf rounds to 1 (ONE); x's sign put back.  The Taylor
coefficients are exact formulas: c_0 = erf(c), c_n = 2 / sqrt(pi) *
(-1)^(n-1) * H_(n-1)(c) * exp(-c^2) / n! (H the physicists' Hermite
polynomials).  Also prints a bound of the f64 result's relative error (the
Taylor remainder's next terms and the roundings of Horner's rule), which
must stay under the 2^-36 of the kernel's test for lanes near an f32
rounding boundary (those are computed as the interpreter does: libm's
double erf, rounded).

Prints the C table (coefficient-major: TAB[n][i], hex doubles, exact) and,
emulated in NumPy (f64, no fused multiply-add), how many points of a dense
sweep, random points and tiny values round to another f32 than erf does.
"""
import math
import sys

import numpy as np

F32 = np.float32
NI, DEG = 64, 7


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
    return 0.0 if i == 0 else i / NI * 4 + 2 / NI


def taylor(c):
    h = [1.0, 2 * c]                      # H_0, H_1 at c
    for n in range(1, DEG):
        h.append(2 * c * h[n] - 2 * n * h[n - 1])
    g = 2 / math.sqrt(math.pi) * math.exp(-c * c)
    return [math.erf(c)] + [g * (-1) ** (n - 1) * h[n - 1] / math.factorial(n) for n in range(1, DEG + 1)]


def taylor_tail(c):
    """the coefficients of degrees DEG + 1 .. DEG + 6 about c"""
    h = [1.0, 2 * c]
    for n in range(1, DEG + 6):
        h.append(2 * c * h[n] - 2 * n * h[n - 1])
    g = 2 / math.sqrt(math.pi) * math.exp(-c * c)
    return [g * (-1) ** (n - 1) * h[n - 1] / math.factorial(n) for n in range(DEG + 1, DEG + 7)]


def main():
    n = int(sys.argv[sys.argv.index("--samples") + 1]) if "--samples" in sys.argv else 3000000
    one = least_one()
    tab = np.array([taylor(centre(i)) for i in range(NI)]).T      # [n][i]
    cen = np.array([centre(i) for i in range(NI)])

    def ev(x):
        a = np.minimum(np.abs(x), F32(3.9375)).astype(np.float64)
        i = np.minimum((a * (NI // 4)).astype(np.int64), NI - 1)
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
    u, worst = 2.0 ** -53, 0.0
    for i in range(NI):
        c, r = centre(i), (4 / NI if i == 0 else 2 / NI)
        t = taylor(c) + taylor_tail(c)
        if i == 0:
            rel = sum(abs(t[k]) * r ** (k - 1) for k in range(DEG + 1, DEG + 7)) / (1.128 * (1 - r * r / 3)) + 8 * (DEG + 2) * u
        else:
            rem = sum(abs(t[k]) * r ** k for k in range(DEG + 1, DEG + 7))
            rel = (rem + 4 * (DEG + 2) * u * sum(abs(t[k]) * r ** k for k in range(DEG + 1))) / math.erf(i * 4 / NI)
        worst = max(worst, rel)
    print(f"// relative error bound 2^{math.log2(worst):.1f} (the kernel's test: 2^-36)", file=sys.stderr)
    print(f"// {len(xs)} points: {int(np.sum(err > 0))} round to another f32 than erf (max {err.max()} ulp)", file=sys.stderr)


if __name__ == "__main__":
    main()
