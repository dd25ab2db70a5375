#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-io.sh — the io provider's start and done (block_bio_queue and
# block_rq_complete, tracepoint programs reading their fields): a dd of
# ten 4 KiB direct writes, then a dd of ten direct reads, of a file in the
# test's own directory, scoped to the -c shell's children at start and to
# the requests started there at done (matched by device and sector):
# b_bcount, b_flags (B_WRITE, B_READ), the device's major, the error.
# Exact output.
# Needs the test directory on a block device (not tmpfs or 9p; the kernel
# matrix's guests put it on their scratch disk, test/vm/run-kernel).
. "$SRCDIR/test/lib.sh"
check_eq "-l -P io: start and done, wait-start and wait-done (listed, not fired)" "$("$DTRACE" -l -P io 2>&1)" \
"   ID   PROVIDER            MODULE                          FUNCTION NAME
    4         io           vmlinux                                   done
    5         io           vmlinux                                   start
    6         io           vmlinux                                   wait-done
    7         io           vmlinux                                   wait-start"

d=$(stat -c %d "$T")
major=$(( (d >> 8) & 0xfff ))
if [ "$major" -eq 0 ] || ! sed -n '/^Block devices:/,$p' /proc/devices | awk -v m="$major" '$1 == m { f = 1 } END { exit !f }'; then
  skip "io: the test directory ($T) is not on a block device"
  done_testing
fi

cat >io.sh <<SH
dd if=/dev/zero of=$T/io.dat bs=4k count=10 oflag=direct status=none
dd if=$T/io.dat of=/dev/null bs=4k count=10 iflag=direct status=none
SH
# dd's own page faults (its binary read back from the disk on a machine
# short of memory) are reads in dd too: a read counts when it is of a
# sector the writes wrote
"$DTRACE" -q -c "/bin/sh $T/io.sh" -n '
io:::start /ppid == $target && (args[2] & 0x100)/ {
  @s["write", args[0], args[4] == '$major'] = count(); w[args[3], args[1]] = 1; st[args[3], args[1]] = 1; }
io:::start /ppid == $target && (args[2] & 0x40) && w[args[3], args[1]]/ {
  @s["read", args[0], args[4] == '$major'] = count(); st[args[3], args[1]] = 1; }
io:::done /st[args[3], args[1]]/ {
  st[args[3], args[1]] = 0; @d[(args[2] & 0x100) ? "write" : (args[2] & 0x40) ? "read" : "?", args[0], args[6], args[5] >= 0] = count(); }
END { printa("start %s %d %d %@d\n", @s); printa("done %s %d %d %d %@d\n", @d); }' >io.out 2>&1
check_eq "ten direct 4 KiB writes, then ten reads of them, by dd: io:::start in dd (b_bcount, B_WRITE or B_READ, the file's disk), io:::done of each (no error)" \
  "$(cat io.out)" \
"start read 4096 1 10
start write 4096 1 10
done read 4096 0 1 10
done write 4096 0 1 10"

done_testing
