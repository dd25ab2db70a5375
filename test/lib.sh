# SPDX-License-Identifier: MIT
# test/lib.sh — shared helpers of the shell integration tests.
#
# Every check prints one line that test/run-tests counts:
#   "ok - DESC", "not ok - DESC" (with details after it, indented) or "skip - DESC".
# Environment (set by test/run-tests): BUILDDIR, SRCDIR, DTRACE (our dtrace),
# STAP_DTRACE (systemtap's script, /usr/bin/dtrace), CI.
# Each test script works in its own fresh directory $T (removed on exit).

set -u
: "${BUILDDIR:?}" "${SRCDIR:?}"
DTRACE=${DTRACE:-$BUILDDIR/dtrace}
STAP_DTRACE=${STAP_DTRACE:-/usr/bin/dtrace}
T=$(mktemp -d "${TMPDIR:-/tmp}/sdtkit-test.XXXXXX")
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$T"' EXIT   # no background process outlives its test
cd "$T" || exit 1
_failed=0

ok ()   { printf 'ok - %s\n' "$*"; }
fail () { printf 'not ok - %s\n' "$*"; _failed=1; }
# skip DESC: a missing optional facility.  Under CI=true a skip is a failure:
# CI must exercise everything.
skip () {
  if [ "${CI:-}" = true ]; then printf 'not ok - %s (skipped, but CI=true forbids skips)\n' "$*"; _failed=1
  else printf 'skip - %s\n' "$*"; fi
}
# check DESC CMD...: ok when CMD exits 0; otherwise its output is shown.
check () {
  local desc=$1; shift
  local out
  if out=$("$@" 2>&1); then ok "$desc"
  else fail "$desc"; printf '%s\n' "$out" | head -30 | sed 's/^/    /'; fi
}
# check_fails DESC CMD...: ok when CMD exits non-zero.
check_fails () {
  local desc=$1; shift
  if "$@" >/dev/null 2>&1; then fail "$desc (command succeeded)"; else ok "$desc"; fi
}
# check_eq DESC GOT WANT
check_eq () {
  if [ "$2" = "$3" ]; then ok "$1"
  else fail "$1"; printf '    got:  %s\n    want: %s\n' "$2" "$3"; fi
}
# check_match DESC TEXT REGEX (grep -E)
check_match () {
  if printf '%s\n' "$2" | grep -Eq -- "$3"; then ok "$1"
  else fail "$1"; printf '    /%s/ not found in:\n' "$3"; printf '%s\n' "$2" | head -20 | sed 's/^/    /'; fi
}
done_testing () { exit $_failed; }

# gen_probe_calls HEADER: a C (and C++) file defining fire_all(), which calls
# every probe macro of a generated header with varied argument types (ints,
# chars, shorts, longs, pointers, arrays, string literals, constants,
# expressions, doubles) and tests every *_ENABLED().
gen_probe_calls () {
  local header=$1
  echo "#include \"${header##*/}\""
  echo 'static int v_int = 3; static short v_sh = -4; static unsigned char v_uc = 200; static long v_l = -5;'
  echo 'static unsigned long v_ul = 7; static char v_arr[8] = "arr"; static const char *v_str = "str"; static double v_d = 1.5;'
  echo 'void fire_all (void);'
  echo 'void fire_all (void) {'
  local pool=('v_int' 'v_str' 'v_uc' 'v_sh' 'v_l' 'v_ul' 'v_arr' '"lit"' '-7' 'v_int + 1' '&v_int' 'v_d')
  sed -n 's/^#define \([A-Za-z][A-Za-z0-9_]*\)(\(.*\)) \\$/\1 \2/p' "$header" | while read -r name params; do
    local n=0 i args=()
    [ -n "$params" ] && n=$(( $(tr -cd ',' <<<"$params" | wc -c) + 1 ))
    for ((i = 0; i < n; i++)); do args+=("${pool[$(( (i + ${#name}) % ${#pool[@]} ))]}"); done
    (IFS=,; echo "  $name (${args[*]});")
    echo "  if (${name}_ENABLED ()) v_int++;"
  done
  echo '  (void) v_int; (void) v_sh; (void) v_uc; (void) v_l; (void) v_ul; (void) v_arr; (void) v_str; (void) v_d;'
  echo '}'
}

# wait_attached PID [SECONDS]: wait until process PID holds BPF links or
# perf events with programs (our dtrace has enabled its probes) and their number has not changed for half
# a second, at most SECONDS (default 60).  The first link alone is not
# enough: under -p/-c the dynamic linker's hook (lib-loads.c) is attached
# before the probes, and on a loaded machine well before them.
wait_attached () {
  local pid=$1 n=$(( ${2:-60} * 10 )) links last=-1 same=0
  while [ $n -gt 0 ] && [ -d "/proc/$pid" ]; do
    # BPF links, or (kernels before 5.15: no perf-event links) perf events
    links=$(( $(grep -ls '^link_type:' /proc/"$pid"/fdinfo/* 2>/dev/null | wc -l)
              + $(find /proc/"$pid"/fd -lname 'anon_inode:\[perf_event\]' 2>/dev/null | wc -l) ))
    if [ "$links" -gt 0 ] && [ "$links" = "$last" ]; then
      same=$((same + 1)); [ $same -ge 5 ] && return 0
    else
      same=0
    fi
    last=$links
    sleep 0.1; n=$((n - 1))
  done
  return 1
}
