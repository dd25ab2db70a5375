/* the elements of a declared scalar array that nothing has stored to yet
   read as zero, also before the first assignment anywhere in the program;
   stored elements keep their value, and an unsigned char array's elements
   widen to int */
int counts[8];
unsigned char flags[3];

BEGIN
{
	printf("before: %d %d\n", counts[0], counts[7]);
	printf("flags: %d\n", flags[2]);
}

BEGIN
{
	counts[3] = 42;
	counts[5] = counts[3] + counts[4] + 1;
	printf("after: %d %d %d %d\n", counts[0], counts[3], counts[4], counts[5]);
	exit(0);
}
