#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# dtrace-g.sh — `dtrace -G`, the semaphore object (doc/build-requirements.md R4, R5,
# R20-R24): what the object holds (weak hidden 2-byte semaphores in a
# retained writable .probes, .note.GNU-stack, the CET property exactly when
# CFLAGS or the objects ask for it), that it is byte-for-byte reproducible,
# the command-line shapes real builds use, that object operands are checked
# (arity, undeclared probes) but never modified, that broken operands fail
# cleanly without leaving output, and that the object links — gcc and clang,
# PIE, -no-pie, shared, --gc-sections, LTO, lld — into programs whose probe
# sites (systemtap's <sys/sdt.h> with semaphores) record the semaphores.
. "$SRCDIR/test/lib.sh"

have () { command -v "$1" >/dev/null 2>&1; }

cat > probes.d <<'D'
/* A provider of the usual shape. */
provider pv {
  /** @param x a value */
  probe a(int x);
  probe b__c();
  probe d(const char *, long long int);
};

provider other_prov {
  probe a(int);
};

#pragma D attributes Evolving/Evolving/Common provider pv provider
D
SEMS="other_prov_a_semaphore pv_a_semaphore pv_b__c_semaphore pv_d_semaphore"

# Probe sites: systemtap's sdt.h with semaphores, plus the declarations the
# generated header would make.
cat > sites.h <<'H'
#define _SDT_HAS_SEMAPHORES 1
#include <sys/sdt.h>
#define SEM(s) __extension__ extern unsigned short s \
  __attribute__ ((unused)) __attribute__ ((section (".probes"))) \
  __attribute__ ((visibility ("hidden")));
SEM (pv_a_semaphore)
SEM (pv_b__c_semaphore)
SEM (pv_d_semaphore)
SEM (other_prov_a_semaphore)
H
cat > sites.c <<'C'
#include "sites.h"
int work (int x);
int
work (int x)
{
  if (__builtin_expect (pv_a_semaphore, 0))
    x += 100;
  DTRACE_PROBE1 (pv, a, x);
  DTRACE_PROBE (pv, b__c);
  DTRACE_PROBE2 (pv, d, "text", (long long) x);
  DTRACE_PROBE1 (other_prov, a, x);
  return x + pv_d_semaphore + other_prov_a_semaphore + pv_b__c_semaphore;
}
C
cat > main.c <<'C'
int work (int x);
int main (void) { return work (0) == 0 ? 0 : 1; }
C
cat > mainsites.c <<'C'
#include "sites.h"
int work (int x);
int main (void) { return work (0) == 0 ? 0 : 1; }
C

# ------------------------------------------------------------------ basics
check "-G -s probes.d -o probes.o" "$DTRACE" -G -s probes.d -o probes.o
check "the object is an ELF relocatable object" sh -c 'readelf -h probes.o | grep -q "REL (Relocatable file)"'
check_match "the object is for the host (ELF64, x86-64)" "$(readelf -h probes.o 2>&1 | tr '\n' ' ')" 'ELF64.*X86-64'

nm_out=$(nm probes.o 2>&1)
got=$(printf '%s\n' "$nm_out" | awk '$2 == "V" {print $3}' | sort | tr '\n' ' ')
check_eq "every semaphore is defined, weak (nm V), and nothing else global" "$got" "$SEMS "

syms=$(readelf -sW probes.o 2>&1)
probes_ndx=$(readelf -SW probes.o | sed -n 's/^ *\[ *\([0-9]*\)\] \.probes .*/\1/p')
bad=
for s in $SEMS; do
  printf '%s\n' "$syms" | awk -v s="$s" -v n="$probes_ndx" \
    '$8 == s && $3 == 2 && $4 == "OBJECT" && $5 == "WEAK" && $6 == "HIDDEN" && $7 == n {f=1} END {exit !f}' \
    || bad="$bad $s"
done
check_eq "semaphores: OBJECT, size 2, WEAK, HIDDEN, in .probes" "${bad:-none}" none
offs=$(printf '%s\n' "$syms" | awk '$8 ~ /_semaphore$/ {print $2}' | sort | tr '\n' ' ')
check_eq "semaphores at distinct 2-byte slots 0, 2, 4, 6" "$offs" "0000000000000000 0000000000000002 0000000000000004 0000000000000006 "
check_match "one semaphore per provider for a probe name in two providers" "$nm_out" 'other_prov_a_semaphore'

secs=$(readelf -SW probes.o 2>&1)
check_match ".probes is PROGBITS, flags WA + retain (R), align 2" "$secs" '\.probes +PROGBITS +[0-9a-f]+ [0-9a-f]+ 000008 00 WAR +0 +0 +2$'
check_match ".note.GNU-stack is present (non-executable stack)" "$secs" '\.note\.GNU-stack +PROGBITS .* 00 +0 +0 +1$'
check_match ".text holds one 16-byte is-enabled function per probe (AX, align 16)" "$secs" \
  '\.text +PROGBITS +0+ [0-9a-f]+ 000040 00 +AX +0 +0 +16$'
check_match ".stapsdt.base: 1 byte, A + group + retain" "$secs" '\.stapsdt\.base +PROGBITS +0+ [0-9a-f]+ 000001 00 +AGR '
check_match "COMDAT group [.stapsdt.base] holding it (as gas makes it for <sys/sdt.h>)" \
  "$(readelf -gW probes.o 2>&1 | tr '\n' ' ')" "COMDAT group section \[ *1\] .\.group. \[\.stapsdt\.base\] contains 1 sections: .*\.stapsdt\.base"
check_eq "_.stapsdt.base: NOTYPE, size 1, WEAK, HIDDEN" \
  "$(printf '%s\n' "$syms" | awk '$8 == "_.stapsdt.base" {print $3, $4, $5, $6}')" "1 NOTYPE WEAK HIDDEN"
check_eq "__dtraceenabled_<prov>___<probe>: one weak hidden function per probe" \
  "$(printf '%s\n' "$syms" | awk '$4 == "FUNC" && $5 == "WEAK" && $6 == "HIDDEN" {print $8}' | sort | tr '\n' ' ')" \
  "__dtraceenabled_other_prov___a __dtraceenabled_pv___a __dtraceenabled_pv___b__c __dtraceenabled_pv___d "
if printf '%s\n' "$secs" | grep -q '\.note\.gnu\.property'; then fail "no .note.gnu.property without CFLAGS"
else ok "no .note.gnu.property without CFLAGS"; fi
check_eq "no FILE symbol (no temp names leak into the object)" \
  "$(printf '%s\n' "$syms" | awk '$4 == "FILE"' | wc -l)" 0
check_eq "only the null, .probes and .stapsdt.base section symbols are local" \
  "$(printf '%s\n' "$syms" | awk '$5 == "LOCAL"' | wc -l)" 3

# The systemtap script as an oracle for the symbol names (never installed over).
if [ -x "$STAP_DTRACE" ] && (mkdir stap && cd stap && "$STAP_DTRACE" -G -s ../probes.d -o stap.o) >/dev/null 2>&1; then
  want=$(nm stap/stap.o | awk '$3 ~ /_semaphore$/ {print $3}' | sort | tr '\n' ' ')
  check_eq "same semaphore names as systemtap's dtrace -G" "$got" "$want"
else
  skip "same semaphore names as systemtap's dtrace -G (systemtap's dtrace unusable)"
fi

# ---------------------------------------------------------- reproducibility
"$DTRACE" -G -s probes.d -o again.o 2>/dev/null
check "two runs give identical objects" cmp probes.o again.o
mkdir -p cwd1 cwd2 tmpa tmpb
(cd cwd1 && TMPDIR=$T/tmpa "$DTRACE" -G -s ../probes.d -o "$T/r1.o") 2>/dev/null
(cd cwd2 && TMPDIR=$T/tmpb "$DTRACE" -G -s "$T/probes.d" -o other-name.o) 2>/dev/null
check "identical under another TMPDIR, CWD, script path" cmp probes.o r1.o
check "identical under another output name" cmp probes.o cwd2/other-name.o
check_eq "no temp files left in the output directory or TMPDIR" \
  "$(find cwd1 cwd2 tmpa tmpb -mindepth 1 | sort | tr '\n' ' ')" "cwd2/other-name.o "

# -------------------------------------------------------------- visibility
"$DTRACE" -DSTAP_SDT_V2 -G -s probes.d -o v2.o 2>/dev/null
check_eq "-DSTAP_SDT_V2: every semaphore WEAK DEFAULT" \
  "$(readelf -sW v2.o | awk '$8 ~ /_semaphore$/ && $5 == "WEAK" && $6 == "DEFAULT"' | wc -l)" 4
"$DTRACE" -G -DSTAP_SDT_V1 -s probes.d -o v1.o 2>/dev/null
check_eq "-DSTAP_SDT_V1: every semaphore WEAK DEFAULT" \
  "$(readelf -sW v1.o | awk '$8 ~ /_semaphore$/ && $5 == "WEAK" && $6 == "DEFAULT"' | wc -l)" 4
"$DTRACE" -DPIC -DFOO=1 -G -s probes.d -o pic.o 2>/dev/null
check "-DPIC -DFOO=1 change nothing" cmp probes.o pic.o

# ------------------------------------------------------- command-line shapes
echo 'BEGIN{}' > conftest.d
check "BEGIN{} with no provider: exit 0 (CPython's configure check)" "$DTRACE" -G -s conftest.d -o conftest.o
check "BEGIN{}: a valid object with .probes and no semaphore" \
  sh -c 'readelf -SW conftest.o | grep -q "\.probes" && ! nm conftest.o | grep -q semaphore'
check "-o /dev/null works" "$DTRACE" -G -s probes.d -o /dev/null
check "/dev/null is still a character device" test -c /dev/null
"$DTRACE" -G -s probes.d -o /dev/stdout 2>/dev/null | cat > piped.o
check "-o /dev/stdout into a pipe: the same bytes" cmp probes.o piped.o
mkdir -p dflt/sub && cp probes.d dflt/sub/probes.d && cp probes.d dflt/sub/probes.d.base
(cd dflt && "$DTRACE" -G -s sub/probes.d) >/dev/null 2>&1
check "no -o: ./probes.o in the CWD" cmp probes.o dflt/probes.o
(cd dflt && "$DTRACE" -G -s sub/probes.d.base) >/dev/null 2>&1
check "no -o, -s sub/probes.d.base: ./probes.d.o in the CWD" cmp probes.o dflt/probes.d.o
check_eq "no -o: nothing written next to the script" "$(ls dflt/sub | tr '\n' ' ')" "probes.d probes.d.base "
check "-xnolibs accepted" "$DTRACE" -G -xnolibs -s probes.d -o x1.o
check "-x nolibs accepted" "$DTRACE" -x nolibs -G -s probes.d -o x2.o
check "-64 accepted, same object" sh -c '"$0" -64 -G -s probes.d -o x3.o && cmp probes.o x3.o' "$DTRACE"
check "-fPIC and -fpic accepted, same object" sh -c '"$0" -fPIC -G -fpic -s probes.d -o x4.o && cmp probes.o x4.o' "$DTRACE"
check "-C -I. accepted" "$DTRACE" -C -I. -G -s probes.d -o x5.o
"$DTRACE" -32 -G -s probes.d -o p32.o 2>/dev/null
h32=$(readelf -hSsW p32.o 2>&1)
check_match "-32: ELF32 i386 object" "$(printf '%s' "$h32" | tr '\n' ' ')" 'ELF32.*Intel 80386'
check_match "-32: .probes WA + retain, align 2" "$h32" '\.probes +PROGBITS +0+ [0-9a-f]+ 000008 00 WAR +0 +0 +2$'
check_eq "-32: four 2-byte weak hidden semaphores" \
  "$(printf '%s\n' "$h32" | awk '$8 ~ /_semaphore$/ && $3 == 2 && $5 == "WEAK" && $6 == "HIDDEN"' | wc -l)" 4

# --------------------------------------------------------------- CET notes
CFLAGS="-O2 -fcf-protection" "$DTRACE" -G -s probes.d -o cet.o 2>/dev/null
check_match "CFLAGS=-fcf-protection: .note.gnu.property with IBT, SHSTK" \
  "$(readelf -n cet.o 2>&1)" 'x86 feature: IBT, SHSTK$'
check_match "the property note is SHT_NOTE, A, align 8" "$(readelf -SW cet.o)" \
  '\.note\.gnu\.property +NOTE +0+ [0-9a-f]+ 000020 00 +A +0 +0 +8$'
CFLAGS="-fcf-protection=branch" "$DTRACE" -G -s probes.d -o cetb.o 2>/dev/null
check_match "CFLAGS=-fcf-protection=branch: IBT only" "$(readelf -n cetb.o 2>&1)" 'x86 feature: IBT$'
CFLAGS="-fcf-protection -fcf-protection=none" "$DTRACE" -G -s probes.d -o cetn.o 2>/dev/null
check "CFLAGS ending in -fcf-protection=none: no property" sh -c '! readelf -SW cetn.o | grep -q gnu.property'
CFLAGS="-m32 -fcf-protection" "$DTRACE" -G -s probes.d -o cet32.o 2>/dev/null
check_match "CFLAGS=-m32 -fcf-protection: ELF32 i386 with the property" \
  "$(readelf -hn cet32.o 2>&1 | tr '\n' ' ')" 'ELF32.*Intel 80386.*x86 feature: IBT, SHSTK'

gcc -O2 -c sites.c -o plain.o
gcc -O2 -fcf-protection -c sites.c -o cf.o
gcc -O2 -fcf-protection=branch -c sites.c -o cfb.o
"$DTRACE" -G -s probes.d -o from-cf.o cf.o 2>/dev/null
check_match "objects built with -fcf-protection pass IBT, SHSTK through" "$(readelf -n from-cf.o 2>&1)" 'x86 feature: IBT, SHSTK$'
gcc -O2 -fcf-protection=return -c sites.c -o cfr.o
"$DTRACE" -G -s probes.d -o from-cfb.o cfb.o cf.o 2>/dev/null
check_match "objects with IBT and IBT,SHSTK give their AND (IBT)" "$(readelf -n from-cfb.o 2>&1)" 'x86 feature: IBT$'
"$DTRACE" -G -s probes.d -o from-cfbr.o cf.o cfb.o cfr.o 2>/dev/null
check "objects with IBT and SHSTK only: AND 0, no property" \
  sh -c 'test -s from-cfbr.o && ! readelf -SW from-cfbr.o | grep -q gnu.property'
CFLAGS=-fcf-protection "$DTRACE" -G -s probes.d -o from-mix.o cf.o plain.o 2>/dev/null
check "one object without the property drops it (even with CFLAGS)" \
  sh -c 'test -s from-mix.o && ! readelf -SW from-mix.o | grep -q gnu.property'

# ------------------------------------------------------- object operands
cp -p plain.o plain.o.save; cp -p cf.o cf.o.save
touch -d '2001-02-03 04:05:06.123456789' plain.o cf.o
m0=$(stat -c %y plain.o cf.o)
check "-G with matching objects: exit 0, no diagnostics" \
  sh -c '"$0" -G -s probes.d -o ok.o plain.o cf.o 2>err && test -s ok.o && ! test -s err' "$DTRACE"
check "operands stay byte-identical" sh -c 'cmp plain.o plain.o.save && cmp cf.o cf.o.save'
check_eq "operands keep their mtime" "$(stat -c %y plain.o cf.o)" "$m0"

# A site with the wrong arity and a probe the .d does not declare.
cat > bad.c <<'C'
#include <sys/sdt.h>
void bad (int x);
void bad (int x) { DTRACE_PROBE2 (pv, a, x, x); DTRACE_PROBE2 (pv, a, x, 1); }
C
cat > undecl.c <<'C'
#include <sys/sdt.h>
void undecl (int x);
void undecl (int x) { DTRACE_PROBE1 (pv, zz, x); }
C
cat > foreign.c <<'C'
#include <sys/sdt.h>
void foreign (int x);
void foreign (int x) { DTRACE_PROBE3 (elsewhere, thing, x, x, x); }
C
gcc -c bad.c -o bad.o; gcc -c undecl.c -o undecl.o; gcc -c foreign.c -o foreign.o

out=$("$DTRACE" -G -s probes.d -o e1.o plain.o bad.o 2>&1); rc=$?
check_eq "arity mismatch: exit 1" "$rc" 1
check_match "arity mismatch: names the object, the probe and the declaration" "$out" \
  'bad\.o: probe pv:a has 2 arguments at a site, ([^ ]*/)?probes\.d:4 declares 1'
check_eq "arity mismatch: reported once for two such sites" "$(printf '%s\n' "$out" | grep -c 'pv:a')" 1
check "arity mismatch: no output file" test ! -e e1.o
out=$("$DTRACE" -G -s probes.d -o e2.o undecl.o 2>&1); rc=$?
check_eq "undeclared probe of a declared provider: exit 1" "$rc" 1
check_match "undeclared probe: names the object, the probe and the script" "$out" \
  'undecl\.o: probe pv:zz is not declared in ([^ ]*/)?probes\.d'
check "undeclared probe: no output file" test ! -e e2.o
check "probes of providers the .d does not declare are ignored" \
  sh -c '"$0" -G -s probes.d -o f.o foreign.o 2>err && test -s f.o && ! test -s err' "$DTRACE"
out=$("$DTRACE" -G -s probes.d -o e3.o bad.o undecl.o 2>&1)
check_match "every object's errors are reported in one run" "$(printf '%s' "$out" | tr '\n' ' ')" 'bad\.o: .*undecl\.o: '

out=$("$DTRACE" -G -s probes.d -o m.o does-not-exist.o plain.o 2>&1); rc=$?
check_eq "a missing object is only a warning: exit 0" "$rc" 0
check_match "a missing object: warning names it" "$out" 'warning: does-not-exist\.o'
check "a missing object: the output is written" test -s m.o

# Operands anywhere on the command line: bad.o must be read in every position.
# fails_on_bad DESC ARGS...: exit 1 with the arity error of bad.o.
fails_on_bad () {
  local desc=$1 out rc; shift
  out=$("$DTRACE" "$@" 2>&1); rc=$?
  if [ "$rc" = 1 ] && printf '%s\n' "$out" | grep -q 'bad\.o: probe pv:a'; then ok "$desc"
  else fail "$desc"; printf '    rc=%s\n' "$rc"; printf '%s\n' "$out" | head -5 | sed 's/^/    /'; fi
}
fails_on_bad "operand before -G is read" bad.o -G -s probes.d -o p1.o
fails_on_bad "operand between -o and -s is read" -G -o p2.o bad.o -s probes.d
fails_on_bad "operand after -s FILE is read" -G -o p3.o -s probes.d bad.o
fails_on_bad "operand after -o FILE is read (PostgreSQL order)" -G -s probes.d plain.o bad.o -o p4.o
mkdir errdir
"$DTRACE" -G -s probes.d -o errdir/e.o bad.o 2>/dev/null
check_eq "a failed -G leaves nothing in the output directory" "$(ls -A errdir)" ""
check "operands before and after -o and -s, all fine" \
  "$DTRACE" plain.o -G cf.o -o p5.o foreign.o -s probes.d plain.o
check_eq "no output from the failed runs" "$(ls p1.o p2.o p3.o p4.o 2>/dev/null | wc -l)" 0

# Broken operands fail cleanly: rc 1 (no crash), a message, no output.
head -c 100 plain.o > trunc.o
head -c "$(( $(stat -c %s plain.o) - 10 ))" plain.o > trunc2.o
head -c 4096 /dev/urandom > garbage.o
printf '\177ELF\002\001\001' > stub.o
: > empty.o
ar rc archive.a plain.o
for f in trunc.o trunc2.o garbage.o stub.o empty.o archive.a; do
  out=$("$DTRACE" -G -s probes.d -o broken.o "$f" 2>&1); rc=$?
  if [ "$rc" = 1 ] && [ ! -e broken.o ] && printf '%s\n' "$out" | grep -q "$f"; then
    ok "broken operand $f: exit 1, named, no output"
  else
    fail "broken operand $f: exit 1, named, no output"
    printf '    rc=%s output=%s\n' "$rc" "$(ls broken.o 2>/dev/null)"; printf '%s\n' "$out" | head -5 | sed 's/^/    /'
  fi
  rm -f broken.o
done
check_fails "a directory operand fails" "$DTRACE" -G -s probes.d -o dir.o cwd1
mkfifo fifo.o
out=$(timeout 20 "$DTRACE" -G -s probes.d -o fifo-out.o fifo.o 2>&1); rc=$?
check_eq "a FIFO operand fails at once (exit 1, no blocking)" "$rc" 1
# 32-bit objects without a 32-bit libc: freestanding, with a private copy of
# sdt.h (Debian keeps it in the x86_64 multiarch include directory).
sdth=$(echo '#include <sys/sdt.h>' | gcc -M -x c - 2>/dev/null | tr ' \\' '\n\n' | grep '/sys/sdt\.h$' | head -n 1)
mkdir -p inc32/sys && cp "$sdth" "$(dirname "$sdth")/sdt-config.h" inc32/sys/ 2>/dev/null
CC32="gcc -m32 -O2 -ffreestanding -fno-pie -fno-stack-protector -Iinc32"
$CC32 -c sites.c -o sites32.o 2>/dev/null
out=$("$DTRACE" -G -s probes.d -o mix.o plain.o sites32.o 2>&1)
check_match "32- and 64-bit objects do not mix" "$out" 'cannot mix 32-bit and 64-bit objects \(plain\.o, sites32\.o\)'
check "mix: no output file" test ! -e mix.o
"$DTRACE" -G -s probes.d -o from32.o sites32.o 2>/dev/null
check_match "a 32-bit operand makes an ELF32 i386 object" "$(readelf -h from32.o 2>&1 | tr '\n' ' ')" 'ELF32.*Intel 80386'
check "a 32-bit operand makes the same object as -32" cmp from32.o p32.o
cat > bad32.c <<'C'
#include <sys/sdt.h>
void bad (int x);
void bad (int x) { DTRACE_PROBE3 (pv, d, x, x, x); }
C
$CC32 -c bad32.c -o bad32.o 2>/dev/null
check_match "the sites of a 32-bit object are checked" "$("$DTRACE" -G -s probes.d -o b32.o bad32.o 2>&1)" \
  'bad32\.o: probe pv:d has 3 arguments at a site, ([^ ]*/)?probes\.d:6 declares 2'

gcc -flto -c sites.c -o lto.o
out=$("$DTRACE" -G -s probes.d -o lto-out.o lto.o 2>&1); rc=$?
check_eq "a GCC LTO IR object: exit 0" "$rc" 0
check_match "a GCC LTO IR object: warning that its sites cannot be checked" "$out" 'warning: lto\.o: .*LTO'
if have clang; then
  clang -flto -c sites.c -o clto.o
  out=$("$DTRACE" -G -s probes.d -o clto-out.o clto.o 2>&1); rc=$?
  check_eq "a clang LTO bitcode object: exit 0 with a warning" "$rc:$(printf '%s' "$out" | grep -c 'warning: clto\.o')" 0:1
fi

# ------------------------------------------------------------------ linking
# sems_ok BIN: every pv/other_prov note (at least the 4 of sites.c)
# records a semaphore inside .probes, and it is the one of the note's probe.
sems_ok () {
  local bin=$1 lo= size= n=0 bad=0 prov= name= sem want line a s
  read -r lo size < <(readelf -SW "$bin" |
    sed -n 's/^ *\[ *[0-9]*\] \.probes  *PROGBITS  *\([0-9a-f]*\) [0-9a-f]* \([0-9a-f]*\) .*/\1 \2/p')
  if [ -z "$lo" ]; then echo "no .probes in $bin"; return 1; fi
  lo=$((16#$lo)); local hi=$((lo + 16#$size))
  local -A addr=()
  while read -r a _ s; do addr[$s]=$((16#$a)); done < <(nm "$bin" | awk '$3 ~ /_semaphore$/')
  while read -r line; do
    case $line in
      Provider:*) prov=${line#Provider: } ;;
      Name:*) name=${line#Name: } ;;
      *Semaphore:*)
        case $prov in pv|other_prov) ;; *) continue ;; esac
        sem=$(( ${line##*Semaphore: } )); n=$((n + 1))
        want=${addr[${prov}_${name}_semaphore]:-0}
        if (( sem < lo || sem >= hi || sem != want )); then
          printf '%s:%s semaphore %x, .probes %x-%x, symbol %x\n' "$prov" "$name" "$sem" "$lo" "$hi" "$want"
          bad=1
        fi ;;
    esac
  done < <(readelf -n "$bin")
  if [ "$n" -lt 4 ]; then echo "expected at least 4 notes, saw $n"; return 1; fi
  return $bad
}

# link_case DESC CC FLAGS...: build ./prog from sites.c main.c probes.o, run it, check notes.
link_case () {
  local desc=$1; shift
  rm -f prog
  if ! "$@" -o prog sites.c main.c probes.o >link.err 2>&1; then
    fail "$desc: link"; sed 's/^/    /' link.err | head -10; return
  fi
  if ! ./prog; then fail "$desc: run"; return; fi
  local why
  if why=$(sems_ok prog 2>&1); then ok "$desc"; else fail "$desc: notes"; printf '%s\n' "$why" | sed 's/^/    /' | head -8; fi
}

# lib_case DESC CC FLAGS...: sites.c + probes.o as a shared library, main linked against it.
lib_case () {
  local desc=$1; local cc=$2; shift 2
  rm -f libsites.so prog
  if ! "$cc" "$@" -fPIC -shared -o libsites.so sites.c probes.o >link.err 2>&1 \
     || ! "$cc" "$@" -o prog main.c -L. -lsites -Wl,-rpath,"$T" >>link.err 2>&1; then
    fail "$desc: link"; sed 's/^/    /' link.err | head -10; return
  fi
  if ! ./prog; then fail "$desc: run"; return; fi
  local why
  if ! why=$(sems_ok libsites.so 2>&1); then fail "$desc: notes"; printf '%s\n' "$why" | sed 's/^/    /'; return; fi
  if nm -D libsites.so | grep -q _semaphore; then fail "$desc: semaphores exported from the DSO"; return; fi
  ok "$desc"
}

for cc in gcc clang; do
  if ! have $cc; then skip "linking with $cc ($cc not installed)"; continue; fi
  link_case "$cc: PIE program" $cc -O2 -fPIE -pie
  link_case "$cc: -no-pie program" $cc -O2 -fno-pie -no-pie
  lib_case "$cc: shared library (-fPIC -shared), not exporting semaphores" $cc -O2
  link_case "$cc: -ffunction-sections -fdata-sections -Wl,--gc-sections" \
    $cc -O2 -ffunction-sections -fdata-sections -Wl,--gc-sections
  if echo 'int main(void){return 0;}' | $cc -flto -O2 -x c - -o lto-probe >/dev/null 2>&1; then
    link_case "$cc: -flto -O2" $cc -flto -O2
    link_case "$cc: -flto -O2 -Wl,--gc-sections" $cc -flto -O2 -ffunction-sections -Wl,--gc-sections
  else
    skip "$cc: -flto (no working LTO linker plugin)"
  fi
  if have ld.lld; then
    link_case "$cc: -fuse-ld=lld -Wl,--gc-sections" $cc -O2 -fuse-ld=lld -Wl,--gc-sections
    lib_case "$cc: -fuse-ld=lld shared library" $cc -O2 -fuse-ld=lld
    if [ $cc = clang ]; then link_case "clang: -fuse-ld=lld -flto" clang -O2 -flto -fuse-ld=lld; fi
  else
    skip "$cc: -fuse-ld=lld (lld not installed)"
  fi
  # Two -G objects of the same .d in one link (memcached x2, Perl x3): weak.
  rm -f prog
  if $cc -O2 -o prog sites.c main.c probes.o again.o v2.o >link.err 2>&1 && ./prog; then
    ok "$cc: three -G objects of one .d link together"
  else fail "$cc: three -G objects of one .d link together"; sed 's/^/    /' link.err | head -5; fi
done

# The -G object's .stapsdt.base merges with those of <sys/sdt.h> sites.
if gcc -O2 -o prog sites.c main.c probes.o 2>/dev/null; then
  check_eq "one 1-byte .stapsdt.base in a program of sdt.h sites and the -G object" \
    "$(readelf -SW prog | awk '$2 == ".stapsdt.base" {print $6}')" "000001"
else fail "one 1-byte .stapsdt.base in a program of sdt.h sites and the -G object: link"; fi

# --gc-sections keeps the semaphores even when nothing references them.
echo 'int work (int x) { return x; }' > unref.c
if gcc -Wl,--gc-sections -o unref main.c unref.c probes.o >link.err 2>&1; then
  check_eq "--gc-sections keeps unreferenced semaphores (SHF_GNU_RETAIN)" \
    "$(nm unref | grep -c '_semaphore$')" 4
else fail "--gc-sections keeps unreferenced semaphores (SHF_GNU_RETAIN): link"; sed 's/^/    /' link.err | head -5; fi

# The object of an executable and of a DSO: separate, hidden semaphores.
if gcc -fPIC -shared -o libsites.so sites.c probes.o 2>/dev/null \
   && gcc -o prog2 mainsites.c -L. -lsites -Wl,-rpath,"$T" probes.o 2>/dev/null && ./prog2 \
   && [ "$(nm prog2 | grep -c '_semaphore$')" = 4 ] && [ "$(nm libsites.so | grep -c '_semaphore$')" = 4 ]; then
  ok "an executable and its DSO each get their own semaphores"
else fail "an executable and its DSO each get their own semaphores"; fi

# The CET property survives a link with CET objects only if the -G object
# carries it too (ld ANDs the inputs; Debian's crt files carry none, so the
# merge is checked with ld -r).
CFLAGS=-fcf-protection "$DTRACE" -G -s probes.d -o cet-link.o cf.o 2>/dev/null
if ld -r -o merged.o cf.o cet-link.o 2>link.err; then
  check_match "ld -r of -fcf-protection objects and the -G object keeps IBT, SHSTK" \
    "$(readelf -n merged.o)" 'x86 feature: IBT, SHSTK'
else fail "ld -r of -fcf-protection objects and the -G object keeps IBT, SHSTK: link"; sed 's/^/    /' link.err | head -5; fi
if ld -r -o merged2.o cf.o probes.o 2>/dev/null && ! readelf -n merged2.o | grep -q 'x86 feature: IBT'; then
  ok "(control) ld -r with a -G object lacking the property drops IBT"
else fail "(control) ld -r with a -G object lacking the property drops IBT"; fi

# The -32 object in a freestanding i386 program (no 32-bit libc needed); it
# runs only where the kernel has IA-32 emulation.
cat > start32.c <<'C'
int work (int x);
void _start (void);
void
_start (void)
{
  int rc = work (0);
  __asm__ volatile ("int $0x80" : : "a" (1), "b" (rc) : "memory");
  __builtin_unreachable ();
}
C
rm -f prog32
if $CC32 -c start32.c -o start32.o >link.err 2>&1 && ld -m elf_i386 -o prog32 start32.o sites32.o p32.o >>link.err 2>&1; then
  if why=$(sems_ok prog32 2>&1); then
    ./prog32 2>/dev/null; rc=$?
    case $rc in
      0) ok "-32 object links into an i386 program (and it runs)" ;;
      126) ok "-32 object links into an i386 program (not run: no IA-32 emulation)" ;;
      *) fail "-32 object links into an i386 program: run, rc $rc" ;;
    esac
  else fail "-32 object links into an i386 program: notes"; printf '%s\n' "$why" | sed 's/^/    /'; fi
else fail "-32 object links into an i386 program: link"; sed 's/^/    /' link.err | head -5; fi

if have eu-elflint; then
  for f in probes.o v2.o conftest.o cet.o p32.o cet32.o; do
    check "eu-elflint --gnu-ld $f" eu-elflint --gnu-ld "$f"
  done
fi

done_testing
