char 0 0 98 122
short 0 30 -1 0
int 0 2 -1 4
values 4 6 -6 6
int 0 2 -6 6
long 0 2 1099511627776

