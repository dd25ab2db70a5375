/* @target: no-may-goto
 * strings-loop.d for a kernel before 6.9: toupper()'s loop keeps its
 * index in a register (r2), no may_goto, no scratch cell */
memcached*:::command-get
{
	printf("%s\n", toupper(copyinstr(arg0)));
}
