/* *(p + k) on a pointer into alloca() memory is p[k], as in C: read and
 * stored at element k, for k a constant, a variable or an expression,
 * written k + p, p + k - j or p - 0 too; ++ and compound assignment
 * there; char, short, int and long elements. */
BEGIN
{
	this->p = (int *) alloca(16);
	*(this->p + 2) = 3;
	*(1 + this->p) = 2;
	*(this->p - 0) = 1;
	*(this->p + 3) = 4;
	printf("int %d %d %d %d|%d %d %d %d\n", this->p[0], this->p[1], this->p[2], this->p[3],
	    *this->p, *(this->p + 1), *(2 + this->p), *(this->p + 3));
	this->k = 3;
	*(this->p + this->k) += 10;
	*(this->p + this->k - 1) *= 5;
	*(this->p + (this->k - 2)) = -1;
	(*(this->p + 1 - 1))++;
	printf("int %d %d %d %d\n", this->p[0], this->p[1], this->p[2], this->p[3]);

	this->c = (char *) alloca(8);
	*(this->c + 0) = 'o';
	*(this->c + 1) = 'k';
	printf("char [%s]\n", stringof(this->c));
	this->s = (short *) alloca(8);
	*(this->s + 3) = -300;
	this->l = (long *) alloca(16);
	*(this->l + 1) = 1099511627776;
	printf("short %d %d long %d %d\n", *(this->s + 3), this->s[0], this->l[0], *(this->l + 1));
	exit(0);
}
