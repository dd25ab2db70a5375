#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# scripts.sh — the ready D scripts of scripts/ run as executables (their
# `#!/usr/bin/env -S dtrace -qs` line, our dtrace first on PATH) against a
# known program (data/scripts-prog.c) and the USDT target of consumer.sh,
# asserting the lines they must show; then DTraceToolkit-style one-liners
# (the classic DTrace one-liners) adapted to -c and a known program.
. "$SRCDIR/test/lib.sh"
data=$SRCDIR/test/integration/data
scripts=$SRCDIR/scripts
PATH=$BUILDDIR:$PATH
gcc -O2 -fno-omit-frame-pointer -o sp "$data/scripts-prog.c" || fail "build scripts-prog"
"$DTRACE" -h -s "$data/target.d" -o target.h || fail "dtrace -h target.d"
"$DTRACE" -G -s "$data/target.d" -o target-sem.o || fail "dtrace -G target.d"
gcc -O2 -I. "$data/target.c" target-sem.o -o target || fail "build target"
head -c 100 /dev/zero | tr '\0' x >known.txt
KNOWN=$T/known.txt

# run NAME CMD...: stdout to NAME.out, stderr to NAME.err, status to NAME.rc
run () {
  local name=$1; shift
  "$@" >"$name.out" 2>"$name.err"
  echo $? >"$name.rc"
}
# prog_pid NAME: the pid scripts-prog reported on NAME.err
prog_pid () { sed -n 's/^pid=\([0-9]*\) .*/\1/p' "$1.err"; }
# qsum FILE: the sum of the count column of the quantize rows in FILE
qsum () { awk '$2 ~ /^\|/ { s += $NF } END { print s + 0 }' "$1"; }

for s in opensnoop syscount errinfo funccount calltime hotuser usdtcount; do
  check "scripts/$s.d is executable with the dtrace -qs interpreter line" \
    sh -c "test -x '$scripts/$s.d' && head -1 '$scripts/$s.d' | grep -qx '#!/usr/bin/env -S dtrace -qs'"
done

# --- opensnoop.d: the known file with its real fd, the missing one with errno 2
run open "$scripts/opensnoop.d" -c "$T/sp 3 $KNOWN"
p=$(prog_pid open); fd=$(sed -n 's/.* fd=\([0-9-]*\) .*/\1/p' open.err)
check_eq "opensnoop.d: exit status 0 when the command exits" "$(cat open.rc)" 0
# BEGIN runs before any other probe can fire: the header is the first line
check_match "opensnoop.d: header first" "$(head -1 open.out)" '^   PID COMMAND +FD ERR PATH$'
check_match "opensnoop.d: the known file with the fd the program got ($fd)" "$(cat open.out)" \
  "^ *$p sp +$fd +0 $KNOWN\$"
check_match "opensnoop.d: the missing file with fd -1 and errno 2" "$(cat open.out)" \
  "^ *$p sp +-1 +2 /nonexistent/sdtkit-missing\$"
check_eq "opensnoop.d: no dtrace error" "$(grep -v '^pid=' open.err)" ""

# --- syscount.d: 20000 getppid() of the program, at most 20 lines, fewest first
run sysc "$scripts/syscount.d" -c "$T/sp 3 $KNOWN"
p=$(prog_pid sysc)
check_match "syscount.d: header" "$(cat sysc.out)" '^    PID COMMAND +SYSCALL +COUNT$'
check_match "syscount.d: the program's 20000 getppid calls" "$(cat sysc.out)" "^ *$p sp +getppid +20000\$"
rows=$(sed '1,/^ *PID COMMAND/d' sysc.out)
check "syscount.d: at most 20 rows" test "$(printf '%s\n' "$rows" | wc -l)" -le 20
check_eq "syscount.d: rows sorted by count, ascending" \
  "$(printf '%s\n' "$rows" | awk '{print $NF}')" "$(printf '%s\n' "$rows" | awk '{print $NF}' | sort -n)"

# --- errinfo.d: close(-1) x7 -> EBADF 9, chdir(missing) x3 -> ENOENT 2
run err "$scripts/errinfo.d" -c "$T/sp 3 $KNOWN"
check_match "errinfo.d: header" "$(cat err.out)" '^COMMAND +SYSCALL +ERRNO +COUNT$'
check_match "errinfo.d: sp close EBADF 7 times" "$(cat err.out)" '^sp +close +9 +7$'
check_match "errinfo.d: sp chdir ENOENT 3 times" "$(cat err.out)" '^sp +chdir +2 +3$'
check_match "errinfo.d: sp openat ENOENT (the missing file)" "$(cat err.out)" '^sp +openat +2 +[0-9]+$'

# --- funccount.d: counted() exactly 1000 times, main once
run func "$scripts/funccount.d" -c "$T/sp 1000 $KNOWN"
check_eq "funccount.d: exit status 0" "$(cat func.rc)" 0
check_match "funccount.d: header" "$(cat func.out)" '^MODULE +FUNCTION +CALLS$'
check_match "funccount.d: sp\`counted called exactly 1000 times" "$(cat func.out)" '^sp +counted +1000$'
check_match "funccount.d: libc's getppid 20000 times" "$(cat func.out)" '^libc\.so\.6 +getppid +20000$'
check "funccount.d: at most 25 rows" test "$(sed '1,/^MODULE/d' func.out | wc -l)" -le 25
run funcm "$scripts/funccount.d" -c "$T/sp 1000 $KNOWN" libc.so.6
check_match "funccount.d MODULE: libc's getppid 20000 times" "$(cat funcm.out)" '^libc\.so\.6 +getppid +20000$'
check_eq "funccount.d MODULE: no other module's functions" "$(sed '1,/^MODULE/d' funcm.out | grep -vc '^libc\.so\.6 ')" 0

# --- calltime.d counted: a quantize block whose counts add up to the 1000 calls
run ct "$scripts/calltime.d" -c "$T/sp 1000 $KNOWN" counted
check_eq "calltime.d: exit status 0" "$(cat ct.rc)" 0
check_match "calltime.d: the target's pid in the banner" "$(cat ct.out)" "^Timing counted\(\) in pid $(prog_pid ct)\.\.\.\$"
check_match "calltime.d: 1000 completed calls" "$(cat ct.out)" '^counted\(\) completed calls: 1000$'
check_match "calltime.d: a quantize block keyed by the function" "$(cat ct.out)" '^  counted +$'
check_match "calltime.d: DTrace's distribution header" "$(cat ct.out)" '^           value  ------------- Distribution ------------- count    $'
check_eq "calltime.d: the block's counts total 1000" "$(qsum ct.out)" 1000
"$scripts/calltime.d" -c "$T/sp 1" >ct-noarg.out 2>ct-noarg.err; rc=$?
check_eq "calltime.d without the function: exit 1" "$rc" 1
check_match "... saying \$1 is missing" "$(cat ct-noarg.err)" 'macro argument \$\$1 is not defined'

# --- hotuser.d: spin() is where the program burns its CPU
run hot "$scripts/hotuser.d" -c "$T/sp 3 $KNOWN 400000000"
check_match "hotuser.d: header" "$(cat hot.out)" '^FUNCTION +SAMPLES$'
spin=$(sed -n 's/^sp`spin  *\([0-9]*\)$/\1/p' hot.out)
total=$(sed -n 's/^total user samples: \([0-9]*\)$/\1/p' hot.out)
check_match "hotuser.d: sp\`spin sampled" "${spin:-none}" '^[0-9]+$'
check "hotuser.d: sp\`spin has most of the $total samples (${spin:-0})" test "${spin:-0}" -gt $(( ${total:-0} / 2 ))
check_eq "hotuser.d: sp\`spin is the busiest (last) row" "$(sed -n '/^sp`spin/=' hot.out)" \
  "$(grep -En '^[^ ]+ +[0-9]+$' hot.out | tail -1 | cut -d: -f1)"

# hotuser.d -p: a process already spinning, until Ctrl-C (SIGINT)
(exec "$T/sp" 3 "$KNOWN" 100000000000 2>/dev/null) & sp=$!
sleep 0.3
timeout -s INT 4 "$scripts/hotuser.d" -p "$sp" >hotp.out 2>hotp.err
kill "$sp" 2>/dev/null; wait "$sp" 2>/dev/null
check_match "hotuser.d -p: the banner names the pid" "$(cat hotp.out)" "^Sampling pid $sp at 997 Hz\.\.\.\$"
spin=$(sed -n 's/^sp`spin  *\([0-9]*\)$/\1/p' hotp.out)
check "hotuser.d -p, stopped by SIGINT: sp\`spin sampled about 997 times a second (${spin:-none})" test "${spin:-0}" -ge 200

# --- usdtcount.d: tgt probes of the consumer tests' target
run usdt "$scripts/usdtcount.d" -c "$T/target 10"
prov=$(sed -n 's/^\(tgt[0-9]*\) .*/\1/p' usdt.out | head -1)
expect=$(printf '%-32s %-32s %10s\n%-32s %-32s %10d\n%-32s %-32s %10d\n%-32s %-32s %10d' \
  PROVIDER PROBE COUNT "$prov" ready 1 "$prov" neg 7 "$prov" tick 10)
check_match "usdtcount.d: provider named with the pid" "${prov:-none}" '^tgt[0-9]+$'
check_eq "usdtcount.d: ready 1, neg 7, tick 10 (most frequent last)" "$(cat usdt.out)" "$expect"

# --- one-liners (the classic DTrace one-liners), adapted to -c and the known program
ol () { local name=$1 prog=$2; shift 2; "$DTRACE" -n "$prog" "$@" >"$name.out" 2>"$name.err"; echo $? >"$name.rc"; }
ol ol1 'syscall:::entry { @num[execname] = count(); }' -c "$T/sp 3 $KNOWN"
n=$(sed -n 's/^  sp  *\([0-9]*\)$/\1/p' ol1.out)
check "#1 @num[execname]: sp with at least its 20000 getppid calls (${n:-none})" test "${n:-0}" -ge 20000
check_match "#1 matched notice" "$(cat ol1.err)" "^dtrace: description 'syscall:::entry ' matched [0-9]+ probes\$"
ol ol2 'syscall:::entry { @num[probefunc] = count(); }' -c "$T/sp 3 $KNOWN"
n=$(sed -n 's/^  getppid  *\([0-9]*\)$/\1/p' ol2.out)
check "#2 @num[probefunc]: getppid at least 20000 (${n:-none})" test "${n:-0}" -ge 20000
ol ol3 'syscall:::entry { @num[pid,execname] = count(); }' -c "$T/sp 3 $KNOWN"
check_match "#3 @num[pid,execname]: the program's pid, name and count" "$(cat ol3.out)" \
  "^ +$(prog_pid ol3)  sp +[0-9]{5,}\$"
ol ol8 'syscall::read:return /execname == "sp"/ { @ = quantize(arg0); }' -c "$T/sp 3 $KNOWN"
check_match "#8 quantize(read's return): the 100-byte read in the 64 row" "$(cat ol8.out)" '^ +64 \|@+ +1 +$'
check_match "#8 ... and the read at end of file in the 0 row" "$(cat ol8.out)" '^ +0 \|@+ +[1-9][0-9]* +$'
ol ol9 'syscall::read:entry { self->ts = timestamp; } syscall::read:return /self->ts/ { @[execname] = quantize(timestamp - self->ts); self->ts = 0; }' -c "$T/sp 3 $KNOWN"
awk '/^  sp *$/ { on = 1; next } on && /^  [^ ]/ { on = 0 } on' ol9.out >ol9.sp
check "#9 read latency by execname: an sp block with at least 2 reads ($(qsum ol9.sp))" test "$(qsum ol9.sp)" -ge 2
ol ol10 'syscall:::entry /pid == $target/ { @[probefunc] = count(); }' -c "$T/sp 3 $KNOWN"
check_match "#10 -c/\$target: getppid exactly 20000" "$(cat ol10.out)" '^  getppid +20000$'
check_match "#10 chdir exactly 3" "$(cat ol10.out)" '^  chdir +3$'
check_match "#10 dtrace says the target exited" "$(cat ol10.err)" "^dtrace: pid $(prog_pid ol10) has exited\$"
ol ol11 'profile-997 { @[execname] = count(); } tick-5s { exit(0); }' -c "$T/sp 3 $KNOWN 400000000"
n=$(sed -n 's/^  sp  *\([0-9]*\)$/\1/p' ol11.out)
check "#11 profile-997 @[execname]: sp sampled while it spins (${n:-none})" test "${n:-0}" -ge 10
ol ol13 'pid$target:::entry { @[probefunc] = count(); }' -c "$T/sp 1000 $KNOWN"
check_match "#13 pid\$target:::entry: counted exactly 1000" "$(cat ol13.out)" '^  counted +1000$'
check_match "#13 getppid exactly 20000" "$(cat ol13.out)" '^  getppid +20000$'
ol ol14 'pid$target::malloc:entry { @ = quantize(arg0); }' -c "$T/sp 3 $KNOWN"
check_match "#14 malloc(3000) x4 in the 2048 row" "$(cat ol14.out)" '^ +2048 \|@+ +4 +$'
ol ol15 'syscall:::return /errno != 0/ { @[execname, probefunc, errno] = count(); }' -c "$T/sp 3 $KNOWN"
check_match "#15 errno: sp close 9 x7" "$(cat ol15.out)" '^  sp +close +9 +7$'
check_match "#15 errno: sp chdir 2 x3" "$(cat ol15.out)" '^  sp +chdir +2 +3$'
done_testing
