enum 0 5 6 3
sizes 8 48 2 8 16 8
offsets 4 16 26 32 40
builtin 1 2 4 8 8
spellings 8 2 8 1
casts 1 -1 7 1
inline 20 types 255
typedef list 8 6
flexible 8 8 8
var 11

