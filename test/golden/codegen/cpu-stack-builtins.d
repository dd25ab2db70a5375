/* caller and stackdepth (bpf_get_stack into their own scratch buffer: two
 * frames for caller, every frame for stackdepth), ucaller and ustackdepth
 * (the user stack), from a syscall probe's saved context; chip and lgrp
 * from the test target's topology (CPUs 0-3: packages 0 0 1 1, nodes
 * 0 1 1 0), pset 0 */
syscall::write:entry
{
	@[caller, stackdepth] = count();
}

syscall::write:entry
/ustackdepth > 1/
{
	trace(ucaller);
}

profile-997
{
	printf("%d %d %d\n", chip, lgrp, pset);
}
