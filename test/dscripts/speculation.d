/* @options: -q -x nspec=2 */
/* Two speculations (-x nspec=2): the committed one's output appears at the commit, the discarded one's never. */
BEGIN
{
	kept = speculation();
	lost = speculation();
}

BEGIN
{
	speculate(kept);
	printf("kept line\n");
}

BEGIN
{
	speculate(lost);
	printf("lost line\n");
}

BEGIN
{
	printf("plain line\n");
}

BEGIN
{
	commit(kept);
	discard(lost);
}

BEGIN
{
	exit(0);
}
