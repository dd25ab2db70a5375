/* associative arrays: a store with a string key, a read, a delete */
syscall::open:entry
{
	names[pid, "open"] = arg1;
	trace(names[pid, "open"]);
	names[pid, "open"] = 0;
}
