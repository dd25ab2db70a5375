/* SPDX-License-Identifier: MIT */
/*
 * codegen-kernel.c — the programs of the proc and sched probes (PK_KERNEL,
 * probes/kernel-probes.h): each attached to one raw tracepoint, whose
 * arguments (u64 each) the context holds; and of the fbt probes
 * (probes/fbt-probes.h), fentry/fexit programs whose context is the
 * function's arguments.  The prologue decides whether
 * the event is the probe's (the tracepoint is shared: sched_switch is
 * off-cpu, on-cpu, sleep and preempt) and writes argN into the scratch
 * args cache, where the clauses read them as for a profile probe.  Kernel
 * memory (task_struct fields at the offsets the runtime read from BTF,
 * dprog.h struct dtarget) is read with bpf_probe_read_kernel only: a
 * failed read gives 0.
 *
 * sched:::enqueue, dequeue and surrender, proc:::signal-clear and
 * lockstat's adaptive-release and spin-release are kprobe programs (the
 * context struct pt_regs; cg_kernel_kprobe).
 *
 * sched:::on-cpu runs in the context of the thread leaving the CPU (the
 * tracepoint fires before the switch): pid, tid, ppid, execname,
 * threadname, curthread and the thread-local (self->) variables there are
 * the arriving task's (the tracepoint's `next`) instead, so that
 * `on-cpu { self->ts = timestamp; } off-cpu /self->ts/` measures a
 * thread's time on the CPU; the others (uid, gid, stacks) remain the
 * leaving thread's (doc/kernel-providers.md).
 */
#include "consumer/compile/codegen-int.h"

/* x86-64 syscall numbers and struct pt_regs offsets the exec probes use. */
enum { NR_EXECVE = 59, NR_EXECVEAT = 322, NR_CLONE = 56, NR_FORK = 57, NR_VFORK = 58,
       NR_CLONE3 = 435, PT_DI = 112, PT_SI = 104, PT_ORIG_AX = 120 };
/* The raw tracepoints' argument slots. */
enum { SWITCH_PREEMPT = 0, SWITCH_PREV = 1, SWITCH_NEXT = 2, FORK_CHILD = 1,
       SIGGEN_SIG = 0, SIGGEN_TASK = 2, SIGGEN_RESULT = 4, TRACE_SIGNAL_IGNORED = 1,
       SIGDELIVER_SIG = 0, SIGDELIVER_INFO = 1, SIGDELIVER_KA = 2 };

static void
ctx_arg (struct gen *g, int reg, int slot)
{
  cg_emit (g, LDX (BPF_DW, reg, R6, (int16_t) (8 * slot)));
}

void
cg_kread (struct gen *g, int src, uint32_t off, int size)
{
  if (src != R3)
    cg_emit (g, MOV64_REG (R3, src));
  cg_emit (g, A64_IMM (BPF_ADD, R3, (int32_t) off));
  cg_emit (g, ST_IMM (BPF_DW, R10, SLOT_TMP, 0));
  cg_emit (g, MOV64_REG (R1, R10));
  cg_emit (g, A64_IMM (BPF_ADD, R1, SLOT_TMP));
  cg_emit (g, MOV64_IMM (R2, size));
  cg_emit (g, CALL (BPF_FUNC_probe_read_kernel));
  cg_emit (g, LDX (size == 4 ? BPF_W : BPF_DW, R0, R10, SLOT_TMP));
}

static void
store_arg (struct gen *g, unsigned k, int reg)
{
  cg_emit (g, STX (BPF_DW, R7, reg, (int16_t) (g->cg->scratch.args_off + 8 * k)));
}

static void
load_arg (struct gen *g, int reg, unsigned k)
{
  cg_emit (g, LDX (BPF_DW, reg, R7, (int16_t) (g->cg->scratch.args_off + 8 * k)));
}

/* The task at tracepoint argument SLOT, or (FROM_CACHE) in the args
 * cache's slot SLOT: arg TID_ARG = its pid (the thread's id), arg
 * TID_ARG + 1 = its tgid.  Leaves r0 = the tgid. */
static void
store_task_ids (struct gen *g, bool from_cache, unsigned slot, unsigned tid_arg)
{
  const struct dtarget *t = &g->p->target;
  for (int k = 0; k < 2; k++)
    {
      if (from_cache)
        load_arg (g, R3, slot);
      else
        ctx_arg (g, R3, (int) slot);
      cg_kread (g, R3, k == 0 ? t->task_pid_off : t->task_tgid_off, 4);
      store_arg (g, tid_arg + (unsigned) k, R0);
    }
}

static void
task_ids (struct gen *g, int slot, unsigned tid_arg)
{
  store_task_ids (g, false, (unsigned) slot, tid_arg);
}

/* The task in the args cache's slot TASK_ARG: arg TID_ARG = its thread id,
 * arg TID_ARG + 1 = its pid. */
static void
task_ids_at (struct gen *g, unsigned task_arg, unsigned tid_arg)
{
  store_task_ids (g, true, task_arg, tid_arg);
}

/* exec: the path's user address from execve's rdi or execveat's rsi. */
static void
prologue_exec (struct gen *g)
{
  int at = asm_label (&g->a), got = asm_label (&g->a);
  ctx_arg (g, R1, 1);
  asm_jmp_imm (&g->a, BPF_JEQ, R1, NR_EXECVEAT, at);
  asm_jmp_imm (&g->a, BPF_JNE, R1, NR_EXECVE, g->exit_label);
  ctx_arg (g, R3, 0);
  cg_kread (g, R3, PT_DI, 8);
  asm_ja (&g->a, got);
  asm_bind (&g->a, at);
  ctx_arg (g, R3, 0);
  cg_kread (g, R3, PT_SI, 8);
  asm_bind (&g->a, got);
  store_arg (g, 0, R0);
}

/* exec-failure: sys_exit of execve/execveat returning -errno; arg0 is
 * that return value, -errno, as in Oracle's DTrace for Linux (its tests
 * compare args[0] with -ENOENT). */
static void
prologue_exec_failure (struct gen *g)
{
  int ours = asm_label (&g->a);
  ctx_arg (g, R3, 0);
  cg_kread (g, R3, PT_ORIG_AX, 8);
  asm_jmp_imm (&g->a, BPF_JEQ, R0, NR_EXECVE, ours);
  asm_jmp_imm (&g->a, BPF_JNE, R0, NR_EXECVEAT, g->exit_label);
  asm_bind (&g->a, ours);
  ctx_arg (g, R0, 1);
  asm_jmp_imm (&g->a, BPF_JSGE, R0, 0, g->exit_label);
  store_arg (g, 0, R0);
}

/* start / lwp-start: a new task's first return to user space is the
 * sys_exit of the fork, vfork, clone or clone3 that made it (the parent's
 * registers copied: orig_ax the call), returning 0; a new process's task
 * leads its group (pid == tgid) and fires start; every new task, a new
 * process's first one too, fires lwp-start (DTrace's: "start, followed by
 * lwp-start").  No arguments.  (Kernel threads never return to user
 * space: they fire neither.) */
static void
prologue_start (struct gen *g, bool process)
{
  int ours = asm_label (&g->a);
  ctx_arg (g, R1, 1);
  asm_jmp_imm (&g->a, BPF_JNE, R1, 0, g->exit_label);
  ctx_arg (g, R3, 0);
  cg_kread (g, R3, PT_ORIG_AX, 8);
  asm_jmp_imm (&g->a, BPF_JEQ, R0, NR_CLONE, ours);
  asm_jmp_imm (&g->a, BPF_JEQ, R0, NR_FORK, ours);
  asm_jmp_imm (&g->a, BPF_JEQ, R0, NR_VFORK, ours);
  asm_jmp_imm (&g->a, BPF_JNE, R0, NR_CLONE3, g->exit_label);
  asm_bind (&g->a, ours);
  if (!process)
    return;
  cg_emit (g, CALL (BPF_FUNC_get_current_pid_tgid));
  cg_emit (g, MOV64_REG (R1, R0));
  cg_emit (g, A64_IMM (BPF_RSH, R1, 32));
  cg_emit (g, MOV32_REG (R0, R0));
  asm_jmp_reg (&g->a, BPF_JNE, R0, R1, g->exit_label);
}

/* exit and lwp-exit: the exiting task is current.  Every exiting thread
 * fires lwp-exit, the process's last one too (then exit follows, as in
 * Oracle's DTrace); signal->live has been decremented, 0 for the last
 * thread, which fires exit.  exit's arg0: CLD_EXITED 1, CLD_KILLED 2 or
 * CLD_DUMPED 3 from exit_code (a wait status: signal in the low 7 bits,
 * 0x80 a core). */
static void
prologue_exit (struct gen *g, bool last)
{
  const struct dtarget *t = &g->p->target;
  if (!last)
    return;
  cg_emit (g, CALL (BPF_FUNC_get_current_task));
  cg_emit (g, STX (BPF_DW, R10, R0, SLOT_VALUE));
  cg_kread (g, R0, t->task_signal_off, 8);
  cg_kread (g, R0, t->signal_live_off, 4);
  asm_jmp_imm (&g->a, BPF_JNE, R0, 0, g->exit_label);
  int killed = asm_label (&g->a), done = asm_label (&g->a);
  cg_emit (g, LDX (BPF_DW, R3, R10, SLOT_VALUE));
  cg_kread (g, R3, t->task_exit_code_off, 4);
  cg_emit (g, MOV64_REG (R1, R0));
  cg_emit (g, A64_IMM (BPF_AND, R1, 0x7f));
  cg_emit (g, MOV64_IMM (R2, 1));
  asm_jmp_imm (&g->a, BPF_JEQ, R1, 0, done);
  cg_emit (g, MOV64_IMM (R2, 2));
  cg_emit (g, A64_IMM (BPF_AND, R0, 0x80));
  asm_jmp_imm (&g->a, BPF_JEQ, R0, 0, killed);
  cg_emit (g, MOV64_IMM (R2, 3));
  asm_bind (&g->a, killed);
  asm_bind (&g->a, done);
  store_arg (g, 0, R2);
}

/* exec-success: sched_process_exec(p, old_pid, bprm) in the new program,
 * whose stack the ELF loader has set up: bprm->p is its pointer, at argc,
 * then argv[].  arg0 = argv[0], the user address of the argument strings
 * (argv[0], NUL, argv[1], ... contiguous, as mm->arg_start has them), arg1
 * = argc (sdtkit's: DTrace's probe has no arguments).  Unknown bprm layout,
 * or a read that fails: 0. */
static void
prologue_exec_success (struct gen *g)
{
  const struct dtarget *t = &g->p->target;
  if (!t->binprm_p_off)
    return;
  ctx_arg (g, R3, 2);
  cg_kread (g, R3, t->binprm_argc_off, 4);
  store_arg (g, 1, R0);
  ctx_arg (g, R3, 2);
  cg_kread (g, R3, t->binprm_p_off, 8);
  cg_emit (g, MOV64_REG (R3, R0));
  cg_emit (g, A64_IMM (BPF_ADD, R3, 8));
  cg_uread8 (g);
  store_arg (g, 0, R0);
}

/* create / lwp-create: sched_process_fork(parent, child) in the parent;
 * a new process's child is its group's leader (pid == tgid).  arg0 = the
 * child's pid (create) or thread id (lwp-create, arg1 its pid). */
static void
prologue_fork (struct gen *g, bool process)
{
  task_ids (g, FORK_CHILD, 0);
  load_arg (g, R1, 0);
  asm_jmp_reg (&g->a, process ? BPF_JNE : BPF_JEQ, R0, R1, g->exit_label);
  if (process)
    {
      cg_emit (g, MOV64_IMM (R1, 0));   /* create: arg0 alone */
      store_arg (g, 1, R1);
    }
  ctx_arg (g, R1, FORK_CHILD);          /* arg2: the new task (args[0]->pr_pid) */
  store_arg (g, 2, R1);
}

/* signal-send / signal-discard: signal_generate(sig, info, task, group,
 * result) in the sender; ignored signals are discarded.  arg0 = the
 * target thread's id, arg1 = its pid, arg2 = the signal, arg3 = the
 * target task (args[0]->pr_lwpid, args[1]->pr_pid). */
static void
prologue_signal_generate (struct gen *g, bool discard)
{
  ctx_arg (g, R1, SIGGEN_RESULT);
  asm_jmp_imm (&g->a, discard ? BPF_JNE : BPF_JEQ, R1, TRACE_SIGNAL_IGNORED, g->exit_label);
  task_ids (g, SIGGEN_TASK, 0);
  ctx_arg (g, R1, SIGGEN_SIG);
  store_arg (g, 2, R1);
  ctx_arg (g, R1, SIGGEN_TASK);
  store_arg (g, 3, R1);
}

/* signal-handle: signal_deliver(sig, info, ka) in the receiver: arg0 = the
 * signal, arg1 = the siginfo's kernel address, arg2 = the handler
 * (ka->sa.sa_handler, the first word). */
static void
prologue_signal_handle (struct gen *g)
{
  ctx_arg (g, R1, SIGDELIVER_SIG);
  store_arg (g, 0, R1);
  ctx_arg (g, R1, SIGDELIVER_INFO);
  store_arg (g, 1, R1);
  ctx_arg (g, R3, SIGDELIVER_KA);
  cg_kread (g, R3, 0, 8);
  store_arg (g, 2, R0);
}

/* The sched_switch probes: arg0 = the next thread's id, arg1 = its pid,
 * arg2 = the next task (off-cpu's args[0]->pr_*, args[1]->pr_*).
 * sleep: the leaving thread blocks (not preempted, state not running);
 * preempt: it stays runnable (preempted, or still running). */
static void
prologue_switch (struct gen *g, enum kernel_probe k)
{
  const struct dtarget *t = &g->p->target;
  task_ids (g, SWITCH_NEXT, 0);
  ctx_arg (g, R1, SWITCH_NEXT);
  store_arg (g, 2, R1);
  if (k != KP_SCHED_SLEEP && k != KP_SCHED_PREEMPT)
    return;
  int sleeping = asm_label (&g->a);
  ctx_arg (g, R1, SWITCH_PREEMPT);
  cg_emit (g, A64_IMM (BPF_AND, R1, 0xff));
  if (k == KP_SCHED_SLEEP)
    asm_jmp_imm (&g->a, BPF_JNE, R1, 0, g->exit_label);
  else
    asm_jmp_imm (&g->a, BPF_JNE, R1, 0, sleeping);   /* preempted: fires */
  ctx_arg (g, R3, SWITCH_PREV);
  cg_kread (g, R3, t->task_state_off, (int) t->task_state_size);
  asm_jmp_imm (&g->a, k == KP_SCHED_SLEEP ? BPF_JEQ : BPF_JNE, R0, 0, g->exit_label);
  asm_bind (&g->a, sleeping);
}

/* change-pri: sched_pi_setprio(tsk, pi_task), a priority-inheritance
 * boost (pi_task the waiter lending its priority) or its end (pi_task
 * NULL).  arg0 = tsk's thread id, arg1 = its pid, arg2 = its new
 * priority as the kernel counts it (0..139, lower is more urgent; 100 +
 * 20 + nice for a normal thread): min(tsk->normal_prio, pi_task->prio),
 * or tsk->normal_prio when the boost ends, as the tracepoint's own
 * newprio.  Unknown offsets: arg2 0. */
static void
prologue_change_pri (struct gen *g)
{
  const struct dtarget *t = &g->p->target;
  task_ids (g, 0, 0);
  ctx_arg (g, R1, 0);           /* arg3: tsk (args[0]->pr_*, args[1]->pr_*) */
  store_arg (g, 3, R1);
  if (!t->task_prio_off || !t->task_normal_prio_off)
    return;
  int done = asm_label (&g->a);
  ctx_arg (g, R3, 0);
  cg_kread (g, R3, t->task_normal_prio_off, 4);
  store_arg (g, 2, R0);
  ctx_arg (g, R3, 1);
  asm_jmp_imm (&g->a, BPF_JEQ, R3, 0, done);
  cg_kread (g, R3, t->task_prio_off, 4);
  load_arg (g, R1, 2);
  asm_jmp_reg (&g->a, BPF_JGE, R0, R1, done);
  store_arg (g, 2, R0);
  asm_bind (&g->a, done);
}

/* enqueue / dequeue: a kprobe on a scheduling class's
 * enqueue_task_CLASS(rq, p, flags) (dequeue_task_CLASS), in the thread
 * queueing p (often a waker, or p itself going to sleep).  arg0 = p's
 * thread id, arg1 = its pid, arg2 = its CPU (task_cpu(p), the run
 * queue's: args[2]->cpu_id; 0 when BTF does not say), enqueue's arg3 = flags & ENQUEUE_HEAD (0x10:
 * queued at the head, Oracle's), arg4 = p (args[0]->pr_*, args[1]->pr_*).
 * surrender: a kprobe on do_sched_yield(), in the yielding thread: arg0
 * its thread id, arg1 its pid, arg2 the task. */
static void
prologue_runqueue (struct gen *g, enum kernel_probe k)
{
  const struct dtarget *t = &g->p->target;
  if (k == KP_SCHED_SURRENDER)
    {
      cg_emit (g, CALL (BPF_FUNC_get_current_task));
      store_arg (g, 2, R0);
      task_ids_at (g, 2, 0);
      return;
    }
  cg_emit (g, LDX (BPF_DW, R1, R6, (int16_t) t->kprobe_args[1]));
  store_arg (g, 4, R1);
  task_ids_at (g, 4, 0);
  if (t->task_cpu_off)
    {
      load_arg (g, R3, 4);
      cg_kread (g, R3, t->task_cpu_off, 4);
      store_arg (g, 2, R0);
    }
  if (k != KP_SCHED_ENQUEUE)
    return;
  cg_emit (g, LDX (BPF_DW, R1, R6, (int16_t) t->kprobe_args[2]));
  cg_emit (g, A64_IMM (BPF_AND, R1, 0x10));
  store_arg (g, 3, R1);
}

/* signal-clear: a kretprobe on do_sigtimedwait (sigwait, sigtimedwait),
 * in the waiter: fires when it returns a signal, arg0 = the signal.
 * adaptive-release, spin-release: a kprobe on the unlock function: arg0 =
 * the lock's address. */
static void
prologue_kprobe_simple (struct gen *g, enum kernel_probe k)
{
  const struct dtarget *t = &g->p->target;
  if (k != KP_PROC_SIGNAL_CLEAR)
    {
      cg_emit (g, LDX (BPF_DW, R1, R6, (int16_t) t->kprobe_args[0]));
      store_arg (g, 0, R1);
      return;
    }
  cg_emit (g, LDX (BPF_DW, R1, R6, (int16_t) t->kprobe_ret));
  cg_emit (g, A64_IMM (BPF_LSH, R1, 32));
  cg_emit (g, A64_IMM (BPF_ARSH, R1, 32));
  asm_jmp_imm (&g->a, BPF_JSLE, R1, 0, g->exit_label);
  store_arg (g, 0, R1);
}

bool
cg_kernel_kprobe (enum kernel_probe k)
{
  return k == KP_SCHED_ENQUEUE || k == KP_SCHED_DEQUEUE || k == KP_SCHED_SURRENDER
         || k == KP_PROC_SIGNAL_CLEAR || k == KP_LOCKSTAT_ADAPTIVE_RELEASE || k == KP_LOCKSTAT_SPIN_RELEASE;
}

/* fbt (fentry/fexit): the context is the function's arguments, u64 each,
 * and at fexit its return value after them.  They are copied with one
 * bpf_probe_read_kernel from the context into the args cache: direct loads
 * would be checked against each parameter's BTF type, and before Linux
 * 6.2-or-so a pointer to anything but a struct (char **, int *) is refused
 * there.  Entry: argK = parameter K; return: arg0 = 0, arg1 = the return
 * value; each cut to its C type's width and extended by its sign (a 32-bit
 * int's upper register half is whatever the caller left). */
static void
fbt_narrow (struct gen *g, unsigned k, uint8_t width)
{
  unsigned size = width & 0x7f;
  if (!size || size >= 8)
    return;
  load_arg (g, R1, k);
  cg_emit (g, A64_IMM (BPF_LSH, R1, (int32_t) (64 - 8 * size)));
  cg_emit (g, A64_IMM ((width & 0x80) ? BPF_ARSH : BPF_RSH, R1, (int32_t) (64 - 8 * size)));
  store_arg (g, k, R1);
}

/* fbt on kprobes (dtarget.fbt_kprobe): the context is struct pt_regs;
 * the arguments are in the calling convention's registers at entry, the
 * return value in its return register at a kretprobe. */
static void
prologue_fbt_kprobe (struct gen *g, bool ret, unsigned n)
{
  const struct dtarget *t = &g->p->target;
  if (ret)
    {
      cg_emit (g, LDX (BPF_DW, R1, R6, (int16_t) t->kprobe_ret));
      store_arg (g, 1, R1);
      fbt_narrow (g, 1, g->cg->fbt_widths[6]);
      return;
    }
  for (unsigned k = 0; k < n; k++)
    {
      cg_emit (g, LDX (BPF_DW, R1, R6, (int16_t) t->kprobe_args[k]));
      store_arg (g, k, R1);
      fbt_narrow (g, k, g->cg->fbt_widths[k]);
    }
}

static void
prologue_fbt (struct gen *g, bool ret)
{
  unsigned n = g->cg->fbt_nargs > 6 ? 6 : g->cg->fbt_nargs;
  unsigned slots = n + (ret ? 1 : 0);
  if (g->p->target.fbt_kprobe)
    {
      prologue_fbt_kprobe (g, ret, n);
      return;
    }
  if (slots == 0)
    return;
  cg_emit (g, MOV64_REG (R1, R7));
  cg_emit (g, A64_IMM (BPF_ADD, R1, (int32_t) g->cg->scratch.args_off));
  cg_emit (g, MOV64_IMM (R2, (int32_t) (8 * slots)));
  cg_emit (g, MOV64_REG (R3, R6));
  cg_emit (g, CALL (BPF_FUNC_probe_read_kernel));
  if (!ret)
    {
      for (unsigned k = 0; k < n; k++)
        fbt_narrow (g, k, g->cg->fbt_widths[k]);
      return;
    }
  fbt_narrow (g, n, g->cg->fbt_widths[6]);
  load_arg (g, R2, n);
  cg_emit (g, MOV64_IMM (R1, 0));
  for (unsigned k = 0; k <= n; k++)
    store_arg (g, k, R1);
  store_arg (g, 1, R2);
}

/* sdt (a tracepoint program): the context is the event's record, each
 * field read at its offset.  An integer field is loaded (the verifier
 * allows aligned loads of the record beyond its 8-byte header) and
 * extended by its sign; an unaligned one is copied.  An array's argK is
 * its kernel address, a __data_loc field's the address its low 16 bits
 * give (from the record's start, or __rel_loc's from the field's end):
 * the record's address is stored into the args cache and reloaded as a
 * number (the verifier lets root store pointers into map values). */
static void
sdt_int (struct gen *g, unsigned k, const struct sdt_field *f)
{
  if (f->off % f->size == 0)
    cg_emit (g, LDX (f->size == 1 ? BPF_B : f->size == 2 ? BPF_H : f->size == 4 ? BPF_W : BPF_DW, R1, R6,
                     (int16_t) f->off));
  else
    {
      cg_emit (g, ST_IMM (BPF_DW, R10, SLOT_TMP, 0));
      cg_emit (g, MOV64_REG (R1, R10));
      cg_emit (g, A64_IMM (BPF_ADD, R1, SLOT_TMP));
      cg_emit (g, MOV64_IMM (R2, f->size));
      cg_emit (g, MOV64_REG (R3, R6));
      cg_emit (g, A64_IMM (BPF_ADD, R3, f->off));
      cg_emit (g, CALL (BPF_FUNC_probe_read_kernel));
      cg_emit (g, LDX (BPF_DW, R1, R10, SLOT_TMP));
    }
  if (f->size < 8)
    {
      cg_emit (g, A64_IMM (BPF_LSH, R1, 64 - 8 * f->size));
      cg_emit (g, A64_IMM (f->is_signed ? BPF_ARSH : BPF_RSH, R1, 64 - 8 * f->size));
    }
  store_arg (g, k, R1);
}

static void
prologue_sdt (struct gen *g)
{
  const struct sdt_layout *l = g->cg->sdt;
  for (unsigned k = 0; l && k < l->nargs; k++)
    {
      const struct sdt_field *f = &l->f[k];
      if (f->kind == SDT_F_INT)
        {
          sdt_int (g, k, f);
          continue;
        }
      bool loc = f->kind == SDT_F_LOC_CHARS || f->kind == SDT_F_LOC_ADDR;
      if (loc && (f->off % 4 != 0 || f->size != 4))
        continue;                       /* not a __data_loc as the kernel lays them out: 0 */
      store_arg (g, k, R6);
      load_arg (g, R1, k);
      if (loc)
        {
          cg_emit (g, LDX (BPF_W, R2, R6, (int16_t) f->off));
          cg_emit (g, A64_IMM (BPF_AND, R2, 0xffff));
          if (f->rel)
            cg_emit (g, A64_IMM (BPF_ADD, R2, f->off + 4));
          cg_emit (g, A64_REG (BPF_ADD, R1, R2));
        }
      else
        cg_emit (g, A64_IMM (BPF_ADD, R1, f->off));
      store_arg (g, k, R1);
    }
}

/* The field NAME of the probe's tracepoint, or NULL. */
static const struct sdt_field *
sdt_field (struct gen *g, const char *name)
{
  const struct sdt_layout *l = g->cg->sdt;
  for (unsigned k = 0; l && k < l->nargs; k++)
    if (strcmp (l->f[k].name, name) == 0)
      return &l->f[k];
  return NULL;
}

/* io:::start (block_bio_queue, in the process that submits the I/O, as
 * Oracle's) and io:::done (block_rq_complete, wherever the device's
 * completion runs): the bufinfo_t and devinfo_t members as integers (no
 * translators yet): arg0 b_bcount (nr_sector * 512), arg1 b_blkno (the
 * sector), arg2 b_flags (B_READ 0x40 or B_WRITE 0x100 from the rwbs
 * letters, done: B_ERROR 0x4 with an error), arg3 b_edev (the kernel's
 * dev_t, major << 20 | minor), arg4 dev_major, arg5 dev_minor, arg6 the
 * error (done; 0 at start). */
static void
prologue_io (struct gen *g, bool done)
{
  const struct sdt_field *dev = sdt_field (g, "dev"), *sector = sdt_field (g, "sector"),
                         *nr = sdt_field (g, "nr_sector"), *rwbs = sdt_field (g, "rwbs"),
                         *err = sdt_field (g, "error");
  if (!dev || !sector || !rwbs || !nr || dev->size != 4 || sector->size != 8 || nr->kind != SDT_F_INT)
    {
      cg_error (g, NULL, "this probe is not available: the kernel's block tracepoint has no dev, sector, "
                "nr_sector or rwbs field of the usual size");
      return;
    }
  sdt_int (g, 0, nr);
  load_arg (g, R1, 0);
  cg_emit (g, A64_IMM (BPF_LSH, R1, 9));
  store_arg (g, 0, R1);
  sdt_int (g, 1, sector);
  sdt_int (g, 3, dev);
  load_arg (g, R1, 3);
  cg_emit (g, A64_IMM (BPF_RSH, R1, 20));
  store_arg (g, 4, R1);
  load_arg (g, R1, 3);
  cg_emit (g, A64_IMM (BPF_AND, R1, 0xfffff));
  store_arg (g, 5, R1);
  /* b_flags from the first four rwbs letters */
  cg_emit (g, MOV64_IMM (R2, 0));
  for (unsigned i = 0; i < 4 && i < rwbs->size; i++)
    {
      int not_r = asm_label (&g->a), next = asm_label (&g->a);
      cg_emit (g, LDX (BPF_B, R1, R6, (int16_t) (rwbs->off + i)));
      asm_jmp_imm (&g->a, BPF_JNE, R1, 'R', not_r);
      cg_emit (g, A64_IMM (BPF_OR, R2, 0x40));
      asm_bind (&g->a, not_r);
      asm_jmp_imm (&g->a, BPF_JNE, R1, 'W', next);
      cg_emit (g, A64_IMM (BPF_OR, R2, 0x100));
      asm_bind (&g->a, next);
    }
  store_arg (g, 2, R2);
  if (done && err && (err->size == 4 || err->size == 2) && err->kind == SDT_F_INT)
    {
      int ok = asm_label (&g->a);
      sdt_int (g, 6, err);
      load_arg (g, R1, 6);
      asm_jmp_imm (&g->a, BPF_JEQ, R1, 0, ok);
      load_arg (g, R2, 2);
      cg_emit (g, A64_IMM (BPF_OR, R2, 0x4));
      store_arg (g, 2, R2);
      asm_bind (&g->a, ok);
    }
}

/* lockstat (lock:contention_begin and contention_end, one program on
 * both, told apart by the int at offset 16: begin's flags, end's ret): at begin, the thread's
 * start time and the lock's flags go into MAP_LOCK_WAITS; at end, the
 * probe fires when the wait's flags are its class: arg0 the lock's
 * address, arg1 the wait in nanoseconds.  The kernel's flags
 * (include/trace/events/lock.h): SPIN 1, READ 2, WRITE 4, MUTEX 32.
 *   adaptive-block  MUTEX, not SPIN (a mutex's sleep)
 *   adaptive-spin   MUTEX and SPIN (its optimistic spin)
 *   spin-spin       SPIN alone (a spin lock)
 *   rw-spin         SPIN with READ or WRITE, not MUTEX (an rwlock)
 *   rw-block        READ or WRITE, neither SPIN nor MUTEX (an rw_semaphore) */
enum { LCB_SPIN = 1, LCB_READ = 2, LCB_WRITE = 4, LCB_MUTEX = 32, SLOT_LKEY = SLOT_SMALLKEY,
       SLOT_LVAL = SLOT_SMALLKEY + 8 };

static void
lockstat_class (struct gen *g, enum kernel_probe k, int reg)
{
  int out = g->exit_label;
  cg_emit (g, MOV64_REG (R2, reg));
  cg_emit (g, A64_IMM (BPF_AND, R2, LCB_SPIN | LCB_READ | LCB_WRITE | LCB_MUTEX));
  switch (k)
    {
    case KP_LOCKSTAT_ADAPTIVE_BLOCK: asm_jmp_imm (&g->a, BPF_JNE, R2, LCB_MUTEX, out); break;
    case KP_LOCKSTAT_ADAPTIVE_SPIN: asm_jmp_imm (&g->a, BPF_JNE, R2, LCB_MUTEX | LCB_SPIN, out); break;
    case KP_LOCKSTAT_SPIN_SPIN: asm_jmp_imm (&g->a, BPF_JNE, R2, LCB_SPIN, out); break;
    case KP_LOCKSTAT_RW_SPIN:
      cg_emit (g, MOV64_REG (R3, R2));
      cg_emit (g, A64_IMM (BPF_AND, R3, LCB_SPIN | LCB_MUTEX));
      asm_jmp_imm (&g->a, BPF_JNE, R3, LCB_SPIN, out);
      cg_emit (g, A64_IMM (BPF_AND, R2, LCB_READ | LCB_WRITE));
      asm_jmp_imm (&g->a, BPF_JEQ, R2, 0, out);
      break;
    default:   /* rw-block */
      cg_emit (g, MOV64_REG (R3, R2));
      cg_emit (g, A64_IMM (BPF_AND, R3, LCB_SPIN | LCB_MUTEX));
      asm_jmp_imm (&g->a, BPF_JNE, R3, 0, out);
      cg_emit (g, A64_IMM (BPF_AND, R2, LCB_READ | LCB_WRITE));
      asm_jmp_imm (&g->a, BPF_JEQ, R2, 0, out);
      break;
    }
}

/* r2 = &key (the thread id, staged at SLOT_LKEY), r1 = the map. */
static void
lockstat_key (struct gen *g)
{
  cg_emit (g, CALL (BPF_FUNC_get_current_pid_tgid));
  cg_emit (g, STX (BPF_W, R10, R0, SLOT_LKEY));
  asm_ld_map (&g->a, R1, MAP_LOCK_WAITS);
  cg_emit (g, MOV64_REG (R2, R10));
  cg_emit (g, A64_IMM (BPF_ADD, R2, SLOT_LKEY));
}

static void
prologue_lockstat (struct gen *g, enum kernel_probe k)
{
  const struct sdt_field *addr = sdt_field (g, "lock_addr");
  if (!addr || addr->kind != SDT_F_INT || addr->size != 8)
    {
      cg_error (g, NULL, "this probe is not available: lock:contention_end has no lock_addr field");
      return;
    }
  int end = asm_label (&g->a);
  /* begin's flags are never 0 (each lock kind sets one), end's ret is 0
   * or an errno, both an int at offset 16: positive is a begin (the
   * record's own common_type is not readable: the kernel keeps the
   * registers' pointer in its first 8 bytes for the program) */
  cg_emit (g, LDX (BPF_W, R1, R6, 16));
  cg_emit (g, A64_IMM (BPF_LSH, R1, 32));
  cg_emit (g, A64_IMM (BPF_ARSH, R1, 32));
  asm_jmp_imm (&g->a, BPF_JSLE, R1, 0, end);
  /* contention_begin(lock_addr, flags): flags at the same offset as end's ret */
  cg_emit (g, LDX (BPF_W, R1, R6, 16));
  cg_emit (g, STX (BPF_DW, R10, R1, SLOT_LVAL + 8));
  cg_emit (g, CALL (BPF_FUNC_ktime_get_ns));
  cg_emit (g, STX (BPF_DW, R10, R0, SLOT_LVAL));
  lockstat_key (g);
  cg_emit (g, MOV64_REG (R3, R10));
  cg_emit (g, A64_IMM (BPF_ADD, R3, SLOT_LVAL));
  cg_emit (g, MOV64_IMM (R4, 0));
  cg_emit (g, CALL (BPF_FUNC_map_update_elem));
  asm_ja (&g->a, g->exit_label);
  asm_bind (&g->a, end);
  lockstat_key (g);
  cg_emit (g, CALL (BPF_FUNC_map_lookup_elem));
  asm_jmp_imm (&g->a, BPF_JEQ, R0, 0, g->exit_label);
  cg_emit (g, LDX (BPF_DW, R1, R0, 0));
  cg_emit (g, STX (BPF_DW, R10, R1, SLOT_LVAL));
  cg_emit (g, LDX (BPF_DW, R1, R0, 8));
  cg_emit (g, STX (BPF_DW, R10, R1, SLOT_LVAL + 8));
  asm_ld_map (&g->a, R1, MAP_LOCK_WAITS);
  cg_emit (g, MOV64_REG (R2, R10));
  cg_emit (g, A64_IMM (BPF_ADD, R2, SLOT_LKEY));
  cg_emit (g, CALL (BPF_FUNC_map_delete_elem));
  cg_emit (g, LDX (BPF_DW, R1, R10, SLOT_LVAL + 8));
  lockstat_class (g, k, R1);
  cg_emit (g, LDX (BPF_DW, R1, R6, (int16_t) addr->off));
  store_arg (g, 0, R1);
  cg_emit (g, CALL (BPF_FUNC_ktime_get_ns));
  cg_emit (g, LDX (BPF_DW, R1, R10, SLOT_LVAL));
  cg_emit (g, A64_REG (BPF_SUB, R0, R1));
  store_arg (g, 1, R0);
}

/* The fields K reads, known (else an error naming the probe). */
static bool
offsets_known (struct gen *g, enum kernel_probe k)
{
  const struct dtarget *t = &g->p->target;
  bool need = k != KP_PROC_EXEC && k != KP_PROC_EXEC_FAILURE && k != KP_PROC_EXEC_SUCCESS
              && k != KP_PROC_SIGNAL_HANDLE && k != KP_PROC_START && k != KP_PROC_LWP_START && k != KP_FBT_ENTRY && k != KP_FBT_RETURN
              && k != KP_SDT && k != KP_IO_START && k != KP_IO_DONE && !g->cg->begin_type
              && k != KP_SCHED_TICK;
  if (!need || (t->task_pid_off && t->task_tgid_off && t->task_signal_off && t->signal_live_off))
    return true;
  cg_error (g, NULL, "this probe is not available: the kernel's BTF (/sys/kernel/btf/vmlinux) does "
            "not describe struct task_struct's pid, tgid, signal and state");
  return false;
}

/* dtrace's own events are not traced (each record it consumes would make
 * more): on-cpu's are the arriving task's, the others current's.  Not
 * io:::done's: it runs where the device's completion interrupt lands,
 * whatever thread that interrupted (dtrace's too), and is no event of
 * that thread.  Nor the sched probes': dtrace's switches come at most
 * once a switchrate (records do not wake it: codegen-actions.c
 * ringbuf_wakeup_flags), so they cannot feed back, and DTrace shows them
 * (`sched:::on-cpu /pid == $pid/`). */
static void
skip_dtrace (struct gen *g, enum kernel_probe k)
{
  if (k == KP_IO_DONE || k == KP_SCHED_ON_CPU || k == KP_SCHED_OFF_CPU || k == KP_SCHED_SLEEP
      || k == KP_SCHED_PREEMPT || k == KP_SCHED_WAKEUP || k == KP_SCHED_TICK)
    return;
  if (k == KP_SCHED_ON_CPU)
    load_arg (g, R0, 1);
  else
    {
      cg_emit (g, CALL (BPF_FUNC_get_current_pid_tgid));
      cg_emit (g, A64_IMM (BPF_RSH, R0, 32));
    }
  asm_jmp_imm (&g->a, BPF_JEQ, R0, g->p->target.pid, g->exit_label);
}

void
cg_kernel_prologue (struct gen *g)
{
  enum kernel_probe k = g->cg->kern;
  if (!offsets_known (g, k))
    return;
  cg_emit (g, MOV64_IMM (R1, 0));
  for (unsigned i = 0; i < 12; i++)
    store_arg (g, i, R1);
  switch (k)
    {
    case KP_PROC_EXEC: prologue_exec (g); break;
    case KP_PROC_EXEC_FAILURE: prologue_exec_failure (g); break;
    case KP_PROC_EXIT: prologue_exit (g, true); break;
    case KP_PROC_LWP_EXIT: prologue_exit (g, false); break;
    case KP_PROC_CREATE: prologue_fork (g, true); break;
    case KP_PROC_LWP_CREATE: prologue_fork (g, false); break;
    case KP_PROC_SIGNAL_SEND: prologue_signal_generate (g, false); break;
    case KP_PROC_SIGNAL_DISCARD: prologue_signal_generate (g, true); break;
    case KP_PROC_SIGNAL_HANDLE: prologue_signal_handle (g); break;
    case KP_SCHED_OFF_CPU: case KP_SCHED_ON_CPU: case KP_SCHED_SLEEP: case KP_SCHED_PREEMPT:
      prologue_switch (g, k);
      break;
    case KP_SCHED_WAKEUP:       /* arg2: the woken task (args[N]->pr_*) */
      task_ids (g, 0, 0);
      ctx_arg (g, R1, 0);
      store_arg (g, 2, R1);
      break;
    case KP_SCHED_CHANGE_PRI: prologue_change_pri (g); break;
    case KP_SCHED_ENQUEUE: case KP_SCHED_DEQUEUE: case KP_SCHED_SURRENDER: prologue_runqueue (g, k); break;
    case KP_PROC_SIGNAL_CLEAR: case KP_LOCKSTAT_ADAPTIVE_RELEASE: case KP_LOCKSTAT_SPIN_RELEASE:
      prologue_kprobe_simple (g, k);
      break;
    case KP_SCHED_TICK:
      /* a CPU-clock sample: the thread it interrupted is current */
      cg_emit (g, CALL (BPF_FUNC_get_current_pid_tgid));
      cg_emit (g, MOV64_REG (R1, R0));
      cg_emit (g, MOV32_REG (R1, R1));
      store_arg (g, 0, R1);
      cg_emit (g, A64_IMM (BPF_RSH, R0, 32));
      store_arg (g, 1, R0);
      cg_emit (g, CALL (BPF_FUNC_get_current_task));   /* arg2: args[N]->pr_* */
      store_arg (g, 2, R0);
      break;
    case KP_PROC_EXEC_SUCCESS: prologue_exec_success (g); break;
    case KP_PROC_START: prologue_start (g, true); break;
    case KP_PROC_LWP_START: prologue_start (g, false); break;
    case KP_FBT_ENTRY: case KP_FBT_RETURN: prologue_fbt (g, k == KP_FBT_RETURN); break;
    case KP_SDT: prologue_sdt (g); break;
    case KP_IO_START: case KP_IO_DONE: prologue_io (g, k == KP_IO_DONE); break;
    case KP_LOCKSTAT_ADAPTIVE_BLOCK: case KP_LOCKSTAT_ADAPTIVE_SPIN: case KP_LOCKSTAT_SPIN_SPIN:
    case KP_LOCKSTAT_RW_BLOCK: case KP_LOCKSTAT_RW_SPIN:
      prologue_lockstat (g, k);
      break;
    default: break;
    }
  skip_dtrace (g, k);
  if ((k == KP_PROC_EXEC || k == KP_PROC_EXEC_FAILURE) && g->cg->held_pid > 0)
    {
      cg_emit (g, CALL (BPF_FUNC_get_current_pid_tgid));
      cg_emit (g, A64_IMM (BPF_RSH, R0, 32));
      cg_skip_held_child (g);
    }
}

/* r0 = a string temporary holding the comm of the task at r3 + OFF (the
 * task, or with LEADER its group leader). */
static void
task_comm (struct gen *g, bool leader)
{
  const struct dtarget *t = &g->p->target;
  cg_emit (g, STX (BPF_DW, R10, R3, SLOT_CTX));
  cg_str_temp (g);
  cg_emit (g, STX (BPF_DW, R10, R0, SLOT_VALUE));
  cg_emit (g, LDX (BPF_DW, R3, R10, SLOT_CTX));
  if (leader)
    {
      cg_kread (g, R3, t->task_group_leader_off, 8);
      cg_emit (g, MOV64_REG (R3, R0));
    }
  cg_emit (g, A64_IMM (BPF_ADD, R3, (int32_t) t->task_comm_off));
  cg_emit (g, LDX (BPF_DW, R1, R10, SLOT_VALUE));
  cg_emit (g, MOV64_IMM (R2, 16));
  cg_emit (g, CALL (BPF_FUNC_probe_read_kernel_str));
  cg_emit (g, LDX (BPF_DW, R0, R10, SLOT_VALUE));
}

void
cg_thread_key (struct gen *g)
{
  if (g->kind == PK_KERNEL && g->cg->kern == KP_SCHED_ON_CPU)
    {
      load_arg (g, R0, 0);        /* the arriving thread's id (task_ids) */
      return;
    }
  cg_emit (g, CALL (BPF_FUNC_get_current_pid_tgid));
  cg_emit (g, MOV32_REG (R0, R0));
}

/* on-cpu: the arriving task's identity. */
static bool
on_cpu_builtin (struct gen *g, enum builtin b)
{
  const struct dtarget *t = &g->p->target;
  switch (b)
    {
    case BI_PID: load_arg (g, R0, 1); return true;
    case BI_CURTHREAD: ctx_arg (g, R0, SWITCH_NEXT); return true;
    case BI_TID: load_arg (g, R0, 0); return true;
    case BI_PPID:
      if (!t->task_real_parent_off)
        return false;
      ctx_arg (g, R3, SWITCH_NEXT);
      cg_kread (g, R3, t->task_real_parent_off, 8);
      cg_kread (g, R0, t->task_tgid_off, 4);
      return true;
    case BI_EXECNAME:
    case BI_THREADNAME:
      if (!t->task_comm_off || !t->task_group_leader_off)
        return false;
      ctx_arg (g, R3, SWITCH_NEXT);
      task_comm (g, b == BI_EXECNAME);
      return true;
    default:
      return false;
    }
}

/* sdt args[K] of a char array or __data_loc char[] field: the string at
 * argK (a kernel address), at most the array's length. */
static bool
sdt_string_arg (struct gen *g, unsigned k)
{
  const struct sdt_layout *l = g->cg->sdt;
  if (!l || k >= l->nargs)
    return false;
  const struct sdt_field *f = &l->f[k];
  unsigned max = g->p->strsize;
  if (f->kind == SDT_F_CHARS && f->size < max)
    max = f->size;
  cg_str_temp (g);
  cg_emit (g, STX (BPF_DW, R10, R0, SLOT_VALUE));
  cg_emit (g, MOV64_REG (R1, R0));
  cg_emit (g, MOV64_IMM (R2, (int32_t) max));
  load_arg (g, R3, k);
  cg_emit (g, CALL (BPF_FUNC_probe_read_kernel_str));
  cg_emit (g, LDX (BPF_DW, R0, R10, SLOT_VALUE));
  return true;
}

bool
cg_kernel_builtin (struct gen *g, struct d_node *n, enum builtin b)
{
  if (g->cg->kern == KP_SCHED_ON_CPU)
    return on_cpu_builtin (g, b);
  if (g->cg->kern == KP_SDT && b >= BI_ARG0 && b < BI_ARG0 + 12 && ninfo (n)->type.kind == DT_STRING)
    return sdt_string_arg (g, (unsigned) (b - BI_ARG0));
  if (g->cg->kern == KP_PROC_EXEC && b == BI_ARG0 && ninfo (n)->type.kind == DT_STRING)
    {
      /* args[0]: the path, from the caller's memory (arg0 its address) */
      cg_str_temp (g);
      cg_emit (g, STX (BPF_DW, R10, R0, SLOT_VALUE));
      cg_emit (g, MOV64_REG (R1, R0));
      cg_emit (g, MOV64_IMM (R2, (int32_t) g->p->strsize));
      load_arg (g, R3, 0);
      cg_emit (g, CALL (BPF_FUNC_probe_read_user_str));
      cg_emit (g, LDX (BPF_DW, R0, R10, SLOT_VALUE));
      return true;
    }
  return false;
}
