/* SPDX-License-Identifier: MIT */
/* greet.h — the sample library: greet WHO N times, fire greet:::hello each
 * time and greet:::done at the end. */
#ifndef GREET_H
#define GREET_H
int greet (const char *who, int n);
#endif
