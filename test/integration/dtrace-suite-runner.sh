#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# dtrace-suite-runner.sh — test/dtrace-suite/run (the runner of DTrace's own
# tests, doc/dtrace-suite.md) on a small suite of our own made here: a test
# with an expected output that matches and one that does not, a rejected
# program (err.*), a self-checking program without output file, a program
# whose line order is free (sorted comparison), and out-of-scope tests by
# each rule; the per-area counts and the exit status are checked.  A third
# area in Oracle's layout (NAME.r with a stderr section, CPU/ID columns
# edited out, {ptr}, a .r.p filter, @@nosort, @@runtest-opts, @@trigger), and
# a nested area (variables/tvar) whose script is named by its full path;
# --linux-kernel (kernel providers, kernel symbols, Oracle triggers, .x and
# .sh tests, an awk .r.p filter).
. "$SRCDIR/test/lib.sh"
RUN=$SRCDIR/test/dtrace-suite/run
mkdir -p suite/alpha suite/beta

# alpha: 2 passes, 1 failure
printf '#pragma D option quiet\nBEGIN { printf("one %%d\\n", 1); exit(0); }\n' >suite/alpha/tst.match.d
printf 'one 1\n\n' >suite/alpha/tst.match.d.out
printf '#pragma D option quiet\nBEGIN { printf("two\\n"); exit(0); }\n' >suite/alpha/tst.mismatch.d
printf 'three\n\n' >suite/alpha/tst.mismatch.d.out
printf 'BEGIN { x = "s" + 1; }\n' >suite/alpha/err.D_OP_INCOMPAT.strplus.d

# beta: 2 passes (status only, sorted lines), 4 out of scope
printf 'BEGIN { exit(1 + 1 == 2 ? 0 : 1); }\n' >suite/beta/tst.selfcheck.d
cat >suite/beta/tst.unordered.d <<'EOF_D'
#pragma D option quiet
profile-1000hz /n++ == 0/ { printf("b\n"); printf("a\n"); exit(0); }
EOF_D
printf '\na\nb\n' >suite/beta/tst.unordered.d.out
printf 'fbt::read:entry { exit(0); }\n' >suite/beta/tst.kernel.d
printf 'BEGIN { trace(`kmem_flags); exit(0); }\n' >suite/beta/tst.symbol.d
printf 'BEGIN { trace(curthread); exit(0); }\n' >suite/beta/tst.curthread.d
printf 'dtrace -n BEGIN\n' >suite/beta/tst.shell.ksh

python3 "$RUN" --dtrace "$DTRACE" --timeout 30 --list-out-of-scope suite >out.txt 2>&1
status=$?
check_eq "the runner exits 1 when a test fails" "$status" 1
check_eq "alpha: 2 of 3 pass" "$(awk '$1 == "alpha" { print $2 "/" $3 " " $5 }' out.txt)" "2/3 0"
check_eq "beta: the self-checking and the unordered test pass, 4 out of scope" \
  "$(awk '$1 == "beta" { print $2 "/" $3 " " $5 }' out.txt)" "2/2 4"
check_eq "the failure is the mismatching output" \
  "$(grep -c 'alpha/tst.mismatch.d .*stdout differs' out.txt)" 1
check_eq "each out-of-scope rule named" \
  "$(grep -Ec 'tst.kernel.d +Solaris-only provider fbt|tst.symbol.d +kernel symbol|tst.curthread.d +Solaris kernel identifier curthread|tst.shell.ksh +ksh test' out.txt)" 4
check_eq "total" "$(awk '$1 == "TOTAL" { print $2 "/" $3 " " $4 }' out.txt)" "4/5 80.0%"
rm suite/alpha/tst.mismatch.d*
python3 "$RUN" --dtrace "$DTRACE" --timeout 30 suite >out2.txt 2>&1
check_eq "all pass: exit 0" "$?" 0

# gamma, Oracle's layout: 6 pass, 1 fails (order fixed by @@nosort), 1 out of scope
mkdir -p oracle/gamma
g=oracle/gamma
printf 'int a[2];\nBEGIN { trace(a[1]); exit(0); }\n' >$g/tst.columns.d
printf '%32s\n%32s  %10d\n\n-- @@stderr --\n%s\n' FUNCTION:NAME :BEGIN 0 \
  "dtrace: script 'test/unittest/gamma/tst.columns.d' matched 1 probe" >$g/tst.columns.r
printf '#pragma D option quiet\nBEGIN { printf("%%#x\\n", 0x1234); exit(0); }\n' >$g/tst.ptr.d
# a fault's line: its address as {ptr}, its instruction as NNN (Oracle's
# harness edits both)
printf 'BEGIN { trace(strtok(NULL, "!")); exit(1); }\nERROR { exit(0); }\n' >$g/tst.fault.d
printf '%32s\n%32s \n\n-- @@stderr --\n%s\n%s\n' FUNCTION:NAME :ERROR \
  "dtrace: script 'test/unittest/gamma/tst.fault.d' matched 2 probes" \
  "dtrace: error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): invalid address ({ptr}) at BPF pc NNN" >$g/tst.fault.r
printf '{ptr}\n\n' >$g/tst.ptr.r
printf '#pragma D option quiet\nBEGIN { printf("keep 1\\ndrop 2\\n"); exit(0); }\n' >$g/tst.filter.d
printf 'grep -v drop\n' >$g/tst.filter.r.p
printf 'keep 1\n\n' >$g/tst.filter.r
printf '/* @@nosort */\n#pragma D option quiet\nBEGIN { printf("b\\na\\n"); exit(0); }\n' >$g/tst.order.d
printf 'a\nb\n\n' >$g/tst.order.r
printf '/* @@runtest-opts: -q */\nBEGIN { printf("quiet\\n"); exit(0); }\n' >$g/tst.opts.d
printf 'quiet\n\n' >$g/tst.opts.r
printf '/* @@trigger: readwhilewait */\nBEGIN { exit(0); }\n' >$g/tst.trig.d
printf 'BEGIN { x = "s" + 1; }\n' >$g/err.D_OP_INCOMPAT.plus.d
python3 "$RUN" --dtrace "$DTRACE" --timeout 30 --list-out-of-scope oracle >out3.txt 2>&1
check_eq "gamma: 6 of 7 pass, 1 out of scope" \
  "$(awk '$1 == "gamma" { print $2 "/" $3 " " $5 }' out3.txt)" "6/7 1"
check_eq "the failure is the @@nosort order" \
  "$(grep -c 'gamma/tst.order.d .*output differs' out3.txt)" 1
check_eq "a trigger test is out of scope" \
  "$(grep -Ec 'tst.trig.d +needs a trigger program' out3.txt)" 1

# a nested area (Oracle's variables/tvar): the script is named by its path
# below the copy's root, marked by a PROVENANCE file (or a unittest folder)
mkdir -p copy/variables/tvar
: >copy/PROVENANCE
v=copy/variables/tvar
printf 'BEGIN { trace(1); exit(0); }\n' >$v/tst.nested.d
printf '%32s\n%32s  %10d\n\n-- @@stderr --\n%s\n' FUNCTION:NAME :BEGIN 1 \
  "dtrace: script 'test/unittest/variables/tvar/tst.nested.d' matched 1 probe" >$v/tst.nested.r
python3 "$RUN" --dtrace "$DTRACE" --timeout 30 copy/variables >out4.txt 2>&1
check_eq "a nested area's script is test/unittest/variables/tvar/NAME.d" \
  "$(awk '$1 == "tvar" { print $2 "/" $3 }' out4.txt)" "1/1"
mkdir -p src/test/unittest
cp -r copy/variables src/test/unittest/
python3 "$RUN" --dtrace "$DTRACE" --timeout 30 src/test/unittest/variables/tvar >out5.txt 2>&1
check_eq "... also below a folder named unittest" \
  "$(awk '$1 == "tvar" { print $2 "/" $3 }' out5.txt)" "1/1"
# --linux-kernel: the kernel providers and variables, kernel symbols, Oracle's
# triggers (the copy's triggers folder), .x files and executable .sh tests
mkdir -p kern/kprov kern/triggers
: >kern/PROVENANCE
k=kern/kprov
printf 'sched:::no-such-probe { trace(curpsinfo->pr_psargs); }\n' >$k/err.kprov.d
printf 'BEGIN { trace(`jiffies); exit(1); }\n' >$k/err.ksym.d
printf '#!/bin/sh\nexec sleep 23.5\n' >kern/triggers/sleeper
chmod +x kern/triggers/sleeper
cat >$k/tst.trig.d <<'EOF_D'
/* @@trigger: sleeper */
/* @@trigger-timing: before */
/* @@runtest-opts: $_pid */
#pragma D option quiet
BEGIN { printf("%d\n", $1 > 1); exit(0); }
EOF_D
printf '1\n\n' >$k/tst.trig.r
# no @@trigger-timing: Oracle's default, synchro: the trigger is dtrace's -c
cat >$k/tst.sync.d <<'EOF_D'
/* @@trigger: sleeper */
#pragma D option quiet
BEGIN { printf("%d\n", $target > 1); exit(0); }
EOF_D
printf '1\n\n' >$k/tst.sync.r
printf '/* @@trigger: no-such-trigger */\nBEGIN { exit(0); }\n' >$k/tst.notrig.d
printf 'BEGIN { exit(0); }\n' >$k/tst.skipped.d
printf '#!/bin/sh\necho "not here"\nexit 2\n' >$k/tst.skipped.x
chmod +x $k/tst.skipped.x
cat >$k/tst.arch.d <<EOF_D
/* @@runtest-opts: -C */
#pragma D option quiet
#if defined(ARCH_$(uname -m))
BEGIN { printf("arch\\n"); exit(0); }
#endif
EOF_D
printf 'arch\n\n' >$k/tst.arch.r
printf '#!/bin/bash\n$1 $dt_flags -qn '"'"'BEGIN { printf("one\\ntwo\\n"); exit(0); }'"'"'\n' >$k/tst.shell.sh
chmod +x $k/tst.shell.sh
printf '#!/usr/bin/awk -f\nNR == 1 { print "first", $1; }\n' >$k/tst.shell.r.p
chmod +x $k/tst.shell.r.p
printf 'first one\n' >$k/tst.shell.r
python3 "$RUN" --dtrace "$DTRACE" --timeout 30 --list-out-of-scope kern >out6.txt 2>&1
check_eq "without --linux-kernel: 7 of kprov out of scope; tst.arch fails (no -DARCH_)" \
  "$(awk '$1 == "kprov" { print $2 "/" $3 " " $5 }' out6.txt)" "0/1 7"
check_eq "... as Solaris-only, kernel symbol, trigger, .x and shell" \
  "$(grep -Ec 'err.kprov.d +Solaris-only provider sched|err.ksym.d +kernel symbol|tst.trig.d +needs a trigger|tst.sync.d +needs a trigger|tst.notrig.d +needs a trigger|tst.skipped.d +skipped by tst.skipped.x: not here|tst.shell.sh +shell test' out6.txt)" 7
python3 "$RUN" --dtrace "$DTRACE" --timeout 30 --linux-kernel --list-out-of-scope kern >out7.txt 2>&1
check_eq "--linux-kernel: the provider, the symbol, the triggers (before: \$_pid its pid; synchro: -c, \$target), -DARCH_, the .sh through an awk .r.p" \
  "$(awk '$1 == "kprov" { print $2 "/" $3 " " $5 }' out7.txt)" "6/6 2"
check_eq "... a missing trigger and a .x exiting 2 stay out" \
  "$(grep -Ec 'tst.notrig.d +needs a trigger program \(no-such-trigger\)|tst.skipped.d +skipped by tst.skipped.x' out7.txt)" 2
check_eq "... the trigger was killed when dtrace ended" \
  "$(pgrep -xc -f 'sleep 23.5')" 0
done_testing
