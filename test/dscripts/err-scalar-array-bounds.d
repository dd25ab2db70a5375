/* @status: 1 */
/* a constant index of a declared scalar array must lie within its bound:
   reading element 6 of a six-element array is refused at compile time */
int slots[6];

BEGIN
{
	slots[5] = 1;
	trace(slots[6]);
	exit(0);
}
