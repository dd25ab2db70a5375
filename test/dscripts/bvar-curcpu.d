/* curcpu is a cpuinfo_t pointer usable whole, as in Oracle's DTrace:
 * stored in a global and in this->, compared, read through `->` */
cpuinfo_t *ci;

BEGIN
{
	ci = curcpu;
	this->c = curcpu;
	printf("%d %d %d %d\n", ci == this->c, this->c->cpu_id == cpu, this->c->cpu_pset,
	    (int64_t) curcpu != -1);
	exit(0);
}
