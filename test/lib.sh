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
trap 'rm -rf "$T"' EXIT
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
