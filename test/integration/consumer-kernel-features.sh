#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-kernel-features.sh — the kernel-feature layer
# (consumer/probes/kernel-features.c): doc/kernels.md's table is the one the
# program prints; on this kernel every facility its version promises is
# found; a D feature the kernel lacks is refused in one line naming the
# first Linux version that has it; and the fallbacks (forced here with
# SDTKIT_KERNEL_FEATURES_OFF, taken for real on the older kernels of
# consumer-kernels.sh) give the same output as the fast paths.
. "$SRCDIR/test/lib.sh"
data=$SRCDIR/test/integration/data
kernel=$(uname -r)
kmaj=${kernel%%.*}; kmin=${kernel#*.}; kmin=${kmin%%[!0-9]*}

# --- the documented table is the program's
want=$("$DTRACE" --kernel-features=markdown)
got=$(sed -n '/^<!-- kernel-features table: begin/,/^<!-- kernel-features table: end/p' "$SRCDIR/doc/kernels.md" | grep '^|')
check_eq "doc/kernels.md's table is dtrace --kernel-features=markdown" "$got" "$want"

# --- this kernel's answers follow its version
"$DTRACE" --kernel-features >feat.out 2>&1
check_eq "--kernel-features names the kernel" "$(head -1 feat.out)" "Linux $kernel:"
while read -r yes name ver rest; do
  # fentry and kprobe_pmu depend on the kernel's configuration as much as
  # its version (BPF trampolines need ftrace, some kernels deny them;
  # CONFIG_KPROBES): not checked here, consumer-fbt.sh tests the answers
  { [ "$name" = fentry ] || [ "$name" = kprobe_pmu ]; } && continue
  vmaj=${ver%%.*}; vmin=${ver#*.}
  if [ "$kmaj" -gt "$vmaj" ] || { [ "$kmaj" -eq "$vmaj" ] && [ "$kmin" -ge "$vmin" ]; }; then
    check_eq "Linux $kmaj.$kmin has $name (Linux $ver)" "$yes" yes
  else
    check_eq "Linux $kmaj.$kmin lacks $name (Linux $ver)" "$yes" no
  fi
done < <(tail -n +2 feat.out)

# --- a program that needs long jumps: refused in one line without gotol
awk 'BEGIN { for (i = 0; i < 1000; i++) printf "BEGIN { printf(\"%%d \", %d); }\n", i; print "BEGIN { exit(0); }" }' >c1000.d
off=
grep -q '^  yes gotol ' feat.out && off=gotol
SDTKIT_KERNEL_FEATURES_OFF=$off "$DTRACE" -q -s c1000.d >gotol.out 2>gotol.err; rc=$?
check_eq "1000 clauses on one probe without long jumps: exit 1" "$rc" 1
check_eq "... one line naming the feature and Linux 6.4" "$(cat gotol.err)" \
  "dtrace: the clauses of dtrace_BEGIN make a program whose jumps span more than 32767 instructions, which needs Linux 6.4 or later (long jumps, gotol): spread them over several probes"
check_eq "... and no output" "$(cat gotol.out)" ""

# --- keys over 512 bytes: refused in one line where hash maps cannot hold them
off=
grep -q '^  yes big_map_keys ' feat.out && off=big_map_keys
SDTKIT_KERNEL_FEATURES_OFF=$off "$DTRACE" -q -n 'BEGIN { @big[probefunc, probename] = count(); exit(0); }' >keys.out 2>keys.err; rc=$?
check_eq "an aggregation with 528-byte keys without big_map_keys: exit 1, one line naming Linux 5.11" "$rc:$(cat keys.err)" \
  "1:dtrace: @big, whose keys take 528 bytes (a smaller -x strsize makes string keys shorter), needs Linux 5.11 or later (hash map keys over 512 bytes); this kernel is $kernel"
out=$(SDTKIT_KERNEL_FEATURES_OFF=$off "$DTRACE" -q -x strsize=128 -n 'BEGIN { @big[probefunc, probename] = count(); exit(0); }' 2>&1)
check_match "... and with -x strsize=128 it runs" "$out" '^  +BEGIN +1$'

# --- the fallbacks, forced, against the fast paths
"$DTRACE" -h -s "$data/target.d" -o target.h || fail "dtrace -h target.d"
"$DTRACE" -G -s "$data/target.d" -o target-sem.o || fail "dtrace -G target.d"
gcc -O2 -I. "$data/target.c" target-sem.o -o target || fail "build target"
gcc -O2 -fomit-frame-pointer -g0 "$data/unwind-deep.c" -o deep || fail "build deep"
gcc -O2 -fomit-frame-pointer -g0 "$data/busy.c" -o busy || fail "build busy"
prog_usdt='tgt$target:::tick, tgt$target:::neg { @[probename, arg0 % 3] = count(); @s = stddev(arg0); }
  tgt$target:::tick { self->s = speculation(); speculate(self->s); printf("%d;", arg0); }
  tgt$target:::tick /arg0 % 2/ { commit(self->s); } tgt$target:::tick /!(arg0 % 2)/ { discard(self->s); }'
prog_pid='pid$target::f3:entry, pid$target::f5:entry, pid$target::f5:return { @[probefunc] = count(); @n[probename] = count(); }
  pid$target::f6:entry { @u[ustack(3)] = count(); }'
for f in attach_cookie,uprobe_multi atomic_fetch task_pt_regs,task_btf; do
  for p in usdt pid; do
    prog=prog_$p; cmd="./target 12"; [ $p = pid ] && cmd="./deep 4"
    "$DTRACE" -q -n "${!prog}" -c "$cmd" >fast.out 2>fast.err
    SDTKIT_KERNEL_FEATURES_OFF=$f "$DTRACE" -q -n "${!prog}" -c "$cmd" >slow.out 2>slow.err
    check_eq "without $f: $p probes print what they print with it" \
      "$(grep -v 'libc\|_start' slow.out | sed 's/+0x[0-9a-f]*//')" "$(grep -v 'libc\|_start' fast.out | sed 's/+0x[0-9a-f]*//')"
  done
done
grep -q 'tick' fast.out || grep -q 'f5' fast.out || fail "the fallback comparison printed nothing"
SDTKIT_KERNEL_FEATURES_OFF=task_pt_regs,task_btf,trace_noprealloc "$DTRACE" -q -x oformat=folded \
  -n 'profile-997 /pid == $target/ { @[ustack()] = count(); } tick-2s { exit(0); }' -c "./busy 30" >prof.out 2>prof.err
check_match "without task_pt_regs: profile ustack() from the sample's registers" "$(cat prof.out)" 'busy`main;busy`spin [0-9]+$'
done_testing
