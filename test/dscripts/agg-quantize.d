/* quantize: power-of-two buckets, with zero and negative values. */
BEGIN
{
	@q = quantize(0);
	@q = quantize(1);
	@q = quantize(2);
	@q = quantize(3);
	@q = quantize(100);
	@q = quantize(100);
	@q = quantize(-1);
	exit(0);
}
