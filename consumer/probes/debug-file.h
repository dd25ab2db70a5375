/* SPDX-License-Identifier: MIT */
/*
 * debug-file.h — where a file's debug information is: the file itself, the
 * file named by its .gnu_debuglink section, or the file named by its
 * build-id.  Shared by the type reader (dwarf-types.c) and the CFI unwinder.
 *
 * Places looked at, in order (as the GNU tools do):
 *   1. PATH itself, when it has a .debug_info section with contents;
 *   2. .gnu_debuglink NAME (its CRC-32 checked): DIR/NAME, DIR/.debug/NAME,
 *      ROOT/DIR/NAME, where DIR is PATH's directory;
 *   3. the build-id note ID: ROOT/.build-id/ID[0..1]/ID[2..].debug.
 * ROOT is /usr/lib/debug (debug_file_set_root changes it, for tests).
 *
 * A debug file found is opened twice over the same descriptor: as an Elf
 * (libelf, for sections such as .debug_frame or symbols) and as a
 * Dwarf_Debug (libdwarf, through dwarf_object_init_b over that Elf: it
 * sees only .debug_info, .debug_abbrev, the string and address tables,
 * .debug_frame and .eh_frame, .debug_types, and split DWARF's .dwo
 * sections and .dwp indexes; compressed sections are inflated by libelf).  Without debug information anywhere the error
 * names PATH and every place looked at.
 */
#ifndef SDTKIT_CONSUMER_DEBUG_FILE_H
#define SDTKIT_CONSUMER_DEBUG_FILE_H

#include <gelf.h>
#include <dwarf.h>
#include <libdwarf.h>

struct debug_file {
  char *path;          /* the file the debug information was read from */
  int fd;
  Elf *elf;
  Dwarf_Debug dbg;      /* sees the .debug_info family and the call frame
                           sections only (debug-file.c) */
  void *access;         /* libdwarf's access to the Elf (private) */
  char *dbg_error;      /* private */
};

/* Find and open the debug information of PATH.  Returns 0, or -1 with
 * *ERROR set (malloc'd): "PATH: no debug information (looked in ...)" or
 * why a file could not be read. */
int debug_file_open (const char *path, struct debug_file *out, char **error);
void debug_file_close (struct debug_file *df);

/* Open PATH itself as debug information (a split-DWARF .dwo or .dwp):
 * 0, or -1 with *ERROR set. */
int debug_file_open_exact (const char *path, struct debug_file *out, char **error);

/* Only the lookup: a malloc'd path of PATH's debug file, or NULL with
 * *ERROR set. */
char *debug_file_find (const char *path, char **error);

/* The root of the installed debug files (default /usr/lib/debug); NULL
 * restores the default.  The string is not copied. */
void debug_file_set_root (const char *root);

#endif
