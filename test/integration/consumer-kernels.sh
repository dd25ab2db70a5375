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
. "$SRCDIR/test/lib.sh"
suites=${SDTKIT_KERNELS:-bullseye bookworm trixie}
tests=${SDTKIT_KERNEL_TESTS:-consumer-smoke.sh consumer-kernel-features.sh consumer.sh consumer-proc.sh consumer-fbt.sh consumer-sdt.sh consumer-sched.sh consumer-lockstat.sh consumer-kernel-types.sh consumer-io.sh consumer-fds.sh consumer-callers.sh consumer-kstack.sh}
if ! command -v qemu-system-x86_64 >/dev/null || ! command -v busybox >/dev/null; then
  skip "qemu-system-x86_64 or busybox not installed (Debian: qemu-system-x86, busybox-static)"
  done_testing
fi
for suite in $suites; do
  start=$(date +%s)
  script=$T/run-$suite.sh
  {
    # the tests' own directories on the guest's scratch disk (a block
    # device: consumer-io.sh needs one)
    echo 'if mountpoint -q /scratch; then export TMPDIR=/scratch; fi'
    echo 'for t in '"$tests"'; do bash "$SRCDIR/test/integration/$t" || echo "not ok - $t exited with status $?"; done'
  } >"$script"
  # the guest's /tmp is its own: the script goes where the guest sees it
  mkdir -p "$BUILDDIR/test/vm-jobs"
  cp "$script" "$BUILDDIR/test/vm-jobs/run-$suite.sh"
  ( cd "$BUILDDIR" && SDTKIT_VM_ENV="BUILDDIR SRCDIR DTRACE STAP_DTRACE CI" \
    "$SRCDIR/test/vm/run-kernel" "$suite" bash "$BUILDDIR/test/vm-jobs/run-$suite.sh" ) >"$T/$suite.out" 2>&1
  rc=$?
  kver=$(cat "${SDTKIT_VM_CACHE:-/var/cache/sdtkit-vm}/kernel-$suite-amd64/kver" 2>/dev/null || echo "$suite")
  kver=${kver%%-*}
  n=$(grep -cE '^(ok|not ok|skip) - ' "$T/$suite.out")
  sed -n -E "s/^(ok|not ok|skip) - /\\1 - [Linux $kver] /p; /^    /p" "$T/$suite.out"
  if [ "$rc" -ne 0 ] && [ "$n" -eq 0 ]; then
    fail "[Linux $kver] the guest ran no test (status $rc)"
    tail -20 "$T/$suite.out" | sed 's/^/    /'
  fi
  echo "# Linux $kver ($suite): $n checks in $(( $(date +%s) - start ))s"
done
done_testing
