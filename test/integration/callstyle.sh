#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# callstyle.sh — call-style probes: `dtrace -h -x callstyle` headers whose
# probes are calls of __dtrace_<prov>___<probe>(), and `dtrace -G` as the
# linker that turns those calls into no-ops described by standard
# .note.stapsdt notes.  gcc and clang, -O0 and -O2, PIE program and shared
# library (plus static, -fno-plt, gold, lld --gc-sections): the programs link and
# run exactly as with empty probe functions; every note's pc is on the
# 1-byte nop of a site whose exact bytes objdump shows; readelf, gdb,
# bpftrace and our own dtrace see every probe with the right arguments
# (registers, stack arguments 7+, a tail call, a static function, a C++
# inline function in two objects);
# *_ENABLED() follows the semaphore, also for Solaris-style headers; an
# assembly caller is traced; children forked after the parent fired a probe
# run and are traced (no SIGSEGV at a site the kernel optimized); a second
# -G changes nothing, also over objects an older sdtkit linked (5-byte
# nops); broken, read-only and unwritable inputs leave every byte and no
# output behind; LTO IR is a clear error.
. "$SRCDIR/test/lib.sh"

have () { command -v "$1" >/dev/null 2>&1; }
CCS=()
for cc in gcc clang; do if have $cc; then CCS+=("$cc"); else skip "$cc not installed"; fi; done

cat > csp.d <<'D'
provider csp {
  probe hit(int a, long b);
  probe many(int a1, unsigned char a2, short a3, long a4, const char *a5, int a6, int a7, long a8, uint16_t a9);
  probe tail(int x, string s);
  probe st(int x);
  probe guard(int x);
  probe never__fired(void);
};
D

check "-h -x callstyle" "$DTRACE" -h -x callstyle -s csp.d -o cs.h
mkdir joined
check "-h -xcallstyle (joined) gives the same header" sh -c '"$0" -h -xcallstyle -s csp.d -o joined/cs.h && cmp cs.h joined/cs.h' "$DTRACE"
hdr=$(cat cs.h)
check_match "macro on one line, the call on the next" "$hdr" \
  '#define CSP_MANY\(arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9\) \\$'
check_match "the call: __dtrace_csp___many(arg1, ..., arg9)" "$hdr" \
  '^__dtrace_csp___many\(arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9\)$'
check_match "typed prototype from the .d (string -> const char *)" "$hdr" \
  '^extern void __dtrace_csp___tail\(int, const char \*\);$'
check_match "(void) and () probes take void" "$hdr" '^extern void __dtrace_csp___never__fired\(void\);$'
check_match "ENABLED() reads the semaphore" "$hdr" \
  '^#define CSP_GUARD_ENABLED\(\) __builtin_expect \(\*\(volatile unsigned short \*\) &csp_guard_semaphore, 0\)$'
check_match "hidden semaphore declaration" "$hdr" \
  'extern unsigned short csp_guard_semaphore .*section \("\.probes"\).*_SDTKIT_CS_SEM_VISIBILITY;'
"$DTRACE" -h -s csp.d -o dflt-csp.h 2>/dev/null
check_eq "same macro names as the default header" \
  "$(grep -o '^#define CSP_[A-Z_]*' cs.h | sort | tr '\n' ' ')" \
  "$(grep -o '^#define CSP_[A-Z_]*' dflt-csp.h | sort | tr '\n' ' ')"

# The compiler checks the argument types.
printf '#include "cs.h"\nstruct s { int i; } v;\nvoid f (void) { CSP_HIT (v, 1); }\n' > badtype.c
check_fails "a struct passed as an int argument does not compile" gcc -c badtype.c -o badtype.o
printf '#include "cs.h"\nvoid f (int *p) { CSP_TAIL (1, p); }\n' > badptr.c
check_fails "an int * passed as a string is an error under -Werror" gcc -Werror -c badptr.c -o badptr.o
printf '#include "cs.h"\nvoid f (void) { CSP_HIT (1); }\n' > badarity.c
check_fails "a wrong argument count does not compile" gcc -c badarity.c -o badarity.o
printf '#include "cs.h"\nint f (void) { CSP_ST (1); return CSP_ST_ENABLED (); }\n' > cxx.cc
if have g++; then check "the header compiles as C++ (-Wall -Werror)" g++ -Wall -Werror -c cxx.cc -o cxx.o; fi
printf '#include "cs.h"\nint f (void) { CSP_ST (1); return CSP_ST_ENABLED (); }\n' > c89.c
check "the header compiles as C99 -pedantic -Werror" gcc -std=c99 -pedantic -Wall -Werror -c c89.c -o c89.o

# Floating-point arguments cannot be described at a call site.
printf 'provider fl { probe f(int a, double d); };\n' > fl.d
out=$("$DTRACE" -h -x callstyle -s fl.d -o fl.h 2>&1); rc=$?
check_eq "-x callstyle with a double argument: exit 1" "$rc" 1
check_match "the error names the probe, the argument and the SSE register" "$out" \
  'fl\.d:1: error: probe fl:f: argument 2 is floating point \(double\); the x86-64 calling convention passes it in an SSE register'
check "no header written" test ! -e fl.h

# ------------------------------------------------------------------ program
cat > app.c <<'C'
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "cs.h"

char text[16];

__attribute__ ((noinline)) static int
in_static (int x)
{
  CSP_ST (x + 100);
  return x + 1;
}

void tail_probe (int x, const char *s);
__attribute__ ((noinline)) void
tail_probe (int x, const char *s)
{
  CSP_TAIL (x, s);   /* the last statement: a tail call at -O2 */
}

int run (int wait);
int
run (int wait)
{
  int sum = 0, enabled = 0;
  strcpy (text, "hello");
  for (int i = 0; i < (wait ? 3000 : 3); i++)
    {
      CSP_HIT (10, -5L);
      CSP_MANY (1, 200, -300, -4000000000L, text, 6, -7, 8, 9);
      sum += in_static (wait ? 0 : i);
      tail_probe (21, text);
      if (CSP_GUARD_ENABLED ())
        {
          CSP_GUARD (42);
          enabled++;
        }
      else if (enabled)
        break;   /* the tracer has gone */
      if (wait)
        usleep (10000);
    }
  printf ("sum=%d enabled=%d\n", sum, enabled > 0);
  return 0;
}
C
cat > main.c <<'C'
int run (int wait);
int main (int argc, char **argv) { return run (argc > 1 && argv[1][0] == 'w'); }
C
# The same program with the probe calls going to empty functions.
cat > stubs.c <<'C'
#include "cs.h"
void __dtrace_csp___hit (int a, long b) { (void) a; (void) b; }
void __dtrace_csp___many (int a1, unsigned char a2, short a3, long a4, const char *a5, int a6,
                          int a7, long a8, uint16_t a9)
{ (void) a1; (void) a2; (void) a3; (void) a4; (void) a5; (void) a6; (void) a7; (void) a8; (void) a9; }
void __dtrace_csp___tail (int x, const char *s) { (void) x; (void) s; }
void __dtrace_csp___st (int x) { (void) x; }
void __dtrace_csp___guard (int x) { (void) x; }
void __dtrace_csp___never__fired (void) { }
C
check "-G with no operands (the semaphores for the stub build)" "$DTRACE" -G -s csp.d -o sems.o
gcc -O2 -I. app.c main.c stubs.c sems.o -o ref 2>ref.err || { fail "reference build"; sed 's/^/    /' ref.err; }
REF=$(./ref 2>&1)
check_eq "reference (empty probe functions) output" "$REF" "sum=6 enabled=0"

# One gdb session per program: a temporary breakpoint on each probe prints
# what gdb reads there at the first hit (and for csp:st, the function).
cat > probes.gdb <<'G'
set pagination off
set breakpoint pending on
tbreak -probe-stap csp:hit
commands
silent
printf "hit %ld %ld\n", (long) $_probe_arg0, (long) $_probe_arg1
continue
end
tbreak -probe-stap csp:many
commands
silent
printf "many %ld %ld %ld %ld %s %ld %ld %ld %ld\n", (long) $_probe_arg0, (long) $_probe_arg1, (long) $_probe_arg2, (long) $_probe_arg3, (char *) $_probe_arg4, (long) $_probe_arg5, (long) $_probe_arg6, (long) $_probe_arg7, (long) $_probe_arg8
continue
end
tbreak -probe-stap csp:st
commands
silent
printf "st %ld ", (long) $_probe_arg0
info symbol $pc
continue
end
tbreak -probe-stap csp:tail
commands
silent
printf "tail %ld %s\n", (long) $_probe_arg0, (char *) $_probe_arg1
continue
end
run
G
# gdb_probes PROG: the lines printed by probes.gdb (the shared library's
# probes are found once it is loaded: pending breakpoints).
gdb_probes () {
  gdb -nx -batch -x probes.gdb "$1" 2>/dev/null | grep -E '^(hit|many|st|tail) ' |
    sed -e 's/ + [0-9]* in section/ in section/' -e 's/ of \/.*//'
}
GDB_WANT="hit 10 -5
many 1 200 -300 -4000000000 hello 6 -7 8 9
st 100 in_static in section .text
tail 21 hello"

# sites OBJ: call-style sites linked in OBJ; notes PROG: csp notes in PROG.
sites () { objdump -r "$1" | grep -c 'R_X86_64_NONE *__dtrace_csp___'; }
notes () { readelf -n "$1" 2>/dev/null | grep -c 'Provider: csp$'; }
probes_seen () { readelf -n "$1" 2>/dev/null | awk '$1 == "Name:" {print $2}' | sort -u | tr '\n' ' '; }

# The linked sites, as objdump shows the bytes at a note's pc: the probe is
# always on a 1-byte nop (never a 5-byte nop, which Linux 6.18 would turn
# into a call of a trampoline that fork does not copy); a call becomes the
# nop and a 4-byte nop (plus a nop for the 6-byte -fno-plt call), a tail
# call the nop and a ret (doc/probe-sites.md §8.1).
CALL5='90 nop; 0f 1f 40 00 nopl 0x0(%rax)'
TAIL5='90 nop; c3 ret; cc int3; cc int3; cc int3'
CALL6='90 nop; 0f 1f 40 00 nopl 0x0(%rax); 90 nop'
TAIL6='90 nop; c3 ret; cc int3; cc int3; cc int3; cc int3'
# note_pcs FILE [PROVIDER]: the pc of every note of PROVIDER (csp).
note_pcs () {
  readelf -n "$1" | awk -v p="Provider: ${2:-csp}" '$0 ~ p "$" {n=1; next} n && /Location:/ {sub(",", "", $2); print $2; n=0}'
}
# site_at FILE PC LEN: the instructions in LEN bytes from PC, "BYTES MNEMONIC; ...".
site_at () {
  objdump -d --start-address="$2" --stop-address=$(($2 + $3)) "$1" |
    awk -F'\t' '/^ +[0-9a-f]+:\t/ { b = $2; sub(/ +$/, "", b); i = $3; gsub(/ +/, " ", i); sub(/ $/, "", i)
                                     s = s (s ? "; " : "") b " " i } END { print s }'
}
# site_shapes FILE LEN [PROVIDER]: the distinct sites at the notes' pcs, sorted.
site_shapes () {
  local pc
  for pc in $(note_pcs "$1" "${3:-}"); do site_at "$1" "$pc" "$2"; done | sort -u
}
# pcs_on_nops FILE: every csp note's pc is the 1-byte nop of a rewritten
# site (the nop, then a 4-byte nop or a ret); prints the offenders.
pcs_on_nops () {
  local f=$1 pc bad=0
  for pc in $(note_pcs "$f"); do
    case $(site_at "$f" "$pc" 5) in
      "$CALL5"|"$TAIL5") ;;
      *) echo "note pc $pc is not on a probe site: $(site_at "$f" "$pc" 5)"; bad=1 ;;
    esac
  done
  return $bad
}

# check_program TAG PROG OBJ [FILE-WITH-THE-PROBES]: output, notes, the
# sites' bytes (SITES_WANT, in SITE_LEN bytes), gdb values.
SITE_LEN=5 SITES_WANT=
check_program () {
  local tag=$1 prog=$2 obj=$3 notes=${4:-$2} out
  out=$("$prog" 2>&1)
  check_eq "$tag: runs exactly as with empty probe functions" "$out" "$REF"
  check_eq "$tag: one note per call site ($(sites "$obj") sites)" "$(notes "$notes")" "$(sites "$obj")"
  check_eq "$tag: every probe that is called has notes" "$(probes_seen "$notes")" "guard hit many st tail "
  check "$tag: every note's pc is on a rewritten site" pcs_on_nops "$notes"
  check_eq "$tag: the bytes at the notes' pcs (objdump)" "$(site_shapes "$notes" "$SITE_LEN" | tr '\n' '|')" \
    "$SITES_WANT"
  if have gdb; then
    check_eq "$tag: gdb reads every argument (9: 7-9 on the stack; a static function; a tail call)" \
      "$(gdb_probes "$prog")" "$GDB_WANT"
  fi
}

# The objects must not keep a call, jump or relocation against __dtrace_*.
no_calls_left () {
  local o=$1
  if objdump -dr "$o" | grep -E 'R_X86_64_(PC32|PLT32|GOTPCREL|GOTPCRELX|REX_GOTPCRELX)[[:space:]]+__dtrace_'; then
    return 1
  fi
  return 0
}

for cc in "${CCS[@]}"; do
  for opt in -O0 -O2; do
    tag="$cc $opt PIE"
    SITES_WANT="$CALL5|"; [ $opt = -O2 ] && SITES_WANT="$CALL5|$TAIL5|"   # a tail call at -O2
    rm -f app.o main.o prog app.orig.o
    $cc $opt -fPIE -I. -c app.c -o app.o && $cc $opt -fPIE -c main.c -o main.o || { fail "$tag: compile"; continue; }
    cp app.o app.orig.o
    if [ $opt = -O2 ]; then
      check "$tag: the tail probe is a jmp (e9) in the object before -G" \
        sh -c "objdump -dr app.o | grep -B1 'R_X86_64_PLT32[[:space:]]*__dtrace_csp___tail' | grep -q 'e9 00 00 00 00'"
    fi
    if ! "$DTRACE" -G -s csp.d -o probes.o app.o main.o 2>g.err; then
      fail "$tag: -G"; sed 's/^/    /' g.err; continue
    fi
    check "$tag: -G says nothing" test ! -s g.err
    if [ $opt = -O2 ] && have gdb && $cc -pie app.o main.o probes.o -o prog 2>/dev/null; then
      check_eq "$tag: gdb info probes lists every probe" \
        "$(gdb -nx -batch -ex 'info probes stap csp' ./prog 2>/dev/null | awk '$1 == "stap" && $2 == "csp" {print $3}' | sort -u | tr '\n' ' ')" \
        "guard hit many st tail "
    fi
    check "$tag: no call of __dtrace_* left in the object" no_calls_left app.o
    if ! $cc $opt -pie app.o main.o probes.o -o prog 2>l.err; then
      fail "$tag: link"; sed 's/^/    /' l.err | head; continue
    fi
    check_program "$tag" ./prog app.o
    check_eq "$tag: no __dtrace_ symbol is dynamic" "$(nm -D prog 2>/dev/null | grep -c __dtrace_)" 0

    # The shared library: app.c in libapp.so, main.c outside.
    tag="$cc $opt shared library"
    $cc $opt -fPIC -I. -c app.c -o app.o
    "$DTRACE" -G -s csp.d -o lprobes.o app.o 2>g.err || { fail "$tag: -G"; sed 's/^/    /' g.err; continue; }
    if $cc $opt -shared -o libapp.so app.o lprobes.o 2>l.err && $cc $opt main.c -o lprog -L. -lapp -Wl,-rpath,"$T" 2>>l.err; then
      check_program "$tag" ./lprog app.o libapp.so
      check_eq "$tag: neither semaphores nor __dtrace_ symbols exported" \
        "$(nm -D libapp.so | grep -c -E '_semaphore|__dtrace')" 0
    else
      fail "$tag: link"; sed 's/^/    /' l.err | head
    fi
  done
done

# More link modes, each with gdb's view of the stack arguments.
SITES_WANT="$CALL5|$TAIL5|"
if have gcc; then
  gcc -O2 -I. -c app.c -o app.o && "$DTRACE" -G -s csp.d -o sprobes.o app.o 2>/dev/null
  if gcc -static -O2 app.o main.c sprobes.o -o sprog 2>l.err; then
    check_program "gcc -O2 static" ./sprog app.o
  else skip "gcc -static (no static libc)"; fi
fi
for cc in "${CCS[@]}"; do
  $cc -O2 -fno-plt -I. -c app.c -o app.o
  check "$cc -fno-plt: the calls go through the GOT (ff 15) before -G" \
    sh -c "objdump -dr app.o | grep -B1 'R_X86_64_[A-Z_]*GOTPCRELX*[[:space:]]*__dtrace_csp___hit' | grep -q 'ff 15'"
  "$DTRACE" -G -s csp.d -o nprobes.o app.o 2>/dev/null
  if $cc -O2 -fno-plt app.o main.c nprobes.o -o nprog 2>l.err; then
    SITE_LEN=6 SITES_WANT="$CALL6|$TAIL6|" check_program "$cc -O2 -fno-plt" ./nprog app.o
  else fail "$cc -fno-plt: link"; sed 's/^/    /' l.err | head; fi
done
if have gcc && have ld.gold; then
  gcc -O2 -I. -c app.c -o app.o && "$DTRACE" -G -s csp.d -o oprobes.o app.o 2>/dev/null
  if gcc -O2 -fuse-ld=gold app.o main.c oprobes.o -o oprog 2>l.err; then check_program "gcc -O2 gold" ./oprog app.o
  else fail "gcc gold: link"; sed 's/^/    /' l.err | head; fi
fi
if have clang && have ld.lld; then
  clang -O2 -ffunction-sections -fdata-sections -I. -c app.c -o app.o
  "$DTRACE" -G -s csp.d -o gprobes.o app.o 2>/dev/null
  if clang -O2 -fuse-ld=lld -Wl,--gc-sections app.o main.c gprobes.o -o gprog 2>l.err; then
    check_program "clang -O2 lld --gc-sections" ./gprog app.o
  else fail "clang lld --gc-sections: link"; sed 's/^/    /' l.err | head; fi
fi

# ------------------------------------------------------- our own dtrace
if have gcc; then
  gcc -O2 -I. -c app.c -o app.o && "$DTRACE" -G -s csp.d -o probes.o app.o 2>/dev/null \
    && gcc -O2 app.o main.c probes.o -o dprog
  list=$("$DTRACE" -l -v -m ./dprog 2>&1)
  check_match "dtrace -l -m: csp:st in the static function in_static" "$list" 'csp +dprog +in_static +st$'
  check_match "dtrace -l -m: csp:tail in tail_probe" "$list" 'csp +dprog +tail_probe +tail$'
  check_match "dtrace -l -v: the stack arguments of csp:many" "$(printf '%s\n' "$list" | tr -s ' \t\n' ' ')" \
    'arg6: -4@\(%rsp\) 4-byte signed arg7: -8@8\(%rsp\) 8-byte signed arg8: 2@16\(%rsp\) 2-byte unsigned'
  if "$DTRACE" -q -n 'BEGIN { exit(0); }' >/dev/null 2>&1; then
    out=$(timeout 60 "$DTRACE" -q -n 'csp$target:::many { printf("many %d %d %d %d %s %d %d %d %d\n", arg0, arg1, arg2, arg3, copyinstr(arg4), arg5, arg6, arg7, arg8); }
      csp$target:::tail { printf("tail %d %s\n", arg0, copyinstr(arg1)); }
      csp$target:::st { printf("st %d\n", arg0); }
      csp$target:::hit { printf("hit %d %d\n", arg0, arg1); }' -c ./dprog 2>&1)
    check_eq "dtrace -n ... -c: every probe with its arguments" "$(printf '%s\n' "$out" | grep -E '^(hit|many|st|tail) ' | sort -u)" \
      "hit 10 -5
many 1 200 -300 -4000000000 hello 6 -7 8 9
st 100
st 101
st 102
tail 21 hello"
  else
    skip "dtrace -n (the consumer) not available in this build"
  fi
fi

# ---------------------------------------------------------------- bpftrace
# bpftrace 0.17 reads arg0..arg5 only; the stack arguments are read through
# reg("sp") at the probe address (where the note says they are).  exit()
# comes from an interval probe: bpftrace drops what other CPUs' buffers
# still hold when a probe's action exits, and under load it can exit
# before it has read the other CPUs' buffers: it exits a second or more
# after the guard fired.
BT_PROG='
usdt:BIN:csp:hit /!@h/ { @h = 1; printf("hit %d %d\n", arg0, arg1); }
usdt:BIN:csp:many /!@m/ { @m = 1; printf("many %d %d %d %ld %s %d %d %ld %d\n", arg0, arg1, arg2, arg3, str(arg4), arg5,
  *(int32 *) reg("sp"), *(int64 *) (reg("sp") + 8), *(uint16 *) (reg("sp") + 16)); }
usdt:BIN:csp:st /!@s/ { @s = 1; printf("st %d\n", arg0); }
usdt:BIN:csp:tail /!@t/ { @t = 1; printf("tail %d %s\n", arg0, str(arg1)); }
usdt:BIN:csp:guard /!@g/ { @g = 1; printf("guard %d\n", arg0); }
interval:ms:500 /@g/ { @n++; }
interval:ms:500 /@n > 2/ { exit(); }
'
BT_WANT="guard 42
hit 10 -5
many 1 200 -300 -4000000000 hello 6 -7 8 9
st 100
tail 21 hello"
if have bpftrace; then
  for cc in "${CCS[@]}"; do
    $cc -O2 -I. -c app.c -o app.o && "$DTRACE" -G -s csp.d -o probes.o app.o 2>/dev/null \
      && $cc -O2 app.o main.c probes.o -o btprog 2>/dev/null || { fail "$cc: bpftrace program build"; continue; }
    btprog=$T/btprog
    "$btprog" w > bt-run.txt 2>&1 &
    pid=$!
    timeout 30 bpftrace -p "$pid" -e "${BT_PROG//BIN/$btprog}" > bt.txt 2>bt.err
    wait "$pid"
    check_eq "$cc -O2: bpftrace -l lists every probe" \
      "$(bpftrace -l "usdt:$btprog:*" 2>/dev/null | sort | tr '\n' ' ')" \
      "usdt:$btprog:csp:guard usdt:$btprog:csp:hit usdt:$btprog:csp:many usdt:$btprog:csp:st usdt:$btprog:csp:tail "
    check_eq "$cc -O2: bpftrace traces every probe with its arguments (stack ones too)" \
      "$(grep -E '^(hit|many|st|tail|guard) ' bt.txt | sort)" "$BT_WANT"
    check_match "$cc -O2: *_ENABLED() true while bpftrace has the probe enabled" "$(cat bt-run.txt)" 'enabled=1$'
  done
  # The shared library, path-based (every process mapping it).
  if have clang; then
    clang -O2 -fPIC -I. -c app.c -o app.o && "$DTRACE" -G -s csp.d -o lprobes.o app.o 2>/dev/null \
      && clang -O2 -shared -o libapp.so app.o lprobes.o && clang -O2 main.c -o lprog -L. -lapp -Wl,-rpath,"$T"
    lib=$T/libapp.so
    ./lprog w > bt-run.txt 2>&1 &
    pid=$!
    timeout 30 bpftrace -e "${BT_PROG//BIN/$lib}" > bt.txt 2>bt.err
    wait "$pid"
    check_eq "clang -O2 shared library: bpftrace traces every probe" \
      "$(grep -E '^(hit|many|st|tail|guard) ' bt.txt | sort)" "$BT_WANT"
    check_match "clang -O2 shared library: *_ENABLED() true while traced" "$(cat bt-run.txt)" 'enabled=1$'
  fi
else
  skip "bpftrace not installed"
fi

# ------------------------------------------------------------ fork safety
# A probed 5-byte nop is rewritten by Linux 6.18, after its first hit, into
# a call of a trampoline page that fork does not copy: children forked
# after the parent hit the site died of SIGSEGV at it, traced or not.  The
# linked site is a 1-byte nop at the note's pc, which no kernel optimizes.
# test/integration/data/forkprobe.c fires frk:hit through one site in the
# parent (a sync loop, then 20 hits), forks 3 children that fire it 20
# times each, and reports how each child ended; bpftrace attaches by path
# (every process mapping the file), prints "sync" for the sync hits (the
# test then releases the program through a fifo, so every later hit runs
# the program) and counts the rest.
# fork_check TAG PROG
fork_check () {
  local tag=$1 prog=$2 rc
  rm -f go && mkfifo go
  "$prog" go 20 > fk.out 2>&1 &
  local pid=$!
  timeout 60 bpftrace -e "usdt:$prog:frk:hit { if (arg0 == 0) { printf(\"sync\\n\"); }
      else { if (arg0 == 9) { exit(); } else { @ = count(); } } }" 2>fbt.err |
    { while read -r l; do [ "$l" = sync ] && break; done; echo go 1<>go; cat > fbt.out; }
  wait "$pid"; rc=$?
  check_eq "$tag: forked after the parent's hits, traced by bpftrace: the parent and its 3 children exit 0" \
    "$rc: $(tr '\n' ' ' < fk.out)" "0: child 0: exit 0 child 1: exit 0 child 2: exit 0 "
  check_eq "$tag: bpftrace counted every hit: 20 in the parent, 3 x 20 in the children" \
    "$(grep '^@' fbt.out)" "@: 80"
}
if have bpftrace; then
  D=$SRCDIR/test/integration/data
  "$DTRACE" -h -x callstyle -s "$D/forkprobe.d" -o forkprobe.h
  for cc in "${CCS[@]}"; do
    for plt in "" -fno-plt; do
      tag="fork: $cc -O2${plt:+ $plt}"
      $cc -O2 $plt -Wall -I. -c "$D/forkprobe.c" -o fk.o && "$DTRACE" -G -s "$D/forkprobe.d" -o fkp.o fk.o \
        && $cc $plt fk.o fkp.o -o forkprog || { fail "$tag: build"; continue; }
      len=5 want=$CALL5; [ -n "$plt" ] && { len=6 want=$CALL6; }
      check_eq "$tag: the probe is a call site, linked" "$(site_shapes forkprog $len frk)" "$want"
      fork_check "$tag" "$T/forkprog"
    done
  done
else
  skip "bpftrace not installed (fork safety)"
fi

# ------------------------------------------------- C++ inline function (COMDAT)
cat > inl.h <<'C'
#include "cs.h"
inline int helper (int x) { CSP_HIT (x, 7L * x); return x + 1; }
C
cat > inl-a.cc <<'C'
#include "inl.h"
int fa (int x) { return helper (x) * 2; }
C
cat > inl-b.cc <<'C'
#include "inl.h"
#include <cstdio>
int fa (int);
int main () { int a = fa (1); int b = helper (5); std::printf ("%d %d\n", a, b); return 0; }
C
for cxx in g++ clang++; do
  have $cxx || continue
  for opt in -O0 -O2; do
    tag="$cxx $opt inline function in two objects"
    $cxx $opt -fno-inline -c inl-a.cc -o inl-a.o && $cxx $opt -fno-inline -c inl-b.cc -o inl-b.o
    "$DTRACE" -G -s csp.d -o iprobes.o inl-a.o inl-b.o 2>g.err || { fail "$tag: -G"; sed 's/^/    /' g.err; continue; }
    check_match "$tag: the note joins the function's COMDAT group" "$(readelf -gW inl-a.o)" \
      'COMDAT group section .*_Z6helperi.*contains 4 sections'
    if have ld.gold && [ $cxx = g++ ] && [ $opt = -O2 ]; then
      if $cxx $opt -fuse-ld=gold inl-a.o inl-b.o iprobes.o -o iprog-gold 2>l.err; then
        check_eq "$tag: gold keeps one note too" "$(notes iprog-gold)" 1
      else fail "$tag: gold link"; sed 's/^/    /' l.err | head; fi
    fi
    if $cxx $opt inl-a.o inl-b.o iprobes.o -o iprog 2>l.err; then
      check_eq "$tag: runs" "$(./iprog)" "4 6"
      check_eq "$tag: one note (the discarded copy's note went with it)" "$(notes iprog)" 1
      if have gdb; then
        check_eq "$tag: gdb: both calls hit the kept copy's site" \
          "$(gdb -nx -batch -ex 'break -probe-stap csp:hit' -ex run -ex 'printf "%ld %ld\n", $_probe_arg0, $_probe_arg1' \
             -ex continue -ex 'printf "%ld %ld\n", $_probe_arg0, $_probe_arg1' ./iprog 2>/dev/null | grep -E '^[0-9]+ [0-9]+$' | tr '\n' ' ')" \
          "1 7 5 35 "
      fi
    else fail "$tag: link"; sed 's/^/    /' l.err | head; fi
  done
done

# ---------------------------- objects without section symbols; a weak function
# -ffunction-sections without unwind tables: no section symbols, so the
# notes' pc is relocated against the function symbols; a weak function gets
# its own anchor symbol, so a strong definition elsewhere cannot move the pc.
cat > anc.c <<'C'
#include "cs.h"
__attribute__ ((noinline)) static int loc (int x) { CSP_ST (x); return x + 1; }
int glob (int x) { CSP_HIT (x, 2L); return loc (x); }
__attribute__ ((weak)) int wk (int x) { CSP_TAIL (x, "w"); return x; }
C
printf 'int glob (int); int wk (int);\nint main (void) { return glob (1) + wk (3) == 5 ? 0 : 1; }\n' > anc-main.c
printf 'int glob (int); int wk (int x) { return x * 3; }\nint main (void) { return glob (1) + wk (3) == 11 ? 0 : 1; }\n' > anc-strong.c
for cc in "${CCS[@]}"; do
  tag="$cc -ffunction-sections -fno-asynchronous-unwind-tables"
  $cc -O2 -fPIC -ffunction-sections -fno-asynchronous-unwind-tables -I. -c anc.c -o anc.o
  "$DTRACE" -G -s csp.d -o aprobes.o anc.o 2>g.err || { fail "$tag: -G"; sed 's/^/    /' g.err; continue; }
  if $cc -shared -o libanc.so anc.o aprobes.o 2>l.err && $cc -o anc-prog anc-main.c -L. -lanc -Wl,-rpath,"$T" 2>>l.err \
     && ./anc-prog; then
    check "$tag: shared library: every note's pc is on a rewritten site" pcs_on_nops libanc.so
  else fail "$tag: shared library"; sed 's/^/    /' l.err | head; fi
  if $cc -O2 -o anc-ov anc-strong.c anc.o aprobes.o 2>l.err && ./anc-ov; then
    check "$tag: weak function overridden: the notes still point at its (dead) sites" pcs_on_nops anc-ov
  else fail "$tag: weak function overridden"; sed 's/^/    /' l.err | head; fi
done

# ------------------------------------------------------ both styles in one TU
printf 'provider dflt { probe both(int x); };\n' > dflt.d
"$DTRACE" -h -s dflt.d -o dflt.h
cat > both.c <<'C'
#include "dflt.h"
#include "cs.h"
int both (int x);
int both (int x)
{
  DFLT_BOTH (x);
  CSP_ST (x + 1);
  return DFLT_BOTH_ENABLED () + CSP_ST_ENABLED ();
}
int main (void) { return both (5); }
C
gcc -O2 -I. -c both.c -o both.o
"$DTRACE" -G -s dflt.d -s csp.d -o bprobes.o both.o 2>g.err
check "both styles in one object: -G" test -s bprobes.o
if gcc both.o bprobes.o -o bothprog 2>l.err && ./bothprog; then
  check_eq "both styles: dflt:both and csp:st notes" \
    "$(readelf -n bothprog | awk '$1 == "Name:" && ($2 == "both" || $2 == "st") {print $2}' | sort | tr '\n' ' ')" "both st "
  check_eq "both styles: one .stapsdt.base byte in the program" \
    "$(readelf -SW bothprog | awk '$2 == ".stapsdt.base" {print $6}')" "000001"
  if have gdb; then
    check_eq "both styles: gdb reads both probes" \
      "$(gdb -nx -batch -ex 'break -probe-stap dflt:both' -ex 'break -probe-stap csp:st' -ex run \
          -ex 'printf "%ld\n", $_probe_arg0' -ex continue -ex 'printf "%ld\n", $_probe_arg0' ./bothprog 2>/dev/null |
         grep -E '^[0-9]+$' | tr '\n' ' ')" "5 6 "
  fi
else fail "both styles: link and run"; sed 's/^/    /' l.err g.err | head; fi

# ------------------------------------------------------ assembly caller
S=$SRCDIR/samples/callstyle
"$DTRACE" -h -x callstyle -s "$S/asmprov.d" -o asmprov.h
if gcc -c "$S/asm-caller.S" -o asm-caller.o && gcc -O2 -I. -c "$S/main.c" -o asm-main.o \
   && "$DTRACE" -G -s "$S/asmprov.d" -o asmprov.o asm-caller.o asm-main.o \
   && gcc asm-caller.o asm-main.o asmprov.o -o asm-demo 2>l.err; then
  check_eq "assembly caller: runs" "$(./asm-demo)" ok
  check_match "assembly caller: the note's arguments" "$(readelf -n asm-demo)" 'Arguments: -4@%rdi 8@%rsi'
  if have bpftrace; then
    ./asm-demo w > asm-run.txt 2>&1 &
    pid=$!
    timeout 30 bpftrace -e "usdt:$T/asm-demo:asmprov:hit /@n < 2/ { printf(\"hit %d %s\n\", arg0, str(arg1)); @n++; }
      interval:ms:500 /@n >= 2/ { exit(); }" > bt.txt 2>bt.err
    wait "$pid"
    check_eq "assembly caller: traced by bpftrace" "$(grep '^hit' bt.txt | sort | tr '\n' ' ')" \
      "hit 40 from assembly hit 41 from assembly "
    check_eq "assembly caller: ENABLED() from C while traced" "$(cat asm-run.txt)" enabled
  fi
else fail "assembly caller: build"; sed 's/^/    /' l.err | head; fi

# ------------------------------- more than 65280 sections (extended numbering)
awk 'BEGIN {
  print "\t.text\n\t.globl fire\n\t.type fire,@function\nfire:\n\tmov $7,%edi\n\tmov $-3,%rsi\n\tcall __dtrace_csp___hit\n\tret"
  for (i = 0; i < 70000; i++) printf "\t.section .text.f%d,\"ax\",@progbits\nf%d:\n\tret\n", i, i
  print "\t.section .text.last,\"ax\",@progbits\n\t.globl fire2\n\t.type fire2,@function\nfire2:\n\tmov $8,%edi\n\tmov $-4,%rsi\n\tjmp __dtrace_csp___hit"
  print "\t.section .note.GNU-stack,\"\",@progbits"
}' > big.S
printf 'void fire (void); void fire2 (void);\nint main (void) { fire (); fire2 (); return 0; }\n' > bigmain.c
if gcc -c big.S -o big.o 2>/dev/null && [ "$(readelf -h big.o | sed -n 's/.*Number of section headers: *0 (\([0-9]*\))/\1/p')" -gt 65280 ]; then
  if "$DTRACE" -G -s csp.d -o bigprobes.o big.o 2>g.err && gcc bigmain.c big.o bigprobes.o -o bigprog 2>l.err && ./bigprog; then
    check_match "70000+ sections: the object keeps extended numbering" "$(readelf -h big.o)" \
      'Number of section headers: +0 \(700[0-9][0-9]\)'
    if have gdb; then
      check_eq "70000+ sections: gdb reads both sites" \
        "$(gdb -nx -batch -ex 'break -probe-stap csp:hit' -ex run -ex 'printf "%ld %ld\n", $_probe_arg0, $_probe_arg1' \
           -ex continue -ex 'printf "%ld %ld\n", $_probe_arg0, $_probe_arg1' ./bigprog 2>/dev/null |
           grep -E '^-?[0-9]+ -?[0-9]+$' | tr '\n' ' ')" "7 -3 8 -4 "
    fi
  else fail "70000+ sections: -G, link, run"; sed 's/^/    /' g.err l.err | head; fi
else
  skip "70000+ sections (the assembler did not make an extended-numbering object)"
fi
rm -f big.S big.o bigprog

# ------------------------------------------- Solaris-style is-enabled calls
cat > sol.h <<'C'
/* As Solaris/illumos/FreeBSD dtrace -h writes it. */
#define CSP_GUARD(arg0) __dtrace_csp___guard(arg0)
#define CSP_GUARD_ENABLED() __dtraceenabled_csp___guard()
extern void __dtrace_csp___guard(int);
extern int __dtraceenabled_csp___guard(void);
C
cat > sol.c <<'C'
#include <stdio.h>
#include <unistd.h>
#include "sol.h"
int main (int argc, char **argv)
{
  int wait = argc > 1, seen = 0;
  for (int i = 0; i < (wait ? 3000 : 3); i++)
    {
      if (CSP_GUARD_ENABLED ())
        {
          CSP_GUARD (i);
          seen++;
        }
      else if (seen)
        break;   /* the tracer has gone */
      if (wait)
        usleep (10000);
    }
  printf ("enabled=%d\n", seen > 0);
  return 0;
}
C
gcc -O2 -c sol.c -o sol.o && "$DTRACE" -G -s csp.d -o solp.o sol.o 2>g.err && gcc sol.o solp.o -o solprog 2>l.err
check_eq "Solaris-style __dtraceenabled_*(): false untraced" "$(./solprog)" "enabled=0"
check_match "the -G object defines __dtraceenabled_csp___guard (weak, hidden)" "$(readelf -sW solp.o)" \
  'FUNC +WEAK +HIDDEN +[0-9]+ __dtraceenabled_csp___guard$'
if have bpftrace; then
  ./solprog w > sol-run.txt 2>&1 &
  pid=$!
  timeout 30 bpftrace -p "$pid" -e "usdt:$T/solprog:csp:guard { printf(\"guard\\n\"); exit(); }" > bt.txt 2>bt.err
  wait "$pid"
  check_eq "Solaris-style __dtraceenabled_*(): true while bpftrace traces the probe" "$(cat sol-run.txt)" "enabled=1"
fi

# ------------------------------------------------------------ idempotence
gcc -O2 -I. -c app.c -o app.o && gcc -O2 -c main.c -o main.o
"$DTRACE" -G -s csp.d -o first.o app.o main.o
cp -p app.o app.linked.o; cp -p main.o main.linked.o
touch -d '2001-02-03 04:05:06' app.o main.o
m0=$(stat -c %y app.o main.o)
check "a second -G over the linked objects" "$DTRACE" -G -s csp.d -o second.o app.o main.o
check "second run: the objects are byte-identical" sh -c 'cmp app.o app.linked.o && cmp main.o main.linked.o'
check_eq "second run: the objects keep their mtime" "$(stat -c %y app.o main.o)" "$m0"
check "second run: the same -G object" cmp first.o second.o
check "an object without call-style sites is never rewritten" cmp main.o main.linked.o

# Objects an older sdtkit linked: its call sites were a 5-byte nop (and a
# nop after it under -fno-plt), with the same R_X86_64_NONE relocations and
# notes.  to_older OBJ makes such an object of one linked now (those bytes
# were the only difference; tail calls were the same) and prints how many
# call sites it turned back.
to_older () {
  local o=$1 text r at n=0
  text=$(readelf -SW "$o" | awk '{sub(/^ *\[ *[0-9]+\] */, "")} $1 == ".text" {print $4; exit}')
  for r in $(readelf -rW "$o" | awk '/^Relocation section/ {s = index($0, "'"'"'.rela.text'"'"'")}
                                     s && $3 == "R_X86_64_NONE" && $5 ~ /^__dtrace_csp___/ {print $1}'); do
    at=$((16#$text + 16#$r))
    case $(od -An -tx1 -j $((at - 2)) -N 7 "$o" | tr -d ' \n') in
      ??900f1f4000??) printf '\017\037\104\000\000' | dd of="$o" bs=1 seek=$((at - 1)) conv=notrunc 2>/dev/null
                      n=$((n + 1)) ;;
      900f1f400090??) printf '\017\037\104\000\000\220' | dd of="$o" bs=1 seek=$((at - 2)) conv=notrunc 2>/dev/null
                      n=$((n + 1)) ;;
    esac
  done
  echo $n
}
for plt in "" -fno-plt; do
  tag="gcc -O2 ${plt:+$plt }object linked by an older sdtkit"
  gcc -O2 $plt -I. -c app.c -o old.o && "$DTRACE" -G -s csp.d -o old-first.o old.o 2>/dev/null
  n=$(to_older old.o)
  check "$tag: its $n call sites made 5-byte nops again (every one: the shapes below)" test "$n" -gt 0
  cp -p old.o old.linked.o
  touch -d '2001-02-03 04:05:06' old.o
  m0=$(stat -c %y old.o)
  out=$("$DTRACE" -G -s csp.d -o old-g.o old.o 2>&1); rc=$?
  check_eq "$tag: a second -G: exit 0, silent" "$rc:$out" "0:"
  check "$tag: recognised as linked: byte-identical" cmp old.o old.linked.o
  check_eq "$tag: ... and its mtime kept" "$(stat -c %y old.o)" "$m0"
  if gcc $plt old.o main.c old-g.o -o oldprog 2>l.err; then
    check_eq "$tag: runs" "$(./oldprog)" "$REF"
    len=5; [ -n "$plt" ] && len=6
    check_eq "$tag: its notes still on its sites, the 5-byte nops (and the tail calls' nops)" \
      "$(site_shapes oldprog $len | sed 's/; cc int3//g' | tr '\n' '|')" \
      "0f 1f 44 00 00 nopl 0x0(%rax,%rax,1)${plt:+; 90 nop}|90 nop; c3 ret|"
  else fail "$tag: link"; sed 's/^/    /' l.err | head; fi
done

# ------------------------------------------------------- failures leave no trace
gcc -O2 -I. -c app.c -o a1.o; gcc -O2 -I. -c both.c -o a2.o
snapshot () { for f in "$@"; do printf '%s %s\n' "$(md5sum < "$f")" "$(stat -c %y "$f")"; done; }
# fails_clean TAG OUTPUT REGEX ARGS...: exit 1, message matches, every
# object operand unchanged (bytes and mtime), no output, no temp file.
fails_clean () {
  local tag=$1 outf=$2 re=$3; shift 3
  local objs=() a
  for a in "$@"; do case $a in *.o) [ -f "$a" ] && objs+=("$a");; esac; done
  local before; before=$(snapshot "${objs[@]}")
  local out rc
  out=$("$DTRACE" -G -s csp.d -o "$outf" "$@" 2>&1); rc=$?
  check_eq "$tag: exit 1" "$rc" 1
  check_match "$tag: the message" "$out" "$re"
  check_eq "$tag: every object byte-identical, same mtime" "$(snapshot "${objs[@]}")" "$before"
  check "$tag: no output file" test ! -e "$outf"
  check_eq "$tag: no temp file anywhere" "$(find . -name '*.tmp*' | wc -l)" 0
}
head -c 1500 a1.o > trunc.o
fails_clean "truncated object" out1.o 'trunc\.o: truncated or corrupt' a2.o trunc.o a1.o
# A relocation naming a symbol that does not exist: libelf-level checks pass.
cp a1.o corrupt.o
rela=$(readelf -SW corrupt.o | awk '{sub(/^ *\[ *[0-9]+\] */, "")} $1 ~ /^\.rela\.text/ {print $4; exit}')
printf '\377\377\377\177' | dd of=corrupt.o bs=1 seek=$((16#$rela + 12)) conv=notrunc 2>/dev/null
fails_clean "corrupt object" out2.o 'corrupt\.o: truncated or corrupt ELF file' a1.o corrupt.o a2.o
mkdir -p rodir && cp a1.o rodir/r.o && chmod 555 rodir
fails_clean "object in an unwritable directory" out3.o 'rodir/r\.o: cannot replace it: directory .*rodir is not writable' \
  a2.o rodir/r.o
check_eq "unwritable directory: nothing added to it" "$(ls -A rodir)" "r.o"
chmod 755 rodir
cp a1.o ro.o && chmod 444 ro.o
fails_clean "read-only object" out4.o 'ro\.o: is read-only' a2.o ro.o
rm -f ro.o

# Undeclared probe of a declared provider; a site of a foreign provider is left.
printf 'provider csp { probe hit(int a, long b); };\n' > small.d
cp a1.o und.o
out=$("$DTRACE" -G -s small.d -o und-out.o und.o 2>&1); rc=$?
check_eq "a call of an undeclared probe of a declared provider: exit 1" "$rc" 1
check_match "a call of an undeclared probe of a declared provider: the error" "$out" \
  'und\.o: calls __dtrace_csp___many, but probe csp:many is not declared in ([^ ]*/)?small\.d'
check "... and the object is unchanged" cmp und.o a1.o
printf 'provider other { probe x(int); };\n' > other.d
check "calls of another provider's probes: left alone, exit 0" sh -c '"$0" -G -s other.d -o oo.o und.o && cmp und.o a1.o' "$DTRACE"

# A forgotten object (not given to -G) fails at link time, not at run time.
gcc -O2 -I. -c app.c -o linked.o; gcc -O2 -I. -c app.c -o forgotten.o
"$DTRACE" -G -s csp.d -o fprobes.o linked.o
printf 'int run (int);\nint run2 (int w) { return run (w); }\n' > run2.c
objcopy --redefine-sym run=run_forgotten --redefine-sym text=text2 --redefine-sym tail_probe=tail2 forgotten.o
if gcc linked.o forgotten.o main.c fprobes.o -o forgot 2>l.err; then
  fail "a call-style object not given to -G: the link fails"
else
  check_match "a call-style object not given to -G: undefined __dtrace_ symbol at link time" \
    "$(cat l.err)" 'undefined reference to `__dtrace_csp___'
fi

# The float check at -G (a header from a .d that said int).
sed 's/probe hit(int a, long b)/probe hit(int a, double b)/' csp.d > flt.d
cp a1.o flt.o
out=$("$DTRACE" -G -s flt.d -o flt-out.o flt.o 2>&1); rc=$?
check_eq "-G: a floating-point argument at a call site: exit 1" "$rc" 1
check_match "-G: a floating-point argument at a call site: the error" "$out" \
  'flt\.d:2: error: probe csp:hit: argument 2 is floating point \(double\)'
check "... the object is unchanged" cmp flt.o a1.o

# LTO IR cannot be linked: a clear error, the object untouched.
lto_case () {
  local cc=$1; shift
  "$cc" "$@" -I. -c app.c -o lto.o 2>/dev/null || { skip "$cc $*: cannot compile"; return; }
  cp lto.o lto.save
  local out rc
  out=$("$DTRACE" -G -s csp.d -o lto-out.o lto.o 2>&1); rc=$?
  check_match "$cc $*: call-style sites in LTO IR: error saying what to do" "$rc:$out" \
    '^1:dtrace: lto\.o: compiled with -flto: dtrace -G cannot rewrite call-style probe sites inside LTO IR; build the files that use call-style probes without -flto'
  check "$cc $*: the object is unchanged, no output" sh -c 'cmp lto.o lto.save && test ! -e lto-out.o'
}
for cc in "${CCS[@]}"; do lto_case $cc -O2 -flto; done

# i386 objects (ELF32, REL) are linked too (cross-arch.sh runs them):
# the argument of a tail call is above the return address.  x32 objects
# (ELF32 x86-64) are not: one error naming them.
printf 'extern void __dtrace_csp___st (int);\nvoid f (int x) { __dtrace_csp___st (x); }\n' > s32.c
if gcc -m32 -ffreestanding -fno-pie -O2 -c s32.c -o app32.o 2>/dev/null; then
  check "an i386 object with call-style sites: linked" "$DTRACE" -G -s csp.d -o o32.o app32.o
  check_match "an i386 object: its note" "$(readelf -n app32.o)" 'Arguments: -4@4\(%esp\)$'
  check_eq "an i386 object: the tail call is nop; ret" "$(objdump -d app32.o | awk '/^ +[01]:/ { print $NF }' | tr '\n' ' ')" "nop ret "
else
  skip "no gcc -m32 (i386 object)"
fi
if gcc -mx32 -ffreestanding -fno-pie -O2 -c s32.c -o appx32.o 2>/dev/null; then
  cp appx32.o appx32.save
  out=$("$DTRACE" -G -s csp.d -o ox32.o appx32.o 2>&1); rc=$?
  check_match "an x32 object with call-style sites: error" "$rc:$out" \
    '^1:dtrace: appx32\.o: calls __dtrace_csp___st: call-style probe sites cannot be linked in x86-64 \(x32\) objects yet'
  check "an x32 object: unchanged, no output" sh -c 'cmp appx32.o appx32.save && test ! -e ox32.o'
else
  skip "no gcc -mx32 (x32 object)"
fi

if have eu-elflint; then
  # elflint knows neither stapsdt notes nor R_X86_64_NONE in objects.
  check_eq "eu-elflint: the rewritten object is otherwise clean" \
    "$(eu-elflint --gnu-ld app.linked.o 2>&1 | grep -v -E 'unknown object file note type 3|relocation type invalid for the file type|^No errors')" ""
  check "eu-elflint --gnu-ld: the -G object" eu-elflint --gnu-ld first.o
fi

done_testing
