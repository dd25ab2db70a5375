/* @status: 1 */
/* A typedef may name a struct that has no body; a variable of it may not. */
typedef struct nobody nobody_t;
nobody_t v;
BEGIN
{
	exit(0);
}
