/* SPDX-License-Identifier: MIT */
/*
 * fast-sites.c — recognise the guarded 5-byte-nop site of our headers and
 * decide whether to attach at its nop5 (fast-sites.h): only where the
 * kernel optimizes uprobes and has passed the fork self-test
 * (uprobe-fork-safety.h); everywhere else the note's 1-byte nop, the trap.
 */
#include "consumer/probes/fast-sites.h"
#include "consumer/probes/uprobe-fork-safety.h"
#include "consumer/probes/usdt-probes.h"
#include "common/xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const uint8_t guarded_site[FAST_SITE_LEN] = {
  0x90,                                      /* nop */
  0x48, 0x8d, 0x64, 0x24, 0x80,              /* lea -0x80(%rsp),%rsp */
  0x0f, 0x1f, 0x44, 0x00, 0x00,              /* nopl 0x0(%rax,%rax,1) */
  0x48, 0x8d, 0xa4, 0x24, 0x80, 0x00, 0x00, 0x00, /* lea 0x80(%rsp),%rsp */
};

bool
fast_site_bytes_match (const uint8_t *bytes, size_t len)
{
  return len >= FAST_SITE_LEN && memcmp (bytes, guarded_site, FAST_SITE_LEN) == 0;
}

bool
fast_site_args_movable (const char *args)
{
  struct sdt_argspec spec;
  sdt_argspec_parse (args ? args : "", &spec);
  bool ok = true;
  for (size_t i = 0; i < spec.nargs && ok; i++)
    {
      const struct sdt_arg *a = &spec.args[i];
      if (a->kind == SDT_ARG_REG && a->base.reg == SDT_REG_RSP)
        ok = false;
      if (a->kind == SDT_ARG_MEM && a->index.reg == SDT_REG_RSP)
        ok = false;
      if (a->kind == SDT_ARG_UNDECODABLE)
        ok = false;
    }
  sdt_argspec_free (&spec);
  return ok;
}

bool
fast_site_kernel_support (void)
{
  static int known = -1;
  if (known < 0)
    {
      const char *off = getenv ("SDTKIT_NO_FAST_SITES");
      const char *mode = getenv ("SDTKIT_FAST_SITES");
      if ((off && *off && strcmp (off, "0") != 0) || (mode && strcmp (mode, "off") == 0))
        known = 0;
      else
        known = uprobe_kernel_optimizes () && uprobe_fork_verdict () == UPROBE_FORK_SAFE;
    }
  return known == 1;
}

unsigned
fast_site_delta (int fd, uint64_t offset, const char *args)
{
  uint8_t bytes[FAST_SITE_LEN];
  if (fd < 0 || !fast_site_kernel_support ())
    return 0;
  if (pread (fd, bytes, sizeof bytes, (off_t) offset) != (ssize_t) sizeof bytes)
    return 0;
  if (!fast_site_bytes_match (bytes, sizeof bytes) || !fast_site_args_movable (args))
    return 0;
  return FAST_SITE_NOP5_DELTA;
}

/* A few recent answers: ustack() captures of one site repeat. */
#define NOP5_CACHE 16
static struct nop5_answer {
  char *path;
  uint64_t vaddr;
  bool yes;
} nop5_cache[NOP5_CACHE];
static unsigned nop5_next;

bool
fast_site_nop5_at (const char *path, uint64_t vaddr)
{
  if (!path || vaddr < FAST_SITE_NOP5_DELTA)
    return false;
  for (unsigned i = 0; i < NOP5_CACHE; i++)
    if (nop5_cache[i].path && nop5_cache[i].vaddr == vaddr && strcmp (nop5_cache[i].path, path) == 0)
      return nop5_cache[i].yes;
  bool yes = false;
  uint64_t off;
  uint8_t bytes[FAST_SITE_LEN];
  if (usdt_elf_vaddr_to_offset (path, vaddr - FAST_SITE_NOP5_DELTA, &off) == 0)
    {
      int fd = open (path, O_RDONLY | O_CLOEXEC);
      if (fd >= 0)
        {
          yes = pread (fd, bytes, sizeof bytes, (off_t) off) == (ssize_t) sizeof bytes
                && fast_site_bytes_match (bytes, sizeof bytes);
          close (fd);
        }
    }
  struct nop5_answer *a = &nop5_cache[nop5_next++ % NOP5_CACHE];
  free (a->path);
  a->path = xstrdup (path);
  a->vaddr = vaddr;
  a->yes = yes;
  return yes;
}
