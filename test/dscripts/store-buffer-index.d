/* Stores into alloca() memory through a typed pointer, p[k] = v, reach
 * element k whatever form the index takes: a constant, a constant
 * expression, a variable, an expression; for char, short, int and long
 * elements, in a clause-local and a global pointer.  (A constant index
 * once stored into element 0.) */
BEGIN
{
	this->c = (char *) alloca(8);
	this->c[0] = 'G';
	this->c[1] = 'E';
	this->c[2] = 'T';
	this->c[6] = 'X';
	printf("char [%s] %d %d %d %d\n", stringof(this->c), this->c[0], this->c[2], this->c[3], this->c[6]);
	this->c[1] = '\0';
	printf("char [%s]\n", stringof(this->c));

	this->s = (short *) alloca(8);
	this->s[1] = -2;
	this->s[3] = 300;
	printf("short %d %d %d %d\n", this->s[0], this->s[1], this->s[2], this->s[3]);

	this->p = (int *) alloca(16);
	this->p[0] = 1;
	this->p[1] = 2;
	this->p[2] = 3;
	printf("int %d %d %d %d\n", this->p[0], this->p[1], this->p[2], this->p[3]);
	this->p[1 + 2] = 4;
	this->p[(1 << 1) - 2] = 10;
	printf("int %d %d %d %d\n", this->p[0], this->p[1], this->p[2], this->p[3]);
	this->i = 1;
	this->p[this->i] = 20;
	this->p[this->i + 1] = 30;
	this->p[this->i * 3] = 40;
	printf("int %d %d %d %d\n", this->p[0], this->p[1], this->p[2], this->p[3]);

	this->l = (long *) alloca(32);
	this->l[3] = -5000000000;
	this->l[1] = 7;
	printf("long %d %d %d %d\n", this->l[0], this->l[1], this->l[2], this->l[3]);

	g = (int *) alloca(16);
	g[2] = 3;
	g[1] = 2;
	printf("global %d %d %d %d\n", g[0], g[1], g[2], g[3]);
	exit(0);
}
