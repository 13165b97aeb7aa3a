/* fuzz_passes.c - libFuzzer target: --inline --canonicalize --cse --dce --symbol-dce (see README.md). */
#include "harness.h"

FUZZ_TARGET(FUZZ_PASSES)
