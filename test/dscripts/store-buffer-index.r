char [GET] 71 84 0 88
char [G]
short 0 -2 0 300
int 1 2 3 0
int 10 2 3 4
int 10 20 30 40
long 0 7 0 -5000000000
global 0 2 3 0

