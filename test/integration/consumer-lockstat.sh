#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-lockstat.sh — the lockstat provider's contention probes
# (lock:contention_begin and contention_end, Linux 5.19): the -l rows;
# on a kernel with the tracepoints, a pipe's mutex contended by the test's
# own threads (adaptive-spin or adaptive-block in the -c process: arg0 the
# lock's address, arg1 the wait in ns, a thread other than the main one);
# before 5.19 the one-line refusal naming the version.  Exact output.
. "$SRCDIR/test/lib.sh"
data=$SRCDIR/test/integration/data
gcc -O2 -pthread "$data/lockstat-target.c" -o lockstat-target || fail "build lockstat-target"

check_eq "-l -P lockstat: the five contention probes and Oracle's seven others (listed, not fired)" "$("$DTRACE" -l -P lockstat 2>&1)" \
"   ID   PROVIDER            MODULE                          FUNCTION NAME
    4   lockstat           vmlinux                                   adaptive-acquire
    5   lockstat           vmlinux                                   adaptive-acquire-error
    6   lockstat           vmlinux                                   adaptive-block
    7   lockstat           vmlinux                                   adaptive-release
    8   lockstat           vmlinux                                   adaptive-spin
    9   lockstat           vmlinux                                   rw-acquire
   10   lockstat           vmlinux                                   rw-block
   11   lockstat           vmlinux                                   rw-release
   12   lockstat           vmlinux                                   rw-spin
   13   lockstat           vmlinux                                   spin-acquire
   14   lockstat           vmlinux                                   spin-release
   15   lockstat           vmlinux                                   spin-spin"

# adaptive-release and spin-release: kprobes on mutex_unlock and the
# _raw_spin_unlock* functions where the kernel has kprobes (the kernel
# matrix), else refused in one line
if "$DTRACE" --kernel-features 2>&1 | grep -Eq '^ +yes kprobe_pmu '; then
  "$DTRACE" -q -c "$T/lockstat-target" -n '
lockstat:::adaptive-release /pid == $target/ { @a[arg0 != 0] = count(); }
lockstat:::spin-release /pid == $target/ { @s[arg0 != 0] = count(); }
END { printa("adaptive-release %d %@d\n", @a); printa("spin-release %d %@d\n", @s); }' >release.out 2>&1
  check_eq "adaptive-release, spin-release in the -c process's threads (arg0 the lock; 100 or more each)" \
    "$(awk '$NF >= 100 { $NF = "100+" } 1' release.out)" \
"adaptive-release 1 100+
spin-release 1 100+"
else
  for p in "adaptive-release:a mutex is released:mutex_unlock" "spin-release:a spin lock is released:_raw_spin_unlock"; do
    IFS=: read -r name what func <<<"$p"
    got=$("$DTRACE" -n "lockstat:::$name" 2>&1); rc=$?
    check_eq "lockstat:::$name: refused in one line (no kprobes here)" "$rc:$got" \
      "1:dtrace: lockstat:::$name is not available: no tracepoint fires where $what; it needs a kprobe on $func (a kernel built with CONFIG_KPROBES), which this kernel ($(uname -r)) lacks"
  done
fi

kernel=$(uname -r)
kmaj=${kernel%%.*}; kmin=${kernel#*.}; kmin=${kmin%%[!0-9]*}
if [ "$kmaj" -lt 5 ] || { [ "$kmaj" -eq 5 ] && [ "$kmin" -lt 19 ]; }; then
  got=$("$DTRACE" -n 'lockstat:::adaptive-block' 2>&1); rc=$?
  check_eq "Linux $kmaj.$kmin: refused in one line naming the version" "$rc:$got" \
    "1:dtrace: lockstat:::adaptive-block needs Linux 5.19 or later (the tracepoints lock:contention_end and contention_begin); this kernel is $kernel"
  done_testing
fi

"$DTRACE" -q -c "$T/lockstat-target" -n '
lockstat:::adaptive-spin, lockstat:::adaptive-block /pid == $target/ {
  @[probeprov, arg0 != 0, arg1 > 0, tid != pid] = count(); exit(0); }
END { printa("%s %d %d %d\n", @); }' >lk.out 2>&1
check_eq "a pipe's mutex contended by the -c process's threads: fired there, arg0 the lock, arg1 the wait" \
  "$(cat lk.out)" "lockstat 1 1 1"

done_testing
