/* targets/rvv/smt.c - xsmt.mmt4d on a SpacemiT micro tile as a micro-kernel
 * call (the RVV strategy's mmt4d hook, cgen.h).
 *
 * When the module names a core (tt.arch_id, or --smt-arch=k1|k3) and the
 * mmt4d's inner tiles are that core's micro tile for its element type
 * (spine-triton.md 1.6: K1 f32 8x8x16, f16 8x16x16; K3 f32 8x32x32, f16
 * 16x8x32, as M x K x N), the op becomes a call of a kernel of
 * smt_kernels.c on contiguous packed operands, then the rounding of its f32
 * sums to the result's type:
 *   f32 (K1, K3)   ttx_smt_rvv_f32 (vfmacc), straight on the operands' arrays
 *                  when A is one and B is a tt.trans [1, 0, 3, 2] of one
 *   f16 on K1      ttx_smt_rvv_f16 (vfwmacc), on _Float16 copies
 *   f16 on K3      #ifdef TTX_SMT_HW: ttx_smt_ime_f16 (vfwmadot, or its C
 *                  reference with TTX_SMT_IME_REF); else ttx_smt_rvv_f16
 *   i8 -> i32      (the core's int8 IME tile M x K x N, 2.2: K1 4x8x4, K3
 *                  8x16x8; kb = K, mb and nb multiples of M and N)
 *                  #ifdef TTX_SMT_HW: ttx_smt_ime_i8 (vmadot, or its C
 *                  reference); else ttx_smt_rvv_i8 (vwmacc)
 * K1's matrix unit and K3's f32 have no floating-point IME instruction
 * (2.2), so they take the RVV kernel on a board too.  Other tiles keep the
 * generic loop nest of cgen/xsmt.c, whose numbers the kernels reproduce. */
#include "../cgen/emit.h"
#include "dialects.h"
#include "rvv.h"

extern const char rvv_smt_kernels_src[];

/* M, K, N of the micro tile, [K3][f16] */
static const int64_t micro[2][2][3] = { { { 8, 8, 16 }, { 8, 16, 16 } }, { { 8, 32, 32 }, { 16, 8, 32 } } };

/* M, K, N of the int8 IME tile, [K3] */
static const int64_t ime_i8[2][3] = { { 4, 8, 4 }, { 8, 16, 8 } };

/* P when b is tt.trans [1, 0, 3, 2] of P and P an array: B in the Bn
 * layout is P's array as it is */
static Value *trans_pack(Cg *e, Value *b) {
    Op *t = b->def;
    int64_t ord[4];
    if (!t || !op_is(t, OP_tt_trans) || t->verbatim || op_attr_ints(t, "order", ord, 4) != 4 || ord[0] != 1 || ord[1] != 0 || ord[2] != 3 ||
        ord[3] != 2)
        return NULL;
    Value *p = op_operand(t, 0);
    return cg_vi(e, p)->kind == K_ARRAY && p->type->sh.elem == b->type->sh.elem ? p : NULL;
}

/* the micro-kernel rvv_mmt4d calls for op: 1 f32, 2 f16, 3 i8 x i8 -> i32,
 * 0 none (the generic loop nest) */
static int kernel_kind(Op *op) {
    Value *a = op_operand(op, 0), *b = op_operand(op, 1), *r = op_result(op, 0);
    Type *el = r->type->sh.elem, *ae = a->type->sh.elem;
    if (ae->kind == T_INT && ae->i.width == 8 && b->type->sh.elem == ae && el->kind == T_INT && el->i.width == 32) return 3;
    if (a->type->sh.elem != el || b->type->sh.elem != el) return 0;
    return fname_is(el, "f32") ? 1 : fname_is(el, "f16") ? 2 : 0;
}

/* does op's tile take the core's matrix unit or its tuned micro-kernel?
 * (sets *why to what it misses otherwise) */
static bool tile_hits(Cg *e, Op *op, const char **why) {
    int core = xsmt_core(op), kind = kernel_kind(op);
    const int64_t *ad = op_operand(op, 0)->type->sh.dims, *bd = op_operand(op, 1)->type->sh.dims;
    int64_t mb = ad[2], kb = ad[3], nb = bd[2];
    if (!core) {
        *why = "the module names no core (tt.arch_id or --smt-arch=k1|k3)";
        return false;
    }
    const char *cn = core == 3 ? "K3" : "K1";
    if (kind == 3) {
        const int64_t *t = ime_i8[core == 3];
        if (kb == t[1] && !(mb % t[0]) && !(nb % t[2]) && mb * nb <= 1 << 20) return true;
        *why = fmt(e, "the %s int8 tile is %" PRId64 "x%" PRId64 "x%" PRId64 " (M x K x N; kb = K, mb and nb multiples of M and N)", cn, t[0], t[1],
                   t[2]);
        return false;
    }
    if (!kind) {
        *why = "its element types have no micro-kernel (f32, f16, i8 x i8 -> i32)";
        return false;
    }
    const int64_t *t = micro[core == 3][kind == 2];
    if (mb == t[0] && kb == t[1] && nb == t[2]) return true;
    *why = fmt(e, "the %s %s micro tile is %" PRId64 "x%" PRId64 "x%" PRId64 " (M x K x N)", cn, kind == 2 ? "f16" : "f32", t[0], t[1], t[2]);
    return false;
}

typedef struct { Op *first; Cg *e; } MissScan;
static bool first_miss(Op *op, void *ud) {
    MissScan *m = ud;
    const char *why;
    if (op_is(op, OP_xsmt_mmt4d) && op->nopnds >= 2 && op->nres == 1 && !tile_hits(m->e, op, &why)) {
        m->first = op;
        return false;
    }
    return true;
}

/* a located note, once per kernel (at its first such mmt4d), that op's
 * tile misses the matrix unit and what it runs instead */
static void miss_note(Cg *e, Op *op, const char *instead) {
    const char *why;
    if (tile_hits(e, op, &why)) return;
    Op *f = op;
    while (f && !op_is(f, OP_tt_func)) f = op_parent(f);
    MissScan m = { NULL, e };
    if (f) op_walk(f, first_miss, &m);
    if (m.first != op) return;
    diag_emit(e->d, SEV_NOTE, op->loc, "xsmt.mmt4d tile %" PRId64 "x%" PRId64 "x%" PRId64 " (M x K x N) is not the micro tile of the SpacemiT matrix unit: %s; %s",
              op_operand(op, 0)->type->sh.dims[2], op_operand(op, 0)->type->sh.dims[3], op_operand(op, 1)->type->sh.dims[2], why, instead);
}

/* DST (_Float16, n elements) := the f16 values of the float array src, by
 * strips (vfncvt, exact on f16 values) */
static void copy_f16(Cg *e, const char *dst, Value *src, int64_t n) {
    line(e, "_Float16 %s[%" PRId64 "];", dst, n);
    line(e, "for (size_t ttx_k = 0, ttx_vl; ttx_k < %" PRId64 "; ttx_k += ttx_vl) {", n);
    e->ind++;
    line(e, "ttx_vl = __riscv_vsetvl_e32m8(%" PRId64 " - ttx_k);", n);
    line(e, "__riscv_vse16_v_f16m4(%s + ttx_k, __riscv_vfncvt_f_f_w_f16m4(__riscv_vle32_v_f32m8(&%s[0] + ttx_k, ttx_vl), ttx_vl), ttx_vl);", dst,
         cg_vi(e, src)->name);
    e->ind--;
    line(e, "}");
}

/* A (or B) of op as the micro-kernel's contiguous array of C type T: its
 * own array, or an f16 copy by strips, or a per-element copy (marked) */
static const char *opnd_array(Cg *e, Value *v, const char *T, bool f16, const char *tmp) {
    if (cg_vi(e, v)->kind == K_ARRAY && !f16) return cg_vi(e, v)->name;
    if (cg_vi(e, v)->kind == K_ARRAY) {
        copy_f16(e, tmp, v, type_numel(v->type));
        return tmp;
    }
    line(e, "/* rvv: per-element xsmt.mmt4d */");
    return cg_mmt4d_array(e, v, T, true, tmp);
}
/* DST (C type T) := the array src [D0][D1][d2][d3] with both pairs of axes
 * swapped, [D1][D0][d3][d2]: strips along d2 read with a stride of d3
 * (vlse), f16 values narrowed (kind 2), i8 bytes (kind 3) */
static const char *tile_transpose(Cg *e, const char *dst, const char *T, int kind, Value *src) {
    const int64_t *d = src->type->sh.dims;
    const char *sn = cg_vi(e, src)->name;
    line(e, "%s %s[%" PRId64 "];", T, dst, type_numel(src->type));
    line(e, "for (i64 j1 = 0; j1 < %" PRId64 "; j1++)", d[1]);
    line(e, "for (i64 j0 = 0; j0 < %" PRId64 "; j0++)", d[0]);
    line(e, "for (i64 j3 = 0; j3 < %" PRId64 "; j3++)", d[3]);
    line(e, "for (size_t ttx_k = 0, ttx_vl; ttx_k < %" PRId64 "; ttx_k += ttx_vl) {", d[2]);
    e->ind++;
    line(e, "ttx_vl = __riscv_vsetvl_e%sm%d(%" PRId64 " - ttx_k);", kind == 3 ? "8" : "32", kind == 3 ? 2 : 8, d[2]);
    const char *from = fmt(e, "&%s[((j0 * %" PRId64 " + j1) * %" PRId64 " + ttx_k) * %" PRId64 " + j3]", sn, d[1], d[2], d[3]);
    const char *to = fmt(e, "%s + ((j1 * %" PRId64 " + j0) * %" PRId64 " + j3) * %" PRId64 " + ttx_k", dst, d[0], d[3], d[2]);
    if (kind == 2)
        line(e, "__riscv_vse16_v_f16m4(%s, __riscv_vfncvt_f_f_w_f16m4(__riscv_vlse32_v_f32m8(%s, %" PRId64 " * sizeof(float), ttx_vl), ttx_vl), ttx_vl);",
             to, from, d[3]);
    else if (kind == 3)
        line(e, "__riscv_vse8_v_i8m2(%s, __riscv_vlse8_v_i8m2(%s, %" PRId64 ", ttx_vl), ttx_vl);", to, from, d[3]);
    else
        line(e, "__riscv_vse32_v_f32m8(%s, __riscv_vlse32_v_f32m8(%s, %" PRId64 " * sizeof(float), ttx_vl), ttx_vl);", to, from, d[3]);
    e->ind--;
    line(e, "}");
    return dst;
}

/* B in the Bn layout [KB][NB][kb][nb]: the pack under the tt.trans (as it
 * is, or its f16 copy), B's array transposed tile by tile, else a
 * transposing copy per element (marked) */
static const char *opnd_bn(Cg *e, Value *b, const char *T, int kind, const char *tmp) {
    Value *p = trans_pack(e, b);
    if (p && kind != 2) return cg_vi(e, p)->name;
    if (p) {
        copy_f16(e, tmp, p, type_numel(p->type));
        return tmp;
    }
    if (cg_vi(e, b)->kind == K_ARRAY) return tile_transpose(e, tmp, T, kind, b);
    line(e, "/* rvv: per-element xsmt.mmt4d */");
    return cg_mmt4d_bn(e, b, T, kind != 2, tmp);
}
/* B in the Bt layout [NB][KB][nb][kb] (as the mmt4d takes it): the pack
 * under the tt.trans transposed tile by tile, else B as an array */
static const char *opnd_bt(Cg *e, Value *b, const char *T, int kind, const char *tmp) {
    Value *p = trans_pack(e, b);
    return p ? tile_transpose(e, tmp, T, kind, p) : opnd_array(e, b, T, kind == 2, tmp);
}

static void mmt4d_i8(Cg *e, Op *op, bool ime) {
    Value *a = op_operand(op, 0), *b = op_operand(op, 1), *r = op_result(op, 0);
    int core = xsmt_core(op);
    const int64_t *ad = a->type->sh.dims, *bd = b->type->sh.dims, *t = ime_i8[core == 3];
    int64_t MB = ad[0], KB = ad[1], mb = ad[2], kb = ad[3], NB = bd[0], nb = bd[2];
    const char *rn = cg_vi(e, r)->name;
    line(e, "{");
    e->ind++;
    if (ime)
        line(e, "/* the %s int8 micro tile %" PRId64 "x%" PRId64 "x%" PRId64 ": a micro-kernel (targets/rvv/smt_kernels.c) */",
             core == 3 ? "K3" : "K1", mb, kb, nb);
    else
        line(e, "/* the int8 tile %" PRId64 "x%" PRId64 "x%" PRId64 " misses the matrix unit: the RVV micro-kernel (targets/rvv/smt_kernels.c) */",
             mb, kb, nb);
    const char *pa = opnd_array(e, a, "i8", false, "ttx_smt_a");
    const char *dims = fmt(e, "%" PRId64 ", %" PRId64 ", %" PRId64 ", %" PRId64 ", %" PRId64, MB, NB, KB, mb, nb);
    if (ime) {
        line(e, "#if defined(TTX_SMT_HW)");
        const char *pb = opnd_bt(e, b, "i8", 3, "ttx_smt_b");
        line(e, "ttx_smt_ime_i8(%s, %s, %s, %s, %" PRId64 ", %" PRId64 ", %" PRId64 ", 0);", pa, pb, rn, dims, t[0], t[1], t[2]);
        line(e, "#else");
    }
    const char *pbn = opnd_bn(e, b, "i8", 3, "ttx_smt_bn");
    line(e, "ttx_smt_rvv_i8(%s, %s, %s, %s, %" PRId64 ", 0);", pa, pbn, rn, dims, kb);
    if (ime) line(e, "#endif");
    e->ind--;
    line(e, "}");
}

bool rvv_mmt4d(Cg *e, Op *op) {
    int core = xsmt_core(op), kind = kernel_kind(op);
    const char *why;
    bool hit = tile_hits(e, op, &why);
    if (!kind) {
        miss_note(e, op, "its generic per-element loop nest instead");
        line(e, "/* rvv: per-element xsmt.mmt4d */");
        return false;
    }
    if (!hit) miss_note(e, op, "the RVV micro-kernel (vfmacc, vfwmacc or vwmacc) instead");
    if (kind == 3) {
        mmt4d_i8(e, op, hit);
        return true;
    }
    Value *a = op_operand(op, 0), *b = op_operand(op, 1), *r = op_result(op, 0);
    bool f16 = kind == 2;
    const int64_t *ad = a->type->sh.dims, *bd = b->type->sh.dims;
    int64_t MB = ad[0], KB = ad[1], mb = ad[2], kb = ad[3], NB = bd[0], nb = bd[2];
    const char *rn = cg_vi(e, r)->name, *T = f16 ? "_Float16" : "float";
    int64_t nc = type_numel(r->type);
    line(e, "{");
    e->ind++;
    if (hit)
        line(e, "/* the %s %s micro tile %" PRId64 "x%" PRId64 "x%" PRId64 ": a micro-kernel (targets/rvv/smt_kernels.c) */",
             core == 3 ? "K3" : "K1", f16 ? "f16" : "f32", mb, kb, nb);
    else
        line(e, "/* the %s tile %" PRId64 "x%" PRId64 "x%" PRId64 " misses the matrix unit: the RVV micro-kernel (targets/rvv/smt_kernels.c) */",
             f16 ? "f16" : "f32", mb, kb, nb);
    const char *pa = opnd_array(e, a, T, f16, "ttx_smt_a");
    const char *pc = rn;
    if (f16) {
        line(e, "float ttx_smt_c[%" PRId64 "];", nc);
        pc = "ttx_smt_c";
    }
    const char *dims = fmt(e, "%" PRId64 ", %" PRId64 ", %" PRId64 ", %" PRId64 ", %" PRId64, MB, NB, KB, mb, nb);
    bool ime = hit && f16 && core == 3;
    if (ime) {
        line(e, "#if defined(TTX_SMT_HW)");
        const char *pb = opnd_bt(e, b, T, 2, "ttx_smt_b");
        line(e, "ttx_smt_ime_f16(%s, %s, %s, %s, 0);", pa, pb, pc, dims);
        line(e, "#else");
    }
    const char *pb = opnd_bn(e, b, T, kind, "ttx_smt_bn");
    line(e, "ttx_smt_rvv_%s(%s, %s, %s, %s, %" PRId64 ", 0);", f16 ? "f16" : "f32", pa, pb, pc, dims, kb);
    if (ime) line(e, "#endif");
    if (f16) line(e, "ttx_smt_round_f16(%s, ttx_smt_c, %" PRId64 ");", rn, nc);
    e->ind--;
    line(e, "}");
    return true;
}

/* a tt.trans [1, 0, 3, 2] of an array whose every user is an xsmt.mmt4d
 * taking it as B with a micro-kernel: those read the pack itself (the Bn
 * layout, or Bt read transposed from it), so the transposed copy is not
 * made */
bool rvv_trans_unread(Cg *e, Op *op) {
    if (!op_is(op, OP_tt_trans) || op->nres != 1) return false;
    Value *v = op_result(op, 0);
    if (!is_tensor(v->type) || v->type->sh.rank != 4 || !trans_pack(e, v)) return false;
    for (Use *u = v->uses; u; u = u->next)
        if (!op_is(u->owner, OP_xsmt_mmt4d) || use_index(u) != 1 || u->owner->nopnds < 2 || !kernel_kind(u->owner)) return false;
    return v->uses != NULL;
}

/* ---- xsmt.pack and unpack of arrays ---------------------------------- */

/* N bytes from S to D (char pointers), then Z zero bytes, by strips */
static void bytes(Cg *e, const char *D, const char *S, const char *N, const char *Z) {
    if (N) {
        line(e, "for (size_t ttx_k = 0, ttx_vl; ttx_k < (size_t)(%s); ttx_k += ttx_vl) {", N);
        line(e, "    ttx_vl = __riscv_vsetvl_e8m8((size_t)(%s) - ttx_k);", N);
        line(e, "    __riscv_vse8_v_u8m8((u8 *)(%s) + ttx_k, __riscv_vle8_v_u8m8((const u8 *)(%s) + ttx_k, ttx_vl), ttx_vl);", D, S);
        line(e, "}");
    }
    if (Z) {
        const char *at = N ? fmt(e, "(u8 *)(%s) + (size_t)(%s)", D, N) : fmt(e, "(u8 *)(%s)", D);
        line(e, "for (size_t ttx_k = 0, ttx_vl; ttx_k < (size_t)(%s); ttx_k += ttx_vl) {", Z);
        line(e, "    ttx_vl = __riscv_vsetvl_e8m8((size_t)(%s) - ttx_k);", Z);
        line(e, "    __riscv_vse8_v_u8m8(%s + ttx_k, __riscv_vmv_v_x_u8m8(0, ttx_vl), ttx_vl);", at);
        line(e, "}");
    }
}

static void copy_offsets(Cg *e, Op *op) {
    line(e, "i64 ttx_o0 = (i64)%s, ttx_o1 = (i64)%s;", cg_ex(e, op_operand(op, 1), NULL), cg_ex(e, op_operand(op, 2), NULL));
    line(e, "if (ttx_o0 < 0 || ttx_o1 < 0) { TTX_FAIL(%d); ttx_o0 = ttx_o1 = 0; }", cg_site(e, op));
}

/* pack: each tile row the source row's run of kept elements, then zeros */
static bool pack_rows(Cg *e, Op *op) {
    Value *x = op_operand(op, 0), *r = op_result(op, 0);
    int64_t s[3], p[3];
    if (op->nopnds != 3 || cg_vi(e, x)->kind != K_ARRAY || op_attr_ints(op, "shape", s, 3) != 2 || op_attr_ints(op, "packed_size", p, 3) != 2)
        return false;
    int64_t R = x->type->sh.dims[0], C = x->type->sh.dims[1], T0 = (s[0] + p[0] - 1) / p[0], T1 = (s[1] + p[1] - 1) / p[1];
    const char *dn = cg_vi(e, r)->name, *sn = cg_vi(e, x)->name;
    line(e, "{   /* xsmt.pack by strips of bytes: each tile row a run of its source row, zero padded */");
    e->ind++;
    copy_offsets(e, op);
    line(e, "i64 ttx_l0 = %" PRId64 " - ttx_o0, ttx_l1 = %" PRId64 " - ttx_o1;", R, C);
    line(e, "if (ttx_l0 > %" PRId64 ") ttx_l0 = %" PRId64 ";", s[0], s[0]);
    line(e, "if (ttx_l1 > %" PRId64 ") ttx_l1 = %" PRId64 ";", s[1], s[1]);
    line(e, "for (i64 i0 = 0; i0 < %" PRId64 "; i0++)", T0);
    line(e, "for (i64 i2 = 0; i2 < %" PRId64 "; i2++)", p[0]);
    line(e, "for (i64 i1 = 0; i1 < %" PRId64 "; i1++) {", T1);
    e->ind++;
    line(e, "i64 u = i0 * %" PRId64 " + i2, w = u < ttx_l0 ? ttx_l1 - i1 * %" PRId64 " : 0;", p[0], p[1]);
    line(e, "w = w < 0 ? 0 : w > %" PRId64 " ? %" PRId64 " : w;", p[1], p[1]);
    line(e, "char *ttx_d = (char *)&%s[((i0 * %" PRId64 " + i1) * %" PRId64 " + i2) * %" PRId64 "];", dn, T1, p[0], p[1]);
    line(e, "const char *ttx_s = w ? (const char *)&%s[(ttx_o0 + u) * %" PRId64 " + ttx_o1 + i1 * %" PRId64 "] : ttx_d;", sn, C, p[1]);
    bytes(e, "ttx_d", "ttx_s", fmt(e, "w * sizeof %s[0]", dn), fmt(e, "(%" PRId64 " - w) * sizeof %s[0]", p[1], dn));
    e->ind--;
    line(e, "}");
    e->ind--;
    line(e, "}");
    return true;
}

/* unpack: the result's init (a copy of the 4th operand, or zeros), then each
 * row of the window by runs within one tile */
static bool unpack_rows(Cg *e, Op *op) {
    Value *pk = op_operand(op, 0), *r = op_result(op, 0);
    int64_t s[3];
    if (cg_vi(e, pk)->kind != K_ARRAY || op_attr_ints(op, "shape", s, 3) != 2) return false;
    Value *d = op->nopnds == 4 ? op_operand(op, 3) : NULL;
    if (d && (cg_vi(e, d)->kind != K_ARRAY || !cg_same_shape(d->type, r->type) || d->type->sh.elem != r->type->sh.elem)) return false;
    if (op->nopnds != 3 && !d) return false;
    const int64_t *pd = pk->type->sh.dims;
    const char *dn = cg_vi(e, r)->name, *pn = cg_vi(e, pk)->name;
    line(e, "{   /* xsmt.unpack by strips of bytes: each row of the window by runs within one tile */");
    e->ind++;
    const char *all = fmt(e, "%" PRId64 " * sizeof %s[0]", s[0] * s[1], dn);
    if (d) bytes(e, fmt(e, "&%s[0]", dn), fmt(e, "&%s[0]", cg_vi(e, d)->name), all, NULL);
    else bytes(e, fmt(e, "&%s[0]", dn), NULL, NULL, all);
    copy_offsets(e, op);
    line(e, "i64 ttx_l0 = %" PRId64 " - ttx_o0, ttx_l1 = %" PRId64 " - ttx_o1;", pd[0] * pd[2], pd[1] * pd[3]);
    line(e, "if (ttx_l0 > %" PRId64 ") ttx_l0 = %" PRId64 ";", s[0], s[0]);
    line(e, "if (ttx_l1 > %" PRId64 ") ttx_l1 = %" PRId64 ";", s[1], s[1]);
    line(e, "for (i64 y = 0; y < ttx_l0; y++)");
    line(e, "for (i64 x = 0; x < ttx_l1;) {");
    e->ind++;
    line(e, "i64 u = ttx_o0 + y, v = ttx_o1 + x, w = v %% %" PRId64 ", run = %" PRId64 " - w;", pd[3], pd[3]);
    line(e, "if (run > ttx_l1 - x) run = ttx_l1 - x;");
    bytes(e, fmt(e, "&%s[y * %" PRId64 " + x]", dn, s[1]),
          fmt(e, "&%s[((u / %" PRId64 " * %" PRId64 " + v / %" PRId64 ") * %" PRId64 " + u %% %" PRId64 ") * %" PRId64 " + w]", pn, pd[2], pd[1], pd[3], pd[2],
              pd[2], pd[3]),
          fmt(e, "run * sizeof %s[0]", dn), NULL);
    line(e, "x += run;");
    e->ind--;
    line(e, "}");
    e->ind--;
    line(e, "}");
    return true;
}

bool rvv_xsmt_copy(Cg *e, Op *op) {
    if (op_is(op, OP_xsmt_pack) && pack_rows(e, op)) return true;
    if (op_is(op, OP_xsmt_unpack) && unpack_rows(e, op)) return true;
    line(e, "/* rvv: per-element %s */", op_name(op));
    return false;
}

/* the kernels, after the prelude, when the code calls one */
void rvv_smt_prelude(FILE *out, const char *body, size_t blen) {
    static const char key[] = "ttx_smt_";
    size_t n = sizeof key - 1;
    for (size_t i = 0; i + n <= blen; i++)
        if (!memcmp(body + i, key, n)) {
            fputs("\n", out);
            fputs(rvv_smt_kernels_src, out);
            return;
        }
}
