/* assignments and ++/-- as expressions: chained, in a key, in a condition */
BEGIN
{
	x = y = 0;
	a[i++] = 1;
	if (++n > 3)
		trace(n);
}
