/* @status: 1 */
/* storing through a negative constant index of a declared scalar array is
   refused like an index past its end */
int slots[6];

BEGIN
{
	slots[-1] = 1;
	exit(0);
}
