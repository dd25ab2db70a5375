/*
 * mctop-probes.d — bench figure 7's ceiling: the probes mctop.d enables,
 * with clauses that do next to nothing (one counter, so the run can show
 * the probes fired).  Whatever this costs memcached is the price of the
 * uprobe hits themselves, which no D program on these probes can beat.
 */
#pragma D option quiet

memcached*:::command-get { hits++; }

memcached*:::conn-allocate, memcached*:::conn-release,
memcached*:::command-set, memcached*:::command-add,
memcached*:::command-replace, memcached*:::command-append, memcached*:::command-prepend,
memcached*:::command-cas, memcached*:::command-touch, memcached*:::command-incr,
memcached*:::command-decr, memcached*:::command-delete,
memcached*:::process-command-start, memcached*:::process-command-end
{
}

tick-1s
{
	printf("hits %d\n", hits);
}
