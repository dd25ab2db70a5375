/* Corpus file written for sdtkit: every C type spelling of R13 in one
 * provider.  None of these names are known to the parser. */
provider typezoo {
	probe longs(long long int a, unsigned long long b, long long, long double d);
	probe consts(char const *a, const char *b, const struct s *c, int *const d);
	probe quals(volatile int a, signed char b, unsigned c, short int d);
	probe enums(enum color c, union u *p);
	probe named_typedefs(jl_task_t *task, pid_t pid, ssize_t n, uintmax_t m);
	probe unnamed_typedefs(uint8_t, uint16_t, uint32_t, uint64_t);
	probe pointers(uintptr_t*, void**, double*, struct st_x *);
	probe strings(string s, bool b);
	probe arrays(int x[4], char *names[2]);
	probe funcptr(void (*cb)(int, char *), int (*)(void));
	probe star_spacing(char *a, char* b, char * c, char*d);
	probe empty();
	probe voidargs(void);
};
