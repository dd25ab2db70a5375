/* SPDX-License-Identifier: MIT */
/*
 * debug-file.c — finding a file's debug information (debug-file.h): the
 * file itself, .gnu_debuglink, build-id; every candidate is checked to be
 * an ELF file with a non-empty .debug_info before it is chosen.
 *
 * The .gnu_debuglink section is a NUL-terminated file name padded to four
 * bytes, then the CRC-32 (the zlib/IEEE polynomial, reflected) of the whole
 * debug file; a candidate whose CRC differs is a stale copy and is skipped.
 * The build-id is the descriptor of the NT_GNU_BUILD_ID note, written in
 * hex: its first byte names the directory, the rest the file.
 */
#include "consumer/probes/debug-file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/xalloc.h"

#define DEFAULT_ROOT "/usr/lib/debug"
#define BUILD_ID_MAX 64          /* bytes; real ones are 20 (sha1) or 16 (md5) */

static const char *debug_root = DEFAULT_ROOT;

void
debug_file_set_root (const char *root)
{
  debug_root = root ? root : DEFAULT_ROOT;
}

static Elf *
open_elf (const char *path, int *fd)
{
  elf_version (EV_CURRENT);
  *fd = open (path, O_RDONLY | O_CLOEXEC);
  if (*fd < 0)
    return NULL;
  Elf *e = elf_begin (*fd, ELF_C_READ_MMAP, NULL);
  if (!e || elf_kind (e) != ELF_K_ELF)
    {
      if (e)
        elf_end (e);
      close (*fd);
      *fd = -1;
      return NULL;
    }
  return e;
}

static Elf_Scn *
section_named (Elf *e, const char *name, GElf_Shdr *sh)
{
  size_t shstrndx;
  if (elf_getshdrstrndx (e, &shstrndx) != 0)
    return NULL;
  for (Elf_Scn *s = elf_nextscn (e, NULL); s; s = elf_nextscn (e, s))
    {
      if (!gelf_getshdr (s, sh))
        continue;
      const char *n = elf_strptr (e, shstrndx, sh->sh_name);
      if (n && strcmp (n, name) == 0)
        return s;
    }
  return NULL;
}

static bool
has_debug_info (Elf *e)
{
  GElf_Shdr sh;
  Elf_Scn *s = section_named (e, ".debug_info", &sh);
  return s && sh.sh_type != SHT_NOBITS && sh.sh_size > 0;
}

/* The file at PATH is an ELF file with debug information. */
static bool
is_debug_file (const char *path)
{
  int fd;
  Elf *e = open_elf (path, &fd);
  if (!e)
    return false;
  bool ok = has_debug_info (e);
  elf_end (e);
  close (fd);
  return ok;
}

static uint32_t
crc32_update (uint32_t crc, const unsigned char *p, size_t n)
{
  crc = ~crc;
  for (size_t i = 0; i < n; i++)
    {
      crc ^= p[i];
      for (int k = 0; k < 8; k++)
        crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1)));
    }
  return ~crc;
}

static bool
file_crc_is (const char *path, uint32_t want)
{
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  unsigned char buf[65536];
  uint32_t crc = 0;
  ssize_t n;
  while ((n = read (fd, buf, sizeof buf)) > 0)
    crc = crc32_update (crc, buf, (size_t) n);
  close (fd);
  return n == 0 && crc == want;
}

/* The debuglink's name and CRC; false if there is none (or it is bad). */
static bool
read_debuglink (Elf *e, char **name, uint32_t *crc)
{
  GElf_Shdr sh;
  Elf_Scn *s = section_named (e, ".gnu_debuglink", &sh);
  Elf_Data *d = s && sh.sh_type != SHT_NOBITS ? elf_getdata (s, NULL) : NULL;
  if (!d || !d->d_buf || d->d_size < 8)
    return false;
  const char *p = d->d_buf;
  size_t len = strnlen (p, d->d_size);
  size_t crc_at = (len + 4) & ~(size_t) 3;
  if (len == 0 || len >= d->d_size || crc_at + 4 > d->d_size || memchr (p, '/', len))
    return false;
  memcpy (crc, p + crc_at, 4);
  if (elf_getident (e, NULL)[EI_DATA] == ELFDATA2MSB)
    *crc = __builtin_bswap32 (*crc);
  *name = xstrndup (p, len);
  return true;
}

/* The build-id in hex (malloc'd), or NULL. */
static char *
read_build_id (Elf *e)
{
  for (Elf_Scn *s = elf_nextscn (e, NULL); s; s = elf_nextscn (e, s))
    {
      GElf_Shdr sh;
      if (!gelf_getshdr (s, &sh) || sh.sh_type != SHT_NOTE)
        continue;
      Elf_Data *d = elf_getdata (s, NULL);
      if (!d)
        continue;
      GElf_Nhdr nh;
      size_t off = 0, name_at, desc_at, next;
      while ((next = gelf_getnote (d, off, &nh, &name_at, &desc_at)) > 0)
        {
          if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4
              && memcmp ((char *) d->d_buf + name_at, "GNU", 4) == 0 && nh.n_descsz >= 2
              && nh.n_descsz <= BUILD_ID_MAX)
            {
              const unsigned char *id = (const unsigned char *) d->d_buf + desc_at;
              char *hex = xmalloc (2 * nh.n_descsz + 1);
              for (size_t i = 0; i < nh.n_descsz; i++)
                sprintf (hex + 2 * i, "%02x", id[i]);
              return hex;
            }
          off = next;
        }
    }
  return NULL;
}

static void
note_place (char **looked, const char *place)
{
  char *s = *looked ? xasprintf ("%s, %s", *looked, place) : xstrdup (place);
  free (*looked);
  *looked = s;
}

/* Try CANDIDATE (consumed): returns it when it is the debug file. */
static char *
try_candidate (char *candidate, bool check_crc, uint32_t crc, char **looked)
{
  note_place (looked, candidate);
  if (access (candidate, R_OK) == 0 && (!check_crc || file_crc_is (candidate, crc))
      && is_debug_file (candidate))
    return candidate;
  free (candidate);
  return NULL;
}

static char *
find_linked (const char *path, Elf *e, char **looked)
{
  char *name;
  uint32_t crc;
  if (!read_debuglink (e, &name, &crc))
    return NULL;
  const char *slash = strrchr (path, '/');
  char *dir = slash ? xstrndup (path, (size_t) (slash - path)) : xstrdup (".");
  /* An absolute directory for ROOT/DIR: relative paths are made absolute. */
  char *absdir = NULL;
  if (dir[0] == '/')
    absdir = xstrdup (dir);
  else
    {
      char *cwd = getcwd (NULL, 0);
      absdir = cwd ? xasprintf ("%s/%s", cwd, dir) : NULL;
      free (cwd);
    }
  char *found = try_candidate (xasprintf ("%s/%s", dir, name), true, crc, looked);
  if (!found)
    found = try_candidate (xasprintf ("%s/.debug/%s", dir, name), true, crc, looked);
  if (!found && absdir)
    found = try_candidate (xasprintf ("%s%s/%s", debug_root, absdir, name), true, crc, looked);
  FREE_ALL (absdir, dir, name);
  return found;
}

char *
debug_file_find (const char *path, char **error)
{
  *error = NULL;
  int fd;
  Elf *e = open_elf (path, &fd);
  if (!e)
    {
      *error = xasprintf ("%s: %s", path, fd < 0 && errno ? strerror (errno) : "not an ELF file");
      return NULL;
    }
  char *looked = NULL;
  note_place (&looked, "the file");
  char *found = has_debug_info (e) ? xstrdup (path) : NULL;
  if (!found)
    found = find_linked (path, e, &looked);
  if (!found)
    {
      char *id = read_build_id (e);
      if (id)
        found = try_candidate (xasprintf ("%s/.build-id/%.2s/%s.debug", debug_root, id, id + 2),
                               false, 0, &looked);
      else
        note_place (&looked, "no build-id");
      free (id);
    }
  elf_end (e);
  close (fd);
  if (!found)
    *error = xasprintf ("%s: no debug information (looked in %s)", path, looked);
  free (looked);
  return found;
}

/* ---- libdwarf's view of the file: only the sections we read ---- */

/* Types need the first four (and the string and address tables DWARF 5
 * indexes), call frames the next three, type units and split DWARF the
 * rest.  Hiding the others (ranges,
 * locations, lines, macros) keeps libdwarf from parsing sections we never
 * use: less work, and fewer places where corrupt input can hurt. */
static const char *const wanted_sections[] = {
  ".debug_info", ".debug_abbrev", ".debug_str", ".debug_line_str", ".debug_str_offsets",
  ".debug_addr", ".debug_frame", ".eh_frame", ".eh_frame_hdr",
  /* DWARF 4 type units; split DWARF's .dwo and .dwp sections */
  ".debug_types", ".debug_info.dwo", ".debug_abbrev.dwo", ".debug_str.dwo", ".debug_str_offsets.dwo",
  ".debug_types.dwo", ".debug_cu_index", ".debug_tu_index",
};

struct object_access {
  Dwarf_Obj_Access_Interface iface;
  Dwarf_Obj_Access_Methods methods;
  Elf *elf;
  size_t shstrndx, nsections;
  int pointer_size;
  bool msb;
};

static const char *
wanted_name (struct object_access *oa, Elf_Scn *scn, GElf_Shdr *sh)
{
  if (!gelf_getshdr (scn, sh) || sh->sh_type == SHT_NOBITS)
    return NULL;
  const char *n = elf_strptr (oa->elf, oa->shstrndx, sh->sh_name);
  for (size_t i = 0; n && i < sizeof wanted_sections / sizeof wanted_sections[0]; i++)
    if (strcmp (n, wanted_sections[i]) == 0)
      {
        if ((sh->sh_flags & SHF_COMPRESSED) && (elf_compress (scn, 0, 0) < 0 || !gelf_getshdr (scn, sh)))
          return NULL;
        return wanted_sections[i];
      }
  return NULL;
}

static int
oa_section_info (void *obj, Dwarf_Half index, Dwarf_Obj_Access_Section *ret, int *error)
{
  struct object_access *oa = obj;
  (void) error;
  memset (ret, 0, sizeof *ret);
  Elf_Scn *scn = elf_getscn (oa->elf, index);
  GElf_Shdr sh;
  const char *name = scn && index ? wanted_name (oa, scn, &sh) : NULL;
  ret->name = name ? name : ".hidden";
  if (name)
    {
      ret->addr = sh.sh_addr;
      ret->type = sh.sh_type;
      ret->size = sh.sh_size;
      ret->link = sh.sh_link;
      ret->info = sh.sh_info;
      ret->entrysize = sh.sh_entsize;
    }
  return DW_DLV_OK;
}

static int
oa_load_section (void *obj, Dwarf_Half index, Dwarf_Small **data, int *error)
{
  struct object_access *oa = obj;
  (void) error;
  Elf_Scn *scn = elf_getscn (oa->elf, index);
  GElf_Shdr sh;
  if (!scn || !index || !wanted_name (oa, scn, &sh))
    return DW_DLV_NO_ENTRY;
  Elf_Data *d = elf_getdata (scn, NULL);
  if (!d || !d->d_buf || d->d_size < sh.sh_size)
    return DW_DLV_NO_ENTRY;
  *data = d->d_buf;
  return DW_DLV_OK;
}

static Dwarf_Endianness
oa_byte_order (void *obj)
{
  return ((struct object_access *) obj)->msb ? DW_OBJECT_MSB : DW_OBJECT_LSB;
}

static Dwarf_Small
oa_length_size (void *obj)
{
  (void) obj;
  return 4;
}

static Dwarf_Small
oa_pointer_size (void *obj)
{
  return (Dwarf_Small) ((struct object_access *) obj)->pointer_size;
}

static Dwarf_Unsigned
oa_section_count (void *obj)
{
  return ((struct object_access *) obj)->nsections;
}

static int
open_dwarf (struct debug_file *df)
{
  struct object_access *oa = xcalloc (1, sizeof *oa);
  df->access = oa;
  oa->elf = df->elf;
  const unsigned char *ident = (const unsigned char *) elf_getident (df->elf, NULL);
  if (!ident || elf_getshdrstrndx (df->elf, &oa->shstrndx) != 0
      || elf_getshdrnum (df->elf, &oa->nsections) != 0 || oa->nsections > 0xffff)
    {
      df->dbg_error = xstrdup ("bad section headers");
      return -1;
    }
  oa->pointer_size = ident[EI_CLASS] == ELFCLASS32 ? 4 : 8;
  oa->msb = ident[EI_DATA] == ELFDATA2MSB;
  oa->methods = (Dwarf_Obj_Access_Methods) {
    oa_section_info, oa_byte_order, oa_length_size, oa_pointer_size, oa_section_count,
    oa_load_section, NULL };
  oa->iface.object = oa;
  oa->iface.methods = &oa->methods;
  Dwarf_Error err = NULL;
  int rc = dwarf_object_init_b (&oa->iface, NULL, NULL, DW_GROUPNUMBER_ANY, &df->dbg, &err);
  if (rc != DW_DLV_OK)
    {
      df->dbg_error = xstrdup (rc == DW_DLV_ERROR ? dwarf_errmsg (err) : "no DWARF sections");
      if (rc == DW_DLV_ERROR)
        dwarf_dealloc_error (NULL, err);
      df->dbg = NULL;
      return -1;
    }
  return 0;
}

/* Open FOUND (owned) as OUT's ELF and DWARF; errors name it after PREFIX
   ("PROGRAM: " when it was found for a program, "" when named exactly). */
static int
open_found (char *found, const char *prefix, struct debug_file *out, char **error)
{
  memset (out, 0, sizeof *out);
  out->fd = -1;
  out->path = found;
  out->elf = open_elf (found, &out->fd);
  if (!out->elf)
    *error = xasprintf ("%scannot read %s", prefix, found);
  else if (open_dwarf (out) != 0)
    *error = xasprintf ("%sbad debug information in %s: %s", prefix, found,
                        out->dbg_error ? out->dbg_error : "no DWARF sections");
  else
    return 0;
  debug_file_close (out);
  return -1;
}

int
debug_file_open (const char *path, struct debug_file *out, char **error)
{
  memset (out, 0, sizeof *out);
  out->fd = -1;
  char *found = debug_file_find (path, error);
  if (!found)
    return -1;
  char *prefix = xasprintf ("%s: ", path);
  int rc = open_found (found, prefix, out, error);
  free (prefix);
  return rc;
}

int
debug_file_open_exact (const char *path, struct debug_file *out, char **error)
{
  return open_found (xstrdup (path), "", out, error);
}

void
debug_file_close (struct debug_file *df)
{
  if (df->dbg)
    dwarf_object_finish (df->dbg, NULL);
  free (df->access);
  free (df->dbg_error);
  if (df->elf)
    elf_end (df->elf);
  if (df->fd >= 0)
    close (df->fd);
  free (df->path);
  memset (df, 0, sizeof *df);
  df->fd = -1;
}
