/* target.c - the lookup of outputs by name and by file suffix. */
#include <string.h>

#include "target.h"

/* the concrete targets live above src/ (cli/registry.c sets the table) */
static const Target *const *targets;
static int ntargets;

void target_registry_set(const Target *const *all, int n) {
    targets = all;
    ntargets = n;
}

const Target *target_by_name(const char *name) {
    for (int i = 0; i < ntargets; i++)
        if (!strcmp(targets[i]->name, name)) return targets[i];
    return NULL;
}

const Target *target_by_suffix(const char *path) {
    if (!path) return NULL;
    size_t n = strlen(path);
    for (int i = 0; i < ntargets; i++) {
        size_t k = strlen(targets[i]->suffix);
        if (n > k && !strcmp(path + n - k, targets[i]->suffix)) return targets[i];
    }
    return NULL;
}
