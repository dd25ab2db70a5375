#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fuzz.sh — the libFuzzer targets of test/fuzz/, each for a short bounded
# time (FUZZ_SECONDS, default 20; two at a time), after replaying their
# regression inputs: test/fuzz/run's "ok - fuzz-NAME (N runs)" lines.
#
# The harnesses are clang builds with ASan and UBSan already, so the
# suite's second pass (a build configured --enable-sanitizers, build-asan/
# under quickstart) does not run them again.  Without clang or libFuzzer
# the targets are skipped, which CI=true turns into a failure.
. "$SRCDIR/test/lib.sh"

if grep -q '^SAN_CFLAGS = .*-fsanitize' "$BUILDDIR/Makefile" 2>/dev/null; then
  ok "fuzz targets: run by the suite's -Werror pass, not again in this sanitizer build"
  done_testing
fi

printf 'int LLVMFuzzerTestOneInput (const char *d, unsigned long n) { (void) d; return (int) n & 0; }\n' > probe.c
if ! command -v clang >/dev/null 2>&1; then
  skip "fuzz targets: no clang (Debian: clang, libclang-rt-14-dev)"
  done_testing
fi
if ! err=$(clang -fsanitize=fuzzer,address,undefined probe.c -o probe 2>&1); then
  skip "fuzz targets: clang cannot link libFuzzer (Debian: libclang-rt-14-dev)"
  printf '%s\n' "$err" | head -5 | sed 's/^/    /'
  done_testing
fi

start=$(date +%s)
out=$(FUZZ_JOBS=${FUZZ_JOBS:-2} bash "$SRCDIR/test/fuzz/run" "${FUZZ_SECONDS:-20}" 2>&1); rc=$?
printf '%s\n' "$out"
if [ $rc -ne 0 ] && ! printf '%s\n' "$out" | grep -q '^not ok - '; then
  fail "test/fuzz/run exited with status $rc"
fi
printf '# fuzzing took %ss\n' $(( $(date +%s) - start ))
exit $rc
