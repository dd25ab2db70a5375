/* setopt() changes an output option while tracing: the same aggregation
   printed by value, then by key in reverse after setopt("aggsortkey") and
   setopt("aggsortrev", "1"); an unknown option only warns. */
BEGIN
{
	@n["b"] = sum(1);
	@n["a"] = sum(3);
	@n["c"] = sum(2);
	printa(@n);
	setopt("aggsortkey");
	setopt("aggsortrev", "1");
	printa(@n);
	setopt("nosuchoption", "x");
	exit(0);
}
