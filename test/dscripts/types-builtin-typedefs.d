/* Integer typedefs D scripts name without declaring them: ipaddr_t
 * (DTrace's type of an IPv4 address, what inet_ntoa() takes a pointer
 * to) and the C library's network and time types. */
BEGIN
{
	ip = (ipaddr_t *)alloca(sizeof (ipaddr_t));
	*ip = 0x0100007f;
	printf("ipaddr_t %d bytes, %x, unsigned: %d\n", sizeof (ipaddr_t), *ip, (ipaddr_t)-1 > 0);
	printf("in_addr_t %d in_port_t %d sa_family_t %d socklen_t %d\n", sizeof (in_addr_t),
	    sizeof (in_port_t), sizeof (sa_family_t), sizeof (socklen_t));
	printf("intmax_t %d uintmax_t %d clock_t %d useconds_t %d suseconds_t %d key_t %d\n",
	    sizeof (intmax_t), sizeof (uintmax_t), sizeof (clock_t), sizeof (useconds_t),
	    sizeof (suseconds_t), sizeof (key_t));
	printf("blkcnt_t %d blksize_t %d loff_t %d\n", sizeof (blkcnt_t), sizeof (blksize_t),
	    sizeof (loff_t));
	printf("(in_port_t)-1 = %d, (intmax_t)-1 = %d\n", (in_port_t)-1, (intmax_t)-1);
	exit(0);
}
