/* quantize, lquantize and llquantize of an argument */
memcached*:::command-set
{
	@q = quantize(arg1);
	@l = lquantize(arg1, 0, 100, 10);
	@ll = llquantize(arg1, 10, 0, 6, 20);
}
