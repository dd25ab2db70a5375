#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-combined.sh — the providers combined, as DTrace scripts combine
# them: a USDT request probe starts a speculation and sets self-> state,
# pid entry/return probes of the handler and syscall probes of the thread
# record into it, and the request-done probe commits it only for the
# request that failed.  Expected: exactly the failed request's story, in
# order, and nothing of the two that succeeded.
. "$SRCDIR/test/lib.sh"
data=$SRCDIR/test/integration/data
"$DTRACE" -h -s "$data/combined.d" -o combined.h || fail "dtrace -h combined.d"
gcc -O2 -c -I. "$data/combined.c" -o combined.o || fail "compile combined.c"
"$DTRACE" -G -s "$data/combined.d" -o combined-sem.o combined.o || fail "dtrace -G combined.d"
gcc combined.o combined-sem.o -o combined || fail "link combined"
mkdir files
printf 'hello\n' >files/a
seq 1 80 >files/b                          # 231 bytes

cat >failed.d <<'D'
app$target:::request-start
{
  self->id = arg0;
  self->spec = speculation();
  speculate(self->spec);
  printf("request %d %s\n", arg0, basename(copyinstr(arg1)));
}
pid$target:a.out:handle:entry
/self->id/
{
  self->ts = timestamp;
  speculate(self->spec);
  printf("  handle(%d) entry\n", arg0);
}
syscall::openat:entry
/self->id/
{
  speculate(self->spec);
  printf("  openat %s\n", basename(copyinstr(arg0)));
}
syscall::openat:return, syscall::read:return
/self->id/
{
  speculate(self->spec);
  printf("  %s = %d\n", probefunc, (int) arg1);
}
pid$target:a.out:handle:return
/self->id/
{
  speculate(self->spec);
  printf("  handle = %d (took %s)\n", (int) arg1, timestamp > self->ts ? "time" : "none");
}
pid$target:a.out:handle:return
{
  @calls[probefunc] = count();
}
app$target:::request-done
/self->id && (int) arg1 < 0/
{
  commit(self->spec);
  self->id = 0;
}
app$target:::request-done
/self->id/
{
  discard(self->spec);
  self->id = 0;
}
END
{
  printa("%s called %@d times\n", @calls);
}
D
"$DTRACE" -q -s failed.d -c "./combined $T/files" >out.txt 2>err.txt; rc=$?
check_eq "USDT + pid + syscall through self-> and a speculation: exit 0" "$rc" 0
check_eq "... only the failed request's story is committed, in order" "$(cat out.txt)" "request 2 missing
  handle(2) entry
  openat missing
  openat = -2
  handle = -1 (took time)
handle called 3 times"
check_eq "... nothing on stderr (no drops, no failed speculations)" "$(cat err.txt)" ""

# The same script with commit and discard swapped keeps the two requests
# that succeeded, each with its read of the file's size.
sed -e 's/commit(self->spec)/XX/' -e 's/discard(self->spec)/commit(self->spec)/' -e 's/XX/discard(self->spec)/' \
  failed.d >succeeded.d
"$DTRACE" -q -s succeeded.d -c "./combined $T/files" >out2.txt 2>err2.txt; rc=$?
check_eq "the inverse selection: exit 0" "$rc" 0
check_eq "... the two successful requests, with their opens and reads" "$(cat out2.txt)" "request 1 a
  handle(1) entry
  openat a
  openat = 3
  read = 6
  handle = 6 (took time)
request 3 b
  handle(3) entry
  openat b
  openat = 3
  read = 231
  handle = 231 (took time)
handle called 3 times"

# self-> variables are per thread: another process reading files at the
# same time never shows up (its thread has no self->id).
( for i in $(seq 1 200); do cat files/a >/dev/null; done ) &
noise=$!
"$DTRACE" -q -s failed.d -c "./combined $T/files" >out3.txt 2>&1
wait $noise
check_eq "another process's opens and reads never enter the speculation" "$(cat out3.txt)" "$(cat out.txt)"
done_testing
