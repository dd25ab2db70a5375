/* @options: -q -x rawbytes */
/* -x rawbytes: trace() of a string prints the hex dump, not the text */
BEGIN
{
	trace("ok!");
	exit(0);
}
