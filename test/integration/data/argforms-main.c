/* SPDX-License-Identifier: MIT */
/* argforms-main.c — calls fire() of the shared-library build of argforms.c. */
#include <stdlib.h>
void fire (int base);
int main (int argc, char **argv) { fire (argc > 1 ? atoi (argv[1]) : 1); return 0; }
