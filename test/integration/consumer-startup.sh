#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-startup.sh — what `dtrace -p PID` reads while it starts: each
# module of the process is opened for its notes and symbols once (one
# libelf open), whether or not the script types args[N] (the compiler's
# typing and the probe search share one cache, usdt-probes.h), plus at most
# one small read of a probed file for its fast sites (fast-sites.h) or for
# the 5-byte nops the kernel must not optimize (uprobe-attach.c).
# Counted with strace on the probed program's own file, which dtrace has no
# other reason to open.
. "$SRCDIR/test/lib.sh"
command -v strace >/dev/null || { skip "strace not installed"; done_testing; }
data=$SRCDIR/test/integration/data
"$DTRACE" -h -s "$data/target.d" -o target.h || fail "dtrace -h target.d"
"$DTRACE" -G -s "$data/target.d" -o target-sem.o || fail "dtrace -G target.d"
gcc -O2 -I. "$data/target.c" target-sem.o -o target || fail "build target"
prog=$(realpath target)

# opens NAME SCRIPT: run SCRIPT against a fresh target with -p under strace;
# prints "OPENS LINE" (the program file's openat count, dtrace's first line:
# more hits may follow before the exit takes effect)
opens () {
  local name=$1 script=$2
  # the probes' links are made one after another, and the target goes on
  # as soon as tgt:::ready's semaphore is up: it waits 200 ms more, or its
  # ticks (1 ns each while not yet traced) could all run before tick's link
  TGT_SETTLE_MS=200 ./target 1000000 wait 2>/dev/null &
  local tp=$!
  strace -f -qq -e trace=openat -o "$name.strace" \
    "$DTRACE" -q -n "$script" -p $tp >"$name.out" 2>"$name.err"
  wait $tp
  printf '%s %s\n' "$(grep -c "\"$prog\"" "$name.strace")" "$(head -1 "$name.out")"
}

ready='tgt$target:::ready { }'
got=$(opens untyped "$ready tgt\$target:::tick { printf(\"%d\\n\", arg0 >= 0); exit(0); }")
n=${got%% *}
if [ "$n" -ge 1 ] && [ "$n" -le 2 ] && [ "${got#* }" = 1 ]; then
  ok "-p, arg0: the program's file opened once for notes and symbols (+1 for the site bytes): $n"
else
  fail "-p, arg0: the program's file opened once for notes and symbols (+1 for the site bytes)"
  printf '    got: %s\n' "$got"; grep "\"$prog\"" untyped.strace | sed 's/^/    /'; sed 's/^/    /' untyped.err
fi

got=$(opens typed "$ready tgt\$target:::tick { printf(\"%d %s\\n\", args[0] >= 0, copyinstr(args[2])); exit(0); }")
m=${got%% *}
if [ "$m" = "$n" ] && [[ "${got#* }" =~ ^1\ (alpha|beta|gamma)$ ]]; then
  ok "-p, args[N] typed from the notes: no more opens of the program's file ($m)"
else
  fail "-p, args[N] typed from the notes: no more opens of the program's file"
  printf '    got: %s (untyped: %s opens)\n' "$got" "$n"; grep "\"$prog\"" typed.strace | sed 's/^/    /'
  sed 's/^/    /' typed.err
fi

done_testing
