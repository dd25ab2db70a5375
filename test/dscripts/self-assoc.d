/* self->x[k]: thread-local associative arrays — integer, string and
 * multiple keys, string values, ++ and +=, 0 deletes, and a scalar
 * self-> of another name beside them. */
BEGIN
{
	self->n[1] = 5;
	self->n[2] = 6;
	self->n[1]++;
	self->n[2] += 10;
	self->k["a", 7] = 70;
	self->s["greeting"] = "hello";
	self->depth = 1;
	/* self->s["none"] is absent: DTrace's NULL string, which printf("%s")
	 * may not print (it faults, as in DTrace: null-string-record.d) */
	printf("%d %d %d %d %s %d %d\n", self->n[1], self->n[2], self->n[3],
	    self->k["a", 7], self->s["greeting"], self->s["none"] == NULL, self->depth);
	self->n[1] = 0;
}

BEGIN
/self->n[1] == 0 && self->n[2] == 16/
{
	printf("deleted, kept\n");
	exit(0);
}
