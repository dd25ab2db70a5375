#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# memcached.sh — sdtkit's memcached sample server (samples/memcached):
#
#  - builds it twice with samples/memcached/build-sample, out of tree and with
#    -Werror: with --enable-dtrace (DTRACE=our dtrace, memcached's configure
#    and Makefile rules) and without;
#  - the probe build carries exactly the memcached provider's probes as
#    .note.stapsdt notes, the plain build none;
#  - memccapable (libmemcached-tools) passes against both builds, text
#    protocol and binary protocol;
#  - every probe fires with the right argument values (checked with
#    bpftrace -p PID and by our dtrace -p PID while a client drives known
#    commands);
#  - 20 bpftrace attach/detach cycles while clients load the server cause no
#    request error, every cycle really traces, and the is-enabled semaphores
#    are back to 0 afterwards.
#
# Servers listen on 127.0.0.1 only, on a random free port; they and every
# helper are killed on exit.
. "$SRCDIR/test/lib.sh"

sample=$SRCDIR/samples/memcached
pids=()
cleanup () {
  local p
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null; done
  rm -rf "$T"
}
trap cleanup EXIT

missing=()
for tool in memccapable bpftrace python3 readelf autoreconf flock; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if [ ${#missing[@]} -gt 0 ]; then
  skip "memcached sample: missing ${missing[*]} (Debian: libmemcached-tools bpftrace python3 binutils autoconf automake util-linux)"
  done_testing
fi
if [ ! -x "$BUILDDIR/dtrace" ]; then
  fail "memcached sample: $BUILDDIR/dtrace was not built"
  done_testing
fi
can_trace=yes
[ "$(id -u)" = 0 ] || can_trace=no

# ---------------------------------------------------------------- helper
# One Python helper for what bash does badly: a protocol client that knows
# its server-side socket, the probe-argument checker, a load generator, and
# reading the semaphores out of the server's memory.
cat > "$T/mc.py" <<'PYEOF'
import json, os, random, re, socket, struct, sys, threading, time

def connect(port):
    s = socket.create_connection(('127.0.0.1', port), timeout=5)
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return s

def server_fd(pid, s):
    """The descriptor of S's peer socket inside process PID (the connid)."""
    lport = s.getsockname()[1]
    want_local = '0100007F:%04X' % s.getpeername()[1]
    want_remote = '0100007F:%04X' % lport
    for _ in range(50):
        inode = None
        with open('/proc/net/tcp') as f:
            for line in f.readlines()[1:]:
                p = line.split()
                if p[1] == want_local and p[2] == want_remote:
                    inode = p[9]
        if inode:
            for fd in os.listdir('/proc/%d/fd' % pid):
                try:
                    if os.readlink('/proc/%d/fd/%s' % (pid, fd)) == 'socket:[%s]' % inode:
                        return int(fd)
                except OSError:
                    pass
        time.sleep(0.05)
    raise SystemExit('server-side socket not found')

class Text:
    def __init__(self, s): self.s, self.buf = s, b''
    def line(self):
        while b'\r\n' not in self.buf:
            d = self.s.recv(65536)
            if not d: raise EOFError('connection closed')
            self.buf += d
        l, self.buf = self.buf.split(b'\r\n', 1)
        return l.decode('latin1')
    def exact(self, n):
        while len(self.buf) < n:
            d = self.s.recv(65536)
            if not d: raise EOFError('connection closed')
            self.buf += d
        r, self.buf = self.buf[:n], self.buf[n:]
        return r
    def cmd(self, c, data=None):
        self.s.sendall(c.encode() + b'\r\n' + (data + b'\r\n' if data is not None else b''))
        return self.line()
    def get(self, key, gets=False):
        self.s.sendall(('gets ' if gets else 'get ').encode() + key.encode() + b'\r\n')
        l = self.line()
        if l == 'END': return None
        p = l.split()
        v = self.exact(int(p[3]) + 2)[:-2]
        assert self.line() == 'END'
        return (v, int(p[4])) if gets else v

def wait_port(port, pid):
    for _ in range(100):
        if not os.path.exists('/proc/%d' % pid): return 1
        try:
            connect(port).close(); return 0
        except OSError:
            time.sleep(0.05)
    return 1

# ------------------------------------------------ drive: known commands
def drive(port, pid, out):
    facts = {}
    s = connect(port); t = Text(s)
    facts['fd'] = server_fd(pid, s)
    r = {}
    r['set'] = t.cmd('set foo 0 0 3', b'bar')
    r['get'] = t.get('foo')
    r['add_fail'] = t.cmd('add foo 0 0 1', b'x')
    r['add'] = t.cmd('add fresh 7 0 2', b'hi')
    r['replace'] = t.cmd('replace foo 0 0 4', b'barr')
    r['append'] = t.cmd('append foo 0 0 1', b'x')
    r['prepend'] = t.cmd('prepend foo 0 0 1', b'y')
    v, cas = t.get('foo', gets=True)
    facts['gets_cas'] = cas; r['gets'] = v.decode()
    r['cas'] = t.cmd('cas foo 0 0 2 %d' % cas, b'zz')
    r['touch'] = t.cmd('touch foo 100')
    r['setn'] = t.cmd('set n 0 0 1', b'5')
    r['incr'] = t.cmd('incr n 10')
    r['decr'] = t.cmd('decr n 20')
    r['delete'] = t.cmd('delete foo')
    r['miss'] = t.get('missing')
    # memory pressure (the server runs with -m 1): 1000 values of 1000 bytes
    # fill one slab page and evict
    big = b'v' * 1000
    for i in range(1000):
        s.sendall(b'set big%d 0 0 1000 noreply\r\n' % i + big + b'\r\n')
        if i % 50 == 49:
            t.cmd('version')        # pace the flood of events for the tracer
    s.sendall(b'stats\r\n')
    st = {}
    while True:
        l = t.line()
        if l == 'END': break
        _, k, val = l.split(' ', 2); st[k] = val
    facts['evictions'] = int(st['evictions'])
    # the binary protocol: a GETK miss and a SET on a second connection
    b = connect(port)
    facts['bfd'] = server_fd(pid, b)
    b.sendall(struct.pack('>BBHBBHIIQ', 0x80, 0x01, 3, 8, 0, 0, 3 + 8 + 4, 0, 0)
              + struct.pack('>II', 0, 0) + b'bin' + b'data')
    h = b.recv(24); facts['bin_set_status'] = struct.unpack('>BBHBBHIIQ', h)[5]
    b.sendall(struct.pack('>BBHBBHIIQ', 0x80, 0x07, 0, 0, 0, 0, 0, 0, 0))
    b.recv(64); b.close()
    t.s.sendall(b'quit\r\n'); s.recv(16); s.close()
    facts['replies'] = {k: (v.decode('latin1') if isinstance(v, bytes) else v) for k, v in r.items()}
    json.dump(facts, open(out, 'w'))

# ------------------------------------------------ check: probe arguments
def ours_to_lines(text):
    """Our consumer prints the request/response with printf("[%s]") of
    copyinstr(ptr, size): raw bytes that may hold CR and LF.  Rewrite those
    records to the one-line escaped form bpftrace's %r gives."""
    def esc(m):
        body = ''.join(c if 32 <= ord(c) < 127 else '\\x%02x' % ord(c) for c in m.group(4))
        return 'process__command__%s %s %s %s %s\n' % (m.group(1), m.group(2), m.group(3), body, m.group(5))
    return re.sub(r'process__command__(start|end) (\d+) (\d+) \[(.*?)\] (\d+)\n', esc, text, flags=re.S)

def check(events_file, facts_file, label=''):
    f = json.load(open(facts_file))
    ev = {}
    text = open(events_file, encoding='latin1', newline='').read()
    if label.startswith('dtrace'):
        text = ours_to_lines(text)
    for line in text.split('\n'):
        line = line.rstrip('\n')
        if line.startswith('process__command__'):
            # NAME CONNID SIZE BYTES TID, where BYTES (%r) may hold spaces
            p = line.split(' ', 3)
            if len(p) == 4 and ' ' in p[3]:
                ev.setdefault(p[0], []).append(p[1:3] + p[3].rsplit(' ', 1))
            continue
        p = line.split()
        if p and re.fullmatch(r'[a-z_]+__[a-z_]+', p[0]):
            ev.setdefault(p[0], []).append(p[1:])
    fd, bfd = str(f['fd']), str(f['bfd'])
    fails = 0
    def ok(desc, cond, detail=''):
        nonlocal fails
        if cond: print('ok - ' + label + 'probe ' + desc)
        else:
            fails += 1
            print('not ok - ' + label + 'probe ' + desc)
            if detail: print('    ' + str(detail)[:600])
    def has(name, pred):
        return any(pred(a) for a in ev.get(name, []))
    def rows(name): return ev.get(name, [])[:8]
    exp_replies = {'set': 'STORED', 'get': 'bar', 'add_fail': 'NOT_STORED', 'add': 'STORED',
                   'replace': 'STORED', 'append': 'STORED', 'prepend': 'STORED', 'gets': 'ybarrx',
                   'cas': 'STORED', 'touch': 'TOUCHED', 'setn': 'STORED', 'incr': '15', 'decr': '0',
                   'delete': 'DELETED', 'miss': None}
    got = {k: (v.decode() if isinstance(v, bytes) else v) for k, v in f['replies'].items() if k in exp_replies}
    ok('driver: the server answered as memcached does', got == exp_replies, got)
    cas = str(f['gets_cas'])
    pos = lambda x: int(x) > 0
    ok('conn-allocate(connid = the socket fd)', has('conn__allocate', lambda a: a[0] == fd), rows('conn__allocate'))
    ok('conn-release(connid) on quit', has('conn__release', lambda a: a[0] == fd), rows('conn__release'))
    disp = [a for a in ev.get('conn__dispatch', []) if a[0] == fd]
    workers = {a[3] for a in ev.get('process__command__start', []) if a[0] == fd}
    ok('conn-dispatch(connid, threadid = the worker that serves it), from another thread',
       len(disp) == 1 and workers == {disp[0][1]} and disp[0][2] != disp[0][1], (disp, workers))
    created = {a[0] for a in ev.get('conn__create', [])}
    destroyed = {a[0] for a in ev.get('conn__destroy', [])}
    # (the object of the port probe before tracing started is reused, so it
    # is destroyed without having been seen created)
    ok('conn-create(ptr), and conn-destroy(ptr) of those objects at shutdown',
       bool(created) and created <= destroyed and '0' not in created, (created, destroyed))
    ok('command-set(connid, "foo", 3, 5, cas > 0)', has('command__set', lambda a: a[:4] == [fd, 'foo', '3', '5'] and pos(a[4])), rows('command__set'))
    ok('command-get(connid, "foo", 3, 5, cas > 0) on a hit', has('command__get', lambda a: a[:4] == [fd, 'foo', '3', '5'] and pos(a[4])), rows('command__get'))
    ok('command-get(connid, "missing", 7, -1, 0) on a miss', has('command__get', lambda a: a == [fd, 'missing', '7', '-1', '0']), rows('command__get'))
    ok('command-add(connid, "foo", 3, -1, 0) when refused', has('command__add', lambda a: a == [fd, 'foo', '3', '-1', '0']), rows('command__add'))
    ok('command-add(connid, "fresh", 5, 4, cas > 0)', has('command__add', lambda a: a[:4] == [fd, 'fresh', '5', '4'] and pos(a[4])), rows('command__add'))
    ok('command-replace(connid, "foo", 3, 6, cas)', has('command__replace', lambda a: a[:4] == [fd, 'foo', '3', '6'] and pos(a[4])), rows('command__replace'))
    ok('command-append(connid, "foo", 3, 7, cas)', has('command__append', lambda a: a[:4] == [fd, 'foo', '3', '7'] and pos(a[4])), rows('command__append'))
    ok('command-prepend(connid, "foo", 3, 8, cas)', has('command__prepend', lambda a: a[:4] == [fd, 'foo', '3', '8'] and pos(a[4])), rows('command__prepend'))
    ok('command-cas(connid, "foo", 3, 4, the cas sent)', has('command__cas', lambda a: a == [fd, 'foo', '3', '4', cas]), (cas, rows('command__cas')))
    ok('command-touch(connid, "foo", 3, 4, cas > 0)', has('command__touch', lambda a: a[:4] == [fd, 'foo', '3', '4'] and pos(a[4])), rows('command__touch'))
    ok('command-incr(connid, "n", 1, 15)', has('command__incr', lambda a: a == [fd, 'n', '1', '15']), rows('command__incr'))
    ok('command-decr(connid, "n", 1, 0)', has('command__decr', lambda a: a == [fd, 'n', '1', '0']), rows('command__decr'))
    ok('command-delete(connid, "foo", 3)', has('command__delete', lambda a: a == [fd, 'foo', '3']), rows('command__delete'))
    ok('command-set over the binary protocol (its own connid, "bin", 3, 6)',
       f['bin_set_status'] == 0 and has('command__set', lambda a: a[:4] == [bfd, 'bin', '3', '6'] and pos(a[4])), rows('command__set'))
    ok('process-command-start(connid, the request line, its size)',
       has('process__command__start', lambda a: a[:3] == [fd, '15', r'set\x20foo\x200\x200\x203\x0d\x0a'] or a[:3] == [fd, '15', r'set foo 0 0 3\x0d\x0a']),
       rows('process__command__start'))
    ok('process-command-start with the binary header, extras and key',
       has('process__command__start', lambda a: a[0] == bfd and a[1] == '35'), rows('process__command__start'))
    ok('process-command-end(connid, the response, its size)',
       has('process__command__end', lambda a: a[:3] == [fd, '8', r'STORED\x0d\x0a'])
       and has('process__command__end', lambda a: a[:3] == [fd, '25', r'VALUE foo 0 3\x0d\x0abar\x0d\x0aEND\x0d\x0a']),
       rows('process__command__end'))
    ok('process-command-end with size 0 for noreply', has('process__command__end', lambda a: a[:2] == [fd, '0']), rows('process__command__end'))
    ok('assoc-find("foo", 3, depth >= 0)', has('assoc__find', lambda a: a[:2] == ['foo', '3'] and int(a[2]) >= 0), rows('assoc__find'))
    ok('assoc-insert("foo", 3)', has('assoc__insert', lambda a: a == ['foo', '3']), rows('assoc__insert'))
    ok('assoc-delete("foo", 3)', has('assoc__delete', lambda a: a == ['foo', '3']), rows('assoc__delete'))
    ok('item-link("foo", 3, 5)', has('item__link', lambda a: a == ['foo', '3', '5']), rows('item__link'))
    ok('item-unlink("foo", 3, 4) on delete', has('item__unlink', lambda a: a == ['foo', '3', '4']), rows('item__unlink'))
    ok('item-remove("foo", 3, 5) when a reference is dropped', has('item__remove', lambda a: a == ['foo', '3', '5']), rows('item__remove'))
    ok('item-update("foo", 3, 5) on a hit', has('item__update', lambda a: a == ['foo', '3', '5']), rows('item__update'))
    ok('item-replace("foo", 3, 5, "foo", 3, 6) on replace', has('item__replace', lambda a: a == ['foo', '3', '5', 'foo', '3', '6']), rows('item__replace'))
    allocs = {(a[3], a[0], a[1]) for a in ev.get('slabs__allocate', [])}
    ok('slabs-allocate(size, class >= 1, chunk size >= size, ptr)',
       allocs and all(int(a[1]) >= 1 and int(a[2]) >= int(a[0]) > 0 and a[3] != '0' for a in ev.get('slabs__allocate', [])),
       rows('slabs__allocate'))
    frees = ev.get('slabs__free', [])
    ok('slabs-free(size, class, ptr) gives back what slabs-allocate gave',
       frees and all((a[2], a[0], a[1]) in allocs for a in frees), (rows('slabs__free'), list(allocs)[:5]))
    ok('slabs-slabclass-allocate(class)', has('slabs__slabclass__allocate', lambda a: int(a[0]) >= 1), rows('slabs__slabclass__allocate'))
    ok('slabs-slabclass-allocate-failed(class) at the -m limit', has('slabs__slabclass__allocate__failed', lambda a: int(a[0]) >= 1), rows('slabs__slabclass__allocate__failed'))
    ok('slabs-allocate-failed(size, class) at the -m limit, then eviction',
       has('slabs__allocate__failed', lambda a: int(a[0]) > 1000 and int(a[1]) >= 1) and f['evictions'] > 0,
       (rows('slabs__allocate__failed'), f['evictions']))
    sys.exit(1 if fails else 0)

# ------------------------------------------------ load: verified traffic
def load(port, stopfile, out, nclients=4):
    stats = {'ops': 0, 'errors': 0, 'first_error': ''}
    lock = threading.Lock()
    def err(msg):
        with lock:
            stats['errors'] += 1
            if not stats['first_error']: stats['first_error'] = msg
    def text_client(n):
        try:
            t = Text(connect(port)); t.s.settimeout(10)
            rnd = random.Random(n); i = 0
            t.cmd('set ctr%d 0 0 1' % n, b'0'); ctr = 0
            while not os.path.exists(stopfile):
                i += 1
                key = 'k%d_%d' % (n, i % 200)
                val = (b'%d:' % i) * rnd.randint(1, 300)
                if t.cmd('set %s %d 0 %d' % (key, i, len(val)), val) != 'STORED': err('set'); continue
                if t.get(key) != val: err('get %s' % key)
                ctr += 3
                if t.cmd('incr ctr%d 3' % n) != str(ctr): err('incr')
                if i % 7 == 0 and t.cmd('delete ' + key) != 'DELETED': err('delete')
                with lock: stats['ops'] += 4
                time.sleep(0.002)           # a steady load, not a CPU hog
        except Exception as e:
            err('text client %d: %r' % (n, e))
    def bin_client(n):
        try:
            s = connect(port); s.settimeout(10); i = 0
            def req(op, key, extras=b'', value=b''):
                s.sendall(struct.pack('>BBHBBHIIQ', 0x80, op, len(key), len(extras), 0, 0,
                                      len(extras) + len(key) + len(value), i, 0) + extras + key + value)
                h = b''
                while len(h) < 24:
                    d = s.recv(24 - len(h))
                    if not d: raise EOFError('closed')
                    h += d
                _, rop, kl, el, _, st, bl, opq, _ = struct.unpack('>BBHBBHIIQ', h)
                body = b''
                while len(body) < bl:
                    d = s.recv(bl - len(body))
                    if not d: raise EOFError('closed')
                    body += d
                if rop != op or opq != i: err('binary framing')
                return st, body[el + kl:]
            while not os.path.exists(stopfile):
                i += 1
                key = b'b%d_%d' % (n, i % 200)
                val = os.urandom(random.randint(1, 2000))
                if req(0x01, key, struct.pack('>II', i, 0), val)[0] != 0: err('bin set'); continue
                st, v = req(0x00, key)
                if st != 0 or v != val: err('bin get')
                st, v = req(0x05, b'bctr%d' % n, struct.pack('>QQI', 1, 0, 0))
                if st != 0 or struct.unpack('>Q', v)[0] != i - 1: err('bin incr')
                with lock: stats['ops'] += 3
                time.sleep(0.002)
        except Exception as e:
            err('binary client %d: %r' % (n, e))
    ths = [threading.Thread(target=(text_client if k % 2 == 0 else bin_client), args=(k,)) for k in range(nclients)]
    for th in ths: th.start()
    for th in ths: th.join()
    json.dump(stats, open(out, 'w'))

# ------------------------------------------------ sem: semaphore values
def sems(pid, binary, until=None, timeout=30.0):
    """Prints PROBE=VALUE for the is-enabled semaphore of every probe; with
    UNTIL, first waits (polling) until that probe's semaphore is non-zero
    ('*': every probe's)."""
    base = None
    with open('/proc/%d/maps' % pid) as f:
        for line in f:
            p = line.split()
            if len(p) >= 6 and os.path.realpath(p[5]) == os.path.realpath(binary) and int(p[2], 16) == 0:
                base = int(p[0].split('-')[0], 16); break
    sem, name = {}, None
    for line in os.popen('readelf -n ' + binary):
        m = re.search(r'Name: (\S+)', line)
        if m: name = m.group(1)
        m = re.search(r'Semaphore: (0x[0-9a-f]+)', line)
        if m and int(m.group(1), 16): sem[name] = int(m.group(1), 16)
    with open('/proc/%d/mem' % pid, 'rb', buffering=0) as mem:
        def value(n):
            mem.seek(base + sem[n]); return struct.unpack('<H', mem.read(2))[0]
        end = time.time() + timeout
        names = sorted(sem) if until == '*' else [until] if until else []
        while any(value(n) == 0 for n in names) and time.time() < end:
            time.sleep(0.005)
        print(' '.join('%s=%d' % (n, value(n)) for n in sorted(sem)))

cmd = sys.argv[1]
if cmd == 'wait-port': sys.exit(wait_port(int(sys.argv[2]), int(sys.argv[3])))
elif cmd == 'drive': drive(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
elif cmd == "check": check(sys.argv[2], sys.argv[3], sys.argv[4] if len(sys.argv) > 4 else '')
elif cmd == 'load': load(int(sys.argv[2]), sys.argv[3], sys.argv[4])
elif cmd == 'sems': sems(int(sys.argv[2]), sys.argv[3], sys.argv[4] if len(sys.argv) > 4 else None)
elif cmd == 'version':
    t = Text(connect(int(sys.argv[2]))); print(t.cmd('version'))
PYEOF
mc () { python3 "$T/mc.py" "$@"; }

# start_server VAR BINARY ARGS...: starts BINARY on a free loopback port;
# sets VAR_pid and VAR_port.
srv_pid='' srv_port='' pr_pid='' pr_port='' po_pid='' po_port='' ld_pid='' ld_port=''
start_server () {
  local var=$1 bin=$2 port pid _
  shift 2
  for _ in 1 2 3 4 5 6 7 8 9 10; do
    port=$((20000 + RANDOM % 30000))
    "$bin" -p "$port" -l 127.0.0.1 -U 0 "$@" 2>>"$T/server.err" &
    pid=$!
    if mc wait-port "$port" "$pid"; then
      pids+=("$pid")
      printf -v "${var}_pid" %s "$pid"
      printf -v "${var}_port" %s "$port"
      return 0
    fi
    kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
  done
  return 1
}
stop_server () {
  kill -TERM "$1" 2>/dev/null
  wait "$1"
}
running () { [ -e "/proc/$1" ] && ! grep -q '^[0-9]* ([^)]*) Z' "/proc/$1/stat" 2>/dev/null; }
# stop_tracer PID: bpftrace (under timeout) ends by itself when its target
# exits; otherwise it is asked to, again and again (a signal that lands while
# it is still attaching can be lost).
stop_tracer () {
  local _
  for _ in $(seq 1 30); do running "$1" || break; sleep 0.1; done
  for _ in $(seq 1 10); do running "$1" || break; kill -TERM "$1" 2>/dev/null; sleep 0.5; done
  wait "$1" 2>/dev/null
}

started=$SECONDS
section () { echo "# $1 (at ${SECONDS}s)"; }
# ---------------------------------------------------------------- builds
section builds
check "build-sample --enable-dtrace (DTRACE=our dtrace, -Werror, out of tree)" \
  "$sample/build-sample" "$BUILDDIR" "$T/probes" --enable-werror
check "build-sample --disable-dtrace (-Werror, out of tree)" \
  "$sample/build-sample" "$BUILDDIR" "$T/plain" --disable-dtrace --enable-werror
probes_bin=$T/probes/memcached
plain_bin=$T/plain/memcached
if [ ! -x "$probes_bin" ] || [ ! -x "$plain_bin" ]; then
  fail "memcached sample: no server to test"
  done_testing
fi

check_eq "the probe build uses our dtrace for -h and -G" \
  "$(sed -n 's/^DTRACE = //p' "$T/probes/Makefile")" "$(cd "$BUILDDIR" && pwd)/dtrace"
check_match "the probe build defines ENABLE_DTRACE" "$(grep '^DEFS = ' "$T/probes/Makefile")" "-DENABLE_DTRACE=1"
check "the generated header went to the build directory, with memcached's const edits" \
  grep -q 'const const char \*key' "$T/probes/memcached_dtrace.h"

# ---------------------------------------------------------------- notes
section notes
want=$(sed -n 's/^ *probe \([a-z_]*\)(.*/\1/p' "$sample/memcached_dtrace.d" | sort -u)
got=$(readelf -n "$probes_bin" | awk '/Provider: memcached/ { p = 1; next } p && /Name:/ { print $2; p = 0 }' | sort -u)
check_eq "probe build: every memcached probe is a .note.stapsdt note (31 probes)" \
  "$(echo "$got" | tr '\n' ' ')" "$(echo "$want" | tr '\n' ' ')"
check_eq "the provider file declares 31 probes" "$(echo "$want" | wc -l)" 31
check_eq "plain build: no .note.stapsdt note" "$(readelf -n "$plain_bin" | grep -c stapsdt)" 0
check_eq "plain build: no semaphore section" "$(readelf -SW "$plain_bin" | grep -c ' \.probes ')" 0

# ---------------------------------------------------------------- memccapable
section memccapable
for build in probes plain; do
  bin=$T/$build/memcached
  if ! start_server srv "$bin" -t 4; then
    fail "$build build: the server did not start"; sed 's/^/    /' "$T/server.err" | tail -5
    continue
  fi
  for proto in a b; do
    name=$([ $proto = a ] && echo text || echo binary)
    out=$(timeout 120 memccapable -$proto -t 5 -h 127.0.0.1 -p "$srv_port" 2>&1)
    rc=$?
    if [ $rc -eq 0 ] && printf '%s\n' "$out" | grep -q '^All tests passed'; then
      ok "$build build: memccapable, $name protocol ($(printf '%s\n' "$out" | grep -c '\[pass\]') tests)"
    else
      fail "$build build: memccapable, $name protocol (rc $rc)"
      printf '%s\n' "$out" | grep -v '\[pass\]' | head -20 | sed 's/^/    /'
    fi
  done
  stop_server "$srv_pid"
  check_eq "$build build: the server exits 0 on SIGTERM" "$?" 0
done

# ---------------------------------------------------------------- probe arguments
section "probe arguments"
# One thread, -m 1 so that a few hundred kilobytes hit the limit.
# bt_ready FILE PID: wait until bpftrace has attached to every probe of PID
# (every is-enabled semaphore is counted up by then).
bt_ready () {
  local _
  for _ in $(seq 1 150); do
    if grep -q '^Attaching' "$1" 2>/dev/null; then
      mc sems "$2" "$P" '*' | grep -q '=0\b' && return 1
      return 0
    fi
    sleep 0.1
  done
  return 1
}
P=$probes_bin
if [ $can_trace = no ]; then
  skip "probe arguments and attach/detach under load: bpftrace needs root"
elif start_server pr "$probes_bin" -t 1 -m 1; then
  script=''
  for p in conn__allocate conn__release; do script+="usdt:$P:memcached:$p { printf(\"$p %d\\n\", arg0); } "; done
  for p in conn__create conn__destroy; do script+="usdt:$P:memcached:$p { printf(\"$p %llx\\n\", arg0); } "; done
  script+="usdt:$P:memcached:conn__dispatch { printf(\"conn__dispatch %d %d %d\\n\", arg0, arg1, tid); } "
  script+="usdt:$P:memcached:slabs__allocate { printf(\"slabs__allocate %d %d %d %llx\\n\", arg0, arg1, arg2, arg3); } "
  script+="usdt:$P:memcached:slabs__allocate__failed { printf(\"slabs__allocate__failed %d %d\\n\", arg0, arg1); } "
  for p in slabs__slabclass__allocate slabs__slabclass__allocate__failed; do script+="usdt:$P:memcached:$p { printf(\"$p %d\\n\", arg0); } "; done
  script+="usdt:$P:memcached:slabs__free { printf(\"slabs__free %d %d %llx\\n\", arg0, arg1, arg2); } "
  script+="usdt:$P:memcached:assoc__find { printf(\"assoc__find %s %d %d\\n\", str(arg0, arg1), arg1, arg2); } "
  for p in assoc__insert assoc__delete; do script+="usdt:$P:memcached:$p { printf(\"$p %s %d\\n\", str(arg0, arg1), arg1); } "; done
  for p in item__link item__unlink item__remove item__update; do
    script+="usdt:$P:memcached:$p { printf(\"$p %s %d %d\\n\", str(arg0, arg1), arg1, arg2); } "
  done
  script+="usdt:$P:memcached:item__replace { printf(\"item__replace %s %d %d %s %d %d\\n\", str(arg0, arg1), arg1, arg2, str(arg3, arg4), arg4, arg5); } "
  for p in process__command__start process__command__end; do
    script+="usdt:$P:memcached:$p { printf(\"$p %d %d %r %d\\n\", arg0, arg2, buf(arg1, arg2), tid); } "
  done
  for p in get add set replace prepend append touch cas; do
    script+="usdt:$P:memcached:command__$p { printf(\"command__$p %d %s %d %d %lld\\n\", arg0, str(arg1, arg2), arg2, arg3, arg4); } "
  done
  for p in incr decr; do
    script+="usdt:$P:memcached:command__$p { printf(\"command__$p %d %s %d %lld\\n\", arg0, str(arg1, arg2), arg2, arg3); } "
  done
  script+="usdt:$P:memcached:command__delete { printf(\"command__delete %d %s %d\\n\", arg0, str(arg1, arg2), arg2); } "
  BPFTRACE_PERF_RB_PAGES=1024 timeout -k 5 120 bpftrace -p "$pr_pid" -e "$script" >"$T/events" 2>"$T/bt.err" &
  bt=$!
  pids+=("$bt")
  if bt_ready "$T/events" "$pr_pid"; then
    mc drive "$pr_port" "$pr_pid" "$T/facts.json"
    drove=$?
    check_eq "the driving client ran" "$drove" 0
    sleep 0.5
    stop_server "$pr_pid"                 # conn-destroy fires at shutdown
    stop_tracer "$bt"
    if [ "$drove" = 0 ]; then
      out=$(mc check "$T/events" "$T/facts.json" "bpftrace: " 2>&1)
      rc=$?
      printf '%s\n' "$out"
      if [ $rc -ne 0 ] && ! printf '%s\n' "$out" | grep -q '^not ok'; then
        fail "the probe checker ran"
      fi
      [ $rc -eq 0 ] || _failed=1
    fi
  else
    fail "bpftrace attached to the probe build"; sed 's/^/    /' "$T/bt.err" | head -10
    stop_tracer "$bt"
  fi
else
  fail "probe build: the server did not start for the probe checks"
fi

# ------------------------------------------------ probe arguments, our consumer
section "probe arguments, our consumer"
# The same known commands, traced by our dtrace with the D equivalent of the
# bpftrace script above; the same checker judges what it printed.
if [ $can_trace = no ]; then
  skip "probe arguments with our consumer: tracing needs root"
elif start_server po "$probes_bin" -t 1 -m 1; then
  {
    for p in conn-allocate conn-release; do echo "memcached\$target:::$p { printf(\"${p//-/__} %d\\n\", arg0); }"; done
    for p in conn-create conn-destroy; do echo "memcached\$target:::$p { printf(\"${p//-/__} %llx\\n\", arg0); }"; done
    echo 'memcached$target:::conn-dispatch { printf("conn__dispatch %d %d %d\n", arg0, arg1, tid); }'
    echo 'memcached$target:::slabs-allocate { printf("slabs__allocate %d %d %d %llx\n", arg0, arg1, arg2, arg3); }'
    echo 'memcached$target:::slabs-allocate-failed { printf("slabs__allocate__failed %d %d\n", arg0, arg1); }'
    for p in slabs-slabclass-allocate slabs-slabclass-allocate-failed; do echo "memcached\$target:::$p { printf(\"${p//-/__} %d\\n\", arg0); }"; done
    echo 'memcached$target:::slabs-free { printf("slabs__free %d %d %llx\n", arg0, arg1, arg2); }'
    echo 'memcached$target:::assoc-find { printf("assoc__find %s %d %d\n", copyinstr(arg0, arg1), arg1, arg2); }'
    for p in assoc-insert assoc-delete; do echo "memcached\$target:::$p { printf(\"${p//-/__} %s %d\\n\", copyinstr(arg0, arg1), arg1); }"; done
    for p in item-link item-unlink item-remove item-update; do
      echo "memcached\$target:::$p { printf(\"${p//-/__} %s %d %d\\n\", copyinstr(arg0, arg1), arg1, arg2); }"
    done
    echo 'memcached$target:::item-replace { printf("item__replace %s %d %d %s %d %d\n", copyinstr(arg0, arg1), arg1, arg2, copyinstr(arg3, arg4), arg4, arg5); }'
    for p in process-command-start process-command-end; do
      echo "memcached\$target:::$p { printf(\"${p//-/__} %d %d [%s] %d\\n\", arg0, arg2, arg2 > 0 ? copyinstr(arg1, arg2) : \"\", tid); }"
    done
    for p in get add set replace prepend append touch cas; do
      echo "memcached\$target:::command-$p { printf(\"command__$p %d %s %d %d %lld\\n\", arg0, copyinstr(arg1, arg2), arg2, arg3, arg4); }"
    done
    for p in incr decr; do
      echo "memcached\$target:::command-$p { printf(\"command__$p %d %s %d %lld\\n\", arg0, copyinstr(arg1, arg2), arg2, arg3); }"
    done
    echo 'memcached$target:::command-delete { printf("command__delete %d %s %d\n", arg0, copyinstr(arg1, arg2), arg2); }'
  } >"$T/args.d"
  timeout -k 5 120 "$DTRACE" -q -x bufsize=16m -p "$po_pid" -s "$T/args.d" >"$T/oevents" 2>"$T/oevents.err" &
  dt=$!
  pids+=("$dt")
  dpid=''
  for _ in $(seq 1 50); do dpid=$(pgrep -P "$dt") && break; sleep 0.1; done
  if [ -n "$dpid" ] && wait_attached "$dpid" 30 && mc sems "$po_pid" "$P" '*' | grep -qv '=0\b'; then
    mc drive "$po_port" "$po_pid" "$T/ofacts.json"
    drove=$?
    check_eq "the driving client ran (traced by our dtrace)" "$drove" 0
    sleep 0.5
    stop_server "$po_pid"                 # conn-destroy fires at shutdown
    wait "$dt"; rc=$?
    check_eq "our dtrace -p exits 0 when the server exits" "$rc" 0
    check_eq "-q: nothing on stderr (no exit notice, no drops, no errors)" "$(cat "$T/oevents.err")" ""
    if [ "$drove" = 0 ]; then
      out=$(mc check "$T/oevents" "$T/ofacts.json" "dtrace: " 2>&1)
      rc=$?
      printf '%s\n' "$out"
      if [ $rc -ne 0 ] && ! printf '%s\n' "$out" | grep -q '^not ok'; then
        fail "the probe checker ran on our consumer's output"
      fi
      [ $rc -eq 0 ] || _failed=1
    fi
  else
    fail "our dtrace attached to every probe of the server"; sed 's/^/    /' "$T/oevents.err" | head -10
    kill -TERM "$dt" 2>/dev/null; wait "$dt" 2>/dev/null
  fi
else
  fail "probe build: the server did not start for our consumer's probe checks"
fi

# ---------------------------------------------------------------- attach/detach under load
section "attach/detach under load"
# Each cycle: bpftrace attaches to four hot probes (process-command-end is
# behind an is-enabled check, command-get has four sites), counts for 0.8 s
# and exits by itself, detaching.  Meanwhile four clients (two text, two
# binary) run set/get/incr/delete and verify every reply.
if [ $can_trace = no ]; then
  :
elif start_server ld "$probes_bin" -t 4; then
  rm -f "$T/stop"
  mc load "$ld_port" "$T/stop" "$T/load.json" &
  loader=$!
  pids+=("$loader")
  sleep 1
  cycles=0 counts='' during=''
  cycle_script=''
  for p in process__command__start process__command__end command__get command__set; do
    cycle_script+="usdt:$P:memcached:$p { @n = count(); } "
  done
  cycle_script+='interval:ms:800 { exit(); }'
  for i in $(seq 1 20); do
    if [ "$i" = 10 ]; then
      # watch the semaphore from before the attach on
      mc sems "$ld_pid" "$P" process__command__end >"$T/during" &
      watcher=$!
      sleep 1
    fi
    timeout -k 5 60 bpftrace -p "$ld_pid" -e "$cycle_script" >"$T/cycle" 2>"$T/cycle.err" &
    bt=$!
    wait "$bt" && cycles=$((cycles + 1))
    if [ "$i" = 10 ]; then
      wait "$watcher"
      during=$(cat "$T/during")
    fi
    n=$(sed -n 's/^@n: \([0-9]*\)$/\1/p' "$T/cycle")
    counts+=" ${n:-none}"
  done
  after=$(mc sems "$ld_pid" "$P")
  # The same 20 cycles with our own consumer.
  ours=0 ocounts=''
  oprog='memcached$target:::process-command-start, memcached$target:::process-command-end,
         memcached$target:::command-get, memcached$target:::command-set { @n = count(); }
         tick-800ms { exit(0); }'
  for i in $(seq 1 20); do
    timeout -k 5 60 "$DTRACE" -q -p "$ld_pid" -n "$oprog" >"$T/ocycle" 2>"$T/ocycle.err" && ours=$((ours + 1))
    n=$(awk 'NF == 1 { print $1 }' "$T/ocycle")
    ocounts+=" ${n:-none}"
  done
  oafter=$(mc sems "$ld_pid" "$P")
  # the sample's request-time split under the same load: every command the
  # load sends, its time split into on-CPU + off-CPU + I/O (averages of
  # whole µs, so within 3 of the total)
  timeout -k 5 60 "$DTRACE" -q -s "$sample/mcreqtime.d" -p "$ld_pid" -n 'tick-2s { exit(0); }' \
    >"$T/reqtime" 2>"$T/reqtime.err"
  check_eq "mcreqtime.d: exit status 0, nothing on stderr" "$?:$(cat "$T/reqtime.err")" "0:"
  check_match "mcreqtime.d: its header" "$(head -1 "$T/reqtime")" \
    '^COMMAND +REQUESTS +TOTAL_us +ONCPU_us +OFFCPU_us +IO_us$'
  for c in get set incr delete; do
    check_match "mcreqtime.d: command-$c requests counted" "$(cat "$T/reqtime")" "^command-$c +[1-9][0-9]* +[0-9]+ "
  done
  check_eq "mcreqtime.d: on-CPU + off-CPU + I/O is each command's total" \
    "$(awk 'NR > 1 && NF == 6 { d = $4 + $5 + $6 - $3; if (d < -3 || d > 3) print }' "$T/reqtime")" ""
  check_eq "20 attach/detach cycles of our dtrace under load: all exited 0" "$ours" 20
  check_match "every one of our cycles counted events (per cycle:$ocounts)" "$ocounts" '^( [1-9][0-9]*){20}$'
  check_eq "every semaphore is back to 0 after our cycles" \
    "$(printf '%s\n' "$oafter" | tr ' ' '\n' | grep -c '=0$')" 31
  touch "$T/stop"
  wait "$loader"
  check_eq "20 bpftrace attach/detach cycles under load: all ran and exited 0" "$cycles" 20
  check_match "every cycle saw its probes fire (events per cycle:$counts)" "$counts" '^( [1-9][0-9]*){20}$'
  check_match "the is-enabled semaphore is set while a tracer is attached" "$during" ' process__command__end=[1-9]'
  check_eq "every semaphore is back to 0 after the cycles (31 probes)" \
    "$(printf '%s\n' "$after" | tr ' ' '\n' | grep -c '=0$')" 31
  res=$(cat "$T/load.json" 2>/dev/null)
  check_match "the load ran (verified set/get/incr/delete, text and binary)" "$res" '"ops": [0-9]{4,}'
  check_match "no request error during the cycles" "$res" '"errors": 0,'
  check_match "the server still answers" "$(mc version "$ld_port")" '^VERSION '
  stop_server "$ld_pid"
  check_eq "the loaded server exits 0 on SIGTERM" "$?" 0
else
  fail "probe build: the server did not start for the load test"
fi
section "done in $((SECONDS - started))s"

done_testing
