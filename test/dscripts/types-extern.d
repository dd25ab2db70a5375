/* extern declarations (DTrace's kernel symbols) are checked and stored
 * nowhere: arrays of any bound, functions, varargs, pointer chains. */
extern int a1[];
extern int a3[123][456];
extern int getint(void);
extern int *(*funcptr)(void);
extern int varargs2(int, ...);
extern int e0, *e1, **e2;
extern double e3;
BEGIN
{
	printf("ok\n");
	exit(0);
}
