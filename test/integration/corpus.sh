#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# corpus.sh — every provider definition of test/corpus (one per real
# project's shape, R9-R14) goes through `dtrace -h` and `dtrace -G`; every
# probe macro is called, compiled with gcc and clang at -O0 and -O2, linked
# as a PIE executable and as a shared library with the -G object, and run.
# Every malformed file of test/corpus/bad fails with the expected
# "file:line: message", a non-zero exit, no crash and no output file.
. "$SRCDIR/test/lib.sh"
corpus=$SRCDIR/test/corpus
printf '#include <stdio.h>\nvoid fire_all (void);\nint main (void) { fire_all (); puts ("ok"); return 0; }\n' > main.c

for d in "$corpus"/*.d "$corpus"/*.dtrace "$corpus"/*.d.base; do
  [ -f "$d" ] || continue
  name=${d##*/}
  cppflags=()
  grep -q -E '^[[:space:]]*#[[:space:]]*(include|define|if|ifdef)' "$d" && cppflags=(-C -I"$corpus/include")
  stem=${name%%.*}
  if ! "$DTRACE" -h "${cppflags[@]}" -s "$d" -o "$stem.h" 2>err.txt; then
    fail "$name: dtrace -h ${cppflags[*]}"; sed 's/^/    /' err.txt | head; continue
  fi
  if ! "$DTRACE" -G "${cppflags[@]}" -s "$d" -o "$stem-sem.o" 2>err.txt; then
    fail "$name: dtrace -G ${cppflags[*]}"; sed 's/^/    /' err.txt | head; continue
  fi
  gen_probe_calls "$stem.h" > "$stem-calls.c"
  nmacros=$(grep -c '_ENABLED ()' "$stem-calls.c")
  good=1
  for cc in gcc clang; do
    for o in -O0 -O2; do
      if ! { $cc $o -Wall -Wextra -Werror -fPIE -c "$stem-calls.c" -o calls.o &&
             $cc $o -pie calls.o main.c "$stem-sem.o" -o prog && ./prog >/dev/null &&
             $cc $o -fPIC -shared "$stem-calls.c" "$stem-sem.o" -o "lib$stem.so" &&
             $cc $o main.c -L. -l"$stem" -Wl,-rpath,"$T" -o prog-so && ./prog-so >/dev/null; } 2>err.txt; then
        fail "$name: $cc $o builds (PIE and shared library) and runs"; sed 's/^/    /' err.txt | head -8; good=0
        continue
      fi
      got=$(readelf -n "lib$stem.so" | awk '/Provider:/{p=$2} /Name:/{print p":"$2}' | sort -u | wc -l)
      [ "$got" -eq "$nmacros" ] || { fail "$name: $cc $o: $got distinct probes in the library, $nmacros macros"; good=0; }
    done
  done
  [ $good = 1 ] && ok "$name: -h/-G, $nmacros probes compile, link (PIE, shared) and run with gcc and clang -O0/-O2"
done

for d in "$corpus"/bad/*.d; do
  name=bad/${d##*/}
  want=$(sed -n '1s|^/\* expect: \(.*\) \*/$|\1|p' "$d")
  for mode in -h -G; do
    out=$("$DTRACE" $mode -s "$d" -o "out$mode" 2>&1); rc=$?
    if [ $rc -ne 1 ]; then fail "$name $mode: exit status $rc, want 1"; printf '%s\n' "$out" | sed 's/^/    /'; continue; fi
    if [ -e "out$mode" ]; then fail "$name $mode: left an output file"; rm -f "out$mode"; continue; fi
    # "N: message" or "file:N: message": the message must name the file (or
    # the file of a line marker) and the line.
    case $want in
      *.d:*) loc=${want%%: *}; msg=${want#*: } ;;
      *) loc="${d##*/}:${want%%: *}"; msg=${want#*: } ;;
    esac
    if printf '%s\n' "$out" | grep -F -q -- "$loc: error: $msg"; then ok "$name $mode: \"$loc: error: ${msg:0:50}...\", exit 1, no output"
    else fail "$name $mode: error message"; printf '    want: %s: error: %s\n    got:  %s\n' "$loc" "$msg" "$out"; fi
  done
done
ls -A | grep -q '\.tmp' && fail "temp files left behind: $(ls -A | grep '\.tmp')" || ok "no temp files left in the output directory"
done_testing
