/* SPDX-License-Identifier: MIT */
/*
 * task-offsets.h — where the running kernel keeps a task's thread-group
 * leader and name (struct task_struct's group_leader and comm), read from
 * its BTF (/sys/kernel/btf/vmlinux, through libbpf).  The compiler's target
 * description carries them (dprog.h struct dtarget) so that `execname` is
 * the process's name, not the firing thread's.
 */
#ifndef SDTKIT_CONSUMER_RUNTIME_TASK_OFFSETS_H
#define SDTKIT_CONSUMER_RUNTIME_TASK_OFFSETS_H

#include <stdint.h>

/* *LEADER and *COMM get the byte offsets, or both 0 when the kernel has no
 * BTF or the layout is not the expected one (a pointer and a char array). */
void task_offsets_find (uint32_t *leader, uint32_t *comm);

/* ppid: struct task_struct's real_parent (a pointer) and tgid (an integer),
 * both 0 when unknown. */
void task_offsets_find_parent (uint32_t *real_parent, uint32_t *tgid);

/* vtimestamp: the offset of se.sum_exec_runtime (the task's nanoseconds on
 * a CPU, as the scheduler last accounted them) in struct task_struct, or 0. */
uint32_t task_offsets_exec_runtime (void);

/* The proc and sched providers' fields (byte offsets; all 0 when one is
 * unknown): task_struct's pid, signal (a pointer), exit_code and state
 * (STATE_SIZE bytes), signal_struct's live (atomic_t); apart, linux_binprm's
 * p and argc (both 0 when unknown). */
struct task_kernel_offsets {
  uint32_t pid, signal, exit_code, state, state_size, signal_live;
  uint32_t binprm_p, binprm_argc;
  uint32_t prio, normal_prio;     /* sched:::change-pri (0: unknown) */
  uint32_t cpu;                   /* sched:::enqueue's CPU: task_struct's cpu
                                     (before 5.16) or thread_info.cpu (0: unknown) */
};
void task_offsets_kernel (struct task_kernel_offsets *out);

#endif
