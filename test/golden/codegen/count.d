/* count() without keys: the per-CPU array and its set flag */
memcached*:::command-get
{
	@ = count();
}
