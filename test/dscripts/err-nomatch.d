/* @status: 1 */
/* A description that matches no probe is an error. */
nosuchprovider:::nosuchprobe
{
	exit(0);
}
