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
