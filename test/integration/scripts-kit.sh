#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# scripts-kit.sh — the process, system-call, CPU and function-flow scripts
# of scripts/ run as executables (their `#!/usr/bin/env -S dtrace -qs`
# line, our dtrace first on PATH) against a known program
# (data/kit-prog.c), each checked for the exact lines that program must
# produce.  Every check is scoped to the known program's pid.
. "$SRCDIR/test/lib.sh"
data=$SRCDIR/test/integration/data
scripts=$SRCDIR/scripts
PATH=$BUILDDIR:$PATH
gcc -O2 -fno-omit-frame-pointer -pthread -o kp "$data/kit-prog.c" || fail "build kit-prog"
KP=$T/kp

# run NAME CMD...: stdout to NAME.out, stderr to NAME.err, status to NAME.rc
run () {
  local name=$1; shift
  "$@" >"$name.out" 2>"$name.err"
  echo $? >"$name.rc"
}
# kv NAME KEY: the value kit-prog reported as KEY=VALUE on NAME.err
kv () { sed -n "s/^$2=\\([0-9a-fx]*\\)\$/\\1/p" "$1.err" | head -1; }
# no_dtrace_error NAME: NAME.err holds only kit-prog's own lines
no_dtrace_error () {
  check_eq "$1: no dtrace error" "$(grep -Ev '^(pid|fd|child|failed|mutex)=' "$1.err")" ""
}

for s in execsnoop dtruss procsystime rwsnoop pidpersec hotkernel profile dapptrace dappprof usdtlatency mutexwait offcpu iolatency; do
  check "scripts/$s.d is executable with the dtrace -qs interpreter line" \
    sh -c "test -x '$scripts/$s.d' && head -1 '$scripts/$s.d' | grep -qx '#!/usr/bin/env -S dtrace -qs'"
  check "scripts/$s.d has a usage line" grep -q '^ \* Usage: ' "$scripts/$s.d"
done

# --- execsnoop.d (proc:::exec-success): three execs of `kp noop alpha
# "two words"` with their arguments as the new program got them and kp's
# pid as their parent, and the failed exec with ENOENT
run exec "$scripts/execsnoop.d" -c "$KP exec 3"
kp_pid=$(kv exec pid)
check_eq "execsnoop.d: exit status 0" "$(cat exec.rc)" 0
check_match "execsnoop.d: header first" "$(head -1 exec.out)" '^TIME +PID +PPID COMMAND +ERR ARGS$'
for c in $(sed -n 's/^child=//p' exec.err); do
  check_match "execsnoop.d: child $c of $kp_pid exec'd kp with its 4 arguments" "$(cat exec.out)" \
    "^[0-9]{4} [A-Z][a-z]{2} +[0-9]+ [0-9:]{8} +$c +$kp_pid kp +0 $KP noop alpha two words\$"
done
check_eq "execsnoop.d: exactly 3 successful execs of kp" "$(grep -c " kp  *0 $KP noop alpha" exec.out)" 3
check_match "execsnoop.d: the exec of a missing path, errno 2, by the child (still kp)" "$(cat exec.out)" \
  "^.* +$(kv exec failed) +$kp_pid kp +2 /nonexistent/sdtkit-kit-exec\$"
printf 'exec %s noop 1 2 3 4 5 6 7 8 9\n' "$KP" >exec9.sh
run exec9 "$scripts/execsnoop.d" -c "/bin/sh $T/exec9.sh"
check_match "execsnoop.d: 8 arguments shown, then ..." "$(cat exec9.out)" " kp +0 $KP noop 1 2 3 4 5 6 \\.\\.\\.\$"

# --- dtruss.d: kit-prog's sys mode, call by call, with arguments and errors
"$scripts/dtruss.d" -c "$KP sys" >truss.out 2>truss.err & echo $! >truss.dpid; wait $!; echo $? >truss.rc
p=$(kv truss pid); fd=$(kv truss fd)
check_eq "dtruss.d: exit status 0" "$(cat truss.rc)" 0
check_match "dtruss.d: header first" "$(head -1 truss.out)" '^ +PID/TID +ELAPSED SYSCALL\(args\) = return$'
body=$(sed 1d truss.out | sed -E 's/^ *([0-9]+)\/([0-9]+) +[0-9]+ /\1\/\2 /')
check_eq "dtruss.d: only the target's calls, TID = PID" "$(printf '%s\n' "$body" | grep -vc "^$p/$p ")" 0
check_eq "dtruss.d: 5 getppid() returning the parent's pid (dtrace's: -c forks the command)" \
  "$(printf '%s\n' "$body" | sed -n "s/^$p\\/$p getppid(.*) = //p" | uniq -c | awk '{print $1 "x" $2}')" "5x$(cat truss.dpid)"
check_eq "dtruss.d: 7 close(-1) = -1 Err#9" \
  "$(printf '%s\n' "$body" | grep -c "^$p/$p close(0xffffffff, .*) = -1 Err#9\$")" 7
check_eq "dtruss.d: 3 chdir of the missing path = -1 Err#2, the path as a string" \
  "$(printf '%s\n' "$body" | grep -c "^$p/$p chdir(\"/nonexistent/sdtkit-kit\", .*) = -1 Err#2\$")" 3
check_match "dtruss.d: openat(\"/dev/null\", O_WRONLY) = the fd kit-prog got ($fd)" "$body" \
  "^$p/$p openat\\(\"/dev/null\", 0x1, 0x0\\) = $fd\$"
check_eq "dtruss.d: 2 write(fd, buf, 42) = 42" \
  "$(printf '%s\n' "$body" | grep -c "^$p/$p write(0x$fd, 0x[0-9a-f]*, 0x2a) = 42\$")" 2
check_eq "dtruss.d: the calls in program order" \
  "$(printf '%s\n' "$body" | sed -n "s/^$p\\/$p \\([a-z]*\\)(.*/\\1/p" | uniq -c | awk '{print $2 "x" $1}' | sed -n '/^getppidx/,$p' | tr '\n' ' ')" \
  "getppidx5 closex7 chdirx3 openatx1 writex3 closex1 "
no_dtrace_error truss

# --- procsystime.d: counts of the sys mode's calls, and times for them
run pst "$scripts/procsystime.d" -c "$KP sys"
p=$(kv pst pid)
check_match "procsystime.d: banner with the pid" "$(head -1 pst.out)" "^Tracing system calls of pid $p\\.\\.\\.\$"
counts=$(sed -n '/^System call counts/,/^Elapsed/p' pst.out)
check_match "procsystime.d: getppid 5" "$counts" '^ +getppid +5$'
check_match "procsystime.d: chdir 3" "$counts" '^ +chdir +3$'
check_match "procsystime.d: write 4 (2 to /dev/null, 2 lines on stderr)" "$counts" '^ +write +4$'
times=$(sed -n '/^Elapsed times/,/^Average/p' pst.out)
check_match "procsystime.d: an elapsed time for chdir" "$times" '^ +chdir +[1-9][0-9]*$'
check_eq "procsystime.d: one average per counted call" \
  "$(sed -n '/^Average times/,$p' pst.out | grep -cE '^ +[a-z_0-9]+ +[0-9]+$')" \
  "$(printf '%s\n' "$counts" | grep -cE '^ +[a-z_0-9]+ +[0-9]+$')"
no_dtrace_error pst

# --- rwsnoop.d: 3 writes of 123 bytes, then reads of 369 and 0, on kp's fd
run rw "$scripts/rwsnoop.d" -c "$KP rw $T/rw.dat"
p=$(kv rw pid); fd=$(kv rw fd)
check_match "rwsnoop.d: header first" "$(head -1 rw.out)" '^ +PID COMMAND +D +FD +BYTES CALL$'
check_eq "rwsnoop.d: on fd $fd, after the first write: W 123 x3, R 369, R 0" \
  "$(awk -v p="$p" -v fd="$fd" '$1 == p && $4 == fd { if ($3 == "W") on = 1; if (on) print $3, $5, $6 }' rw.out | tr '\n' ,)" \
  "W 123 write,W 123 write,W 123 write,R 369 read,R 0 read,"
check_match "rwsnoop.d: kp's stderr line (W on fd 2)" "$(cat rw.out)" "^ +$p kp +W +2 +[0-9]+ write\$"

# --- pidpersec.d: 25 forks of kp (and a thread, which is not counted)
run pps "$scripts/pidpersec.d" -c "$KP fork 25"
p=$(kv pps pid)
check_match "pidpersec.d: header" "$(head -1 pps.out)" '^TIME +NEW/s +LASTPID$'
check_match "pidpersec.d: kp ($p) made exactly 25 new processes" "$(cat pps.out)" "^ +$p kp +25\$"
n=$(awk '/last part second/ { s += $(NF-4); next } /^[0-9][0-9][0-9][0-9] / { s += $(NF-1) } END { print s + 0 }' pps.out)
check "pidpersec.d: the per-second counts include kp's 25 ($n)" test "$n" -ge 25

# --- hotkernel.d PID: kp reading /dev/zero lives in the kernel's zeroing code
(exec "$KP" kern 100000000 2>/dev/null) & kp=$!
timeout -s INT 3 "$scripts/hotkernel.d" "$kp" >hk.out 2>hk.err
kill "$kp" 2>/dev/null; wait "$kp" 2>/dev/null
check_match "hotkernel.d: banner names the pid" "$(head -1 hk.out)" "^Sampling kernel functions at 997 Hz of pid $kp\\.\\.\\."
busiest=$(grep -E '^[^ ]+`[^ ]+ +[0-9]+$' hk.out | tail -1)
total=$(sed -n 's/^total kernel samples: //p' hk.out)
check_match "hotkernel.d: the busiest function zeroes memory for read(/dev/zero)" "$busiest" \
  '^vmlinux`(read_zero|read_iter_zero|iov_iter_zero|__clear_user|clear_user[a-z_]*|rep_stos_alternative) '
check "hotkernel.d: with most of the $total samples ($busiest)" test "$(echo "$busiest" | awk '{print $2}')" -gt $(( ${total:-0} / 2 ))
check_eq "hotkernel.d: no dtrace error" "$(cat hk.err)" ""

# --- profile.d: the busiest stack is spin <- level2 <- level1 <- main
run prof "$scripts/profile.d" -c "$KP spin 400000000"
check_match "profile.d: banner" "$(head -1 prof.out)" "^Sampling pid $(kv prof pid) at 997 Hz\\.\\.\\.\$"
last=$(awk '/^total samples/ { exit } /^ *$/ { if (blk != "") last = blk; blk = ""; next } { blk = blk $1 " " } END { print last }' prof.out)
check_match "profile.d: the busiest stack, leaf first" "$last" '^kp`spin\+0x[0-9a-f]+ kp`level2\+0x[0-9a-f]+ kp`level1\+0x[0-9a-f]+ kp`main\+0x[0-9a-f]+ '
total=$(sed -n 's/^total samples: //p' prof.out)
check "profile.d: sampled (${total:-none})" test "${total:-0}" -ge 10
no_dtrace_error prof

# --- dapptrace.d: the exact call tree of kp flow
run flow "$scripts/dapptrace.d" -c "$KP flow"
p=$(kv flow pid)
check_eq "dapptrace.d: exit status 0 (return probes left the program intact)" "$(cat flow.rc)" 0
tree=$(sed -n '/-> main$/,/<- main$/p' flow.out | cut -c20-)
want="  -> main"
for o in 1 2; do
  want="$want
    -> outer"
  for m in 1 2; do
    want="$want
      -> middle"
    for i in 1 2 3; do want="$want
        -> inner
        <- inner"; done
    want="$want
      <- middle"
  done
  want="$want
    <- outer"
done
want="$want
  <- main"
check_eq "dapptrace.d: main -> outer x2 -> middle x2 -> inner x3, indented by depth" "$tree" "$want"
check_eq "dapptrace.d: every return has its elapsed time" \
  "$(sed -n '/-> main$/,/<- main$/p' flow.out | grep -- '<- ' | grep -cvE '^ +[0-9]+ +[0-9]+  +<- ')" 0
"$DTRACE" -q -n 'pid$target::_start:return {}' -c "$KP noop" >start.out 2>start.err
check_match "pid provider: no return probe on the entry point _start (argc is at the stack pointer)" \
  "$(cat start.err)" '_start is the entry point of kp and never returns'

# --- dappprof.d: exact call counts, times for each
run prof2 "$scripts/dappprof.d" -c "$KP flow"
calls=$(sed -n '/FUNCTION  *CALLS$/,/^$/p' prof2.out)
check_match "dappprof.d: inner 12 calls" "$calls" '^kp +inner +12$'
check_match "dappprof.d: middle 4 calls" "$calls" '^kp +middle +4$'
check_match "dappprof.d: outer 2 calls" "$calls" '^kp +outer +2$'
check_match "dappprof.d: main once" "$calls" '^kp +main +1$'
el() { sed -n "/ELAPSED (ns)\$/,/^\$/s/^kp  *$1  *\\([0-9]*\\)\$/\\1/p" prof2.out; }
check "dappprof.d: elapsed main >= outer >= middle >= inner (each includes its callees)" \
  test "$(el main)" -ge "$(el outer)" -a "$(el outer)" -ge "$(el middle)" -a "$(el middle)" -ge "$(el inner)"
no_dtrace_error prof2

# --- usdtlatency.d: kit-pairs' 10 work-start/done of 3 ms, 4 io-begin/end,
# and no row for lonely-start (never done)
"$DTRACE" -h -s "$data/kit-pairs.d" -o kit-pairs.h || fail "dtrace -h kit-pairs.d"
gcc -O2 -I. -c "$data/kit-pairs.c" -o kit-pairs.o && "$DTRACE" -G -s "$data/kit-pairs.d" -o kit-pairs-sem.o kit-pairs.o \
  && gcc -o pairs kit-pairs.o kit-pairs-sem.o || fail "build kit-pairs"
run lat "$scripts/usdtlatency.d" -c "$T/pairs"
rows=$(sed -n '/^PROVIDER/,/^$/p' lat.out)
check_match "usdtlatency.d: header" "$rows" '^PROVIDER +OPERATION +COUNT +AVG\(us\) +MAX\(us\) +TOTAL\(us\)$'
check_match "usdtlatency.d: io (begin/end) 4 times, listed first" "$(echo "$rows" | sed -n 2p)" '^kit[0-9]+ +io +4 +[0-9]+ +[0-9]+ +[0-9]+$'
work=$(echo "$rows" | sed -n 3p)
check_match "usdtlatency.d: work (start/done) 10 times, most frequent last" "$work" '^kit[0-9]+ +work +10 +[0-9]+ +[0-9]+ +[0-9]+$'
check "usdtlatency.d: work takes at least its 3 ms sleep ($(echo "$work" | awk '{print $4}') us)" \
  test "$(echo "$work" | awk '{print $4}')" -ge 3000
check_eq "usdtlatency.d: only io and work (lonely-start has no done)" "$(echo "$rows" | grep -c '^kit')" 2
whist=$(awk '/^  kit[0-9]+ +work +$/ { on = 1; next } on && /^ *$/ { exit } on && $2 ~ /^\|/' lat.out)
check_eq "usdtlatency.d: work's histogram counts 10, none under 2048 us" \
  "$(echo "$whist" | awk '{ s += $NF; if ($1 < 2048) low += $NF } END { print s + 0, low + 0 }')" "10 0"
no_dtrace_error lat

# --- mutexwait.d: two threads lock kp's mutex 500 times each
run mw "$scripts/mutexwait.d" -c "$KP mutex 500"
m=$(kv mw mutex)
check_match "mutexwait.d: kp's mutex ($m) locked exactly 1000 times" "$(cat mw.out)" "^$m +1000 +[0-9]+ +[0-9]+\$"
check_match "mutexwait.d: its histogram" "$(cat mw.out)" "^  $m +\$"
check_eq "mutexwait.d: its histogram counts 1000 calls" \
  "$(awk -v m="  $m" '$0 ~ "^" m " *$" { on = 1; next } on && /^ *$/ && n++ { exit } on && $2 ~ /^\|/ { s += $NF } END { print s + 0 }' mw.out)" 1000
no_dtrace_error mw
# --- offcpu.d (sched:::sleep, on-cpu, syscall return): offcpu-prog's
# 5 x 40 ms nanosleep()s charged to napper's stack, its ~100 ms read() of a
# pipe to slow_read's; folded for a flame graph
gcc -O1 -fno-omit-frame-pointer -o ocp "$data/offcpu-prog.c" || fail "build offcpu-prog"
run offcpu "$scripts/offcpu.d" -c "$T/ocp"
check_eq "offcpu.d: exit status 0" "$(cat offcpu.rc)" 0
napms=$(awk '/ocp`napper/ { n = 1 } n && /^ *[0-9]+$/ { s += $1; n = 0 } END { print s + 0 }' offcpu.out)
readms=$(awk '/ocp`slow_read/ { n = 1 } n && /^ *[0-9]+$/ { s += $1; n = 0 } END { print s + 0 }' offcpu.out)
check_match "offcpu.d: napper's nanosleep()s wait 200 ms or a little more (got $napms)" "$napms" '^(19[0-9]|2[0-9][0-9])$'
check_match "offcpu.d: slow_read's read() waits about 100 ms (got $readms)" "$readms" '^(9[0-9]|1[0-9][0-9])$'
check_eq "offcpu.d: the read's stack is read <- slow_read <- main" \
  "$(awk '{ f[NR] = $1 } END { for (i = 3; i <= NR; i++) if (f[i-2] ~ /read\+0x/ && f[i-1] ~ /^ocp`slow_read\+/ && f[i] ~ /^ocp`main\+/) n++; print n + 0 }' offcpu.out)" 1
run offcpuf dtrace -x oformat=folded -s "$scripts/offcpu.d" -c "$T/ocp"
check_eq "offcpu.d folded: one line main;napper;nap;...nanosleep with its milliseconds" \
  "$(grep -cE '^[^ ]*ocp`main;ocp`napper;ocp`nap;[^ ]*nanosleep (19[0-9]|2[0-9][0-9])$' offcpuf.out)" 1

# --- iolatency.d (io:::start/done): ten direct 4 KiB writes by dd, then
# ten direct reads, of a file in the test's directory, when that is on a
# block device (as consumer-io.sh)
d=$(stat -c %d "$T"); major=$(( (d >> 8) & 0xfff )); minor=$(( (d & 0xff) | ((d >> 12) & 0xfff00) ))
if [ "$major" -ne 0 ] && sed -n '/^Block devices:/,$p' /proc/devices | awk -v m="$major" '$1 == m { f = 1 } END { exit !f }'; then
  printf 'dd if=/dev/zero of=%s/io.dat bs=4k count=10 oflag=direct status=none\ndd if=%s/io.dat of=/dev/null bs=4k count=10 iflag=direct status=none\n' "$T" "$T" >io.sh
  run iolat "$scripts/iolatency.d" -c "/bin/sh $T/io.sh"
  check_eq "iolatency.d: exit status 0" "$(cat iolat.rc)" 0
  # (a dd may also read its own pages back from the disk, on a machine
  # short of memory: more reads, of other sizes, by either dd)
  check_eq "iolatency.d: dd's ten 4 KiB writes, with their bytes" \
    "$(awk '$1 == "dd" && $3 == "write" && NF == 6 { print $1, $3, $4, $5 }' iolat.out)" "dd write 10 40960"
  check_eq "iolatency.d: dd's ten 4 KiB reads (and maybe its own pages)" \
    "$(awk '$1 == "dd" && $3 == "read" && NF == 6 && $4 >= 10 && $5 >= 40960 && ($5 - 40960) % 4096 == 0 { n++ } END { print n + 0 }' iolat.out)" 1
  check_match "iolatency.d: a histogram of the writes to the file's device ($major,$minor)" "$(cat iolat.out)" "^  $major,$minor write\$"
  check_match "iolatency.d: and of the reads" "$(cat iolat.out)" "^  $major,$minor read\$"
else
  skip "iolatency.d: the test directory ($T) is not on a block device"
fi

done_testing
