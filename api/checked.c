/* checked.c - the "c-checked" output: the C target's kernel with its
 * failure hooks defined, for a driver that loads it as a shared object.
 *
 * The C target calls TTX_FAIL(site) where a program cannot go on as the
 * interpreter would (a gather index out of range, a float that does not
 * fit its integer type, a loop step <= 0) and TTX_ASSERT(site, k) where a
 * tt.assert (tl.device_assert) is false at element k.  Plain C defines
 * them as nothing; here they record the first failure, and the object
 * exports
 *     const char *ttx_failure(void);     NULL, or the report of the first
 *                                        failure since the last clear:
 *                                        "k.py:12:5: tt.gather: an index is
 *                                        out of range in program (3, 0, 0)"
 *     void ttx_failure_clear(void);
 * with each site's location resolved to the user's Python line as
 * diagnostics are.  The program that failed runs to its end (its results
 * are not the interpreter's); the driver raises the report after the
 * launch.  The C still includes no header. */
#include "api_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../targets/c/c.h"

/* s as the body of a C string literal */
static void put_str(FILE *f, const char *s, size_t n) {
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (ch == '"' || ch == '\\') fprintf(f, "\\%c", ch);
        else if (ch < 32 || ch >= 127) fprintf(f, "\\%03o", ch);
        else fputc(ch, f);
    }
}

static const char hooks[] =
    "/* failures (see ttx_failure below) */\n"
    "void ttx_fail_at(int site, long long k, int x, int y, int z);\n"
    "#define TTX_FAIL(site) ttx_fail_at(site, -1LL, pidX, pidY, pidZ)\n"
    "#define TTX_ASSERT(site, k) ttx_fail_at(site, k, pidX, pidY, pidZ)\n\n";

static const char report[] =
    "\n/* the first failure of the programs since ttx_failure_clear */\n"
    "static volatile int ttx_f_taken;\n"
    "static int ttx_f_site = -1, ttx_f_pid[3];\n"
    "static long long ttx_f_el = -1;\n"
    "static char ttx_f_buf[2048];\n"
    "void ttx_fail_at(int site, long long k, int x, int y, int z)\n{\n"
    "#if defined(__GNUC__) && !defined(__TINYC__)\n"
    "    if (!__sync_bool_compare_and_swap(&ttx_f_taken, 0, 1)) return;\n"
    "#else\n"
    "    if (ttx_f_taken) return;\n"
    "    ttx_f_taken = 1;\n"
    "#endif\n"
    "    ttx_f_el = k; ttx_f_pid[0] = x; ttx_f_pid[1] = y; ttx_f_pid[2] = z;\n"
    "    ttx_f_site = site;\n"
    "}\n"
    "static int ttx_f_put(int n, const char *s)\n{\n"
    "    while (*s && n < (int)sizeof ttx_f_buf - 1) ttx_f_buf[n++] = *s++;\n"
    "    return n;\n"
    "}\n"
    "static int ttx_f_num(int n, long long v)\n{\n"
    "    char t[24];\n"
    "    int k = 0;\n"
    "    unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;\n"
    "    do t[k++] = (char)('0' + (int)(u % 10)); while (u /= 10);\n"
    "    if (v < 0) t[k++] = '-';\n"
    "    while (k && n < (int)sizeof ttx_f_buf - 1) ttx_f_buf[n++] = t[--k];\n"
    "    return n;\n"
    "}\n"
    "const char *ttx_failure(void);\n"
    "const char *ttx_failure(void)\n{\n"
    "    int s = ttx_f_site, n;\n"
    "    if (s < 0 || s >= TTX_NSITES) return 0;\n"
    "    n = ttx_f_put(0, ttx_site_text[s]);\n"
    "    if (ttx_f_el >= 0 && ttx_site_dims[s][0] >= 0) {\n"
    "        long long el = ttx_f_el, idx[8];\n"
    "        int r = (int)ttx_site_dims[s][0], i;\n"
    "        for (i = r - 1; i >= 0; i--) { long long d = ttx_site_dims[s][1 + i]; idx[i] = d > 0 ? el % d : 0; el = d > 0 ? el / d : 0; }\n"
    "        n = ttx_f_put(n, \" at element [\");\n"
    "        if (!r) n = ttx_f_put(n, \"0\");\n"
    "        for (i = 0; i < r; i++) { if (i) n = ttx_f_put(n, \", \"); n = ttx_f_num(n, idx[i]); }\n"
    "        n = ttx_f_put(n, \"]\");\n"
    "    }\n"
    "    n = ttx_f_put(n, ttx_site_tail[s]);\n"
    "    n = ttx_f_put(n, \" in program (\");\n"
    "    n = ttx_f_num(n, ttx_f_pid[0]); n = ttx_f_put(n, \", \");\n"
    "    n = ttx_f_num(n, ttx_f_pid[1]); n = ttx_f_put(n, \", \");\n"
    "    n = ttx_f_num(n, ttx_f_pid[2]); n = ttx_f_put(n, \")\");\n"
    "    ttx_f_buf[n] = 0;\n"
    "    return ttx_f_buf;\n"
    "}\n"
    "void ttx_failure_clear(void);\n"
    "void ttx_failure_clear(void) { ttx_f_site = -1; ttx_f_el = -1; ttx_f_taken = 0; }\n";

/* "FILE:LINE:COL: OP: REASON" for the site of op, at the Python line when
 * Triton attached one */
static void site_head(ttx_module *mod, FILE *f, Op *op) {
    const char *file = mod->file;
    int line = op->loc.line, col = op->loc.col;
    if (line > 0 && line < mod->nlines && mod->lines[line].file) {
        file = mod->lines[line].file; col = mod->lines[line].col; line = mod->lines[line].line;
    } else if (loc_file(op->loc)) file = loc_file(op->loc);
    char *h = NULL;
    size_t hn = 0;
    FILE *m = open_memstream(&h, &hn);
    if (!m) abort();
    fprintf(m, "%s:%d:%d: %s: %s", file ? file : "<input>", line, col, op_name(op), c_fail_reason(op));
    fclose(m);
    fputc('"', f);
    put_str(f, h, hn);
    fputc('"', f);
    free(h);
}

bool api_emit_c_checked(ttx_module *mod, FILE *out, Diag *d) {
    PtrVec sites = { 0 };
    char *body = NULL;
    size_t blen = 0;
    FILE *bf = open_memstream(&body, &blen);
    if (!bf) abort();
    CEmitOpts co = { .sites = &sites };
    bool ok = c_emit(bf, mod->c, mod->m, NULL, &co, d);
    fclose(bf);
    if (ok && !d->nerrors) {
        fputs(hooks, out);
        fwrite(body, 1, blen, out);
        int n = sites.n;
        fprintf(out, "\n/* the sites of the kernel's checks: where, the rank and shape of the\n"
                     " * element index (-1: none), and what follows it */\n#define TTX_NSITES %d\n", n);
        fputs("static const char *const ttx_site_text[] = {\n", out);
        for (int i = 0; i < n; i++) { fputs("    ", out); site_head(mod, out, sites.v[i]); fputs(",\n", out); }
        fputs(n ? "};\n" : "    \"\"\n};\n", out);
        fputs("static const long long ttx_site_dims[][9] = {\n", out);
        for (int i = 0; i < n; i++) {
            Op *op = sites.v[i];
            Type *t = op_is(op, OP_tt_assert) && op->nopnds ? op_operand(op, 0)->type : NULL;
            int r = t && t->kind == T_TENSOR && t->sh.rank <= 8 ? t->sh.rank : t ? 0 : -1;
            fprintf(out, "    { %d", r);
            for (int k = 0; k < 8; k++) fprintf(out, ", %lld", k < r ? (long long)t->sh.dims[k] : 0LL);
            fputs(" },\n", out);
        }
        fputs(n ? "};\n" : "    { -1, 0, 0, 0, 0, 0, 0, 0, 0 }\n};\n", out);
        fputs("static const char *const ttx_site_tail[] = {\n", out);
        for (int i = 0; i < n; i++) {
            Op *op = sites.v[i];
            Attr *msg = op_is(op, OP_tt_assert) ? op_attr(op, "message") : NULL;
            fputs("    \"", out);
            if (msg && msg->kind == A_STRING) { fputs(": ", out); put_str(out, msg->str.s, msg->str.len); }
            fputs("\",\n", out);
        }
        fputs(n ? "};\n" : "    \"\"\n};\n", out);
        fputs(report, out);
    }
    free(body);
    pv_free(&sites);
    return ok && !d->nerrors;
}
