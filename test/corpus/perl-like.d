/*
 * Corpus file written for sdtkit (same shape as perldtrace.d):
 * unnamed arguments, no pragmas.
 */

provider perlish {
    probe sub__entry(const char *, const char *, int, const char *);
    probe sub__return(const char *, const char *, int, const char *);

    probe phase__change(const char *, const char *);

    probe op__entry(const char *);

    probe loading__file(const char *);
    probe loaded__file(const char *);
};
