/* SPDX-License-Identifier: MIT */
/*
 * checker-prelude.c — the built-in D library: what DTrace's procfs.d and
 * sched.d give every script on Linux, written here in D and compiled
 * with the script that uses it (checker-int.h ck_prelude_load).
 *
 * The types (psinfo_t, lwpsinfo_t, cpuinfo_t, timestruc_t and their id
 * typedefs) have the members, member types and order of Oracle's DTrace
 * for Linux; their translators from the kernel's `struct task_struct *`
 * (and cpuinfo_t's from a CPU number) give the values Oracle's give:
 * pr_pid the tgid, pr_ppid the real parent's tgid, pr_uid..pr_egid the
 * credentials, pr_fname the comm, pr_dmodel PR_MODEL_LP64, the Solaris-only
 * ids 0; pr_state/pr_sname from the task's state bits (Linux's
 * TASK_INTERRUPTIBLE 1, TASK_UNINTERRUPTIBLE 2, __TASK_STOPPED 4,
 * __TASK_TRACED 8, EXIT_DEAD 0x10, EXIT_ZOMBIE 0x20, TASK_DEAD 0x80,
 * TASK_WAKEKILL 0x100, TASK_WAKING 0x200).  pr_psargs is the process's
 * argument strings, spaces between, 79 bytes at most (__psargs(),
 * codegen-library.c), as Solaris's PRARGSZ; pr_argc/pr_argv/pr_envp the
 * initial argc, argv[] and envp[] on the stack (mm->start_stack).  Those
 * read user memory, so for a task of another address space pr_psargs is
 * "<unknown>" and pr_argc/pr_envp 0, as Oracle's.
 *
 * fileinfo_t (Oracle's io.d) is translated from a struct file *: names
 * from the dentry, fi_pathname by __d_path() (codegen-dpath.c, given the
 * struct offsets read from BTF here, @DPATH@), "<none>" for NULL, fi_mount
 * "<unknown>" as Oracle's.  fds[fd].m (checker-members.c) is
 * xlate <fileinfo_t> (xlate <struct __fds_slot> (fd).file).m: the private
 * translator from an int gives the current process's file of fd, bounded
 * by the descriptor table's max_fds.
 *
 * The library is parsed only when a script names one of its names, so
 * scripts that do not use it compile as before, and it needs the
 * kernel's BTF (its translators read struct task_struct); a name the
 * script defines itself wins over the library's (its declaration is
 * skipped).  Two members depend on the kernel: the state is `__state`
 * from Linux 5.14 (`state` before), the CPU `cpu` or `thread_info.cpu`.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "consumer/compile/checker-int.h"
#include "dlang/dlang.h"
#include "common/xalloc.h"

/* @STATE@ and @CPU@ are replaced by the running kernel's members. */
static const char library[] =
  "typedef struct timestruc { time_t tv_sec; long tv_nsec; } timestruc_t;\n"
  "typedef id_t processorid_t;\n"
  "typedef id_t psetid_t;\n"
  "typedef id_t chipid_t;\n"
  "typedef id_t lgrp_id_t;\n"
  "typedef id_t taskid_t;\n"
  "typedef id_t projid_t;\n"
  "typedef id_t poolid_t;\n"
  "typedef id_t zoneid_t;\n"
  "typedef struct lwpsinfo {\n"
  "  int pr_flag; int pr_lwpid; uintptr_t pr_addr; uintptr_t pr_wchan;\n"
  "  char pr_stype; char pr_state; char pr_sname; char pr_nice;\n"
  "  short pr_syscall; char pr_oldpri; char pr_cpu; int pr_pri;\n"
  "  ushort_t pr_pctcpu; ushort_t pr_pad; timestruc_t pr_start; timestruc_t pr_time;\n"
  "  char pr_clname[8]; char pr_name[16]; processorid_t pr_onpro; processorid_t pr_bindpro;\n"
  "  psetid_t pr_bindpset; int pr_lgrp; int pr_filler[4];\n"
  "} lwpsinfo_t;\n"
  "typedef struct psinfo {\n"
  "  int pr_flag; int pr_nlwp; pid_t pr_pid; pid_t pr_ppid; pid_t pr_pgid; pid_t pr_sid;\n"
  "  uid_t pr_uid; uid_t pr_euid; uid_t pr_gid; uid_t pr_egid; uintptr_t pr_addr;\n"
  "  size_t pr_size; size_t pr_rssize; size_t pr_pad1; struct tty_struct *pr_ttydev;\n"
  "  ushort_t pr_pctcpu; ushort_t pr_pctmem; timestruc_t pr_start; timestruc_t pr_time;\n"
  "  timestruc_t pr_ctime; char pr_fname[16]; char pr_psargs[80]; int pr_wstat; int pr_argc;\n"
  "  uintptr_t pr_argv; uintptr_t pr_envp; char pr_dmodel; char pr_pad2[3];\n"
  "  taskid_t pr_taskid; projid_t pr_projid; int pr_nzomb; poolid_t pr_poolid;\n"
  "  zoneid_t pr_zoneid; id_t pr_contract; int pr_filler[1]; lwpsinfo_t pr_lwp;\n"
  "} psinfo_t;\n"
  "typedef struct cpuinfo {\n"
  "  processorid_t cpu_id; psetid_t cpu_pset; chipid_t cpu_chip; lgrp_id_t cpu_lgrp;\n"
  "} cpuinfo_t;\n"
  "inline char PR_MODEL_ILP32 = 1;\n"
  "inline char PR_MODEL_LP64 = 2;\n"
  "inline int PR_STOPPED = 0x00000001;\n"
  "inline int PR_ISTOP = 0x00000002;\n"
  "inline int PR_DSTOP = 0x00000004;\n"
  "inline int PR_IDLE = 0x10000000;\n"
  "inline char SSLEEP = 1;\n"
  "inline char SRUN = 2;\n"
  "inline char SZOMB = 3;\n"
  "inline char SSTOP = 4;\n"
  "inline char SIDL = 5;\n"
  "inline char SONPROC = 6;\n"
  "inline char SWAIT = 7;\n"
  "translator psinfo_t < struct task_struct *T > {\n"
  "  pr_nlwp = 1;\n"
  "  pr_pid = T->tgid;\n"
  "  pr_ppid = T->real_parent->tgid;\n"
  "  pr_pgid = T->signal->pids[2]->numbers[0].nr;\n"
  "  pr_sid = T->signal->pids[3]->numbers[0].nr;\n"
  "  pr_uid = T->cred->uid.val;\n"
  "  pr_euid = T->cred->euid.val;\n"
  "  pr_gid = T->cred->gid.val;\n"
  "  pr_egid = T->cred->egid.val;\n"
  "  pr_addr = (uintptr_t) T;\n"
  "  pr_ttydev = T->signal->tty ? (uintptr_t) T->signal->tty : -1;\n"
  "  pr_fname = T->comm;\n"
  "  pr_psargs = T->mm == curthread->mm ? __psargs (T->mm->arg_start, T->mm->arg_end) : \"<unknown>\";\n"
  "  pr_wstat = 0;\n"
  "  pr_argc = T->mm && T->mm == curthread->mm ? __uword (T->mm->start_stack) : 0;\n"
  "  pr_argv = T->mm ? T->mm->start_stack + 8 : 0;\n"
  "  pr_envp = T->mm && T->mm == curthread->mm ?\n"
  "            T->mm->start_stack + 16 + 8 * __uword (T->mm->start_stack) : 0;\n"
  "  pr_dmodel = PR_MODEL_LP64;\n"
  "  pr_taskid = 0;\n"
  "  pr_projid = 0;\n"
  "  pr_nzomb = 0;\n"
  "  pr_poolid = 0;\n"
  "  pr_zoneid = 0;\n"
  "  pr_contract = 0;\n"
  "};\n"
  "translator lwpsinfo_t < struct task_struct *T > {\n"
  "  pr_flag = (T->@STATE@ & 4) ? PR_STOPPED : 0;\n"
  "  pr_lwpid = T->pid;\n"
  "  pr_addr = (uintptr_t) T;\n"
  "  pr_wchan = 0;\n"
  "  pr_stype = 0;\n"
  "  pr_state = (T->@STATE@ & 3) ? SSLEEP : (T->@STATE@ & 12) ? SSTOP :\n"
  "             (T->@STATE@ & 0xb0) ? SZOMB : (T->@STATE@ & 0x300) ? SWAIT : SRUN;\n"
  "  pr_sname = (T->@STATE@ & 3) ? 'S' : (T->@STATE@ & 12) ? 'T' :\n"
  "             (T->@STATE@ & 0xb0) ? 'Z' : (T->@STATE@ & 0x300) ? 'W' : 'R';\n"
  "  pr_pri = T->prio;\n"
  "  pr_name = T->comm;\n"
  "  pr_onpro = T->@CPU@;\n"
  "};\n"
  "translator cpuinfo_t < int C > {\n"
  "  cpu_id = C;\n"
  "  cpu_pset = 0;\n"
  "  cpu_chip = 0;\n"
  "  cpu_lgrp = 0;\n"
  "};\n"
  "typedef struct fileinfo {\n"
  "  string fi_name; string fi_dirname; string fi_pathname; int64_t fi_offset;\n"
  "  string fi_fs; string fi_mount; int fi_oflags;\n"
  "} fileinfo_t;\n"
  "translator fileinfo_t < struct file *F > {\n"
  "  fi_name = F == NULL ? \"<none>\" : stringof (F->f_path.dentry->d_name.name);\n"
  "  fi_dirname = F == NULL ? \"<none>\" :\n"
  "               dirname (__d_path ((uintptr_t) F->f_path.dentry, (uintptr_t) F->f_path.mnt, (uintptr_t) curthread->fs->root.dentry, (uintptr_t) curthread->fs->root.mnt, @DPATH@));\n"
  "  fi_pathname = F == NULL ? \"<none>\" :\n"
  "                __d_path ((uintptr_t) F->f_path.dentry, (uintptr_t) F->f_path.mnt, (uintptr_t) curthread->fs->root.dentry, (uintptr_t) curthread->fs->root.mnt, @DPATH@);\n"
  "  fi_offset = F == NULL ? 0 : F->f_pos;\n"
  "  fi_fs = F == NULL ? \"<none>\" : stringof (F->f_path.mnt->mnt_sb->s_type->name);\n"
  "  fi_mount = F == NULL ? \"<none>\" : \"<unknown>\";\n"
  "  fi_oflags = F == NULL ? 0 : F->f_flags;\n"
  "};\n"
  "struct __fds_slot { struct file *file; };\n"
  "translator struct __fds_slot < int FD > {\n"
  "  file = FD >= 0 && FD < curthread->files->fdt->max_fds ? curthread->files->fdt->fd[FD] : NULL;\n"
  "};\n"
  "inline psinfo_t *curpsinfo = xlate <psinfo_t *> (curthread);\n"
  "inline lwpsinfo_t *curlwpsinfo = xlate <lwpsinfo_t *> (curthread);\n";

static const char *const names[] = {
  "timestruc_t", "processorid_t", "psetid_t", "chipid_t", "lgrp_id_t", "taskid_t", "projid_t",
  "poolid_t", "zoneid_t", "lwpsinfo_t", "psinfo_t", "cpuinfo_t", "timestruc", "lwpsinfo",
  "psinfo", "cpuinfo", "PR_MODEL_ILP32", "PR_MODEL_LP64", "PR_STOPPED", "PR_ISTOP", "PR_DSTOP",
  "PR_IDLE", "SSLEEP", "SRUN", "SZOMB", "SSTOP", "SIDL", "SONPROC", "SWAIT", "curpsinfo",
  "curlwpsinfo", "curcpu", "fileinfo_t", "fileinfo", "fds",
};

/* TEXT with every FROM replaced by TO (malloc'd). */
static char *
replace_all (const char *text, const char *from, const char *to)
{
  size_t n = 0, fl = strlen (from), tl = strlen (to);
  for (const char *p = strstr (text, from); p; p = strstr (p + fl, from))
    n++;
  char *out = xmalloc (strlen (text) + n * tl + 1), *o = out;
  for (const char *p = text, *q; ; p = q + fl)
    {
      q = strstr (p, from);
      size_t len = q ? (size_t) (q - p) : strlen (p);
      memcpy (o, p, len);
      o += len;
      if (!q)
        break;
      memcpy (o, to, tl);
      o += tl;
    }
  *o = '\0';
  return out;
}

/* Is D already defining what D would (the script's own wins)? */
static bool
defined_already (struct ck *c, const struct d_decl *d)
{
  struct ctype_table *tt = ck_types (c);
  struct ck_const k;
  switch (d->kind)
    {
    case DD_TYPEDEF:
      return ctype_find (tt, CT_TYPEDEF, NULL, d->name) != NULL;
    case DD_STRUCT:
      return d->name && ctype_find (tt, CT_STRUCT, NULL, d->name) != NULL;
    case DD_INLINE:
      return ck_find_const (c, d->name, &k);
    default:
      return false;
    }
}

/* The member offset MEMBER of the kernel's struct TAG (BTF), or -1. */
static int64_t
kernel_offset (struct ck *c, const char *tag, const char *member)
{
  const struct ctype_resolver *k = &c->prog->target.kernel_types;
  char *error = NULL;
  const struct ctype *t = k->lookup (k->ctx, ck_types (c), CT_STRUCT, "vmlinux", tag, &error);
  free (error);
  uint64_t off;
  return t && ctype_member (t, member, &off) ? (int64_t) off : -1;
}

/* __d_path's offsets (codegen-dpath.c): dentry's d_parent, d_name.name and
 * d_name.len, vfsmount's mnt_root, mount's mnt, mnt_parent and
 * mnt_mountpoint ("-1" for one the kernel's BTF lacks). */
static char *
dpath_offsets (struct ck *c)
{
  int64_t d_name = kernel_offset (c, "dentry", "d_name");
  int64_t name = kernel_offset (c, "qstr", "name"), len = kernel_offset (c, "qstr", "len");
  return xasprintf ("%" PRId64 ", %" PRId64 ", %" PRId64 ", %" PRId64 ", %" PRId64 ", %" PRId64
                    ", %" PRId64, kernel_offset (c, "dentry", "d_parent"),
                    d_name < 0 || name < 0 ? -1 : d_name + name,
                    d_name < 0 || len < 0 ? -1 : d_name + len,
                    kernel_offset (c, "vfsmount", "mnt_root"), kernel_offset (c, "mount", "mnt"),
                    kernel_offset (c, "mount", "mnt_parent"),
                    kernel_offset (c, "mount", "mnt_mountpoint"));
}

bool
ck_prelude_load (struct ck *c, const char *name, const struct d_loc *loc, bool *failed)
{
  *failed = false;
  bool ours = false;
  for (size_t i = 0; i < sizeof names / sizeof names[0] && !ours; i++)
    ours = strcmp (names[i], name) == 0;
  if (!ours || c->prelude_tried)
    return false;
  c->prelude_tried = true;
  const struct ctype_resolver *k = &c->prog->target.kernel_types;
  char *error = NULL;
  const struct ctype *task = k->lookup ? k->lookup (k->ctx, ck_types (c), CT_STRUCT, "vmlinux",
                                                    "task_struct", &error) : NULL;
  if (!task)
    {
      ck_err (c, loc, "%s is not available: %s", name,
              error ? error : "the kernel's types (BTF) are not known here");
      free (error);
      *failed = true;
      return false;
    }
  uint64_t off;
  char *t1 = replace_all (library, "@STATE@", ctype_member (task, "__state", &off) ? "__state" : "state");
  char *t2 = replace_all (t1, "@CPU@", ctype_member (task, "cpu", &off) ? "cpu" : "thread_info.cpu");
  char *offsets = dpath_offsets (c);
  char *text = replace_all (t2, "@DPATH@", offsets);
  FREE_ALL (t1, t2, offsets);
  struct d_program dp;
  memset (&dp, 0, sizeof dp);
  c->prelude = xcalloc (1, sizeof *c->prelude);
  int r = d_parse_script_string ("<D library>", text, c->errprefix, &dp, c->prelude);
  free (text);
  d_program_free (&dp);
  for (size_t i = 0; r == 0 && i < c->prelude->ndecls; i++)
    if (!defined_already (c, &c->prelude->decls[i]) && ck_decl (c, &c->prelude->decls[i]) != 0)
      r = -1;
  *failed = r != 0;
  return r == 0;
}

void
ck_prelude_free (struct ck *c)
{
  if (!c->prelude)
    return;
  d_script_free (c->prelude);
  free (c->prelude);
  c->prelude = NULL;
}
