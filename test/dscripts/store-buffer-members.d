/* Stores into members and member arrays of a struct in alloca() memory:
 * p->m = v, p->arr[k] = v at constant and variable indexes, ++ and
 * compound assignment there, and p[k].m of the k-th struct. */
struct hdr {
	int a[4];
	short s;
	long l;
	char name[8];
};

BEGIN
{
	this->h = (struct hdr *) alloca(2 * sizeof (struct hdr));
	this->h->a[2] = 5;
	this->h->a[0] = 1;
	this->h->s = -7;
	this->h->l = 9;
	this->h->name[1] = 'x';
	this->h->a[3] += 2;
	this->h->a[1]++;
	this->k = 3;
	this->h->a[this->k] *= 10;
	printf("%d %d %d %d %d %d %d %d\n", this->h->a[0], this->h->a[1], this->h->a[2], this->h->a[3],
	    this->h->s, this->h->l, this->h->name[0], this->h->name[1]);
	this->h[1].a[2] = 6;
	this->h[1].l = 11;
	printf("%d %d %d %d\n", this->h[0].a[2], this->h[1].a[2], this->h[0].l, this->h[1].l);
	exit(0);
}
