/* @options: -q -x aggsortkey */
/* -x aggsortkey: aggregations print in key order rather than value order. */
BEGIN
{
	@x["pear"] = sum(1);
	@x["apple"] = sum(30);
	@x["fig"] = sum(2);
	exit(0);
}
