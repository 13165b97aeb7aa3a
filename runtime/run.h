/* run.h - `ttxform run`: run a kernel on the CPU with inputs from .npy files
 * or generators, and write chosen buffers back as .npy files.
 *
 *   ttxform run KERNEL.ttir --grid=X[,Y[,Z]] [--function=NAME] [--interp]
 *               --arg NAME=VALUE... [--output NAME=FILE.npy]...
 *
 * Each kernel argument is bound by one --arg.  NAME is the argument's SSA
 * name in the TTIR text without the '%' (Triton writes %arg0, %arg1, ...;
 * the Python parameter names are not in the TTIR), or argN, or its position
 * N.  A scalar takes a number; a pointer takes a .npy file or a generator:
 *
 *   zeros:SHAPE[:DTYPE]    ones:SHAPE[:DTYPE]    arange:N[:DTYPE]
 *   randn:SHAPE[:DTYPE[:SEED]]
 *
 * SHAPE is dims joined by 'x' or ',' ("4x8", "1000"); DTYPE defaults to the
 * pointer's element type and must match it (see run_generate for randn).
 *
 * Engines: the JIT (--jit, the default; engine_jit.c) and the reference
 * interpreter (--interp; interp.h), or both (--check; check.c).  Each runs
 * the kernel over the grid on argument buffers laid out as interp.h
 * describes; run_impl.h lists the files of the command. */
#ifndef TTX_RUN_H
#define TTX_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "npy.h"

/* argv[0] is "run"; returns the exit status (0, or 1 on any error) */
int run_main(int argc, char **argv);

/* Fill a from a generator spec (the text after "NAME=").  dflt is the dtype
 * when the spec names none (NULL: it must name one).  Returns false with err
 * saying why when the spec is malformed.
 *
 * randn is a deterministic standard normal: the state of a xorshift64*
 * generator (x ^= x >> 12; x ^= x << 25; x ^= x >> 27; out = x * 0x2545F4914F6CDD1D)
 * starts as splitmix64(SEED) (0x9E3779B97F4A7C15 if that is 0; SEED
 * defaults to 0).  Each pair of elements takes two outputs r1, r2 as
 * u = ((r >> 11) + 1) * 2^-53 in (0, 1] and is Box-Muller's
 * sqrt(-2 ln u1) * cos(2 pi u2), sqrt(-2 ln u1) * sin(2 pi u2), computed in
 * double and rounded to the dtype (to nearest even); an odd count drops the
 * last sine. */
bool run_generate(const char *spec, const NpyType *dflt, NpyArray *a, char *err, size_t errlen);

#endif
