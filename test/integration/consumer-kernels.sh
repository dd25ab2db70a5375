#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-kernels.sh — the consumer on the kernels production runs: Debian's
# own kernel packages (11's 5.10, 12's 6.1, 13's 6.12) booted under qemu TCG
# by test/vm/run-kernel, with this machine's root (and so this build tree)
# shared read-only, each running the consumer subset below; every check line
# of the subset comes back prefixed with the kernel's version.
#
# SDTKIT_KERNELS: the Debian suites to boot (default "bullseye bookworm
# trixie"); SDTKIT_KERNEL_TESTS: the integration scripts each runs
# (consumer-fbt.sh among them: the kernels of the matrix have the BPF
# trampolines and the kprobes fbt uses, which a CI host may lack;
# consumer-lockstat.sh checks 5.10's refusal and 6.1's and 6.12's
# contention probes; consumer-io.sh runs in the guest's scratch disk,
# run-kernel's /scratch, the tests' TMPDIR there; consumer-fds.sh checks
# fi_pathname from the guest's pivot_root'ed root).
# Needs qemu-system-x86 and busybox-static (quickstart installs them) and
# Debian's registry for the first download (cached in /var/cache/sdtkit-vm).
# sdtkit-test: solo (test/run-tests: it loads every core or times things)
. "$SRCDIR/test/lib.sh"
suites=${SDTKIT_KERNELS:-bullseye bookworm trixie}
tests=${SDTKIT_KERNEL_TESTS:-consumer-smoke.sh consumer-kernel-features.sh consumer.sh consumer-proc.sh consumer-fbt.sh consumer-sdt.sh consumer-sched.sh consumer-lockstat.sh consumer-kernel-types.sh consumer-io.sh consumer-fds.sh consumer-callers.sh consumer-kstack.sh}
if ! command -v qemu-system-x86_64 >/dev/null || ! command -v busybox >/dev/null; then
  skip "qemu-system-x86_64 or busybox not installed (Debian: qemu-system-x86, busybox-static)"
  done_testing
fi
# The guests boot one after another: a TCG guest keeps the host's cores
# busy, so three side by side took as long (on two cores: 5.10's guest 900 s
# instead of 308, 6.1's and 6.12's 500 instead of 245).  Each test's time in
# the guest is reported.
mkdir -p "$BUILDDIR/test/vm-jobs"
for suite in $suites; do
  start=$(date +%s)
  {
    # the tests' own directories on the guest's scratch disk (a block
    # device: consumer-io.sh needs one)
    echo 'if mountpoint -q /scratch; then export TMPDIR=/scratch; fi'
    echo 'for t in '"$tests"'; do s=$(date +%s); bash "$SRCDIR/test/integration/$t" || echo "not ok - $t exited with status $?"; echo "# $t: $(( $(date +%s) - s ))s"; done'
  } >"$T/run-$suite.sh"
  # the guest's /tmp is its own: the script goes where the guest sees it
  cp "$T/run-$suite.sh" "$BUILDDIR/test/vm-jobs/run-$suite.sh"
  rc=0
  ( cd "$BUILDDIR" && SDTKIT_VM_ENV="BUILDDIR SRCDIR DTRACE STAP_DTRACE CI" \
    "$SRCDIR/test/vm/run-kernel" "$suite" bash "$BUILDDIR/test/vm-jobs/run-$suite.sh" ) >"$T/$suite.out" 2>&1 || rc=$?
  secs=$(( $(date +%s) - start ))
  kver=$(cat "${SDTKIT_VM_CACHE:-/var/cache/sdtkit-vm}/kernel-$suite-amd64/kver" 2>/dev/null || echo "$suite")
  kver=${kver%%-*}
  n=$(grep -cE '^(ok|not ok|skip) - ' "$T/$suite.out")
  sed -n -E "s/^(ok|not ok|skip) - /\\1 - [Linux $kver] /p; /^    /p; s/^# ([a-z0-9-]+\\.sh: [0-9]+s)$/# [Linux $kver] \\1/p" "$T/$suite.out"
  # every script must have run to its end (its time line printed) and the
  # guest must have finished: a guest that stopped half-way (a timeout, a
  # panic) fails here, whatever its checks said before it stopped
  ran=$(grep -cE '^# [a-z0-9-]+\.sh: [0-9]+s$' "$T/$suite.out")
  want=$(echo $tests | wc -w)
  if [ "$rc" -ne 0 ] || [ "$ran" -ne "$want" ]; then
    fail "[Linux $kver] the guest ran $ran of its $want test scripts to their end (status $rc, $n checks)"
    tail -20 "$T/$suite.out" | sed 's/^/    /'
  fi
  echo "# Linux $kver ($suite): $n checks in ${secs}s"
done
done_testing
