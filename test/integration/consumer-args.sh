#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-args.sh — our consumer reads back exactly the values a program
# passed, for every argument form gcc and clang emit through <sys/sdt.h>
# (registers, constants, stack slots, red-zone spills, %rip-relative globals,
# SIB array elements, 12 arguments), at -O0 and -O2, in a PIE executable and
# in a shared library.
. "$SRCDIR/test/lib.sh"
data=$SRCDIR/test/integration/data
prog='af$target:::globals { printf("g %d %d %d\n", arg0, arg1, arg2); }
      af$target:::locals { printf("l %d %d %d\n", arg0, arg1, arg2); }
      af$target:::consts { printf("c %d %d\n", arg0, arg1); }
      af$target:::indexed { printf("i %d %d\n", arg0, arg1); }
      af$target:::twelve { printf("t %d %d %d %d %d %d %d %d %d %d %d %d\n", arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11); }'
# base 6: i = 2
want=$(printf 'g -77 250 -1234\nl 6 -8999999994 18\nc -5 123456789012\ni 30 -40\nt 6 7 8 9 10 11 12 13 14 15 16 17')
for cc in gcc clang; do
  for o in -O0 -O2; do
    tag="$cc $o"
    if ! $cc $o -fPIE -pie "$data/argforms.c" -o af 2>err.txt; then fail "$tag: builds"; continue; fi
    forms=$(readelf -n af | sed -n 's/.*Arguments: //p' | tr '\n' ' ')
    "$DTRACE" -q -n "$prog" -c "./af 6" >out.txt 2>err.txt
    check_eq "$tag PIE: every argument form reads back exactly ($forms)" "$(grep -v '^$' out.txt)" "$want"
    if ! { $cc $o -fPIC -shared -DLIB "$data/argforms.c" -o libaf.so && $cc $o "$data/argforms-main.c" -L. -laf -Wl,-rpath,"$T" -o afmain; } 2>err.txt; then
      fail "$tag: shared library builds"; sed 's/^/    /' err.txt | head; continue
    fi
    libprog=${prog//af\$target:::/af*:$T/libaf.so::}
    "$DTRACE" -q -n "$libprog" -c "./afmain 6" >out.txt 2>err.txt
    check_eq "$tag shared library: every argument form reads back exactly" "$(grep -v '^$' out.txt)" "$want"
  done
done
done_testing
