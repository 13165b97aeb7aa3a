/* target.c - the table of outputs. */
#include <string.h>

#include "target.h"

extern const Target target_ktir;
extern const Target target_c;

static const Target *const targets[] = { &target_ktir, &target_c };

const Target *target_by_name(const char *name) {
    for (size_t i = 0; i < sizeof targets / sizeof *targets; i++)
        if (!strcmp(targets[i]->name, name)) return targets[i];
    return NULL;
}

const Target *target_by_suffix(const char *path) {
    if (!path) return NULL;
    size_t n = strlen(path);
    for (size_t i = 0; i < sizeof targets / sizeof *targets; i++) {
        size_t k = strlen(targets[i]->suffix);
        if (n > k && !strcmp(path + n - k, targets[i]->suffix)) return targets[i];
    }
    return NULL;
}
