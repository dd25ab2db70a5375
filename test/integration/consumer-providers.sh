#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-providers.sh — the pid, syscall and profile-N providers traced for
# real: pid entry arguments (registers and the stack), return values and the
# return offset, offset probes on instruction boundaries (and refused inside
# one), globs over functions and modules, -c and -p, aggregations, -l rows;
# syscall entry/return arguments and the three seed one-liners; profile-N
# on every CPU with its units; and nothing left in the traced process after
# dtrace exits (its code bytes are the file's again, later runs count
# exactly once, the process keeps working).
. "$SRCDIR/test/lib.sh"
data=$SRCDIR/test/integration/data
gcc -O2 "$data/providers-target.c" -o pvtarget || fail "build pvtarget"
TGT=$T/pvtarget
echo hello >"$T/pv-file-a"
seq 1 100 >"$T/pv-file-b"

# run_q NAME PROGRAM N: dtrace -q -c 'pvtarget N $T', stdout to NAME.out
run_q () {
  "$DTRACE" -q -n "$2" -c "$TGT $3 $T" >"$1.out" 2>"$1.err"
  echo $? >"$1.rc"
}

# ---------------------------------------------------------------- pid
run_q entry 'pid$target:a.out:pv_add:entry { printf("%d+%d;", arg0, arg1); } pid$target:a.out:pv_add:return { printf("=%d;", arg1); }' 3
check_eq "pid entry arg0/arg1 and return arg1 (the return value), in order" "$(cat entry.out)" "0+0;=0;1+10;=11;2+20;=22;"
check_eq "-c: exit status 0 when the command exits" "$(cat entry.rc)" 0

run_q argsn 'pid$target:a.out:pv_add:entry { printf("%d+%d;", args[0], args[1]); } syscall::close:entry /pid == $target/ { printf("c%d;", (int) args[0]); }' 2
check_eq "args[N] is argN (pid entry, syscall entry)" "$(cat argsn.out)" "c3;c3;0+0;1+10;c3;c3;c-1;"
"$DTRACE" -n 'BEGIN { x = args[12]; }' >/dev/null 2>err.txt; rc=$?
check_eq "args[12]: exit 1, index 0 to 11" "$rc:$(grep -c 'index of args\[ \] must be a constant from 0 to 11' err.txt)" "1:1"

run_q seven 'pid$target:a.out:pv_seven:entry { printf("%d %d %d %d %d %d %d", arg0, arg1, arg2, arg3, arg4, arg5, arg6); } pid$target:a.out:pv_seven:return { printf(" =%d", arg1); }' 1
check_eq "pid entry: six register arguments and the seventh from the stack" "$(cat seven.out)" "1 2 3 4 5 6 7 =140"

run_q neg 'pid$target:a.out:pv_neg:return { printf("%d", (int) arg1); }' 1
check_eq "pid return: a negative int return value" "$(cat neg.out)" "-5"

# arg0 at return: the offset of the function's final ret
size=$(nm -S "$TGT" | awk '$4 == "pv_add" { print $2 }')
foff=$(objdump -d -F --disassemble=pv_add "$TGT" | sed -n 's/.*<pv_add> (File Offset: 0x\([0-9a-f]*\)).*/\1/p')
last=$(od -An -tx1 -j $(( 0x$foff + 0x$size - 1 )) -N1 "$TGT" | tr -d ' ')
check_eq "pv_add ends in a ret (test premise)" "$last" c3
run_q retoff 'pid$target:a.out:pv_add:return { printf("%x;", arg0); }' 1
check_eq "pid return arg0 = offset of the final ret" "$(cat retoff.out)" "$(printf '%x;' $(( 0x$size - 1 )))"

# offset probes: the second instruction of pv_seven; inside the first is refused
offs=$(objdump -d "$TGT" --disassemble=pv_seven | awk -F: '/^ +[0-9a-f]+:/ { print $1 }' | tr -d ' ' | head -2)
o1=$(echo "$offs" | sed -n 1p); o2=$(echo "$offs" | sed -n 2p)
rel=$(printf '%x' $(( 0x$o2 - 0x$o1 )))
run_q off "pid\$target:a.out:pv_seven:$rel { printf(\"%s %s %d;\", probefunc, probename, arg0); }" 2
check_eq "offset probe $rel (an instruction boundary) fires at each call with the argument registers" \
  "$(cat off.out)" "pv_seven $rel 1;"
if [ $(( 0x$o2 - 0x$o1 )) -gt 1 ]; then
  "$DTRACE" -n 'pid$target:a.out:pv_seven:1 { }' -c "$TGT 1 $T" >/dev/null 2>err.txt; rc=$?
  check_eq "offset 1 inside an instruction: exit 1" "$rc" 1
  check_match "... with a message naming the problem" "$(cat err.txt)" \
    '^dtrace: invalid probe description "pid[0-9]+:a.out:pv_seven:1": offset 0x1 in pv_seven is not on an instruction boundary'
else
  fail "pv_seven's first instruction is one byte long (test premise)"
fi
"$DTRACE" -n 'pid$target:a.out:pv_add:fff { }' -c "$TGT 1 $T" >/dev/null 2>err.txt; rc=$?
check_eq "an offset beyond the function: exit 1" "$rc" 1
check_match "... 'is beyond the end of the function'" "$(cat err.txt)" 'offset 0xfff in pv_add is beyond the end of the function'

run_q ids 'pid$target:a.out:pv_neg:entry { printf("%s %s %s %s %d", probeprov, probemod, probefunc, probename, pid); }' 1
read -r prov mod func name pid <ids.out
check_eq "probeprov is pid<PID>, probemod the executable's basename" "$prov $mod $func $name" "pid$pid pvtarget pv_neg entry"

"$DTRACE" -n 'pid$target:a.out:pv_neg:entry' -c "$TGT 1 $T" >nq.out 2>nq.err
check_match "non-quiet default record: FUNCTION:NAME" "$(cat nq.out)" '^ *[0-9]+ +[0-9]+ +pv_neg:entry $'
check_match "matched notice" "$(cat nq.err)" "^dtrace: description 'pid\\\$target:a.out:pv_neg:entry' matched 1 probe"

run_q glob 'pid$target:a.out:pv_*:entry { @[probefunc] = count(); }' 3
expect=$(printf '\n  %-50s %16d\n  %-50s %16d\n  %-50s %16d' pv_neg 1 pv_seven 1 pv_add 3)
check_eq "function glob pv_*, counted by probefunc" "$(cat glob.out)" "$expect"
run_q glob2 'pid$target::pv_[an]*:return { @[probefunc, probename] = sum(arg1); }' 3
expect=$(printf '\n  %-20s %-20s %16d\n  %-20s %-20s %16d' pv_add return 33 pv_neg return 4294967291)
check_match "module field empty, bracket glob, sum of return values" "$(cat glob2.out)" "pv_add +return +33"
check_match "... pv_neg's raw return register" "$(cat glob2.out)" "pv_neg +return +4294967291"

# -c: the libraries the child will map are known before it runs
run_q clibc 'pid$target:libc.so.6:open*:entry { @o = count(); } pid$target:libc:read:entry { @r = count(); } END { printa("open=%@d ", @o); printa("read=%@d", @r); }' 1
check_eq "-c: pid probes in libc before the child has mapped it (aliases fire once)" "$(cat clibc.out)" "open=2 read=8"
run_q cglob 'pid$target:lib?.so.*:read:entry,pid$target:a.out:pv_ad?:entry { @[probemod] = count(); }' 1
check_eq "-c: module globs (lib?.so.*) and a.out in one clause" "$(cat cglob.out)" \
  "$(printf '\n  %-50s %16d\n  %-50s %16d' pvtarget 1 libc.so.6 8)"
SDTKIT_UPROBE_MODE=perf "$DTRACE" -q -n 'pid$target:a.out:pv_add:entry { printf("%d+%d;", arg0, arg1); } pid$target:a.out:pv_add:return { printf("=%d;", arg1); } pid$target:a.out:pv_seven:entry { printf("%d;", arg6); }' \
  -c "$TGT 2 $T" >perf.out 2>&1
check_eq "perf-event uprobes (the fallback): entry, return, stack argument" "$(cat perf.out)" "0+0;=0;1+10;=11;7;"
out=$("$DTRACE" -l -n 'pid$target:libc.so.6:malloc:entry' -c "$TGT 1 $T" 2>&1 | tail -n +2)
check_match "-l -c: libc's malloc listed" "$out" '^ +4 +pid[0-9]+ +libc.so.6 +malloc entry$'

# -l with -c: rows in symbol-table order, entry then return
order=$(nm -n "$TGT" | awk '$2 ~ /[tT]/ && $3 ~ /^pv_/ { print $3 }')
exp="   ID   PROVIDER            MODULE                          FUNCTION NAME"
got=$("$DTRACE" -l -n 'pid$target:a.out:pv_*:' -c "$TGT 1 $T" 2>&1)
pidN=$(echo "$got" | awk 'NR == 2 { print $2 }')
id=3
for f in $order; do
  for n in entry return; do id=$((id + 1)); exp+=$'\n'$(printf '%5u %10s %17s %33s %s' $id "$pidN" pvtarget "$f" $n); done
done
check_eq "-l -n 'pid\$target:a.out:pv_*:' -c: DTrace's columns" "$got" "$exp"
out=$("$DTRACE" -l -n 'pid$target:a.out:pv_neg:entry' -c "$TGT 1 $T" 2>&1)
pidN=$(echo "$out" | awk 'NR == 2 { print $2 }')
check_match "-l -c: the provider is pid<the child's pid>" "$pidN" '^pid[0-9]+$'
check_eq "-l of one pid probe" "$out" "$(printf '%5s %10s %17s %33s %s\n%5u %10s %17s %33s %s' ID PROVIDER MODULE FUNCTION NAME 4 "$pidN" pvtarget pv_neg entry)"

# -p: a waiting target; libraries are seen (module by name, by prefix, by path)
# wait_rounds N: until the target has finished N rounds
wait_rounds () {
  local n=100
  while [ $n -gt 0 ] && [ "$(grep -c round target.out)" -lt "$1" ]; do sleep 0.1; n=$((n - 1)); done
}
mkfifo fifo
"$TGT" -w 2 "$T" <fifo >target.out 2>&1 &
TP=$!
exec 7>fifo
"$DTRACE" -q -p "$TP" -n 'pid$target:a.out:pv_add:entry { @a = count(); } pid$target:libc.so.6:read:entry { @r = count(); } pid$target:libc:open*:entry { @o = count(); } END { printa("add=%@d ", @a); printa("read=%@d ", @r); printa("open=%@d", @o); }' >p.out 2>p.err 7>&- &
DP=$!
if wait_attached $DP 30; then
  # the uprobe is in place: pv_add's first byte in the process is int3
  maddr=$(awk -v f="$TGT" '$6 == f && $2 ~ /x/ { print $1, $3 }' /proc/$TP/maps | head -1)
  start=${maddr%%-*}; moff=${maddr##* }
  addr=$(( 0x$start + 0x$foff - 0x$moff ))
  inmem () { dd if=/proc/$TP/mem bs=1 skip=$addr count=1 2>/dev/null | od -An -tx1 | tr -d ' '; }
  orig=$(od -An -tx1 -j $(( 0x$foff )) -N1 "$TGT" | tr -d ' ')
  check_eq "while traced, pv_add's first byte in the process is int3" "$(inmem)" cc
  echo go >&7
  wait_rounds 1
  kill -INT $DP; wait $DP; rc=$?
  check_eq "-p, ^C: exit 0" "$rc" 0
  # read: fgets's read of the line, 2 for pv-file-a, 6 for pv-file-b
  check_eq "-p: pid probes in a.out and libc (by name, by prefix with a glob); ^C's newline first" "$(cat p.out)" "$(printf '\nadd=2 read=9 open=2')"
  check_eq "after dtrace exits, pv_add's first byte is the file's again" "$(inmem)" "$orig"
  # a killed dtrace leaves nothing either
  "$DTRACE" -q -p "$TP" -n 'pid$target:a.out:pv_add:entry { @a = count(); }' >/dev/null 2>&1 7>&- &
  DP=$!
  wait_attached $DP 30
  check_eq "traced again: int3" "$(inmem)" cc
  kill -9 $DP; wait $DP 2>/dev/null
  check_eq "after kill -9 of dtrace, the byte is the file's again" "$(inmem)" "$orig"
  # later runs count exactly once per call (nothing left attached)
  "$DTRACE" -q -p "$TP" -n 'pid$target:a.out:pv_add:entry { @a = count(); } pid$target:a.out:pv_add:return { @s = sum(arg1); } END { printa("%@d ", @a); printa("%@d", @s); }' >p2.out 2>&1 7>&- &
  DP=$!
  wait_attached $DP 30
  echo go >&7
  wait_rounds 2
  kill -INT $DP; wait $DP
  check_eq "a later run counts each call once" "$(cat p2.out)" "$(printf '\n2 11')"
  # the syscall seed one-liner with -p: every process's reads (as DTrace), ends with the target
  "$DTRACE" -p "$TP" -n 'syscall::read:entry { printf("%s", execname); }' >sp.out 2>sp.err 7>&- &
  DP=$!
  wait_attached $DP 30
  echo go >&7
  exec 7>&-
  wait $DP; rc=$?
  check_eq "-p syscall one-liner: exit 0 when the process exits" "$rc" 0
  check_match "-p syscall one-liner: the target's reads" "$(cat sp.out)" '^ *[0-9]+ +[0-9]+ +read:entry pvtarget$'
  check_match "... the exit notice" "$(cat sp.err)" "pid $TP has exited"
  check_eq "the target ran every round correctly throughout" "$(cat target.out)" "$(printf 'round\nround\nround')"
else
  fail "dtrace -p attached"
  { echo "dtrace (pid $DP) still running: $([ -d /proc/$DP ] && echo yes || echo no); its stderr:"; cat p.err; } | head -8 | sed 's/^/    /'
  exec 7>&-
fi
wait "$TP" 2>/dev/null
check_eq "the target exited normally (status 0)" "$?" 0

# ---------------------------------------------------------------- uregs[]
run_q uregs 'pid$target:a.out:pv_add:entry { printf("%d=%d %d=%d %d;", arg0, uregs[R_RDI], arg1, uregs[R_RSI], uregs[R_PC] == uregs[R_RIP]); } pid$target:a.out:pv_add:return { printf("=%d %d;", uregs[R_RAX], uregs[R_R0] == uregs[R_RAX]); }' 2
check_eq "uregs[R_RDI], uregs[R_RSI] at entry are arg0, arg1; R_PC is R_RIP; uregs[R_RAX] at return" \
  "$(cat uregs.out)" "0=0 0=0 1;=0 1;1=1 10=10 1;=11 1;"
# the target lingers 300 ms: user addresses resolve through the process's
# mappings, which a process that exits before dtrace reads them takes along
# (its frames then print as hex, a documented limit)
"$DTRACE" -q -n 'pid$target:a.out:pv_add:entry /arg0 == 0/ { trace(ufunc(uregs[R_PC])); }' -c "$TGT 1 $T 300" >upc.out 2>upc.err
check_match "uregs[R_PC] at a pid entry probe is the function's address" "$(cat upc.out)" '^ *pvtarget`pv_add *$'
run_q usys 'syscall::close:return /pid == $target && (int) arg0 < 0/ { printf("%d %d %d", (int) uregs[R_RAX], uregs[R_ERR], uregs[R_RDI]); }' 1
check_eq "syscall return: uregs[R_RAX] the result, uregs[R_ERR] the call number (orig_rax), R_RDI the argument (close(-1): edi)" \
  "$(cat usys.out)" "-9 3 4294967295"
run_q uvar 'pid$target:a.out:pv_add:entry /arg0 == 1/ { r = R_RSI; i = R_PC; printf("%d %d", uregs[r], uregs[i] == uregs[R_RIP]); }' 2
check_eq "uregs[] with a variable index" "$(cat uvar.out)" "10 1"
printf 'int main (void) { volatile unsigned long i = 0; for (;;) i++; }\n' >spin.c
gcc -O0 spin.c -o uspin || fail "build uspin"
./uspin & usp=$!
out=$(timeout 20 "$DTRACE" -q -n "profile-997 /pid == $usp && arg1/ { @a[ufunc(uregs[R_PC])] = count(); r = R_RIP; @b[ufunc(uregs[r])] = count(); } tick-300ms { exit(0); }" 2>&1)
kill $usp; wait $usp 2>/dev/null
check_match "profile in user mode: uregs[R_PC] is in the spinning main (constant index)" "$out" '^  uspin`main +[0-9]+$'
check_eq "... every sample, by constant and by variable index alike" "$(printf '%s\n' "$out" | grep -c '^  uspin`main ')" 2
out=$("$DTRACE" -q -n 'BEGIN { printf("%d %d %d %d", uregs[R_PC], R_PC, R_RAX, R_R15); exit(0); }' 2>&1)
check_eq "uregs[] in BEGIN is 0; the R_ constants are Oracle's (R_PC 37, R_RAX 10, R_R15 0)" "$out" "0 37 10 0"
"$DTRACE" -n 'BEGIN { uregs[R_RAX] = 1; }' >/dev/null 2>err.txt; rc=$?
check_eq "assigning to uregs[]: exit 1, read-only" "$rc:$(grep -c 'uregs is read-only' err.txt)" "1:1"

# ---------------------------------------------------------------- -F
# flowindent: entries indent what follows, returns step back; DTrace's
# " -> "/" <- " prefixes and %-41s column; a second clause of the probe just
# seen is "| func:name"; -q keeps the header and the prefixes
cat >flow.c <<'EOF_C'
__attribute__((noinline)) int leaf (int x) { __asm__ volatile (""); return x + 1; }
__attribute__((noinline)) int mid (int x) { return leaf (x) * 2; }
__attribute__((noinline)) int top (int x) { return mid (x) + leaf (x); }
int main (void) { volatile int r = top (1); return r == 0; }
EOF_C
gcc -O1 flow.c -o flow || fail "build flow"
fl='pid$target:a.out:top:entry,pid$target:a.out:mid:entry,pid$target:a.out:leaf:entry,pid$target:a.out:top:return,pid$target:a.out:mid:return,pid$target:a.out:leaf:return'
# (pinned to CPU 0, with the target it creates: the CPU column is 0)
taskset -c 0 "$DTRACE" -F -n "$fl { }" -c ./flow >flow.out 2>flow.err; rc=$?
check_eq "-F: exit 0" "$rc" 0
flowline () { printf '%3d %-41s \n' 0 "$1"; }
expect=$( { printf '%3s %-41s\n' CPU FUNCTION; flowline ' -> top'; flowline '   -> mid'; flowline '     -> leaf'
            flowline '     <- leaf'; flowline '   <- mid'; flowline '   -> leaf'; flowline '   <- leaf'; flowline ' <- top'; echo; } )
check_eq "-F: calls nested by entry and return" "$(cat flow.out)" "$expect"
taskset -c 0 "$DTRACE" -F -q -n "pid\$target:a.out:leaf:entry,pid\$target:a.out:leaf:return { printf(\"x=%d;\", arg0); } pid\$target:a.out:leaf:entry { trace(7); }" -c ./flow >flowq.out 2>&1
expect=$( { printf '%3s %-41s\n' CPU FUNCTION
            for _ in 1 2; do printf '%3d %-41s x=1;%3d %-41s 7%3d %-41s x=3;' 0 ' -> leaf' 0 '  | leaf:entry' 0 ' <- leaf'; done; } )
check_eq "-F -q: a second clause of the same probe is '| func:name'; header and prefixes stay, no newlines" \
  "$(cat flowq.out)" "$expect"
taskset -c 0 "$DTRACE" -F -n 'pid$target:a.out:mid:entry,pid$target:a.out:mid:return,pid$target:a.out:leaf:entry,pid$target:a.out:leaf:return { } pid$target:a.out:leaf:entry,pid$target:a.out:leaf:return { trace(1); }' -c ./flow >flow2.out 2>/dev/null
expect=$( { printf '%3s %-41s\n' CPU FUNCTION; flowline ' -> mid'; flowline '   -> leaf'; printf '%3d %-41s  %10d\n' 0 '    | leaf:entry' 1
            flowline '   <- leaf'; printf '%3d %-41s  %10d\n' 0 '  | leaf:return' 1; flowline ' <- mid'
            flowline ' -> leaf'; printf '%3d %-41s  %10d\n' 0 '  | leaf:entry' 1; flowline ' <- leaf'; printf '%3d %-41s  %10d\n' 0 '| leaf:return' 1; echo; } )
check_eq "-F: a second clause of an entry or a return neither indents nor steps back again" "$(cat flow2.out)" "$expect"
taskset -c 0 "$DTRACE" -q -x flowindent -n 'BEGIN { exit(0); }' >flowx.out 2>&1
check_eq "-x flowindent: the option exists (the -F header under -q)" "$(cat flowx.out)" "$(printf '%3s %-41s\n%3d %-41s ' CPU FUNCTION 0 '| :BEGIN')"

# ---------------------------------------------------------------- syscall
"$DTRACE" -n 'syscall::open*:entry { printf("%s %s", execname, copyinstr(arg0)); }' -c "$TGT 1 $T" >so.out 2>so.err; rc=$?
check_eq "seed one-liner syscall::open*:entry: exit 0" "$rc" 0
check_match "... prints execname and the path (openat's path is arg0)" "$(cat so.out)" \
  "^ *[0-9]+ +[0-9]+ +openat:entry pvtarget $T/pv-file-a\$"
check_match "... both files" "$(cat so.out)" "openat:entry pvtarget $T/pv-file-b\$"
check_match "... matched the open family" "$(cat so.err)" "^dtrace: description 'syscall::open\\*:entry ' matched [4-9] probes"
"$DTRACE" -n 'syscall::read:entry { printf("%s", execname); }' -c "$TGT 1 $T" >sr.out 2>sr.err; rc=$?
check_eq "seed one-liner syscall::read:entry: exit 0" "$rc" 0
check_match "... prints the target's reads" "$(cat sr.out)" '^ *[0-9]+ +[0-9]+ +read:entry pvtarget$'
"$DTRACE" -q -n 'syscall::read:entry { printf("%d\n", pid); }' -c "$TGT 1 $T" >own.out 2>/dev/null &
DP=$!
wait $DP
check "syscall probes never fire for dtrace's own calls (no feedback)" bash -c "grep -q . own.out && ! grep -qx '$DP' own.out"

run_q sargs "syscall::openat:entry /pid == \$target && copyinstr(arg0) == \"$T/pv-file-b\"/ { printf(\"%s %s %x %d;\", probefunc, probename, arg1, (int) arg3); }" 1
check_eq "openat arguments: arg0 path, arg1 flags, arg3 dirfd (AT_FDCWD)" "$(cat sargs.out)" "openat entry 0 -100;"
run_q sret 'syscall::read:entry /pid == $target/ { self->sz = arg2; } syscall::read:return /self->sz == 64/ { @[arg0] = count(); self->sz = 0; } syscall::read:return /pid == $target && arg0 != arg1/ { @bad = count(); }' 1
expect=$(printf '\n %16d %16d\n %16d %16d\n %16d %16d\n %16d %16d' 6 1 36 1 0 2 64 4)
check_eq "read return values (arg0 == arg1): 6 and 0 for a, 4x64, 36, 0 for b" "$(cat sret.out)" "$expect"
run_q sglob "syscall::*open*:entry,syscall::close:entry /pid == \$target/ { @[probefunc] = count(); }" 1
check_match "globs over syscalls: openat and close counted" "$(cat sglob.out)" "openat +[4-9]"
check_match "... close" "$(cat sglob.out)" "close +[4-9]"
"$DTRACE" -q -n 'syscall::nosuchcall:entry { }' >/dev/null 2>err.txt; rc=$?
check_eq "an unknown syscall: exit 1" "$rc" 1
check_match "... does not match any probes" "$(cat err.txt)" 'probe description syscall::nosuchcall:entry does not match any probes'

out=$("$DTRACE" -q -n 'syscall:::entry /pid == $target/ { @[probefunc] = count(); } syscall:::return /pid == $target && (int) arg0 < 0/ { @e[probefunc, (int) arg0] = count(); }' -c "$TGT 1 $T" 2>&1)
check_match "syscall:::entry, every call in one program: the target's exit_group" "$out" '^  exit_group +1$'
check_match "syscall:::return /(int) arg0 < 0/: close(-1) fails with -EBADF" "$out" '^  close +-9 +1$'
run_q errno 'syscall::close:return /pid == $target/ { printf("%d %d;", errno, (int) arg0); } syscall::close:entry /pid == $target && errno != 0/ { printf("never"); }' 1
check_eq "errno at syscall return (0 on success, EBADF for close(-1)); 0 at entry" "$(cat errno.out)" "0 0;0 0;0 0;0 0;9 -9;"
# -c: the command starts at its exec's return; our fork's set-up, its wait
# for the go (a read) and the execve call are not the command's calls
run_q preexec 'syscall::execve*:entry,syscall::execve*:return,syscall::read:return /pid == $target/ { printf("%s:%s %d;", probefunc, probename, (int) arg0); }' 1
check_match "-c: from the exec's return on: no execve entry, no read of our fork (the loader's and the target's reads)" \
  "$(cat preexec.out)" "^execve:return 0;(read:return [0-9]+;)*read:return 6;read:return 0;read:return 64;read:return 64;read:return 64;read:return 64;read:return 36;read:return 0;\$"
check "... and none of the target's reads failed" bash -c "! grep -q '^  read  *-' <<<'$out'"
check_eq "-l -n syscall::read: (Oracle's module vmlinux)" "$("$DTRACE" -l -n 'syscall::read:')" \
  "$(printf '%5s %10s %17s %33s %s\n%5u %10s %17s %33s %s\n%5u %10s %17s %33s %s' ID PROVIDER MODULE FUNCTION NAME \
     4 syscall vmlinux read entry 5 syscall vmlinux read return)"
check_match "-l -v -n syscall::read:entry: the provider's stability and no argument types" \
  "$("$DTRACE" -l -v -n 'syscall::read:entry' | tr '\n\t' '|~')" \
  'read entry\|\|~Probe Description Attributes\|~~Identifier Names: Private\|~~Data Semantics:   Private\|~~Dependency Class: Unknown\|\|~Argument Attributes\|~~Identifier Names: Private\|~~Data Semantics:   Private\|~~Dependency Class: ISA\|\|~Argument Types\|~~None\|\|$'
n=$("$DTRACE" -l -P syscall | wc -l)
check "-l -P syscall lists entry and return of every call (got $((n - 1)) rows)" test "$n" -gt 700
check_eq "-l -n 'syscall:::entry' lists half of them" "$(( $("$DTRACE" -l -n 'syscall:::entry' | wc -l) - 1 ))" "$(( (n - 1) / 2 ))"

# ---------------------------------------------------------------- profile
ncpu=$(grep -c '^processor' /proc/cpuinfo)
# (the kernel's CPU clock does not advance on an idle CPU of this VM, so
# perf's cpu-clock samples, and profile-N, fire on the CPUs that run: keep
# every CPU busy while it samples)
busy=()
for _ in $(seq 1 "$ncpu"); do ( while :; do :; done ) & busy+=($!); done
out=$("$DTRACE" -q -n 'profile-1ms { @[cpu] = count(); } tick-1s { exit(0); }')
kill "${busy[@]}" 2>/dev/null; wait "${busy[@]}" 2>/dev/null
rows=$(echo "$out" | grep -c '[0-9]')
check_eq "profile-1ms fires on every CPU ($ncpu)" "$rows" "$ncpu"
# (about 1000 a second each; a loaded virtual machine's timers lag, hence the low bound)
check "... repeatedly on each (each >= 20 in a second)" bash -c "echo '$out' | awk 'NF == 2 && \$2 < 20 { exit 1 }'"
out=$("$DTRACE" -q -n 'profile-997 { @[arg0 != 0 && arg1 != 0, arg0 != 0 || arg1 != 0] = count(); } tick-500ms { exit(0); }')
check_match "profile arg0/arg1: never both set, always one of them" "$out" '^ +0 +1 +[0-9]+$'
check "... and no other row" bash -c "[ \$(echo '$out' | grep -c '[0-9]') = 1 ]"
out=$("$DTRACE" -q -n 'tick-1ms { printf("%d %d %d\n", arg0, arg1 != 0, arg2); exit(0); }')
check_eq "tick arg0/arg1: it fires in dtrace's own user code: arg0 (kernel pc) 0, arg1 (user pc) set (tst.argtest)" \
  "$out" "0 1 0"
for p in profile-99 profile-99hz profile:::profile-5ms profile-500us profile-1s profile-1sec profile-2000000ns; do
  "$DTRACE" -n "$p { } tick-100ms { exit(0); }" >/dev/null 2>err.txt; rc=$?
  check_eq "$p is accepted" "$rc:$(head -1 err.txt)" "0:dtrace: description '$p ' matched 2 probes"
done
"$DTRACE" -n 'profile-100us { }' >/dev/null 2>err.txt; rc=$?
check_eq "profile-100us (below 200 us) is refused" "$rc" 1
for p in tick-1000us tick-1ms tick-10hz tick-1sec tick-1s; do
  "$DTRACE" -q -n "$p { exit(0); }" >/dev/null 2>&1; rc=$?
  check_eq "$p (tick units) is accepted" "$rc" 0
done
check_eq "-l -n profile:::profile-1ms" "$("$DTRACE" -l -n profile:::profile-1ms)" \
  "$(printf '%5s %10s %17s %33s %s\n%5u %10s %17s %33s %s' ID PROVIDER MODULE FUNCTION NAME 4 profile '' '' profile-1ms)"

# --- kernel sym()/func()/mod(): /proc/kallsyms, pcs of one function (module)
# make one aggregation key, as usym/umod do for user code
vr=$(awk '$3 == "vfs_read" && ($2 == "T" || $2 == "t") { print $1; exit }' /proc/kallsyms)
vw=$(awk '$3 == "vfs_write" && ($2 == "T" || $2 == "t") { print $1; exit }' /proc/kallsyms)
if [ -n "$vr" ] && [ -n "$vw" ] && [ "$vr" != 0000000000000000 ]; then
  out=$("$DTRACE" -q -n "BEGIN { printf(\"%s|\", \"x\"); trace(func(0x$vr + 4)); trace(sym(0x$vw)); trace(mod(0x$vr)); exit(0); }" 2>&1)
  check_eq "func(), sym() and mod() of kernel addresses (vfs_read+4, vfs_write, vfs_read)" "$out" \
    "x|$(printf '  %-50s' 'vmlinux`vfs_read' 'vmlinux`vfs_write' vmlinux)"
  out=$("$DTRACE" -q -n "BEGIN { @f[func(0x$vr + 1)] = count(); @f[func(0x$vr + 9)] = count(); @f[func(0x$vw)] = count();
                                 @m[mod(0x$vr)] = count(); @m[mod(0x$vw + 2)] = count(); exit(0); }" 2>&1)
  check_eq "func()/mod() keys: pcs of one function, and of one module, aggregate together" "$out" \
    "$(printf '\n  %-50s %16d\n  %-50s %16d\n  %-50s %16d' 'vmlinux`vfs_write' 1 'vmlinux`vfs_read' 2 vmlinux 2)"
else
  fail "/proc/kallsyms shows vfs_read and vfs_write with addresses (test premise; root)"
fi
"$DTRACE" -q -n 'BEGIN { trace(func(1, 2)); }' >/dev/null 2>err.txt; rc=$?
check_eq "func() with two arguments: exit 1" "$rc" 1
check_match "... prototype mismatch" "$(cat err.txt)" 'func\( \) prototype mismatch: 2 args passed, 1 expected'
out=$(timeout 20 "$DTRACE" -q -n 'profile-997 /arg0/ { @[func(arg0)] = count(); } tick-300ms { exit(0); }' 2>&1)
check_match "profile-997 /arg0/ { @[func(arg0)] = count(); }: kernel functions by name" "$out" \
  '^  vmlinux`[A-Za-z_0-9.]+ +[0-9]+$'

done_testing
