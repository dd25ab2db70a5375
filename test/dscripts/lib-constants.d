/* @options: -q -c /bin/false */
/*
 * The D library's constants (checker-libconsts.c): signal numbers,
 * CLD_* child exit codes and errno values need no declaration, as in
 * DTrace's signal.d and errno.d; proc:::exit's args[0] compares with
 * CLD_EXITED.
 */
BEGIN
{
	printf("SIGHUP %d SIGINT %d SIGKILL %d SIGUSR1 %d SIGUSR2 %d SIGTERM %d\n",
	    SIGHUP, SIGINT, SIGKILL, SIGUSR1, SIGUSR2, SIGTERM);
	printf("SIGCHLD %d SIGSTOP %d SIGRTMIN %d SIGRTMAX %d\n",
	    SIGCHLD, SIGSTOP, SIGRTMIN, SIGRTMAX);
	printf("CLD_EXITED %d CLD_KILLED %d CLD_DUMPED %d CLD_CONTINUED %d\n",
	    CLD_EXITED, CLD_KILLED, CLD_DUMPED, CLD_CONTINUED);
	printf("EPERM %d ENOENT %d EINTR %d EAGAIN %d EWOULDBLOCK %d ENOSYS %d ETIMEDOUT %d\n",
	    EPERM, ENOENT, EINTR, EAGAIN, EWOULDBLOCK, ENOSYS, ETIMEDOUT);
	printf("-ENOENT %d, sizeof (ENOENT) %d\n", -ENOENT, sizeof (ENOENT));
}

proc:::exit
/pid == $target && !done/
{
	done = 1;
	printf("exit: %s\n", args[0] == CLD_EXITED ? "CLD_EXITED" :
	    args[0] == CLD_KILLED ? "CLD_KILLED" : "other");
}
