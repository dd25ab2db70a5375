/* sum, avg, min, max and stddev over the same values. */
BEGIN
{
	@s = sum(10); @s = sum(20); @s = sum(-5);
	@a = avg(10); @a = avg(20); @a = avg(-5);
	@mn = min(10); @mn = min(20); @mn = min(-5);
	@mx = max(10); @mx = max(20); @mx = max(-5);
	@sd = stddev(2); @sd = stddev(4); @sd = stddev(4); @sd = stddev(4);
	@sd = stddev(5); @sd = stddev(5); @sd = stddev(7); @sd = stddev(9);
	exit(0);
}
