#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-processes.sh — processes as users have them (issue 15): a second
# SIGINT/SIGTERM hurries the stop but never loses output; execname is the
# process's name and threadname the thread's.
. "$SRCDIR/test/lib.sh"
data=$SRCDIR/test/integration/data
"$DTRACE" -h -s "$data/target.d" -o target.h || fail "dtrace -h target.d"
"$DTRACE" -G -s "$data/target.d" -o target-sem.o || fail "dtrace -G target.d"
gcc -O2 -I. "$data/target.c" target-sem.o -o target || fail "build target"
T_TARGET=$T/target

# --- a second signal during shutdown keeps every record and aggregation
# The D program has records still buffered (printf), an aggregation and an
# END clause; dtrace is stopped by two signals GAP seconds apart.
sig_prog="tgt*:$T_TARGET::tick { printf(\"t%d \", arg0); @n = count(); } END { printf(\"end\"); }"
sig_want=$(printf 't0 t1 t2 t3 t4 \nend\n %16d' 5)
# double_signal NAME SIG GAP: one run; prints what dtrace wrote
double_signal () {
  local name=$1 sig=$2 gap=$3
  "$DTRACE" -q -n "$sig_prog" >"$name.out" 2>"$name.err" &
  local dp=$!
  wait_attached $dp || { echo "not attached"; return; }
  "$T_TARGET" 5 2>/dev/null
  if [ "$gap" = 0 ]; then kill -"$sig" $dp; kill -"$sig" $dp
  else kill -"$sig" $dp; sleep "$gap"; kill -"$sig" $dp 2>/dev/null; fi
  wait $dp
  echo "rc=$?"
  cat "$name.out"
}
for gap in 0 0.002 0.01 0.05; do
  bad=0
  for r in 1 2 3; do
    got=$(double_signal "int$gap-$r" INT $gap)
    [ "$got" = "rc=0
$sig_want" ] || { bad=1; last=$got; }
  done
  if [ $bad = 0 ]; then ok "two SIGINTs ${gap}s apart: output kept, exit 0 (3 runs)"
  else fail "two SIGINTs ${gap}s apart: output kept, exit 0 (3 runs)"; printf '%s\n' "$last" | sed 's/^/    /'; fi
done
bad=0
for r in 1 2 3; do
  got=$(double_signal "term-$r" TERM 0.01)
  [ "$got" = "rc=0
$sig_want" ] || { bad=1; last=$got; }
done
if [ $bad = 0 ]; then ok "two SIGTERMs: output kept (3 runs)"
else fail "two SIGTERMs: output kept (3 runs)"; printf '%s\n' "$last" | sed 's/^/    /'; fi

# GNU timeout signals dtrace, then its whole process group: dtrace (and a
# -c command) get a second signal while stopping
bad=0
for r in 1 2 3; do
  timeout -s INT 1.5 "$DTRACE" -q -n "$sig_prog" >to$r.out 2>to$r.err &
  tp=$!
  dp=
  for _ in $(seq 100); do dp=$(pgrep -P $tp) && break; sleep 0.05; done
  wait_attached "$dp" || fail "timeout's dtrace attached"
  "$T_TARGET" 5 2>/dev/null
  wait $tp; rc=$?
  got=$(cat to$r.out)
  [ "$rc/$got" = "124/$sig_want" ] || { bad=1; last="rc=$rc $got $(cat to$r.err)"; }
done
if [ $bad = 0 ]; then ok "timeout -s INT: output kept (3 runs)"
else fail "timeout -s INT: output kept (3 runs)"; printf '%s\n' "$last" | sed 's/^/    /'; fi
bad=0
for r in 1 2 3; do
  TGT_LINGER_MS=20000 timeout -s INT 1.5 "$DTRACE" -q \
    -n 'tgt$target:::ready { } tgt$target:::tick { printf("t%d ", arg0); @n = count(); } END { printf("end"); }' \
    -c "$T_TARGET 5 wait" >toc$r.out 2>toc$r.err
  rc=$?
  got=$(cat toc$r.out)
  [ "$rc/$got" = "124/$sig_want" ] || { bad=1; last="rc=$rc $got $(cat toc$r.err)"; }
done
if [ $bad = 0 ]; then ok "timeout -s INT with -c (the command signalled too): output kept (3 runs)"
else fail "timeout -s INT with -c (the command signalled too): output kept (3 runs)"; printf '%s\n' "$last" | sed 's/^/    /'; fi

# --- execname is the process's name, threadname the firing thread's
"$DTRACE" -h -s "$data/threads.d" -o threads.h || fail "dtrace -h threads.d"
"$DTRACE" -G -s "$data/threads.d" -o threads-sem.o || fail "dtrace -G threads.d"
gcc -O2 -I. "$data/threads.c" threads-sem.o -o mtprog -lpthread || fail "build threads"
"$DTRACE" -q -x aggsortkey -n 'thr$target:::ready { } thr$target:::work { @[execname, threadname] = count(); }
  thr$target:::work /execname == "mtprog"/ { @p = count(); }' -c "$T/mtprog 3" >thr.out 2>thr.err
expect=$(printf '\n mtprog mtprog 3\n mtprog worker-a 3\n mtprog worker-b 3\n 9')
check_eq "execname: the process's name in every thread; threadname: pthread_setname_np's" "$(tr -s ' ' <thr.out)" "$expect"
out=$("$DTRACE" -q -n 'BEGIN { printf("%s %s", execname, threadname); exit(0); }')
check_eq "execname and threadname in BEGIN (dtrace's own thread)" "$out" "dtrace dtrace"

done_testing
