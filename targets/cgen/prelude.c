/* targets/cgen/prelude.c - the prelude: the helpers and libm functions the code mentions (see emit.h). */
#include "emit.h"

/* the libm functions the C may call (all double) */
static const struct { const char *name; int nargs; } libm[] = {
#define LIBM(name, k) { #name, k },
#include "libm.def"
#undef LIBM
};
enum { NLIBM = sizeof libm / sizeof *libm };

/* does name occur in text as an identifier? */
static bool mentions(const char *text, size_t len, const char *name) {
    size_t n = strlen(name);
    for (const char *p = text; p && (size_t)(p - text) + n <= len; p++) {
        p = memchr(p, name[0], len - (size_t)(p - text));
        if (!p || (size_t)(p - text) + n > len) return false;
        if (memcmp(p, name, n)) continue;
        char b = p > text ? p[-1] : ' ', a = (size_t)(p - text) + n < len ? p[n] : ' ';
        bool idb = b == '_' || (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9');
        bool ida = a == '_' || (a >= 'a' && a <= 'z') || (a >= 'A' && a <= 'Z') || (a >= '0' && a <= '9');
        if (!idb && !ida) return true;
    }
    return false;
}

void cgen_prelude(FILE *out, const char *head, const CgenHelper *helpers, int nh, const char *body, size_t blen) {
    fputs(head, out);
    bool *need = calloc((size_t)nh + 1, sizeof *need);
    if (!need) abort();
    for (bool more = true; more;) {
        more = false;
        for (int i = nh - 1; i >= 0; i--) {
            if (need[i]) continue;
            bool m = mentions(body, blen, helpers[i].name);
            for (int j = 0; j < nh && !m; j++)
                if (need[j] && j != i) m = mentions(helpers[j].text, strlen(helpers[j].text), helpers[i].name);
            if (m) need[i] = more = true;
        }
    }
    bool any = false;
    for (int i = 0; i < NLIBM; i++) {
        bool m = mentions(body, blen, libm[i].name);
        for (int j = 0; j < nh && !m; j++)
            if (need[j]) m = mentions(helpers[j].text, strlen(helpers[j].text), libm[i].name);
        if (!m) continue;
        if (!any) fputc('\n', out);
        any = true;
        fprintf(out, "double %s(double%s%s);\n", libm[i].name, libm[i].nargs > 1 ? ", double" : "", libm[i].nargs > 2 ? ", double" : "");
    }
    for (int i = 0; i < nh; i++)
        if (need[i]) fprintf(out, "\n%s", helpers[i].text);
    fputc('\n', out);
    free(need);
}
