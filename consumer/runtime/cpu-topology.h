/* SPDX-License-Identifier: MIT */
/*
 * cpu-topology.h — each CPU's physical package and NUMA node, read from
 * sysfs for the built-in variables chip, lgrp and curcpu's cpu_chip and
 * cpu_lgrp (compile/codegen-cpuinfo.c).
 */
#ifndef SDTKIT_CONSUMER_RUNTIME_CPU_TOPOLOGY_H
#define SDTKIT_CONSUMER_RUNTIME_CPU_TOPOLOGY_H

#include <stdint.h>

/* *CHIP and *NODE: malloc'd arrays of *NCPUS entries (the possible CPUs),
 * a CPU whose sysfs entry is missing 0; all three 0/NULL when sysfs says
 * nothing.  Kept for the life of the process. */
void cpu_topology_read (const int32_t **chip, const int32_t **node, unsigned *ncpus);

#endif
