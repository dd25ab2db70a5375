/* a translated struct assigned whole to a variable of its type: each
 * scalar member the translator defines is translated, the others are 0 */
struct in_s {
	int i;
	char c;
};
struct out_s {
	int twice;
	char c;
	long untranslated;
};
translator struct out_s < struct in_s v > {
	twice = v.i * 2;
	c = v.c;
};
struct out_s o;
this struct out_s t;
struct in_s f;
BEGIN
{
	f.i = 21;
	f.c = 'x';
	o.untranslated = 7;
	o = xlate <struct out_s> (f);
	this->t = xlate <struct out_s> (f);
	printf("%d %c %d %d\n", o.twice, o.c, o.untranslated, this->t.twice);
	exit(0);
}
