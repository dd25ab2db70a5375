#!/usr/bin/env -S dtrace -qs
/* SPDX-License-Identifier: MIT */
/*
 * pgtxrate.d — PostgreSQL transactions per second: started, committed,
 * aborted.
 *
 * PostgreSQL's transaction-start, transaction-commit and transaction-abort
 * probes, in every process of the server
 * executable, running now or started later.  Each
 * second one line of totals; at the end the totals by backend (pid), so a
 * client can find its own session's count (SELECT pg_backend_pid()).
 *
 * Usage: pgtxrate.d POSTGRES             (Ctrl-C to stop)
 *        pgtxrate.d -c 'CMD' POSTGRES     (until CMD exits)
 *
 * POSTGRES is the server's executable, /usr/lib/postgresql/15/bin/postgres
 * on Debian 12: its probes are attached by file, so the backends the
 * server forks after tracing began are traced too.
 */
#pragma D option quiet

BEGIN
{
	printf("%-20s %8s %8s %8s\n", "TIME", "START/s", "COMMIT/s", "ABORT/s");
	starts = 0;
	commits = 0;
	aborts = 0;
}

postgresql*:$1::transaction-start
{
	starts++;
	@start[pid] = count();
}

postgresql*:$1::transaction-commit
{
	commits++;
	@commit[pid] = count();
}

postgresql*:$1::transaction-abort
{
	aborts++;
	@abort[pid] = count();
}

tick-1s
{
	printf("%-20Y %8d %8d %8d\n", walltimestamp, starts, commits, aborts);
	starts = 0;
	commits = 0;
	aborts = 0;
}

END
{
	printf("%-20Y %8d %8d %8d  (last part second)\n", walltimestamp, starts, commits, aborts);
	printf("\n%8s %8s %8s %8s\n", "PID", "START", "COMMIT", "ABORT");
	printa("%8d %@8d %@8d %@8d\n", @start, @commit, @abort);
}
