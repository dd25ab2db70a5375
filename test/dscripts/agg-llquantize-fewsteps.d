/* llquantize() with fewer steps than its factor (steps dividing it): a
 * magnitude's buckets are aligned to multiples of factor^(m+1)/steps, the
 * first starting at factor^m; and the sixth argument, the increment. */
BEGIN
{
	@a = llquantize(320, 10, 0, 5, 5, 8);
	@b = llquantize(1, 10, 0, 3, 5);
	@b = llquantize(3, 10, 0, 3, 5);
	@b = llquantize(150, 10, 0, 3, 5);
	@b = llquantize(999, 10, 0, 3, 5, 3);
	@b = llquantize(1000, 10, 0, 3, 5);
	@c = llquantize(50, 4, 1, 3, 2);
	@c = llquantize(7, 4, 1, 3, 2);
	exit(0);
}
