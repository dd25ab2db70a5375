#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# header-semantics.sh — what the generated header means at run time:
# gdb reads back exactly the values passed (every compiler/optimisation mix);
# *_ENABLED() is false untraced and true while a tracer (bpftrace, through
# the kernel's ref_ctr) has the probe enabled; semaphores switch off cleanly
# when <sys/sdt.h> came first (OpenJDK) or GLib's sed #undefs them.
. "$SRCDIR/test/lib.sh"
data=$SRCDIR/test/integration/data
check "dtrace -h values.d" "$DTRACE" -h -s "$data/values.d" -o values.h
check "dtrace -G values.d" "$DTRACE" -G -s "$data/values.d" -o values-sem.o

gdb_args () { # PROG PROBE NARGS -> "v0 v1 ..." read by gdb at the probe
  local prog=$1 probe=$2 n=$3
  local cmds=(-batch -ex "break -probe-stap vals:$probe" -ex run)
  for ((i = 0; i < n; i++)); do cmds+=(-ex "printf \"%ld \", (long) \$_probe_arg$i"); done
  gdb -nx "${cmds[@]}" --args "$prog" 2>/dev/null | grep -v -E '^(Breakpoint|\[|Using|Starting|$|Download)' | tail -1 | sed 's/ *$//'
}
if command -v gdb >/dev/null; then
  for cc in gcc clang; do
    for o in -O0 -O2; do
      for pie in "-fPIE -pie" "-no-pie"; do
        tag="$cc $o ${pie%% *}"
        if ! $cc $o $pie -I. "$data/values.c" values-sem.o -o v 2>err.txt; then
          fail "$tag builds"; sed 's/^/    /' err.txt | head; continue
        fi
        check_eq "$tag: ints values (int, uchar, short, long, ulong)" "$(gdb_args ./v ints 5)" \
          "-7 200 -300 -1234567890123 -81985529216486896"
        check_eq "$tag: twelve arguments" "$(gdb_args ./v twelve 12)" "1 2 3 4 5 6 7 8 9 10 11 12"
        check_eq "$tag: constants" "$(gdb_args ./v consts 3)" "-7 42 1099511627776"
        s=$(gdb -nx -batch -ex 'break -probe-stap vals:ptrs' -ex run -ex 'x/s $_probe_arg0' \
            -ex 'print *(int *) $_probe_arg2' ./v 2>/dev/null | grep -E '"hello probes"|= 42' | wc -l)
        check_eq "$tag: string and pointer arguments" "$s" 2
      done
    done
  done
else
  skip "gdb not installed"
fi

gcc -O2 -I. "$data/values.c" values-sem.o -o v
check_eq "untraced: *_ENABLED() is false" "$(./v)" "guarded enabled=0"

# While bpftrace attaches the probe, the kernel raises the semaphore via
# ref_ctr_offset and *_ENABLED() turns true.
if command -v bpftrace >/dev/null; then
  ./v w > enabled.txt 2>&1 &
  vpid=$!
  timeout 20 bpftrace -p "$vpid" -e "usdt:$T/v:vals:guarded { printf(\"guarded %d\\n\", arg0); exit(); }" > bt.txt 2>&1
  wait "$vpid"; rc=$?
  check_eq "traced by bpftrace: *_ENABLED() turns true" "$(cat enabled.txt)" "enabled"
  check_match "bpftrace saw the guarded probe fire" "$(cat bt.txt)" '^guarded [0-9]+'
  [ $rc -eq 0 ] || fail "program exited $rc while traced"
else
  skip "bpftrace not installed (uprobe semaphore test)"
fi

# <sys/sdt.h> first (OpenJDK): no semaphore references, links with no -G object.
cat > sdtfirst.c <<'X'
#include <sys/sdt.h>
#include "values.h"
int main (void) { VALS_GUARDED (1); DTRACE_PROBE1 (raw, mix, 5); return VALS_GUARDED_ENABLED () ? 0 : 1; }
X
if gcc -O2 -Wall -Werror -I. sdtfirst.c -o sdtfirst 2>err.txt; then
  ok "sys/sdt.h first: links without the -G object"
  check_eq "sys/sdt.h first: notes carry no semaphore" "$(readelf -n sdtfirst | grep -c 'Semaphore: 0x0*[1-9a-f]')" 0
  check "sys/sdt.h first: ENABLED() is conservatively true" ./sdtfirst
else
  fail "sys/sdt.h first: compiles and links"; sed 's/^/    /' err.txt | head
fi

# GLib's post-processing turns the semaphore defines into #undef.
sed -e 's/define STAP_HAS_SEMAPHORES 1/undef STAP_HAS_SEMAPHORES/' \
    -e 's/define _SDT_HAS_SEMAPHORES 1/undef _SDT_HAS_SEMAPHORES/' values.h > glib.h
check_match "GLib sed finds the literal lines" "$(grep -c '^#undef _SDT_HAS_SEMAPHORES$' glib.h)" '^1$'
printf '#include "glib.h"\nint main (void) { VALS_GUARDED (3); return 0; }\n' > glib.c
if clang -O2 -Wall -Werror -I. glib.c -o glibprog 2>err.txt; then
  ok "GLib #undef: links without the -G object"
  check_eq "GLib #undef: notes carry no semaphore" "$(readelf -n glibprog | grep -c 'Semaphore: 0x0*[1-9a-f]')" 0
else
  fail "GLib #undef: compiles and links"; sed 's/^/    /' err.txt | head
fi

# Our header and <sys/sdt.h> probes coexist in one program and one TU.
cat > both.c <<'X'
#include "values.h"
#include <sys/sdt.h>
__extension__ unsigned short raw_mix_semaphore __attribute__ ((section (".probes")));
int main (void) { VALS_GUARDED (1); DTRACE_PROBE1 (raw, mix, 5); return 0; }
X
if gcc -O2 -Wall -Werror -I. both.c values-sem.o -o both 2>err.txt && ./both; then
  check_eq "sys/sdt.h after ours: both probes present" \
    "$(readelf -n both | grep -c -E 'Name: (guarded|mix)')" 2
else
  fail "sys/sdt.h after our header: compiles, links, runs"; sed 's/^/    /' err.txt | head
fi
done_testing
