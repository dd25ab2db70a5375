#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-dgaps.sh — D features of issue 13's gaps on real processes:
# ppid (the parent's tgid) and vtimestamp (the thread's on-CPU time, from
# the scheduler's accounting) in a -c child that burns a known amount of
# CPU time, measured by its own CLOCK_THREAD_CPUTIME_ID.
. "$SRCDIR/test/lib.sh"

cat >burn.c <<'C'
#include <time.h>
__attribute__ ((noinline)) void mark (int i) { __asm__ volatile ("" :: "r" (i)); }
static long long cpu_ns (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}
int main (void)
{
  mark (0);
  long long start = cpu_ns ();
  while (cpu_ns () - start < 200000000LL)
    ;
  mark (1);
  return 0;
}
C
gcc -O2 -o burn burn.c || fail "build burn.c"

# --- ppid and vtimestamp
"$DTRACE" -q -c ./burn -n '
pid$target::mark:entry { printf("ppid %d %d\n", arg0, ppid == $pid); }
pid$target::mark:entry /arg0 == 0/ { self->v = vtimestamp; self->t = timestamp; }
pid$target::mark:entry /arg0 == 1/ { printf("ms %d %d\n", (vtimestamp - self->v) / 1000000, (timestamp - self->t) / 1000000); }' \
  >task.out 2>task.err
check_eq "ppid of a -c child is dtrace's pid (\$pid), at each probe" "$(grep '^ppid' task.out)" "$(printf 'ppid 0 1\nppid 1 1')"
read -r _ vt wall < <(grep '^ms' task.out)
if [ -n "${vt:-}" ] && [ "$vt" -ge 199 ] && [ "$vt" -le $((wall + 20)) ]; then
  ok "vtimestamp advanced by the 200 ms of CPU the thread burned (got $vt ms, wall $wall ms)"
else
  fail "vtimestamp: got '${vt:-}' ms over a 200 ms CPU burn, wall '${wall:-}' ms"; sed 's/^/    /' task.out task.err
fi
out=$("$DTRACE" -q -n 'BEGIN { printf("%d %d\n", ppid == $ppid, vtimestamp > 0); exit(0); }' 2>&1)
check_eq "BEGIN (dtrace itself): ppid is \$ppid, vtimestamp > 0" "$out" "1 1"

# --- self->x[k] is per thread: four threads each store their own tid under
# the same keys, and read it back at a later probe
cat >threads4.c <<'C'
#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>
__attribute__ ((noinline)) void put (long k) { __asm__ volatile ("" :: "r" (k)); }
__attribute__ ((noinline)) void get (long k) { __asm__ volatile ("" :: "r" (k)); }
static pthread_barrier_t bar;
static void *run (void *arg)
{
  (void) arg;
  put (1); put (2);
  pthread_barrier_wait (&bar);          /* every thread has stored */
  get (1); get (2);
  return NULL;
}
int main (void)
{
  pthread_t t[4];
  pthread_barrier_init (&bar, NULL, 4);
  for (int i = 0; i < 4; i++)
    pthread_create (&t[i], NULL, run, NULL);
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  return 0;
}
C
gcc -O2 -pthread -o threads4 threads4.c || fail "build threads4.c"
"$DTRACE" -q -c ./threads4 -n '
pid$target::put:entry { self->mine[arg0] = tid * 10 + arg0; }
pid$target::get:entry { printf("%d\n", self->mine[arg0] == tid * 10 + arg0); }' >tls.out 2>tls.err
check_eq "self->x[k]: each of 4 threads reads back its own values (8 reads)" \
  "$(grep . tls.out | sort | uniq -c | tr -s " ")" " 8 1"

# --- struct values from the process into an associative array and self->
cat >sp.c <<'C'
struct pt { int x; int y; char name[8]; };
__attribute__ ((noinline)) void use (struct pt *p) { __asm__ volatile ("" :: "r" (p) : "memory"); }
int main (void)
{
  struct pt a = { 11, 22, "abc" }, b = { 33, 44, "def" };
  use (&a); use (&b); use (&a);
  return 0;
}
C
gcc -O0 -o sp sp.c || fail "build sp.c"
"$DTRACE" -q -c ./sp -n 'struct pt { int x; int y; char name[8]; };
BEGIN { self->seen[0] = 0; }
pid$target::use:entry /!self->seen[arg0]/ { self->seen[arg0] = 1; pts[arg0] = *(struct pt *)arg0; self->last = *(struct pt *)arg0; }
pid$target::use:entry /self->seen[arg0]/ { printf("%d %d %s %d\n", pts[arg0].x, pts[arg0].y, pts[arg0].name, self->last.x); }
pid$target::use:entry /self->seen[arg0] && pts[arg0].x == 11/ { pts[arg0] = 0; self->last = 0; printf("%d %d\n", pts[arg0].y, self->last.y); }' \
  >sp.out 2>sp.err
check_eq "struct values copied from the process into pts[k] and self->, read by member, deleted by = 0 (then read as zeroes)" \
  "$(grep . sp.out)" "$(printf '11 22 abc 11\n0 0\n33 44 def 33\n0 0  33')"

# --- SIGINT: DTrace prints one newline when the first signal arrives (so the
# output starts below a terminal's echoed ^C), even under -q, before END's
# output; then the exit newline and the aggregations
"$DTRACE" -q -n 'BEGIN { printf("begin\n"); @n = count(); } END { printf("end\n"); }' >int.out 2>int.err &
dp=$!
for _ in $(seq 300); do grep -q begin int.out && break; sleep 0.05; done
kill -INT $dp; wait $dp; rc=$?
check_eq "SIGINT: exit 0" "$rc" 0
check_eq "SIGINT: newline, END's output, exit newline, aggregation (bytes)" "$(od -An -c int.out | tr -s ' ')" \
  "$(printf 'begin\n\nend\n\n %16d\n' 1 | od -An -c | tr -s ' ')"

# --- -c splits its command at blanks only, as DTrace does: quotes are
# ordinary characters (doc/dtrace.1)
out=$("$DTRACE" -q -n 'BEGIN { }' -c "/usr/bin/printf [%s] 'a	b'  \"c\\ d\"" 2>&1)
check_eq "-c: words split at spaces and tabs, quotes and backslashes kept" "$out" "['a][b'][\"c\\][d\"]"

done_testing
