#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# scripts-runtimes.sh — the language-runtime scripts of scripts/ run by their
# #! line against Debian's own interpreters with known programs:
#  - pygc.d and pyimport.d on python3.11 (gc-start/gc-done,
#    import-find-load-start/-done);
#  - rballocs.d on ruby 3.1 (libruby's object-create and string-create);
#  - jvmevents.d on OpenJDK 17 (libjvm's gc-begin/gc-end, thread-start/-stop),
#    attached with -p to a JVM that waits for the tracer.
. "$SRCDIR/test/lib.sh"
data=$SRCDIR/test/integration/data
scripts=$SRCDIR/scripts
PATH=$BUILDDIR:$PATH

for s in pygc pyimport rballocs jvmevents; do
  check "scripts/$s.d is executable with the dtrace -qs interpreter line" \
    sh -c "test -x '$scripts/$s.d' && head -1 '$scripts/$s.d' | grep -qx '#!/usr/bin/env -S dtrace -qs'"
  check "scripts/$s.d has a usage line" grep -q '^ \* Usage: ' "$scripts/$s.d"
done

# --- Python 3.11
py=/usr/bin/python3.11
if [ -x "$py" ] && readelf -n "$py" | grep -q gc__start; then
  # automatic collection off; a full collection of 100 self-referencing
  # lists, then 3 empty generation-0 collections
  cat >gc.py <<'PY'
import gc
gc.disable()
gc.collect()
for i in range(100):
    l = []
    l.append(l)
del l
gc.collect()
for i in range(3):
    gc.collect(0)
print("done")
PY
  "$scripts/pygc.d" -c "$py $T/gc.py" >gc.out 2>gc.err
  check_eq "pygc.d: exit status 0" "$?" 0
  check_match "pygc.d: header first" "$(head -1 gc.out)" '^GEN +COLLECTED +TIME\(us\)$'
  seq=$(awk '/^ +[0-9] +[0-9]+ +[0-9]+$/ { print $1 ":" $2 }' gc.out | tr '\n' ' ')
  check_match "pygc.d: the full collection of the 100 lists, then 3 empty generation-0 ones" "$seq" \
    '(^| )2:100 0:0 0:0 0:0 '
  n0=$(sed -n 's/^  0 \{1,\}\([0-9]*\) \{1,\}[0-9]*$/\1/p' gc.out | tail -1)
  check "pygc.d: the summary counts at least the 3 generation-0 collections (${n0:-none})" test "${n0:-0}" -ge 3
  check_match "pygc.d: a histogram for generation 2" "$(cat gc.out)" '^ +2 *$'
  check_eq "pygc.d: no dtrace error" "$(cat gc.err)" ""

  printf 'import json\ntry:\n    import sdtkit_no_such_module\nexcept ImportError:\n    pass\nimport csv\n' >imp.py
  "$scripts/pyimport.d" -c "$py -S $T/imp.py" >imp.out 2>imp.err
  check_match "pyimport.d: header first" "$(head -1 imp.out)" '^ +TIME\(us\) FOUND  MODULE$'
  mods=$(sed -n 's/^ *[0-9]\{1,\} \{1,\}\([01]\)  /\1 /p' imp.out)
  check_match "pyimport.d: json found, at the outermost level" "$mods" '^1 json$'
  check_match "pyimport.d: json.decoder inside it (one level in)" "$mods" '^1   json\.decoder$'
  check_match "pyimport.d: the missing module not found (0)" "$mods" '^0 sdtkit_no_such_module$'
  check_match "pyimport.d: csv found, with _csv inside" "$(printf '%s\n' "$mods" | grep -B1 '^1 csv$')" '^1   _csv$'
  check_eq "pyimport.d: json's submodules come before json (done after them)" \
    "$(printf '%s\n' "$mods" | grep -n '^1 json$\|^1   json.decoder$' | cut -d: -f2 | tr '\n' ,)" "1   json.decoder,1 json,"
  check_eq "pyimport.d: the count of modules loaded is the number of lines" \
    "$(sed -n 's/^modules loaded: //p' imp.out)" "$(printf '%s\n' "$mods" | grep -c .)"
  check_eq "pyimport.d: no dtrace error" "$(cat imp.err)" ""
else
  skip "python3.11 with USDT probes not installed (Debian: python3.11)"
fi

# --- Ruby 3.1
rb=/usr/bin/ruby3.1
librb=/usr/lib/x86_64-linux-gnu/libruby-3.1.so.3.1
if [ -x "$rb" ] && [ -f "$librb" ] && readelf -n "$librb" | grep -q object__create; then
  cat >kit.rb <<'RB'
class Kit
end
kits = []
25.times { kits << Kit.new }
p kits.size
RB
  "$scripts/rballocs.d" -c "$rb --disable-gems $T/kit.rb" "$librb" >rb.out 2>rb.err
  check_eq "rballocs.d: exit status 0" "$?" 0
  check_match "rballocs.d: banner" "$(head -1 rb.out)" '^Tracing Ruby allocations of pid [0-9]+\.\.\.$'
  check_match "rballocs.d: 25 Kit objects made at kit.rb line 4" "$(cat rb.out)" "^Kit +$T/kit\\.rb +4 +25\$"
  check_match "rballocs.d: Kit's total 25 in the by-class table" "$(sed -n '/^CLASS  *COUNT$/,$p' rb.out)" '^Kit +25$'
  check_eq "rballocs.d: no dtrace error" "$(grep -v '^25$' rb.err)" ""
else
  skip "ruby 3.1 with USDT probes not installed (Debian: ruby3.1)"
fi

# --- OpenJDK 17
jdk=/usr/lib/jvm/java-17-openjdk-amd64
if [ -x "$jdk/bin/javac" ] && readelf -n "$jdk/lib/server/libjvm.so" | grep -q gc__begin; then
  "$jdk/bin/javac" -encoding UTF-8 -d "$T" "$data/KitJvm.java" >javac.out 2>&1 || { fail "javac KitJvm.java"; sed 's/^/    /' javac.out; }
  "$jdk/bin/java" -Xmx64m -XX:TieredStopAtLevel=1 -cp "$T" KitJvm "$T/go" 2>jvm.err & j=$!
  for i in $(seq 300); do grep -q '^pid=' jvm.err && break; sleep 0.05; done
  "$scripts/jvmevents.d" -p "$j" >jvm.out 2>jvm.derr & d=$!
  wait_attached $d || fail "jvmevents.d attached"
  touch "$T/go"
  wait $j; wait $d
  check_match "jvmevents.d: banner names the pid" "$(head -1 jvm.out)" "^Tracing JVM $j: GC and threads\\.\\.\\."
  check_eq "jvmevents.d: 3 full collections (System.gc())" "$(grep -cE '^[0-9]{4} .* gc +full, [0-9]+ us$' jvm.out)" 3
  for i in 0 1 2 3; do
    check_eq "jvmevents.d: kit-worker-$i started once and stopped once, the same thread" \
      "$(sed -n "s/^.* \\(thread-st[a-z]*\\) *\"kit-worker-$i\" java tid \\([0-9]*\\), os tid \\([0-9]*\\)\$/\\1 \\2 \\3/p" jvm.out | awk '{print $1; t[$2 " " $3]++} END {print length(t)}' | tr '\n' ' ')" \
      "thread-start thread-stop 1 "
  done
  check_match "jvmevents.d: the summary counts 3 full GCs" "$(cat jvm.out)" '^full +3 +[0-9]+$'
  check_match "jvmevents.d: the summary counts at least the 4 thread starts" "$(cat jvm.out)" '^thread-start +([4-9]|[1-9][0-9]+)$'
  check_eq "jvmevents.d: no dtrace error" "$(cat jvm.derr)" ""
else
  skip "OpenJDK 17 with HotSpot USDT probes not installed (Debian: openjdk-17-jdk-headless)"
fi
done_testing
