/* ----------
 *	Probe definitions of an example database server
 *
 *	Corpus file written for sdtkit (same shape as PostgreSQL's probes.d).
 *	Needs -C: the #define lines below map server types to C types.
 * ----------
 */


/*
 * Types come from system headers (uint64_t, not uint64).  Note: avoid
 * "long long int", the regex fallback of another dtrace fails on it.
 */
#define TxnId unsigned int
#define LockKind int
#define LOCKLEVEL int
#define PageNumber unsigned int
#define RelOid unsigned int
#define ForkKind int
#define bool unsigned char

provider exampledb {

	probe txn__start(TxnId);
	probe txn__commit(TxnId);
	probe txn__abort(TxnId);

	probe lock__wait__start(const char *, LockKind);
	probe lock__wait__done(const char *, LockKind);
	probe lock__acquire(const char *, LockKind);
	probe lock__release(const char *);

	probe heavylock__wait__start(unsigned int, unsigned int, unsigned int, unsigned int, unsigned int, LOCKLEVEL);

	probe query__parse__start(const char *);
	probe query__parse__done(const char *);
	probe sort__start(int, bool, int, int, bool, int);
	probe sort__done(bool, long);

	probe page__read__start(ForkKind, PageNumber, RelOid, RelOid, RelOid, int);
	probe page__read__done(ForkKind, PageNumber, RelOid, RelOid, RelOid, int, bool);
	probe page__flush__start(ForkKind, PageNumber, RelOid, RelOid, RelOid);
	probe checkpoint__start(int);
	probe checkpoint__done(int, int, int, int, int);
	probe wal__insert(unsigned char, unsigned char);
	probe wal__switch();
	probe wal__write(ssize_t, size_t);
	probe deadlock__found();
};
