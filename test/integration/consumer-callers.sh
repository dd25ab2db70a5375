#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-callers.sh — the built-in variables read off the stacks and the
# CPU (issue 29): stackdepth is the number of frames stack() prints, caller
# the second of them (kernel probes: syscall, proc, sched), 0 and 0 where
# there is no kernel stack (a USDT probe); ucaller and ustackdepth of a
# program built with frame pointers (ucaller: the function ustack() shows
# second); chip and lgrp as sysfs says for the CPU, pset 0.  Every probe is
# scoped to the test's own process ($target).  Exact output.
. "$SRCDIR/test/lib.sh"
cat >clr.d <<'D'
provider clr { probe hit(); };
D
cat >callers.c <<'C'
#include <unistd.h>
#include "clr.h"
__attribute__ ((noinline)) static void g (void) { CLR_HIT (); if (write (-1, "", 0) == 0) _exit (3); }
__attribute__ ((noinline)) static void f (void) { g (); __asm__ volatile ("" ::: "memory"); }
int main (void) { f (); return 0; }
C
"$DTRACE" -h -s clr.d -o clr.h || fail "dtrace -h clr.d"
gcc -O1 -fno-omit-frame-pointer -I. -c callers.c -o callers.o || fail "build callers.o"
"$DTRACE" -G -s clr.d -o clr-sem.o callers.o || fail "dtrace -G clr.d"
gcc callers.o clr-sem.o -o callers || fail "link callers"

# depth_check NAME FILE: FILE holds "DEPTH n", stack(100), "CALLER pc",
# stack(2) of one firing: n frames, and the caller the second of each stack
depth_check () {
  local depth frames second caller
  depth=$(sed -n 's/^DEPTH //p' "$2")
  frames=$(sed -n '/^DEPTH/,/^CALLER/p' "$2" | grep -cE '^ {14}[^ ]')
  caller=$(sed -n 's/^CALLER //p' "$2")
  second=$(sed -n '/^CALLER/,$p' "$2" | grep -E '^ {14}[^ ]' | sed -n '2s/^ *//p')
  check_match "$1: stackdepth is a depth (more than 2)" "$depth" '^([3-9]|[1-9][0-9]+)$'
  check_eq "$1: stackdepth is the number of frames stack(100) prints" "$frames" "$depth"
  check_match "$1: caller is a kernel pc" "$caller" '^vmlinux`[A-Za-z_0-9.]+\+0x[0-9a-f]+$'
  check_eq "$1: caller is the second frame of stack(2)" "$caller" "$second"
}
body='{ printf("DEPTH %d\n", stackdepth); stack(100); printf("CALLER %a\n", caller); stack(2); }'

"$DTRACE" -q -c ./callers -n "syscall::write:entry /pid == \$target && (int) arg0 == -1/ $body" >sys.out 2>&1
depth_check "syscall::write:entry" sys.out

"$DTRACE" -q -c ./callers -n "proc:::exec-success /pid == \$target/ $body" >exec.out 2>&1
depth_check "proc:::exec-success" exec.out

"$DTRACE" -q -c ./callers -n 'sched:::on-cpu /pid == $target/ { @[stackdepth > 0, caller != 0] = count(); }
END { printa("on-cpu %d %d\n", @); }' >oncpu.out 2>&1
check_eq "sched:::on-cpu: a stack and a caller" "$(sed -n 1p oncpu.out)" "on-cpu 1 1"

# a USDT probe fires in user mode: no kernel stack; the user stack by
# frame pointers: g's caller f, as ustack() shows
"$DTRACE" -q -c ./callers -n 'clr$target:::hit { printf("%d %d %d\n", caller, stackdepth, ustackdepth > 1);
  trace(ufunc(ucaller)); printf("|\n"); ustack(2); }' >usdt.out 2>&1
check_eq "USDT: caller and stackdepth 0, ustackdepth 2 or more" "$(sed -n 1p usdt.out)" "0 0 1"
check_eq "USDT: ufunc(ucaller) is f" "$(sed -n '2s/ *|$//p' usdt.out | sed 's/^ *//')" "callers\`f"
check_match "USDT: ustack(2)'s second frame is in f" "$(sed -n '5p' usdt.out)" '^ {14}callers`f\+0x[0-9a-f]+$'

# chip, lgrp, pset and curcpu
"$DTRACE" -q -n 'BEGIN { this->c = curcpu; printf("%d %d %d %d\n", cpu, chip, lgrp, pset);
  printf("%d %d %d %d %d\n", this->c->cpu_id == cpu, this->c->cpu_chip == chip,
         curcpu->cpu_lgrp == lgrp, this->c->cpu_pset, (int64_t) curcpu != 0); exit(0); }' >cpu.out 2>&1
read -r c chip lgrp pset <cpu.out
want_chip=$(cat "/sys/devices/system/cpu/cpu$c/topology/physical_package_id" 2>/dev/null || echo 0)
want_node=$(basename "$(ls -d "/sys/devices/system/cpu/cpu$c"/node[0-9]* 2>/dev/null | head -1)" | sed 's/^node//')
check_eq "chip, lgrp, pset: the CPU's package, its NUMA node, 0" "$chip $lgrp $pset" "$want_chip ${want_node:-0} 0"
check_eq "curcpu: cpu_id, cpu_chip, cpu_lgrp, cpu_pset, a pointer" "$(sed -n 2p cpu.out)" "1 1 1 0 1"
done_testing
