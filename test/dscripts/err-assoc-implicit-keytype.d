/* @status: 1 */
/* an array created by assignment has a prototype too */
BEGIN
{
	x[123, "foo"] = timestamp;
}

END
{
	x[123, 456] = timestamp;
}
