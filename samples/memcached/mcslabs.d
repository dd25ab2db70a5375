#!/usr/bin/env -S dtrace -qs
/*
 * mcslabs.d — memcached slab allocations, frees and failures by slab
 * class, printed when it ends (Ctrl-C, or add: -n 'tick-5s { exit(0); }').
 */
#pragma D option quiet

/* memcached's signatures: slabs-allocate(size, slabclass, slabsize, ptr),
 * slabs-free(size, slabclass, ptr), slabs-allocate-failed(size, slabclass) */
memcached*:::slabs-allocate { @allocs[arg1] = count(); @bytes[arg1] = sum(arg0); }
memcached*:::slabs-free { @frees[arg1] = count(); }
memcached*:::slabs-allocate-failed { @failed[arg1] = count(); }
memcached*:::slabs-slabclass-allocate { @pages[arg0] = count(); }
memcached*:::slabs-slabclass-allocate-failed { @pagefail[arg0] = count(); }

END
{
	printf("%-6s %10s %14s %10s %10s %10s %10s\n", "CLASS", "ALLOCS", "BYTES", "FREES",
	    "FAILED", "NEW PAGES", "PAGE FAIL");
	printa("%-6d %@10d %@14d %@10d %@10d %@10d %@10d\n", @allocs, @bytes, @frees, @failed,
	    @pages, @pagefail);
}
