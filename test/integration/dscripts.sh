#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# dscripts.sh — D scripts against golden files.  For each test/dscripts/NAME.d
# with a NAME.r beside it: run `$DTRACE -q -s NAME.d` from that folder (so
# messages name the script as NAME.d), and compare stdout with NAME.r, the
# exit status with 0, and, when NAME.err exists, stderr with it, exactly.
# Comment lines at the top of a script change that:
#   /* @options: -x strsize=8 -q */   these options instead of -q
#   /* @status: 1 */                  the expected exit status
# Prints "ok - NAME" or "not ok - NAME" with a diff.  To make a golden file
# for a new script, run it as above and check the output by hand.
. "$SRCDIR/test/lib.sh"
dir=$SRCDIR/test/dscripts

# directive NAME FILE: the value of a leading /* @NAME: value */ line
directive () {
  sed -n "s|^/\\* @$1:\\(.*\\)\\*/\$|\\1|p" "$2" | head -1
}

n=0
for d in "$dir"/*.d; do
  name=${d##*/}; name=${name%.d}
  [ -f "$dir/$name.r" ] || continue
  n=$((n + 1))
  opts=-q
  grep -q '^/\* @options:' "$d" && opts=$(directive options "$d")
  want_status=$(directive status "$d"); want_status=${want_status// /}
  # shellcheck disable=SC2086  # the options are words
  (cd "$dir" && exec timeout 30 "$DTRACE" $opts -s "$name.d") >"$T/$name.out" 2>"$T/$name.stderr"
  status=$?
  problems=
  if ! cmp -s "$dir/$name.r" "$T/$name.out"; then
    problems+="stdout differs from $name.r:"$'\n'$(diff -u "$dir/$name.r" "$T/$name.out" | tail -n +3)$'\n'
  fi
  if [ "$status" != "${want_status:-0}" ]; then
    problems+="exit status $status, expected ${want_status:-0}"$'\n'
  fi
  if [ -f "$dir/$name.err" ] && ! cmp -s "$dir/$name.err" "$T/$name.stderr"; then
    problems+="stderr differs from $name.err:"$'\n'$(diff -u "$dir/$name.err" "$T/$name.stderr" | tail -n +3)$'\n'
  fi
  if [ -z "$problems" ]; then
    ok "$name"
  else
    fail "$name"
    printf '%s' "$problems" | sed 's/^/    /'
  fi
done
[ "$n" -gt 0 ] || fail "no test/dscripts/*.d with a .r golden file"
done_testing
