/* @options: -q -x dynvarsize=40 */
/* dynvarsize / (the largest value + the largest key) dynamic variable
 * elements fit at once: here an int value (4 bytes) and an int key (8),
 * so 3 of 40 bytes' worth.  Storing 0 frees an element; reading an absent
 * one takes no room. */
BEGIN
{
	a[1] = 1;
	a[2] = 2;
	a[3] = 3;
	a[4] = 4;		/* dropped */
	a[1] = 0;		/* frees one */
	a[5] = 5;
	x = a[6] + a[7];	/* reads: nothing stored */
	self->t = 6;		/* dropped: a[2], a[3], a[5] fill the space */
	printf("%d %d %d %d %d %d %d\n", a[1], a[2], a[3], a[4], a[5], x, self->t);
	exit(0);
}
