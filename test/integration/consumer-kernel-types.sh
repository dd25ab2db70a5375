#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-kernel-types.sh — DTrace's process model on the kernel's types,
# traced for real in the test's own processes (-c, /pid == $target/):
# curpsinfo (psinfo_t: ids, credentials, pr_fname, pr_psargs, pr_dmodel),
# curlwpsinfo (lwpsinfo_t: pr_lwpid, pr_pri, pr_state/pr_sname running and
# asleep, pr_onpro), curcpu (cpuinfo_t), progenyof(), a translator
# declared in a script (xlate <T *>(e)->m and xlate <T>(e).m), kernel types
# by name (struct task_struct, struct vmlinux`task_struct, a kernel
# typedef) in casts and sizeof, and the compile errors.  Exact output.
. "$SRCDIR/test/lib.sh"
data=$SRCDIR/test/integration/data
gcc -O2 -pthread "$data/proc-target.c" -o proc-target || fail "build proc-target"
TGT=$T/proc-target
pgid=$(ps -o pgid= -p $$ | tr -d ' ')
sid=$(ps -o sid= -p $$ | tr -d ' ')
# err SCRIPT: "status:stderr" of compiling -n SCRIPT
err () { "$DTRACE" -q -n "$1" >/dev/null 2>err.txt; echo "$?:$(cat err.txt)"; }

# ---------------------------------------------------------------- curpsinfo
"$DTRACE" -q -c "$TGT sleep" -n '
syscall::clock_nanosleep:entry, syscall::nanosleep:entry /pid == $target && !done/
{
	done = 1;
	printf("pid %d ppid %d uid %d gid %d euid %d egid %d\n", curpsinfo->pr_pid == pid,
	    curpsinfo->pr_ppid == ppid, curpsinfo->pr_uid == uid, curpsinfo->pr_gid == gid,
	    curpsinfo->pr_euid == uid, curpsinfo->pr_egid == gid);
	printf("fname %s psargs [%s] dmodel %d nlwp %d\n", curpsinfo->pr_fname,
	    curpsinfo->pr_psargs, curpsinfo->pr_dmodel, curpsinfo->pr_nlwp);
	printf("pgid %d sid %d addr %d\n", curpsinfo->pr_pgid, curpsinfo->pr_sid,
	    curpsinfo->pr_addr == (uintptr_t) curthread);
}' >ps.out 2>&1
check_eq "curpsinfo in the -c command: ids, credentials, pr_fname, pr_psargs, pr_dmodel" "$(cat ps.out)" \
"pid 1 ppid 1 uid 1 gid 1 euid 1 egid 1
fname proc-target psargs [$TGT sleep] dmodel 2 nlwp 1
pgid $pgid sid $sid addr 1"

# ---------------------------------------------------------------- pr_argc, pr_argv, pr_envp; another task's
"$DTRACE" -q -c "$TGT sleep" -n '
syscall::clock_nanosleep:entry, syscall::nanosleep:entry /pid == $target && !done/
{
	done = 1;
	printf("argc %d argv0 %d argv1 %s envp0 %d\n", curpsinfo->pr_argc,
	    *(long *) copyin(curpsinfo->pr_argv, 8) == curthread->mm->arg_start,
	    copyinstr(*(long *) copyin(curpsinfo->pr_argv + 8, 8)),
	    *(long *) copyin(curpsinfo->pr_envp, 8) == curthread->mm->env_start);
	printf("psargs[1] %c [%d]\n", curpsinfo->pr_psargs[1], curpsinfo->pr_psargs[500]);
	this->parent = curthread->real_parent;
	printf("parent: [%s] argc %d envp %d argv %d\n", xlate <psinfo_t> (this->parent).pr_psargs,
	    xlate <psinfo_t *> (this->parent)->pr_argc, xlate <psinfo_t *> (this->parent)->pr_envp,
	    xlate <psinfo_t *> (this->parent)->pr_argv == this->parent->mm->start_stack + 8);
}' >argv.out 2>&1
check_eq "pr_argc, pr_argv and pr_envp (the initial argv[] and envp[] on the stack); pr_psargs[i]; another task: <unknown>, 0" \
  "$(cat argv.out)" \
"argc 2 argv0 1 argv1 sleep envp0 1
psargs[1] ${TGT:1:1} [0]
parent: [<unknown>] argc 0 envp 0 argv 1"

# ---------------------------------------------------------------- pr_psargs at exec-success
cat >kids.sh <<SH
/bin/echo one "two three" >/dev/null
$TGT exit 0
SH
"$DTRACE" -q -c "/bin/sh $T/kids.sh" -n '
proc:::exec-success /ppid == $target/ { printf("%s [%s]\n", execname, curpsinfo->pr_psargs); }' >exec.out 2>&1
check_eq "pr_psargs at exec-success: the new program's whole argument list" "$(cat exec.out)" \
"echo [/bin/echo one two three]
proc-target [$TGT exit 0]"

# ---------------------------------------------------------------- create's psinfo_t *, lwp-create's lwpsinfo_t *
cat >forks.sh <<SH
/bin/true
$TGT thread
SH
"$DTRACE" -q -c "/bin/sh $T/forks.sh" -n '
proc:::create /pid == $target/ { printf("create %d %d %d [%s]\n", args[0]->pr_pid == args[0],
    args[0]->pr_ppid == pid, args[0]->pr_fname == execname, args[0]->pr_psargs); }
proc:::lwp-create /ppid == $target/ { printf("lwp-create %d %d %s %d [%s]\n", args[0]->pr_lwpid == args[0],
    args[1]->pr_pid == pid, args[0]->pr_name, args[1]->pr_ppid == ppid, args[1]->pr_psargs); }' >create.out 2>&1
check_eq "create's args[0]->pr_* (psinfo_t of the child; the shell's vfork shares its address space, so pr_psargs is read), lwp-create's args[0] (lwpsinfo_t) and args[1] (psinfo_t, the same address space: its pr_psargs)" \
  "$(cat create.out)" \
"create 1 1 1 [/bin/sh $T/forks.sh]
create 1 1 1 [/bin/sh $T/forks.sh]
lwp-create 1 1 proc-target 1 [$TGT thread]"

# ---------------------------------------------------------------- curlwpsinfo, curcpu
"$DTRACE" -q -c "$TGT sleep" -n '
syscall::clock_nanosleep:entry, syscall::nanosleep:entry /pid == $target && !done/
{
	done = 1;
	printf("running: lwpid %d pri %d state %d %c onpro %d name %s flag %d\n",
	    curlwpsinfo->pr_lwpid == tid, curlwpsinfo->pr_pri, curlwpsinfo->pr_state,
	    curlwpsinfo->pr_sname, curlwpsinfo->pr_onpro == cpu, curlwpsinfo->pr_name,
	    curlwpsinfo->pr_flag);
	printf("curcpu: %d %d %d %d\n", curcpu->cpu_id == cpu, curcpu->cpu_pset,
	    curcpu->cpu_chip == chip, curcpu->cpu_lgrp == lgrp);
}
sched:::sleep /pid == $target && done && !slept/
{
	slept = 1;
	printf("asleep: state %d %c (SSLEEP %d)\n", curlwpsinfo->pr_state, curlwpsinfo->pr_sname, SSLEEP);
}' >lwp.out 2>&1
check_eq "curlwpsinfo running (SRUN, R) and going to sleep (SSLEEP, S); curcpu" "$(cat lwp.out)" \
"running: lwpid 1 pri 120 state 2 R onpro 1 name proc-target flag 0
curcpu: 1 0 1 1
asleep: state 1 S (SSLEEP 1)"

# ---------------------------------------------------------------- progenyof
cat >tree.sh <<SH
/bin/true
/bin/sh -c '/bin/echo nested >/dev/null'
SH
"$DTRACE" -q -c "/bin/sh $T/tree.sh" -n '
BEGIN { printf("begin %d %d %d\n", progenyof(pid), progenyof(1), progenyof(-5)); }
proc:::exec-success /progenyof($target) && pid != $target/ { printf("%s\n", execname); }' >prog.out 2>&1
check_eq "progenyof(): dtrace itself and init's descendants; the -c command's children and grandchildren" \
  "$(cat prog.out)" \
"begin 1 1 0
true
sh
echo"

# ---------------------------------------------------------------- translators in scripts
cat >xl.d <<'D'
struct mine {
	int twice;
	int parent;
	string name;
};
translator struct mine < struct task_struct *t > {
	twice = t->pid * 2;
	parent = t->real_parent->tgid;
	name = t->comm;
};
BEGIN
{
	printf("%d %d %s\n", xlate <struct mine *> (curthread)->twice == 2 * tid,
	    xlate <struct mine> (curthread).parent == ppid, xlate <struct mine *> (curthread)->name);
	printf("%d\n", xlate <struct mine *> ((uintptr_t) curthread)->parent == ppid);
	printf("%d %d\n", xlate <psinfo_t *> (curthread)->pr_pid == pid,
	    xlate <lwpsinfo_t> (curthread).pr_lwpid == tid);
	exit(0);
}
D
check_eq "a script's translator: xlate <T *>(e)->m, xlate <T>(e).m, an integer argument cast to the input type; the built-in ones by xlate" \
  "$("$DTRACE" -qs xl.d 2>&1)" "1 1 dtrace
1
1 1"

# ---------------------------------------------------------------- kernel types by name
out=$("$DTRACE" -q -n 'BEGIN {
	printf("%d %d %d\n", sizeof (struct task_struct) == sizeof (struct vmlinux`task_struct),
	    sizeof (struct task_struct) > 1000, sizeof (vmlinux`u64));
	printf("%d %s\n", ((struct vmlinux`task_struct *) (uintptr_t) curthread)->tgid == pid,
	    stringof(((struct task_struct *) (uintptr_t) curthread)->comm));
	exit(0); }' 2>&1)
check_eq "kernel types by name: sizeof, casts of an integer to struct task_struct * (kernel reads), a kernel typedef" \
  "$out" "1 1 8
1 dtrace"
out=$("$DTRACE" -q -n 'struct task_struct *t;
BEGIN {
	t = curthread;
	self->f = curthread->real_parent;
	printf("%d %d %d\n", t->tgid == pid, self->f->tgid == ppid,
	    sizeof (vmlinux`struct task_struct) == sizeof (struct task_struct));
	printf("%d %d %s\n", ((vmlinux`struct task_struct *) (uintptr_t) curthread)->pid == tid,
	    offsetof (vmlinux`struct task_struct, pid) == offsetof (struct task_struct, pid),
	    stringof(((vmlinux`struct task_struct *) (uintptr_t) curthread)->group_leader->comm));
	exit(0); }' 2>&1)
check_eq "kernel types in a declaration (struct task_struct *t), vmlinux\`struct task_struct in sizeof, offsetof and casts" \
  "$out" "1 1 1
1 1 dtrace"

# ---------------------------------------------------------------- kernel symbols
# this machine's kernels list few variables in kallsyms (CONFIG_KALLSYMS_ALL)
# and BTF types only per-CPU ones (pahole before 1.26): the section marker
# __start_rodata is in every kallsyms, its type declared by extern
rodata=$(awk '$3 == "__start_rodata" { print $1; exit }' /proc/kallsyms)
cat >ksym.d <<'D'
extern unsigned char __start_rodata;
BEGIN
{
	printf("%x %x %d %d\n", (uint64_t) &`__start_rodata, (uint64_t) &vmlinux`__start_rodata,
	    sizeof (`__start_rodata), `__start_rodata == vmlinux`__start_rodata);
	exit(0);
}
D
check_eq "kernel symbols: &\`name is kallsyms' address, \`name its value (read from the kernel), typed by extern" \
  "$("$DTRACE" -qs ksym.d 2>&1)" "$rodata $rodata 1 1"

# ---------------------------------------------------------------- errors
# (a BTF made by pahole before 1.18, as 5.10's, describes no variable at
# all: there the refusal says that instead)
check_match "a per-CPU kernel variable is refused" "$(err 'BEGIN { trace(`runqueues); }')" \
'^1:dtrace: invalid probe specifier BEGIN \{ trace\(`runqueues\); \}: line 1: failed to resolve `runqueues: (runqueues is a per-CPU variable: its symbol is an offset, not an address \(not supported\)|the kernel.s BTF does not describe variable runqueues .*)$'
check_eq "a kernel symbol BTF does not type and no extern declares" "$(err 'BEGIN { trace(`__start_rodata); }')" \
"1:dtrace: invalid probe specifier BEGIN { trace(\`__start_rodata); }: line 1: failed to resolve \`__start_rodata: the kernel's BTF does not describe variable __start_rodata (only per-CPU ones, before pahole 1.26?): declare its type, as in extern unsigned long __start_rodata;"
check_eq "a name that is no kernel symbol" "$(err 'BEGIN { trace(`no_such_symbol_x); }')" \
"1:dtrace: invalid probe specifier BEGIN { trace(\`no_such_symbol_x); }: line 1: failed to resolve \`no_such_symbol_x: no_such_symbol_x is not in /proc/kallsyms (a kernel lists its variables there only when built with CONFIG_KALLSYMS_ALL)"

check_eq "curpsinfo used whole is refused" "$(err 'BEGIN { trace(curpsinfo); }')" \
"1:dtrace: invalid probe specifier BEGIN { trace(curpsinfo); }: line 1: xlate <psinfo_t *> (...): a translated value is only used through its members (xlate <T *> (e)->member, xlate <T> (e).member)"
check_eq "a psinfo_t member the translator does not define" "$(err 'BEGIN { trace(curpsinfo->pr_size); }')" \
"1:dtrace: invalid probe specifier BEGIN { trace(curpsinfo->pr_size); }: line 1: translator from struct task_struct * to psinfo_t does not define member pr_size"
check_eq "not a member of psinfo_t" "$(err 'BEGIN { trace(curpsinfo->nosuch); }')" \
"1:dtrace: invalid probe specifier BEGIN { trace(curpsinfo->nosuch); }: line 1: nosuch is not a member of struct psinfo"
check_eq "xlate from a type no translator takes" "$(err 'BEGIN { trace(xlate <psinfo_t *> ("x")->pr_pid); }')" \
"1:dtrace: invalid probe specifier BEGIN { trace(xlate <psinfo_t *> (\"x\")->pr_pid); }: line 1: xlate <psinfo_t *>: no translator from string is declared"
check_eq "-> on a translated struct (not a pointer)" "$(err 'BEGIN { trace(xlate <psinfo_t> (curthread)->pr_pid); }')" \
"1:dtrace: invalid probe specifier BEGIN { trace(xlate <psinfo_t> (curthread)->pr_pid); }: line 1: operator -> cannot be applied to xlate <psinfo_t>: it is not a pointer"
check_eq "a kernel struct the BTF lacks" "$(err 'BEGIN { trace(sizeof (struct vmlinux`nosuch_struct)); }')" \
"1:dtrace: invalid probe specifier BEGIN { trace(sizeof (struct vmlinux\`nosuch_struct)); }: line 1: failed to resolve type struct vmlinux\`nosuch_struct: the kernel's BTF has no struct nosuch_struct"

# a -c program without debug information (static and stripped: no library
# with DWARF either): the kernel's types and D's library still resolve
printf 'int main (void) { return 0; }\n' >st.c
gcc -static -s st.c -o st-stripped || fail "build a static stripped program"
check_eq "-c of a program without DWARF: curpsinfo and struct tty_struct come from the kernel" \
  "$("$DTRACE" -q -n 'BEGIN { printf("%d %d\n", curpsinfo->pr_pid == pid, sizeof (struct tty_struct) > 0); exit(0); }' -c ./st-stripped 2>&1)" \
  "$(printf '1 1\n')"

done_testing
