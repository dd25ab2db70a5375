/* @prog: quantize-sums (-x oformat=openmetrics, -x metrics): each
 * quantize-family value has a u64 after its buckets, the sum of
 * v * increment (OpenMetrics' _sum), added before the bucket's count */
memcached*:::command-get
{
	@q[copyinstr(arg1)] = quantize(arg3);
	@l = lquantize(arg3, 0, 100, 10);
	@w = llquantize(arg3, 10, 0, 3, 10, arg2);
}
