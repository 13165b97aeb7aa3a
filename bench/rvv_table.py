#!/usr/bin/env python3
"""rvv_table.py ANCHORS_RESULTS.tsv RVV.tsv - the bench/rvv.sh table (markdown):
retired instructions per kernel and the ratios the targets are stated in."""
import csv
import sys

data = {}
for r in csv.DictReader(open(sys.argv[1]), delimiter="\t"):
    data[r["kernel"], r["variant"], int(r["vlen"])] = r
kernels, vlens = [], []
for r in csv.DictReader(open(sys.argv[2]), delimiter="\t"):
    k, V = r["kernel"], int(r["vlen"])
    data[k, "rvv", V] = r
    if k not in kernels:
        kernels.append(k)
    if V not in vlens:
        vlens.append(V)


def ok(r):
    return "ok" if r["check_main"] == "PASS" and r["check_ragged"] == "PASS" else f"main {r['check_main']} ragged {r['check_ragged']}"


print("| kernel | VLEN | scalar | autovec | hand | ttxform RVV | scalar / RVV | autovec / RVV | RVV / hand | RVV vector insns % | checks (S/A/H/RVV) |")
print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|")
for k in kernels:
    for V in vlens:
        s, a, h, v = (data.get((k, x, V)) for x in ("scalar", "autovec", "hand", "rvv"))
        if not (s and a and h and v):
            continue
        S, A, H, R = (int(x["insns"]) for x in (s, a, h, v))
        print(f"| {k} | {V} | {S:,} | {A:,} | {H:,} | {R:,} | {S / R:.2f} | {A / R:.2f} | {R / H:.2f} | "
              f"{100.0 * int(v['vec_insns']) / R:.0f} | {ok(s)} / {ok(a)} / {ok(h)} / {ok(v)} |")
