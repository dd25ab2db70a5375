#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# scripts-postgres.sh — the PostgreSQL scripts of scripts/ (pgquerytime.d,
# pgtxrate.d, pglockwait.d) run by their #! line against one PostgreSQL 15
# server of Debian's, started for this test in its own directory on a
# private socket, with a known workload: statements marked with a unique
# comment, one client session's transactions (found by its backend pid) and
# one lock wait on a table of the test's own.
. "$SRCDIR/test/lib.sh"
scripts=$SRCDIR/scripts
PATH=$BUILDDIR:$PATH
pgbin=/usr/lib/postgresql/15/bin
PG=$pgbin/postgres

for s in pgquerytime pgtxrate pglockwait; do
  check "scripts/$s.d is executable with the dtrace -qs interpreter line" \
    sh -c "test -x '$scripts/$s.d' && head -1 '$scripts/$s.d' | grep -qx '#!/usr/bin/env -S dtrace -qs'"
  check "scripts/$s.d has a usage line" grep -q '^ \* Usage: ' "$scripts/$s.d"
done

if ! [ -x "$PG" ] || ! id postgres >/dev/null 2>&1; then
  skip "PostgreSQL 15 server not installed (Debian: postgresql-15)"
  done_testing
fi
pgdata=$T/pgdata; sock=$T/sock
mkdir -p "$pgdata" "$sock"; chown postgres "$pgdata" "$sock"; chmod 755 "$T"
port=$((20000 + RANDOM % 20000))
if ! su postgres -s /bin/sh -c "$pgbin/initdb -D $pgdata -A trust >/dev/null 2>&1" \
   || ! su postgres -s /bin/sh -c "$pgbin/pg_ctl -D $pgdata -o '-k $sock -p $port -c listen_addresses=' -w start >/dev/null 2>&1"; then
  fail "PostgreSQL 15 starts"
  done_testing
fi
trap 'su postgres -s /bin/sh -c "$pgbin/pg_ctl -D $pgdata -m immediate stop" >/dev/null 2>&1; kill $(jobs -p) 2>/dev/null; rm -rf "$T"' EXIT
# psql_ FILE: run the SQL of FILE in one session, unaligned tuples only
psql_ () { su postgres -s /bin/sh -c "psql -X -q -A -t -h $sock -p $port -d postgres -f $1"; }
# traced NAME SQLFILE: run the script NAME.d on the server while one
# session runs SQLFILE; stop it with SIGINT afterwards
traced () {
  local name=$1 sql=$2
  "$scripts/$name.d" "$PG" >"$name.out" 2>"$name.err" &
  local d=$!
  wait_attached $d || fail "$name.d attached"
  psql_ "$sql" >"$name.psql" 2>&1
  kill -INT $d; wait $d
}

# --- pgquerytime.d: 5 quick statements, 3 sleeping 50 ms, counted by text
{ for i in 1 2 3 4 5; do echo 'SELECT 1 /* sdtkit-kit */;'; done
  for i in 1 2 3; do echo 'SELECT pg_sleep(0.05) /* sdtkit-kit */;'; done; } >q.sql
traced pgquerytime q.sql
check_match "pgquerytime.d: the quick statement 5 times" "$(cat pgquerytime.out)" \
  '^SELECT 1 /\* sdtkit-kit \*/; +5 +[0-9]+ +[0-9]+ +[0-9]+$'
row=$(grep '^SELECT pg_sleep(0.05) /\* sdtkit-kit \*/;' pgquerytime.out | head -1)
check_match "pgquerytime.d: the sleeping statement 3 times" "$row" '^SELECT pg_sleep\(0\.05\) /\* sdtkit-kit \*/; +3 +[0-9]+ +[0-9]+ +[0-9]+$'
avg=$(echo "$row" | awk '{print $(NF-2)}')
check "pgquerytime.d: its average is at least the 50 ms it sleeps (${avg:-none} us)" test "${avg:-0}" -ge 50000
sleep_hist=$(awk '/^  SELECT pg_sleep\(0.05\) \/\* sdtkit-kit/ { on = 1; next } on && /^ *$/ && n++ { exit } on' pgquerytime.out)
check_match "pgquerytime.d: its histogram has the 3 in the 32768 or 65536 us rows" "$sleep_hist" '^ +(32768|65536) \|@+ +3 +$'
check_eq "pgquerytime.d: no dtrace error" "$(cat pgquerytime.err)" ""

# --- pgtxrate.d: one session: 8 committed and 3 aborted transactions, plus
# the pg_backend_pid() statement and the backend's start-up (it reads the
# catalogs in a transaction): 13 started, 10 committed, 3 aborted
{ echo 'SELECT pg_backend_pid();'
  for i in 1 2 3 4 5 6 7 8; do echo "BEGIN; SELECT $i; COMMIT;"; done
  for i in 1 2 3; do echo "BEGIN; SELECT $i; ROLLBACK;"; done; } >tx.sql
traced pgtxrate tx.sql
bpid=$(head -1 pgtxrate.psql)
check_match "pgtxrate.d: header" "$(head -1 pgtxrate.out)" '^TIME +START/s +COMMIT/s +ABORT/s$'
check_match "pgtxrate.d: the session (backend $bpid): 13 started, 10 committed, 3 aborted" "$(cat pgtxrate.out)" \
  "^ +$bpid +13 +10 +3\$"
n=$(awk '/^[0-9][0-9][0-9][0-9] / { s += $(NF-1 - (/last part/ ? 3 : 0)) } END { print s + 0 }' pgtxrate.out)
check "pgtxrate.d: the per-second commits add up to at least the session's 10 ($n)" test "$n" -ge 10

# --- pglockwait.d: session A holds an ACCESS EXCLUSIVE lock on a table for
# 1.5 s; session B's SELECT waits for its ACCESS SHARE lock
echo 'CREATE TABLE sdtkit_kit_t (i int);' >mk.sql
psql_ mk.sql >/dev/null 2>&1
echo "SELECT 'sdtkit_kit_t'::regclass::oid, oid FROM pg_database WHERE datname = 'postgres';" >oid.sql
IFS='|' read -r reloid dboid < <(psql_ oid.sql)
echo 'BEGIN; LOCK TABLE sdtkit_kit_t IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(1.5); COMMIT;' >a.sql
echo 'SELECT pg_backend_pid(); SELECT count(*) FROM sdtkit_kit_t;' >b.sql
echo "SELECT count(*) FROM pg_locks WHERE relation = $reloid AND mode = 'AccessExclusiveLock' AND granted;" >held.sql
"$scripts/pglockwait.d" "$PG" >lw.out 2>lw.err &
d=$!
wait_attached $d || fail "pglockwait.d attached"
psql_ a.sql >a.psql 2>&1 &
a=$!
for i in $(seq 100); do [ "$(psql_ held.sql)" = 1 ] && break; sleep 0.05; done
psql_ b.sql >b.psql 2>&1
wait $a
kill -INT $d; wait $d
bpid=$(head -1 b.psql)
row=$(awk -v p="$bpid" '$1 == p' lw.out)
check_match "pglockwait.d: backend $bpid waited for AccessShareLock on relation $reloid of database $dboid" \
  "$row" "^ +$bpid relation +AccessShareLock +$dboid +$reloid +0 +[0-9]+\$"
check_eq "pglockwait.d: exactly one wait by that backend" "$(printf '%s\n' "$row" | grep -c .)" 1
check "pglockwait.d: it waited until A committed, at least 100 ms ($(echo "$row" | awk '{print $NF}') us)" \
  test "$(echo "$row" | awk '{print $NF}')" -ge 100000
check_match "pglockwait.d: the histogram by type and mode at the end" "$(cat lw.out)" '^  relation +AccessShareLock +$'
check_eq "pglockwait.d: no dtrace error" "$(cat lw.err)" ""
done_testing
