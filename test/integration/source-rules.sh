#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# source-rules.sh — the layout rules of doc/design.md, checked on the tree:
# the compiler's archive references no libbpf function and makes no system
# call; consumer/compile/ and consumer/probes/ include no runtime header;
# the D front end's headers include each other without a cycle; no source
# file over 1,500 lines; no function over 200 lines; every source file is
# listed in Makefile.am.
. "$SRCDIR/test/lib.sh"

folders="common sdt dlang provider-compiler dtrace-g consumer frontend"

lib=$BUILDDIR/consumer/compile/libdcompile.a
if [ -f "$lib" ]; then
  bad=$(nm -u "$lib" | awk '{ print $NF }' | grep -E '^(bpf_|libbpf_|syscall$|ioctl$|perf_event_open$)' | sort -u | tr '\n' ' ')
  if [ -z "$bad" ]; then ok "libdcompile.a references no libbpf function and no system call"
  else fail "libdcompile.a references: $bad"; fi
else
  fail "libdcompile.a is not built ($lib)"
fi

# every source file is listed in Makefile.am: a header missing from its
# SOURCES builds in the tree but not from the tarball (make distcheck)
unlisted=$(cd "$SRCDIR" && for d in $folders; do find "$d" -name '*.[ch]'; done | sort |
           while read -r f; do grep -qF "$f" Makefile.am || printf '%s ' "$f"; done)
if [ -z "$unlisted" ]; then ok "every source file of $folders is listed in Makefile.am"
else fail "not listed in Makefile.am (missing from the tarball): $unlisted"; fi

bad=$(cd "$SRCDIR" && grep -l '#include "consumer/runtime/' consumer/compile/*.[ch] consumer/probes/*.[ch] 2>/dev/null | tr '\n' ' ')
if [ -z "$bad" ]; then ok "consumer/compile/ and consumer/probes/ include no consumer/runtime/ header"
else fail "runtime headers included by: $bad"; fi

cycle=$(cd "$SRCDIR" && python3 - <<'EOF'
import glob, re
g = {f: [m for m in re.findall(r'#include "(dlang/[^"]+)"', open(f).read())]
     for f in glob.glob('dlang/*.h')}
state = {}
def visit(n, path):
    state[n] = 1
    for m in g.get(n, []):
        if state.get(m) == 1:
            print(' -> '.join(path[path.index(m):] + [m])); raise SystemExit
        if m not in state:
            visit(m, path + [m])
    state[n] = 2
for f in sorted(g):
    if f not in state:
        visit(f, [f])
EOF
)
if [ -z "$cycle" ]; then ok "no include cycle among dlang/ headers"
else fail "dlang/ include cycle: $cycle"; fi

long=$(cd "$SRCDIR" && find $folders -name '*.[ch]' -exec wc -l {} + | awk '$2 != "total" && $1 > 1500 { print $2 " (" $1 ")" }' | tr '\n' ' ')
if [ -z "$long" ]; then ok "no source file over 1500 lines"
else fail "source files over 1500 lines: $long"; fi

# a function runs from a line "{" in column 0 to the next "}" in column 0
longfn=$(cd "$SRCDIR" && find $folders -name '*.c' -exec awk '
  /^\{/ { start = FNR }
  /^\}/ && start { if (FNR - start > 200) print FILENAME ":" start " (" FNR - start " lines)"; start = 0 }
  ' {} + | tr '\n' ' ')
if [ -z "$longfn" ]; then ok "no function over 200 lines"
else fail "functions over 200 lines: $longfn"; fi

done_testing
