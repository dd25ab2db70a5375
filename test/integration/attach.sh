#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# attach.sh — USDT discovery and uprobe attach/detach on real processes
# (doc/probe-sites.md §4, §6; doc/design.md "The consumer"), through the
# test driver test/unit/test-attach: exact hit counts per site for a program
# and its shared library (systemtap's <sys/sdt.h>, semaphore-guarded), the
# semaphores raised while attached and back to 0 after detach, a process
# started after a system-wide attach counted (by inode), nothing left behind
# after `kill -9` of the tracer, pid-filtered attach, -c held until attached,
# -p of a missing pid, another tracer's ref_ctr mismatch, return probes, and
# 1000+ sites through one uprobe_multi link — for uprobe_multi and for the
# per-site perf-event fallback.
. "$SRCDIR/test/lib.sh"

DRIVER=$BUILDDIR/test/unit/test-attach
if [ ! -x "$DRIVER" ]; then fail "test driver $DRIVER is built"; done_testing; fi
if [ "$(id -u)" != 0 ]; then skip "uprobe attach tests need root"; done_testing; fi
CC=${CC:-cc}
# Never leave a driver or a served program running, whatever happens.
trap 'kill $(jobs -p) 2>/dev/null; wait 2>/dev/null; rm -rf "$T"' EXIT

# ---------------------------------------------------------------- programs
cat > lib.c <<'C'
#define _SDT_HAS_SEMAPHORES 1
#include <sys/sdt.h>
__extension__ unsigned short probedlib_work_semaphore
  __attribute__ ((section (".probes"), visibility ("hidden")));
int lib_work (int i);
unsigned lib_semaphore (void);
int
lib_work (int i)
{
  DTRACE_PROBE1 (probedlib, work, i);
  return i + 1;
}
unsigned
lib_semaphore (void)
{
  return *(volatile unsigned short *) &probedlib_work_semaphore;
}
C
cat > prog.c <<'C'
#define _SDT_HAS_SEMAPHORES 1
#include <sys/sdt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
__extension__ unsigned short demo_start__up_semaphore __attribute__ ((section (".probes")));
__extension__ unsigned short demo_tick_semaphore __attribute__ ((section (".probes")));
int lib_work (int i);
unsigned lib_semaphore (void);
void tick_a (int i);
void tick_b (int i);
__attribute__ ((noinline)) void tick_a (int i) { DTRACE_PROBE1 (demo, tick, i); __asm__ volatile ("" ::: "memory"); }
__attribute__ ((noinline)) void tick_b (int i) { DTRACE_PROBE1 (demo, tick, i); __asm__ volatile ("" ::: "memory"); }
static void
show (void)
{
  printf ("sem start-up=%u tick=%u work=%u\n", *(volatile unsigned short *) &demo_start__up_semaphore,
          *(volatile unsigned short *) &demo_tick_semaphore, lib_semaphore ());
  fflush (stdout);
}
static void
fire (int n)
{
  for (int i = 0; i < n; i++)
    {
      tick_a (i);
      tick_b (i);
      lib_work (i);
    }
}
int
main (int argc, char **argv)
{
  DTRACE_PROBE (demo, start__up);
  if (argc >= 3 && strcmp (argv[1], "run") == 0)
    {
      show ();
      fire (atoi (argv[2]));
      printf ("done\n");
      return 0;
    }
  /* serve: one reply line per command line */
  char line[64];
  while (fgets (line, sizeof line, stdin))
    {
      if (strncmp (line, "fire ", 5) == 0)
        {
          fire (atoi (line + 5));
          printf ("fired\n");
          fflush (stdout);
        }
      else if (strncmp (line, "sem", 3) == 0)
        show ();
      else
        break;
    }
  return 0;
}
C
{
  echo '#define _SDT_HAS_SEMAPHORES 1'
  echo '#include <sys/sdt.h>'
  echo '#include <stdio.h>'
  echo '__extension__ unsigned short many_site_semaphore __attribute__ ((section (".probes")));'
  echo 'int main (void) {'
  echo '  printf ("sem %u\n", *(volatile unsigned short *) &many_site_semaphore); fflush (stdout);'
  echo '  volatile int v = 0;'
  for ((i = 0; i < 1200; i++)); do echo "  DTRACE_PROBE1 (many, site, v);"; done
  echo '  return 0; }'
} > many.c

sed -e '/DTRACE_PROBE1 (many, site, v);/{x;s/^/x/;/^x\{81,\}$/{x;d};x}' many.c > some.c
if ! $CC -O2 -fPIC -shared -o libprobed.so lib.c 2>err.txt \
   || ! $CC -O2 -o prog prog.c -L. -lprobed -Wl,-rpath,"$T" 2>>err.txt \
   || ! $CC -O0 -o many many.c 2>>err.txt || ! $CC -O0 -o some some.c 2>>err.txt; then
  fail "test programs build"; sed 's/^/    /' err.txt; done_testing
fi
ok "test programs build (sys/sdt.h with semaphores, a shared library, 1200 sites)"

# ---------------------------------------------------------------- helpers
# start_driver NAME ARGS...: run the driver in the background, attached when
# NAME.ready appears (or failed when it exits first).  Output in NAME.out/.err.
start_driver () {
  local name=$1; shift
  rm -f "$name.ready"
  "$DRIVER" --ready "$name.ready" "$@" >"$name.out" 2>"$name.err" &
  eval "${name}_pid=$!"
  local i
  for ((i = 0; i < 300; i++)); do
    [ -e "$name.ready" ] && return 0
    kill -0 "$(eval echo "\$${name}_pid")" 2>/dev/null || return 1
    sleep 0.05
  done
  return 1
}
# stop_driver NAME: SIGTERM, wait; its status in NAME_status.
stop_driver () {
  local name=$1 pid
  pid=$(eval echo "\$${name}_pid")
  kill -TERM "$pid" 2>/dev/null
  wait "$pid"; eval "${name}_status=$?"
}
# count NAME KIND REST: the last field of the line "KIND REST... COUNT".
count () {
  awk -v k="$2" -v r="$3" '$1 == k { c = $NF; $1 = ""; $NF = ""; sub(/^ /, ""); sub(/ $/, "");
    if ($0 == r) { print c; found = 1 } } END { if (!found) print "none" }' "$1.out"
}
# Long-running programs that obey commands on a FIFO, one reply line each.
# serve_start NAME [CMD...] (default ./prog serve)
serve_start () {
  local name=$1; shift
  [ $# -gt 0 ] || set -- ./prog serve
  mkfifo "$name.in"
  "$@" <"$name.in" >"$name.srv" 2>&1 &
  eval "${name}_pid=$!"
  exec {fd}>"$name.in"
  eval "${name}_fd=$fd ${name}_lines=0"
}
# serve_cmd NAME CMD: the reply goes to $reply (no subshell: the line count
# must persist).
serve_cmd () {
  local name=$1 cmd=$2 fd lines i
  fd=$(eval echo "\$${name}_fd"); lines=$(( $(eval echo "\$${name}_lines") + 1 ))
  eval "${name}_lines=$lines"
  echo "$cmd" >&"$fd"
  for ((i = 0; i < 200; i++)); do
    [ "$(wc -l <"$name.srv")" -ge "$lines" ] && break
    sleep 0.02
  done
  reply=$(sed -n "${lines}p" "$name.srv")
}
serve_stop () {
  local name=$1 fd pid
  fd=$(eval echo "\$${name}_fd"); pid=$(eval echo "\$${name}_pid")
  echo quit >&"$fd"; exec {fd}>&-
  wait "$pid" 2>/dev/null
  rm -f "$name.in"
}
# Lines of uprobe_events that name our files: tracefs must never be used.
uprobe_events_ours () {
  local f
  for f in /sys/kernel/tracing/uprobe_events /sys/kernel/debug/tracing/uprobe_events; do
    if [ -r "$f" ]; then grep -c -e "$T" "$f"; return; fi
  done
  # Not mounted: look through a private mount namespace (leaves no mount).
  unshare -m sh -c 'mount -t tracefs nodev /sys/kernel/tracing 2>/dev/null &&
    grep -c -e "$1" /sys/kernel/tracing/uprobe_events' sh "$T"
}

# ---------------------------------------------------------------- listing
out=$("$DRIVER" --list --module ./prog --module ./libprobed.so ':::' 2>&1)
check_match "-l of files: header" "$out" '^   ID   PROVIDER            MODULE                          FUNCTION NAME$'
check_match "-l of files: start-up probe in main, D spelling" "$out" '^ +[0-9]+ +demo +prog +main start-up$'
check_match "-l of files: tick in tick_a" "$out" '^ +[0-9]+ +demo +prog +tick_a tick$'
check_match "-l of files: the library's probe" "$out" '^ +[0-9]+ +probedlib +libprobed.so +lib_work work$'

# ---------------------------------------------------------------- per mode
for mode in multi perf; do
  # System-wide, by inode: the program starts after the attach.
  if start_driver sw "--$mode" --module ./prog --module ./libprobed.so 'demo:::' 'probedlib:::'; then
    ok "$mode: system-wide attach"
    run=$(./prog run 5)
    check_match "$mode: semaphores raised in a process started after attach" "$run" '^sem start-up=1 tick=2 work=1$'
    stop_driver sw
    check_eq "$mode: driver exits 0" "$sw_status" 0
    check_eq "$mode: start-up counted once" "$(count sw probe 'demo prog main start-up')" 1
    check_eq "$mode: tick counted 5 times at each of its 2 sites" "$(count sw probe 'demo prog tick_a tick')$(count sw probe 'demo prog tick_b tick')" 55
    check_eq "$mode: library probe counted 5 times" "$(count sw probe 'probedlib libprobed.so lib_work work')" 5
    check_eq "$mode: 4 sites, exact total" "$(grep -c '^site ' sw.out) $(count sw total '')" "4 16"
    check_match "$mode: attach mechanism" "$(cat sw.out)" "^mode $( [ $mode = multi ] && echo uprobe_multi || echo perf_event)\$"
    check_match "$mode: detach time reported" "$(cat sw.out)" '^detached in [0-9.]+ ms$'
    check_match "$mode: semaphores back to 0 after detach" "$(./prog run 1)" '^sem start-up=0 tick=0 work=0$'
  else
    fail "$mode: system-wide attach"; sed 's/^/    /' sw.err
  fi

  # kill -9 of the tracer leaves nothing behind.
  serve_start k
  if start_driver kd "--$mode" --module ./prog --module ./libprobed.so 'demo:::' 'probedlib:::'; then
    serve_cmd k sem; check_eq "$mode: a running process gets its semaphores raised" "$reply" "sem start-up=1 tick=2 work=1"
    kill -9 "$kd_pid"; wait "$kd_pid" 2>/dev/null
    # The kernel drops the links as the killed tracer's files close; allow
    # for deferred release.
    for ((i = 0; i < 20; i++)); do
      serve_cmd k sem; [ "$reply" = "sem start-up=0 tick=0 work=0" ] && break; sleep 0.1
    done
    check_eq "$mode: after kill -9 of the tracer the semaphores are 0" "$reply" "sem start-up=0 tick=0 work=0"
    serve_cmd k 'fire 3'; check_eq "$mode: the process runs on untraced" "$reply" "fired"
    check_eq "$mode: no uprobe_events entry of ours" "$(uprobe_events_ours)" 0
    check_match "$mode: a new run sees no semaphore" "$(./prog run 2)" '^sem start-up=0 tick=0 work=0$'
  else
    fail "$mode: attach for the kill -9 test"; sed 's/^/    /' kd.err
  fi
  serve_stop k

  # pid-filtered: two processes of one binary, only one traced.
  serve_start a; serve_start b
  if start_driver pf "--$mode" -p "$a_pid" 'demo*:::' 'probedlib*:::'; then
    check_match "$mode: pid filter reported" "$(cat pf.out)" '^pid_filter (kernel|program)$'
    if grep -q '^pid_filter kernel$' pf.out; then
      serve_cmd a sem; check_eq "$mode: traced process has its semaphores raised" "$reply" "sem start-up=1 tick=2 work=1"
      serve_cmd b sem; check_eq "$mode: the other process's semaphores stay 0" "$reply" "sem start-up=0 tick=0 work=0"
    fi
    serve_cmd a 'fire 3'
    serve_cmd b 'fire 4'
    stop_driver pf
    check_eq "$mode: -p: tick counted for that pid only (2 sites x 3)" "$(count pf probe "demo$a_pid prog tick_a tick")+$(count pf probe "demo$a_pid prog tick_b tick")" "3+3"
    check_eq "$mode: -p: library probe counted for that pid only" "$(count pf probe "probedlib$a_pid libprobed.so lib_work work")" 3
    check_eq "$mode: -p: start-up (before attach) not counted" "$(count pf probe "demo$a_pid prog main start-up")" 0
    serve_cmd a sem; check_eq "$mode: -p: semaphores back to 0" "$reply" "sem start-up=0 tick=0 work=0"
  else
    fail "$mode: pid-filtered attach"; sed 's/^/    /' pf.err
  fi
  serve_stop a; serve_stop b

  # -c: the child is held before exec until attached; its first probe (the
  # first statement of main) is counted, and the library it loads later too.
  "$DRIVER" "--$mode" -c "./prog run 3" --module ./libprobed.so 'demo*:::' 'probedlib*:::' >c.out 2>c.err
  st=$?
  check_eq "$mode: -c driver exits 0" "$st" 0
  cpid=$(sed -n 's/^dtrace: pid \([0-9]*\) has exited$/\1/p' c.err)
  check_match "$mode: -c exit notice" "$(cat c.err)" '^dtrace: pid [0-9]+ has exited$'
  check_match "$mode: -c child saw its semaphores raised from the start" "$(cat c.out)" '^sem start-up=1 tick=2 work=1$'
  check_eq "$mode: -c first probe hit counted" "$(count c probe "demo$cpid prog main start-up")" 1
  check_eq "$mode: -c tick counted" "$(count c probe "demo$cpid prog tick_a tick")" 3
  check_eq "$mode: -c library probe (loaded after exec) counted" "$(count c probe "probedlib$cpid libprobed.so lib_work work")" 3

  # Return probes at a function entry.
  if start_driver rp "--$mode" --retprobe --func lib_work --module ./libprobed.so; then
    check_match "$mode: program runs under a return probe" "$(./prog run 4)" '^done$'
    stop_driver rp
    check_eq "$mode: return probe counted once per return" "$(count rp total '')" 4
  else
    fail "$mode: return probe attach"; sed 's/^/    /' rp.err
  fi

  # Another tracer on the same sites without the semaphore: a clear error.
  if start_driver s1 "--$mode" --module ./prog 'demo:::tick'; then
    "$DRIVER" "--$mode" --no-semaphore --module ./prog 'demo:::tick' >s2.out 2>s2.err
    st=$?
    check_eq "$mode: a second tracer with no semaphore fails" "$st" 1
    check_match "$mode: ref_ctr mismatch explained" "$(cat s2.err)" 'another tracer attached this site with a different or no semaphore'
    check_match "$mode: the first tracer is unaffected" "$(./prog run 2)" '^sem start-up=0 tick=2 work=0$'
    stop_driver s1
    check_eq "$mode: first tracer still counted its sites" "$(count s1 total '')" 4
  else
    fail "$mode: attach for the ref_ctr test"; sed 's/^/    /' s1.err
  fi
done

# ---------------------------------------------------------------- system-wide
# A wildcard with no -p/-c/module scans every process: each running copy is
# a provider <prov><pid>; the attach is by inode, so a process started later
# fires too (counted at the shared sites).
serve_start w
serve_cmd w sem
out=$("$DRIVER" --system-wide --list 'demo*:::' 2>&1)
check_match "system-wide -l: running process listed as demo<pid>" "$out" "^ +[0-9]+ +demo$w_pid +prog +main start-up\$"
check_match "system-wide -l: its library's probe listed" "$("$DRIVER" --system-wide --list 'probedlib*:::work' 2>&1)" \
  "^ +[0-9]+ +probedlib$w_pid +libprobed.so +lib_work work\$"
if start_driver swd --system-wide 'demo*:::tick'; then
  check_match "system-wide: a process started later runs with the semaphore raised" "$(./prog run 2)" '^sem start-up=0 tick=2 work=0$'
  serve_cmd w 'fire 1'
  stop_driver swd
  check_eq "system-wide: the later process and the running one both counted" \
    "$(count swd probe "demo$w_pid prog tick_a tick")" 3
else
  fail "system-wide attach"; sed 's/^/    /' swd.err
fi
serve_stop w

# ---------------------------------------------------------------- namespaces
# A process in another mount namespace runs a copy of prog that exists only
# there (a private tmpfs): its file is reached through /proc/PID/root.
mkdir ns
serve_start n unshare -m sh -c 'mount -t tmpfs none "$1/ns" && cp "$1/prog" "$1/ns/prog" && exec "$1/ns/prog" serve' sh "$T"
serve_cmd n sem
if [ "$reply" = "sem start-up=0 tick=0 work=0" ] && [ ! -e ns/prog ]; then
  check_match "other mount namespace: -l finds the probes of a file we cannot see" \
    "$("$DRIVER" -p "$n_pid" --list 'demo*:::tick' 2>&1)" "^ +[0-9]+ +demo$n_pid +prog +tick_a tick\$"
  if start_driver nsd -p "$n_pid" 'demo*:::tick'; then
    serve_cmd n sem; check_eq "other mount namespace: semaphore raised" "$reply" "sem start-up=0 tick=2 work=0"
    serve_cmd n 'fire 2'
    stop_driver nsd
    check_eq "other mount namespace: hits counted" "$(count nsd probe "demo$n_pid prog tick_a tick")" 2
  else
    fail "other mount namespace: attach"; sed 's/^/    /' nsd.err
  fi
else
  fail "a process in a private mount namespace starts (reply: $reply)"
fi
serve_stop n

# ---------------------------------------------------------------- scale
if start_driver big --multi --module ./many 'many:::site'; then
  check_match "1200 sites in one uprobe_multi link" "$(cat big.out)" '^attached 1200 sites with 1 links in [0-9.]+ ms$'
  check_eq "1200 sites: the semaphore counts every site" "$(./many)" "sem 1200"
  stop_driver big
  check_eq "1200 sites: each hit once" "$(awk '$1 == "site" && $NF == 1' big.out | wc -l) $(count big total '')" "1200 1200"
  printf '# %s; %s\n' "$(grep '^attached' big.out)" "$(grep '^detached' big.out)"
  check_eq "1200 sites: semaphore 0 after detach" "$(./many)" "sem 0"
else
  fail "1200-site attach"; sed 's/^/    /' big.err
fi

# The perf-event fallback needs one fd per site: it raises a low soft
# open-file limit itself (80 sites under a limit of 40).
(
  ulimit -Sn 40
  if start_driver pl --perf --module ./some 'many:::site'; then
    check_match "perf fallback: 80 sites attach under a soft fd limit of 40" "$(cat pl.out)" '^attached 80 sites with 80 links'
    check_eq "perf fallback: semaphore counts 80 sites" "$(./some)" "sem 80"
    stop_driver pl
    check_eq "perf fallback: 80 hits" "$(count pl total '')" 80
    printf '# %s; %s\n' "$(grep '^attached' pl.out)" "$(grep '^detached' pl.out)"
  else
    fail "perf fallback: 80 sites attach under a soft fd limit of 40"; sed 's/^/    /' pl.err
  fi
  exit $_failed
) || _failed=1

# ---------------------------------------------------------------- errors
out=$("$DRIVER" -p 2147483646 'demo*:::' 2>&1); st=$?
check_eq "-p of a nonexistent pid exits 1" "$st" 1
check_match "-p of a nonexistent pid: message" "$out" '^dtrace: failed to grab pid 2147483646: No such process$'
out=$("$DRIVER" -c "./no-such-program" 'demo*:::' 2>&1); st=$?
check_eq "-c of a missing program exits 1" "$st" 1
check_match "-c of a missing program: message" "$out" '^dtrace: failed to execute ./no-such-program: No such file or directory$'
check_eq "no uprobe_events entry of ours at the end" "$(uprobe_events_ours)" 0

done_testing
