#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer.sh — D programs traced for real: BEGIN/END, printf and trace,
# every aggregating function printed at exit and by printa, predicates and
# string comparison, USDT arguments of every width and sign, -c and -p,
# semaphores raised only while traced, processes started after dtrace
# attached (by file), exit statuses, and kill -9 leaving nothing raised.
. "$SRCDIR/test/lib.sh"
data=$SRCDIR/test/integration/data
"$DTRACE" -h -s "$data/target.d" -o target.h || fail "dtrace -h target.d"
"$DTRACE" -G -s "$data/target.d" -o target-sem.o || fail "dtrace -G target.d"
gcc -O2 -I. "$data/target.c" target-sem.o -o target || fail "build target"
T_TARGET=$T/target

# run_q NAME PROGRAM [ARGS]: dtrace -q -c './target ARGS', stdout to NAME.out
run_q () {
  local name=$1 prog=$2; shift 2
  "$DTRACE" -q -n "$prog" -c "$T_TARGET $*" >"$name.out" 2>"$name.err"
  echo $? >"$name.rc"
}

# --- BEGIN, printf, exit status
out=$("$DTRACE" -q -n 'BEGIN { printf("%d %s %x\n", 42, "x", 255); exit(7); }' 2>err.txt); rc=$?
check_eq "BEGIN printf -q output, then the exit newline" "$out" "$(printf '42 x ff\n')"
check_eq "exit(7) is the exit status" "$rc" 7
check_eq "-q: no matched-probes notice" "$(cat err.txt)" ""
out=$("$DTRACE" -n 'BEGIN { trace(1); trace("hi"); exit(0); }' 2>err.txt)
check_match "non-quiet header" "$out" '^CPU     ID                    FUNCTION:NAME$'
check_match "non-quiet record: prefix, trace(int) ' %10d', trace(string) '  %-33s'" "$out" \
  "^ *[0-9]+      1                           :BEGIN           1  hi                               \$"
check_match "matched notice on stderr" "$(cat err.txt)" "^dtrace: description 'BEGIN ' matched 1 probe\$"
out=$("$DTRACE" -q -n 'BEGIN { x = 7; y = (x * 6 - 2) / 4; z = -y % 3; printf("%d %d %d %d\n", y, z, 1L << 40, 10 > 3 && 2 < 1); exit(0); }')
check_eq "integer arithmetic, division, modulo, shifts, logic" "$out" "10 -1 1099511627776 0"
out=$("$DTRACE" -q -n 'BEGIN { s = "abc"; printf("%s %d %d\n", s, s == "abc", s < "abd"); exit(0); }')
check_eq "string variables and comparison" "$out" "abc 1 1"
out=$("$DTRACE" -q -n 'BEGIN { printf("begin\n"); } END { printf("end\n"); } BEGIN { exit(0); }')
check_eq "END runs after exit()" "$out" "$(printf 'begin\nend\n')"
"$DTRACE" -q -n 'BEGIN { printf("%d\n"); }' >/dev/null 2>err.txt; rc=$?
check_eq "printf prototype mismatch: exit 1" "$rc" 1
check_match "printf prototype mismatch message" "$(cat err.txt)" "invalid probe specifier .*conversion #1 \(%d\) is missing a corresponding value argument"
"$DTRACE" -n 'BEGIN { x = ; }' >/dev/null 2>err.txt; rc=$?
check_eq "syntax error: exit 1" "$rc" 1
check_match "syntax error message" "$(cat err.txt)" 'syntax error near ";"'
"$DTRACE" -n 'nosuchprov*:::nosuchprobe { }' >/dev/null 2>err.txt; rc=$?
check_eq "a description matching nothing: exit 1" "$rc" 1
check_match "... with DTrace's message" "$(cat err.txt)" 'does not match any probes'

# --- USDT: counts, keys, arguments
run_q keys 'tgt$target:::tick { @[copyinstr(arg2)] = count(); }' 10
expect=$(printf '\n  %-50s %16d\n  %-50s %16d\n  %-50s %16d' beta 3 gamma 3 alpha 4)
check_eq "@[copyinstr(arg2)] = count(): sorted by value, then key" "$(cat keys.out)" "$expect"
check_eq "-c: dtrace exits 0 when the command exits" "$(cat keys.rc)" 0

run_q fns 'tgt$target:::tick { @c = count(); @s = sum(arg1); @a = avg(arg1); @mn = min(arg1); @mx = max(arg1); }' 10
expect=$(printf '\n %16d\n %16d\n %16d\n %16d\n %16d' 10 285 28 0 81)
check_eq "count sum avg min max at exit, in first-appearance order" "$(cat fns.out)" "$expect"

# quantize and lquantize blocks
row () { local bar; bar=$(printf '%*s' "$2" '' | tr ' ' '@'); printf '%16s |%-40s %-9d\n' "$1" "$bar" "$3"; }
hdr () { printf '\n%16s %41s %-9s\n' value '------------- Distribution -------------' count; }
run_q quant 'tgt$target:::tick { @q = quantize(arg1); }' 10
expect=$( { echo; hdr; row -1 0 0; row 0 4 1; row 1 4 1; row 2 0 0; row 4 4 1; row 8 4 1; row 16 8 2; row 32 8 2; row 64 8 2; row 128 0 0; } )
check_eq "quantize(arg1) block" "$(cat quant.out)" "$expect"
run_q lquant 'tgt$target:::tick { @l = lquantize(arg0, 0, 10, 2); }' 10
expect=$( { echo; hdr; row '< 0' 0 0; row 0 8 2; row 2 8 2; row 4 8 2; row 6 8 2; row 8 8 2; row '>= 10' 0 0; } )
check_eq "lquantize(arg0, 0, 10, 2) block" "$(cat lquant.out)" "$expect"

run_q args 'tgt$target:::neg { printf("%d,", arg0); } tgt$target:::tick /arg0 == 9/ { printf("[%d %d %s]", arg0, arg1, copyinstr(arg2)); }' 10
check_eq "signed int arguments, long, string; predicates" "$(cat args.out)" "[9 81 alpha]-3,-2,-1,0,1,2,3,"
run_q strpred 'tgt$target:::tick /copyinstr(arg2) == "beta"/ { @n = count(); }' 10
check_eq "string comparison in a predicate" "$(cat strpred.out)" "$(printf '\n %16d' 3)"
run_q printa 'tgt$target:::tick { @s[copyinstr(arg2)] = sum(arg0); } END { printa("%s=%@d;", @s); }' 10
check_eq "printa with a format, not printed again at exit" "$(cat printa.out)" "$(printf 'beta=12;gamma=15;alpha=18;\n')"
run_q vars 'tgt$target:::tick { total += arg0; self->n++; last = copyinstr(arg2); } END { printf("%d %d %s\n", total, self->n, last); }' 10
check_eq "globals, self-> (END runs in dtrace's thread: 0), string globals" "$(cat vars.out)" "45 0 alpha"
run_q assoc 'tgt$target:::tick { a[copyinstr(arg2)] = arg0; } END { printf("%d %d %d %d\n", a["alpha"], a["beta"], a["gamma"], a["none"]); }' 10
check_eq "associative arrays: last value per key, 0 when absent" "$(cat assoc.out)" "9 7 8 0"

# --- non-quiet USDT line: FUNCTION:NAME right-justified, the D name
"$DTRACE" -n 'tgt$target:::ready' -c "$T_TARGET 1" >nq.out 2>nq.err
check_match "non-quiet USDT record: main:ready" "$(cat nq.out)" '^ *[0-9]+ +[0-9]+ +main:ready $'
check_match "matched 1 probe" "$(cat nq.err)" "description 'tgt\\\$target:::ready' matched 1 probe"
check_match "pid exit notice" "$(cat nq.err)" 'dtrace: pid [0-9]+ has exited'

# --- semaphores: raised while traced (the target waits for it), never otherwise
"$T_TARGET" 1 wait 1 2>untraced.err >/dev/null
check_match "untraced: is-enabled stays false" "$(cat untraced.err)" 'ready=0'
"$DTRACE" -q -n 'tgt$target:::ready { }' -c "$T_TARGET 1 wait 400" >/dev/null 2>traced.err
check_match "traced: the kernel raised the semaphore before the program ran" "$(cat traced.err)" 'ready=1'

# --- by file: processes started after dtrace attached are traced
"$DTRACE" -q -n "tgt*:$T_TARGET::tick { @ = count(); } tgt*:$T_TARGET::neg /arg0 == 3/ { exit(0); }" >late.out 2>late.err &
dpid=$!
wait_attached $dpid || fail "dtrace attached by file"
"$T_TARGET" 4 2>/dev/null
wait $dpid; rc=$?
check_eq "processes started later fire (by file): dtrace exits via exit(0)" "$rc" 0
# (A second process started right after the first used to be here; whether
# its ticks ran before dtrace acted on the first one's exit() was a race.)
check_eq "... and counted the new process's ticks" "$(cat late.out)" "$(printf '\n %16d' 4)"

# --- kill -9: nothing stays raised
"$DTRACE" -q -n "tgt*:$T_TARGET::ready { }" >/dev/null 2>&1 &
dpid=$!
wait_attached $dpid || fail "dtrace attached by file (kill -9 case)"
"$T_TARGET" 1 wait 200 2>k1.err >/dev/null
check_match "attached by file: semaphore raised in a new process" "$(cat k1.err)" 'ready=1'
kill -9 $dpid; wait $dpid 2>/dev/null
"$T_TARGET" 1 wait 20 2>k2.err >/dev/null
check_match "after kill -9 of dtrace: semaphore back to 0" "$(cat k2.err)" 'ready=0'
if [ -r /sys/kernel/tracing/uprobe_events ]; then
  check_eq "no uprobe_events of this test left behind" "$(grep -c "$T" /sys/kernel/tracing/uprobe_events)" 0
fi

# --- -p: an already running process
# (the target waits up to 30 s for tgt:::ready, then 500 ms for the tick
# links attached after it: a slow attach loses no tick)
TGT_SETTLE_MS=500 "$T_TARGET" 3 wait 6000 2>p.err >/dev/null &
tpid=$!
sleep 0.3
"$DTRACE" -q -p $tpid -n 'tgt$target:::ready { } tgt$target:::tick { @ = count(); }' >p.out 2>p.err2
wait $tpid
check_eq "-p PID: traced until it exits" "$(cat p.out)" "$(printf '\n %16d' 3)"
check_fails "-p of a pid that does not exist fails" "$DTRACE" -q -p 999999 -n 'tgt$target:::tick { }'

# --- profile:::tick-N (fired by dtrace's timer, in its own context)
out=$(timeout 20 "$DTRACE" -q -n 'tick-200ms { n++; printf("t%d ", n); } profile:::tick-1s { printf("|\n"); exit(0); }')
check_eq "tick-200ms fires 5 times before tick-1s" "$out" "t1 t2 t3 t4 t5 |"

# --- scripts as #! interpreters, macro arguments, -o
printf '#!%s -qs\n#pragma D option switchrate=10hz\nBEGIN\n{\n\tprintf("args %%d %%s\\n", $1, $$2);\n\texit(0);\n}\n' "$DTRACE" > s.d
chmod +x s.d
check_eq "#! script with \$1 (integer) and \$\$2 (string)" "$(./s.d 42 foo)" "args 42 foo"
"$DTRACE" -q -o out.txt -n 'BEGIN { printf("one\n"); exit(0); }' && "$DTRACE" -q -o out.txt -n 'BEGIN { printf("two\n"); exit(0); }'
check_eq "-o appends" "$(cat out.txt)" "$(printf 'one\n\ntwo\n')"

# --- drops are counted and reported, never silent
"$DTRACE" -q -x bufsize=4k -n 'tgt$target:::tick { printf("%d %s\n", arg0, copyinstr(arg2)); }' -c "$T_TARGET 200000" >drops.out 2>drops.err
check_match "a 4 KB buffer overflows: 'dtrace: N drops on CPU M'" "$(cat drops.err)" '^dtrace: [0-9]+ drops? on CPU [0-9]+$'
got=$(grep -c '^[0-9]' drops.out)
dropped=$(sed -n 's/^dtrace: \([0-9]*\) drops\{0,1\} on CPU.*/\1/p' drops.err | awk '{ s += $1 } END { print s + 0 }')
check_eq "records printed + drops reported = probe hits" "$((got + dropped))" 200000

# --- -l
check_eq "-l -n BEGIN" "$("$DTRACE" -l -n BEGIN)" "$(printf '%5s %10s %17s %33s %s\n%5s %10s %17s %33s %s' ID PROVIDER MODULE FUNCTION NAME 1 dtrace '' '' BEGIN)"
"$T_TARGET" 1 wait 6000 2>/dev/null >/dev/null &
tpid=$!
sleep 0.3
out=$("$DTRACE" -l -n "tgt$tpid:::tick")
kill $tpid 2>/dev/null; wait $tpid 2>/dev/null
check_match "-l -n 'tgtPID:::tick': the process's probe, DTrace's columns" "$out" "^ +[0-9]+ +tgt$tpid +target +main tick\$"
out=$("$DTRACE" -l -v -m "$T_TARGET")
check_match "-l -v -m FILE: sites, semaphores and argument locations" "$out" 'semaphore 0x[0-9a-f]+ \(ref_ctr offset 0x[0-9a-f]+\)'
check_match "-l -v -m FILE: DTrace's sections (argument types as target.d declares them), then the sites" "$(printf '%s\n' "$out" | tr '\n\t' '|~')" \
  'main tick\|\|~Probe Description Attributes\|~~Identifier Names: Private\|~~Data Semantics:   Private\|~~Dependency Class: Unknown\|\|~Argument Attributes\|~~Identifier Names: Private\|~~Data Semantics:   Private\|~~Dependency Class: Unknown\|\|~Argument Types\|~~args\[0\]: int\|~~args\[1\]: long\|~~args\[2\]: const char \*\|\|~Sites\|~~file [^|]*/target\|~~site 0x[0-9a-f]+ \(file offset 0x[0-9a-f]+\), semaphore 0x[0-9a-f]+ \(ref_ctr offset 0x[0-9a-f]+\), 3 arguments\|~~~arg0: -4@%[a-z0-9]+ +4-byte signed\|'
check_eq "-l -v -n BEGIN: DTrace's layout" "$("$DTRACE" -l -v -n BEGIN)" "$(printf '%5s %10s %17s %33s %s\n%5s %10s %17s %33s %s\n' ID PROVIDER MODULE FUNCTION NAME 1 dtrace '' '' BEGIN)
$(printf '\n\tProbe Description Attributes\n\t\tIdentifier Names: Stable\n\t\tData Semantics:   Stable\n\t\tDependency Class: Common\n')
$(printf '\n\tArgument Attributes\n\t\tIdentifier Names: Stable\n\t\tData Semantics:   Stable\n\t\tDependency Class: Common\n')
$(printf '\n\tArgument Types\n\t\tNone\n')"
# --- BEGIN fires before any other probe (and before the -c command runs)
firsts=''
for i in 1 2 3 4 5; do
  firsts+=$("$DTRACE" -q -n 'BEGIN { printf("BEGIN-first\n"); } syscall:::entry { printf("%s %s\n", execname, probefunc); }' \
    -c "$T_TARGET 1" 2>/dev/null | head -1)" "
done
check_eq "BEGIN's output comes before any syscall probe's, 5 runs of 5" "$firsts" "BEGIN-first BEGIN-first BEGIN-first BEGIN-first BEGIN-first "
# --- ':::' names every probe, the target's USDT probes included
out=$("$DTRACE" -q -n '::: /pid == $target && probeprov != "syscall"/ { @[probename] = count(); }' -c "$T_TARGET 3" 2>&1)
check_match "':::' matches the target's USDT probes (tick fired 3 times)" "$out" '^  tick +3$'
# --- -x defaultargs: unset $N is 0, $$N is "", an unset field matches all
out=$("$DTRACE" -q -x defaultargs -n 'BEGIN { printf("[%d] [%s]\n", $1 + 5, $$2); exit(0); }')
check_eq "-x defaultargs: \$1 is 0 and \$\$2 is \"\"" "$out" "[5] []"
out=$("$DTRACE" -q -n '#pragma D option defaultargs
tgt$target:$1::tick { n++; } END { printf("ticks %d\n", n); }' -c "$T_TARGET 3" 2>&1 | grep '^ticks')
check_eq "#pragma D option defaultargs: an unset \$1 in a probe description matches every module" "$out" "ticks 3"
"$DTRACE" -q -n 'BEGIN { printf("%d\n", $1); exit(0); }' >/dev/null 2>err.txt; rc=$?
check_eq "without defaultargs an unset \$1 is still an error (exit 1)" "$rc" 1
# --- -e: compile and match, enable nothing, run nothing
"$DTRACE" -e -n 'BEGIN { printf("ran\n"); exit(0); }' >e1.out 2>e1.err; rc=$?
check_eq "-e: a good program exits 0" "$rc" 0
check_eq "-e: BEGIN never runs, nothing printed" "$(cat e1.out e1.err)" ""
"$DTRACE" -e -n 'BEGIN { trace(; }' >/dev/null 2>e2.err; rc=$?
check_eq "-e: a syntax error exits 1" "$rc" 1
check_match "-e: the syntax error is reported" "$(cat e2.err)" 'syntax error'
"$DTRACE" -e -n 'tgt$target:::tick { n++; }' -c "$T_TARGET 3" >/dev/null 2>e3.err; rc=$?
check_eq "-e with -c: matched, exit 0" "$rc" 0
check_eq "-e with -c: the command never ran (it prints 'done' to stderr at its end)" "$(cat e3.err)" ""
"$DTRACE" -e -n 'tgt$target:::nosuchprobe { n++; }' -c "$T_TARGET 3" >/dev/null 2>e4.err; rc=$?
check_eq "-e: a description matching nothing exits 1" "$rc" 1
check_match "-e: ... naming it" "$(cat e4.err)" 'does not match any probes'
done_testing
