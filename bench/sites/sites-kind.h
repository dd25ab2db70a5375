/* SPDX-License-Identifier: MIT */
/* sites-kind.h — the site macros of each kind (bench/sites/run sets -DK_...). */
#define CAT2(a, b) a##b
#define CAT(a, b) CAT2 (a, b)
#if defined K_STAP
# define _SDT_HAS_SEMAPHORES 1
# include <sys/sdt.h>
__extension__ unsigned short bstap_hit_semaphore __attribute__ ((unused, section (".probes"))) = 0;
# define KIND stap
# define SITE(i) STAP_PROBE1 (bstap, hit, i)
# define GUARD() __builtin_expect (bstap_hit_semaphore, 0)
#elif defined K_NONE
# define KIND none
# define SITE(i) __asm__ __volatile__ ("" :: "r" (i))
# define GUARD() 1
#elif defined K_CALL
# include "call.h"
# define KIND call
# define SITE(i) BCALL_HIT (i)
# define GUARD() BCALL_HIT_ENABLED ()
#elif defined K_NOP1
# define SDTKIT_NOP1_SITES 1
# include "nop1.h"
# define KIND nop1
# define SITE(i) BNOP_HIT (i)
# define GUARD() BNOP_HIT_ENABLED ()
#else
# include "sites.h"
# define KIND fast
# define SITE(i) BFAST_HIT (i)
# define GUARD() BFAST_HIT_ENABLED ()
#endif
void CAT (loop_, KIND) (long n);
void CAT (loop_guarded_, KIND) (long n);
