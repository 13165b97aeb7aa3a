#!/usr/bin/env python3
"""Time ktir-cpu's execution of a KTIR kernel (bench/ktir.sh).

Usage: ktir_cpu_time.py KTIR_CPU_DIR KERNEL.ktir [--save NAME=OUT.npy] NAME=FILE.npy|NUMBER ...

Loads the kernel (not timed), binds each array argument from its .npy file
and each scalar from its number (by the KTIR's argument names), runs
execute_function once (timed), writes each --save argument's contents after
the run and prints `ktir-cpu execute S s, cpu C s` (wall and process CPU time).
"""
import os
import re
import sys
import time

import numpy as np

src, kernel = sys.argv[1], sys.argv[2]
sys.path.insert(0, src)
from ktir_cpu import KTIRInterpreter  # noqa: E402

it = KTIRInterpreter()
it.load(os.path.abspath(kernel))
fname = re.search(r"func\.func @(\w+)", open(kernel).read()).group(1)
kwargs, saves = {}, {}
args = sys.argv[3:]
while args:
    a = args.pop(0)
    if a == "--save":
        name, path = args.pop(0).split("=", 1)
        saves[name] = path
        continue
    name, val = a.split("=", 1)
    if val.endswith(".npy"):
        kwargs[name] = np.load(val)
    else:
        kwargs[name] = float(val) if re.search(r"[.eE]", val) else int(val)
t0, c0 = time.perf_counter(), time.process_time()
res = it.execute_function(fname, **kwargs)
t1, c1 = time.perf_counter(), time.process_time()
for name, path in saves.items():
    np.save(path, np.asarray(res[name]))
print(f"ktir-cpu execute {t1 - t0:.3f} s, cpu {c1 - c0:.3f} s")
