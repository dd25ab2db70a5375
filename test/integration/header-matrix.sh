#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# header-matrix.sh — `dtrace -h` headers compile and work everywhere:
# C89..C2x and C++98..C++20, gcc and clang, -O0/-O2/-O3, PIE, -no-pie,
# shared libraries, LTO, under -Wall -Wextra -pedantic -Werror and the extra
# warnings real projects use (R18); every probe site becomes one note whose
# provider, name and argument count match the .d; a call with the wrong
# number of arguments does not compile.
. "$SRCDIR/test/lib.sh"
d=$SRCDIR/test/integration/data/matrix.d

check "dtrace -h on matrix.d" "$DTRACE" -h -s "$d" -o matrix.h

gen_probe_calls matrix.h > calls.c
cp calls.c calls.cc
printf '#include <stdio.h>\nvoid fire_all (void);\nint main (void) { fire_all (); puts ("fired"); return 0; }\n' > main.c
check "dtrace -G on matrix.d" "$DTRACE" -G -s "$d" -o matrix-sem.o

want_sites=$(grep -c '^  [A-Z0-9_]* (' calls.c)
cwarn="-Wall -Wextra -pedantic -Werror -Wredundant-decls -Wnested-externs -Wdeclaration-after-statement -Wmissing-prototypes -Wshadow"
cxxwarn="-Wall -Wextra -pedantic -Werror -Wredundant-decls -Wshadow"
for cc in gcc clang; do
  for std in c89 c99 c11 gnu89 gnu11 c2x; do
    for o in -O0 -O2; do
      tag="$cc -std=$std $o"
      if $cc -std=$std $o $cwarn -I. -c calls.c -o calls.o 2>err.txt; then
        n=$(readelf -n calls.o | grep -c 'NT_STAPSDT')
        check_eq "$tag: compiles, one note per site" "$n" "$want_sites"
      else
        fail "$tag: compiles"; sed 's/^/    /' err.txt | head -10
      fi
    done
  done
done
cxx_of () { [ "$1" = gcc ] && echo g++ || echo clang++; }
for cc in gcc clang; do
  cxx=$(cxx_of $cc)
  for std in c++98 c++11 c++17 c++20; do
    for o in -O0 -O2; do
      tag="$cxx -std=$std $o"
      if $cxx -std=$std $o $cxxwarn -I. -c calls.cc -o callsxx.o 2>err.txt; then
        n=$(readelf -n callsxx.o | grep -c 'NT_STAPSDT')
        check_eq "$tag: compiles, one note per site" "$n" "$want_sites"
      else
        fail "$tag: compiles"; sed 's/^/    /' err.txt | head -10
      fi
    done
  done
done

# Link and run: PIE, no-PIE, -O3, LTO, shared library; notes survive.
for cc in gcc clang; do
  for variant in "-O2 -fPIE -pie" "-O0 -no-pie" "-O3" "-O2 -flto" "-O2 -ffunction-sections -Wl,--gc-sections"; do
    tag="$cc $variant"
    if $cc $variant -I. calls.c main.c matrix-sem.o -o prog 2>err.txt && ./prog >out.txt 2>&1; then
      # Optimisers may duplicate a site (one note per copy): every probe
      # must still be there at least once.
      n=$(readelf -n prog | awk '/Provider:/{p=$2} /Name:/{print p":"$2}' | sort -u | wc -l)
      check_eq "$tag: links, runs, keeps every probe" "$n" "$want_sites"
    else
      fail "$tag: links and runs"; sed 's/^/    /' err.txt out.txt 2>/dev/null | head -10
    fi
  done
  tag="$cc shared library"
  if $cc -O2 -fPIC -shared -I. calls.c matrix-sem.o -o libmatrix.so 2>err.txt \
     && $cc -O2 main.c -L. -lmatrix -Wl,-rpath,"$T" -o prog-so 2>>err.txt && ./prog-so >/dev/null; then
    n=$(readelf -n libmatrix.so | grep -c 'NT_STAPSDT')
    check_eq "$tag: links, runs, keeps every note" "$n" "$want_sites"
  else
    fail "$tag"; sed 's/^/    /' err.txt | head -10
  fi
done
if command -v ld.lld >/dev/null; then
  if clang -O2 -fuse-ld=lld -ffunction-sections -Wl,--gc-sections -I. calls.c main.c matrix-sem.o -o prog-lld 2>err.txt; then
    base=$(readelf -n prog-lld | grep -c 'Base: 0x0000000000000000')
    check_eq "lld --gc-sections keeps .stapsdt.base (no note with base 0)" "$base" 0
  else fail "clang lld link"; sed 's/^/    /' err.txt | head; fi
else
  skip "ld.lld not installed"
fi

# Every note names provider, probe and argument count as declared.
gcc -O2 -I. calls.c main.c matrix-sem.o -o prog
readelf -n prog | awk '/Provider:/{p=$2} /Name:/{n=$2} /Arguments:/{ $1=""; c=split($0, a, " "); print p, n, c }' | sort -u > notes.txt
check_match "twelve-argument probe has 12 args" "$(cat notes.txt)" '^matrix twelve 12$'
check_match "(void) probe has 0 args" "$(cat notes.txt)" '^matrix void__arg 0$'
check_match "() probe has 0 args" "$(cat notes.txt)" '^matrix zero 0$'
check_match "mixed-case name kept as written" "$(cat notes.txt)" '^matrix mixed__Case_name 1$'
check_match "second provider present" "$(cat notes.txt)" '^second_prov hit 1$'
sems=$(readelf -n prog | grep -c 'Semaphore: 0x0*[1-9a-f]')
check_eq "every site carries its semaphore" "$sems" "$want_sites"
check_match "macro names: provider upper-cased, __ -> _" "$(grep -c '#define MATRIX_MIXED_CASE_NAME(arg1)' matrix.h)" '^1$'

# Wrong number of arguments is a compile error.
printf '#include "matrix.h"\nvoid f (void);\nvoid f (void) { MATRIX_TWO (1); }\n' > wrong.c
check_fails "a call with too few arguments does not compile" gcc -c -I. wrong.c -o wrong.o
printf '#include "matrix.h"\nvoid f (void);\nvoid f (void) { MATRIX_ONE (1, 2); }\n' > wrong2.c
check_fails "a call with too many arguments does not compile" clang -c -I. wrong2.c -o wrong2.o

# Argument sizes follow the expression types: unsigned char 1, short -2, long -8, pointers 8.
cat > sizes.c <<'X'
#include "matrix.h"
int main (void) { unsigned char c = 200; short s = -4; int x = 1; long l = -5;
  MATRIX_THREE (c, s, &x); MATRIX_TWO ("s", l); return 0; }
X
gcc -O0 -I. sizes.c matrix-sem.o -o sizes
args=$(readelf -n sizes | sed -n 's/.*Arguments: //p' | tr '\n' '|')
check_match "unsigned char/short/pointer sizes" "$args" '^1@[^ ]+ -2@[^ ]+ 8@[^ |]+\|'
check_match "pointer/long sizes" "$args" '\|8@[^ ]+ -8@[^ |]+\|$'
done_testing
