/* registry.c - the tables of passes and targets: a new pass or target is one
 * extern and one entry here (docs/architecture.md). */
#include "registry.h"

#include "dialects.h"
#include "pass.h"
#include "target.h"

extern const Pass pass_canonicalize, pass_cse, pass_dce, pass_symbol_dce, pass_inline, pass_test_break_dominance;
extern const Pass pass_convert_ttir_functions, pass_materialize_base_addresses;
extern const Pass pass_convert_elementwise_to_linalg, pass_unalias_linalg_outs, pass_lower_compute_ops;
extern const Pass pass_distribute_work;
extern const Pass pass_lower_descriptor_memory, pass_lower_scalar_load;
extern const Pass pass_lower_inter_tile;
extern const Pass pass_rewrite_descriptor_layout;
extern const Pass pass_ptr_analysis;
extern const Pass pass_lower_structured_pointers;
extern const Pass pass_tile;

/* the order of --help */
static const Pass *const passes[] = {
    &pass_canonicalize, &pass_cse, &pass_dce, &pass_symbol_dce, &pass_inline, &pass_test_break_dominance,
    &pass_convert_ttir_functions, &pass_materialize_base_addresses,
    &pass_lower_compute_ops, &pass_convert_elementwise_to_linalg, &pass_unalias_linalg_outs,
    &pass_distribute_work,
    &pass_lower_descriptor_memory, &pass_lower_scalar_load,
    &pass_lower_inter_tile,
    &pass_rewrite_descriptor_layout,
    &pass_ptr_analysis,
    &pass_lower_structured_pointers,
    &pass_tile,
};

extern const Target target_ktir;
extern const Target target_c;
extern const Target target_rvv;

/* the first whose suffix matches picks the output of -o FILE */
static const Target *const targets[] = { &target_ktir, &target_rvv, &target_c };

void registry_init(void) {
    dialects_register_all();
    pass_registry_set(passes, (int)(sizeof passes / sizeof *passes));
    target_registry_set(targets, (int)(sizeof targets / sizeof *targets));
}
