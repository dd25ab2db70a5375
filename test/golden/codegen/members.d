/* typed memory: a chain through user pointers (one read each), a
 * bit-field, a bounds-checked variable index, a copied-in struct */
struct in { short id; unsigned int mode : 5; int lens[4]; };
struct conn { int fd; struct in *in; struct in arr[2]; };
pid$target::visit:entry
{
	trace(((struct conn *)arg0)->in->lens[arg1]);
	trace(((struct conn *)arg0)->arr[1].mode);
	trace(((struct conn *)copyin(arg0, sizeof (struct conn)))->fd);
}
