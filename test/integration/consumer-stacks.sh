#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-stacks.sh — ustack(), ustack(n), stack(), usym/ufunc/uaddr/umod
# traced for real: the frames of a known call chain (main -> a -> b -> probe,
# and main -> a shared library -> c -> probe) in a PIE and a fixed-address
# executable, as trace() records, printf %k, statements and aggregation keys;
# symbols of an exited process print as hex; the kernel stack of BEGIN;
# the pid and syscall providers; compile errors.
. "$SRCDIR/test/lib.sh"
data=$SRCDIR/test/integration/data
"$DTRACE" -h -s "$data/stacks.d" -o stacks.h || fail "dtrace -h stacks.d"
"$DTRACE" -G -s "$data/stacks.d" -o stacks-sem.o || fail "dtrace -G stacks.d"
CF="-O0 -fno-omit-frame-pointer"
gcc $CF -fPIC -shared "$data/stacks-lib.c" -o libstkcb.so || fail "build libstkcb.so"
gcc $CF -fPIE -pie -I. "$data/stacks.c" stacks-sem.o -L. -lstkcb -Wl,-rpath,"$T" -o stacks || fail "build stacks (PIE)"
gcc $CF -no-pie -I. "$data/stacks.c" stacks-sem.o -L. -lstkcb -Wl,-rpath,"$T" -o stacksfix || fail "build stacksfix (no PIE)"
check_match "stacks is a PIE" "$(readelf -h stacks)" 'Type: +DYN'
check_match "stacksfix is a fixed-address executable" "$(readelf -h stacksfix)" 'Type: +EXEC'

# Exact offsets: frame 0 is the probe site in b (the stapsdt note's
# location minus b's address); the callers' frames are return addresses
# (the instruction after the call in a, in main).
hexsub () { printf '0x%x' $(( 0x$1 - 0x$2 )); }
symaddr () { nm "$1" | awk -v s="$2" '$3 == s { print $1 }'; }
site_b=$(readelf -n stacks | awk '/Name: hit/ { getline; sub(",", "", $2); print $2; exit }')   # first hit site: in b
after_call () {  # FILE FUNC CALLEE: offset in FUNC of the instruction after its call to CALLEE
  local start; start=$(symaddr "$1" "$2")
  objdump -d --no-show-raw-insn "$1" | awk -v f="<$2>:" -v c="<$3>" '
    $2 == f { inf = 1; next } inf && /^$/ { exit } inf && found { sub(":", "", $1); print $1; exit }
    inf && index($0, "call") && index($0, c) { found = 1 }' | { read -r a; hexsub "$a" "$start"; }
}
off_b=$(hexsub "${site_b#0x}" "$(symaddr stacks b)")
off_a=$(after_call stacks a b)
off_main=$(after_call stacks main a)
off_cmain=$(after_call stacks main stk_lib_call@plt)
check_match "offsets found (b $off_b, a $off_a, main $off_main/$off_cmain)" "$off_b $off_a $off_main $off_cmain" \
  '^0x[0-9a-f]+ 0x[0-9a-f]+ 0x[0-9a-f]+ 0x[0-9a-f]+$'

S=$T/stacks
# --- trace(ustack(3)) non-quiet: header, probe line, frames, blank line
"$DTRACE" -n 'stk$target:::hit /arg0 == 0/ { trace(ustack(3)); }' -c "$S 1 wait" >tr.out 2>tr.err
expect_b=$(printf '%14s%s\n' '' "stacks\`b+$off_b" '' "stacks\`a+$off_a" '' "stacks\`main+$off_main")
# PROBE: the probe line (CPU and ID vary); X: a library offset (the compiler's)
hide () { sed -E 's/^ *[0-9]+ +[0-9]+ +([a-z]+:[a-z]+) $/PROBE \1/; s/(stk_lib_call\+)0x[0-9a-f]+/\1X/'; }
check_eq "trace(ustack(3)): header, b:hit, 3 frames, then a blank line" "$(sed -n '1,7p' tr.out | hide)" \
  "$(printf 'CPU     ID                    FUNCTION:NAME\nPROBE b:hit\n%s\n\nPROBE c:hit' "$expect_b")"
check_match "... the probe line" "$(sed -n 2p tr.out)" '^ +[0-9]+ +[0-9]+ +b:hit $'
check_eq "... the shared-library chain: c, libstkcb.so\`stk_lib_call, main" "$(sed -n '7,11p' tr.out | hide)" \
  "$(printf 'PROBE c:hit\n%14s%s\n%14s%s\n%14s%s\n' '' "stacks\`c+$off_b" '' 'libstkcb.so`stk_lib_call+X' '' "stacks\`main+$off_cmain")"

# --- ustack(); as a statement, default depth: at least the known frames, in order
"$DTRACE" -q -n 'stk$target:::hit /arg0 == 0/ { ustack(); }' -c "$S 1 wait" >st.out 2>st.err
check_eq "ustack(); as a statement: b, a, main" "$(sed -n '1,4p' st.out)" "$(printf '\n%s' "$expect_b")"
check_match "... then the C library" "$(sed -n '5p' st.out)" '^ {14}libc[^`]*`'

# --- ustack(2): exactly two frames
"$DTRACE" -q -n 'stk$target:::hit /arg0 == 0/ { ustack(2); printf("|\n"); }' -c "$S 1 wait" >u2.out 2>u2.err
check_eq "ustack(2): two frames" "$(head -4 u2.out)" \
  "$(printf '\n%14s%s\n%14s%s\n|' '' "stacks\`b+$off_b" '' "stacks\`a+$off_a")"

# --- -x stackindent: the columns before each frame
"$DTRACE" -q -x stackindent=3 -n 'stk$target:::hit /arg0 == 0/ { ustack(2); printf("|\n"); }' -c "$S 1 wait" >si.out 2>si.err
check_eq "-x stackindent=3: frames indented by 3" "$(head -4 si.out)" \
  "$(printf '\n%3s%s\n%3s%s\n|' '' "stacks\`b+$off_b" '' "stacks\`a+$off_a")"

# --- the default depth: -x ustackframes, #pragma D option ustackframes
"$DTRACE" -q -x ustackframes=2 -n 'stk$target:::hit /arg0 == 0/ { ustack(); printf("|\n"); }' -c "$S 1 wait" >uf.out 2>uf.err
check_eq "-x ustackframes=2: ustack() has two frames" "$(head -4 uf.out)" "$(cat u2.out | head -4)"
printf '#pragma D option ustackframes=1\nstk$target:::hit /arg0 == 0/ { ustack(); printf("|\\n"); }\n' >uf.d
"$DTRACE" -q -s uf.d -c "$S 1 wait" >uf1.out 2>uf1.err
check_eq "#pragma D option ustackframes=1" "$(head -3 uf1.out)" "$(printf '\n%14s%s\n|' '' "stacks\`b+$off_b")"
# --- maxframes caps every depth; jstackframes is jstack()'s default depth
"$DTRACE" -q -x maxframes=2 -n 'stk$target:::hit /arg0 == 0/ { ustack(5); printf("|\n"); }' -c "$S 1 wait" >mf.out 2>mf.err
check_eq "-x maxframes=2: ustack(5) records two frames" "$(head -4 mf.out)" "$(head -4 u2.out)"
# above the kernel's limit (perf_event_max_stack) or negative: refused, as
# Oracle's options/err.maxframes-too-high and -negative
mfmax=$(cat /proc/sys/kernel/perf_event_max_stack 2>/dev/null || echo 127); [ "$mfmax" -le 127 ] || mfmax=127
"$DTRACE" -x maxframes=$((mfmax + 1)) -n 'BEGIN { exit(0); }' >/dev/null 2>err.txt
check_eq "-x maxframes above the kernel's limit is refused" "$?:$(cat err.txt)" \
  "1:dtrace: failed to set option -x maxframes to \"$((mfmax + 1))\": more than $mfmax, the most frames a stack records (kernel.perf_event_max_stack)"
"$DTRACE" -x maxframes=$mfmax -x maxframes=-1 -n 'BEGIN { exit(0); }' >/dev/null 2>err.txt
check_eq "-x maxframes=-1 is refused; the limit itself is taken" "$?:$(cat err.txt)" \
  '1:dtrace: failed to set option -x maxframes to "-1": Invalid value'
printf '#pragma D option jstackframes=1\n#pragma D option jstackstrsize=1k\nstk$target:::hit /arg0 == 0/ { jstack(); printf("|\\n"); }\n' >jf.d
"$DTRACE" -q -s jf.d -c "$S 1 wait" >jf.out 2>jf.err
check_eq "#pragma D option jstackframes=1 (and jstackstrsize): jstack() has one frame" "$(head -3 jf.out)" \
  "$(printf '\n%14s%s\n|' '' "stacks\`b+$off_b")"
"$DTRACE" -x ustackframes=0 -n 'BEGIN { exit(0); }' >/dev/null 2>err.txt
check_eq "-x ustackframes=0 is refused" "$(cat err.txt)" 'dtrace: failed to set option -x ustackframes to "0": Invalid value'

# --- usym/ufunc/uaddr/umod ("  %-50s") and printf %k %a %A
"$DTRACE" -q -n 'stk$target:::hit /arg0 == 2/ { trace(ufunc(arg1)); trace(usym(arg1)); trace(uaddr(arg1)); trace(umod(arg1)); printf("|\n"); }' \
  -c "$S 3 wait" >sym.out 2>sym.err
check_eq "ufunc usym uaddr umod of b+2 and c+2" "$(cat sym.out)" \
  "$(printf '  %-50s  %-50s  %-50s  %-50s|\n' 'stacks`b' 'stacks`b' 'stacks`b+0x2' stacks 'stacks`c' 'stacks`c' 'stacks`c+0x2' stacks)"
"$DTRACE" -q -n 'stk$target:::hit /arg0 == 0/ { printf("[%a][%A]%k|\n", uaddr(arg1), arg1, ustack(1)); }' \
  -c "$S 1 wait" >pf.out 2>pf.err
check_eq "printf %a %A %k" "$(head -3 pf.out)" \
  "$(printf '[stacks`b][stacks`b]\n%14s%s\n|' '' "stacks\`b+$off_b")"

# --- aggregations keyed by ustack(), ufunc(), uaddr(), umod()
"$DTRACE" -q -n 'stk$target:::hit { @[ustack(3)] = count(); }' -c "$S 3 wait" >ag.out 2>ag.err
expect=$(printf '\n\n%s\n %16d\n\n%14s%s\n%14s%s\n%14s%s\n %16d' "$expect_b" 3 \
  '' "stacks\`c+$off_b" '' "libstkcb.so\`stk_lib_call+XX" '' "stacks\`main+$off_cmain" 3)
check_eq "@[ustack(3)] = count(): frames, then the value on its own line" \
  "$(sed 's/stk_lib_call+0x[0-9a-f]*/stk_lib_call+XX/' ag.out)" "$expect"
"$DTRACE" -q -n 'stk$target:::hit { @f[ufunc(arg1)] = count(); @a[uaddr(arg1)] = count(); @m[umod(arg1)] = count(); }' \
  -c "$S 3 wait" >agf.out 2>agf.err
expect=$( { echo; printf '  %-50s %16d\n' 'stacks`b' 3 'stacks`c' 3 'stacks`b' 1 'stacks`b+0x1' 1 'stacks`b+0x2' 1 \
  'stacks`c' 1 'stacks`c+0x1' 1 'stacks`c+0x2' 1 stacks 6; } )
check_eq "@[ufunc(pc)]: one entry per function; @[uaddr(pc)]: per address; @[umod(pc)]: per module" \
  "$(cat agf.out)" "$expect"

# --- a fixed-address (non-PIE) executable resolves the same way
"$DTRACE" -q -n 'stk$target:::hit /arg0 == 0/ { ustack(3); trace(ufunc(arg1)); }' -c "$T/stacksfix 1 wait" >fix.out 2>fix.err
check_eq "non-PIE: frames and ufunc" "$(sed -E 's/\+0x[0-9a-f]+$/+X/' fix.out)" \
  "$(printf '\n%14s%s\n%14s%s\n%14s%s\n  %-50s\n%14s%s\n%14s%s\n%14s%s\n  %-50s' \
    '' 'stacksfix`b+X' '' 'stacksfix`a+X' '' 'stacksfix`main+X' 'stacksfix`b' \
    '' 'stacksfix`c+X' '' 'libstkcb.so`stk_lib_call+X' '' 'stacksfix`main+X' 'stacksfix`c')"

# --- a process that exited before its symbols were read: hex, as DTrace
"$DTRACE" -q -n "stk*:$S::hit { @[ustack(3)] = count(); @f[ufunc(arg1)] = count(); } stk*:$S::done /arg0 == 1/ { exit(0); }" \
  >gone.out 2>gone.err &
dpid=$!
wait_attached $dpid || fail "dtrace attached by file"
"$S" 2 >/dev/null 2>&1          # fires and exits; dtrace never saw it alive
"$S" 0 last >/dev/null 2>&1     # fires done(1): exit(0)
wait $dpid; rc=$?
check_eq "by file: exit(0) from the second process" "$rc" 0
# ufunc() keys cannot be merged per function either: one per pc (b, b+1, c, c+1)
check_eq "exited process: stack frames and ufunc() keys print as hex addresses" \
  "$(sed -E 's/^  0x[0-9a-f]+ +([0-9]+)$/KEY \1/; s/0x[0-9a-f]+/X/' gone.out)" \
  "$(printf '\n%s\n %16d\n%s\n %16d\nKEY 1\nKEY 1\nKEY 1\nKEY 1' "$(printf '\n%14sX' '' '' '')" 2 "$(printf '\n%14sX' '' '' '')" 2)"

# --- stack(): the kernel stack.  A uprobe fires in user context: empty.
"$DTRACE" -q -n 'stk$target:::hit /arg0 == 0/ { stack(); printf("|\n"); }' -c "$S 1 wait" >ks.out 2>ks.err
check_eq "stack() in a USDT probe: no kernel frames" "$(cat ks.out)" "$(printf '\n|\n\n|')"
# (kallsyms may begin with per-CPU symbols at 0: a function's address tells)
if [ "$(awk '$2 ~ /^[Tt]$/ { print $1; exit }' /proc/kallsyms)" != 0000000000000000 ]; then
  out=$("$DTRACE" -q -n 'BEGIN { stack(4); exit(0); }' 2>err.txt)
  check_eq "stack(4) in BEGIN: 4 kernel frames, symbolised from kallsyms" \
    "$(printf '%s\n' "$out" | sed -E 's/^ {14}vmlinux`[a-zA-Z_0-9.]+\+0x[0-9a-f]+$/FRAME/')" \
    "$(printf '\nFRAME\nFRAME\nFRAME\nFRAME\n')"
  # the code that ran the probe, as DTrace's BEGIN shows its ioctl: not the
  # BEGIN program's own frame (codegen-kstack.c)
  check_match "... the first is the kernel's test run of the BEGIN program" "$(printf '%s\n' "$out" | sed -n 2p)" \
    '^ {14}vmlinux`[a-z_]*bpf_prog_test_run[a-z_]*\+0x'
else
  skip "stack() in BEGIN: /proc/kallsyms hides addresses"
fi

# --- other providers: pid entry (the kernel adds the caller at a function's
# first instruction), syscall (a raw tracepoint: user and kernel stacks)
"$DTRACE" -q -n 'pid$target::b:entry { ustack(3); exit(0); }' -c "$S 1 wait" >pidp.out 2>pidp.err
check_eq "pid\$target::b:entry: ustack(3) is b, a, main" "$(head -4 pidp.out)" \
  "$(printf '\n%14s%s\n%14s%s\n%14s%s' '' 'stacks`b' '' "stacks\`a+$off_a" '' "stacks\`main+$off_main")"
"$DTRACE" -q -n 'syscall::clock_nanosleep:entry /pid == $target/ { ustack(1); stack(2); exit(0); }' -c "$S 1 wait" >sys.out 2>sys.err
check_match "syscall entry: ustack(1) is the C library's system call wrapper" "$(sed -n 2p sys.out)" \
  '^ {14}libc[^`]*`[a-z_]*nanosleep[a-z_0-9]*\+0x[0-9a-f]+$'
check_eq "syscall entry: stack(2) shows two kernel frames" \
  "$(sed -n '3,5p' sys.out | sed -E 's/^ {14}vmlinux`[A-Za-z_0-9.]+\+0x[0-9a-f]+$/KFRAME/')" "$(printf '\nKFRAME\nKFRAME')"

# --- errors
err_is () {  # NAME PROGRAM PATTERN
  "$DTRACE" -n "$2" >/dev/null 2>err.txt; local rc=$?
  check_eq "$1: exit 1" "$rc" 1
  check_match "$1: message" "$(cat err.txt)" "$3"
}
err_is "x = ustack()" 'BEGIN { x = ustack(); }' \
  '^dtrace: invalid probe specifier .*: line 1: ustack\( \) may only be traced, printed with printf\( \), used as an aggregation key or used as a statement$'
err_is "ufunc(pc) + 1" 'BEGIN { trace(ufunc(1) + 1); }' 'line 1: ufunc\( \) may only be traced'
err_is "ustack(0)" 'BEGIN { ustack(0); }' 'ustack\( \) argument #1 must be a non-zero positive integral constant expression'
err_is "ustack(arg0)" 'BEGIN { ustack(arg0); }' 'ustack\( \) argument #1 must be a non-zero positive integral constant expression'
err_is "ustack(200)" 'BEGIN { ustack(200); }' 'of at most 127'
err_is "ufunc()" 'BEGIN { ufunc(); }' 'ufunc\( \) prototype mismatch: 0 args passed, 1 expected'
err_is "usym(\"s\")" 'BEGIN { usym("s"); }' 'must be of integer type'

# --- stack(), ustack() and jstack() of any depth are one type: one
# aggregation may be keyed by all of them (printa/tst.stack); each keeps its
# own kind and depth.  A block's signature: kernel or user, frames, count.
"$DTRACE" -q -n 'BEGIN { @[stack(2)] = count(); @[ustack(2)] = count(); @[ustack(2)] = count(); @[jstack(3)] = count();
  exit(0); } END { printa("%k|%@d\n", @); }' >mix.out 2>mix.err
check_eq "@[stack(2)], @[ustack(2)] twice, @[jstack(3)]: three keys, each its own kind and depth" \
  "$(awk '/^ +[^ |]/ { if (!n++) kind = $1 ~ /^(bpf|vmlinux)`|^0xffff/ ? "kernel" : "user" }
          /^\|/ { print kind, n, substr($0, 2); n = 0 }' mix.out | sort)" \
  "$(printf 'kernel 2 1\nuser 2 2\nuser 3 1')"
check_eq "... no error" "$(cat mix.err)" ""
"$DTRACE" -q -n 'BEGIN { @[ustack(5)] = count(); @[ustack(3)] = count(); @k[stack(1)] = count(); @k[stack(3)] = count();
  exit(0); }' >/dev/null 2>mix2.err; rc=$?
check_eq "ustack(5) and ustack(3), stack(1) and stack(3) as one key: accepted" "$rc:$(cat mix2.err)" "0:"

done_testing
