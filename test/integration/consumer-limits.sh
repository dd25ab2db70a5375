#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-limits.sh — the D consumer's resource limits (doc/limits.md) and
# the defects of issue 12 around them: each limit is enforced with a clear
# error, just below it the program works, and what used to crash or be
# undefined behaviour (run this test with a sanitizer build too) is a
# message or DTrace's result.
. "$SRCDIR/test/lib.sh"

# terms N OP TERM: TERM OP TERM OP ... (N terms)
terms () { awk -v n="$1" -v op="$2" -v t="$3" \
  'BEGIN { s = t; for (i = 1; i < n; i++) s = s op t; print s }'; }

# ------------------------------------------------------------------------
# Expression depth (issue 12.2): a chain of 60,000 "+" overflowed the
# checker's stack (SIGSEGV); the limit is 5000 levels, counted from the
# statement's expression down to its deepest operand.

printf 'BEGIN {\n  x = 1;\n  y = %s;\n  exit(0);\n}\n' "$(terms 60000 + 1)" > chain.d
out=$("$DTRACE" -q -s chain.d 2>&1); rc=$?
check_eq "60,000 terms: refused with the limit, the script and the line" "$rc:$out" \
  "1:dtrace: failed to compile script chain.d: line 3: expression too long or too deeply nested (limit 5000 levels)"
printf 'BEGIN /%s/ { exit(0); }\n' "$(terms 6000 '||' pid)" > pred.d
out=$("$DTRACE" -q -s pred.d 2>&1); rc=$?
check_eq "a predicate of 6000 terms: refused" "$rc:$out" \
  "1:dtrace: failed to compile script pred.d: line 1: expression too long or too deeply nested (limit 5000 levels)"
# trace() is one level, then 4999 terms: 5000 levels, the most allowed
out=$("$DTRACE" -q -n "BEGIN { trace($(terms 4999 + 1)); exit(0); }" 2>&1); rc=$?
check_eq "trace() of 4999 terms (5000 levels): folded and traced" "$rc:$out" "0:4999"
out=$("$DTRACE" -q -n "BEGIN { trace($(terms 5000 + 1)); exit(0); }" 2>&1); rc=$?
check_match "trace() of 5000 terms (5001 levels): refused" "$rc:$out" \
  '^1:dtrace: invalid probe specifier .*: expression too long or too deeply nested \(limit 5000 levels\)$'
# nesting adds to a chain's length: 200 unary minus around 4800 terms
printf 'BEGIN { x = %s%s%s; exit(0); }\n' "$(printf -- '-(%.0s' $(seq 200))" "$(terms 4800 + pid)" \
  "$(printf -- ')%.0s' $(seq 200))" > nested.d
out=$("$DTRACE" -q -s nested.d 2>&1); rc=$?
check_eq "200 nested unary minus around 4800 terms: refused" "$rc:$out" \
  "1:dtrace: failed to compile script nested.d: line 1: expression too long or too deeply nested (limit 5000 levels)"

# ------------------------------------------------------------------------
# Constant folding (issue 12.4): DTrace's wrap-around two's complement, with
# no undefined behaviour in the checker (negating INT64_MIN, INT64_MIN / -1
# were caught by UBSan), and the same results as the code run in BPF.

fold () { local out; out=$("$DTRACE" -q -n "BEGIN { trace($1); exit(0); }" 2>&1); echo "$out rc=$?"; }
check_eq "-9223372036854775808 folds" "$(fold '-9223372036854775808')" "-9223372036854775808 rc=0"
check_eq "-(INT64_MIN) wraps to itself" "$(fold '-(-9223372036854775807-1)')" "-9223372036854775808 rc=0"
check_eq "INT64_MIN / -1 folds to INT64_MIN" "$(fold '(-9223372036854775807-1)/-1')" "-9223372036854775808 rc=0"
check_eq "INT64_MIN % -1 folds to 0" "$(fold '(-9223372036854775807-1)%-1')" "0 rc=0"
check_eq "INT64_MIN / -1 at run time: the same" "$(fold '(-9223372036854775807-1)/(pid-pid-1)')" \
  "-9223372036854775808 rc=0"
check_eq "(int)INT32_MIN / -1 wraps in 32 bits" "$(fold '(int)-2147483648/-1')" "-2147483648 rc=0"
check_eq "division by a constant zero: DTrace's compile error" "$(fold '5%(3-3)')" \
  "dtrace: invalid probe specifier BEGIN { trace(5%(3-3)); exit(0); }: line 1: expression contains division by zero rc=1"

# ------------------------------------------------------------------------
# profile-N and tick-N intervals (issue 12.5): from 200us to 365 days; a
# number out of that range, NaN or infinity is an invalid interval (tick-nan
# never fired, tick-18446744073709549568ns fired at once, and converting
# them was undefined behaviour), not "does not match any probes".

bad_interval () {   # DESC WHY
  local out rc
  out=$(timeout 10 "$DTRACE" -q -n "$1 { trace(1); exit(0); } BEGIN { x = 1; }" 2>&1); rc=$?
  check_eq "$1: an invalid interval" "$rc:$out" \
    "1:dtrace: invalid probe specifier $1 { trace(1); exit(0); } BEGIN { x = 1; }: line 1: probe description :::$1 has an invalid interval: $2"
}
bad_interval tick-nan '"nan" is not a decimal number'
bad_interval tick-inf '"inf" is not a decimal number'
bad_interval tick-1e30s '1e30s is longer than 365d, the longest interval allowed'
bad_interval profile-1e30s '1e30s is longer than 365d, the longest interval allowed'
bad_interval tick-18446744073709549568ns \
  '18446744073709549568ns is longer than 365d, the longest interval allowed'
bad_interval tick-366d '366d is longer than 365d, the longest interval allowed'
bad_interval profile-100us '100us is shorter than 200us, the shortest interval allowed'
bad_interval tick-0 '0 is not positive'
printf 'BEGIN\n{\n}\n\nprofile:::tick-nan\n{\n  exit(0);\n}\n' > nan.d
out=$(timeout 10 "$DTRACE" -q -s nan.d 2>&1); rc=$?
check_eq "-s: the script and the description's line" "$rc:$out" \
  '1:dtrace: failed to compile script nan.d: line 5: probe description profile:::tick-nan has an invalid interval: "nan" is not a decimal number'
out=$("$DTRACE" -q -n 'tick-365d { trace(1); } BEGIN { exit(0); }' 2>&1); rc=$?
check_eq "tick-365d, the longest interval, is accepted" "$rc:$out" "0:"
out=$("$DTRACE" -q -n 'tick-foo { }' 2>&1); rc=$?
check_eq "tick-foo is no interval: a probe name that matches nothing, as before" "$rc:$out" \
  "1:dtrace: invalid probe specifier tick-foo { }: line 1: probe description :::tick-foo does not match any probes"

# ------------------------------------------------------------------------
# -x strsize (issue 12.6): up to 2048 (16 string temporaries of 2048 bytes
# are more than a per-CPU map value holds: "cannot create BPF map
# dt_scratch: Argument list too long" before); beyond, the string loops
# exceed the verifier's bound, so the option is refused naming the limit.

# (without may_goto each string loop costs the verifier strsize steps, so
# at 2048 a program takes one toupper( ), or index( ) with a few others,
# and a lone rindex( ) or cleanpath( ) is refused; with may_goto heading
# the loops, Linux 6.9+, every string subroutine fits in one clause)
out=$("$DTRACE" -q -x strsize=2048 -n 'BEGIN { s = strjoin(execname, "-x"); self->x = s; this->y = s;
  printf("%s %s %s|", self->x, this->y, toupper(s));
  @[s, execname] = count(); @n[usym(0), ustack(2)] = count(); exit(0); }' 2>&1); rc=$?
check_match "-x strsize=2048: strings, toupper, keys and stacks" "$rc:$out" \
  '^0:dtrace-x dtrace-x DTRACE-X\|'
out=$("$DTRACE" -q -x strsize=2048 -n 'BEGIN { s = strjoin(execname, "-x");
  printf("%d %d %s", strlen(strjoin(s, s)), index(s, "x"), substr(s, 2)); exit(0); }' 2>&1); rc=$?
check_eq "-x strsize=2048: strlen, strjoin, index, substr" "$rc:$out" "0:16 7 race-x"
# kernel_takes_may_goto: Linux 6.9+.  The checks that need may_goto drop
# the caller's SDTKIT_NO_MAY_GOTO (DTRACE_MG); an older kernel skips them.
kernel_takes_may_goto () {
  local v; v=$(uname -r)
  local major=${v%%.*} minor=${v#*.}; minor=${minor%%[!0-9]*}
  [ "$major" -gt 6 ] || { [ "$major" -eq 6 ] && [ "$minor" -ge 9 ]; }
}
DTRACE_MG=(env -u SDTKIT_NO_MAY_GOTO "$DTRACE")
if kernel_takes_may_goto; then
  out=$("${DTRACE_MG[@]}" -q -x strsize=2048 -n 'BEGIN { s = "/usr/lib/x.so";
    printf("%d %d %s|%s|%s|%s|%s|%s|%s|%s|%s|%s", index(s, "l"), rindex(s, "/"), strstr(s, "x"), strchr(s, 0x6c),
      strrchr(s, 0x73), basename(s), dirname(s), toupper(s), tolower("AB"), strtok(s, "/"), strtok(NULL, "/"),
      cleanpath("/a/../b/./c")); exit(0); }' 2>&1); rc=$?
  check_eq "-x strsize=2048: every looping string subroutine in one clause" "$rc:$out" \
    "0:5 8 x.so|lib/x.so|so|x.so|/usr/lib|/USR/LIB/X.SO|ab|usr|lib|/b/c"
else
  skip "-x strsize=2048: every looping string subroutine in one clause (needs may_goto, Linux 6.9+)"
fi
long=$(awk 'BEGIN { while (length(s) < 3000) s = s "0123456789"; print s }')
out=$("$DTRACE" -q -x strsize=2048 -n "BEGIN { printf(\"%d\", strlen(\"$long\")); exit(0); }" 2>&1); rc=$?
check_eq "-x strsize=2048: strings hold 2048 characters" "$rc:$out" "0:2048"
out=$("$DTRACE" -q -x strsize=2049 -n 'BEGIN { exit(0); }' 2>&1); rc=$?
check_eq "-x strsize=2049: refused naming the limit" "$rc:$out" \
  '1:dtrace: failed to set option -x strsize to "2049": larger than 2048, the most the kernel'"'"'s BPF verifier accepts in string loops'
printf '#pragma D option strsize=4k\nBEGIN { exit(0); }\n' > strsize.d
out=$("$DTRACE" -q -s strsize.d 2>&1); rc=$?
check_eq "#pragma D option strsize=4k: refused, naming the script and line" "$rc:$out" \
  '1:dtrace: failed to compile script strsize.d: line 1: failed to set option strsize to "4k": larger than 2048, the most the kernel'"'"'s BPF verifier accepts in string loops'
spec="BEGIN { s = execname; printf(\"$(terms 16 ' ' %s)\", $(terms 16 , s)); exit(0); }"
out=$("$DTRACE" -q -x strsize=2048 -n "$spec" 2>&1); rc=$?
check_eq "-x strsize=2048 and a record of 16 strings: beyond 16-bit offsets, said so at the clause" "$rc:$out" \
  "1:dtrace: invalid probe specifier $spec: line 1: the record, this-> variables and keys of the clauses need 33040 bytes, more than the 32768 a BPF instruction's offset reaches (a smaller -x strsize makes them smaller)"
printf 'BEGIN\n{\n  x = 1;\n}\n\nBEGIN\n{\n  s = execname;\n  printf("%s", %s);\n  exit(0);\n}\n' \
  "$(terms 16 ' ' %s)" "$(terms 16 , s)" > rec16.d
out=$("$DTRACE" -q -x strsize=2048 -s rec16.d 2>&1); rc=$?
check_eq "-s, the same record: the script and the line of its clause" "$rc:$out" \
  "1:dtrace: failed to compile script rec16.d: line 6: the record, this-> variables and keys of the clauses need 33040 bytes, more than the 32768 a BPF instruction's offset reaches (a smaller -x strsize makes them smaller)"

# ------------------------------------------------------------------------
# Clauses (issue 12.9): the clauses of one probe make one BPF program,
# whose jumps have 16-bit offsets; too many clauses said "internal error: BPF
# jump too far", then were refused past 32767 instructions.  Now a longer
# program jumps far with the long goto (gotol, Linux 6.4): 1000 clauses
# (about 40000 instructions) run.

clauses () {   # N: N printf clauses on BEGIN, then exit
  awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++) printf "BEGIN { printf(\"%%d \", %d); }\n", i;
                         print "BEGIN { exit(0); }" }'; }
clauses 500 > c500.d
out=$("$DTRACE" -q -s c500.d 2>&1); rc=$?
check_eq "500 clauses on one probe run, in order" "$rc:$(echo "$out" | wc -w):$(echo "$out" | awk '{ print $1, $NF }')" \
  "0:500:0 499"
clauses 1000 > c1000.d
out=$("$DTRACE" -q -s c1000.d 2>&1); rc=$?
check_eq "1000 clauses on one probe (beyond 16-bit jumps) run, in order" \
  "$rc:$(echo "$out" | wc -w):$(echo "$out" | awk '{ print $1, $NF }')" "0:1000:0 999"

# ------------------------------------------------------------------------
# Programs the kernel's verifier refuses for their size or complexity: once
# a bare errno ("rejected the program for dtrace_BEGIN: Bad address" after
# 4000 clauses, "Argument list too long" after a few cleanpath( ) calls,
# when each of those cost the verifier ~233000 steps, or 40 index( ) calls);
# now the probe, the limit and what to change, from the verifier's log.
# One line, exit 1, nothing printed by the clauses.

clauses 4000 > c4000.d
out=$("$DTRACE" -q -s c4000.d 2>&1); rc=$?
check_match "4000 clauses on one probe: the probe, the branch limit, fewer clauses" "$rc:$(echo "$out" | wc -l):$out" \
  "^1:1:dtrace: the kernel's BPF verifier rejected the program for probe dtrace:::BEGIN: too large for the verifier: its 4001 clauses make [0-9]+ BPF instructions, with more branches than the [0-9]+ the verifier follows at once; enable fewer clauses on this probe \\([^)]+\\)\$"
# 40 chill() calls: each is a loop of 4096 turns the verifier walks turn
# by turn (tens of thousands of steps), so 40 pass its step limit and 20 fit
{ printf 'tick-1ms\n{\n'
  for i in $(seq 40); do printf '  chill(%d);\n' "$i"; done
  printf '  printf("ran");\n  exit(0);\n}\n'; } > chill40.d
head -22 chill40.d > chill20.d; printf '  printf("ran");\n  exit(0);\n}\n' >> chill20.d
# (without may_goto the advice names string functions too, which then
# cost steps per character: the variable chooses the expected message)
more=" or string functions such as index\\(\\) or strstr\\(\\), or use a smaller -x strsize"
if kernel_takes_may_goto && [ -z "${SDTKIT_NO_MAY_GOTO:-}" ]; then more=; fi
out=$("$DTRACE" -w -q -s chill40.d 2>&1); rc=$?
check_match "40 chill( ) on one probe: the probe, the verifier's step limit, what to change" "$rc:$(echo "$out" | wc -l):$out" \
  "^1:1:dtrace: the kernel's BPF verifier rejected the program for probe profile:::tick-1ms: too complex for the verifier: checking its 1 clause \\([0-9]+ BPF instructions\\) takes more than the verifier's limit of 1000000 instruction steps; enable fewer clauses on this probe, or fewer loops in them such as chill\\(\\)'s$more \\(Argument list too long\\)\$"
out=$("$DTRACE" -w -q -s chill20.d 2>&1); rc=$?
check_eq "20 chill( ) on one probe: verified and run" "$rc:$out" "0:ran"
# String subroutines' loops are headed by may_goto (Linux 6.9+), so the
# verifier checks a call in a few hundred steps whatever strsize is
{ printf 'tick-1ms\n{\n'
  for i in $(seq 1000); do printf '  n += index(execname, "a%d");\n' "$i"; done
  printf '  printf("%%d", n);\n  exit(0);\n}\n'; } > index1000.d
if kernel_takes_may_goto; then
  out=$("${DTRACE_MG[@]}" -q -x strsize=2048 -s index1000.d 2>&1); rc=$?
  check_eq "1000 index( ) on one probe at -x strsize=2048: verified and run" "$rc:$out" "0:-1000"
else
  skip "1000 index( ) on one probe at -x strsize=2048 (needs may_goto, Linux 6.9+)"
fi
# Without may_goto (older kernels; SDTKIT_NO_MAY_GOTO=1 here) the verifier
# walks a string loop once per character: index() ~33000 steps at the
# default strsize, so 40 do not fit, and the message says what to change
head -42 index1000.d > index40.d; printf '  printf("%%d", n);\n  exit(0);\n}\n' >> index40.d
out=$(SDTKIT_NO_MAY_GOTO=1 "$DTRACE" -q -s index40.d 2>&1); rc=$?
check_match "no may_goto: 40 index( ) on one probe: the probe, the verifier's step limit, fewer string functions" "$rc:$(echo "$out" | wc -l):$out" \
  "^1:1:dtrace: the kernel's BPF verifier rejected the program for probe profile:::tick-1ms: too complex for the verifier: checking its 1 clause \\([0-9]+ BPF instructions\\) takes more than the verifier's limit of 1000000 instruction steps; enable fewer clauses on this probe, or fewer loops in them such as chill\\(\\)'s or string functions such as index\\(\\) or strstr\\(\\), or use a smaller -x strsize \\(Argument list too long\\)\$"
out=$(SDTKIT_NO_MAY_GOTO=1 "$DTRACE" -q -x strsize=32 -s index40.d 2>&1); rc=$?
check_eq "no may_goto: the same 40 index( ) at -x strsize=32, as the message advises: verified and run" "$rc:$out" "0:-40"
# cleanpath( ) is one pass with no loop after it: many fit on one probe
{ printf 'tick-1ms\n{\n'
  for i in $(seq 12); do printf '  printf("%%s ", cleanpath("/a%d/../b/./c//"));\n' "$i"; done
  printf '  exit(0);\n}\n'; } > cleanpath12.d
out=$("$DTRACE" -q -s cleanpath12.d 2>&1); rc=$?
check_eq "12 cleanpath( ) on one probe: verified and run" "$rc:$(echo $out)" "0:$(echo /b/c /b/c /b/c /b/c /b/c /b/c /b/c /b/c /b/c /b/c /b/c /b/c)"

# ------------------------------------------------------------------------
# Actions in one clause: at most 64 once (the record's one mask word of the
# actions that ran); now the mask has a word per 64 actions.  130 printfs
# always run (a constant mask); then 130 with two under a false if and one
# under a true one (the mask set at run time, beyond word 0); then a clause
# whose actions past 64 print nothing or do not run.

awk 'BEGIN { print "BEGIN {"; for (i = 0; i < 130; i++) printf "printf(\"%%d \", %d);\n", i; print "}"
             print "BEGIN { x = 1; printf(\"\\n\");"
             for (i = 0; i < 130; i++)
               if (i == 100) printf "if (x > 0) { printf(\"%%d \", %d); }\n", i
               else if (i == 70 || i == 129) printf "if (x < 0) { printf(\"%%d \", %d); }\n", i
               else printf "printf(\"%%d \", %d);\n", i
             print "}"
             print "BEGIN { x = -1; if (x < 0) { printf(\"\\n\"); }"
             for (i = 1; i < 70; i++) print "printf(\"\");"
             print "if (x > 0) { printf(\"no\"); } }"
             print "BEGIN { exit(0); }" }' > actions.d
out=$("$DTRACE" -q -s actions.d 2>&1); rc=$?
check_eq "clauses of 130 actions: every action that ran printed" \
  "$rc:$(echo "$out" | awk '{ n = 0; s = 0; for (i = 1; i <= NF; i++) { n++; s += $i } printf "%d/%d ", n, s }')" \
  "0:130/8385 128/8186 "

# ------------------------------------------------------------------------
# printf widths and precisions (issue 12.9): at most 65535; %2147483647d
# wrote 2 GB.  Written in the format: a compile error; dynamic: cut.

out=$("$DTRACE" -q -n 'BEGIN { printf("%2147483647d", 1); exit(0); }' 2>&1 | head -c 300); rc=$?
check_eq "printf(\"%2147483647d\"): refused" "$out" \
  'dtrace: invalid probe specifier BEGIN { printf("%2147483647d", 1); exit(0); }: line 1: format conversion #1 width is larger than 65535, the limit'
printf 'BEGIN\n{\n  printf("%%.65536s", "x");\n}\n' > prec.d
out=$(timeout 10 "$DTRACE" -q -s prec.d 2>&1 | head -c 300)
check_eq "printf(\"%.65536s\"): refused" "$out" \
  'dtrace: failed to compile script prec.d: line 1: format conversion #1 precision is larger than 65535, the limit'
# (and dtrace ends the last line)
check_eq "printf(\"%65535d|\"): the limit itself prints" \
  "$("$DTRACE" -q -n 'BEGIN { printf("%65535d|", 1); exit(0); }' 2>&1 | wc -c)" $((65535 + 2))
check_eq "printf(\"%*d|%-*d|%.*d\") with 2^31-1: each cut to 65535" \
  "$("$DTRACE" -q -n 'BEGIN { printf("%*d|%-*d|%.*d", 2147483647, 1, -2147483647, 2, 2147483647, 3); exit(0); }' 2>&1 | wc -c)" \
  $((3 * 65535 + 2 + 1))

# ------------------------------------------------------------------------
# The code generator's own limits (16 strings, 4 stacks, 48 operands held at
# once in one statement): once "dtrace: failed to compile: expression uses
# too many strings" once per string past the limit (24 lines for 40
# index( )), naming no script, line or clause.  Now one line as the
# checker's: the -n specifier or the script and line of the node that went
# past the limit, what to do, and exit 1; one error per clause.

many_index () {   # N SEP: N index(execname, ...) calls joined by SEP
  local i s=""
  for i in $(seq "$1"); do s="$s${s:+$2}index(execname, \"a$i\")"; done
  printf '%s' "$s"; }
spec="tick-1ms { printf(\"%d\", $(many_index 40 ' + ') + 0); exit(0); }"
out=$("$DTRACE" -q -n "$spec" 2>&1); rc=$?
check_eq "-n, 40 index( ) in one expression: one line naming the specifier and the line, exit 1" \
  "$rc:$(echo "$out" | wc -l):$out" \
  "1:1:dtrace: invalid probe specifier $spec: line 1: expression uses too many strings (at most 16 at once): split it into several statements, keeping parts in this-> variables"
{ printf 'BEGIN\n{\n  x = 1;\n  printf("%%d\\n",\n'
  for i in $(seq 20); do printf '    index(execname, "a%d") +\n' "$i"; done
  printf '    0);\n  exit(0);\n}\n'; } > strings20.d
out=$("$DTRACE" -q -s strings20.d 2>&1); rc=$?
check_eq "-s, 20 index( ) over 20 lines: the script and the line of the 17th, once, exit 1" "$rc:$out" \
  "1:dtrace: failed to compile script strings20.d: line 21: expression uses too many strings (at most 16 at once): split it into several statements, keeping parts in this-> variables"
out=$("$DTRACE" -q -n "BEGIN { this->a = $(many_index 10 ' + '); this->b = $(many_index 10 ' + ');
  printf(\"%d\", this->a + this->b); exit(0); }" 2>&1); rc=$?
check_eq "the same strings split into statements with this-> variables, as advised: run" "$rc:$out" "0:-20"
printf 'BEGIN\n{\n  @[ustack(1), ustack(1), ustack(1),\n    ustack(1), ustack(1)] = count();\n  exit(0);\n}\n' > stacks5.d
out=$("$DTRACE" -q -s stacks5.d 2>&1); rc=$?
check_eq "-s, 5 ustack( ) in one key: the script and line, once, exit 1" "$rc:$out" \
  "1:dtrace: failed to compile script stacks5.d: line 4: statement uses too many stacks (at most 4 stack( ), ustack( ) or usym( ) in one statement): split it into several statements"
nested=pid; for i in $(seq 60); do nested="pid + ($nested)"; done
spec="BEGIN { trace($nested); exit(0); }"
out=$("$DTRACE" -q -n "$spec" 2>&1); rc=$?
check_eq "-n, 60 nested additions: one line naming the specifier, exit 1" "$rc:$(echo "$out" | wc -l):$out" \
  "1:1:dtrace: invalid probe specifier $spec: line 1: expression too complex (more than 48 operands held at once): split it into several statements, keeping parts in this-> variables"
printf 'BEGIN\n{\n  x = 1;\n  trace(stringof(arg0));\n  exit(0);\n}\n' > stringof.d
out=$("$DTRACE" -q -s stringof.d 2>&1); rc=$?
check_eq "-s, stringof( ) of an integer address compiles (it reads the string there: 0 gives \"\"; dscripts stringof-address)" "$rc:$out" "0:"
{ printf 'BEGIN\n{\n  trace(%s);\n}\n\nBEGIN\n{\n  trace(%s);\n  exit(0);\n}\n' "$(many_index 20 ' + ')" "$nested"; } > two.d
out=$("$DTRACE" -q -s two.d 2>&1); rc=$?
check_eq "-s, two failing clauses: each clause's error once, with its line" "$rc:$out" \
  "1:dtrace: failed to compile script two.d: line 3: expression uses too many strings (at most 16 at once): split it into several statements, keeping parts in this-> variables
dtrace: failed to compile script two.d: line 8: expression too complex (more than 48 operands held at once): split it into several statements, keeping parts in this-> variables"

# ------------------------------------------------------------------------
# Without privilege (issue 12.9): one line naming root, CAP_BPF and
# CAP_PERFMON, not one "cannot create BPF map" line per map.

if command -v setpriv >/dev/null && id nobody >/dev/null 2>&1; then
  for d in 'BEGIN { exit(0); }' 'syscall::read:entry { exit(0); }' 'tick-1s { exit(0); }'; do
    out=$(cd / && setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups "$DTRACE" -n "$d" 2>&1); rc=$?
    check_eq "as nobody, $d: one line, exit 1" "$rc:$out" \
      "1:dtrace: could not enable tracing: Operation not permitted (tracing needs root, or CAP_BPF and CAP_PERFMON)"
  done
else
  skip "setpriv and the user nobody are needed for the unprivileged checks"
fi

done_testing
