/* SPDX-License-Identifier: MIT */
/* ctdwarf-enum2.c — an enum that defines GREEN as 7 (ctdwarf-enum.c's
 * enum color says 1): GREEN is ambiguous in a program built with both. */
enum mode { IDLE = 5, GREEN = 7 };
enum mode ctdwarf_mode = IDLE;
