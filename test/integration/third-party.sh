#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# third-party.sh — real probes of Debian's own binaries, counted by our
# dtrace and by bpftrace on the same workload (postgres: by path, and as
# postgresql*::: covering the backends forked after dtrace attached):
#  - python3.11's semaphore-guarded gc-start, whose argument is a stack slot
#    (-4@112(%rsp)), keyed by arg0 for a script calling gc.collect() 50 times;
#  - PostgreSQL 15's transaction-start during a small workload, traced by file
#    (every backend is forked after dtrace attached);
#  - ustack() of both, built by Debian without frame pointers, unwound through
#    their CFI (doc/unwinding.md) from a USDT probe and from profile-997: the
#    stacks reach the program's start (python3.11's main is a tail call of
#    Py_BytesMain; postgres's main is not in its symbol table: the frames
#    checked are Py_BytesMain / PostmasterMain, __libc_start_main, _start).
. "$SRCDIR/test/lib.sh"

py=/usr/bin/python3.11
if [ -x "$py" ] && readelf -n "$py" | grep -q gc__start; then
  printf 'import gc\nfor i in range(50):\n    gc.collect()\n' > gc50.py
  "$DTRACE" -q -n 'python$target:::gc-start { @[arg0] = count(); }' -c "$py gc50.py" > ours.txt 2>ours.err
  check_eq "python3.11 gc-start: dtrace exits 0" "$?" 0
  timeout 60 bpftrace -e "usdt:$py:python:gc__start { @[arg0] = count(); }" -c "$py gc50.py" > bt.txt 2>&1
  ours=$(awk 'NF == 2 { print $1 ":" $2 }' ours.txt | sort | tr '\n' ' ')
  theirs=$(sed -n 's/^@\[\([0-9-]*\)\]: \([0-9]*\)$/\1:\2/p' bt.txt | sort | tr '\n' ' ')
  check_eq "python3.11 gc-start per generation: same counts as bpftrace" "$ours" "$theirs"
  check_match "... gc.collect() (generation 2) seen at least 50 times" "$ours" '(^| )2:(5[0-9]|[6-9][0-9]|[1-9][0-9][0-9])( |$)'
  # unwinding: gc-start's stacks and profile samples reach the interpreter's start
  printf 'import gc, time\nt = time.time()\nwhile time.time() - t < 30:\n    gc.collect()\n' > gcloop.py
  "$DTRACE" -q -n 'python$target:::gc-start { @[ustack(100)] = count(); n++; } python$target:::gc-start /n == 20/ { exit(0); }' \
    -c "$py gcloop.py" > pyst.txt 2>pyst.err
  check_match "python3.11 gc-start ustack(), the most frequent stack: the eval loop, Py_BytesMain, libc, _start" \
    "$(awk 'BEGIN { RS = "" } { last = $0 } END { print last }' pyst.txt | tr '\n' ' ')" \
    '_PyEval_EvalFrameDefault.*python3.11`Py_BytesMain\+0x[0-9a-f]+ +libc[^`]*`[^ ]+ +libc[^`]*`__libc_start_main\+0x[0-9a-f]+ +python3.11`_start\+0x[0-9a-f]+ +[0-9]+ *$'
  printf 'import time\ndef f(n):\n    return sum(i * i for i in range(n))\nt = time.time()\nwhile time.time() - t < 30:\n    f(1000)\n' > busy.py
  "$DTRACE" -q -n 'profile-997 /pid == $target/ { @[ustack(100)] = count(); } tick-1s { exit(0); }' \
    -c "$py busy.py" > pyprof.txt 2>pyprof.err
  share=$(awk 'BEGIN { RS = "" } { n += $NF; if (/Py_BytesMain.*`_start\+/) m += $NF } END { printf "%d %d", m, n }' pyprof.txt)
  check_match "python3.11 profile-997: at least 80% of the samples reach _start through Py_BytesMain ($share)" \
    "$share" '^[0-9]+ [0-9]+$'
  set -- $share
  [ "$2" -gt 100 ] && [ $(( $1 * 100 )) -ge $(( $2 * 80 )) ] && ok "... $1 of $2" || fail "... $1 of $2 samples reach _start"
else
  skip "python3.11 with USDT probes not installed"
fi

pgbin=/usr/lib/postgresql/15/bin
if [ -x "$pgbin/postgres" ] && id postgres >/dev/null 2>&1; then
  pgdata=$T/pgdata; sock=$T/sock
  mkdir -p "$pgdata" "$sock"; chown postgres "$pgdata" "$sock"; chmod 755 "$T"
  port=$((20000 + RANDOM % 20000))
  su postgres -s /bin/sh -c "$pgbin/initdb -D $pgdata -A trust >/dev/null 2>&1" \
    && su postgres -s /bin/sh -c "$pgbin/pg_ctl -D $pgdata -o '-k $sock -p $port -c listen_addresses=' -w start >/dev/null 2>&1"
  if [ $? -ne 0 ]; then
    fail "PostgreSQL 15 starts"
  else
    trap 'su postgres -s /bin/sh -c "$pgbin/pg_ctl -D $pgdata -m immediate stop" >/dev/null 2>&1; rm -rf "$T"' EXIT
    workload () {
      for i in $(seq 20); do echo "BEGIN; SELECT $i; COMMIT;"; done > w.sql
      su postgres -s /bin/sh -c "psql -q -h $sock -p $port -d postgres -f $T/w.sql >/dev/null"
    }
    "$DTRACE" -q -n "postgresql*:$pgbin/postgres::transaction-start { @n = count(); }" >pg.txt 2>pg.err &
    dpid=$!
    wait_attached $dpid || fail "dtrace attached to postgres"
    workload
    kill -INT $dpid; wait $dpid
    ours=$(awk 'NF == 1 { print $1 }' pg.txt)
    timeout 60 bpftrace -e "usdt:$pgbin/postgres:postgresql:transaction__start { @n = count(); }" >pgbt.txt 2>&1 &
    bpid=$!
    sleep 3
    workload
    sleep 0.5
    kill -INT $bpid; wait $bpid
    theirs=$(sed -n 's/^@n: \([0-9]*\)$/\1/p' pgbt.txt)
    check_match "postgresql transaction-start counted" "$ours" '^[1-9][0-9]*$'
    check_eq "postgresql transaction-start: same count as bpftrace" "$ours" "$theirs"
    # no path: every process running postgres now (the postmaster) and the
    # backends it forks for psql after dtrace attached (attached by file)
    "$DTRACE" -q -n 'postgresql*:::transaction-start { @n = count(); @b[probeprov == strjoin("postgresql", lltostr(pid))] = count(); }' >pgall.txt 2>pgall.err &
    dpid=$!
    wait_attached $dpid || fail "dtrace attached to postgresql*:::"
    workload
    kill -INT $dpid; wait $dpid
    all=$(awk 'NF == 1 { print $1; exit }' pgall.txt)
    check_eq "postgresql*:::transaction-start (backends forked after attach): same count as bpftrace by path" "$all" "$theirs"
    check_eq "... every hit under the backend's own postgresql<PID>" "$(awk 'NF == 2 { print $1 }' pgall.txt)" 1

    # unwinding: a backend's stacks, from transaction-start and from profile-997;
    # one psql session stays alive (pg_sleep) while dtrace unwinds its stacks
    { echo 'SELECT pg_backend_pid();'; echo 'SELECT pg_sleep(1);'
      for i in $(seq 30); do echo "BEGIN; SELECT $i; COMMIT;"; done
      echo 'SELECT count(*) FROM generate_series(1, 30000000);'; echo 'SELECT pg_sleep(20);'; } > s.sql
    su postgres -s /bin/sh -c "psql -qAt -h $sock -p $port -d postgres -f $T/s.sql" > s.out 2>&1 &
    for i in $(seq 100); do [ -s s.out ] && break; sleep 0.1; done
    bpid=$(head -1 s.out)
    "$DTRACE" -q -n "postgresql\$1:::transaction-start { @[ustack(100)] = count(); n++; } postgresql\$1:::transaction-start /n == 20/ { exit(0); }" \
      "$bpid" > pgst.txt 2>pgst.err
    check_match "postgres transaction-start ustack(): StartTransactionCommand, PostgresMain, PostmasterMain, libc, _start" \
      "$(awk 'BEGIN { RS = "" } { last = $0 } END { print last }' pgst.txt | tr '\n' ' ')" \
      'StartTransaction.*postgres`PostgresMain\+.*postgres`PostmasterMain\+0x[0-9a-f]+ .*libc[^`]*`__libc_start_main\+0x[0-9a-f]+ +postgres`_start\+0x[0-9a-f]+ +[0-9]+ *$'
    "$DTRACE" -q -n "profile-997 /pid == \$1/ { @[ustack(100)] = count(); } tick-1s { exit(0); }" "$bpid" > pgprof.txt 2>pgprof.err
    share=$(awk 'BEGIN { RS = "" } { n += $NF; if (/PostmasterMain.*`_start\+/) m += $NF } END { printf "%d %d", m, n }' pgprof.txt)
    set -- $share
    [ "${2:-0}" -gt 100 ] && [ $(( $1 * 100 )) -ge $(( $2 * 80 )) ] && ok "postgres profile-997: $1 of $2 samples reach _start through PostmasterMain" \
      || { fail "postgres profile-997: $share samples reach _start"; head -40 pgprof.txt | sed 's/^/    /'; }
    kill %1 2>/dev/null
  fi
else
  skip "PostgreSQL 15 server not installed"
fi
done_testing
