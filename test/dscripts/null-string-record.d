/* DTrace's NULL string recorded by trace(), printf("%s") or print() faults at
 * address 0, as in Oracle's DTrace: a subroutine's NULL (strstr, strchr,
 * strtok out of tokens), an absent string element, a thread-local string
 * never set, and one deleted by storing 0.  A fault drops the rest of its
 * clause's output; a real empty string still prints. */
self string t;
string a[int];

BEGIN { printf("a"); trace(strstr("abc", "zz")); }
BEGIN { printf("[%s]", strchr("hello", 0x7a)); }
BEGIN { x = strtok("ab", "b"); y = strtok(NULL, "b"); printf("[%s][%s]", x, y); }
BEGIN { a[1] = "one"; printf("%d %d %d [%s]\n", a[1] == NULL, a[2] == NULL, self->t == NULL, a[1]); }
BEGIN { trace(a[2]); }
BEGIN { trace(self->t); }
BEGIN { a[1] = 0; printf("[%s]", a[1]); }
BEGIN { print(strchr("abc", 0x7a)); }
BEGIN { printf("[%s] [%s]\n", "", strstr("abc", "c")); print(strstr("abc", "c")); exit(0); }
ERROR { printf("fault %d at %d, action %d\n", arg4, arg5, arg2); }
