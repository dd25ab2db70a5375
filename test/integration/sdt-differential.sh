#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# sdt-differential.sh — our note reader against readelf, gdb and bpftrace.
#
# Builds a corpus of probed programs with systemtap's <sys/sdt.h> (gcc and
# clang, -O0 and -O2, PIE executables and shared libraries; semaphore probes,
# 0 and 12 arguments, constants, char/short/int/long/unsigned/pointer
# arguments, a probe inlined twice) and checks that these agree on every note:
#   - our reader:  $BUILDDIR/test/unit/test-notes --dump FILE
#                  ("PROVIDER NAME NARGS SIZES SEM ARGS", one line per note)
#   - a table of what the corpus declares (names, counts, sizes, semaphores);
#   - readelf -n:  provider, name, semaphore, raw argument string, note order;
#   - gdb 13:      `info probes` (sites, providers, names, semaphores), and a
#                  run under gdb breaking on every probe, printing
#                  $_probe_argc and sizeof($_probe_argN) (gdb sets the
#                  semaphores itself, so gated probes fire too);
#   - bpftrace -l: the provider:name set (bpftrace 0.17's -l -v shows no
#                  arguments for usdt probes, so only names are compared).
# The corpus avoids floats (gdb 13 rejects the `f` flag) and globals (gdb 13
# cannot parse sym(%rip)), so every tool can decode every argument.
. "$SRCDIR/test/lib.sh"

DUMP=$BUILDDIR/test/unit/test-notes
if [ ! -x "$DUMP" ]; then
  fail "test-notes is built ($DUMP)"
  done_testing
fi

# check_same DESC GOT WANT: multi-line comparison, with a diff on failure.
check_same () {
  if [ "$2" = "$3" ]; then ok "$1"
  else
    fail "$1"
    diff -u <(printf '%s\n' "$3") <(printf '%s\n' "$2") | sed -n '3,40p' | sed 's/^/    /'
  fi
}

cat >corpus.c <<'EOF'
#include <sys/sdt.h>
#ifdef __clang__
#define NOIPA __attribute__((noinline))
#else
#define NOIPA __attribute__((noipa))
#endif
static inline __attribute__((always_inline)) void helper (int v)
{
  STAP_PROBE1 (corpus, inlined, v);
}
NOIPA int corpus_run (int argc, char **argv)
{
  long l = argc * 1000L;
  const char *s = argv[0];
  STAP_PROBE (corpus, zero);
  STAP_PROBE12 (corpus, twelve, (char) argc, (short) argc, argc, l,
                (unsigned char) argc, (unsigned short) argc, (unsigned) argc,
                (unsigned long) l, argv, (long long) l, (signed char) argc, s);
  STAP_PROBE4 (corpus, consts, 42, -7, 'x', 100000000000L);
  STAP_PROBE4 (corpus, widths, (char) argc, (short) argc, (long) argc, argv);
  STAP_PROBE4 (corpus, unsigned, (unsigned char) argc, (unsigned short) argc,
               (unsigned) argc, (unsigned long) argc);
  STAP_PROBE2 (corpus, query__done, s, l);
  helper (argc);
  helper (argc * 3);
  return argc;
}
EOF

cat >sem.c <<'EOF'
#define _SDT_HAS_SEMAPHORES 1
#include <sys/sdt.h>
__extension__ unsigned short corpus_gated_semaphore __attribute__((unused))
  __attribute__((section(".probes")));
__extension__ unsigned short corpus_gated__zero_semaphore __attribute__((unused))
  __attribute__((section(".probes")));
int corpus_gate (int argc, char **argv)
{
  if (corpus_gated_semaphore)
    STAP_PROBE2 (corpus, gated, argc, argv);
  if (corpus_gated__zero_semaphore)
    STAP_PROBE (corpus, gated__zero);
  return argc;
}
EOF

cat >main.c <<'EOF'
int corpus_run (int, char **);
int corpus_gate (int, char **);
int main (int argc, char **argv)
{
  return corpus_run (argc, argv) + corpus_gate (argc, argv) - 2 * argc;
}
EOF

# What the corpus declares: PROVIDER NAME NARGS SIZES SEM, one line per site.
EXPECTED=$(sort <<'EOF'
corpus zero 0 - -
corpus twelve 12 1,2,4,8,1,2,4,8,8,8,1,8 -
corpus consts 4 4,4,4,8 -
corpus widths 4 1,2,8,8 -
corpus unsigned 4 1,2,4,8 -
corpus query__done 2 8,8 -
corpus inlined 1 4 -
corpus inlined 1 4 -
corpus gated 2 4,8 sem
corpus gated__zero 0 - sem
EOF
)

# readelf -n as "PROVIDER NAME NARGS SIZES SEM ARGS" lines, in note order.
readelf_notes () {
  readelf -n --wide "$1" | awk '
    /Provider: / { sub(/.*Provider: /, ""); prov = $0 }
    /^ *Name: /  { sub(/^ *Name: /, ""); name = $0 }
    /Semaphore: / { sem = ($0 ~ /Semaphore: 0x0+$/) ? "-" : "sem" }
    /^ *Arguments:/ {
      args = $0; sub(/^ *Arguments: ?/, "", args)
      n = split(args, w, " "); sizes = ""
      for (i = 1; i <= n; i++) {
        sz = w[i]; sub(/^-/, "", sz); sub(/[^0-9].*$/, "", sz)
        sizes = sizes (i > 1 ? "," : "") sz
      }
      if (n == 0) sizes = "-"
      line = prov " " name " " n " " sizes " " sem
      if (args != "") line = line " " args
      print line
    }'
}

# gdb `info probes stap` as sorted "PROVIDER NAME SEM" lines.
gdb_info_probes () {
  timeout 120 gdb -nx -batch -iex 'set debuginfod enabled off' -ex 'info probes stap' "$1" 2>/dev/null |
    awk '$1 == "stap" { print $2, $3, (NF >= 6 && $5 ~ /^0x/) ? "sem" : "-" }' | sort
}

# Run PROGRAM under gdb, breaking on every probe of the unique PROVIDER:NAME
# pairs given on stdin; print "PROVIDER NAME ARGC SIZES" per hit, sorted.
gdb_run_probes () {
  local prog=$1 script=$T/probes.gdb prov name
  {
    echo 'set pagination off'
    echo 'set confirm off'
    echo 'set breakpoint pending on'
    echo 'start'
    while read -r prov name; do
      echo "break -probe-stap $prov:$name"
      echo 'commands'
      echo 'silent'
      echo "printf \"HIT $prov $name %d\", \$_probe_argc"
      echo 'if $_probe_argc == 0'
      echo 'printf " -"'
      echo 'end'
      for i in 0 1 2 3 4 5 6 7 8 9 10 11; do
        echo "if \$_probe_argc > $i"
        if [ "$i" = 0 ]; then echo 'printf " %d", sizeof($_probe_arg0)'
        else echo "printf \",%d\", sizeof(\$_probe_arg$i)"; fi
        echo 'end'
      done
      echo 'printf "\n"'
      echo 'continue'
      echo 'end'
    done
    echo 'continue'
  } >"$script"
  timeout 120 gdb -nx -batch -iex 'set debuginfod enabled off' -x "$script" "$prog" 2>&1 |
    sed -n 's/^HIT //p' | sort
}

have () { command -v "$1" >/dev/null 2>&1; }
have_gdb=false; have gdb && have_gdb=true
have_bpftrace=false; have bpftrace && have_bpftrace=true
$have_gdb || skip "gdb comparisons (gdb not installed)"
$have_bpftrace || skip "bpftrace comparisons (bpftrace not installed)"

built=0
for cc in gcc clang; do
  if ! have $cc; then skip "$cc corpus ($cc not installed)"; continue; fi
  for opt in -O0 -O2; do
    tag="$cc $opt"
    exe=$T/corpus-$cc$opt
    lib=$T/libcorpus-$cc$opt.so
    drv=$T/driver-$cc$opt
    if ! out=$($cc $opt -fPIE -pie corpus.c sem.c main.c -o "$exe" 2>&1); then
      fail "$tag: PIE builds"; printf '%s\n' "$out" | head -20 | sed 's/^/    /'; continue
    fi
    if ! out=$($cc $opt -fPIC -shared corpus.c sem.c -o "$lib" 2>&1 &&
               $cc $opt main.c "$lib" -Wl,-rpath,"$T" -o "$drv" 2>&1); then
      fail "$tag: shared library builds"; printf '%s\n' "$out" | head -20 | sed 's/^/    /'; continue
    fi
    built=$((built + 1))

    for kind in pie so; do
      if [ $kind = pie ]; then f=$exe; run=$exe; else f=$lib; run=$drv; fi
      what="$tag $kind"

      ours=$("$DUMP" --dump "$f" 2>&1); rc=$?
      check_eq "$what: our reader reads it" "$rc" 0
      ours_short=$(printf '%s\n' "$ours" | cut -d' ' -f1-5 | sort)
      check_same "$what: our reader finds what the corpus declares" "$ours_short" "$EXPECTED"

      # readelf: the same notes in the same order, with the same raw args.
      theirs=$(readelf_notes "$f")
      check_same "$what: readelf -n agrees (provider, name, count, sizes, semaphore, args)" \
        "$ours" "$theirs"

      ours_pns=$(printf '%s\n' "$ours" | awk '{ print $1, $2, $5 }' | sort)
      ours_pn=$(printf '%s\n' "$ours" | awk '{ print $1, $2 }' | sort -u)
      # gdb 13 cannot parse some operands and then fails the whole probe:
      # %r8b..%r15b (it knows them as r8l..), the f flag, sym(%rip).  Probes
      # with such a site are left out of the run comparison.
      gdb_bad=$(printf '%s\n' "$ours" |
        awk '{ a = ""; for (i = 6; i <= NF; i++) a = a " " $i
               if (a ~ /%r[0-9]+b|[0-9]f@|[A-Za-z_.][A-Za-z0-9_.]*[-+0-9]*\(%rip\)/) print $1, $2 }' | sort -u)
      gdb_pn=$(comm -23 <(printf '%s\n' "$ours_pn") <(printf '%s\n' "$gdb_bad"))
      ours_args=$(printf '%s\n' "$ours" | while read -r p n c sz rest; do
        if ! printf '%s\n' "$gdb_bad" | grep -qx "$p $n"; then echo "$p $n $c $sz"; fi
      done | sort)
      if [ -n "$gdb_bad" ]; then
        printf '# %s: gdb cannot parse the operands of: %s\n' "$what" "$(echo $gdb_bad)"
      fi

      if $have_gdb; then
        n_gdb=$(printf '%s\n' "$gdb_pn" | grep -c .)
        [ "$n_gdb" -ge 4 ] || fail "$what: gdb can check at least 4 probes (only $n_gdb)"
        g=$(gdb_info_probes "$f")
        check_same "$what: gdb info probes agrees (sites, names, semaphores)" "$g" "$ours_pns"
        g=$(printf '%s\n' "$gdb_pn" | gdb_run_probes "$run")
        check_same "$what: gdb \$_probe_argc and argument sizes agree at every site" \
          "$g" "$ours_args"
      fi
      if $have_bpftrace; then
        b=$(timeout 120 bpftrace -l "usdt:$f:*" 2>&1 | sed -n "s|^usdt:$f:||p" | tr ':' ' ' | sort -u)
        check_same "$what: bpftrace -l lists the same probes" "$b" "$ours_pn"
      fi
    done
  done
done
[ "$built" -gt 0 ] || fail "no corpus program could be built"

# The dump must fail on an unreadable file, and that must be visible.
printf 'not elf' >junk
check_fails "test-notes --dump exits 1 on a non-ELF file" "$DUMP" --dump junk
out=$("$DUMP" --dump junk 2>&1)
check_match "test-notes --dump says why" "$out" "junk: not an ELF file"

done_testing
