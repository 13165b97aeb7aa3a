/* fuzz_c.c - libFuzzer target: --emit=c and --ptr-analysis --emit=c (see README.md). */
#include "harness.h"

FUZZ_TARGET(FUZZ_C)
