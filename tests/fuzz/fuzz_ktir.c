/* fuzz_ktir.c - libFuzzer target: the --emit=ktir pipeline (see README.md). */
#include "harness.h"

FUZZ_TARGET(FUZZ_KTIR)
