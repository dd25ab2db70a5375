/* Assignments and ++/-- are expressions: chained, in keys, in conditions, in predicates. */
BEGIN
{
	x = y = 7;
	printf("%d %d\n", x, y);
	i = 0;
	a[i++] = 10;
	a[i++] = 11;
	printf("%d %d %d\n", i, a[0], a[1]);
	n = 0;
	if (++n > 0)
		printf("pre %d\n", n);
	printf("post %d then %d\n", n--, n);
	printf("sum %d\n", (z = 3) + (w = 4));
	s = t = "str";
	printf("%s %s\n", s, t);
	this->k = 5;
	printf("this %d %d\n", this->k += 2, this->k);
	self->q = 1;
	printf("self %d\n", self->q++ + self->q);
	k = 0;
}

BEGIN
/k++ == 0/
{
	printf("predicate saw %d\n", k);
	exit(0);
}
