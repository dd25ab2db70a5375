#include "consumer/codegen-int.h"
bool cgstr_is_string_subr (enum subr s) { (void) s; return false; }
void cgstr_gen (struct gen *g, struct d_node *call) { cg_error (g, call, "x"); }
unsigned cgstr_scratch_size (unsigned strsize) { (void) strsize; return 0; }
