/* ppid (task->real_parent->tgid) and vtimestamp (task->se.sum_exec_runtime)
 * read through the task_struct offsets of the test target */
BEGIN
{
	printf("%d %d\n", ppid, vtimestamp);
}
