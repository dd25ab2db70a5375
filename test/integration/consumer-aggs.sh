#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-aggs.sh — aggregation breadth, golden tested in DTrace's formats:
# stddev() and llquantize() computed in BPF (negative values, 64-bit
# magnitudes, increments), printa with %@ conversions joining several
# aggregations on their keys and its default layout, the aggsort options
# (-x and #pragma), trunc, clear, normalize and denormalize, from BEGIN
# and from USDT probes of the consumer tests' target (data/target.{c,d}).
. "$SRCDIR/test/lib.sh"
data=$SRCDIR/test/integration/data
"$DTRACE" -h -s "$data/target.d" -o target.h || fail "dtrace -h target.d"
"$DTRACE" -G -s "$data/target.d" -o target-sem.o || fail "dtrace -G target.d"
gcc -O2 -I. "$data/target.c" target-sem.o -o target || fail "build target"

# run_q NAME PROGRAM [dtrace options]: dtrace -q -c './target 10', stdout to NAME.out
run_q () {
  local name=$1 prog=$2; shift 2
  "$DTRACE" -q "$@" -n "$prog" -c "./target 10" >"$name.out" 2>"$name.err"
}
row () { local bar; bar=$(printf '%*s' "$2" '' | tr ' ' '@'); printf '%16s |%-40s %-9d\n' "$1" "$bar" "$3"; }
hdr () { printf '\n%16s %41s %-9s\n' value '------------- Distribution -------------' count; }
line () { printf '  %-50s' "$1"; shift; for v; do printf ' %16s' "$v"; done; printf '\n'; }

# --- stddev: tick's arg1 = i*i (i = 0..9), neg's v = -3..3, 64-bit values
run_q sd 'tgt$target:::tick { @a = stddev(arg1); } tgt$target:::neg { @b = stddev(arg0); }'
check_eq "stddev of USDT arguments (squares 0..81; -3..3)" "$(cat sd.out)" "$(printf '\n %16d\n %16d' 27 2)"
out=$("$DTRACE" -q -n 'BEGIN { @a = stddev(5000000000); @a = stddev(-5000000000); @a = stddev(900); @b = stddev(-1); @b = stddev(-3); @c[1] = stddev(-100); @c[1] = stddev(-3); @c[1] = stddev(7); @c[1] = stddev(1000); @d = stddev(42); exit(0); }')
check_eq "stddev: 128-bit sum of squares, negative values, one value" "$out" "$(printf '\n %16d\n %16d\n %8d %16d\n %16d' 4082482904 1 1 448 0)"

# --- llquantize
out=$("$DTRACE" -q -n 'BEGIN { @ = llquantize(7, 10, 0, 2, 10); @ = llquantize(7, 10, 0, 2, 10); @ = llquantize(25, 10, 0, 2, 10); @ = llquantize(30, 10, 0, 2, 10, 3); exit(0); }')
expect=$( { echo; hdr; row 6 0 0; row 7 13 2; row 8 0 0; row 9 0 0; row 10 0 0; row 20 7 1; row 30 20 3; row 40 0 0; echo; } )
check_eq "llquantize(x, 10, 0, 2, 10) block (with an increment of 3)" "$out" "$expect"
run_q llq 'tgt$target:::tick { @ = llquantize(arg1, 10, 0, 1, 10); }'
expect=$( { echo; hdr; row '< 1' 4 1; row 1 4 1; row 2 0 0; row 3 0 0; row 4 4 1; row 5 0 0; row 6 0 0; row 7 0 0; row 8 0 0; row 9 4 1
            row 10 4 1; row 20 4 1; row 30 4 1; row 40 4 1; row 50 0 0; row 60 4 1; row 70 0 0; row 80 4 1; row 90 0 0; echo; } )
check_eq "llquantize of USDT squares: '< 1', steps of 1 then of 10" "$(cat llq.out)" "$expect"
out=$("$DTRACE" -q -n 'BEGIN { @ = llquantize(1, 2, 0, 4, 4); @ = llquantize(3, 2, 0, 4, 4); @ = llquantize(5, 2, 0, 4, 4); @ = llquantize(13, 2, 0, 4, 4); @ = llquantize(31, 2, 0, 4, 4); @ = llquantize(40, 2, 0, 4, 4); exit(0); }')
expect=$( { echo; hdr; row '< 1' 0 0; row 1 7 1; row 2 0 0; row 3 7 1; row 4 7 1; row 6 0 0; row 8 0 0; row 12 7 1; row 16 0 0; row 24 7 1; row '>= 32' 7 1; echo; } )
check_eq "llquantize(x, 2, 0, 4, 4): factor 2, the overflow bucket" "$out" "$expect"
run_q llneg 'tgt$target:::neg { @ = llquantize(arg0, 10, 0, 1, 10); }'
expect=$( { echo; hdr; row '< 1' 23 4; row 1 6 1; row 2 6 1; row 3 6 1; row 4 0 0; echo; } )
check_eq "llquantize: negative values land in the '< factor^low' bucket" "$(cat llneg.out)" "$expect"
"$DTRACE" -q -n 'BEGIN { @ = llquantize(1, 10, 0, 2, 15); }' >/dev/null 2>err.txt; rc=$?
check_eq "llquantize with steps not a multiple of the factor: exit 1" "$rc" 1
check_match "... names llquantize" "$(cat err.txt)" 'llquantize\( \)'

# --- printa joining several aggregations on their keys
prog='tgt$target:::tick { @c[copyinstr(arg2)] = count(); @s[copyinstr(arg2)] = sum(arg0); @a[copyinstr(arg2)] = avg(arg1); } END { printa("%-8s %@4d %@4d %@4d\n", @c, @s, @a); }'
run_q join "$prog"
check_eq "printa(\"%s %@d %@d %@d\", @c, @s, @a): sorted by the first's values" "$(cat join.out)" \
  "$(printf '%-8s %4d %4d %4d\n' beta 3 12 22 gamma 3 15 31 alpha 4 18 31)"
run_q joinpos "$prog" -x aggsortpos=2
check_eq "-x aggsortpos=2: sorted by the third aggregation (ties by key)" "$(cat joinpos.out)" \
  "$(printf '%-8s %4d %4d %4d\n' beta 3 12 22 alpha 4 18 31 gamma 3 15 31)"
run_q joinkey "$prog" -x aggsortkey
check_eq "-x aggsortkey" "$(cat joinkey.out)" "$(printf '%-8s %4d %4d %4d\n' alpha 4 18 31 beta 3 12 22 gamma 3 15 31)"
run_q joinrev "$prog" -x aggsortrev
check_eq "-x aggsortrev" "$(cat joinrev.out)" "$(printf '%-8s %4d %4d %4d\n' alpha 4 18 31 gamma 3 15 31 beta 3 12 22)"
"$DTRACE" -q -n "#pragma D option aggsortkey
#pragma D option aggsortrev
$prog" -c ./target\ 10 >pragma.out 2>pragma.err
check_eq "#pragma D option aggsortkey + aggsortrev" "$(cat pragma.out)" "$(printf '%-8s %4d %4d %4d\n' gamma 3 15 31 beta 3 12 22 alpha 4 18 31)"
run_q keypos 'tgt$target:::tick { @[copyinstr(arg2), arg0 % 2] = count(); } END { printa("%s,%d:%@d ", @); }' -x aggsortkey -x aggsortkeypos=1
check_eq "-x aggsortkeypos=1: the second key sorts first" "$(cat keypos.out)" "alpha,0:2 beta,0:1 gamma,0:2 alpha,1:2 beta,1:2 gamma,1:1 "
run_q keypos0 'tgt$target:::tick { @[copyinstr(arg2), arg0 % 2] = count(); } END { printa("%s,%d:%@d ", @); }' -x aggsortkey
check_eq "-x aggsortkey, key 0 first" "$(cat keypos0.out)" "alpha,0:2 alpha,1:2 beta,0:1 beta,1:2 gamma,0:2 gamma,1:1 "
out=$("$DTRACE" -q -n 'BEGIN { @a["x"] = sum(10); @a["y"] = sum(20); @b["x"] = count(); @b["z"] = count(); printa(@a, @b); printa("%s %@d %@d %@d|", @a, @b); exit(0); }')
expect=$( { echo; line z 0 1; line x 10 1; line y 20 0; printf 'z 0 1 1|x 10 1 1|y 20 0 0|\n'; } )
check_eq "printa(@a, @b) default layout; missing values 0; extra %@ repeat the last" "$out" "$expect"
"$DTRACE" -q -n 'BEGIN { @foo[1] = count(); @bar = count(); printa(@foo, @bar); }' >/dev/null 2>err.txt; rc=$?
check_eq "printa of aggregations with different keys: exit 1" "$rc" 1
check_match "... DTrace's message" "$(cat err.txt)" 'printa\( \): @foo and @bar do not have matching key signatures: @foo has 1 key, @bar has 0 keys$'

# --- trunc, clear, normalize, denormalize (consumer-side, in clause order)
run_q trunc 'tgt$target:::tick { @s[copyinstr(arg2)] = sum(arg1); } END { trunc(@s, 2); printa("%s=%@d ", @s); trunc(@s, -1); printa("%s=%@d ", @s); trunc(@s); printa("%s=%@d ", @s); }'
check_eq "trunc(@, 2) keeps the largest, trunc(@, -1) the smallest, trunc(@) all" "$(cat trunc.out)" "gamma=93 alpha=126 gamma=93 "
run_q norm 'tgt$target:::tick { @s[copyinstr(arg2)] = sum(arg1); @q = quantize(arg0); @t[copyinstr(arg2)] = sum(arg1); } END { normalize(@s, 10); printa("%s=%@d ", @s); denormalize(@s); printa("%s=%@d ", @s); normalize(@t, 4); }'
expect=$( { printf 'beta=6 gamma=9 alpha=12 beta=66 gamma=93 alpha=126 \n'; hdr; row -1 0 0; row 0 4 1; row 1 4 1; row 2 8 2; row 4 16 4; row 8 8 2; row 16 0 0; echo; line beta 16; line gamma 23; line alpha 31; } )
check_eq "normalize, denormalize; an aggregation printed by printa is not printed again at exit, a normalized one is" "$(cat norm.out)" "$expect"
run_q clear 'tgt$target:::tick { @c[copyinstr(arg2)] = count(); } END { @c["end"] = count(); clear(@c); printa("%s=%@d ", @c); }'
check_eq "clear(@) zeroes the values (in the kernel: printa reads them again) and keeps the keys; it acts when its record is consumed" \
  "$(cat clear.out)" "alpha=0 beta=0 end=0 gamma=0 "

# --- the maps read in batches (agg-maps.c), and the one-key-at-a-time path
# (SDTKIT_NO_MAP_BATCH) giving the same: 1,500 keys (several batches), the
# 3 largest kept by trunc (the 2 smallest by trunc(@, -2)), 700 keys
# zeroed by clear, then all emptied
many='tgt$target:::tick { @k[arg0] = sum(arg0); @m[arg0] = sum(arg0); @s[arg0 % 700] = sum(arg0); } END { trunc(@k, 3); printa("%d:%@d ", @k); trunc(@m, -2); printa("%d~%@d ", @m); trunc(@m); clear(@s); printa("%d=%@d ", @s); trunc(@k); trunc(@s); printa("[%d:%@d]", @k); printa("[%d=%@d]", @s); }'
"$DTRACE" -q -n "$many" -c "./target 1500" >many.out 2>many.err
SDTKIT_NO_MAP_BATCH=1 "$DTRACE" -q -n "$many" -c "./target 1500" >many1.out 2>many1.err
words () { tr -s ' \n' '\n\n' <"$1" | sort | tr '\n' ' '; }
check_eq "1,500 keys read in batches: trunc(@, 3) keeps the 3 largest, trunc(@, -2) the 2 smallest; clear zeroes 700 keys; trunc(@) empties them" \
  "$(words many.out)" "$(printf '%s\n' 1497:1497 1498:1498 1499:1499 0~0 1~1 $(seq -f '%g=0' 0 699) | sort | tr '\n' ' ')"
check_eq "... the same one key at a time (SDTKIT_NO_MAP_BATCH)" "$(words many1.out)" "$(words many.out)"
done_testing
