/* normalize() divides the values as printed. */
BEGIN
{
	@bytes["r"] = sum(4096);
	@bytes["w"] = sum(10240);
	normalize(@bytes, 1024);
	exit(0);
}
