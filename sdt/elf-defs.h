/* SPDX-License-Identifier: MIT */
/*
 * elf-defs.h — ELF constants newer than some systems' <elf.h>, defined
 * once for sdt/ and dtrace-g/ (each only when <elf.h> lacks it).
 */
#ifndef SDTKIT_SDT_ELF_DEFS_H
#define SDTKIT_SDT_ELF_DEFS_H

#include <elf.h>

#ifndef NT_STAPSDT
#define NT_STAPSDT 3
#endif
#ifndef NT_GNU_PROPERTY_TYPE_0
#define NT_GNU_PROPERTY_TYPE_0 5
#endif
#ifndef GNU_PROPERTY_X86_FEATURE_1_AND
#define GNU_PROPERTY_X86_FEATURE_1_AND 0xc0000002U
#endif
#ifndef GNU_PROPERTY_X86_FEATURE_1_IBT
#define GNU_PROPERTY_X86_FEATURE_1_IBT (1U << 0)
#endif
#ifndef GNU_PROPERTY_X86_FEATURE_1_SHSTK
#define GNU_PROPERTY_X86_FEATURE_1_SHSTK (1U << 1)
#endif
#ifndef SHF_GNU_RETAIN
#define SHF_GNU_RETAIN (1U << 21)
#endif
#ifndef ELFOSABI_GNU
#define ELFOSABI_GNU 3
#endif
#ifndef R_X86_64_GOTPCRELX
#define R_X86_64_GOTPCRELX 41
#endif
#ifndef R_X86_64_REX_GOTPCRELX
#define R_X86_64_REX_GOTPCRELX 42
#endif

#endif
