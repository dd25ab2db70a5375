/* SPDX-License-Identifier: MIT */
/*
 * pid-probes.c — pid provider probes from /proc/PID/maps and ELF symbol
 * tables (see pid-probes.h).
 *
 * Each file is read once per call: its executable PT_LOAD segments (to turn
 * a symbol's link-time address into the file offset a uprobe needs) and its
 * symbol table (sdt_symtab_load: .symtab, or .dynsym when stripped).
 */
#include "consumer/output/probe-list.h"
#include "consumer/probes/pid-probes.h"
#include "consumer/probes/arch-regs.h"
#include "consumer/probes/pid-libs.h"
#include "consumer/probes/exec-mappings.h"
#include "consumer/probes/a64-insn.h"
#include "consumer/probes/x86-insn.h"
#include "common/vec.h"
#include "common/files.h"
#include "common/xalloc.h"
#include "sdt/sdt.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

struct seg {
  uint64_t vaddr, size, offset;
};

/* A file with what was read from it. */
struct file_info {
  struct pid_file f;       /* first: pid_probe.file points here */
  pid_t pid;
  bool loaded, bad;
  int fd;                  /* open while probes are found, -1 after */
  size_t nsegs, segs_cap;
  struct seg *segs;
  struct sdt_symtab syms;
  bool have_syms;
  uint64_t e_entry;        /* the ELF entry point: entered with argc at the
                              stack pointer, not a return address */
  bool a64;                /* an aarch64 file: fixed 4-byte instructions */
};

pid_t
pid_desc_pid (const struct probe_desc *d)
{
  const char *p = d->provider;
  if (strncmp (p, "pid", 3) != 0 || p[3] == '\0')
    return 0;
  for (const char *q = p + 3; *q; q++)
    if (!isdigit ((unsigned char) *q))
      return 0;
  long v = strtol (p + 3, NULL, 10);
  return v > 0 && v < (1L << 30) ? (pid_t) v : 0;
}

static struct file_info *
add_file (struct pid_probe_list *l, pid_t pid, dev_t dev, ino_t ino, const char *path, bool is_exec)
{
  for (size_t i = 0; i < l->nfiles; i++)
    {
      struct file_info *fi = (struct file_info *) l->files[i];
      if (fi->pid == pid && fi->f.dev == dev && fi->f.ino == ino)
        {
          fi->f.is_exec |= is_exec;
          return fi;
        }
    }
  struct file_info *fi = xcalloc (1, sizeof *fi);
  fi->f.dev = dev;
  fi->f.ino = ino;
  fi->f.path = xstrdup (path);
  fi->f.module = xstrdup (path_base (path));
  fi->f.is_exec = is_exec;
  fi->pid = pid;
  fi->fd = -1;
  VEC_PUSH (l->files, l->nfiles, l->files_cap) = &fi->f;
  return fi;
}

struct scan {
  struct pid_probe_list *l;
  bool have_exe;
  struct stat exe;         /* /proc/PID/exe */
};

static void
scan_mapping (const struct exec_mapping *em, void *arg)
{
  struct scan *sc = arg;
  if (em->m->deleted)
    return;
  char *op = exec_mapping_open_path (em);
  if (!op)
    return;
  bool is_exec = sc->have_exe && sc->exe.st_ino == em->ino && sc->exe.st_dev == em->dev;
  struct file_info *fi = add_file (sc->l, em->pid, em->dev, em->ino, op, is_exec);
  /* the module name is the basename as the process maps it */
  const char *module = path_base (em->m->path);
  if (strcmp (fi->f.module, module) != 0)
    {
      free (fi->f.module);
      fi->f.module = xstrdup (module);
    }
  free (op);
}

/* The files of PID: a held -c child's exec path, else its executable
 * mappings.  Returns 0, or -1 after diag_error. */
static int
scan_pid (struct pid_probe_list *l, pid_t pid, const struct usdt_proc *procs, size_t nprocs)
{
  for (size_t i = 0; i < nprocs; i++)
    if (procs[i].pid == pid && procs[i].exec_path)
      {
        struct stat st;
        if (stat (procs[i].exec_path, &st) != 0)
          {
            diag_error ("failed to open %s: %s", procs[i].exec_path, strerror (errno));
            return -1;
          }
        add_file (l, pid, st.st_dev, st.st_ino, procs[i].exec_path, true);
        /* its libraries are not mapped yet: the ones the loader will map */
        char **libs;
        size_t nlibs = pid_needed_libs (procs[i].exec_path, &libs);
        for (size_t k = 0; k < nlibs; k++)
          {
            if (stat (libs[k], &st) == 0)
              add_file (l, pid, st.st_dev, st.st_ino, libs[k], false);
            free (libs[k]);
          }
        free (libs);
        return 0;
      }
  struct scan sc = { .l = l };
  char path[64];
  snprintf (path, sizeof path, "/proc/%d/exe", (int) pid);
  sc.have_exe = stat (path, &sc.exe) == 0;
  if (exec_mappings_scan (pid, scan_mapping, &sc) != 0)
    {
      diag_error ("failed to grab pid %d: %s", (int) pid,
                  errno == ENOENT ? "no such process" : strerror (errno));
      return -1;
    }
  return 0;
}

static void
load_file (struct file_info *fi)
{
  if (fi->loaded)
    return;
  fi->loaded = true;
  int fd = open (fi->f.path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    {
      fi->bad = true;
      return;
    }
  elf_version (EV_CURRENT);
  Elf *e = elf_begin (fd, ELF_C_READ, NULL);
  size_t nph = 0;
  GElf_Ehdr eh;
  if (!e || elf_kind (e) != ELF_K_ELF || elf_getphdrnum (e, &nph) != 0 || !gelf_getehdr (e, &eh))
    fi->bad = true;
  else
    {
      fi->e_entry = eh.e_entry;
      fi->a64 = eh.e_machine == EM_AARCH64;
    }
  for (size_t i = 0; !fi->bad && i < nph; i++)
    {
      GElf_Phdr ph;
      if (!gelf_getphdr (e, (int) i, &ph) || ph.p_type != PT_LOAD || !(ph.p_flags & PF_X))
        continue;
      VEC_PUSH (fi->segs, fi->nsegs, fi->segs_cap) = (struct seg) { ph.p_vaddr, ph.p_filesz, ph.p_offset };
    }
  if (e)
    elf_end (e);
  close (fd);
  if (!fi->bad && sdt_symtab_load (fi->f.path, &fi->syms) == 0)
    {
      fi->have_syms = true;
      fi->fd = open (fi->f.path, O_RDONLY | O_CLOEXEC);
    }
}

static bool
vaddr_offset (const struct file_info *fi, uint64_t v, uint64_t *off)
{
  for (size_t i = 0; i < fi->nsegs; i++)
    if (v >= fi->segs[i].vaddr && v < fi->segs[i].vaddr + fi->segs[i].size)
      {
        *off = v - fi->segs[i].vaddr + fi->segs[i].offset;
        return true;
      }
  return false;
}

static bool
module_match (const char *pattern, const struct pid_file *f)
{
  if (pattern[0] == '\0')
    return true;
  if (strchr (pattern, '/'))
    return exec_mapping_same_file (pattern, f->dev, f->ino);
  if (strcmp (pattern, "a.out") == 0)
    return f->is_exec;
  if (probe_glob_match (pattern, f->module))
    return true;
  size_t n = strlen (pattern);
  return !probe_glob_is_pattern (pattern) && strncmp (f->module, pattern, n) == 0
         && strncmp (f->module + n, ".so", 3) == 0;
}

/* A literal hex offset name ("1c", "0x1c"); false for anything else. */
static bool
parse_offset_name (const char *name, uint64_t *off)
{
  const char *p = name;
  if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && p[2])
    p += 2;
  if (!*p)
    return false;
  for (const char *q = p; *q; q++)
    if (!isxdigit ((unsigned char) *q))
      return false;
  *off = strtoull (p, NULL, 16);
  return true;
}

static bool
have_probe (const struct pid_probe_list *l, size_t from, const struct pid_probe *p)
{
  for (size_t i = from; i < l->nprobes; i++)
    {
      const struct pid_probe *q = &l->probes[i];
      if (q->pid == p->pid && q->file == p->file && q->offset == p->offset && q->type == p->type
          && strcmp (q->function, p->function) == 0)
        return true;
    }
  return false;
}

static void
add_probe (struct pid_probe_list *l, bool check_dup, pid_t pid, const struct file_info *fi,
           const char *func, enum pid_probe_type type, uint64_t offset, uint64_t ret_off, uint64_t rel)
{
  struct pid_probe p;
  memset (&p, 0, sizeof p);
  p.pid = pid;
  p.file = &fi->f;
  p.type = type;
  p.offset = offset;
  p.ret_off = ret_off;
  p.function = (char *) func;
  if (check_dup && have_probe (l, 0, &p))
    return;
  p.provider = xasprintf ("pid%d", (int) pid);
  p.function = xstrdup (func);
  p.name = type == PIDP_ENTRY ? xstrdup ("entry") : type == PIDP_RETURN ? xstrdup ("return")
    : xasprintf ("%" PRIx64, rel);
  if (l->nprobes % 256 == 0)
    l->probes = xrealloc (l->probes, (l->nprobes + 256) * sizeof *l->probes);
  l->probes[l->nprobes++] = p;
}

/* Read LEN bytes of the file at OFF into a malloc'd buffer, or NULL. */
static uint8_t *
read_bytes (const struct file_info *fi, uint64_t off, size_t len)
{
  if (fi->fd < 0)
    return NULL;
  uint8_t *b = xmalloc (len ? len : 1);
  ssize_t r = pread (fi->fd, b, len, (off_t) off);
  if (r != (ssize_t) len)
    {
      free (b);
      return NULL;
    }
  return b;
}

/* The instruction at CODE[0..N) can hold a uprobe (the file's machine's
 * rules: x86-insn.h, a64-insn.h). */
static bool
insn_uprobe_ok (const struct file_info *fi, const uint8_t *code, size_t n)
{
  if (!fi->a64)
    return x86_insn_uprobe_ok (code, n);
  uint32_t insn;
  if (n < 4)
    return false;
  memcpy (&insn, code, 4);   /* aarch64 Linux is little-endian */
  return a64_insn_uprobe_ok (insn);
}

/* 1 when OFF is an instruction boundary of the function code CODE[0..N),
 * 0 when inside an instruction, -1 when unknown (x86-insn.h). */
static int
insn_boundary (const struct file_info *fi, const uint8_t *code, size_t n, size_t off)
{
  if (fi->a64)
    return off % 4 == 0 && off + 4 <= n;
  return x86_insn_boundary (code, n, off);
}

/* The offset of the function's last instruction when it is a return
 * (DTrace's arg0 of a return probe), else 0. */
static uint64_t
last_return_offset (struct file_info *fi, uint64_t foff, uint64_t size)
{
  uint64_t r = 0;
  size_t len = fi->a64 ? 4 : 1;
  if (size < len)
    return 0;
  uint8_t *last = read_bytes (fi, foff + size - len, len);
  if (last && fi->a64)
    {
      uint32_t insn;
      memcpy (&insn, last, 4);
      if (a64_insn_is_return (insn))
        r = size - 4;
    }
  else if (last && last[0] == 0xc3)
    r = size - 1;
  free (last);
  return r;
}

/* Probes of one description in one file. */
static int
match_file (struct pid_probe_list *l, bool check_dup, const struct probe_desc *d, pid_t pid,
            struct file_info *fi)
{
  load_file (fi);
  if (fi->bad || !fi->have_syms)
    return 0;
  uint64_t want_off = 0;
  bool is_off = parse_offset_name (d->name, &want_off);
  bool want_entry = !is_off && probe_field_match (d->name, "entry");
  bool want_return = !is_off && probe_field_match (d->name, "return");
  if (!is_off && !want_entry && !want_return)
    return 0;
  bool literal_func = d->function[0] && !probe_glob_is_pattern (d->function);
  for (size_t i = 0; i < fi->syms.nsyms; i++)
    {
      const struct sdt_symbol *s = &fi->syms.syms[i];
      if (!s->is_func || s->value == 0 || !probe_field_match (d->function, s->name))
        continue;
      /* the same name at the same address twice (.symtab duplicates) */
      bool dup = false;
      for (size_t j = i; j-- > 0 && fi->syms.syms[j].value == s->value; )
        if (strcmp (fi->syms.syms[j].name, s->name) == 0 && fi->syms.syms[j].is_func)
          dup = true;
      uint64_t foff;
      if (dup || !vaddr_offset (fi, s->value, &foff))
        continue;
      if (want_entry || want_return)
        {
          /* the kernel refuses some instructions (lock prefixes, ...) */
          uint8_t first[16];
          memset (first, 0, sizeof first);
          size_t avail = s->size && s->size < sizeof first ? (size_t) s->size : sizeof first;
          if (fi->fd < 0 || pread (fi->fd, first, avail, (off_t) foff) != (ssize_t) avail
              || !insn_uprobe_ok (fi, first, avail))
            {
              if (literal_func)
                {
                  diag_error ("invalid probe description \"%s:%s:%s:%s\": the first instruction of %s "
                              "cannot be probed", d->provider, d->module, d->function, d->name, s->name);
                  return -1;
                }
              continue;
            }
        }
      if (want_entry)
        add_probe (l, check_dup, pid, fi, s->name, PIDP_ENTRY, foff, 0, 0);
      /* A return probe (uretprobe) replaces the return address at the
       * stack pointer.  At the entry point (_start of a program or of the
       * dynamic loader) the stack pointer holds argc: replacing it would
       * corrupt the process, and the entry point never returns anyway. */
      if (want_return && s->value == fi->e_entry)
        {
          if (literal_func && !want_entry)
            {
              diag_error ("invalid probe description \"%s:%s:%s:%s\": %s is the entry point of %s and "
                          "never returns", d->provider, d->module, d->function, d->name, s->name, fi->f.module);
              return -1;
            }
        }
      else if (want_return)
        {
          uint64_t ret_off = last_return_offset (fi, foff, s->size);
          add_probe (l, check_dup, pid, fi, s->name, PIDP_RETURN, foff, ret_off, 0);
        }
      if (is_off)
        {
          const char *why = NULL;
          if (want_off >= s->size)
            why = "is beyond the end of the function";
          else
            {
              uint8_t *code = read_bytes (fi, foff, (size_t) s->size);
              int r = code ? insn_boundary (fi, code, (size_t) s->size, (size_t) want_off) : -1;
              if (r == 0)
                why = "is not on an instruction boundary";
              else if (r < 0)
                why = "cannot be verified to be on an instruction boundary";
              else if (!insn_uprobe_ok (fi, code + want_off, (size_t) (s->size - want_off)))
                why = "holds an instruction uprobes cannot probe";
              free (code);
            }
          if (why)
            {
              if (literal_func)
                {
                  diag_error ("invalid probe description \"%s:%s:%s:%s\": offset 0x%" PRIx64
                              " in %s %s", d->provider, d->module, d->function, d->name, want_off,
                              s->name, why);
                  return -1;
                }
              continue;
            }
          add_probe (l, check_dup, pid, fi, s->name, PIDP_OFFSET, foff + want_off, 0, want_off);
        }
    }
  return 0;
}

int
pid_probes_find (const struct probe_desc *descs, size_t ndescs,
                 const struct usdt_proc *procs, size_t nprocs, struct pid_probe_list *out)
{
  memset (out, 0, sizeof *out);
  pid_t *scanned = NULL;
  size_t nscanned = 0, scanned_cap = 0;
  int rc = 0;
  for (size_t i = 0; i < ndescs && rc == 0; i++)
    {
      const struct probe_desc *d = &descs[i];
      pid_t pid = pid_desc_pid (d);
      if (pid == 0)
        continue;
      bool seen = false;
      for (size_t k = 0; k < nscanned; k++)
        seen |= scanned[k] == pid;
      if (!seen)
        {
          VEC_PUSH (scanned, nscanned, scanned_cap) = pid;
          if (scan_pid (out, pid, procs, nprocs) != 0)
            {
              rc = -1;
              break;
            }
        }
      if (strchr (d->module, '/') && !probe_glob_is_pattern (d->module))
        {
          struct stat st;
          if (stat (d->module, &st) != 0)
            {
              diag_error ("failed to open %s: %s", d->module, strerror (errno));
              rc = -1;
              break;
            }
          char *real = realpath (d->module, NULL);
          add_file (out, pid, st.st_dev, st.st_ino, real ? real : d->module, false);
          free (real);
        }
      for (size_t f = 0; f < out->nfiles && rc == 0; f++)
        {
          struct file_info *fi = (struct file_info *) out->files[f];
          if (fi->pid == pid && module_match (d->module, &fi->f))
            rc = match_file (out, i > 0, d, pid, fi);
        }
    }
  free (scanned);
  return rc;
}

void
pid_probe_list_free (struct pid_probe_list *l)
{
  for (size_t i = 0; i < l->nprobes; i++)
    FREE_ALL (l->probes[i].provider, l->probes[i].function,
              l->probes[i].name);
  free (l->probes);
  for (size_t i = 0; i < l->nfiles; i++)
    {
      struct file_info *fi = (struct file_info *) l->files[i];
      FREE_ALL (fi->f.path, fi->f.module, fi->segs);
      if (fi->fd >= 0)
        close (fi->fd);
      if (fi->have_syms)
        sdt_symtab_free (&fi->syms);
      free (fi);
    }
  free (l->files);
  memset (l, 0, sizeof *l);
}

bool
pid_probe_match (const struct pid_probe *p, const struct probe_desc *d)
{
  if (pid_desc_pid (d) != p->pid || !module_match (d->module, p->file)
      || !probe_field_match (d->function, p->function))
    return false;
  uint64_t off;
  if (p->type == PIDP_OFFSET)
    return parse_offset_name (d->name, &off) && off == strtoull (p->name, NULL, 16);
  return probe_field_match (d->name, p->name);
}

void
pid_site_spec (const struct pid_probe *p, unsigned probe_id, struct site_spec *out)
{
  const struct arch_abi *abi = arch_abi_native ();   /* struct pt_regs offsets */
  memset (out, 0, sizeof *out);
  out->probe_id = probe_id;
  out->nargs = 12;
  for (unsigned k = 0; k < 12; k++)
    {
      struct site_arg *a = &out->args[k];
      a->size = 8;
      if (p->type == PIDP_RETURN)
        {
          if (k == 0)
            {
              a->kind = ARGK_IMM;
              a->val = (int64_t) p->ret_off;
            }
          else if (k == 1)
            {
              a->kind = ARGK_REG;
              a->base_off = abi->call_ret;
            }
          continue;
        }
      if (k < abi->ncall_args)
        {
          a->kind = ARGK_REG;
          a->base_off = abi->call_args[k];
        }
      else
        {
          /* the rest on the stack (x86-64: above the return address) */
          a->kind = ARGK_MEM;
          a->flags = ARGF_BASE;
          a->base_off = abi->sp;
          a->val = (int64_t) abi->stack_args_skip + 8 * (int64_t) (k - abi->ncall_args);
        }
    }
}

void
pid_list_print (struct probe_lister *pl, const struct pid_probe_list *l)
{
  for (size_t i = 0; i < l->nprobes; i++)
    {
      const struct pid_probe *p = &l->probes[i];
      struct listed_probe lp = { LISTED_PID, p->provider, p->file->module, p->function, p->name, NULL, 0, NULL, NULL };
      probe_list_print (pl, &lp);
    }
}
