#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-arm64.sh — the foundation of the consumer on arm64: the whole
# dtrace cross-built for aarch64 with Debian's multiarch development
# packages (./configure --host=aarch64-linux-gnu), then run in an arm64
# guest (Debian 12's arm64 kernel under qemu-system-aarch64 TCG, an arm64
# Debian root made by test/vm/make-root, this tree shared at its own path).
# What is checked is what works there so far: the version, BEGIN/END and
# tick programs with printf and aggregations, the kernel-feature probes and
# profile samples (USDT arguments, the syscall table, pid probes and
# ustack() on arm64 are the rest of the arm64 work).
. "$SRCDIR/test/lib.sh"
if ! command -v aarch64-linux-gnu-gcc >/dev/null || ! command -v qemu-system-aarch64 >/dev/null \
   || [ ! -f /usr/lib/aarch64-linux-gnu/pkgconfig/libbpf.pc ]; then
  skip "aarch64 cross compiler, qemu-system-aarch64 or arm64 libbpf/libelf/libdwarf -dev packages missing (quickstart installs them)"
  done_testing
fi
# the cross build, kept in the build tree (the guest sees it at its path)
cross=$BUILDDIR/cross-arm64
mkdir -p "$cross"
if ( cd "$cross" && { [ -f Makefile ] || PKG_CONFIG_LIBDIR=/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig \
        "$SRCDIR/configure" -q --host=aarch64-linux-gnu >configure.log 2>&1; } \
     && make -s -j2 dtrace >make.log 2>&1 ); then
  ok "dtrace cross-built for aarch64 (configure --host=aarch64-linux-gnu)"
else
  fail "cross build for aarch64"; tail -20 "$cross/configure.log" "$cross/make.log" 2>/dev/null | sed 's/^/    /'
  done_testing
fi
check_match "the cross-built dtrace is an aarch64 executable" "$(file -L "$cross/dtrace")" 'ARM aarch64'
mkdir -p "$BUILDDIR/test/vm-jobs/arm64" && w=$BUILDDIR/test/vm-jobs/arm64
cat >"$w/job.sh" <<JOB
D=$cross/dtrace
\$D -V
\$D -q -n 'BEGIN { printf("begin %d\n", 6 * 7); } END { printf("end\n"); } tick-100ms { @["ticks"] = count(); } tick-100ms /++n == 3/ { exit(0); }'
\$D --kernel-features | head -1
\$D -q -n 'profile-997 { @ = count(); } tick-1s { exit(0); }' | awk 'NF { print (\$1 > 0) ? "profile samples" : "no samples" }'
JOB
out=$(SDTKIT_VM_ARCH=arm64 SDTKIT_VM_SHARE="$(dirname "$BUILDDIR")" "$SRCDIR/test/vm/run-kernel" bookworm bash "$w/job.sh" 2>&1)
kver=$(cat "${SDTKIT_VM_CACHE:-/var/cache/sdtkit-vm}/kernel-bookworm-arm64/kver" 2>/dev/null)
check_eq "in the arm64 guest (Linux $kver): version, BEGIN/END/tick with an aggregation, kernel features, profile" "$out" \
  "$(printf '%s\nbegin 42\nend\n\n  %-50s %16d\nLinux %s:\nprofile samples' "$("$DTRACE" -V)" ticks 3 "$kver")"
done_testing
