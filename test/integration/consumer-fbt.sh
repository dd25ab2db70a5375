#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-fbt.sh — the fbt provider (probes/fbt-probes.h): kernel
# functions' entry and return through fentry/fexit programs, or kprobes
# and kretprobes where fentry is missing.  The checks run once per way the
# kernel offers (dtrace --kernel-features: fentry natively; kprobe_pmu with
# fentry forced off): the -l rows, do_nanosleep's
# entry (probefunc, its mode argument) and return (arg0 0, arg1 the return
# value) in the -c command, args[] typed from BTF (vfs_read's file's
# name through kernel pointers, its return value), curthread there, the functions left out (the
# probe's own program runs them), the cap on enabled probes.
# Everywhere: the one-line refusal, forced with SDTKIT_KERNEL_FEATURES_OFF
# (and the kernel's own answer when it lacks both).  Nothing skips.
. "$SRCDIR/test/lib.sh"
refusal="dtrace: the fbt provider needs fentry/fexit programs (Linux 5.5, ftrace direct calls) or kprobes (Linux 4.17, CONFIG_KPROBES); this kernel ($(uname -r)) has neither"
got=$(SDTKIT_KERNEL_FEATURES_OFF=fentry,kprobe_pmu "$DTRACE" -n 'fbt::do_nanosleep:entry' 2>&1); rc=$?
check_eq "without fentry and kprobes: exit 1 and one line naming the facilities and the versions" "$rc:$got" "1:$refusal"

features=$("$DTRACE" --kernel-features)
ways=
grep -q '^  yes fentry ' <<<"$features" && ways="fentry"
grep -q '^  yes kprobe_pmu ' <<<"$features" && ways="$ways kprobe"
if [ -z "$ways" ]; then
  got=$("$DTRACE" -n 'fbt::do_nanosleep:entry' 2>&1); rc=$?
  check_eq "this kernel has neither fentry nor kprobes: the refusal line" "$rc:$got" "1:$refusal"
  done_testing
fi

# dtrace with fbt on the way under test: fentry, or kprobes (fentry off)
dt () {
  if [ "$way" = kprobe ]; then
    SDTKIT_KERNEL_FEATURES_OFF=fentry "$DTRACE" "$@"
  else
    "$DTRACE" "$@"
  fi
}

for way in $ways; do
check_eq "[$way] -l -n fbt::do_nanosleep: entry and return" "$(dt -l -n 'fbt::do_nanosleep:' 2>&1)" \
"   ID   PROVIDER            MODULE                          FUNCTION NAME
    4        fbt           vmlinux                      do_nanosleep entry
    5        fbt           vmlinux                      do_nanosleep return"

dt -q -c "/bin/sleep 0.1" -n '
fbt::do_nanosleep:entry /pid == $target/ { printf("entry %s %s %d %s\n", probeprov, probefunc, arg1, stringof(curthread->comm)); }
fbt::do_nanosleep:return /pid == $target/ { printf("return %s %d %d\n", probename, arg0, (int) arg1); }' >ns.out 2>&1
check_eq "[$way] do_nanosleep: entry (arg1 the mode, HRTIMER_MODE_REL) and return (0) in the command" "$(cat ns.out)" \
"entry fbt do_nanosleep 1 sleep
return return 0 0"

printf 'hello\n' >fbt-args.txt
# (into a pipe: cat copies a file to a file with copy_file_range, no read)
typed=$(dt -q -c "/bin/cat $T/fbt-args.txt" -n '
fbt::vfs_read:entry /pid == $target && !done && stringof(args[0]->f_path.dentry->d_name.name) == "fbt-args.txt"/ {
  done = 1; self->in = 1; printf("entry %s %d\n", stringof(args[0]->f_path.dentry->d_name.name), args[2] > 0); }
fbt::vfs_read:return /self->in/ { self->in = 0; printf("return %d\n", args[1]); }' 2>&1 | grep -v '^hello$')
check_eq "[$way] args[] typed from BTF: vfs_read's struct file * (members through kernel pointers, stringof) and its ssize_t return" \
  "$typed" \
"entry fbt-args.txt 1
return 6"

check_eq "[$way] functions a probe's own program runs are no probes (spin locks, the ring buffer, BPF, fault-safe copies)" \
  "$(dt -l -n 'fbt::_raw_spin_lock*:' -n 'fbt::*ringbuf*:' -n 'fbt::bpf_*:' -n 'fbt::copy_from_kernel_nofault:' 2>&1)" \
  "   ID   PROVIDER            MODULE                          FUNCTION NAME"

dt -q -n 'fbt::vfs_caches_init:, fbt::do_nanosleep:entry /pid == $target/ { printf("%s\n", probefunc); }' \
  -c "/bin/sleep 0.1" >init.out 2>&1; rc=$?
check_eq "[$way] an __init function (freed after boot): both its probes left out with a warning each; the other fires" \
  "$rc:$(grep -c '^dtrace: warning: fbt:vmlinux:vfs_caches_init:[a-z]* is not enabled: the kernel ' init.out):$(grep -v '^dtrace: warning' init.out)" \
  "0:2:do_nanosleep"

dt -n 'fbt::*:entry' >/dev/null 2>err.txt; rc=$?
check_match "[$way] fbt::*:entry: refused, at most 256 probes at once" "$rc:$(cat err.txt)" \
  "^1:dtrace: the fbt descriptions match [0-9]+ probes: at most 256 can be enabled at once"
done

done_testing
