#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-openmetrics.sh — the aggregations for a monitoring system
# (consumer/output/openmetrics.h, consumer/runtime/metrics-export.c,
# metrics-server.h).  A traced program (data/mload.{c,d}) makes requests
# keyed by a string command (one with quotes and a backslash) and an
# integer class; dtrace keeps count(), sum(), max() and quantize() of them
# with -x oformat=openmetrics -o FILE (rewritten every 50 ms) and
# -x metrics=127.0.0.1:PORT at once.  While the requests run, a reader
# reads the file over and over: every copy must be whole (each line a
# comment or a sample, the last "# EOF").  Once they are done: the file
# and GET /metrics pass `promtool check metrics` and hold exactly what the
# program did (counters, sums, maxima, cumulative buckets, _sum, _count);
# a Prometheus server of our own (own config, storage and port) scrapes
# the endpoint and answers a query of the counter and a
# histogram_quantile() of the histogram with the values the buckets give.
# Then the file's last version at exit, -x oformat=openmetrics without -o
# (the text at the end on stdout), and bad addresses, a port in use and an
# unwritable file: one line, exit 1.  Last, scripts/mcmetrics.d run by its
# #! line on the memcached sample, exporting both ways at once.
. "$SRCDIR/test/lib.sh"
data=$SRCDIR/test/integration/data
for tool in promtool prometheus curl python3; do
  command -v $tool >/dev/null || { skip "$tool is not installed (Debian: prometheus, curl)"; done_testing; }
done
"$DTRACE" -h -s "$data/mload.d" -o mload.h || fail "dtrace -h mload.d"
"$DTRACE" -G -s "$data/mload.d" -o mload-sem.o || fail "dtrace -G mload.d"
gcc -O2 -I. "$data/mload.c" mload-sem.o -o mload || fail "build mload"

free_port () { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
N=1500
cat > load.d <<'X'
mload$target:::request
{
	@requests[copyinstr(arg0), arg1] = count();
	@payload[copyinstr(arg0)] = sum(arg2);
	@slowest[copyinstr(arg0)] = max(arg3);
	@latency[copyinstr(arg0)] = quantize(arg3);
}
X
mport=$(free_port)
"$DTRACE" -q -x oformat=openmetrics -o "$T/m.prom" -x aggrate=50ms -x metrics=127.0.0.1:$mport -s load.d \
  -c "./mload $N 1000 $T/done $T/stop" > run.out 2> run.err &
dpid=$!

# the reader: every copy of the file whole, until the program is done
python3 - "$T/m.prom" "$T/done" > reader.out <<'PY'
import os, re, sys, time
path, done = sys.argv[1:3]
sample = re.compile(r'^[a-zA-Z_:][a-zA-Z0-9_:]*(\{[^}]*\})? -?[0-9.e+]+$')
reads = bad = changes = 0
last = None
deadline = time.time() + 60
while time.time() < deadline:
    finished = os.path.exists(done)
    try:
        text = open(path).read()
    except FileNotFoundError:
        time.sleep(0.002)
        continue
    reads += 1
    lines = text.split("\n")
    whole = text.endswith("# EOF\n") and all(l.startswith("# ") or sample.match(l) for l in lines[:-1])
    if not whole:
        bad += 1
        if bad == 1:
            print("  a copy not whole: %r" % text[-300:])
    if text != last:
        changes += 1
        last = text
    if finished:
        break
    time.sleep(0.001)
print("reads %d bad %d changes %d" % (reads, bad, changes))
PY
read -r _ reads _ bad _ changes < <(tail -1 reader.out)
if [ "${bad:-1}" = 0 ] && [ "${reads:-0}" -gt 50 ] && [ "${changes:-0}" -gt 5 ]; then
  ok "the metrics file, read $reads times while it was rewritten ($changes versions), was whole each time"
else
  fail "the metrics file was whole at every read"; sed 's/^/    /' reader.out | head -20
fi
[ -e done ] || fail "the traced program finished its requests"
# settled FILE MARK: wait (at most 10 s each) for a version of FILE written
# after MARK was made, then for the one after it, which was read from the
# maps after the first was written: it holds everything done before MARK
newer_than () {
  local n=200
  while [ $n -gt 0 ] && ! [ "$1" -nt "$2" ]; do sleep 0.05; n=$((n - 1)); done
  [ "$1" -nt "$2" ] || fail "a version of $1 newer than $2 within 10 s"
}
settled () { newer_than "$1" "$2"; touch "$2.next"; newer_than "$1" "$2.next"; }
settled m.prom done
cp m.prom m1.prom
check "promtool check metrics passes on the file" sh -c 'promtool check metrics < m1.prom'
curl -s -o http.prom -D http.hdr "http://127.0.0.1:$mport/metrics" || fail "GET /metrics"
check "promtool check metrics passes on GET /metrics" sh -c 'promtool check metrics < http.prom'
check_match "GET /metrics: 200, Content-Type text/plain; version=0.0.4" "$(cat http.hdr)" \
  '^HTTP/1.1 200 OK.*$|Content-Type: text/plain; version=0.0.4'

# an idle client holds a slot, not the server; a request head over 8 KiB
# is refused; other paths are 404
python3 - "$mport" > http-bounds.out <<'PY'
import socket, sys, time
port = int(sys.argv[1])
idle = socket.create_connection(("127.0.0.1", port))
idle.sendall(b"GET /metr")
t = time.time()
s = socket.create_connection(("127.0.0.1", port), timeout=5)
s.sendall(b"GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n")
data = b""
while True:
    d = s.recv(65536)
    if not d:
        break
    data += d
print("scrape %s %.2f" % (data.split(b"\r\n")[0].decode(), time.time() - t))
big = socket.create_connection(("127.0.0.1", port), timeout=5)
try:
    big.sendall(b"GET /metrics HTTP/1.1\r\nX: " + b"a" * 20000 + b"\r\n\r\n")
except OSError:
    pass
print("big %s" % big.recv(100).split(b"\r\n")[0].decode())
nf = socket.create_connection(("127.0.0.1", port), timeout=5)
nf.sendall(b"GET /other HTTP/1.0\r\n\r\n")
print("other %s" % nf.recv(100).split(b"\r\n")[0].decode())
PY
read -r _ a b _ secs < <(grep "^scrape" http-bounds.out)
check "GET /metrics answered at once beside an idle client ($a $b, ${secs:-?} s)" \
  sh -c "[ '$a $b' = 'HTTP/1.1 200' ] && python3 -c 'import sys; sys.exit(0 if float(\"${secs:-9}\") < 1 else 1)'"
check_eq "a request head over 8 KiB: 431" "$(sed -n 's/^big //p' http-bounds.out)" "HTTP/1.1 431 Request Header Fields Too Large"
check_eq "another path: 404" "$(sed -n 's/^other //p' http-bounds.out)" "HTTP/1.1 404 Not Found"

# the values: what mload did
cat > expect.py <<'PY'
import re, sys
N = int(sys.argv[1])
commands = ["get", "set", 'odd "quoted" \\ name']
def esc(s):
    return s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
def parse(path):
    out, types = {}, {}
    for l in open(path).read().split("\n"):
        m = re.match(r'^# TYPE (\S+) (\S+)$', l)
        if m:
            types[m.group(1)] = m.group(2)
        if not l or l.startswith("#"):
            continue
        name_labels, value = l.rsplit(" ", 1)
        out[name_labels] = float(value)
    return out, types
def expected():
    e = {}
    lat = {}
    for i in range(N):
        c, k, size, l = commands[i % 3], i % 2, (i % 7) * 100 + 1, (i % 10) * 100 + 5
        key = 'dtrace_requests_total{key0="%s",key1="%d"}' % (esc(c), k)
        e[key] = e.get(key, 0) + 1
        key = 'dtrace_payload_total{key0="%s"}' % esc(c)
        e[key] = e.get(key, 0) + size
        key = 'dtrace_slowest{key0="%s"}' % esc(c)
        e[key] = max(e.get(key, 0), l)
        lat.setdefault(c, []).append(l)
    return e, lat
def upper(b):   # quantize row b's inclusive upper bound (power-of-two rows)
    return 0 if b == 0 else 2 ** b - 1
def check(path, label):
    got, types = parse(path)
    want, lat = expected()
    bad = [(k, got.get(k), v) for k, v in want.items() if got.get(k) != v]
    for c, ls in lat.items():
        lab = 'key0="%s"' % esc(c)
        if got.get("dtrace_latency_sum{%s}" % lab) != sum(ls): bad.append(("sum", c, got.get("dtrace_latency_sum{%s}" % lab), sum(ls)))
        if got.get("dtrace_latency_count{%s}" % lab) != len(ls): bad.append(("count", c))
        if got.get('dtrace_latency_bucket{%s,le="+Inf"}' % lab) != len(ls): bad.append(("+Inf", c))
        for b in range(0, 12):
            le = upper(b)
            k = 'dtrace_latency_bucket{%s,le="%d"}' % (lab, le)
            if k in got and got[k] != sum(1 for v in ls if v <= le): bad.append((k, got[k]))
        if 'dtrace_latency_bucket{%s,le="1023"}' % lab not in got or 'dtrace_latency_bucket{%s,le="3"}' % lab not in got:
            bad.append(("rows 3 (one below the lowest) .. 1023 (the highest)", c))
    tw = {"dtrace_requests_total": "counter", "dtrace_payload_total": "counter", "dtrace_slowest": "gauge",
          "dtrace_latency": "histogram"}
    if any(types.get(k) != v for k, v in tw.items()): bad.append(("types", types))
    extra = [k for k in got if not k.startswith("dtrace_latency") and k not in want]
    if extra: bad.append(("unexpected samples", extra[:5]))
    print(("ok - " if not bad else "not ok - ") + label + ": the values are what the program did (%d samples)" % len(got))
    for b in bad[:10]:
        print("    " + str(b))
# Prometheus' histogram_quantile over cumulative buckets [(le, count)]
def quantile(q, buckets):
    buckets = sorted(buckets)
    total = buckets[-1][1]
    rank = q * total
    i = next(j for j, (le, c) in enumerate(buckets) if c >= rank)
    if i == len(buckets) - 1:
        return buckets[-2][0]
    end, c = buckets[i]
    if i == 0 and end <= 0:
        return end
    start, prev = (0, 0) if i == 0 else buckets[i - 1]
    return start + (end - start) * ((rank - prev) / (c - prev))
if __name__ == "__main__":
    if sys.argv[2] == "quantile":
        got, _ = parse(sys.argv[3])
        bk = []
        for k, v in got.items():
            m = re.match(r'^dtrace_latency_bucket\{key0="get",le="([^"]+)"\}$', k)
            if m:
                bk.append((float(m.group(1)), v))
        print(repr(quantile(float(sys.argv[4]), bk)))
    else:
        check(sys.argv[3], sys.argv[2])
PY
python3 expect.py $N "the file" m1.prom
python3 expect.py $N "GET /metrics" http.prom
check_match "HELP names the script and line" "$(grep '^# HELP dtrace_latency ' http.prom)" \
  '^# HELP dtrace_latency quantize\(\) of @latency, script load.d line 6$'

# a Prometheus of our own scrapes the endpoint
pport=$(free_port)
cat > prom.yml <<X
global:
  scrape_interval: 1s
  scrape_timeout: 1s
scrape_configs:
  - job_name: dtrace
    static_configs:
      - targets: ['127.0.0.1:$mport']
X
prometheus --config.file=prom.yml --storage.tsdb.path="$T/tsdb" --web.listen-address=127.0.0.1:$pport \
  --log.level=error > prom.log 2>&1 &
prompid=$!
query () { curl -s "http://127.0.0.1:$pport/api/v1/query" --data-urlencode "query=$1"; }
value () { python3 -c 'import json, sys
r = json.load(sys.stdin)["data"]["result"]
print(r[0]["value"][1] if r else "")' 2>/dev/null; }
want_get0=$(python3 -c "print(len([i for i in range($N) if i % 3 == 0 and i % 2 == 0]))")
got=""
for _ in $(seq 1 100); do
  got=$(query 'dtrace_requests_total{key0="get",key1="0"}' | value)
  [ -n "$got" ] && break
  sleep 0.2
done
check_eq "Prometheus scraped the endpoint: dtrace_requests_total{key0=\"get\",key1=\"0\"}" "$got" "$want_get0"
want_q=$(python3 expect.py $N quantile http.prom 0.5)
got_q=$(query 'histogram_quantile(0.5, dtrace_latency_bucket{key0="get"})' | value)
check "Prometheus: histogram_quantile(0.5, dtrace_latency_bucket{key0=\"get\"}) is $want_q (got $got_q)" \
  python3 -c "import sys; sys.exit(0 if '$got_q' and abs(float('$got_q') - $want_q) < 1e-6 else 1)"
got_q9=$(query 'histogram_quantile(0.9, dtrace_latency_bucket{key0="get"})' | value)
want_q9=$(python3 expect.py $N quantile http.prom 0.9)
check "Prometheus: histogram_quantile(0.9, ...) is $want_q9 (got $got_q9)" \
  python3 -c "import sys; sys.exit(0 if '$got_q9' and abs(float('$got_q9') - $want_q9) < 1e-6 else 1)"
got_sum=$(query 'dtrace_latency_sum{key0="get"} / dtrace_latency_count{key0="get"}' | value)
want_mean=$(python3 -c "ls = [(i % 10) * 100 + 5 for i in range($N) if i % 3 == 0]; print(sum(ls) / len(ls))")
check "Prometheus: _sum / _count is the exact mean $want_mean (got $got_sum)" \
  python3 -c "import sys; sys.exit(0 if '$got_sum' and abs(float('$got_sum') - $want_mean) < 1e-9 else 1)"
kill "$prompid" 2>/dev/null; wait "$prompid" 2>/dev/null

# a port in use: the one dtrace serves
"$DTRACE" -q -x metrics=127.0.0.1:$mport -n 'BEGIN { exit(0); }' > inuse.out 2> inuse.err; rc=$?
check_eq "a port in use: exit 1" "$rc" 1
check_match "... one line naming the address and the reason" "$(cat inuse.err)" \
  "^dtrace: failed to serve metrics at '127.0.0.1:$mport': Address already in use$"
check_eq "... and only that line" "$(wc -l < inuse.err)" 1

# the end: the program stops, dtrace writes the file a last time and exits 0
touch stop
wait "$dpid"; rc=$?
check_eq "dtrace exits 0 when the program ends" "$rc" 0
python3 expect.py $N "the file at exit" m.prom
check_eq "the file at exit ends with # EOF" "$(tail -1 m.prom)" "# EOF"
check_eq "no temp file is left beside it" "$(ls -a "$T" | grep 'm\.prom' | grep -vc '^m1\?\.prom$')" 0
check_match "the trace output (the aggregations at the end) goes to stdout as text" "$(cat run.out)" \
  '^  get +0 +[0-9]+$'

# no -o: the text on stdout at the end, in place of the aggregations
out=$("$DTRACE" -q -x oformat=openmetrics -n 'BEGIN { @hits["a"] = count(); @hits["b"] = count(); @hits["b"] = count(); @level[3] = min(-7); exit(0); }')
check_eq "-x oformat=openmetrics without -o: the text on stdout at the end" "$out" "$(printf '%s\n' \
  '# HELP dtrace_hits_total count() of @hits, the -n program line 1' '# TYPE dtrace_hits_total counter' \
  'dtrace_hits_total{key0="a"} 1' 'dtrace_hits_total{key0="b"} 2' \
  '# HELP dtrace_level min() of @level, the -n program line 1' '# TYPE dtrace_level gauge' \
  'dtrace_level{key0="3"} -7' '# EOF')"

out=$("$DTRACE" -q -x oformat=openmetrics -n 'BEGIN { @a["x"] = count(); @b["y"] = count(); @q["k"] = quantize(5); @lo["k"] = min(2); clear(@a); clear(@q); clear(@lo); trunc(@b); exit(0); }')
check_eq "clear(): the keys stay at 0 (a counter reset), a min NaN; trunc(): the keys are gone" "$out" "$(printf '%s\n' \
  '# HELP dtrace_a_total count() of @a, the -n program line 1' '# TYPE dtrace_a_total counter' \
  'dtrace_a_total{key0="x"} 0' \
  '# HELP dtrace_b_total count() of @b, the -n program line 1' '# TYPE dtrace_b_total counter' \
  '# HELP dtrace_q quantize() of @q, the -n program line 1' '# TYPE dtrace_q histogram' \
  'dtrace_q_bucket{key0="k",le="+Inf"} 0' 'dtrace_q_sum{key0="k"} 0' 'dtrace_q_count{key0="k"} 0' \
  '# HELP dtrace_lo min() of @lo, the -n program line 1' '# TYPE dtrace_lo gauge' \
  'dtrace_lo{key0="k"} NaN' '# EOF')"

# :PORT, every address: IPv4 and IPv6 (when the machine has it)
wport=$(free_port)
"$DTRACE" -q -x metrics=:$wport -n 'BEGIN { @up = count(); } tick-10s { exit(0); }' > wild.out 2> wild.err &
wpid=$!
for _ in $(seq 1 50); do curl -s -o wild4.prom "http://127.0.0.1:$wport/metrics" && break; sleep 0.1; done
check_match "-x metrics=:PORT answers on 127.0.0.1" "$(cat wild4.prom 2>/dev/null)" '^dtrace_up_total 1$'
if [ -e /proc/net/if_inet6 ] && python3 -c 'import socket; s = socket.socket(socket.AF_INET6); s.bind(("::1", 0))' 2>/dev/null; then
  curl -s -o wild6.prom "http://[::1]:$wport/metrics"
  check_match "-x metrics=:PORT answers on [::1]" "$(cat wild6.prom 2>/dev/null)" '^dtrace_up_total 1$'
fi
kill -INT $wpid; wait $wpid

# bad addresses, an unwritable file: one line, exit 1
for addr in nonsense 127.0.0.1: 127.0.0.1:65536 '::1:80' 192.0.2.1:9464; do
  "$DTRACE" -q -x metrics="$addr" -n 'BEGIN { exit(0); }' > bad.out 2> bad.err; rc=$?
  if [ $rc = 1 ] && [ "$(wc -l < bad.err)" = 1 ] && grep -q "^dtrace: failed to serve metrics at '$addr': " bad.err; then
    ok "-x metrics=$addr: one line, exit 1 ($(cat bad.err))"
  else
    fail "-x metrics=$addr: one line, exit 1"; sed 's/^/    /' bad.err; echo "    rc $rc"
  fi
done
"$DTRACE" -q -x oformat=openmetrics -o /nonexistent-dir/m.prom -n 'BEGIN { exit(0); }' > bad.out 2> bad.err; rc=$?
check_eq "an unwritable metrics file: exit 1" "$rc:$(wc -l < bad.err)" "1:1"
check_match "... naming the file" "$(cat bad.err)" "^dtrace: failed to write metrics file '/nonexistent-dir/m.prom': "

# scripts/mcmetrics.d by its #! line, on the memcached sample: the file
# and the endpoint at once, known commands, exact counts
mc=$BUILDDIR/samples/memcached/memcached
if [ ! -x "$mc" ]; then
  fail "scripts/mcmetrics.d: the memcached sample ($mc) was not built"
  done_testing
fi
mcport=$(free_port)
"$mc" -p "$mcport" -l 127.0.0.1 -U 0 -t 2 2> mc-server.err &
mcpid=$!
mport=$(free_port)
PATH=$BUILDDIR:$PATH "$SRCDIR/scripts/mcmetrics.d" -x oformat=openmetrics -o "$T/mc.prom" -x aggrate=100ms \
  -x metrics=127.0.0.1:$mport -p $mcpid > mcs.out 2> mcs.err &
mdpid=$!
wait_attached $mdpid 30 || fail "scripts/mcmetrics.d attached"
python3 - "$mcport" <<'PY' || fail "the memcached client"
import socket, sys
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=5)
f = s.makefile("rwb")
for i in range(10):
    f.write(b"set k%d 0 0 5\r\nhello\r\n" % i); f.flush(); assert f.readline() == b"STORED\r\n"
for i in range(15):
    f.write(b"get k%d\r\n" % i); f.flush()
    while f.readline() != b"END\r\n":
        pass
f.write(b"delete k1\r\n"); f.flush(); f.readline()
f.write(b"version\r\n"); f.flush(); f.readline()
PY
touch mc-done
settled mc.prom mc-done
curl -s -o mcs-http.prom "http://127.0.0.1:$mport/metrics" || fail "mcmetrics.d: GET /metrics"
for f in mc.prom mcs-http.prom; do
  check "scripts/mcmetrics.d: promtool check metrics passes ($f)" sh -c "promtool check metrics < $f"
  got=$(grep -E '^dtrace_(commands_total|gets_total|stored_value_size_(sum|count)|command_latency_count)' $f | sort)
  check_eq "scripts/mcmetrics.d: command counts, get hits and misses, stored sizes ($f)" "$got" "$(printf '%s\n' \
    'dtrace_command_latency_count{key0="delete"} 1' 'dtrace_command_latency_count{key0="get"} 15' \
    'dtrace_command_latency_count{key0="other"} 1' 'dtrace_command_latency_count{key0="set"} 10' \
    'dtrace_commands_total{key0="delete"} 1' 'dtrace_commands_total{key0="get"} 15' \
    'dtrace_commands_total{key0="other"} 1' 'dtrace_commands_total{key0="set"} 10' \
    'dtrace_gets_total{key0="hit"} 10' 'dtrace_gets_total{key0="miss"} 5' \
    'dtrace_stored_value_size_count 10' 'dtrace_stored_value_size_sum 70')"
done
kill -INT $mdpid; wait $mdpid; rc=$?
check_eq "scripts/mcmetrics.d: exit 0 on SIGINT" "$rc" 0
check_match "scripts/mcmetrics.d: prints the aggregations as usual at the end" "$(cat mcs.out)" '^  get +15$'
check_eq "scripts/mcmetrics.d: no error" "$(cat mcs.err)" ""
kill $mcpid 2>/dev/null; wait $mcpid 2>/dev/null
done_testing
