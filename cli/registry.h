/* registry.h - the concrete passes and targets of the program, handed to the
 * pass manager and the target lookup of src/ (docs/architecture.md). */
#ifndef TTX_REGISTRY_H
#define TTX_REGISTRY_H

/* sets the tables pass_lookup, pass_all, target_by_name and target_by_suffix
 * search; call it once at start-up, before parsing the command line */
void registry_init(void);

#endif
