/* A predicate that assigns is checked before its clause's body, so the
 * body sees the type it gives (a string from strtok here). */
BEGIN
/(this->field = strtok("a,b", ",")) != NULL/
{
	printf("%s\n", this->field != NULL ? this->field : "<null>");
	exit(0);
}
