#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# ctypes-dwarf.sh — C types read from the traced program's own DWARF (no
# declarations in the script): args[0]->member on a pid entry probe typed
# from the function's parameter; ((struct a.out`conn *)arg0)->field on a
# USDT probe; an unscoped name; the debug file found through
# .gnu_debuglink; and the errors: an unknown type, a module without debug
# information (naming the file and where it looked; args[0]-> on a pid
# probe too), an unknown module;
# integer parameters typed with their width and sign; the program's
# enumerators as constants (and an ambiguous one).
# gcc and clang, -O0 and -O2 (ctypes.sh's program, built with -g).
. "$SRCDIR/test/lib.sh"
data=$SRCDIR/test/integration/data
"$DTRACE" -h -s "$data/ctypes.d" -o ctypes.h || fail "dtrace -h ctypes.d"
"$DTRACE" -G -s "$data/ctypes.d" -o ctypes-sem.o || fail "dtrace -G ctypes.d"

cat > pid.d <<'X'
pid$target::visit:entry
{
	printf("pid %d %d %d %s %d\n", args[0]->fd, args[0]->in->id, args[0]->arr[1].delta,
	    copyinstr((uintptr_t)args[0]->in->b), args[0]->next->bytes);
}
X
cat > usdt.d <<'X'
ctypes$target:::visit
{
	printf("usdt %d %d %d\n", ((struct a.out`conn *)arg0)->arr[1].id,
	    ((struct conn *)arg0)->in->b->lens[3], ((struct a.out`inner *)((struct conn *)arg0)->in)->mode);
}
X

for cc in gcc clang; do
  command -v $cc >/dev/null || { fail "$cc is not installed"; continue; }
  for opt in -O0 -O2; do
    prog=cd-$cc$opt
    $cc -g $opt -I. "$data/ctypes.c" ctypes-sem.o -o $prog || { fail "build $prog"; continue; }
    out=$("$DTRACE" -q -s pid.d -c ./$prog 2>err.txt)
    check_eq "$prog: args[0]->member on a pid probe, typed from visit()'s DWARF parameter" "$out" \
      "pid 3 7 -32 hello 99"
    [ -s err.txt ] && sed 's/^/    /' err.txt | head -5
    out=$("$DTRACE" -q -n 'pid$target::visit:entry { print(*args[0]->in); }' -c ./$prog 2>err.txt)
    check_match "$prog: print() of a struct read through args[0]" "$(printf '%s' "$out" | tr '\n' '|')" \
      '^struct inner \{\|    short id = 0x7\|    unsigned int flags :3 = 0x5\|    unsigned int mode :5 = 0x11\|.*    struct buf \*b = 0x[0-9a-f]+\|\}'
    out=$("$DTRACE" -q -s usdt.d -c ./$prog 2>err.txt)
    check_eq "$prog: (struct a.out\`conn *)arg0 and (struct conn *)arg0 on a USDT probe" "$out" "usdt 2 40 17"
    [ -s err.txt ] && sed 's/^/    /' err.txt | head -5
  done
done

# Integer parameters: typed args[] take the parameter's width and sign
# (arg0 is the whole register: at -O0 it is 4294967291 for -5).
cat > args.d <<'X'
pid$target::score:entry
{
	printf("args %d %d %d %s\n", args[0], args[1], args[2], copyinstr((uintptr_t)args[3]));
}
X
for opt in -O0 -O2; do
  gcc -g $opt "$data/ctdwarf-args.c" -o args$opt || { fail "build args$opt"; continue; }
  out=$("$DTRACE" -q -s args.d -c ./args$opt 2>err.txt)
  check_match "args$opt: int, unsigned char, long and char * parameters" "$out" "^args -5 200 1099511627776 abc$"
done

# The program's enumerators are integer constants in D; two enums that
# give a name different values make it ambiguous, and the error names both.
if gcc -g -O0 "$data/ctdwarf-enum.c" -o enum && gcc -g -O0 "$data/ctdwarf-enum.c" "$data/ctdwarf-enum2.c" -o enum2; then
  out=$("$DTRACE" -q -n 'pid$target::paint:entry /args[0]->color == GREEN || args[0]->color == BLUE/ {
    printf("%d %d %d %d %d;", args[0]->id, RED, GREEN, BLUE, args[0]->light == ON); }' -c ./enum 2>&1)
  check_eq "enumerators of the program's enums in a predicate and as values" "$out" "2 0 1 2 1;3 0 1 2 0;"
  out=$("$DTRACE" -q -n 'pid$target::paint:entry /args[0]->color == GREEN/ { exit(0); }' -c ./enum2 2>&1); rc=$?
  check "an ambiguous enumerator: non-zero exit" test $rc -ne 0
  check_eq "... the error names both enums and their values" "$out" \
    "dtrace: invalid probe specifier pid\$target::paint:entry /args[0]->color == GREEN/ { exit(0); }: line 1: failed to resolve GREEN: ambiguous: enum color defines it as 1, enum mode as 7"
  out=$("$DTRACE" -q -n 'pid$target::paint:entry /args[0]->color == PURPLE/ { exit(0); }' -c ./enum 2>&1)
  check_eq "an enumerator no enum defines" "$out" \
    "dtrace: invalid probe specifier pid\$target::paint:entry /args[0]->color == PURPLE/ { exit(0); }: line 1: failed to resolve PURPLE: Unknown variable name"
else
  fail "build enum, enum2"
fi

# The debug information in another file, found through .gnu_debuglink.
prog=cd-gcc-O2
if [ -x $prog ]; then
  mkdir -p linked && objcopy --only-keep-debug $prog linked/$prog.debug &&
    objcopy --strip-debug --add-gnu-debuglink=linked/$prog.debug $prog linked/$prog &&
    mv linked/$prog.debug linked/.debug-tmp && mkdir -p linked/.debug && mv linked/.debug-tmp linked/.debug/$prog.debug ||
    fail "objcopy debuglink"
  out=$("$DTRACE" -q -s usdt.d -c ./linked/$prog 2>err.txt)
  check_eq "types through .gnu_debuglink (in .debug/)" "$out" "usdt 2 40 17"

  # No debug information anywhere: the error names the file and the places.
  objcopy --strip-debug $prog stripped-$prog
  out=$("$DTRACE" -q -s usdt.d -c ./stripped-$prog 2>&1); rc=$?
  check "a program without debug information: non-zero exit" test $rc -ne 0
  check_match "... the error names the file and where it looked" "$out" \
    "failed to resolve type struct a.out\`conn: .*stripped-$prog: no debug information \\(looked in the file, .*\\.build-id/"
  check_match "... with the script's line" "$out" "usdt.d.* line 3"
  # args[0]-> on a pid probe of a function without debug information: the
  # same file and places, not "cannot be applied to type int64_t"
  out=$("$DTRACE" -q -n 'pid$target::visit:entry { trace(args[0]->fd); }' -c ./stripped-$prog 2>&1); rc=$?
  check "args[0]-> without debug information: non-zero exit" test $rc -ne 0
  check_match "... the error names args[0], the function, the file and where it looked" "$out" \
    "line 1: operator -> cannot be applied to args\\[0\\] of visit: its type is unknown: .*stripped-$prog: no debug information \\(looked in the file, .*\\.build-id/.*\\.debug\\)\$"

  out=$("$DTRACE" -q -n 'ctypes$target:::visit { trace(((struct a.out`nosuch *)arg0)->fd); }' -c ./$prog 2>&1); rc=$?
  check "an unknown type: non-zero exit" test $rc -ne 0
  check_match "... named in the error" "$out" "failed to resolve type struct a.out\`nosuch: no such type"
  out=$("$DTRACE" -q -n 'ctypes$target:::visit { trace(((struct libnone.so`conn *)arg0)->fd); }' -c ./$prog 2>&1); rc=$?
  check "an unknown module: non-zero exit" test $rc -ne 0
  check_match "... the error lists the target's modules" "$out" "no module libnone.so among the traced program's \\(a.out, .*libc.so.6"
  out=$("$DTRACE" -q -n 'ctypes$target:::visit { trace(((struct a.out`conn *)arg0)->nosuch); }' -c ./$prog 2>&1); rc=$?
  check_match "an unknown member of a DWARF type" "$out" "nosuch is not a member of struct conn"
fi
done_testing
