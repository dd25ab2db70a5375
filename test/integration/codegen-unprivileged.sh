#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# codegen-unprivileged.sh — the compiler's golden tests (test-codegen) need
# no privilege: run them as nobody and check they all pass.
. "$SRCDIR/test/lib.sh"

bin=$BUILDDIR/test/unit/test-codegen
if [ ! -x "$bin" ]; then
  echo "skip - test-codegen is not built"
  exit 0
fi
if [ "$(id -u)" != 0 ]; then
  out=$("$bin" 2>&1); rc=$?
  how="as $(id -un)"
elif command -v setpriv >/dev/null; then
  out=$(SRCDIR=$SRCDIR setpriv --reuid=nobody --regid=nogroup --clear-groups "$bin" 2>&1); rc=$?
  how="as nobody (setpriv)"
else
  out=$(runuser -u nobody -- env SRCDIR="$SRCDIR" "$bin" 2>&1); rc=$?
  how="as nobody (runuser)"
fi
nok=$(printf '%s\n' "$out" | grep -c '^ok - ')
nbad=$(printf '%s\n' "$out" | grep -c '^not ok - ')
if [ "$rc" = 0 ] && [ "$nbad" = 0 ] && [ "$nok" -gt 2 ]; then
  echo "ok - test-codegen passes $how ($nok checks)"
else
  echo "not ok - test-codegen $how: exit $rc, $nok ok, $nbad not ok"
  printf '%s\n' "$out" | grep -v '^ok - ' | head -20
fi
