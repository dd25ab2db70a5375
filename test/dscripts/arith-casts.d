/* Integer arithmetic, shifts and casts that truncate and extend. */
BEGIN
{
	printf("%d %d %d %d\n", 7 / 2, -7 / 2, 7 % 3, -7 % 3);
	printf("%d %d %d\n", 1 << 10, -16 >> 2, 0xff & 0x0f);
	printf("%d %d %d\n", (char) 300, (uint8_t) -1, (int16_t) 65535);
	printf("%d %d\n", 3 > 2, !5);
	exit(0);
}
