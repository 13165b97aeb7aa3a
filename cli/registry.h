/* registry.h - the dialects, concrete passes and targets of the program, handed
 * to the format engine, the pass manager and the target lookup of src/
 * (docs/architecture.md). */
#ifndef TTX_REGISTRY_H
#define TTX_REGISTRY_H

/* the one start-up call of every program: registers every dialect
 * (dialects_register_all) and sets the tables pass_lookup, pass_all,
 * target_by_name and target_by_suffix search; call it before reading IR or
 * parsing the command line (calling it again does nothing more) */
void registry_init(void);

#endif
