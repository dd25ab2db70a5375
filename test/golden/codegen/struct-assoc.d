/* struct values in an associative array and self->: copied from the
 * process straight into the element, read by member, deleted by = 0 */
struct pt { int x; int y; };

pid$target::use:entry
{
	pts[arg0] = *(struct pt *)arg0;
	self->last = pts[arg0];
	printf("%d\n", self->last.y);
	pts[arg0] = 0;
}
