/* @options: -q -x aggsortrev */
/* Two aggregations printed at exit under aggsortrev: the one declared last
   comes first, and each lists its entries largest first.  Integer keys of
   type int print 8 wide (Oracle's Linux DTrace). */
BEGIN
{
	@first[10] = sum(1);
	@first[20] = sum(2);
	@second[(char)3] = sum(30);
	@second[(char)4] = sum(40);
	exit(0);
}
