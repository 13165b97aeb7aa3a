/* dialects.h - the dialects: each registers its custom formats and
 * inherent attributes with the format engine (src/format.h). */
#ifndef TTX_DIALECTS_H
#define TTX_DIALECTS_H

#include "ir.h"

/* register every dialect; call once at start-up, before reading or
 * printing IR (calling it again does nothing) */
void dialects_register_all(void);

void dialect_func_register(void);     /* func, builtin */
void dialect_arith_register(void);    /* arith, math */
void dialect_scf_register(void);      /* scf, cf */
void dialect_tt_register(void);
void dialect_tt_more_register(void);   /* tt atomics, debug ops (and cf.assert), gather, clampf, dot_scaled, inline asm */
void dialect_tts_register(void);
void dialect_ktdp_register(void);
void dialect_tensor_register(void);   /* tensor, linalg */
void dialect_memref_register(void);
void dialect_xsmt_register(void);     /* xsmt, xsmt_async, tle (SpacemiT SMT) */
void dialect_llvm_register(void);     /* llvm.intr.assume (tl.assume), gpu.barrier (tl.debug_barrier) */

/* v (a block argument of a linalg payload) converted to the element type t,
 * appended to b as MLIR's named ops do: extf/truncf, extsi/trunci,
 * sitofp/fptosi, index_cast; v itself when it has type t */
Value *linalg_payload_cast(Ctx *c, Block *b, Value *v, Type *t, Loc l);

/* the SpacemiT core the module around op names with its `tt.arch_id`:
 * 1 for K1 ("0xA03C"), 3 for K3 ("0xA064"), 0 for none */
int xsmt_core(Op *op);
/* --smt-arch=k1|k3: the module's `tt.arch_id` set to that core's; false
 * (nothing set) for another name */
bool xsmt_set_core(Ctx *c, Op *module, const char *name);

/* an `!xsmt.buffer<shape=[copies, d...], elementType=T, copies=N,
 * storageKind="l2">` (xsmt.alloc_copies): its full shape (copies first,
 * rank at most 8), element type, copies and storage kind (not
 * NUL-terminated); false for another type or a body not of that form */
typedef struct XsmtBuffer {
    int rank;
    int64_t shape[8];
    Type *elem;
    int64_t copies;
    const char *storage;
    int storage_len;
} XsmtBuffer;
bool xsmt_buffer_of(Ctx *c, const Type *t, XsmtBuffer *b);
/* the count N of an `!xsmt.mbarrier<N>`, or -1 for another type */
int64_t xsmt_mbarrier_count(const Type *t);

/* the shape of a static `!ktdp.access_tile<AxBx...xindex>` type t: its
 * rank (at most maxr) into *rank and its sizes into dims; false for another
 * type, a dynamic size or a rank over maxr */
bool ktdp_tile_shape(const Type *t, int64_t *dims, int maxr, int *rank);

/* the memory a ktdp.construct_memory_view (or construct_indirect_access_tile
 * index) view is in, from its memory_space attribute and its memref type's
 * memory space, in either spelling: KMS_GLOBAL for `global` / `HBM` /
 * `unspecified` or none; KMS_LOCAL for `ct_local` / `LX`, a compute tile's
 * LX scratchpad, *core its `ct_id` / `core` (the linear tile id, x fastest)
 * or -1 when not given (the executing tile's own); KMS_OTHER for anything
 * else (`L0`, a core on HBM, an attribute and a type that disagree) */
typedef enum { KMS_GLOBAL, KMS_LOCAL, KMS_OTHER } KtdpSpace;
KtdpSpace ktdp_view_space(Op *view, int64_t *core);

#endif
