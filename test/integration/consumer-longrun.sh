#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-longrun.sh — long runs stay bounded (issue 18): `-o FILE` appends;
# SIGHUP reopens the -o file (rename it, send SIGHUP, later output goes to a
# new FILE, nothing lost or repeated); and a soak: `tick-1s { printa(@);
# trunc(@); }` over about 1000 new keys a second of four aggregations (integer,
# string, quantize and ustack keys) for a minute, as text and as JSON at once,
# with dtrace's RSS flat: the last samples at most 1 MiB above those after
# the warm-up (a leak of 25 bytes per key would pass that).  The hour-long
# figure is bench/soak (bench/README.md).
. "$SRCDIR/test/lib.sh"
data=$SRCDIR/test/integration/data
"$DTRACE" -h -s "$data/jsonmix.d" -o jsonmix.h || fail "dtrace -h jsonmix.d"
"$DTRACE" -G -s "$data/jsonmix.d" -o jsonmix-sem.o || fail "dtrace -G jsonmix.d"
gcc -O0 -fno-omit-frame-pointer -I. "$data/jsonmix.c" jsonmix-sem.o -o jsonmix || fail "build jsonmix"

# wait_for SECONDS CMD...: until CMD succeeds (polling), at most SECONDS
wait_for () {
  local n=$(( $1 * 20 )); shift
  until "$@"; do
    n=$((n - 1)); [ $n -gt 0 ] || return 1
    sleep 0.05
  done
}
lines_at_least () { [ -f "$1" ] && [ "$(wc -l < "$1")" -ge "$2" ]; }

# --- -o FILE appends, in text and in JSON
printf 'kept\n' > app.out
"$DTRACE" -q -o app.out -n 'BEGIN { printf("first\n"); exit(0); }' 2>/dev/null
"$DTRACE" -q -x oformat=json -o app.out -n 'BEGIN { printf("second\n"); exit(0); }' 2>/dev/null
check_eq "-o FILE appends (DTrace's behaviour), text then JSON" \
  "$(sed -n 1,3p app.out; sed -n 4p app.out | grep -o '"text":"second\\n"')" "$(printf 'kept\nfirst\n\n"text":"second\\n"')"

# --- output to a pipe is block-buffered but still arrives while dtrace runs
# (flushed at every poll), in order; the reader stays open until dtrace ends
mkfifo live.fifo
"$DTRACE" -q -n 'BEGIN { i = 0; } tick-20ms { printf("%d\n", i); i++; }' > live.fifo 2> live.err &
dpid=$!
exec 3< live.fifo
live=
for n in 1 2 3 4 5; do IFS= read -r -t 30 -u 3 line && live+="$line "; done
running=no; kill -0 $dpid 2>/dev/null && running=yes
kill -INT $dpid
cat <&3 >/dev/null
wait $dpid
rc=$?
exec 3<&-
check_eq "stdout to a pipe: the first lines arrive while dtrace still runs" "$running $live" "yes 0 1 2 3 4 "
check_eq "stdout to a pipe: exit 0 on SIGINT, no error" "$rc $(cat live.err)" "0 "

# --- SIGHUP reopens the -o file
"$DTRACE" -q -o hup.log -n 'BEGIN { i = 0; } tick-20ms { printf("%d\n", i); i++; }' 2> hup.err &
dpid=$!
wait_for 30 lines_at_least hup.log 5 || fail "dtrace -o hup.log wrote nothing in 30 s"
mv hup.log hup.log.1
kill -HUP $dpid
wait_for 30 lines_at_least hup.log 5 || fail "no new hup.log within 30 s of SIGHUP"
kill -INT $dpid
wait $dpid
rc=$?
check_eq "dtrace survives SIGHUP and exits 0 on SIGINT" "$rc" 0
old=$(grep -c . hup.log.1); new=$(grep -c . hup.log)
seq_all=$(cat hup.log.1 hup.log | grep .)
check "SIGHUP: the renamed file holds the output before it ($old lines), the new file what follows ($new lines)" \
  test "$old" -ge 5 -a "$new" -ge 5
check_eq "SIGHUP: nothing lost or repeated across the two files" "$seq_all" "$(seq 0 $((old + new - 1)))"
check_eq "SIGHUP: no error" "$(cat hup.err)" ""

# --- the soak
cat > soak.d <<'X'
jsonmix$target:::item
{
	@k[arg0] = count();
	@n[copyinstr(arg1), arg0 % 97] = sum(arg0);
	@q[arg0 % 13] = quantize(arg0);
	@st[ustack(2), arg0 % 7] = count();
}

tick-1s
{
	printa(@k); printa(@n); printa(@q); printa(@st);
	trunc(@k); trunc(@n); trunc(@q); trunc(@st);
}
X
sanitized=false
grep -q '^SAN_CFLAGS = .*-fsanitize' "$BUILDDIR/Makefile" 2>/dev/null && sanitized=true
secs=64
$sanitized && secs=15
"$DTRACE" -q -s soak.d -c './jsonmix 1000000000 1000' > soak.txt 2> soak-txt.err &
tpid=$!
"$DTRACE" -q -x oformat=json -s soak.d -c './jsonmix 1000000000 1000' > soak.json 2> soak-json.err &
jpid=$!
: > rss.txt
for ((t = 1; t <= secs / 4; t++)); do
  sleep 4
  echo "$((t * 4)) $(awk '/^VmRSS/ { print $2 }' /proc/$tpid/status) $(awk '/^VmRSS/ { print $2 }' /proc/$jpid/status)" >> rss.txt
done
kill -INT $tpid $jpid
wait $tpid; trc=$?
wait $jpid; jrc=$?
check_eq "soak: both runs end with status 0 on SIGINT" "$trc $jrc" "0 0"
check_eq "soak: no drops or errors" "$(cat soak-txt.err soak-json.err)" ""
python3 - soak.json rss.txt "$sanitized" "$secs" <<'PY'
import json, sys
def ok(cond, desc, detail=""):
    print(("ok - " if cond else "not ok - ") + desc)
    if not cond and detail:
        print("  " + str(detail))
keys, most, ticks = set(), 0, 0
for l in open(sys.argv[1]):
    o = json.loads(l)
    if o["type"] != "probe":
        continue
    for a in o["output"]:
        if a["action"] == "printa" and a["aggregations"][0]["name"] == "k":
            ticks += 1
            e = a["aggregations"][0]["entries"]
            most = max(most, len(e))
            keys.update(x["keys"][0] for x in e)
secs = int(sys.argv[4])
ok(ticks >= secs / 2 and len(keys) >= 120 * secs, "soak: %d printa of @k, %d distinct keys in all" % (ticks, len(keys)))
ok(most < len(keys) / 4, "soak: trunc empties each second (at most %d keys in one printa)" % most)
rss = [list(map(int, l.split())) for l in open(sys.argv[2])]
if sys.argv[3] == "true":
    ok(True, "soak: RSS bounds are checked by the unsanitized build (ASan's quarantine grows by design)")
else:
    for col, what in ((1, "text"), (2, "JSON")):
        early = max(r[col] for r in rss if 8 <= r[0] <= 20)
        late = max(r[col] for r in rss if r[0] >= rss[-1][0] - 8)
        ok(late - early <= 1024, "soak (%s): RSS flat, %d KiB after the warm-up, %d KiB at the end" % (what, early, late),
           [r[0:1] + r[col:col + 1] for r in rss])
PY
done_testing
