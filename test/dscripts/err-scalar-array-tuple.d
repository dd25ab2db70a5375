/* @status: 1 */
/* a declared scalar array is indexed by one integer: a tuple of keys
   belongs to associative arrays only */
int slots[4];

BEGIN
{
	slots[0, 1] = 7;
}
