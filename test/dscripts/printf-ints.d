/* printf integer conversions: widths, flags, precision, lengths. */
BEGIN
{
	printf("[%d] [%i] [%u] [%x] [%X] [%o]\n", -42, 42, 42, 255, 255, 8);
	printf("[%5d] [%-5d] [%05d] [%+d] [% d]\n", 42, 42, 42, 42, 42);
	printf("[%#x] [%#o] [%.3d] [%8.3d]\n", 255, 8, 7, 7);
	printf("[%c%c%c] [%%]\n", 'a', 'b', 'c');
	printf("[%ld] [%lld] [%lu]\n", -1L, 1LL << 40, 4294967296);
	exit(0);
}
