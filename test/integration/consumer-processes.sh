#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-processes.sh — processes as users have them (issue 15): a second
# SIGINT/SIGTERM hurries the stop but never loses output; execname is the
# process's name and threadname the thread's; `prov*:::` covers the
# processes started, and forked, after dtrace attached; -c and -p see the
# probes of shared libraries (DT_NEEDED at evaltime, dlopen later).
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
# -c command) get a second signal while stopping (3 s: time enough for
# dtrace to attach and the target to fire on a loaded machine)
bad=0
for r in 1 2 3; do
  timeout -s INT 3 "$DTRACE" -q -n "$sig_prog" >to$r.out 2>to$r.err &
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
  TGT_LINGER_MS=20000 timeout -s INT 3 "$DTRACE" -q \
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

# --- the "matched N probes" notice keeps a module path whole
"$DTRACE" -n "tgt*:$T_TARGET::tick /arg0 > 100/ { }" -c "$T_TARGET 1" >notice.out 2>notice.err
check_match "notice: the description up to its predicate, a path's '/'s kept" "$(cat notice.err)" \
  "^dtrace: description 'tgt\\*:$T_TARGET::tick ' matched 1 probe\$"

# --- prov*::: (no process named): attached by file, so processes that map
# the file later, started or forked, fire with probes named after them.
# (The module field, a base name unique to this test, keeps other tests'
# tgt processes out: `tgt*:::` alone is every process on the machine.)
LATE=late$$
cp "$T_TARGET" "$T/$LATE"
TGT_LINGER_MS=60000 "$T/$LATE" 0 2>/dev/null &   # makes tgt*::: match now
early=$!
"$DTRACE" -q -n "tgt*:$LATE::tick { @[probeprov, pid] = count(); } tgt*:$LATE::neg /arg0 == 3/ { printf(\"%s %d %s:%s:%s\\n\", probeprov, pid, probemod, probefunc, probename); }" >later.out 2>later.err &
dp=$!
wait_attached $dp || fail "dtrace attached (tgt*:::)"
"$T/$LATE" 3 2>/dev/null & l1=$!; wait $l1
"$T/$LATE" 4 2>/dev/null & l2=$!; wait $l2
kill -INT $dp; wait $dp
check_match "a process started later fires, its probes named tgt<PID>" "$(cat later.out)" "^tgt$l1 $l1 $LATE:main:neg\$"
check_match "... a second one too, with its own name" "$(cat later.out)" "^tgt$l2 $l2 $LATE:main:neg\$"
check_match "... each counted under its own name" "$(tr -s ' ' <later.out)" "^ tgt$l1 $l1 3\$"
check_match "... (the second)" "$(tr -s ' ' <later.out)" "^ tgt$l2 $l2 4\$"
check_eq "... and nothing else fired" "$(grep -c . later.out)" 4

# a process that forks after dtrace attached: parent and child both fire
TGT_SETTLE_MS=300 TGT_FORK=1 "$T/$LATE" 2 wait 6000 2>/dev/null &
fp=$!
"$DTRACE" -q -n "tgt*:$LATE::ready { } tgt*:$LATE::tick { @[probeprov == strjoin(\"tgt\", lltostr(pid)) ? \"own\" : \"other\", pid == \$1 ? \"parent\" : \"child\"] = count(); }" $fp >fork.out 2>fork.err &
dp=$!
wait $fp
sleep 0.2
kill -INT $dp; wait $dp
check_eq "a child forked after attach fires under its own tgt<PID>, like its parent" "$(tr -s ' ' <fork.out)" \
  "$(printf '\n\n own child 2\n own parent 2')"

# the kernel raises the semaphore in later processes; kill -9 leaves none
"$DTRACE" -q -n "tgt*:$LATE::ready { }" >/dev/null 2>&1 &
dp=$!
wait_attached $dp || fail "dtrace attached (tgt*:::ready)"
"$T/$LATE" 1 wait 400 2>sem1.err >/dev/null
check_match "tgt*:::: the semaphore is raised in a process started later" "$(cat sem1.err)" 'ready=1'
kill -9 $dp; wait $dp 2>/dev/null
"$T/$LATE" 1 wait 20 2>sem2.err >/dev/null
check_match "after kill -9 of dtrace: not raised in a new process" "$(cat sem2.err)" 'ready=0'
kill $early 2>/dev/null; wait $early 2>/dev/null
if [ -r /sys/kernel/tracing/uprobe_events ]; then
  check_eq "no uprobe_events left behind" "$(grep -c "$T" /sys/kernel/tracing/uprobe_events)" 0
fi

# --- probes in shared libraries: DT_NEEDED under -c at evaltime, dlopen
# under -c and -p
"$DTRACE" -h -s "$data/shlib.d" -o shlib.h || fail "dtrace -h shlib.d"
gcc -O2 -fPIC -I. -c "$data/shlib.c" -o shlib.o && "$DTRACE" -G -s "$data/shlib.d" -o shlib-sem.o shlib.o \
  && gcc -shared -o libshl.so shlib.o shlib-sem.o || fail "build libshl.so"
gcc -O2 -DSHL_NEEDED "$data/shlib-user.c" -o needed-user -L"$T" -lshl -Wl,-rpath,"$T" || fail "build needed-user"
gcc -O2 "$data/shlib-user.c" -o dl-user -ldl || fail "build dl-user"
shl_prog='shl$target:::hit { @[probeprov == strjoin("shl", lltostr(pid)), probemod, probefunc] = count(); }'
shl_want=$(printf '\n 1 libshl.so shl_fire 4')
"$DTRACE" -q -n "$shl_prog" -c "$T/needed-user needed 4" >needed.out 2>needed.err
check_eq "-c: probes of a DT_NEEDED library, evaluated at postinit (the default)" "$(tr -s ' ' <needed.out)" "$shl_want"
check_match "... the kernel raised the library's semaphore" "$(cat needed.err)" 'needed enabled=1'
for et in preinit main; do
  "$DTRACE" -x evaltime=$et -q -n "$shl_prog" -c "$T/needed-user needed 4" >needed-$et.out 2>&1
  check_eq "-x evaltime=$et: the DT_NEEDED library's probes too" "$(tr -s ' ' <needed-$et.out | grep -v enabled)" "$shl_want"
done
"$DTRACE" -x evaltime=exec -q -n "$shl_prog" -c "$T/needed-user needed 4" >needed-exec.out 2>needed-exec.err
init_prog='shl$target:::init { @i = count(); } shl$target:::hit { @h = count(); }'
"$DTRACE" -x evaltime=preinit -q -n "$init_prog" -c "$T/needed-user needed 2" >init-pre.out 2>/dev/null
check_eq "-x evaltime=preinit: before the library's initializer (its probe fires)" "$(tr -s ' ' <init-pre.out)" "$(printf '\n 1\n 2')"
"$DTRACE" -Z -q -n "$init_prog" -c "$T/needed-user needed 2" >init-post.out 2>/dev/null
check_eq "postinit: after it (only the hits)" "$(tr -s ' ' <init-post.out)" "$(printf '\n 2')"
check_match "-x evaltime=exec: only the executable, before the loader ran: no match" "$(cat needed-exec.err)" \
  'shl[0-9]+:::hit does not match any probes'
check_fails "-x evaltime=bogus is an error" "$DTRACE" -x evaltime=bogus -n 'BEGIN { exit(0); }'

shl_want3=$(printf '\n 1 libshl.so shl_fire 3')
"$DTRACE" -Z -q -n "$shl_prog" -c "$T/dl-user dlopen $T/libshl.so 3" >dlc.out 2>dlc.err
check_eq "-c: a library loaded with dlopen after start (-Z), every hit, under its process's name" "$(tr -s ' ' <dlc.out)" "$shl_want3"
check_match "... its semaphore raised before it fired" "$(cat dlc.err)" 'dlopen enabled=1'
SHL_WAIT=1 "$T/dl-user" dlopen "$T/libshl.so" 3 1000 2>dlp.err &
tp=$!
"$DTRACE" -Z -q -n "$shl_prog" -p $tp >dlp.out 2>dlp.err2
check_eq "-p: a library the process dlopens after dtrace attached" "$(tr -s ' ' <dlp.out)" "$shl_want3"
wait $tp

# kill -9 of dtrace while the -c command waits at its evaltime or at a
# library load: the command never stays stopped (it dies with dtrace)
"$DTRACE" -Z -q -n "$shl_prog" -c "$T/dl-user dlopen $T/libshl.so 3 3000" >/dev/null 2>&1 &
dp=$!
wait_attached $dp || fail "dtrace attached (-c dl-user)"
child=$(pgrep -P $dp)
kill -9 $dp; wait $dp 2>/dev/null
for _ in $(seq 50); do [ -d /proc/"$child" ] || break; sleep 0.1; done
check_eq "kill -9 of dtrace: its -c command is gone, not left stopped" "$(test -d /proc/"$child" && echo alive || echo gone)" gone
"$T/needed-user" needed 1 2>after.err
check_match "... and no semaphore stays raised in the library" "$(cat after.err)" 'needed enabled=0'

done_testing
