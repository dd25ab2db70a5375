#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-io.sh — the io provider's start and done (block_bio_queue and
# block_rq_complete, tracepoint programs reading their fields): a dd of
# ten 4 KiB direct writes, then ten direct reads, of a file in the test's
# own directory, scoped to dd's pid at start and to the requests started
# there at done (matched by device and sector): b_bcount, b_flags
# (B_WRITE, B_READ), the device's major, the error.  Exact output.
# Needs the test directory on a block device (not tmpfs or 9p: the kernel
# matrix's guests have none, so this runs on the host only).
. "$SRCDIR/test/lib.sh"
check_eq "-l -P io: start and done" "$("$DTRACE" -l -P io 2>&1)" \
"   ID   PROVIDER            MODULE                          FUNCTION NAME
    4         io           vmlinux                                   done
    5         io           vmlinux                                   start"

d=$(stat -c %d "$T")
major=$(( (d >> 8) & 0xfff ))
if [ "$major" -eq 0 ] || ! sed -n '/^Block devices:/,$p' /proc/devices | awk -v m="$major" '$1 == m { f = 1 } END { exit !f }'; then
  skip "io: the test directory ($T) is not on a block device"
  done_testing
fi

script='
io:::start /pid == $target/ { @s[args[0], args[2], args[4] == '$major'] = count(); st[args[3], args[1]] = 1; }
io:::done /st[args[3], args[1]]/ { st[args[3], args[1]] = 0; @d[args[0], args[2], args[6], args[5] >= 0] = count(); }
END { printa("start %d %x %d %@d\n", @s); printa("done %d %x %d %d %@d\n", @d); }'
"$DTRACE" -q -c "dd if=/dev/zero of=$T/io.dat bs=4k count=10 oflag=direct status=none" -n "$script" >w.out 2>&1
check_eq "ten direct 4 KiB writes: io:::start in dd (b_bcount 4096, B_WRITE, the file's disk), io:::done of each" \
  "$(cat w.out)" \
"start 4096 100 1 10
done 4096 100 0 1 10"

"$DTRACE" -q -c "dd if=$T/io.dat of=/dev/null bs=4k count=10 iflag=direct status=none" -n "$script" >r.out 2>&1
check_eq "ten direct 4 KiB reads: B_READ at start and done" \
  "$(cat r.out)" \
"start 4096 40 1 10
done 4096 40 0 1 10"

done_testing
