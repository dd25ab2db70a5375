/* printf string conversions: width, left adjustment, precision. */
BEGIN
{
	s = "sdtkit";
	printf("[%s] [%10s] [%-10s] [%.3s] [%-8.2s]\n", s, s, s, s, s);
	printf("[%s]\n", "");
	exit(0);
}
