fault 1 at 0, action 2
fault 1 at 0, action 1
fault 1 at 0, action 3
0 1 1 [one]
fault 1 at 0, action 1
fault 1 at 0, action 1
fault 1 at 0, action 2
fault 1 at 0, action 1
[] [c]
string "c"

