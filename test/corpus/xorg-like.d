/*
 * Corpus file written for sdtkit (same shape as the X server's Xserver.d):
 * needs -C.  On one platform D's string is spelt as a C type here; on
 * Linux a system header is included, so preprocessing puts a whole C
 * header before the provider.
 */

#ifdef __APPLE__
#define string char *
#define pid_t uint32_t
#define zid_t uint32_t
#else
#include <sys/types.h>
#endif

typedef const uint8_t *const_uint8_p;
typedef const double *const_double_p;

provider dispsrv {
	probe request__start(string, uint8_t, uint16_t, int, void *);
	probe request__done(string, uint8_t, uint32_t, int, int);
	probe client__connect(int, int);
	probe client__auth(int, string, pid_t, zid_t);
	probe client__disconnect(int);
	probe resource__alloc(uint32_t, uint32_t, void *, string);
	probe resource__free(uint32_t, uint32_t, void *, string);
	probe send__event(int, uint8_t, void *);
	probe input__event(int, int, uint32_t, uint32_t, int, const_uint8_p, const_double_p);
};
