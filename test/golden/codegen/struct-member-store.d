/* members of a struct in self-> and an associative array assigned in
 * place: the element is looked up, or created from zeroes (charged to
 * dynvarsize; dropped and the store skipped when there is no room) */
struct in { int c; long d; };
struct pt { int x; struct in b; };

pid$target::use:entry
{
	pts[arg0] = *(struct pt *)arg0;
	pts[arg0].b.c = 7;
	self->p = pts[arg0];
	self->p.x++;
}
