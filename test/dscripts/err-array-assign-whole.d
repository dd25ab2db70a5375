/* @status: 1 */
/* a declared array is not assigned as a whole */
int a1[3];
int a2[3];

BEGIN
{
	a2 = a1;
}
