/* a pid provider probe: the kernel filters uprobe_multi links by pid? not
 * in this target, so the -p/-c pids map is checked; ustack() */
pid123:a.out:main:entry
{
	@stacks[ustack(5)] = count();
}
