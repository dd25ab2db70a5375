/* lquantize: linear buckets with underflow and overflow rows. */
BEGIN
{
	@l = lquantize(-3, 0, 50, 10);
	@l = lquantize(5, 0, 50, 10);
	@l = lquantize(15, 0, 50, 10);
	@l = lquantize(15, 0, 50, 10);
	@l = lquantize(49, 0, 50, 10);
	@l = lquantize(70, 0, 50, 10);
	exit(0);
}
