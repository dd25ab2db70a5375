/* Corpus file written for sdtkit (same shape as CPython's pydtrace.d). */
provider interp {
    probe function__entry(const char *, const char *, int);
    probe function__return(const char *, const char *, int);
    probe instruction__entry(const char *, const char *, int);
    probe instruction__return(const char *, const char *, int);
    probe line(const char *, const char *, int);
    probe gc__start(int);
    probe gc__done(long);
    probe import__find__load__start(const char *);
    probe import__find__load__done(const char *, int);
    probe audit(const char *, void *);
};

#pragma D attributes Evolving/Evolving/Common provider interp provider
#pragma D attributes Evolving/Evolving/Common provider interp module
#pragma D attributes Evolving/Evolving/Common provider interp function
#pragma D attributes Evolving/Evolving/Common provider interp name
#pragma D attributes Evolving/Evolving/Common provider interp args
