/* A tick probe counts to five, then exits; END sees the final count. */
tick-10ms
{
	n++;
}

tick-10ms
/n == 5/
{
	exit(0);
}

END
{
	printf("ticks %d\n", n);
}
