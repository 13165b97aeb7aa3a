/* harness.h - the libFuzzer targets' shared driver: one input, split at
 * `// -----` lines as --split-input-file splits it, each section read into a
 * fresh context and sent down one of the command line's paths. */
#ifndef TTX_FUZZ_HARNESS_H
#define TTX_FUZZ_HARNESS_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
    FUZZ_READER,   /* parse, verify, print custom and generic */
    FUZZ_KTIR,     /* --emit=ktir */
    FUZZ_PASSES,   /* --inline --canonicalize --cse --dce --symbol-dce */
    FUZZ_C,        /* --emit=c, then --ptr-analysis --emit=c */
} FuzzKind;

void fuzz_init(FuzzKind k);
void fuzz_one(FuzzKind k, const uint8_t *data, size_t size);

#define FUZZ_TARGET(kind)                                                   \
    int LLVMFuzzerInitialize(int *argc, char ***argv);                      \
    int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);           \
    int LLVMFuzzerInitialize(int *argc, char ***argv) {                     \
        (void)argc; (void)argv;                                             \
        fuzz_init(kind);                                                    \
        return 0;                                                           \
    }                                                                       \
    int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {          \
        fuzz_one(kind, data, size);                                         \
        return 0;                                                           \
    }

#endif
