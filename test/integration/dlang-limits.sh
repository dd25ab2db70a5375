#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# dlang-limits.sh — the D front end on inputs that are not sane D sources,
# and on a very large one (issue 12, items 7 and 8):
#   - an endless or oversized input fails at once, naming the file and the
#     16 MiB limit (`-h -s /dev/zero` used to grow until killed);
#   - an ELF file given as a D source is an error, and no header is written;
#   - a syntax error exits 1 (under the sanitizer build a leak would make the
#     exit status LeakSanitizer's instead);
#   - a definition of 40,000 probes gives a header with every probe once,
#     and a redeclaration with another arity at its end is still found.
#     Not timed: the report of the change that made this linear has figures.
. "$SRCDIR/test/lib.sh"

# /dev/zero: refused after 16 MiB, not read forever (timeout: the old failure mode).
out=$(timeout 60 "$DTRACE" -h -s /dev/zero -o zero.h 2>&1); rc=$?
check_eq "-h -s /dev/zero: exit status 1" "$rc" 1
check_match "-h -s /dev/zero: names the file and the limit" "$out" \
  '^dtrace: failed to read /dev/zero: larger than 16 MiB, the limit for a D source$'
check_eq "-h -s /dev/zero: no header written" "$(ls zero.h 2>/dev/null)" ""
out=$(timeout 60 "$DTRACE" -C -h -s /dev/zero -o zero.h 2>&1); rc=$?
check_eq "-C -h -s /dev/zero: refused before cpp runs" "$rc:$out" \
  "1:dtrace: failed to read /dev/zero: larger than 16 MiB, the limit for a D source"

# cpp's output is bounded too: ten to the sixth copies of a 100-byte macro.
{ printf '#define X0 %0100d\n' 0
  for i in 1 2 3 4 5 6; do p="X$((i - 1))"; echo "#define X$i $p $p $p $p $p $p $p $p $p $p"; done
  echo X6; } > boom.d
out=$("$DTRACE" -C -h -s boom.d -o boom.h 2>&1); rc=$?
check_eq "-C: cpp output over the limit is refused" "$rc:$out" \
  "1:dtrace: failed to preprocess boom.d: the output of cpp is larger than 16 MiB, the limit for a D source"

# A regular file one byte over the limit, and one exactly at it.
head -c $((16 * 1024 * 1024)) /dev/zero | tr '\0' ' ' > big.d
check "-h on a 16 MiB file of blanks: accepted" "$DTRACE" -h -s big.d -o big.h
printf ' ' >> big.d
out=$("$DTRACE" -h -s big.d -o big2.h 2>&1); rc=$?
check_eq "-h on 16 MiB + 1 byte: refused" "$rc:$out" \
  "1:dtrace: failed to read big.d: larger than 16 MiB, the limit for a D source"
rm -f big.d

# An ELF file: not a D source.
out=$("$DTRACE" -h -s "$DTRACE" -o elf.h 2>&1); rc=$?
check_eq "-h -s <ELF file>: exit status 1" "$rc" 1
check_match "-h -s <ELF file>: says it is not a D source" "$out" \
  "^dtrace: .*dtrace is not a D source: it is an ELF file$"
check_eq "-h -s <ELF file>: no header written" "$(ls elf.h 2>/dev/null)" ""
out=$("$DTRACE" -G -s "$DTRACE" -o elf.o 2>&1); rc=$?
check_eq "-G -s <ELF file>: refused" "$rc" 1
printf 'provider p { probe a(int); };\n\0\n' > nul.d
out=$("$DTRACE" -h -s nul.d -o nul.h 2>&1); rc=$?
check_eq "-h on a file holding a NUL byte: refused with its line" "$rc:$out" \
  "1:dtrace: nul.d is not a D source: it holds a NUL byte (line 2)"

# Syntax errors: exit 1, nothing else (no sanitizer report).
out=$("$DTRACE" -n 'BEGIN {' 2>&1); rc=$?
check_eq "-n 'BEGIN {': one message, exit 1" "$rc:$out" \
  "1:dtrace: invalid probe specifier BEGIN {: syntax error near end of input"
printf '#pragma D option quiet\n#pragma D attributes Evolving/Evolving/Common provider p provider\nBEGIN { x = ; }\n' > bad.d
out=$("$DTRACE" -s bad.d 2>&1); rc=$?
check_eq "-s with pragmas and a syntax error: one message, exit 1" "$rc:$out" \
  '1:dtrace: failed to compile script bad.d: line 3: syntax error near ";"'

# 40,000 probes (and 2,000 providers of one probe each).
awk 'BEGIN { print "provider big {";
             for (i = 0; i < 40000; i++) printf "  probe p%d(int a, struct s%d *b);\n", i, i % 100;
             print "};";
             for (i = 0; i < 2000; i++) printf "provider q%dx { probe one(); };\n", i }' > many.d
check "-h on 40,000 probes" "$DTRACE" -h -s many.d -o many.h
check_eq "-h: one macro per probe" "$(grep -c '^#define BIG_P[0-9]*(arg1, arg2)' many.h)" 40000
check_eq "-h: every probe once, in order" \
  "$(grep -o '^#define BIG_P[0-9]*(' many.h | tr -dc '0-9\n' | awk '$1 != NR - 1 { bad++ } END { print NR, bad + 0 }')" "40000 0"
check_eq "-h: every provider" "$(grep -c '^/\* provider q[0-9]*x \*/' many.h)" 2000
check "-h -x callstyle on 40,000 probes" "$DTRACE" -h -x callstyle -s many.d -o manyc.h
check_eq "callstyle: one prototype per probe" "$(grep -c '^extern void __dtrace_big___p' manyc.h)" 40000
check_eq "callstyle: each struct tag declared once" "$(grep -c '^struct s[0-9]*;$' manyc.h)" 100
printf 'provider big { probe p39999(int a); };\n' >> many.d
out=$("$DTRACE" -h -s many.d -o many2.h 2>&1); rc=$?
check_eq "-h: a redeclaration after 40,000 probes is found" "$rc:$out" \
  "1:dtrace: many.d:42003: error: probe big:p39999 redeclared with 1 argument; line 40001 declared it with 2"

done_testing
