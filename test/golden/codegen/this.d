/* this-> variables (scratch, one firing) and globals */
memcached*:::command-get
{
	this->n = arg2 * 2;
	total += this->n;
	printf("%d %d\n", this->n, total);
}
