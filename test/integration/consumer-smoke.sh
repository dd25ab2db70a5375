#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-smoke.sh — one check per consumer feature, small enough to run
# on every kernel of the matrix (test/integration/consumer-kernels.sh boots
# Debian's 5.10, 6.1 and 6.12 under qemu and runs this inside each):
# USDT under -c with arguments and copyinstr, is-enabled, counts, pid
# entry/return, syscall, quantize, string functions, speculation, JSON lines,
# DWARF struct members, CFI ustack() of a frame-pointer-less binary, profile
# with folded stacks, execname, python3.11's USDT and a process started
# later traced by path.  A feature the running kernel cannot support must
# be refused with the feature layer's one line (kernel-features.c), which
# the check then expects instead of the output.
. "$SRCDIR/test/lib.sh"
data=$SRCDIR/test/integration/data
"$DTRACE" -h -s "$data/target.d" -o target.h || fail "dtrace -h target.d"
"$DTRACE" -G -s "$data/target.d" -o target-sem.o || fail "dtrace -G target.d"
gcc -O2 -I. "$data/target.c" target-sem.o -o target || fail "build target"
gcc -O2 -fomit-frame-pointer -g0 "$data/unwind-deep.c" -o deep || fail "build deep"
gcc -O0 -g "$data/ctstruct.c" -o ctstruct || fail "build ctstruct"
gcc -O2 -fomit-frame-pointer -g0 "$data/busy.c" -o busy || fail "build busy"
kernel=$(uname -r)

# dq NAME ARGS...: dtrace -q ARGS, output in NAME.out/.err, status in NAME.rc
dq () { local name=$1; shift; "$DTRACE" -q "$@" >"$name.out" 2>"$name.err"; echo $? >"$name.rc"; }
show () { sed 's/^/    | /' "$1.err" | head -5; }

dq usdt -n 'tgt$target:::tick /arg0 == 4/ { printf("%d %d %s\n", arg0, arg1, copyinstr(arg2)); }' -c "./target 6"
check_eq "USDT under -c: arguments and copyinstr ($kernel)" "$(cat usdt.out)" "4 16 beta" || show usdt

TGT_SETTLE_MS=100 dq enabled -n 'tgt$target:::ready { printf("ready\n"); }' -c "./target 1 wait"
check_match "is-enabled: the program saw its probe enabled" "$(cat enabled.err)" 'ready=1'
check_eq "... and the probe fired" "$(cat enabled.out)" "ready"

dq counts -n 'tgt$target:::tick { @[copyinstr(arg2)] = count(); }' -c "./target 10"
check_eq "USDT counts keyed by string" "$(cat counts.out)" \
  "$(printf '\n  %-50s %16d\n  %-50s %16d\n  %-50s %16d' beta 3 gamma 3 alpha 4)"

dq pid -n 'pid$target::f3:entry { printf("in %d\n", arg0); } pid$target::f3:return { printf("out %d\n", arg1 > 0); exit(0); }' -c "./deep 3"
check_match "pid provider entry and return" "$(head -2 pid.out | tr '\n' ' ')" '^in -?[0-9]+ out [01] $'

dq sys -n 'syscall::read:entry /pid == $target && (int)arg0 == -1/ { @ = count(); }' -c "./deep 4"
check_eq "syscall entry with a predicate" "$(cat sys.out)" "$(printf '\n %16d' 4)"

dq quant -n 'tgt$target:::tick { @ = quantize(arg1); }' -c "./target 4"
check_match "quantize" "$(cat quant.out)" '^ +4 \|@+ +1 +$'

dq strs -n 'BEGIN { s = "/usr/lib/libc.so.6"; printf("%s %s %d %s %s\n", basename(s), dirname(s), strlen(s), substr(s, 5, 3), strjoin(toupper("ab"), "c")); exit(0); }'
check_eq "string functions" "$(cat strs.out)" "libc.so.6 /usr/lib 18 lib ABc"

dq spec -n 'tgt$target:::tick { self->s = speculation(); speculate(self->s); printf("%d;", arg0); }
            tgt$target:::tick /arg0 % 2/ { commit(self->s); } tgt$target:::tick /!(arg0 % 2)/ { discard(self->s); }' -c "./target 5"
check_eq "speculation: committed odd ones only" "$(cat spec.out)" "1;3;"

dq json -x oformat=json -n 'tgt$target:::tick /arg0 < 2/ { printf("t%d", arg0); }' -c "./target 3"
check_eq "JSON lines: one object per firing" "$(grep -c '"probe"' json.out)" 2
check_match "JSON lines: the printf text" "$(cat json.out)" '"t1"'

dq members -n 'pid$target::visit:entry { printf("%d %d %d %s\n", args[0]->a, args[0]->b.c, args[0]->b.d, stringof(args[0]->tag)); }' -c ./ctstruct
check_eq "DWARF struct members of args[0]" "$(cat members.out)" "1 2 3 sm"

dq ustack -n 'pid$target::f6:entry { @[ustack()] = count(); } pid$target::f6:entry /++n == 3/ { exit(0); }' -c "./deep 50"
check_match "CFI ustack() through a frame-pointer-less binary: f6 ... f1 main" "$(tr -s ' \n' ' ' <ustack.out)" 'deep`f6 deep`f5\+0x[0-9a-f]+ deep`f4\+0x[0-9a-f]+ deep`f3\+0x[0-9a-f]+ deep`f2\+0x[0-9a-f]+ deep`f1\+0x[0-9a-f]+ deep`main\+0x[0-9a-f]+' || show ustack

dq prof -x oformat=folded -n 'profile-997 /pid == $target/ { @[ustack()] = count(); } tick-2s { exit(0); }' -c "./busy 30"
check_match "profile-997 with folded stacks" "$(cat prof.out)" 'busy`main;busy`spin [0-9]+$' || show prof

dq exn -n 'tgt$target:::ready { printf("%s\n", execname); }' -c "./target 1"
check_eq "execname" "$(cat exn.out)" "target"

py=/usr/bin/python3.11
if [ -x "$py" ] && "$DTRACE" -l -m "$py" 2>/dev/null | grep -q gc-start; then
  printf 'import gc\ngc.disable()\nfor i in range(3):\n    gc.collect(1)\n' >p.py
  dq py -n 'python$target:::gc-start /arg0 == 1/ { @ = count(); }' -c "$py -S p.py"
  check_eq "python3.11's USDT" "$(cat py.out)" "$(printf '\n %16d' 3)"
else
  skip "python3.11 with USDT probes not installed"
fi

# a process started after dtrace attached, traced by the file's path
"$DTRACE" -q -n "tgt*:$T/target::tick /arg0 == 2/ { printf(\"%s\n\", copyinstr(arg2)); exit(0); }" >later.out 2>later.err &
dpid=$!
for _ in $(seq 100); do [ -s later.err ] || grep -q . later.out && break; sleep 0.1; [ -n "$(ls /proc/$dpid/fdinfo 2>/dev/null)" ] || break
  grep -q 'bpf-link\|link_id' /proc/$dpid/fdinfo/* 2>/dev/null && break; done
sleep 0.5
for _ in $(seq 40); do ./target 3 wait 1 2>/dev/null; kill -0 $dpid 2>/dev/null || break; sleep 0.25; done
wait $dpid
check_eq "a process started later, traced by path" "$(cat later.out)" "gamma"
done_testing
