#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-launchers.sh — -c CMD where CMD is no ELF program (issue 28
# item 4): a #! launcher that execs the probed program, a pyenv-style shim
# chain (a script that execs a script that execs it), by absolute and by
# relative path; $target's USDT probes are those of the program the chain
# ends in.  A launcher that never execs an ELF program runs on: its
# descriptions match nothing (an error, or nothing traced under -Z).
. "$SRCDIR/test/lib.sh"
data=$SRCDIR/test/integration/data
"$DTRACE" -h -s "$data/target.d" -o target.h || fail "dtrace -h target.d"
"$DTRACE" -G -s "$data/target.d" -o target-sem.o || fail "dtrace -G target.d"
gcc -O2 -I. "$data/target.c" target-sem.o -o target || fail "build target"
printf '#!/bin/sh\nexec %s/target "$@"\n' "$T" >run.sh
printf '#!/bin/sh\n# a pyenv-style shim: on to the next launcher\nexec %s/shim2 "$@"\n' "$T" >shim1
printf '#!/bin/sh\ncd %s && exec ./target "$@"\n' "$T" >shim2
printf '#!/bin/sh\n%s/target "$@"\nsleep 3\n' "$T" >child.sh
chmod +x run.sh shim1 shim2 child.sh

# --- a #! launcher: the count of the program it execs
"$DTRACE" -q -n 'tgt$target:::tick { @ = count(); }' -c './run.sh 5' >run.out 2>run.err
check_eq "-c ./run.sh (exec target): tgt\$target:::tick counted" "$(cat run.out)" "$(printf '\n%17s' 5)"
check_eq "... the program ran with its arguments" "$(cat run.err)" "done 5 14 ready=0"

# --- a shim chain: script -> script -> ./target (a relative exec)
"$DTRACE" -q -n 'tgt$target:::tick { printf("%d %d %s\n", arg0, pid == $target, copyinstr(arg2)); }' \
  -c "$T/shim1 4" >shim.out 2>shim.err
check_eq "-c shim1 -> shim2 -> ./target: every tick of \$target, in order" "$(cat shim.out)" \
  "$(printf '0 1 alpha\n1 1 beta\n2 1 gamma\n3 1 alpha')"
check_eq "... the program ran" "$(cat shim.err)" "done 4 14 ready=0"
"$DTRACE" -n 'tgt$target:::tick' -c "$T/shim1 2" >n.out 2>n.err
check_eq "... not quiet: the matched notice names the probes of the program" "$(head -1 n.err)" \
  "dtrace: description 'tgt\$target:::tick' matched 1 probe"
check_eq "... the exit notice names the launcher's pid (it keeps it through its execs)" \
  "$(tail -1 n.err | sed -E 's/[0-9]+/N/')" "dtrace: pid N has exited"

# --- a launcher that runs the program as a child: no ELF exec of $target
"$DTRACE" -q -n 'tgt$target:::tick { @ = count(); }' -c './child.sh 5' >ch.out 2>ch.err
st=$?
check_eq "a launcher that execs no ELF program: its descriptions match nothing (exit 1)" \
  "$st $(grep dtrace: ch.err | sed -E 's/tgt[0-9]+/tgtPID/')" \
  "1 dtrace: invalid probe specifier tgt\$target:::tick { @ = count(); }: line 1: probe description tgtPID:::tick does not match any probes"
"$DTRACE" -Z -q -n 'tgt$target:::tick { @ = count(); } END { printf("end\n"); }' -c './child.sh 5' >chz.out 2>chz.err
st=$?
check_eq "... with -Z it runs to its end, nothing traced (exit 0)" "$st $(cat chz.out)" "0 end"
