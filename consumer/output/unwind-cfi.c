/* SPDX-License-Identifier: MIT */
/*
 * unwind-cfi.c — the CFI unwinder (see unwind.h and doc/unwinding.md).
 *
 * Per module (by path) the unwinder keeps up to three frame tables, read
 * with libdwarf on first use and kept for the session: the file's
 * .eh_frame, the file's .debug_frame, and the .debug_frame of its separate
 * debug file (/usr/lib/debug/.build-id/xx/rest.debug by the build-id note,
 * else the .gnu_debuglink name beside the file, in its .debug/ folder or
 * under /usr/lib/debug).  A pc is looked up in them in that order.
 *
 * Registers use the DWARF numbering of the machine dtrace runs on.  x86-64:
 * 0 rax, 1 rdx, 2 rcx, 3 rbx, 4 rsi, 5 rdi, 6 rbp, 7 rsp, 8-15 r8-r15, 16
 * the return address (rip, also the frame's pc).  aarch64: x0..x30, 31 sp;
 * the return address column is x30 (the link register) and the pc is kept
 * beside the registers; the capture holds x13 on (abi.h), which covers
 * the callee-saved registers, the frame pointer x29, x30 and sp.
 * CFA and register rules of the forms compilers emit are evaluated:
 * register+offset, saved at CFA+offset, CFA+offset as a value, another
 * register, same value, undefined, and DWARF expressions made of register,
 * literal, arithmetic and dereference operators (the PLT's CFA rule).
 * Memory is only the copied stack: a read outside it ends the walk.
 */
#include <dwarf.h>
#include <fcntl.h>
#include <gelf.h>
#include <libdwarf.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "consumer/abi.h"
#include "consumer/output/unwind.h"
#include "consumer/probes/debug-file.h"
#include "consumer/probes/fast-sites.h"
#include "common/vec.h"
#include "common/xalloc.h"

#if defined __aarch64__
#define NREGS 32
#define REG_RSP 31          /* sp */
#define REG_RBP 29          /* the frame pointer */
#define REG_RA 30           /* the link register */
#define CAP_PC USTACK_A64_PC
#define USER_TOP (1ull << 52)   /* user addresses: below 52 bits (48 in most kernels) */
#else
#define NREGS 17
#define REG_RSP 7
#define REG_RBP 6
#define REG_RA 16
#define CAP_PC USTACK_PTREGS_RIP
#define USER_TOP 0x800000000000ull   /* user addresses: below 47 bits (56 with 5-level paging: rare) */
#endif
#define RULES 64            /* rule table columns: every register number CFI uses */

/* One frame table: .eh_frame or .debug_frame of one file. */
struct cfi_table {
  Dwarf_Debug dbg;
  Dwarf_Cie *cies;
  Dwarf_Signed ncies;
  Dwarf_Fde *fdes;
  Dwarf_Signed nfdes;
};

struct cfi_module {
  char *path;
  Dwarf_Debug dbgs[2];        /* the file, its debug file (each finished at the end) */
  size_t ntabs;
  struct cfi_table tabs[3];
};

struct unwinder {
  struct symbolizer *sym;
  size_t nmods, mods_cap;
  struct cfi_module *mods;
  Dwarf_Regtable_Entry3 rules[RULES];
};

/* The capture header's offset of DWARF register R (abi.h), or -1. */
static int
capture_off (unsigned r)
{
#if defined __aarch64__
  return r >= 13 && r < NREGS ? (int) (r * 8) - USTACK_A64_REGS_FROM : -1;
#else
  static const int off[NREGS] = { 80, 96, 88, 40, 104, 112, 32, 152, 72, 64, 56, 48, 24, 16, 8, 0, 128 };
  return r < NREGS ? off[r] : -1;
#endif
}

struct unwinder *
unwinder_new (struct symbolizer *s)
{
  struct unwinder *u = xcalloc (1, sizeof *u);
  u->sym = s;
  return u;
}

void
unwinder_free (struct unwinder *u)
{
  if (!u)
    return;
  for (size_t i = 0; i < u->nmods; i++)
    {
      struct cfi_module *m = &u->mods[i];
      for (size_t t = 0; t < m->ntabs; t++)
        dwarf_fde_cie_list_dealloc (m->tabs[t].dbg, m->tabs[t].cies, m->tabs[t].ncies, m->tabs[t].fdes,
                                    m->tabs[t].nfdes);
      for (size_t d = 0; d < 2; d++)
        if (m->dbgs[d])
          dwarf_finish (m->dbgs[d], NULL);
      free (m->path);
    }
  free (u->mods);
  free (u);
}

/* ------------------------------------------------------------------ */
/* Modules                                                               */

static Dwarf_Debug
open_dwarf (const char *path)
{
  Dwarf_Debug dbg = NULL;
  Dwarf_Error err = NULL;
  int rc = dwarf_init_path (path, NULL, 0, DW_DLC_READ, DW_GROUPNUMBER_ANY, NULL, NULL, &dbg, NULL, 0,
                            NULL, &err);
  if (rc == DW_DLV_ERROR)
    dwarf_dealloc_error (NULL, err);
  if (rc != DW_DLV_OK)
    return NULL;
  dwarf_set_frame_rule_table_size (dbg, RULES);
#if defined __aarch64__
  /* a register the CIE gives no rule keeps its value (the ABI's rule): at
   * a function's entry the return address is still in x30 */
  dwarf_set_frame_rule_initial_value (dbg, DW_FRAME_SAME_VAL);
#endif
  return dbg;
}

static void
add_table (struct cfi_module *m, Dwarf_Debug dbg, bool eh)
{
  struct cfi_table t = { .dbg = dbg };
  Dwarf_Error err = NULL;
  int rc = eh ? dwarf_get_fde_list_eh (dbg, &t.cies, &t.ncies, &t.fdes, &t.nfdes, &err)
              : dwarf_get_fde_list (dbg, &t.cies, &t.ncies, &t.fdes, &t.nfdes, &err);
  if (rc == DW_DLV_ERROR)
    dwarf_dealloc_error (dbg, err);
  if (rc == DW_DLV_OK && m->ntabs < 3)
    m->tabs[m->ntabs++] = t;
}

static struct cfi_module *
module_of (struct unwinder *u, const char *path)
{
  for (size_t i = 0; i < u->nmods; i++)
    if (strcmp (u->mods[i].path, path) == 0)
      return &u->mods[i];
  struct cfi_module *m = &VEC_PUSH (u->mods, u->nmods, u->mods_cap);
  memset (m, 0, sizeof *m);
  m->path = xstrdup (path);
  elf_version (EV_CURRENT);
  m->dbgs[0] = open_dwarf (path);
  if (m->dbgs[0])
    {
      add_table (m, m->dbgs[0], true);
      add_table (m, m->dbgs[0], false);
    }
  /* the separate debug file (build-id, .gnu_debuglink: debug-file.c) */
  char *why = NULL;
  char *dbgfile = debug_file_find (path, &why);
  free (why);
  if (dbgfile && strcmp (dbgfile, path) == 0)
    {
      free (dbgfile);
      dbgfile = NULL;
    }
  if (dbgfile)
    {
      m->dbgs[1] = open_dwarf (dbgfile);
      if (m->dbgs[1])
        add_table (m, m->dbgs[1], false);
      free (dbgfile);
    }
  return m;
}

/* The rules of the row holding VADDR into U->rules and *CFA; false when no
 * table describes VADDR. */
static bool
row_at (struct unwinder *u, struct cfi_module *m, uint64_t vaddr, Dwarf_Regtable_Entry3 *cfa)
{
  for (size_t t = 0; t < m->ntabs; t++)
    {
      Dwarf_Fde fde;
      Dwarf_Addr lo, hi, row;
      Dwarf_Error err = NULL;
      int rc = dwarf_get_fde_at_pc (m->tabs[t].fdes, vaddr, &fde, &lo, &hi, &err);
      if (rc == DW_DLV_ERROR)
        dwarf_dealloc_error (m->tabs[t].dbg, err);
      if (rc != DW_DLV_OK)
        continue;
      Dwarf_Regtable3 table = { .rt3_reg_table_size = RULES, .rt3_rules = u->rules };
      rc = dwarf_get_fde_info_for_all_regs3 (fde, vaddr, &table, &row, &err);
      if (rc == DW_DLV_ERROR)
        dwarf_dealloc_error (m->tabs[t].dbg, err);
      if (rc != DW_DLV_OK)
        continue;
      *cfa = table.rt3_cfa_rule;
      return true;
    }
  return false;
}

/* ------------------------------------------------------------------ */
/* Frames                                                                */

struct frame {
  uint64_t r[NREGS];
  uint64_t valid;             /* bit i: r[i] is known */
  uint64_t pc;                /* where the frame is (the return address column's
                                 value in the callee, for callers) */
};

struct stack {
  uint64_t base;              /* the captured %rsp */
  const uint8_t *bytes;
  uint64_t len;
};

static bool
stack_read (const struct stack *s, uint64_t addr, uint64_t *v)
{
  if (addr < s->base || addr - s->base > s->len || s->len - (addr - s->base) < 8)
    return false;
  memcpy (v, s->bytes + (addr - s->base), 8);
  return true;
}

static bool
reg_value (const struct frame *f, uint64_t reg, uint64_t *v)
{
  if (reg >= NREGS || !(f->valid & (1ull << reg)))
    return false;
  *v = f->r[reg];
  return true;
}

static bool
uleb (const uint8_t **p, const uint8_t *end, uint64_t *v)
{
  *v = 0;
  for (unsigned shift = 0; *p < end && shift < 64; shift += 7)
    {
      uint8_t b = *(*p)++;
      *v |= (uint64_t) (b & 0x7f) << shift;
      if (!(b & 0x80))
        return true;
    }
  return false;
}

static bool
sleb (const uint8_t **p, const uint8_t *end, int64_t *v)
{
  uint64_t r = 0;
  unsigned shift = 0;
  uint8_t b = 0x80;
  while (*p < end && shift < 64 && (b & 0x80))
    {
      b = *(*p)++;
      r |= (uint64_t) (b & 0x7f) << shift;
      shift += 7;
    }
  if (b & 0x80)
    return false;
  if (shift < 64 && (b & 0x40))
    r |= ~0ull << shift;
  *v = (int64_t) r;
  return true;
}

/* A DWARF expression of the operators compilers use in CFI; PUSH_CFA
 * starts the stack with the CFA (register rules). */
static bool
eval_expr (const struct frame *f, const struct stack *s, const uint8_t *p, uint64_t len,
           bool push_cfa, uint64_t cfa, uint64_t *out)
{
  uint64_t st[16];
  size_t n = 0;
  const uint8_t *end = p + len;
  if (push_cfa)
    st[n++] = cfa;
  while (p < end)
    {
      uint8_t op = *p++;
      uint64_t a, b;
      int64_t off;
      if (op >= DW_OP_lit0 && op <= DW_OP_lit31)
        {
          if (n == 16) return false;
          st[n++] = op - DW_OP_lit0;
          continue;
        }
      if (op >= DW_OP_breg0 && op <= DW_OP_breg31)
        {
          if (n == 16 || !sleb (&p, end, &off) || !reg_value (f, op - DW_OP_breg0, &a))
            return false;
          st[n++] = a + (uint64_t) off;
          continue;
        }
      switch (op)
        {
        case DW_OP_const1u:
          if (p >= end || n == 16) return false;
          st[n++] = *p++;
          continue;
        case DW_OP_plus_uconst:
          if (!n || !uleb (&p, end, &a)) return false;
          st[n - 1] += a;
          continue;
        case DW_OP_deref:
          if (!n || !stack_read (s, st[n - 1], &st[n - 1])) return false;
          continue;
        default:
          break;
        }
      if (n < 2)
        return false;
      b = st[--n];
      a = st[n - 1];
      switch (op)
        {
        case DW_OP_plus: st[n - 1] = a + b; break;
        case DW_OP_minus: st[n - 1] = a - b; break;
        case DW_OP_and: st[n - 1] = a & b; break;
        case DW_OP_or: st[n - 1] = a | b; break;
        case DW_OP_shl: st[n - 1] = b < 64 ? a << b : 0; break;
        case DW_OP_shr: st[n - 1] = b < 64 ? a >> b : 0; break;
        case DW_OP_ge: st[n - 1] = (int64_t) a >= (int64_t) b; break;
        case DW_OP_gt: st[n - 1] = (int64_t) a > (int64_t) b; break;
        case DW_OP_le: st[n - 1] = (int64_t) a <= (int64_t) b; break;
        case DW_OP_lt: st[n - 1] = (int64_t) a < (int64_t) b; break;
        case DW_OP_eq: st[n - 1] = a == b; break;
        case DW_OP_ne: st[n - 1] = a != b; break;
        default: return false;
        }
    }
  if (!n)
    return false;
  *out = st[n - 1];
  return true;
}

/* The caller's frame of F by CFI rules; false at the stack's end or when
 * a rule cannot be evaluated. */
static bool
step_cfi (const struct unwinder *u, const Dwarf_Regtable_Entry3 *cfa_rule, const struct frame *f,
          const struct stack *s, struct frame *out)
{
  uint64_t cfa;
  if (cfa_rule->dw_value_type == DW_EXPR_OFFSET || cfa_rule->dw_value_type == DW_EXPR_VAL_OFFSET)
    {
      if (!reg_value (f, cfa_rule->dw_regnum, &cfa))
        return false;
      cfa += cfa_rule->dw_offset_or_block_len;
    }
  else if (cfa_rule->dw_value_type == DW_EXPR_EXPRESSION || cfa_rule->dw_value_type == DW_EXPR_VAL_EXPRESSION)
    {
      if (!eval_expr (f, s, cfa_rule->dw_block_ptr, cfa_rule->dw_offset_or_block_len, false, 0, &cfa))
        return false;
    }
  else
    return false;
  *out = (struct frame) { .valid = 0 };
  for (unsigned r = 0; r < NREGS; r++)
    {
      const Dwarf_Regtable_Entry3 *e = &u->rules[r];
      uint64_t v = 0;
      bool ok;
      if (r == REG_RSP)
        continue;
      if (e->dw_regnum == DW_FRAME_UNDEFINED_VAL && e->dw_value_type == DW_EXPR_OFFSET)
        ok = false;
      else if (e->dw_regnum == DW_FRAME_SAME_VAL && e->dw_value_type == DW_EXPR_OFFSET)
        ok = reg_value (f, r, &v);
      else if (e->dw_value_type == DW_EXPR_OFFSET && e->dw_offset_relevant)
        ok = stack_read (s, cfa + e->dw_offset_or_block_len, &v);
      else if (e->dw_value_type == DW_EXPR_OFFSET)
        ok = reg_value (f, e->dw_regnum, &v);
      else if (e->dw_value_type == DW_EXPR_VAL_OFFSET)
        v = cfa + e->dw_offset_or_block_len, ok = true;
      else if (e->dw_value_type == DW_EXPR_EXPRESSION)
        ok = eval_expr (f, s, e->dw_block_ptr, e->dw_offset_or_block_len, true, cfa, &v)
             && stack_read (s, v, &v);
      else if (e->dw_value_type == DW_EXPR_VAL_EXPRESSION)
        ok = eval_expr (f, s, e->dw_block_ptr, e->dw_offset_or_block_len, true, cfa, &v);
      else
        ok = false;
      if (ok)
        {
          out->r[r] = v;
          out->valid |= 1ull << r;
        }
      else if (r == REG_RA)
        return false;         /* undefined return address: the outermost frame */
    }
  out->r[REG_RSP] = cfa;
  out->valid |= 1ull << REG_RSP;
  out->pc = out->r[REG_RA];
  return true;
}

/* The caller's frame of F through the frame pointer. */
static bool
step_fp (const struct frame *f, const struct stack *s, struct frame *out)
{
  uint64_t fp, saved, ra;
  if (!reg_value (f, REG_RBP, &fp) || !stack_read (s, fp, &saved) || !stack_read (s, fp + 8, &ra))
    return false;
  /* a frame record: the caller's frame pointer, then the return address */
  *out = (struct frame) { .valid = (1ull << REG_RBP) | (1ull << REG_RSP) | (1ull << REG_RA) };
  out->r[REG_RBP] = saved;
  out->r[REG_RSP] = fp + 16;
  out->r[REG_RA] = ra;
  out->pc = ra;
  return true;
}

size_t
unwinder_unwind (struct unwinder *u, int32_t pid, const uint8_t *cap, size_t len, uint64_t *pcs, size_t max)
{
  if (len < USTACK_HDR_SIZE || max == 0 || pid <= 0)
    return 0;                   /* pid 0: the idle task, no user stack */
  struct frame f = { .valid = 0 };
  for (unsigned r = 0; r < NREGS; r++)
    if (capture_off (r) >= 0)
      {
        memcpy (&f.r[r], cap + capture_off (r), 8);
        f.valid |= 1ull << r;
      }
  memcpy (&f.pc, cap + CAP_PC, 8);
  struct stack s = { f.r[REG_RSP], cap + USTACK_HDR_SIZE, 0 };
  memcpy (&s.len, cap + USTACK_LEN_OFF, 8);
  if (s.len > len - USTACK_HDR_SIZE)
    s.len = len - USTACK_HDR_SIZE;
  /* fired inside the guard of a fast USDT site (fast-sites.h): %rsp is 128
   * lower than the CFI says; unwind from the note's address instead */
  const char *site_path;
  uint64_t site_vaddr;
  if (symbolizer_user_file (u->sym, pid, f.pc, &site_path, &site_vaddr)
      && fast_site_nop5_at (site_path, site_vaddr))
    {
      f.r[REG_RSP] += FAST_SITE_RSP_DROP;
      f.r[REG_RA] -= FAST_SITE_NOP5_DELTA;
      f.pc -= FAST_SITE_NOP5_DELTA;
    }
  size_t n = 0;
  while (n < max)
    {
      uint64_t pc = f.pc;
      if (pc == 0 || pc >= USER_TOP)
        break;                  /* no user address: a kernel thread's registers */
      pcs[n++] = pc;
      /* a return address is just after its call: look the call up */
      uint64_t look = n == 1 ? pc : pc - 1, vaddr;
      const char *path;
      struct frame next;
      Dwarf_Regtable_Entry3 cfa;
      bool ok;
      if (!symbolizer_user_file (u->sym, pid, look, &path, &vaddr))
        ok = step_fp (&f, &s, &next);   /* no module known (the process is gone): frame pointers */
      else
        {
          struct cfi_module *m = module_of (u, path);
          ok = row_at (u, m, vaddr, &cfa) ? step_cfi (u, &cfa, &f, &s, &next) : step_fp (&f, &s, &next);
        }
      /* the stack only grows back toward its top; a leaf's frame may keep
       * the stack pointer (aarch64: CFA = sp at entry, the return address
       * in x30), but then the pc moves */
      if (!ok || next.r[REG_RSP] < f.r[REG_RSP] || (next.r[REG_RSP] == f.r[REG_RSP] && next.pc == f.pc))
        break;
      f = next;
    }
  return n;
}
