/* a USDT probe with arguments read through the sites map, probe names */
memcached*:::process-command
{
	printf("%s:%s:%s:%s %d %d %d\n", probeprov, probemod, probefunc, probename, arg0, arg1, arg5);
}
