#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# usdt-argtypes.sh — args[N] of USDT probes typed from the provider's .d,
# which `dtrace -h` (and `dtrace -G` for call-style probes) record in the
# program's non-alloc .sdtkit.argtypes section: args[0]->member chains on
# a struct pointer, print(*args[0]), copyinstr(args[1]) of a char *,
# args[2] a negative int, a typedef'd integer and a typedef'd struct
# pointer, uint64_t; gcc and clang at -O0 and -O2, g++, a call-style build,
# a shared library.  The section costs nothing at run time (no alloc flag,
# in no segment, one copy per probe).  Without records (systemtap's
# <sys/sdt.h>) args[N] stay 64-bit integers; without debug information
# D's built-in types still apply; probes whose declared types differ, and
# an index past the declaration, are errors naming the script's line.
. "$SRCDIR/test/lib.sh"

cat > at.d <<'X'
provider at {
	probe req(struct request *r, char *path, int n);
	probe tick(ticks_t t, request_t *r, uint64_t big);
};
X
cat > other.d <<'X'
provider other {
	probe req(int r, char *path, int n);
};
X
"$DTRACE" -h -s at.d -o at.h || fail "dtrace -h at.d"
"$DTRACE" -G -s at.d -o at-sem.o || fail "dtrace -G at.d"
"$DTRACE" -h -x callstyle -s at.d -o at-cs.h 2>/dev/null || fail "dtrace -h -x callstyle at.d"

# The program: HEADER picks the -h header or the call-style one.
cat > at.c <<'X'
#include <stdint.h>
typedef struct request { int id; const char *host; struct request *next; unsigned short port; } request_t;
typedef long ticks_t;
#include HEADER
#ifdef LIB
void lib_fire (void);
void lib_fire (void)
#else
int main (void)
#endif
{
	static struct request inner = { 8, "in", 0, 443 };
	static request_t outer = { 7, "example.org", &inner, 80 };
	char path[] = "/a/b";
	volatile int n = -3;
	volatile ticks_t t = 1234567890123L;
	AT_REQ (&outer, path, n);
	AT_TICK (t, &outer, UINT64_C (18446744073709551615));
#ifndef LIB
	return 0;
#endif
}
X

cat > typed.d <<'X'
at$target:::req
{
	printf("req %d %s %d %d %s %d\n", args[0]->id, copyinstr((uintptr_t)args[0]->host),
	    args[0]->next->id, args[0]->next->port, copyinstr(args[1]), args[2]);
}
at$target:::tick
{
	printf("tick %d %d %u\n", args[0], args[1]->port, args[2]);
}
X
want="req 7 example.org 8 443 /a/b -3
tick 1234567890123 80 18446744073709551615"

for build in "gcc -O0" "gcc -O2" "clang -O0" "clang -O2" "g++ -O2 -x c++"; do
  set -- $build
  command -v $1 >/dev/null || { fail "$1 is not installed"; continue; }
  prog=at-$1$2
  "$@" -g -DHEADER='"at.h"' at.c -x none at-sem.o -o $prog || { fail "build $prog"; continue; }
  out=$("$DTRACE" -q -s typed.d -c ./$prog 2>err.txt)
  check_eq "$build: args[N] typed from the .d (member chains, char *, int, typedefs, uint64_t)" "$out" "$want"
  [ -s err.txt ] && sed 's/^/    /' err.txt | head -5
done

# print() of the struct args[0] points to (a probe with one site per build).
out=$("$DTRACE" -q -n 'at$target:::req { print(*args[0]); }' -c ./at-gcc-O2 2>&1)
check_match "print(*args[0]) shows the struct with its members" "$(printf '%s' "$out" | tr '\n' '|')" \
  '^struct request \{\|    int id = 0x7\|    const char \*host = 0x[0-9a-f]+\|    struct request \*next = 0x[0-9a-f]+\|    unsigned short port = 0x50\|\}'

# What the section is: not allocated, in no segment, one record set per probe.
sect=$(readelf -SW at-gcc-O2 | grep -F ' .sdtkit.argtypes ')
check_match "the records are a PROGBITS section without the alloc flag" "$sect" \
  'PROGBITS +0+ [0-9a-f]+ [0-9a-f]+ 00 +0 +0 +1$'
check "... mapped by no segment" sh -c '! readelf -lW at-gcc-O2 | grep -q sdtkit'
recs=$(readelf -p .sdtkit.argtypes at-clang-O2 | grep -c 'struct request \*')
check_eq "... a probe's records once in the executable (header COMDAT) plus -G's copy" "$recs" 2

out=$("$DTRACE" -l -v -m ./at-gcc-O2 | tr '\n\t' '|~')
check_match "-l -v shows the declared argument types" "$out" \
  'req\|.*~Argument Types\|~~args\[0\]: struct request \*\|~~args\[1\]: char \*\|~~args\[2\]: int\|'

# Call-style probes: -G links the calls and writes the records.
if cc -g -O2 -DHEADER='"at-cs.h"' -c at.c -o at-cs.o && "$DTRACE" -G -s at.d -o at-cs-sem.o at-cs.o 2>/dev/null &&
   cc at-cs.o at-cs-sem.o -o at-cs; then
  out=$("$DTRACE" -q -s typed.d -c ./at-cs 2>err.txt)
  check_eq "call-style probes linked by -G: args[N] typed" "$out" "$want"
  [ -s err.txt ] && sed 's/^/    /' err.txt | head -5
else
  fail "build the call-style program"
fi

# A shared library: the probes and the types are the library's.
echo 'void lib_fire (void); int main (void) { lib_fire (); return 0; }' > main.c
if cc -g -O2 -fPIC -shared -DLIB -DHEADER='"at.h"' at.c -x none at-sem.o -o libat.so &&
   cc main.c -L. -lat -Wl,-rpath,"$PWD" -o at-lib; then
  out=$("$DTRACE" -q -s typed.d -c ./at-lib 2>err.txt)
  check_eq "probes in a shared library: args[N] typed from the library's records and DWARF" "$out" "$want"
  [ -s err.txt ] && sed 's/^/    /' err.txt | head -5
else
  fail "build the shared library"
fi

# Without debug information: int and uint64_t are D's; the struct pointer
# stays an integer (a cast of arg1 still reads it through the script's type).
objcopy --strip-debug at-gcc-O2 at-stripped
cat > stripped.d <<'X'
struct request { int id; const char *host; struct request *next; unsigned short port; };
at$target:::req { printf("%d %d %s\n", args[2], ((struct request *)args[0])->id, copyinstr(args[1])); }
at$target:::tick { printf("%u\n", args[2]); }
X
out=$("$DTRACE" -q -s stripped.d -c ./at-stripped 2>&1)
check_eq "no debug information: built-in types still typed, struct pointers stay integers" "$out" \
  "-3 7 /a/b
18446744073709551615"

# systemtap's <sys/sdt.h> sites carry no records: args[N] as before.
cat > stap.c <<'X'
#include <sys/sdt.h>
struct request { int id; };
int main (void) { static struct request r = { 7 }; volatile int n = -3; STAP_PROBE2 (at, req, &r, n); return 0; }
X
if cc -g -O2 stap.c -o at-stap; then
  out=$("$DTRACE" -q -n 'at$target:::req { printf("%d %d\n", ((struct request *)args[0])->id, args[1]); }' \
        -c ./at-stap 2>&1)
  check_eq "a <sys/sdt.h> site: args[N] are untyped 64-bit values, as before" "$out" "7 -3"
  out=$("$DTRACE" -q -n 'at$target:::req { trace(args[0]->id); }' -c ./at-stap 2>&1); rc=$?
  check "... so args[0]->id does not compile" test $rc -ne 0
  out=$("$DTRACE" -l -v -m ./at-stap | tr '\n\t' '|~')
  check_match "... and -l -v shows the notes' integer types" "$out" '~Argument Types\|~~args\[0\]: uint64_t\|~~args\[1\]: int32_t\|'
else
  fail "build the <sys/sdt.h> program"
fi

# Two probes with different declared types in one clause.
"$DTRACE" -h -s other.d -o other.h && "$DTRACE" -G -s other.d -o other-sem.o || fail "other.d"
cat > two.c <<'X'
#include "at.h"
#include "other.h"
struct request { int id; };
int main (void) { static struct request r = { 7 }; char p[] = "p"; AT_REQ (&r, p, 1); OTHER_REQ (5, p, 2); return 0; }
X
if cc -g two.c at-sem.o other-sem.o -o two; then
  printf '#!/usr/bin/env dtrace\n\n*$target:::req\n{\n\ttrace(args[2]);\n\ttrace(args[0]);\n}\n' > two.d
  out=$("$DTRACE" -q -s two.d -c ./two 2>&1); rc=$?
  check "probes whose args[0] types differ: non-zero exit" test $rc -ne 0
  check_match "... the error names the script line, the argument and both types" "$out" \
    'two.d: line 6: args\[0\] has different types in the probes this clause matches: (struct request \* in at:two::req, int in other:two::req|int in other:two::req, struct request \* in at:two::req)'
  out=$("$DTRACE" -q -n '*$target:::req { printf("%d %s\n", args[2], copyinstr(args[1])); }' -c ./two 2>&1)
  check_eq "... while args[2] and args[1], declared alike, are typed" "$(printf '%s\n' "$out" | sort)" "1 p
2 p"
fi
out=$("$DTRACE" -q -n 'at$target:::req
{ trace(args[3]); }' -c ./at-gcc-O0 2>&1); rc=$?
check "args[3] of a probe declaring 3 arguments: non-zero exit" test $rc -ne 0
check_match "... the error says so, with the line" "$out" \
  'line 2: args\[3\] is out of range: probe at:at-gcc-O0::req declares 3 arguments'
done_testing
