/* strstr, strchr and strrchr return NULL when they find nothing: it
 * equals NULL; given to a string subroutine (directly or from a variable)
 * it faults at address 0, as DTrace. */
BEGIN {
  printf("%d %d %d %d\n", strstr("abc", "zz") == NULL, strchr("abc", 'z') == NULL,
         strrchr("abc", 'z') == NULL, strstr("abc", "b") == NULL);
  printf("%d %d %d\n", strlen(strstr("abc", "b")), strlen(strchr("abc", 'c')), strlen(strrchr("abcb", 'b')));
  n = 0;
}
tick-1ms /n == 0/ { n = 1; printf("never %d\n", strlen(strstr("abc", "zz"))); }
tick-1ms /n == 1/ { n = 2; this->s = strchr("abc", 'z'); printf("never %s\n", toupper(this->s)); }
tick-1ms /n == 2/ { n = 3; self->s = strrchr("abc", 'z'); printf("never %s\n", substr(self->s, 1)); }
tick-1ms /n == 3/ { exit(0); }
ERROR { printf("fault %d at %d, action %d\n", arg4, arg5, arg2); }
