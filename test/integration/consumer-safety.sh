#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-safety.sh — speculative tracing (speculation/speculate/commit/
# discard, nspec, specsize and their drop messages), runtime faults (bad
# copyinstr address, division and modulo by zero, illegal speculation ids)
# with DTrace's error line and the ERROR probe, tracing going on after them,
# dynvarsize bounding self-> and associative arrays, and destructive actions
# (-w required; system, raise, stop, copyout, copyoutstr seen in the target;
# chill's busy wait).
. "$SRCDIR/test/lib.sh"
data=$SRCDIR/test/integration/data
"$DTRACE" -h -s "$data/safety.d" -o safety.h || fail "dtrace -h safety.d"
"$DTRACE" -G -s "$data/safety.d" -o safety-sem.o || fail "dtrace -G safety.d"
gcc -O2 -I. "$data/safety.c" safety-sem.o -o safety || fail "build safety"
S=$T/safety

# run NAME MODE-ARGS DTRACE-ARGS...: dtrace ... -c './safety MODE-ARGS',
# stdout to NAME.out, stderr to NAME.err, status to NAME.rc
run () {
  local name=$1 targs=$2; shift 2
  "$DTRACE" "$@" -c "$S $targs" >"$name.out" 2>"$name.err"
  echo $? >"$name.rc"
}

# ------------------------------------------------------------------------
# Speculations

out=$("$DTRACE" -q -n '
BEGIN { var = speculation(); printf("Speculation ID: %d\n", var); }
BEGIN { speculate(var); printf("Called speculate on id: %d\n", var); }
BEGIN { commit(var); }
BEGIN { printf("Succesfully tested buffer commit\n"); exit(0); }' 2>spec1.err)
check_eq "BEGIN: speculation(), speculate(), commit() (Oracle tst.SpeculationCommit)" "$out" \
  "$(printf 'Speculation ID: 1\nCalled speculate on id: 1\nSuccesfully tested buffer commit\n')"
out=$("$DTRACE" -q -n '
BEGIN { var = speculation(); printf("Speculation ID: %d\n", var); }
BEGIN { speculate(var); printf("Called speculate on id: %d\n", var); }
BEGIN { discard(var); }
BEGIN { printf("Successfully tested buffer discard\n"); exit(0); }')
check_eq "BEGIN: discard() drops the speculated data (Oracle tst.SpeculationDiscard)" "$out" \
  "$(printf 'Speculation ID: 1\nSuccessfully tested buffer discard\n')"

out=$("$DTRACE" -q -x nspec=4 -n '
BEGIN { a = speculation(); b = speculation(); c = speculation(); d = speculation(); }
BEGIN { speculate(a); printf("a%d ", a); }
BEGIN { speculate(b); printf("b%d ", b); }
BEGIN { speculate(c); printf("c%d ", c); }
BEGIN { speculate(d); printf("d%d ", d); }
BEGIN { commit(d); discard(c); commit(b); commit(a); }
BEGIN { printf("end\n"); exit(0); }' 2>spec4.err)
check_eq "several commit()s and discard()s in one clause (Oracle tst.CommitDiscard4x)" "$out" "d4 b2 a1 end"
check_eq "... no error" "$(cat spec4.err)" ""

out=$("$DTRACE" -n '
BEGIN { s = speculation(); }
BEGIN { speculate(s); printf("spec"); }
BEGIN { commit(s); }
BEGIN { s2 = speculation(); }
BEGIN { discard(s2); }
BEGIN { exit(0); }' 2>/dev/null | cut -c12-)
check_eq "not quiet: a commit()/discard() clause prints no probe line of its own (Oracle tst.SpeculationCommitNotQuiet)" \
  "$out" "$(printf '%32s\n%32s spec\n%32s \n' FUNCTION:NAME :BEGIN :BEGIN)"

for end in commit discard; do
  out=$("$DTRACE" -n "BEGIN { s = speculation(); } BEGIN { speculate(s); } BEGIN { $end(s); } BEGIN { exit(0); }" \
    2>/dev/null | grep -c ':BEGIN')
  check_eq "not quiet: a clause that only speculates prints its probe line if committed ($end: Oracle tst.SpeculationDefault*)" \
    "$out" "$([ $end = commit ] && echo 2 || echo 1)"
done

run evenodd "tick 6" -q -n '
saf$target:::tick { self->spec = speculation(); }
saf$target:::tick /self->spec/ { speculate(self->spec); printf("tick %d %s\n", arg0, copyinstr(arg1)); }
saf$target:::tick /self->spec/ { speculate(self->spec); printf("  more %d\n", arg0); }
saf$target:::tick /self->spec && arg0 % 2 == 0/ { commit(self->spec); self->spec = 0; }
saf$target:::tick /self->spec/ { discard(self->spec); self->spec = 0; }
saf$target:::done { printf("done %d\n", arg0); }'
check_eq "USDT: even ticks committed (two clauses each, in order), odd ones discarded" "$(cat evenodd.out)" \
  "$(printf 'tick 0 alpha\n  more 0\ntick 2 gamma\n  more 2\ntick 4 beta\n  more 4\ndone 6\n')"
check_eq "... no drop or failure messages" "$(cat evenodd.err)" ""

run where "tick 6" -q -n '
saf$target:::tick /arg0 == 0/ { s = speculation(); }
saf$target:::tick /arg0 == 1 || arg0 == 2/ { speculate(s); printf("speculated at %d\n", arg0); }
saf$target:::tick { printf("plain %d\n", arg0); }
saf$target:::tick /arg0 == 4/ { commit(s); }
saf$target:::tick /arg0 == 5/ { speculate(s); printf("after the commit: never\n"); }'
check_eq "committed data appears where commit() ran; an inactive id skips the clause" "$(cat where.out)" \
  "$(printf 'plain 0\nplain 1\nplain 2\nplain 3\nplain 4\nspeculated at 1\nspeculated at 2\nplain 5\n')"

run zero "tick 3" -q -n '
saf$target:::tick { speculate(0); printf("never %d\n", arg0); }
saf$target:::tick { commit(0); discard(0); }
saf$target:::tick { printf("t%d\n", arg0); }'
check_eq "speculate(0) skips the rest of its clause; commit(0)/discard(0) do nothing" "$(cat zero.out)" \
  "$(printf 't0\nt1\nt2\n')"

run failed "tick 6" -q -n 'saf$target:::tick { x = speculation(); }'
check_eq "nspec=1: five of six speculation() calls fail" "$(cat failed.err)" \
  "dtrace: 5 failed speculations (no speculative buffer available)"
run failed3 "tick 6" -q -x nspec=3 -n 'saf$target:::tick { x = speculation(); printf("%d ", x); }'
check_eq "-x nspec=3: ids 1 2 3, then 0" "$(cat failed3.out)" "$(printf '1 2 3 0 0 0 \n')"
check_eq "... 'dtrace: 3 failed speculations ...'" "$(cat failed3.err)" \
  "dtrace: 3 failed speculations (no speculative buffer available)"
run failed1 "tick 2" -q -n 'saf$target:::tick { x = speculation(); }'
check_eq "singular: 'dtrace: 1 failed speculation ...'" "$(cat failed1.err)" \
  "dtrace: 1 failed speculation (no speculative buffer available)"

run specdrop "tick 6" -q -x specsize=100 -n '
saf$target:::tick { s = speculation(); speculate(s); printf("%s\n", copyinstr(arg1)); }
saf$target:::tick { commit(s); }'
check_eq "-x specsize=100: every record too big: 'dtrace: 6 speculative drops'" "$(cat specdrop.err)" \
  "dtrace: 6 speculative drops"
check_eq "... and nothing committed" "$(cat specdrop.out)" ""

# compile-time rules (D_SPEC_DREC, D_COMM_DREC, D_DREC_COMM, D_AGG_SPEC, D_EXIT_SPEC, D_SPEC_SPEC, D_ACT_SPEC)
spec_rule () {
  local desc=$1 prog=$2 msg=$3
  "$DTRACE" -q -w -n "$prog" >rule.out 2>rule.err; local rc=$?
  check_eq "$desc: exit 1" "$rc" 1
  check_match "$desc: '$msg'" "$(cat rule.err)" "^dtrace: invalid probe specifier .*: line [0-9]+: $msg\$"
}
spec_rule "speculate after printf" 'BEGIN { printf("x"); speculate(1); }' \
  'speculate\( \) may not follow data-recording action\(s\)'
spec_rule "speculate twice" 'BEGIN { speculate(1); speculate(1); }' 'speculate\( \) may not follow speculate\( \)'
spec_rule "commit after trace" 'BEGIN { trace(1); commit(1); }' 'commit\( \) may not follow data-recording action\(s\)'
spec_rule "trace after commit" 'BEGIN { commit(1); trace(1); }' 'data-recording actions may not follow commit\( \)'
spec_rule "aggregation after speculate" 'BEGIN { speculate(1); @a = count(); }' \
  'aggregating actions may not follow speculate\( \)'
spec_rule "exit after speculate" 'BEGIN { speculate(1); exit(0); }' 'exit\( \) may not follow speculate\( \)'
spec_rule "destructive action after speculate" 'BEGIN { speculate(1); raise(0); }' \
  'destructive actions may not follow speculate\( \)'

# ------------------------------------------------------------------------
# Faults

run bad "bad" -q -n '
saf$target:::done { printf("done %d\n", arg0); }
saf$target:::bad { printf("lost %s\n", copyinstr(arg0)); }
saf$target:::bad { printf("next clause runs\n"); }
ERROR { printf("ERROR epid=%d action=%d fault=%d addr=%x\n", arg1, arg2, arg4, arg5); }'
check_match "copyinstr(16): DTrace's error line (dt_clause_1: the second clause)" "$(cat bad.err)" \
  '^dtrace: error in dt_clause_1 for probe ID [0-9]+ \(saf[0-9]+:safety:main:bad\): invalid address \(0x10\) at BPF pc [0-9]+$'
check_eq "... ERROR fires at the fault; the faulting clause prints nothing; the next clause and later probes run" \
  "$(cat bad.out)" "$(printf 'ERROR epid=2 action=1 fault=1 addr=10\nnext clause runs\ndone 1\n')"
check_eq "... exit status 0 (faults leave it unchanged)" "$(cat bad.rc)" 0

run cin "bad" -q -n 'saf$target:::bad { trace(copyin(arg0, 4)); } saf$target:::done { printf("done\n"); }'
check_match "copyin(16, 4): 'invalid address (0x10)'" "$(cat cin.err)" \
  '^dtrace: error in dt_clause_0 for probe ID [0-9]+ \(saf[0-9]+:safety:main:bad\): invalid address \(0x10\) at BPF pc [0-9]+$'
check_eq "... tracing goes on" "$(cat cin.out)" "$(printf 'done\n')"
run pidf "tick 1" -q -n 'pid$target::main:entry { x = 1; y = 2 / (x - 1); } saf$target:::done { printf("done\n"); }'
check_match "a pid-provider probe's fault names the probe" "$(cat pidf.err)" \
  '^dtrace: error in dt_clause_0 for probe ID [0-9]+ \(pid[0-9]+:safety:main:entry\): divide-by-zero at BPF pc [0-9]+$'
check_eq "... tracing goes on" "$(cat pidf.out)" "$(printf 'done\n')"

run div "tick 5" -q -n '
saf$target:::tick { printf("%d ", 100 / (arg0 - 2)); }
saf$target:::tick /arg0 == 3/ { n++; x = 5; y = arg0 % (arg0 - 3); printf("never"); }
saf$target:::done { printf("| n=%d x=%d\n", n, x); }'
check_eq "division by zero at run time: only that firing's clause is lost; stores before the fault persist" \
  "$(cat div.out)" "$(printf -- '-50 -100 100 50 | n=1 x=5\n')"
check_match "... 'divide-by-zero' in dt_clause_0" "$(cat div.err)" \
  '^dtrace: error in dt_clause_0 for probe ID [0-9]+ \(saf[0-9]+:safety:main:tick\): divide-by-zero at BPF pc [0-9]+$'
check_match "... modulo: 'divide-by-zero' in the second clause, dt_clause_1" "$(cat div.err)" \
  '^dtrace: error in dt_clause_1 for probe ID [0-9]+ \(saf[0-9]+:safety:main:tick\): divide-by-zero at BPF pc [0-9]+$'
check_eq "... two error lines" "$(grep -c '^dtrace: error in dt_clause_' div.err)" 2

run pred "tick 4" -q -n '
saf$target:::tick /100 / (arg0 - 1) > 0/ { printf("%d ", arg0); }
saf$target:::done { printf("done\n"); }
ERROR { printf("[ERROR action %d] ", arg2); }'
check_eq "a fault in a predicate skips the clause (0: -100, 1: fault); ERROR's arg2 is 0, the predicate" \
  "$(cat pred.out)" "$(printf '[ERROR action 0] 2 3 done\n')"
check_match "... the error line" "$(cat pred.err)" '^dtrace: error in dt_clause_0 for probe ID [0-9]+ \(saf[0-9]+:safety:main:tick\): divide-by-zero at BPF pc [0-9]+$'

run many "tick 50" -q -n '
saf$target:::tick { n++; x = 1 / (arg0 - arg0); }
ERROR { e++; }
saf$target:::done { printf("n=%d\n", n); }
END { printf("errors=%d\n", e); }'
check_eq "50 faults: 50 error lines" "$(grep -c '^dtrace: error in dt_clause_0 ' many.err)" 50
check_eq "... tracing went on (done fired), ERROR counted all 50" "$(cat many.out)" "$(printf 'n=50\nerrors=50\n')"

out=$("$DTRACE" -q -n 'BEGIN { commit(7); } BEGIN { printf("on\n"); exit(0); }' 2>ill.err)
check_eq "commit(id > nspec): the clause faults, the next one runs" "$out" "on"
check_match "... 'illegal operation'" "$(cat ill.err)" \
  '^dtrace: error in dt_clause_0 for probe ID 1 \(dtrace:::BEGIN\): illegal operation at BPF pc [0-9]+$'

out=$("$DTRACE" -q -n 'BEGIN { speculate(-1); printf("never\n"); } BEGIN { speculate(9); printf("never\n"); }
  BEGIN { printf("on\n"); exit(0); }' 2>badspec.err)
check_eq "speculate(-1), speculate(id > nspec): the clause is skipped, no fault (Oracle tst.negspec)" "$out" "on"
check_eq "... no error line" "$(cat badspec.err)" ""

# ------------------------------------------------------------------------
# Dynamic variables

run dyn "tick 100" -q -x dynvarsize=512 -n '
saf$target:::tick { a[arg0] = 1; }
saf$target:::tick /a[arg0]/ { @stored = count(); }
END { printa("stored=%@d\n", @stored); }'
stored=$(sed -n 's/^stored=//p' dyn.out)
drops=$(sed -n 's/^dtrace: \([0-9]*\) dynamic variable drops\{0,1\}$/\1/p' dyn.err | awk '{ s += $1 } END { print s + 0 }')
check_match "-x dynvarsize=512: 'dtrace: N dynamic variable drops'" "$(cat dyn.err)" '^dtrace: [0-9]+ dynamic variable drops$'
check_eq "... elements stored + drops = 100 stores (stored: $stored)" "$((stored + drops))" 100
check_match "... some fit" "$stored" '^[1-9][0-9]*$'

run dynfree "tick 100" -q -x dynvarsize=2k -n '
saf$target:::tick { a[arg0] = 1; self->x = arg0 + 1; }
saf$target:::tick /a[arg0] && self->x == arg0 + 1/ { @stored = count(); a[arg0] = 0; self->x = 0; }
END { printa("stored=%@d\n", @stored); }'
check_eq "assigning 0 to a[k] and self->x frees them: 100 stores fit in 2k" "$(cat dynfree.out)" "$(printf 'stored=100\n\n')"
check_eq "... no drops" "$(cat dynfree.err)" ""
run over "tick 2" -q -x dynvarsize=2k -n 'saf$target:::tick { s["k"] = copyinstr(arg1); self->n = arg0 + 10; } saf$target:::done { printf("%s %d\n", s["k"], self->n); }'
check_eq "existing elements are overwritten in place (a shorter string too), taking no new space" "$(cat over.out)" "$(printf 'beta 11\n')"
check_eq "... no drops" "$(cat over.err)" ""
run dynstr "tick 100" -q -n 'saf$target:::tick { s[arg0] = copyinstr(arg1); } saf$target:::done { printf("%s %s\n", s[0], s[99]); }'
check_eq "default dynvarsize (1m): 100 string elements fit" "$(cat dynstr.out)" "$(printf 'alpha alpha\n')"
check_eq "... no drops" "$(cat dynstr.err)" ""

# ------------------------------------------------------------------------
# Destructive actions

for act in 'system("true")' 'raise(10)' 'stop()' 'copyout("x", arg0, 1)' 'copyoutstr("x", arg0, 2)' 'chill(1)'; do
  run nodes "poke" -q -n "saf\$target:::poke { $act; }"
  check_eq "without -w, $act: exit 1" "$(cat nodes.rc)" 1
  check_eq "... 'dtrace: could not enable tracing: Destructive actions not allowed'" "$(cat nodes.err)" \
    "dtrace: could not enable tracing: Destructive actions not allowed"
done
run wnote "tick 1" -w -n 'saf$target:::tick { system("true"); }'
check_match "-w: 'dtrace: allowing destructive actions'" "$(head -1 wnote.err)" '^dtrace: allowing destructive actions$'
printf '#pragma D option destructive\n#pragma D option quiet\nsaf$target:::tick { system("echo pragma %%d", arg0); }\n' >pragma.d
run pragma "tick 2" -s pragma.d
check_eq "#pragma D option destructive allows them" "$(cat pragma.out)" "$(printf 'pragma 0\npragma 1\n')"

run sys "tick 2" -q -w -n 'saf$target:::tick { printf("before %d\n", arg0); system("echo system %d %s", arg0, copyinstr(arg1)); printf("after %d\n", arg0); }'
check_eq "system(): formatted, run by dtrace, output in record order" "$(cat sys.out)" \
  "$(printf 'before 0\nsystem 0 alpha\nafter 0\nbefore 1\nsystem 1 beta\nafter 1\n')"

run chill "tick 2" -q -w -n 'saf$target:::tick { t = timestamp; chill(20000); printf("%d ", timestamp - t >= 20000); }
  saf$target:::tick { chill(0); chill(-5); printf("%d\n", arg0); }'
check_eq "chill(20000) waits 20 us in the probe; chill(0) and chill(-5) do nothing" "$(cat chill.out)" \
  "$(printf '1 0\n1 1\n')"
out=$("$DTRACE" -q -w -n 'BEGIN { t = timestamp; chill(1000000000); trace(timestamp - t < 500000000); exit(0); }')
check_eq "chill(1 s) is cut short (a bounded loop): under 500 ms" "$out" 1
out=$("$DTRACE" -q -w -n 'BEGIN { s = speculation(); chill(1); speculate(s); printf("never"); } BEGIN { exit(0); }' 2>&1)
check_eq "chill() before speculate() is allowed (tst.zerosize)" "$out" ""

check_eq "(control) the target alone gets no SIGUSR1" "$("$S" sig)" "sigusr1=0"
run sig "sig" -q -w -n 'saf$target:::sig { raise(10); }'
check_eq "raise(SIGUSR1) reaches the target's handler" "$(cat sig.out)" "$(printf 'sigusr1=1\n')"

check_eq "(control) the target alone keeps its buffer" "$("$S" poke)" "buf=original"
run cout "poke" -q -w -n 'saf$target:::poke { copyout("XY", arg0, 2); }'
check_eq "copyout(\"XY\", buf, 2) changes the target's buffer" "$(cat cout.out)" "$(printf 'buf=XYiginal\n')"
run coutstr "poke" -q -w -n 'saf$target:::poke { copyoutstr("changed", arg0, arg1); }'
check_eq "copyoutstr(\"changed\", buf, 32)" "$(cat coutstr.out)" "$(printf 'buf=changed\n')"
SDTKIT_USER_COPYOUT=1 run ucout "poke" -q -w -n 'saf$target:::poke { copyoutstr("by-dtrace", arg0, arg1); }'
check_eq "copyoutstr done by the consumer (the path kernels in lockdown need)" "$(cat ucout.out)" \
  "$(printf 'buf=by-dtrace\n')"

rm -f halt.pid
"$DTRACE" -q -w -n 'saf$target:::halt { stop(); printf("stopped\n"); }' -c "$S halt" >halt.out 2>halt.err &
dpid=$!
n=0; while [ ! -s halt.pid ] && [ $n -lt 100 ]; do sleep 0.1; n=$((n + 1)); done
hp=$(cat halt.pid 2>/dev/null)
state=
n=0; while [ -n "$hp" ] && [ $n -lt 100 ]; do
  state=$(awk '{ print $3 }' "/proc/$hp/stat" 2>/dev/null); [ "$state" = T ] && break; sleep 0.1; n=$((n + 1))
done
check_eq "stop(): the target is stopped (state T)" "$state" T
# dtrace prints the clause's record while the target is still stopped
n=0; while ! grep -q stopped halt.out && [ $n -lt 50 ]; do sleep 0.1; n=$((n + 1)); done
check_eq "... and dtrace has printed the clause's output while it is stopped" "$(cat halt.out)" stopped
[ -n "$hp" ] && kill -CONT "$hp" 2>/dev/null
wait $dpid
check_eq "... and runs on after SIGCONT" "$(cat halt.out)" "$(printf 'stopped\nresumed\n')"

done_testing
