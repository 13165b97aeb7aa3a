/* interp.c - the reference interpreter of tt.func kernels (see interp.h): its
 * driver (values, memory, the dispatch of every op, the entry points); the
 * evaluators of each dialect are in the interp_*.c files (interp_impl.h). */
#include "interp_impl.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- diagnostics ------------------------------------------------------ */

static Loc op_loc(In *in, Op *op) {
    if (op && op->loc.line > 0) return op->loc;
    return in->func->loc;
}

bool iv_fail(In *in, Op *op, const char *fmt, ...) {
    char buf[1536];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    diag_error(in->d, op_loc(in, op), "%s: %s in program (%d, %d, %d)", op ? op_name(op) : "interp", buf,
               in->pid[0], in->pid[1], in->pid[2]);
    return false;
}

/* "[i, j]" for flat index k of a value with the given shape */
void iv_index_str(char *out, size_t sz, const RV *v, int64_t k) {
    int64_t idx[MAX_RANK];
    int r = v->rank;
    if (!r) { snprintf(out, sz, "[0]"); return; }
    for (int i = r - 1; i >= 0; i--) { idx[i] = k % v->dims[i]; k /= v->dims[i]; }
    size_t o = (size_t)snprintf(out, sz, "[");
    for (int i = 0; i < r && o < sz; i++) o += (size_t)snprintf(out + o, sz - o, "%s%lld", i ? ", " : "", (long long)idx[i]);
    if (o < sz) snprintf(out + o, sz - o, "]");
}

/* ---- types ------------------------------------------------------------ */

static int block_rank(const Type *t);
int iv_kind_of(const Type *t) {
    if (!t) return 0;
    if (block_rank(t) > 0) return 'b';
    if (t->kind == T_INT || t->kind == T_INDEX) return 'i';
    if (t->kind == T_FLOAT) return 'f';
    if (t->kind == T_PTR) return 'p';
    return 0;
}
/* bytes of one element of T in memory */
int64_t iv_elem_bytes(const Type *t) {
    if (!t) return 0;
    if (t->kind == T_INT) return t->i.width == 1 ? 1 : (t->i.width + 7) / 8;
    if (t->kind == T_INDEX || t->kind == T_PTR) return 8;
    if (t->kind == T_FLOAT) return (type_float_width(t) + 7) / 8;
    return 0;
}

/* block pointers (!tt.ptr<tensor<...>>) and tensor descriptors
 * (!tt.tensordesc<tensor<...>>) are held as one base pointer followed by, per
 * dimension, the shape, the stride and the offset (in elements along that
 * dimension): e[0].p, e[1 + d].i, e[1 + R + d].i, e[1 + 2R + d].i */
static int desc_rank(const Type *t) {
    if (!t || t->kind != T_OPAQUE || !t->opq.name || strcmp(t->opq.name, "!tt.tensordesc") || !t->opq.body) return 0;
    const char *s = t->opq.body;
    if (*s == '<') s++;
    if (!strncmp(s, "tensor<", 7)) s += 7;
    int r = 0;
    while (*s >= '0' && *s <= '9') {
        while (*s >= '0' && *s <= '9') s++;
        r++;
        if (*s != 'x') return 0;
        s++;
    }
    return r;
}
static int block_rank(const Type *t) {
    if (t && t->kind == T_PTR && t->ptr.pointee && t->ptr.pointee->kind == T_TENSOR) return t->ptr.pointee->sh.rank;
    return desc_rank(t);
}
/* the type of the base pointer of a block value (a placeholder for
 * descriptors, whose element type comes from the ops using them) */
static Type *block_base_type(Type *t) { return t; }

/* ---- values ----------------------------------------------------------- */

bool iv_rv_alloc(In *in, Op *op, RV *r, Type *t) {
    memset(r, 0, sizeof *r);
    if (!t) return iv_fail(in, op, "value without a type");
    r->t = t;
    r->et = type_elem(t);
    if (t->kind == T_TENSOR) {
        if (t->sh.rank < 0 || t->sh.rank > MAX_RANK) return iv_fail(in, op, "unsupported tensor rank");
        r->rank = t->sh.rank;
        r->dims = t->sh.dims;
        r->n = 1;
        for (int i = 0; i < r->rank; i++) {
            if (r->dims[i] < 0) return iv_fail(in, op, "dynamic tensor shapes are not supported");
            r->n *= r->dims[i];
            if (r->n > MAX_ELEMS)
                return iv_fail(in, op, "tensor too large: its result has %lld elements or more, the limit is 2^26 (%lld)",
                               (long long)r->n, (long long)MAX_ELEMS);
        }
    } else if (block_rank(t) > 0) {
        /* a block pointer or tensor descriptor: see block_ptr() */
        if (block_rank(t) > MAX_RANK) return iv_fail(in, op, "unsupported block rank");
        r->n = 1 + 3 * block_rank(t);
        r->et = block_base_type(t);
    } else if (iv_kind_of(t)) {
        r->n = 1;
    } else return iv_fail(in, op, "values of this type are not supported");
    if (!iv_kind_of(r->et)) return iv_fail(in, op, "tensor element type not supported");
    r->e = calloc((size_t)(r->n ? r->n : 1), sizeof(El));
    if (!r->e) return iv_fail(in, op, "out of memory");
    return true;
}
bool iv_rv_dup(In *in, Op *op, const RV *a, RV *r) {
    *r = *a;
    r->e = malloc(sizeof(El) * (size_t)(a->n ? a->n : 1));
    if (!r->e) return iv_fail(in, op, "out of memory");
    memcpy(r->e, a->e, sizeof(El) * (size_t)(a->n ? a->n : 1));
    return true;
}

static Slot *slot_find(In *in, const Value *k) {
    if (!in->cap) return NULL;
    for (size_t i = ptr_hash(k) & (in->cap - 1);; i = (i + 1) & (in->cap - 1)) {
        if (in->s[i].k == k) return &in->s[i];
        if (!in->s[i].k) return NULL;
    }
}
RV *iv_get(In *in, Op *op, Value *v) {
    Slot *s = slot_find(in, v);
    if (!s) { iv_fail(in, op, "use of a value that has not been computed"); return NULL; }
    return &s->v;
}
/* bind v to r, taking ownership of r->e */
bool iv_set(In *in, Op *op, Value *v, RV *r) {
    Slot *s = slot_find(in, v);
    if (s) { free(s->v.e); s->v = *r; r->e = NULL; return true; }
    if ((in->n + 1) * 2 > in->cap) {
        size_t nc = in->cap ? in->cap * 2 : 256;
        Slot *ns = calloc(nc, sizeof(Slot));
        if (!ns) { free(r->e); r->e = NULL; return iv_fail(in, op, "out of memory"); }
        for (size_t i = 0; i < in->cap; i++) {
            if (!in->s[i].k) continue;
            size_t j = ptr_hash(in->s[i].k) & (nc - 1);
            while (ns[j].k) j = (j + 1) & (nc - 1);
            ns[j] = in->s[i];
        }
        free(in->s);
        in->s = ns;
        in->cap = nc;
    }
    size_t j = ptr_hash(v) & (in->cap - 1);
    while (in->s[j].k) j = (j + 1) & (in->cap - 1);
    in->s[j].k = v;
    in->s[j].v = *r;
    r->e = NULL;
    in->n++;
    return true;
}
static void env_clear(In *in) {
    for (size_t i = 0; i < in->cap; i++) {
        if (in->s[i].k) free(in->s[i].v.e);
        in->s[i].k = NULL;
    }
    in->n = 0;
}

/* operand i of op, or NULL after an error */
RV *iv_opnd(In *in, Op *op, int i) {
    if (i >= op->nopnds) { iv_fail(in, op, "missing operand %d", i); return NULL; }
    return iv_get(in, op, op_operand(op, i));
}
/* the result type of an op kept verbatim whose syntax ends in `-> T` (or
 * `: (..) -> T`): the last type written */
static Type *verbatim_result_type(Op *op) {
    Type *t = NULL;
    if (op_is(op, OP_tt_unsplat) && op->nopnds == 1 && op_operand(op, 0)->type)   /* tt.unsplat %x : tensor<1x..xT> */
        return type_elem(op_operand(op, 0)->type);
    for (Elem *e = op_custom(op); e; e = e->next)
        if (e->kind == E_TYPE && e->type) t = e->type;
    if (t && t->kind == T_FUNC) t = t->fn.nout == 1 ? t->fn.out[0] : NULL;
    return t;
}
bool iv_res_alloc(In *in, Op *op, int i, RV *r) {
    if (i >= op->nres) return iv_fail(in, op, "missing result %d", i);
    Type *t = op->res[i].type;
    if (!t && op->verbatim && op->nres == 1) t = verbatim_result_type(op);
    return iv_rv_alloc(in, op, r, t);
}

bool iv_same_n(In *in, Op *op, const RV *a, const RV *b) {
    if (a->n != b->n && b->n != 1) return iv_fail(in, op, "operand shapes differ");
    return true;
}

/* ---- float encodings ------------------------------------------------- */

/* a NaN keeps its payload, quiet bit set (docs/cpu.md): its 10 bits are the
 * top of the double's mantissa, as a float held f16 value has them */
static double f16_dec(uint16_t h) {
    int e = (h >> 10) & 31, m = h & 1023;
    if (e == 31 && m) {
        uint64_t u = ((uint64_t)(h >> 15) << 63) | 0x7ff8000000000000ull | ((uint64_t)m << 42);
        double d;
        memcpy(&d, &u, 8);
        return d;
    }
    double v = e == 0 ? ldexp(m, -24) : e == 31 ? INFINITY : ldexp(m + 1024, e - 25);
    return (h >> 15) ? -v : v;
}
static uint16_t f16_enc(double v) {   /* v already rounded to f16 */
    uint16_t s = signbit(v) ? 0x8000 : 0;
    if (isnan(v)) {
        uint64_t u;
        memcpy(&u, &v, 8);
        return s | 0x7e00 | (uint16_t)((u >> 42) & 0x3ff);
    }
    v = fabs(v);
    if (isinf(v)) return s | 0x7c00;
    if (v == 0) return s;
    int e;
    frexp(v, &e);
    int ex = e - 1;
    if (ex < -14) return s | (uint16_t)llrint(ldexp(v, 24));
    if (ex > 15) return s | 0x7c00;
    int64_t m = llrint(ldexp(v, 10 - ex)) - 1024;
    if (m >= 1024) { ex++; m = 0; if (ex > 15) return s | 0x7c00; }
    return s | (uint16_t)((ex + 15) << 10) | (uint16_t)m;
}
static uint32_t f32_bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static float f32_of(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static uint64_t f64_bits(double f) { uint64_t u; memcpy(&u, &f, 8); return u; }
static double f64_of(uint64_t u) { double f; memcpy(&f, &u, 8); return f; }

/* float value <-> its bit pattern as an integer of the same width */
bool iv_float_bits(const Type *t, double v, int64_t *bits) {
    const char *n = t->f.name;
    v = fround(t, v);
    /* f16 and f32 tested without a string compare */
    if (n[0] == 'f' && n[1] == '1' && n[2] == '6' && !n[3]) { *bits = f16_enc(v); return true; }
    if (n[0] == 'f' && n[1] == '3' && n[2] == '2' && !n[3]) { *bits = (int64_t)f32_bits((float)v); return true; }
    if (!strcmp(n, "f64")) *bits = (int64_t)f64_bits(v);
    else if (!strcmp(n, "bf16")) *bits = isnan(v) ? 0x7fc0 : (int64_t)(f32_bits((float)v) >> 16);
    else return false;
    return true;
}
bool iv_float_from_bits(const Type *t, uint64_t bits, double *v) {
    const char *n = t->f.name;
    if (n[0] == 'f' && n[1] == '1' && n[2] == '6' && !n[3]) { *v = f16_dec((uint16_t)bits); return true; }
    if (n[0] == 'f' && n[1] == '3' && n[2] == '2' && !n[3]) { *v = f32_of((uint32_t)bits); return true; }
    if (!strcmp(n, "f64")) *v = f64_of(bits);
    else if (!strcmp(n, "bf16")) *v = f32_of((uint32_t)(bits & 0xffff) << 16);
    else return false;
    return true;
}

/* ---- memory ----------------------------------------------------------- */

/* check that the element at flat index k of pointer value p may be
 * accessed; returns its address */
unsigned char *iv_mem_at(In *in, Op *op, const RV *p, int64_t k, Type *et, const char *what) {
    El e = p->e[k];
    int64_t sz = iv_elem_bytes(et);
    char idx[128];
    iv_index_str(idx, sizeof idx, p, k);
    bool scr = e.p.buf >= in->nargs && e.p.buf - in->nargs < in->nscr;
    if (!scr && (e.p.buf < 0 || e.p.buf >= in->nargs || in->args[e.p.buf].kind != IARG_BUF)) {
        iv_fail(in, op, "element %s %s through a pointer that is not bound to a buffer", idx, what);
        return NULL;
    }
    const Buf *b = scr ? &in->scr[e.p.buf - in->nargs] : &in->args[e.p.buf].buf;
    if (e.p.off < 0 || e.p.off > (int64_t)b->bytes - sz || (e.p.off + sz > (int64_t)b->bytes)) {
        int64_t ei = sz ? (e.p.off >= 0 ? e.p.off / sz : -((-e.p.off + sz - 1) / sz)) : 0;
        char whose[64];
        if (scr) snprintf(whose, sizeof whose, "xsmt.alloc buffer %d", e.p.buf - in->nargs);
        else snprintf(whose, sizeof whose, "argument %d", e.p.buf);
        long long held = (long long)(sz ? (int64_t)b->bytes / sz : 0);
        iv_fail(in, op, "out-of-bounds access: element %s %s element %lld (byte offset %lld) of %s, "
             "which holds %lld element%s (%zu byte%s)", idx, what, (long long)ei, (long long)e.p.off, whose,
             held, held == 1 ? "" : "s", b->bytes, b->bytes == 1 ? "" : "s");
        return NULL;
    }
    if (!b->data) { iv_fail(in, op, "argument %d has no data", e.p.buf); return NULL; }
    return (unsigned char *)b->data + e.p.off;
}

bool iv_mem_read(In *in, Op *op, const unsigned char *m, Type *et, El *out) {
    if (et->kind == T_FLOAT) {
        uint64_t bits = 0;
        int64_t sz = iv_elem_bytes(et);
        if (sz == 2) { uint16_t h; memcpy(&h, m, 2); bits = h; }
        else if (sz == 4) { uint32_t w; memcpy(&w, m, 4); bits = w; }
        else if (sz == 8) memcpy(&bits, m, 8);
        if (!iv_float_from_bits(et, bits, &out->f)) return iv_fail(in, op, "memory of type %s is not supported", et->f.name);
        return true;
    }
    if (et->kind == T_INT || et->kind == T_INDEX) {
        int w = iw(et);
        int64_t v;
        if (w == 1) v = *m != 0;
        else if (w == 8) { int8_t x; memcpy(&x, m, 1); v = x; }
        else if (w == 16) { int16_t x; memcpy(&x, m, 2); v = x; }
        else if (w == 32) { int32_t x; memcpy(&x, m, 4); v = x; }
        else if (w == 64) memcpy(&v, m, 8);
        else return iv_fail(in, op, "memory of i%d is not supported", w);
        out->i = wrapt(et, v);
        return true;
    }
    return iv_fail(in, op, "loading this element type is not supported");
}
/* interp_track_writes: the program (its linear id + 1, modulo 2^32) that
 * last wrote each byte of each bound buffer, made on the first write */
static struct { bool on; int known; int n; uint32_t **who; int nwrote; bool *wrote; } track = { .known = -1 };
void interp_track_writes(bool on) { track.on = on; track.known = -1; }
int interp_writes_overlap(void) { return track.known; }
int interp_wrote_arg(int i) {
    if (!track.wrote || track.known < 0) return -1;
    return i >= 0 && i < track.nwrote && track.wrote[i];
}

static void track_write(In *in, const unsigned char *m, int64_t sz) {
    for (int i = 0; i < in->nargs && i < track.n; i++) {
        const Buf *b = &in->args[i].buf;
        const unsigned char *d = b->data;
        if (in->args[i].kind != IARG_BUF || !d || m < d || m >= d + b->bytes) continue;
        if (!track.who[i] && !(track.who[i] = calloc(b->bytes, sizeof *track.who[i]))) { track.known = -1; track.n = 0; return; }
        track.wrote[i] = true;
        int64_t lin = in->pid[0] + (int64_t)in->grid[0] * (in->pid[1] + (int64_t)in->grid[1] * in->pid[2]);
        uint32_t id = (uint32_t)lin + 1u;
        if (!id) id = 1;
        size_t o = (size_t)(m - d);
        for (int64_t j = 0; j < sz && o + (size_t)j < b->bytes; j++) {
            uint32_t *w = &track.who[i][o + (size_t)j];
            if (*w && *w != id) track.known = 1;
            *w = id;
        }
        return;
    }
}

bool iv_mem_write(In *in, Op *op, unsigned char *m, Type *et, El v) {
    if (track.n) track_write(in, m, iv_elem_bytes(et));
    if (et->kind == T_FLOAT) {
        int64_t bits;
        if (!iv_float_bits(et, v.f, &bits)) return iv_fail(in, op, "memory of type %s is not supported", et->f.name);
        int64_t sz = iv_elem_bytes(et);
        if (sz == 2) { uint16_t h = (uint16_t)bits; memcpy(m, &h, 2); }
        else if (sz == 4) { uint32_t w = (uint32_t)bits; memcpy(m, &w, 4); }
        else memcpy(m, &bits, 8);
        return true;
    }
    if (et->kind == T_INT || et->kind == T_INDEX) {
        int w = iw(et);
        if (w == 1) *m = (unsigned char)(v.i & 1);
        else if (w == 8) { int8_t x = (int8_t)v.i; memcpy(m, &x, 1); }
        else if (w == 16) { int16_t x = (int16_t)v.i; memcpy(m, &x, 2); }
        else if (w == 32) { int32_t x = (int32_t)v.i; memcpy(m, &x, 4); }
        else if (w == 64) memcpy(m, &v.i, 8);
        else return iv_fail(in, op, "memory of i%d is not supported", w);
        return true;
    }
    return iv_fail(in, op, "storing this element type is not supported");
}

Type *iv_pointee_of(In *in, Op *op, Type *pt) {
    if (!pt || pt->kind != T_PTR || !iv_kind_of(pt->ptr.pointee) || pt->ptr.pointee->kind == T_PTR) {
        iv_fail(in, op, "unsupported pointer type");
        return NULL;
    }
    return pt->ptr.pointee;
}
/* ---- dispatch ---------------------------------------------------------- */

bool iv_unsupported(In *in, Op *op) {
    diag_error(in->d, op_loc(in, op), "interpreter does not support '%s'", op_name(op));
    return false;
}

bool iv_run_op(In *in, Op *op) {
    int id = op->info->id;
    /* ops kept verbatim have operands and result types but no decoded
     * attributes: run only those whose meaning does not depend on any */
    if (op->verbatim && id != OP_tt_reduce && id != OP_tt_scan && id != OP_tt_extern_elementwise &&
        id != OP_tt_map_elementwise && id != OP_tt_unsplat && id != OP_linalg_matmul && id != OP_linalg_batch_matmul)
        return iv_unsupported(in, op);
    const char *dn = op->info->name;
    if (!strncmp(dn, "ktdp.", 5)) return iv_ktdp_op(in, op);
    if ((!strncmp(dn, "linalg.", 7) || !strncmp(dn, "tensor.", 7)) && id != OP_tensor_empty) return iv_linalg_op(in, op);
    switch (id) {
    case OP_scf_for: return iv_run_for(in, op);
    case OP_scf_if: return iv_run_if(in, op);
    case OP_scf_while: return iv_run_while(in, op);
    case OP_tt_reduce: return iv_run_combine(in, op, false);
    case OP_tt_scan: return iv_run_combine(in, op, true);
    case OP_tt_call: case OP_func_call: return iv_run_call(in, op);
    case OP_tt_store: return iv_store(in, op);
    case OP_tts_store: return iv_tts_access(in, op, NULL);
    case OP_tt_descriptor_store: return iv_desc_access(in, op, false, NULL);
    case OP_tt_descriptor_scatter: return iv_desc_access(in, op, true, NULL);
    case OP_tt_print: return iv_print_op(in, op);
    case OP_tt_map_elementwise: return iv_map_elementwise(in, op);
    case OP_tt_map_elementwise_return: return true;
    case OP_tt_split: {
        RV *a = iv_opnd(in, op, 0), r0, r1;
        if (!a || op->nres != 2) return a ? iv_fail(in, op, "expected two results") : false;
        if (!iv_res_alloc(in, op, 0, &r0)) return false;
        if (!iv_res_alloc(in, op, 1, &r1)) { free(r0.e); return false; }
        bool ok = a->n == 2 * r0.n && r0.n == r1.n;
        if (!ok) iv_fail(in, op, "operand shapes differ");
        for (int64_t k = 0; ok && k < r0.n; k++) { r0.e[k] = a->e[2 * k]; r1.e[k] = a->e[2 * k + 1]; }
        ok = ok && res_set(in, op, 0, &r0) && res_set(in, op, 1, &r1);
        free(r0.e);
        free(r1.e);
        return ok;
    }
    case OP_tt_assert: case OP_cf_assert: case OP_llvm_intr_assume: {
        RV *c = iv_opnd(in, op, 0);
        if (!c) return false;
        for (int64_t k = 0; k < c->n; k++)
            if (!c->e[k].i) {
                Attr *msg = op_attr(op, "message");
                char idx[128];
                iv_index_str(idx, sizeof idx, c, k);
                if (op_is(op, OP_llvm_intr_assume)) return iv_fail(in, op, "the assumption (tl.assume) is false");
                return iv_fail(in, op, "assertion failed at element %s%s%.*s", idx, msg && msg->kind == A_STRING ? ": " : "",
                            msg && msg->kind == A_STRING ? (int)msg->str.len : 0, msg && msg->kind == A_STRING ? msg->str.s : "");
            }
        return true;
    }
    case OP_gpu_barrier: case OP_ttg_barrier: return true;   /* tl.debug_barrier: a program is one thread */
    case OP_scf_yield: case OP_scf_condition: case OP_tt_return: case OP_func_return:
    case OP_tt_reduce_return: case OP_tt_scan_return:
        return true;
    case OP_xsmt_pack: case OP_xsmt_unpack: case OP_xsmt_repack: case OP_xsmt_mmt4d: case OP_xsmt_alloc:
    case OP_xsmt_subview: case OP_xsmt_subview_pack: case OP_xsmt_annotation: case OP_xsmt_get_num_of_thread:
    case OP_xsmt_async_mbarrier_alloc: case OP_xsmt_async_mbarrier_release: case OP_xsmt_async_mbarrier_arrive:
    case OP_xsmt_async_mbarrier_wait: case OP_tle_extract_tile: case OP_tle_insert_tile:
    case OP_xsmt_alloc_copies: case OP_xsmt_buffer_tensor_view: case OP_xsmt_mbarrier_copies:
    case OP_xsmt_mbarrier_subview: case OP_xsmt_barrier_set_expect:
        return iv_run_xsmt(in, op);
    default: break;
    }
    if (op->nres != 1) return iv_unsupported(in, op);
    RV r;
    if (!iv_res_alloc(in, op, 0, &r)) return false;
    bool ok = true;
    RV *a = NULL, *b = NULL, *c = NULL;
    if (op->nopnds > 0 && !(a = iv_opnd(in, op, 0))) ok = false;
    if (ok && op->nopnds > 1 && !(b = iv_opnd(in, op, 1))) ok = false;
    if (ok && op->nopnds > 2 && !(c = iv_opnd(in, op, 2))) ok = false;
    int rk = iv_kind_of(r.et);
    if (!ok) goto out;
    switch (id) {
    case OP_arith_constant: ok = iv_constant(in, op, &r); break;
    case OP_arith_addi: case OP_arith_subi: case OP_arith_muli: case OP_arith_divsi: case OP_arith_divui:
    case OP_arith_ceildivsi: case OP_arith_ceildivui: case OP_arith_floordivsi: case OP_arith_remsi:
    case OP_arith_remui: case OP_arith_andi: case OP_arith_ori: case OP_arith_xori: case OP_arith_shli:
    case OP_arith_shrsi: case OP_arith_shrui: case OP_arith_maxsi: case OP_arith_maxui: case OP_arith_minsi:
    case OP_arith_minui: case OP_tt_mulhiui:
        if (!a || !b || rk != 'i') { ok = iv_unsupported(in, op); break; }
        ok = iv_same_n(in, op, a, b) && iv_arith_int(in, op, id, a, b, &r);
        break;
    case OP_arith_addf: case OP_arith_subf: case OP_arith_mulf: case OP_arith_divf: case OP_arith_remf:
    case OP_arith_maxnumf: case OP_arith_minnumf: case OP_arith_maximumf: case OP_arith_minimumf:
    case OP_math_powf: case OP_math_atan2: case OP_tt_precise_divf:
        if (!a || !b || rk != 'f') { ok = iv_unsupported(in, op); break; }
        ok = iv_same_n(in, op, a, b) && iv_arith_float(in, op, id, a, b, &r);
        break;
    case OP_arith_negf: case OP_math_absf: case OP_math_acos: case OP_math_acosh: case OP_math_asin:
    case OP_math_asinh: case OP_math_atan: case OP_math_atanh: case OP_math_cbrt: case OP_math_ceil:
    case OP_math_cos: case OP_math_cosh: case OP_math_erf: case OP_math_exp: case OP_math_exp2:
    case OP_math_expm1: case OP_math_floor: case OP_math_log: case OP_math_log10: case OP_math_log1p:
    case OP_math_log2: case OP_math_round: case OP_math_rsqrt: case OP_math_sin: case OP_math_sinh:
    case OP_math_sqrt: case OP_math_tan: case OP_math_tanh: case OP_math_trunc: case OP_tt_precise_sqrt:
        if (!a || rk != 'f') { ok = iv_unsupported(in, op); break; }
        ok = iv_arith_float(in, op, id, a, NULL, &r);
        break;
    case OP_math_absi:
        if (!a || rk != 'i') { ok = iv_unsupported(in, op); break; }
        for (int64_t k = 0; k < r.n; k++) {
            int64_t v = sx(a->e[k].i, iw(r.et));
            r.e[k].i = wrapt(r.et, v < 0 ? (int64_t)(0 - (uint64_t)v) : v);
        }
        break;
    case OP_math_fma:
        if (!a || !b || !c || rk != 'f') { ok = iv_unsupported(in, op); break; }
        if (!iv_same_n(in, op, a, b) || !iv_same_n(in, op, a, c)) { ok = false; break; }
        for (int64_t k = 0; k < r.n; k++) r.e[k].f = fround(r.et, fma(a->e[k].f, b->e[k].f, c->e[k].f));
        break;
    case OP_tt_clampf: {
        if (!a || !b || !c || rk != 'f') { ok = iv_unsupported(in, op); break; }
        int64_t pn = 0;
        op_attr_int(op, "propagateNan", &pn);
        for (int64_t k = 0; k < r.n; k++) {
            double x = a->e[k].f, lo = b->e[b->n == 1 ? 0 : k].f, hi = c->e[c->n == 1 ? 0 : k].f;
            double v = isnan(x) ? (pn ? x : lo) : fmin(fmax(x, lo), hi);
            r.e[k].f = fround(r.et, v);
        }
        break;
    }
    case OP_arith_cmpi: case OP_arith_cmpf: {
        int64_t p;
        if (!a || !b || !op_attr_int(op, "predicate", &p)) { ok = iv_fail(in, op, "missing predicate"); break; }
        if (!iv_same_n(in, op, a, b)) { ok = false; break; }
        int ka = iv_kind_of(a->et);
        if ((id == OP_arith_cmpi) != (ka == 'i')) { ok = iv_unsupported(in, op); break; }
        for (int64_t k = 0; k < r.n; k++) {
            El x = a->e[k], y = b->e[b->n == 1 ? 0 : k];
            r.e[k].i = id == OP_arith_cmpi ? iv_cmpi((int)p, x.i, y.i, iw(a->et)) : iv_cmpf((int)p, x.f, y.f);
        }
        break;
    }
    case OP_arith_select:
        if (!a || !b || !c) { ok = iv_unsupported(in, op); break; }
        if ((b->n != r.n && b->n != 1) || (c->n != r.n && c->n != 1) || (a->n != r.n && a->n != 1)) { ok = iv_fail(in, op, "operand shapes differ"); break; }
        for (int64_t k = 0; k < r.n; k++)
            r.e[k] = a->e[a->n == 1 ? 0 : k].i ? b->e[b->n == 1 ? 0 : k] : c->e[c->n == 1 ? 0 : k];
        break;
    case OP_arith_extsi: case OP_arith_extui: case OP_arith_trunci: case OP_arith_index_cast:
    case OP_arith_index_castui: case OP_arith_extf: case OP_arith_truncf: case OP_arith_sitofp:
    case OP_arith_uitofp: case OP_arith_fptosi: case OP_arith_fptoui: case OP_arith_bitcast:
    case OP_tt_bitcast: case OP_tt_fp_to_fp:
        if (!a || a->n != r.n) { ok = a ? iv_fail(in, op, "operand shapes differ") : iv_unsupported(in, op); break; }
        {
            int ka = iv_kind_of(a->et);
            bool good = id == OP_arith_bitcast || id == OP_tt_bitcast ||
                (ka == 'i' && rk == 'i' && id != OP_arith_extf && id != OP_arith_truncf && id != OP_arith_sitofp && id != OP_arith_uitofp && id != OP_arith_fptosi && id != OP_arith_fptoui && id != OP_tt_fp_to_fp) ||
                (ka == 'f' && rk == 'f' && (id == OP_arith_extf || id == OP_arith_truncf || id == OP_tt_fp_to_fp)) ||
                (ka == 'i' && rk == 'f' && (id == OP_arith_sitofp || id == OP_arith_uitofp)) ||
                (ka == 'f' && rk == 'i' && (id == OP_arith_fptosi || id == OP_arith_fptoui));
            if (!good) { ok = iv_fail(in, op, "unsupported operand and result types"); break; }
        }
        ok = iv_cast(in, op, id, a, &r);
        break;
    case OP_tt_get_program_id: case OP_tt_get_num_programs: {
        int64_t ax;
        if (!op_attr_int(op, "axis", &ax) || ax < 0 || ax > 2) { ok = iv_fail(in, op, "bad 'axis'"); break; }
        r.e[0].i = wrapt(r.et, id == OP_tt_get_program_id ? in->pid[ax] : in->grid[ax]);
        break;
    }
    case OP_tt_make_range: {
        int64_t s, e;
        if (!op_attr_int(op, "start", &s) || !op_attr_int(op, "end", &e) || e - s != r.n || rk != 'i') { ok = iv_fail(in, op, "bad 'start'/'end'"); break; }
        for (int64_t k = 0; k < r.n; k++) r.e[k].i = wrapt(r.et, s + k);
        break;
    }
    case OP_tt_splat:
        if (!a || a->n != 1) { ok = iv_fail(in, op, "splat of a non-scalar"); break; }
        for (int64_t k = 0; k < r.n; k++) r.e[k] = a->e[0];
        break;
    case OP_tt_unsplat: case OP_tt_expand_dims: case OP_tt_reshape:
        if (!a || a->n != r.n) { ok = iv_fail(in, op, "element counts differ"); break; }
        memcpy(r.e, a->e, sizeof(El) * (size_t)r.n);
        break;
    case OP_tt_broadcast:
        ok = a && iv_broadcast(in, op, a, &r);
        break;
    case OP_tt_trans:
        ok = a && iv_trans(in, op, a, &r);
        break;
    case OP_tt_join:
        if (!a || !b || a->n != b->n || r.n != 2 * a->n) { ok = iv_fail(in, op, "operand shapes differ"); break; }
        for (int64_t k = 0; k < a->n; k++) { r.e[2 * k] = a->e[k]; r.e[2 * k + 1] = b->e[k]; }
        break;
    case OP_tt_cat:
        if (!a || !b || r.n != a->n + b->n) { ok = iv_fail(in, op, "operand shapes differ"); break; }
        memcpy(r.e, a->e, sizeof(El) * (size_t)a->n);
        memcpy(r.e + a->n, b->e, sizeof(El) * (size_t)b->n);
        break;
    case OP_tt_addptr:
        if (!a || !b || rk != 'p') { ok = iv_unsupported(in, op); break; }
        ok = iv_addptr(in, op, a, b, &r);
        break;
    case OP_tt_load: ok = iv_load(in, op, &r); break;
    case OP_tensor_empty: break;   /* contents undefined: zeros */
    case OP_tt_make_tensor_ptr: ok = iv_make_tensor_ptr(in, op, &r); break;
    case OP_tt_advance: ok = iv_advance(in, op, &r); break;
    case OP_tt_make_tensor_descriptor: ok = iv_make_desc(in, op, &r); break;
    case OP_tt_descriptor_load: ok = iv_desc_access(in, op, false, &r); break;
    case OP_tt_descriptor_gather: ok = iv_desc_access(in, op, true, &r); break;
    case OP_tts_make_tptr: ok = iv_make_tptr(in, op, &r); break;
    case OP_tts_make_gather_scatter_tptr: ok = iv_make_gs_tptr(in, op, &r); break;
    case OP_tts_load: ok = iv_tts_access(in, op, &r); break;
    case OP_tt_extern_elementwise: ok = iv_extern_elementwise(in, op, a, b, &r); break;
    case OP_tt_histogram: ok = a && iv_histogram(in, op, a, b, &r); break;
    case OP_tt_gather: ok = (a && b) ? iv_gather(in, op, a, b, &r) : iv_unsupported(in, op); break;
    case OP_tt_atomic_rmw: case OP_tt_atomic_cas: ok = iv_atomic(in, op, &r); break;
    case OP_tt_ptr_to_int:
        if (!a || a->n != r.n || iv_kind_of(a->et) != 'p' || rk != 'i') { ok = iv_fail(in, op, "unsupported operand and result types"); break; }
        for (int64_t k = 0; k < r.n; k++) r.e[k].i = wrapt(r.et, ptr_enc(a->e[k]));
        break;
    case OP_tt_int_to_ptr:
        if (!a || a->n != r.n || iv_kind_of(a->et) != 'i' || rk != 'p') { ok = iv_fail(in, op, "unsupported operand and result types"); break; }
        for (int64_t k = 0; k < r.n; k++) r.e[k] = iv_ptr_dec(a->e[k].i);
        break;
    case OP_tt_dot:
        if (!a || !b || !c) { ok = iv_unsupported(in, op); break; }
        ok = iv_dot(in, op, a, b, c, &r);
        break;
    default: ok = iv_unsupported(in, op); break;
    }
out:
    if (ok) ok = res_set(in, op, 0, &r);
    free(r.e);
    return ok;
}

/* ---- entry points ------------------------------------------------------ */

Op *interp_find_func(Op *module, const char *name) {
    if (!module || !module->nregions || !module_body(module)) return NULL;
    Op *first = NULL;
    for (Op *o = module_body(module)->first; o; o = o->next) {
        if (!op_is(o, OP_tt_func) && !op_is(o, OP_func_func)) continue;
        Attr *nm = op_attr(o, "sym_name");
        if (name) {
            if (nm && nm->kind == A_STRING && nm->str.len == strlen(name) && !memcmp(nm->str.s, name, nm->str.len)) return o;
            continue;
        }
        Attr *vis = op_attr(o, "sym_visibility");
        if (!(vis && vis->kind == A_STRING && vis->str.len == 7 && !memcmp(vis->str.s, "private", 7))) return o;
        if (!first) first = o;
    }
    return first;
}

/* ---- sizes -------------------------------------------------------------- */

typedef struct Sizes { int64_t bytes; Op *bad; int64_t bad_n; } Sizes;
static int64_t c_elem_bytes(const Type *e) {
    if (!e) return 8;
    if (e->kind == T_INT) return e->i.width <= 8 ? 1 : e->i.width <= 16 ? 2 : e->i.width <= 32 ? 4 : 8;
    if (e->kind == T_FLOAT) return e->f.width <= 16 ? 2 : e->f.width <= 32 ? 4 : 8;
    return 8;
}
static bool sizes_op(Op *op, void *ud) {
    Sizes *z = ud;
    for (int i = 0; i < op->nres; i++) {
        Type *t = op_result(op, i)->type;
        if (!t || t->kind != T_TENSOR || t->sh.rank < 0) continue;
        int64_t n = 1;
        for (int k = 0; k < t->sh.rank && n <= MAX_ELEMS; k++) n = t->sh.dims[k] < 0 ? n : n * t->sh.dims[k];
        if (n > MAX_ELEMS) { z->bad = op; z->bad_n = n; return false; }
        z->bytes += n * c_elem_bytes(t->sh.elem);
    }
    return true;
}
bool interp_check_sizes(Op *module, int64_t *bytes, Diag *d) {
    Sizes z = { 0, NULL, 0 };
    op_walk(module, sizes_op, &z);
    if (z.bad) {
        diag_error(d, z.bad->loc, "%s: tensor too large: its result has %lld elements or more, the limit is 2^26 (%lld)",
                   op_name(z.bad), (long long)z.bad_n, (long long)MAX_ELEMS);
        return false;
    }
    if (bytes) *bytes = z.bytes;
    return true;
}

static bool check_div;
void interp_set_check_div(bool on) { check_div = on; }
bool interp_check_div(void) { return check_div; }

int interp_run(Ctx *c, Op *func, int nargs, const IArg *args, const int grid[3], Diag *d) {
    return interp_run_mem(c, func, nargs, args, NULL, grid, d);
}

static int run_mem(Ctx *c, Op *func, int nargs, const IArg *args, const KtirMem *mem, const int grid[3], Diag *d);
int interp_run_mem(Ctx *c, Op *func, int nargs, const IArg *args, const KtirMem *mem, const int grid[3], Diag *d) {
    free(track.wrote);
    track.wrote = NULL;
    track.nwrote = 0;
    track.known = -1;
    if (!track.on) return run_mem(c, func, nargs, args, mem, grid, d);
    track.known = 0;
    track.who = calloc((size_t)nargs + 1, sizeof *track.who);
    track.wrote = calloc((size_t)nargs + 1, sizeof *track.wrote);
    track.n = track.nwrote = track.who && track.wrote ? nargs : 0;
    if (!track.n) track.known = -1;
    int rc = run_mem(c, func, nargs, args, mem, grid, d);
    for (int i = 0; i < nargs && track.who; i++) free(track.who[i]);
    free(track.who);
    track.who = NULL;
    track.n = 0;
    return rc;
}
static int run_mem(Ctx *c, Op *func, int nargs, const IArg *args, const KtirMem *km, const int grid[3], Diag *d) {
    In in = { .c = c, .d = d, .func = func, .nargs = nargs, .args = args, .mem = km ? km->mem : NULL, .lx = km ? km->lx : NULL,
              .nlx = km ? km->nlx : 0 };
    if (!func || (!op_is(func, OP_tt_func) && !op_is(func, OP_func_func)) || !func->nregions || !func->regions[0].first) {
        diag_error(d, func ? func->loc : (Loc){ 0 }, "interpreter: expected a function with a body");
        return -1;
    }
    Block *entry = func->regions[0].first;
    if (entry->nargs != nargs) {
        diag_error(d, func->loc, "interpreter: the kernel takes %d arguments, %d given", entry->nargs, nargs);
        return -1;
    }
    for (int i = 0; i < 3; i++)
        if (grid[i] < 0) { diag_error(d, func->loc, "interpreter: negative grid size"); return -1; }
    for (int i = 0; i < nargs; i++) {
        Type *t = entry->args[i]->type;
        int k = iv_kind_of(t);
        bool good = (k == 'p' && args[i].kind == IARG_BUF) || (k == 'i' && args[i].kind == IARG_INT) ||
                    (k == 'f' && args[i].kind == IARG_FLOAT) || (t->kind == T_INDEX && args[i].kind == IARG_BUF);
        if (!good) {
            diag_error(d, func->loc, "interpreter: argument %d does not match its type", i);
            return -1;
        }
        if (k == 'p' && t->kind == T_PTR) {
            Type *pe = t->ptr.pointee;
            if (args[i].buf.elem && args[i].buf.elem != pe) {
                diag_error(d, func->loc, "interpreter: the buffer of argument %d has another element type", i);
                return -1;
            }
        }
    }
    RV *vals = calloc((size_t)(nargs + 1), sizeof(RV));
    RV **pv = calloc((size_t)(nargs + 1), sizeof(RV *));
    bool ok = vals && pv;
    if (!ok) diag_error(d, func->loc, "interpreter: out of memory");
    for (int i = 0; ok && i < nargs; i++) {
        ok = iv_rv_alloc(&in, func, &vals[i], entry->args[i]->type);
        if (!ok) break;
        pv[i] = &vals[i];
        Type *t = vals[i].t;
        if (args[i].kind == IARG_BUF && t->kind == T_INDEX) vals[i].e[0].i = (int64_t)(i + 1) << KADDR_SHIFT;   /* a KTIR base address */
        else if (args[i].kind == IARG_BUF) { vals[i].e[0].p.buf = i; vals[i].e[0].p.off = 0; }
        else if (args[i].kind == IARG_INT) vals[i].e[0].i = wrapt(t, args[i].i);
        else vals[i].e[0].f = fround(t, args[i].f);
    }
    in.grid[0] = grid[0]; in.grid[1] = grid[1]; in.grid[2] = grid[2];
    if (ok && iv_func_has_inter_tile(func)) ok = iv_run_cotiles(&in, func, nargs, pv);
    else for (int z = 0; ok && z < grid[2]; z++)
        for (int y = 0; ok && y < grid[1]; y++)
            for (int x = 0; ok && x < grid[0]; x++) {
                in.pid[0] = x; in.pid[1] = y; in.pid[2] = z;
                in.grid[0] = grid[0]; in.grid[1] = grid[1]; in.grid[2] = grid[2];
                Op *t = NULL;
                ok = iv_run_region(&in, func, &func->regions[0], nargs, pv, &t);
                env_clear(&in);
                iv_scratch_free(&in);
            }
    for (int i = 0; vals && i < nargs; i++) free(vals[i].e);
    free(vals);
    free(pv);
    free(in.s);
    return ok ? 0 : -1;
}
