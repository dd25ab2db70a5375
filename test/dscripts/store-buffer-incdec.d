/* ++, -- and compound assignment on elements of alloca() memory at a
 * constant index read element k and write it back there: for char,
 * short, int and long elements, the expression's value too. */
BEGIN
{
	this->c = (char *) alloca(4);
	this->c[2] = 'a';
	this->c[2]++;
	this->c[3] += 'z';
	printf("char %d %d %d %d\n", this->c[0], this->c[1], this->c[2], this->c[3]);

	this->s = (short *) alloca(8);
	this->s[1] = 10;
	this->s[1] *= 3;
	--this->s[2];
	printf("short %d %d %d %d\n", this->s[0], this->s[1], this->s[2], this->s[3]);

	this->p = (int *) alloca(16);
	this->p[3] += 2;
	this->p[3] += 2;
	this->p[1]++;
	++this->p[1];
	this->p[2]--;
	printf("int %d %d %d %d\n", this->p[0], this->p[1], this->p[2], this->p[3]);
	printf("values %d %d %d %d\n", this->p[3]++, ++this->p[3], this->p[2] -= 5, this->p[3]);
	printf("int %d %d %d %d\n", this->p[0], this->p[1], this->p[2], this->p[3]);

	this->l = (long *) alloca(24);
	this->l[2] = 1;
	this->l[2] <<= 40;
	this->l[1] |= 6;
	this->l[1] &= 3;
	printf("long %d %d %d\n", this->l[0], this->l[1], this->l[2]);
	exit(0);
}
