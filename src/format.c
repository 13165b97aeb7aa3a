/* format.c - the format engine: the formats and inherent attributes the
 * dialects register (dialects/), looked up by op id, and the driver that
 * decodes an op's element sequence with its format or prints the op with it.
 *
 * The decoder of a format walks the elements with the matcher of
 * format_lib.c; if the elements do not have the expected shape, that is a
 * parse error at the furthest element the matcher reached, naming what it
 * expected there (`expected SSA operand`).  Type errors that the syntax makes
 * visible are reported at the element's location.  Only ops without a
 * format keep their elements and are printed back verbatim.
 *
 * The tables are filled once at start-up; afterwards they are only read
 * (passes may run on several functions at once), one array index per op. */
#include "format.h"
#include "format_lib.h"

#include <string.h>

static const OpFormat *fmt_by_id[OP__COUNT];
static const char *inherent_by_id[OP__COUNT];
static void (*hooks[16])(Ctx *, Op *);
static int nhooks;

void format_register(const OpFormat *table, size_t n) {
    for (int id = 0; id < OP__COUNT; id++) {
        const char *f = opinfo_byid(id)->format;
        if (!f || !*f) continue;
        for (size_t i = 0; i < n; i++)
            if (!strcmp(table[i].name, f)) { fmt_by_id[id] = &table[i]; break; }
    }
}

void format_register_inherent(const OpInherent *table, size_t n, void (*hook)(Ctx *c, Op *op)) {
    for (size_t i = 0; i < n; i++)
        if (table[i].op >= 0 && table[i].op < OP__COUNT) inherent_by_id[table[i].op] = table[i].names;
    if (!hook) return;
    for (int i = 0; i < nhooks; i++) if (hooks[i] == hook) return;
    if (nhooks < (int)(sizeof hooks / sizeof *hooks)) hooks[nhooks++] = hook;
}

const OpFormat *format_of(const OpInfo *info) {
    int id = info->id;
    return id >= 0 && id < OP__COUNT ? fmt_by_id[id] : NULL;
}

/* inherent attributes of registered ops live in properties (`<{...}>` in
 * generic form), as in MLIR; everything else stays a discardable attribute */
void format_move_inherent(Ctx *c, Op *op) {
    int id = op->info->id;
    if (id < 0) return;
    for (int i = 0; i < nhooks; i++) hooks[i](c, op);
    const char *names = id < OP__COUNT ? inherent_by_id[id] : NULL;
    if (!names) return;
    for (int i = 0; i < op->nattrs;) {
        const char *n = op->attrs[i].name;
        size_t l = strlen(n);
        const char *f = strstr(names, n);
        bool hit = false;
        while (f) {
            if ((f == names || f[-1] == ' ') && (f[l] == 0 || f[l] == ' ')) { hit = true; break; }
            f = strstr(f + 1, n);
        }
        if (hit) {
            Attr *v = op->attrs[i].value;
            op_set_attr_interned(c, op, n, NULL);
            op_set_prop_interned(c, op, n, v);
        } else i++;
    }
}

bool format_decode(Ctx *c, Op *op, Diag *diag) {
    const OpFormat *f = format_of(op->info);
    if (!f || !op->verbatim) return true;
    Dec d = { c, op, diag, op_custom(op), false, NULL, NULL, false };
    if (f->dec(&d)) {
        op->verbatim = false;
        if (op->ext) op->ext->custom = NULL;
        format_move_inherent(c, op);
        return true;
    }
    if (!d.err) decode_error(&d);
    return false;
}

bool format_print(Printer *p, Op *op) {
    const OpFormat *f = format_of(op->info);
    if (!f || (f->fits && !f->fits(op))) return false;
    f->pr(p, op);
    return true;
}
