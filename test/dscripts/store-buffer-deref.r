int 1 2 3 4|1 2 3 4
int 2 -1 15 14
char [ok]
short -300 0 long 0 1099511627776

