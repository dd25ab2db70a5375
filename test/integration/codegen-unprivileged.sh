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
# nobody may not be able to enter the checkout or the build directory (a
# clone under a 0700 mktemp -d): give it a world-readable copy of the
# program and of the golden files
pub=$(mktemp -d)
mkdir -p "$pub/test/golden"
cp -r "$SRCDIR/test/golden/codegen" "$pub/test/golden/"
cp "$bin" "$pub/test-codegen"
chmod -R a+rX "$pub"
bin=$pub/test-codegen
if [ "$(id -u)" != 0 ]; then
  out=$(SRCDIR=$pub "$bin" 2>&1); rc=$?
  how="as $(id -un)"
elif command -v setpriv >/dev/null; then
  out=$(SRCDIR=$pub setpriv --reuid=nobody --regid=nogroup --clear-groups "$bin" 2>&1); rc=$?
  how="as nobody (setpriv)"
else
  out=$(runuser -u nobody -- env SRCDIR="$pub" "$bin" 2>&1); rc=$?
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
rm -rf "$pub"
