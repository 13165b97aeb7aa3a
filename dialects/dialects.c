/* dialects.c - registering every dialect. */
#include "dialects.h"

#include <stdbool.h>

void dialects_register_all(void) {
    static bool done;
    if (done) return;
    done = true;
    dialect_func_register();
    dialect_arith_register();
    dialect_scf_register();
    dialect_tt_register();
    dialect_tt_more_register();
    dialect_tts_register();
    dialect_ktdp_register();
    dialect_tensor_register();
    dialect_memref_register();
    dialect_xsmt_register();
    dialect_llvm_register();
}
