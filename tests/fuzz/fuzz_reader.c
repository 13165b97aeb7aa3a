/* fuzz_reader.c - libFuzzer target: parse, verify, print custom and generic (see README.md). */
#include "harness.h"

FUZZ_TARGET(FUZZ_READER)
