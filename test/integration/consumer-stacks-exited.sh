#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-stacks-exited.sh — the stacks and symbols of a -c command that
# is gone before dtrace prints them (issue 28 item 8): a program that calls
# getppid() three times and exits within a millisecond, traced by the
# syscall provider only (no USDT description stops it at an evaltime).
# Every frame prints named: the C library's and the program's.
. "$SRCDIR/test/lib.sh"
data=$SRCDIR/test/integration/data
gcc -O0 -fno-omit-frame-pointer -fPIE -pie "$data/shortlived.c" -o short || fail "build short"
hexsub () { printf '0x%x' $(( 0x$1 - 0x$2 )); }
symaddr () { nm "$1" | awk -v s="$2" '$3 == s { print $1 }'; }
after_call () {  # FILE FUNC CALLEE: offset in FUNC of the instruction after its call to CALLEE
  local start; start=$(symaddr "$1" "$2")
  objdump -d --no-show-raw-insn "$1" | awk -v f="<$2>:" -v c="<$3>" '
    $2 == f { inf = 1; next } inf && /^$/ { exit } inf && found { sub(":", "", $1); print $1; exit }
    inf && index($0, "call") && index($0, c) { found = 1 }' | { read -r a; hexsub "$a" "$start"; }
}
off_f=$(after_call short f getppid@plt)
off_main=$(after_call short main f)
check_match "offsets found (f $off_f, main $off_main)" "$off_f $off_main" '^0x[0-9a-f]+ 0x[0-9a-f]+$'
# X: an offset in the C library (its build's)
hide () { sed -E 's/(libc\.so\.6`[A-Za-z_]+)\+0x[0-9a-f]+$/\1+X/'; }

# --- @[ustack(3)] of a syscall probe, printed after the command exited
for i in 1 2 3; do
  "$DTRACE" -q -n 'syscall::getppid:entry /pid == $target/ { @[ustack(3)] = count(); }' -c ./short >ag$i.out 2>ag$i.err
  check_eq "run $i: @[ustack(3)] of an exited command: every frame named, count 3" "$(hide <ag$i.out)" \
    "$(printf '\n\n%14s%s\n%14s%s\n%14s%s\n%17s\n' '' 'libc.so.6`getppid+X' '' "short\`f+$off_f" '' "short\`main+$off_main" 3)"
  check_eq "... no message" "$(cat ag$i.err)" ""
done

# --- usym()/umod() of the user pc (in the C library), and printf %A
"$DTRACE" -q -n 'syscall::getppid:entry /pid == $target/ { @[usym(uregs[R_PC]), umod(uregs[R_PC])] = count(); }' -c ./short >sy.out 2>sy.err
check_eq "usym(), umod() of an exited command" "$(sed -E 's/ +/ /g' sy.out)" "$(printf '\n libc.so.6`getppid libc.so.6 3')"
"$DTRACE" -q -n 'syscall::getppid:entry /pid == $target/ { printf("%A\n", uregs[R_PC]); }' -c ./short >pa.out 2>pa.err
check_eq "printf %A of an exited command" "$(hide <pa.out)" "$(printf 'libc.so.6`getppid+X\n%.0s' 1 2 3)"
