/* SPDX-License-Identifier: MIT */
/*
 * exec-chain.h — a -c command that is not an ELF program (a #! script, a
 * launcher such as pyenv's shims) followed through its execs to the
 * program it ends up running, whose probes are those of $target.
 *
 * The held command is released with a raw tracepoint on sched_process_exec
 * armed for its pid only: at each exec of the command its BPF program
 * sends it SIGSTOP, delivered before the new image's first instruction.
 * At each stop dtrace reads the name the exec was given (AT_EXECFN in the
 * process's auxiliary vector: the script's name for a script, which the
 * kernel runs through its interpreter) and looks at that file: an ELF
 * program ends the chain, with the command stopped at its exec; anything
 * else (a script) is continued to its next exec.  Bounded: at most
 * EXEC_CHAIN_MAX execs, each awaited at most EXEC_CHAIN_WAIT_MS; a command
 * that execs no ELF program within them is left running, evaluated as it
 * is (its USDT descriptions match what its interpreter maps: usually
 * nothing, and the usual error or -Z rules apply).
 */
#ifndef SDTKIT_CONSUMER_RUNTIME_EXEC_CHAIN_H
#define SDTKIT_CONSUMER_RUNTIME_EXEC_CHAIN_H

#include "consumer/runtime/process.h"

#define EXEC_CHAIN_MAX 16
#define EXEC_CHAIN_WAIT_MS 2000

/* Release the held -c child P and follow its execs.  Returns 0 with P
 * stopped at the exec of an ELF program (P->stopped, P->exec_path that
 * program), 0 with P->exited when it exited first, 1 when it is left
 * running (no ELF program within the bounds), -1 after an error. */
int exec_chain_follow (struct dt_proc *p);

#endif
