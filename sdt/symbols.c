/* SPDX-License-Identifier: MIT */
/*
 * symbols.c — an ELF file's function and object symbols, sorted by address.
 *
 * Used to name the function that holds a probe site (the probe's function
 * field, `-l`) and, later, to resolve `sym(%rip)` argument operands.  The full
 * `.symtab` is preferred; a stripped file falls back to `.dynsym`.  Only
 * defined STT_FUNC / STT_OBJECT / STT_NOTYPE symbols with a section are kept.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/search.h"
#include "common/vec.h"
#include "common/xalloc.h"
#include "sdt/sdt.h"

static int
by_value (const void *a, const void *b)
{
  const struct sdt_symbol *x = a, *y = b;
  if (x->value != y->value)
    return cmp_u64 (x->value, y->value);
  /* At one address the better name sorts LAST (lookups walk downwards):
   * functions after objects, globals after locals. */
  if (x->is_func != y->is_func)
    return x->is_func ? 1 : -1;
  if (x->is_local != y->is_local)
    return x->is_local ? -1 : 1;
  return -strcmp (x->name, y->name);
}

static void
load_table (Elf *elf, Elf_Scn *scn, GElf_Shdr *sh, struct sdt_symtab *out)
{
  Elf_Data *data = elf_getdata (scn, NULL);
  if (!data || sh->sh_entsize == 0)
    return;
  size_t n = sh->sh_size / sh->sh_entsize, cap = 0;
  for (size_t i = 1; i < n; i++)
    {
      GElf_Sym sym;
      if (!gelf_getsym (data, (int) i, &sym))
        break;
      int type = GELF_ST_TYPE (sym.st_info);
      if (sym.st_shndx == SHN_UNDEF || sym.st_shndx == SHN_ABS
          || (type != STT_FUNC && type != STT_OBJECT && type != STT_NOTYPE))
        continue;
      const char *name = elf_strptr (elf, sh->sh_link, sym.st_name);
      if (!name || !*name)
        continue;
      struct sdt_symbol *s = &VEC_PUSH (out->syms, out->nsyms, cap);
      s->name = xstrdup (name);
      s->value = sym.st_value;
      s->size = sym.st_size;
      s->is_func = type == STT_FUNC;
      s->is_local = GELF_ST_BIND (sym.st_info) == STB_LOCAL;
    }
}

void
sdt_symtab_read_elf (struct Elf *elf, struct sdt_symtab *out)
{
  memset (out, 0, sizeof *out);
  Elf_Scn *scn = NULL, *symtab = NULL, *dynsym = NULL;
  GElf_Shdr sh, symtab_sh, dynsym_sh;
  while ((scn = elf_nextscn (elf, scn)) != NULL)
    {
      if (!gelf_getshdr (scn, &sh))
        continue;
      if (sh.sh_type == SHT_SYMTAB)
        symtab = scn, symtab_sh = sh;
      else if (sh.sh_type == SHT_DYNSYM)
        dynsym = scn, dynsym_sh = sh;
    }
  if (symtab)
    load_table (elf, symtab, &symtab_sh, out);
  else if (dynsym)
    load_table (elf, dynsym, &dynsym_sh, out);
  if (out->nsyms)
    qsort (out->syms, out->nsyms, sizeof *out->syms, by_value);
}

int
sdt_symtab_load (const char *path, struct sdt_symtab *out)
{
  memset (out, 0, sizeof *out);
  if (elf_version (EV_CURRENT) == EV_NONE)
    return -1;
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    {
      diag_error ("%s: %s", path, strerror (errno));
      return -1;
    }
  Elf *elf = elf_begin (fd, ELF_C_READ_MMAP, NULL);
  if (!elf || elf_kind (elf) != ELF_K_ELF)
    {
      diag_error ("%s: not an ELF file", path);
      if (elf)
        elf_end (elf);
      close (fd);
      return -1;
    }
  sdt_symtab_read_elf (elf, out);
  elf_end (elf);
  close (fd);
  return 0;
}

void
sdt_symtab_free (struct sdt_symtab *tab)
{
  for (size_t i = 0; i < tab->nsyms; i++)
    free (tab->syms[i].name);
  free (tab->syms);
  memset (tab, 0, sizeof *tab);
}

const struct sdt_symbol *
sdt_symtab_function_at (const struct sdt_symtab *tab, uint64_t addr)
{
  /* Past the last symbol with value <= addr. */
  size_t lo = sorted_count_le (tab->syms, tab->nsyms, sizeof *tab->syms,
                               offsetof (struct sdt_symbol, value), addr);
  /* Walk back over symbols at or below addr to the best function covering it. */
  for (size_t i = lo; i-- > 0;)
    {
      const struct sdt_symbol *s = &tab->syms[i];
      if (!s->is_func)
        continue;
      /* The first function walking down covers ADDR, or none does:
       * functions do not nest.  A zero-sized one reaches up to ADDR. */
      if (s->size == 0 || addr < s->value + s->size)
        return s;
      return NULL;
    }
  return NULL;
}

const struct sdt_symbol *
sdt_symtab_find (const struct sdt_symtab *tab, const char *name)
{
  const struct sdt_symbol *local = NULL;
  for (size_t i = 0; i < tab->nsyms; i++)
    if (strcmp (tab->syms[i].name, name) == 0)
      {
        if (!tab->syms[i].is_local)
          return &tab->syms[i];
        if (!local)
          local = &tab->syms[i];
      }
  return local;
}
